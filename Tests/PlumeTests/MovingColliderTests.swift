import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Issue 26 item 1, animatable colliders (Semantics §12 "Moving colliders"): a collider that moves,
/// by an animation or by the host, is met in its own frame on the motion grid, so it carries what
/// rests on it, pushes what it sweeps over and is met at the same ticks at any update rate when it
/// moves steadily; a move longer than the layer's teleport distance is a jump (the negative
/// control of each test: without the sweep, the floor leaves its particles behind).
struct MovingColliderTests {
    /// Drops at rest from y = 50 (x 40 … 160 across the line emitter), falling under 250 pt/s², onto
    /// `collider`.
    static func drops(_ collider: EmitterBehavior, lifetime: Float = 8) -> EmitterLayer {
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 100, y: 50)
        layer.emitterShape = .line
        layer.emitterSize = CGSize(width: 120, height: 0)
        let cell = EmitterCell(name: "drop")
        cell.birthRate = 20
        cell.lifetime = lifetime
        cell.velocity = 0
        cell.yAcceleration = 250
        layer.emitterCells = [cell]
        layer.emitterBehaviors = [collider]
        return layer
    }

    /// A floor (the normal up the y-down layer) whose `position.y` a linear animation moves from
    /// `from` to `to` over `duration` seconds from the layer's start, and holds there.
    static func movingFloor(from: Double, to: Double, duration: Double, response: EmitterBehavior.CollisionResponse,
                            restitution: CGFloat = 0.2) -> (EmitterBehavior, BasicAnimation) {
        let floor = EmitterBehavior(type: .collider, name: "floor")
        floor.position = CGPoint(x: 0, y: from)
        floor.orientationLongitude = -.pi / 2
        floor.collisionResponse = response
        floor.restitution = restitution
        return (floor, linear("emitterBehaviors.floor.position.y", from: from, to: to, duration: duration))
    }

    /// A linear animation of `keyPath` from `from` to `to` over `duration` seconds from the layer's
    /// start, held at its end.
    static func linear(_ keyPath: String, from: Double, to: Double, duration: Double) -> BasicAnimation {
        let move = BasicAnimation(keyPath: keyPath)
        move.fromValue = from
        move.toValue = to
        move.duration = duration
        move.timingFunction = .linear
        move.fillMode = .forwards
        move.isRemovedOnCompletion = false
        return move
    }

    /// The drops on `collider`, moved by `animations`, at `fps` updates/s for 5 s, swept or with
    /// every move a jump (teleport distance 0): the particle updates found deeper behind the
    /// collider than the tolerance (`depth(p, t)`: how far `p` is behind it at layer time `t`), the
    /// deepest one, and the last snapshot.
    static func behind(_ collider: EmitterBehavior, moved animations: [BasicAnimation], fps: Double, jumps: Bool,
                       depth: (SIMD3<Double>, Double) -> Double) throws -> (count: Int, worst: String, last: ParticleSnapshot) {
        let layer = drops(collider)
        if jumps { layer.emitterTeleportDistance = 0 }
        for (i, a) in animations.enumerated() { layer.add(a, forKey: "move \(i)") }
        let sim = ReferenceSimulator(layer: layer)
        var count = 0, worst = 0.0, example = ""
        for t in frames(fps: fps, until: 5) {
            try sim.advance(to: t)
            let tick = Ticks.time(Ticks.from(t))                  // where the particles are
            for p in try sim.snapshot().particles {
                let d = depth(p.position, tick)
                guard d > Collisions.tolerance else { continue }
                count += 1
                if d > worst { (worst, example) = (d, "\(d) at t = \(t): \(p)") }
            }
        }
        return (count, example, try sim.snapshot())
    }

    /// The drops (lifetime 3 s) on the kill collider `collider`, changed by `animations`, at `fps`
    /// updates/s for 3 s, swept or with every change a jump (teleport distance 0): the particle
    /// updates for which `alive(p, t)` holds (`p` at layer time `t`, the update's tick: alive
    /// where the collider should have killed it), and the deaths in time order.
    static func kills(_ collider: EmitterBehavior, changed animations: [BasicAnimation], fps: Double, jumps: Bool,
                      alive: (SIMD3<Double>, Double) -> Bool) throws -> (alive: Int, deaths: [ParticleEvent]) {
        let layer = drops(collider, lifetime: 3)
        if jumps { layer.emitterTeleportDistance = 0 }
        for (i, a) in animations.enumerated() { layer.add(a, forKey: "change \(i)") }
        let sim = ReferenceSimulator(layer: layer)
        sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .death, sampleLimit: 4096)]
        var count = 0
        var deaths: [ParticleEvent] = []
        for t in frames(fps: fps, until: 3) {
            try sim.advance(to: t)
            let tick = Ticks.time(Ticks.from(t))
            count += try sim.snapshot().particles.filter { alive($0.position, tick) }.count
            for r in sim.takeEventReports(wait: true) { deaths += r.sample }
        }
        // in time order (an update reports its deaths in the particles' order)
        return (count, deaths.sorted { ($0.time, $0.identity.serial) < ($1.time, $1.identity.serial) })
    }

    /// The kill test of a collider that changes steadily (`make`: the collider and its
    /// animations, made afresh for each run): at 30, 60, 144 and 240 updates/s no update finds a
    /// particle for which `alive` holds (``kills(_:changed:fps:jumps:alive:)``), it kills more than
    /// 5 drops, and the same ones at the same ticks and points at every rate; with every change a
    /// jump (teleport distance 0), drops live on where it passed.
    static func expectSameKillsAtAnyRate(_ what: String, _ make: () -> (EmitterBehavior, [BasicAnimation]),
                                         alive: (SIMD3<Double>, Double) -> Bool) throws {
        var reference: [ParticleEvent]?
        for fps in [30.0, 60, 144, 240] {
            for jumps in [false, true] {
                let (collider, animations) = make()
                let (survivors, deaths) = try kills(collider, changed: animations, fps: fps, jumps: jumps, alive: alive)
                if jumps {
                    #expect(survivors > 0, "\(what) at \(Int(fps)) updates/s, jumping: it kills every drop it passes")
                    continue
                }
                #expect(survivors == 0 && deaths.count > 5,
                        "\(what) at \(Int(fps)) updates/s: \(survivors) particle updates alive where it passed, \(deaths.count) kills")
                expectSameKills(deaths, as: &reference, fps: fps)
            }
        }
    }

    /// The first rate's kills become `reference`; a later rate's must be the same particles at the
    /// same ticks and points (within 10⁻⁶).
    static func expectSameKills(_ deaths: [ParticleEvent], as reference: inout [ParticleEvent]?, fps: Double) {
        guard let first = reference else { return reference = deaths }
        #expect(deaths.map(\.identity) == first.map(\.identity), "\(Int(fps)) updates/s: other kills")
        for (a, b) in zip(deaths, first) {
            #expect(a.time == b.time && maxAbs(a.position - b.position) < 1e-6,
                    "\(Int(fps)) updates/s: \(a.identity) killed at \(a.time) \(a.position), at 30: \(b.time) \(b.position)")
        }
    }

    /// The floor's y at layer time `t` of `movingFloor`.
    static func floorY(_ t: Double, from: Double, to: Double, duration: Double) -> Double {
        from + (to - from) * min(max(t / duration, 0), 1)
    }

    /// A floor rising at 40 pt/s from y = 300 to 140 lifts the drops that came to rest on it, sticking
    /// or bouncing (restitution 0.2): at every update of 30, 60, 144 and 240 updates/s no particle
    /// lies behind it by more than the tolerance, and at the end every one rests on it. When its
    /// moves are jumps (teleport distance 0: the floor as it was before moving colliders), the
    /// floor overtakes the particles resting on it, and they fall behind it.
    @Test(arguments: [EmitterBehavior.CollisionResponse.stick, .bounce])
    func aRisingFloorLiftsWhatRestsOnIt(_ response: EmitterBehavior.CollisionResponse) throws {
        for fps in [30.0, 60, 144, 240] {
            for jumps in [false, true] {
                let (floor, rise) = Self.movingFloor(from: 300, to: 140, duration: 4, response: response)
                let (behind, worst, last) = try Self.behind(floor, moved: [rise], fps: fps, jumps: jumps) { p, t in
                    p.y - Self.floorY(t, from: 300, to: 140, duration: 4)
                }
                let what = "\(response) floor at \(Int(fps)) updates/s\(jumps ? ", jumping" : "")"
                if jumps {
                    #expect(behind > 0, "\(what): the jumping floor leaves no particle behind")
                } else {
                    #expect(behind == 0, "\(what): \(behind) particle updates behind the floor, the deepest \(worst)")
                    let resting = last.particles.filter { abs($0.position.y - 140) <= Collisions.tolerance }
                    #expect(resting.count > 50, "\(what): \(resting.count) particles rest on the floor at its end")
                }
            }
        }
    }

    /// A kill floor rising at 200 pt/s through the falling drops (7 points a 30-Hz update, more
    /// than any drop falls in one) kills every drop it meets, at the same ticks and points at any
    /// update rate: a steady motion is met where it is, and each grid step's hits are found once.
    /// Jumping, it passes over drops, which live on behind it.
    @Test func aSteadyFloorIsMetAtTheSameTicksAtAnyRate() throws {
        try Self.expectSameKillsAtAnyRate("the kill floor") {
            let (floor, rise) = Self.movingFloor(from: 700, to: -100, duration: 4, response: .kill)
            return (floor, [rise])
        } alive: { p, t in
            p.y > Self.floorY(t, from: 700, to: -100, duration: 4) + Collisions.tolerance
        }
    }

    /// A ball under the drops (centre (100, 400)) whose `radius` a linear animation grows from
    /// `from` to `to` over `duration` seconds from the layer's start, and holds.
    static func growingBall(from: Double, to: Double, duration: Double,
                            response: EmitterBehavior.CollisionResponse) -> (EmitterBehavior, BasicAnimation) {
        let ball = EmitterBehavior(type: .collider, name: "ball")
        ball.colliderShape = .sphere
        ball.position = CGPoint(x: 100, y: 400)
        ball.radius = from
        ball.collisionResponse = response
        ball.restitution = 0.2
        return (ball, linear("emitterBehaviors.ball.radius", from: from, to: to, duration: duration))
    }

    /// A sphere's `radius` is swept like its position (Semantics §12 "Moving colliders"): a ball
    /// growing from 100 to 180 points over 4 s under the drops pushes out what lands on it,
    /// sticking or bouncing, so at every update of 30, 60, 144 and 240 updates/s nothing is inside
    /// it by more than the tolerance, and the drops stuck on top ride out with its surface. When its
    /// changes of radius are jumps (teleport distance 0), it swallows the drops resting on it.
    @Test(arguments: [EmitterBehavior.CollisionResponse.stick, .bounce])
    func aGrowingBallPushesOutWhatRestsOnIt(_ response: EmitterBehavior.CollisionResponse) throws {
        let centre = SIMD3<Double>(100, 400, 0)
        for fps in [30.0, 60, 144, 240] {
            for jumps in [false, true] {
                let (ball, grow) = Self.growingBall(from: 100, to: 180, duration: 4, response: response)
                let (inside, worst, last) = try Self.behind(ball, moved: [grow], fps: fps, jumps: jumps) { p, t in
                    100 + 80 * min(t / 4, 1) - length(p - centre)
                }
                let what = "\(response) ball at \(Int(fps)) updates/s\(jumps ? ", jumping" : "")"
                if jumps {
                    #expect(inside > 0, "\(what): the jumping ball swallows nothing")
                } else {
                    #expect(inside == 0, "\(what): \(inside) particle updates inside the ball, the deepest \(worst)")
                    let onTop = last.particles.filter { abs(length($0.position - centre) - 180) <= Collisions.tolerance }
                    #expect(onTop.count > 10, "\(what): \(onTop.count) particles on the grown ball's surface")
                }
            }
        }
    }

    /// A kill ball growing at a steady 100 pt/s through the falling drops kills the same drops at
    /// the same ticks and points, within 10⁻⁶, at 30, 60, 144 and 240 updates/s; growing by jumps,
    /// it swallows drops that live on inside it.
    @Test func aSteadilyGrowingKillBallIsMetAtTheSameTicksAtAnyRate() throws {
        try Self.expectSameKillsAtAnyRate("the growing kill ball") {
            let (ball, grow) = Self.growingBall(from: 40, to: 440, duration: 4, response: .kill)
            return (ball, [grow])
        } alive: { p, t in
            length(p - SIMD3(100, 400, 0)) < 40 + 100 * t - Collisions.tolerance
        }
    }

    /// A shrinking sphere's path may run below radius 0 for a grid step or two (its rate carried
    /// on past the update where it reached 0): it is a point there, which nothing hits, not a
    /// sphere of the negative radius's size.
    @Test func aSphereShrunkPastZeroIsAPoint() throws {
        let ball = ResolvedCollider(shape: .sphere, response: .kill, position: SIMD3(100, 400, 0),
                                    normal: SIMD3(0, -1, 0), radius: 10)
        let a = SIMD3<Double>(95, 300, 0), b = SIMD3<Double>(95, 500, 0)       // 5 points from the centre
        func by(_ r: Double) -> SIMD3<Double> { SIMD3(repeating: r) }       // a sphere's growth: its radius's, in all three
        #expect(ball.entry(a, b, grow0: by(-25), grow1: by(-15)) == nil, "radius −15 … −5 along the chord")
        #expect(ball.entry(a, b, grow0: by(-10), grow1: by(10)) != nil, "radius 0 growing to 20 along the chord: hit")
        #expect(ball.distance(SIMD3(95, 400, 0), grow: by(-25)) == 5 && ball.distance(SIMD3(95, 400, 0), grow: by(-4)) == -1)
        let hit = try #require(ball.entry(a, b, grow0: by(-4), grow1: by(-4)))
        #expect(abs(hit - (100 - 11.0.squareRoot()) / 200) < 1e-12, "a still radius 6: \(hit)")
    }

    /// A collider is followed by its place in `emitterBehaviors`, its name and its shape, not by
    /// the object (Semantics §12): a host that puts a fresh floor there every update, rising as the
    /// animated one does, kills every drop it passes when each copy keeps the name; when each has
    /// a name of its own, each is a new collider, which stands where it appears, and drops it
    /// passes over survive behind it.
    @Test(arguments: [true, false])
    func aColliderIsFollowedByItsPlaceNameAndShape(_ sameName: Bool) throws {
        let layer = Self.drops(EmitterBehavior(type: .collider, name: "floor"), lifetime: 3)
        let sim = ReferenceSimulator(layer: layer)
        sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .death, sampleLimit: 4096)]
        var survivors = 0, kills = 0
        for (i, t) in frames(fps: 60, until: 3).enumerated() {
            let floor = EmitterBehavior(type: .collider, name: sameName ? "floor" : "floor \(i)")
            let y = Self.floorY(t, from: 700, to: -100, duration: 4)
            floor.position = CGPoint(x: 0, y: y)
            floor.orientationLongitude = -.pi / 2
            floor.collisionResponse = .kill
            layer.emitterBehaviors = [floor]
            try sim.advance(to: t)
            survivors += try sim.snapshot().particles.filter { $0.position.y > y + Collisions.tolerance }.count
            for r in sim.takeEventReports(wait: true) { kills += r.sample.count }
        }
        if sameName {
            #expect(survivors == 0 && kills > 5, "copies of one floor: \(survivors) particle updates behind it, \(kills) kills")
        } else {
            #expect(survivors > 0, "a new floor every update passes over drops without meeting them")
        }
    }

    /// An effect file's animation of a collider's `position.y` moves it as a layer's does: a
    /// sticking floor the file raises from y = 300 to 140 over 4 s holds its drops on it at 5 s
    /// (Semantics §12 "Moving colliders"; the file's animation starts at the first update).
    @Test func anEffectFilesAnimationRaisesAFloor() throws {
        let text = #"""
        {"format": "plume-effect", "version": 1,
         "layer": {"emitterPosition": [100, 50], "emitterShape": "line", "emitterSize": [120, 0],
                   "emitterCells": [{"name": "drop", "birthRate": 20, "lifetime": 8, "yAcceleration": 250}],
                   "emitterBehaviors": [{"type": "collider", "name": "floor", "position": [0, 300],
                                         "orientationLongitude": -1.5707963267948966, "collisionResponse": "stick"}],
                   "animations": [{"keyPath": "emitterBehaviors.floor.position.y", "from": 300, "to": 140,
                                   "duration": 4, "fillMode": "forwards", "isRemovedOnCompletion": false}]}}
        """#
        let layer = try EffectFile.decode(Data(text.utf8)).layer
        let sim = ReferenceSimulator(layer: layer)
        for t in frames(fps: 60, until: 5) { try sim.advance(to: t) }
        let drops = try sim.snapshot().particles
        let onFloor = drops.filter { abs($0.position.y - 140) <= Collisions.tolerance }
        #expect(drops.count > 50 && onFloor.count > 50, "\(onFloor.count) of \(drops.count) drops on the raised floor")
        #expect(!drops.contains { $0.position.y > 140 + Collisions.tolerance }, "drops behind the raised floor")
    }

    /// A sticking ball moving sideways at 60 pt/s, animated, carries the drops that land on it:
    /// each keeps its place on the ball (its distance from the centre is the radius, within the
    /// tolerance) and moves with it at 60 pt/s.
    @Test func aStickingBallCarriesWhatLandsOnIt() throws {
        let ball = EmitterBehavior(type: .collider, name: "ball")
        ball.colliderShape = .sphere
        ball.position = CGPoint(x: 100, y: 200)
        ball.radius = 60
        ball.collisionResponse = .stick
        let layer = Self.drops(ball)
        layer.emitterPosition = CGPoint(x: 250, y: 50)      // drops from x = 100 … 400, ahead of the ball
        layer.emitterSize = CGSize(width: 300, height: 0)
        let move = BasicAnimation(keyPath: "emitterBehaviors.ball.position.x")
        move.fromValue = 100
        move.toValue = 340
        move.duration = 4
        move.timingFunction = .linear
        layer.add(move, forKey: "move")
        let sim = ReferenceSimulator(layer: layer)
        for t in frames(fps: 60, until: 3) { try sim.advance(to: t) }
        let centre = SIMD3<Double>(100 + 60 * 3, 200, 0)
        let onIt = try sim.snapshot().particles.filter { abs(length($0.position - centre) - 60) <= Collisions.tolerance }
        #expect(onIt.count > 10, "\(onIt.count) drops on the ball")
        for p in onIt {
            #expect(abs(p.velocity.x - 60) < 1e-6 && abs(p.velocity.y) < 1e-6, "\(p): not carried at 60 pt/s")
        }
    }
}

import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Issue 26 item 1: the `collider` behaviour (Semantics §12 "Collisions", <doc:Behaviors>): planes
/// and spheres, swept on the motion grid, bounce (restitution, friction) or stick.
struct ColliderTests {
    /// A floor at y = 100 on the y-down layer (the normal points up the screen).
    static func floor(restitution: CGFloat = 0.5, friction: CGFloat = 0, response: EmitterBehavior.CollisionResponse = .bounce)
        -> EmitterBehavior {
        let b = EmitterBehavior(type: .collider, name: "floor")
        b.position = CGPoint(x: 0, y: 100)
        b.orientationLongitude = -.pi / 2
        b.restitution = restitution
        b.friction = friction
        b.collisionResponse = response
        return b
    }

    static func behaviors(_ list: [EmitterBehavior]) -> CellBehaviors {
        let layer = EmitterLayer()
        layer.emitterCells = [EmitterCell(name: "c")]
        layer.emitterBehaviors = list
        return ResolvedLayer(layer).cells[0].behaviors
    }

    /// A ball dropped from rest at y = 0 under g = 100 pt/s² hits the floor at `T = √2` s with
    /// `v = 100√2` pt/s, then rises at `restitution · v`: `y = 100 − e·v·τ + gτ²/2`. The hit lies on
    /// the chord between grid points (1/64 s): within 0.01 points of the parabola.
    @Test func aDroppedBallBouncesOffTheFloor() {
        let b = Self.behaviors([Self.floor(restitution: 0.5)])
        #expect(b.motion == .grid && b.colliders.count == 1)
        let particle = BehaviorParticle(behaviors: b, lifetime: 100, seed: 0, key: .root)
        let g = SIMD3<Double>(0, 100, 0)
        let start = MotionAnchor(age: 0, position: SIMD3(0, 0, 0), velocity: .zero)
        let hitAge = 2.0.squareRoot(), v = 100 * hitAge
        for tau in [0.1, 0.4, 1.0] {
            let (p, velocity) = BehaviorMotion.evaluate(start, at: hitAge + tau, acceleration: g, behaviors: b, particle: particle)
            let y = 100 - 0.5 * v * tau + 50 * tau * tau
            #expect(abs(p.y - y) < 0.02 && abs(velocity.y - (-0.5 * v + 100 * tau)) < 0.05,
                    "τ = \(tau) after the hit: \(p.y), \(velocity.y); expected \(y), \(-0.5 * v + 100 * tau)")
        }
        var hits: [CollisionHit] = []
        var s = start
        for n in 1...128 {
            let d = BehaviorMotion.drift(s, to: Double(n) / 64, acceleration: g, behaviors: b, particle: particle)
            s = BehaviorMotion.held(Collisions.collide(s, d, behaviors: b) { hits.append($0) }, acceleration: d.acceleration)
        }
        #expect(hits.count == 1 && abs(hits[0].age - hitAge) < 1e-4 && abs(hits[0].position.y - 100) < 1e-9,
                "hits: \(hits)")
    }

    /// A sticking floor holds a particle that rests on it while gravity presses it in
    /// (`ResolvedCollider.holds`): at every tick between two grid points, not only past the
    /// drift that falls the tolerance (185 ticks under 250 pt/s²), its position is the hit point
    /// and its velocity 0; and under a pull away from the floor it leaves.
    @Test func aStuckParticleRestsAtEveryPhase() {
        let b = Self.behaviors([Self.floor(response: .stick)])
        let particle = BehaviorParticle(behaviors: b, lifetime: 100, seed: 0, key: .root)
        let g = SIMD3<Double>(0, 250, 0)
        let start = MotionAnchor(age: 0, position: SIMD3(3, 60, 0), velocity: SIMD3(10, 0, 0))
        let stuck = BehaviorMotion.advance(start, to: 2, acceleration: g, behaviors: b, particle: particle)
        #expect(abs(stuck.position.y - 100) < 1e-9, "\(stuck)")   // (its velocity: the half-step one, −g·h/2)
        for ticks in [Int64(0), 1, 3, 60, 120, 184, 185, 186, 187, 500, 1023] {
            let age = stuck.age + Ticks.time(ticks)
            let (p, v) = BehaviorMotion.evaluate(stuck, at: age, acceleration: g, behaviors: b, particle: particle)
            #expect(p == stuck.position && v == .zero, "\(ticks) ticks past the grid point: \(p), \(v)")
        }
        let lifted = BehaviorMotion.evaluate(stuck, at: stuck.age + 0.01, acceleration: -g, behaviors: b, particle: particle)
        #expect(lifted.0.y < 100 && lifted.1.y < 0, "pulled up, it leaves: \(lifted)")
    }

    /// Particles born at k/20 s at (50, `y`) flying straight down the y-down layer at 20 000 pt/s
    /// (333 points an update at 60 updates/s, 312 a grid step) under `behaviors`.
    static func bullets(_ behaviors: [EmitterBehavior], from y: CGFloat = 50, lifetime: Float = 1.5) -> EmitterLayer {
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 50, y: y)
        let cell = EmitterCell(name: "bullet")
        cell.birthRate = 20; cell.lifetime = lifetime; cell.velocity = 20_000
        cell.emissionLongitude = .pi / 2
        layer.emitterCells = [cell]
        layer.emitterBehaviors = behaviors
        return layer
    }

    /// The death events of the top-level cell of `layer` up to 1 s at `fps`, after checking each
    /// update's snapshot with `check`.
    static func deaths(of layer: EmitterLayer, fps: Double,
                       check: (ParticleSnapshot, Double) -> Void = { _, _ in }) throws -> [ParticleEvent] {
        let sim = ReferenceSimulator(layer: layer)
        sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .death, sampleLimit: 4096)]
        var deaths: [ParticleEvent] = []
        for t in frames(fps: fps, until: 1) {
            try sim.advance(to: t)
            check(try sim.snapshot(), t)
            for r in sim.takeEventReports(wait: true) { deaths += r.sample }
        }
        return deaths
    }

    /// Swept: a particle at 20 000 pt/s still bounces off the zero-thickness floor, at every update rate.
    @Test func aFastParticleCannotTunnel() throws {
        for fps in [30.0, 60, 144, 240] {
            let sim = ReferenceSimulator(layer: Self.bullets([Self.floor(restitution: 0.1)]))
            for t in frames(fps: fps, until: 1.2) {
                try sim.advance(to: t)
                let below = try sim.snapshot().particles.filter { $0.position.y > 100 + Collisions.tolerance }
                #expect(below.isEmpty, "\(fps) updates/s, t = \(t): \(below.count) particles behind the floor: \(below.prefix(1))")
            }
        }
    }

    /// A hit within half a tick after a grid point where one update ends belongs to the next
    /// update (Semantics §12 "Collisions"): its tick is at least one after its step's start. A
    /// particle 2·10⁻⁴ points above a kill floor at grid point `g`, falling at 100 pt/s, hits it
    /// 0.13 tick after `g`; the update ending at `g` walks the step that ends there and finds no
    /// hit, the next finds the kill at `g + 1`. Rounded to the nearest tick, `g`, the kill was in
    /// neither update's window and the particle lived on at rest where it hit.
    @Test func aHitJustAfterAnUpdatesGridPointIsTheNextUpdates() throws {
        let b = Self.behaviors([Self.floor(response: .kill)])
        let particle = BehaviorParticle(behaviors: b, lifetime: 100, seed: 0, key: .root)
        let step = Int64(BehaviorMotion.gridTicks), g = 10 * step
        let v = SIMD3<Double>(0, 100, 0), above = 2e-4
        let atG = MotionAnchor(age: Ticks.time(g), position: SIMD3(0, 100 - above, 0), velocity: v)
        var before = atG
        before.age -= BehaviorMotion.gridStep
        before.position -= v * BehaviorMotion.gridStep
        let ending = Collisions.contacts(before, after: g - 300, through: g, lifetime: 100 * 65536,
                                         acceleration: .zero, behaviors: b, particle: particle)
        #expect(ending.kill == nil, "the update ending at the grid point: \(String(describing: ending.kill))")
        let next = Collisions.contacts(atG, after: g, through: g + 300, lifetime: 100 * 65536,
                                       acceleration: .zero, behaviors: b, particle: particle)
        let kill = try #require(next.kill, "the next update finds no kill")
        #expect(kill.tick == g + 1 && abs(kill.age * Ticks.perSecond - Double(g) - 0.131) < 0.001,
                "the kill at tick \(kill.tick), age \(kill.age * Ticks.perSecond) ticks; the grid point \(g)")
    }

    /// An arrival is a hit on the grid step that crosses the surface, however little that step's
    /// end lies behind it (`Collisions.depth(from:)`): a chord from 2 points above the kill floor
    /// to 5·10⁻⁴ behind it kills, with its collision event, at the crossing. A chord that starts on
    /// the surface (within the tolerance) must pass deeper than the tolerance to hit, and makes an
    /// event only where it meets the surface faster than a particle at rest there
    /// (`Collisions.restingSpeed(acceleration:)`). When every chord had to pass the tolerance, the
    /// first step found nothing and the next met the floor at its start, from on it: the arrival
    /// made no event. The same depth for a sphere and a box.
    @Test func anArrivalIsAHitOnTheStepThatCrossesTheSurface() throws {
        let b = Self.behaviors([Self.floor(response: .kill)])
        let particle = BehaviorParticle(behaviors: b, lifetime: 100, seed: 0, key: .root)
        let step = Int64(BehaviorMotion.gridTicks), g = 10 * step, h = BehaviorMotion.gridStep
        func contacts(from above: Double, to behind: Double) -> Collisions.Contacts {
            let anchor = MotionAnchor(age: Ticks.time(g), position: SIMD3(0, 100 - above, 0),
                                      velocity: SIMD3(0, (above + behind) / h, 0))
            return Collisions.contacts(anchor, after: g, through: g + step, lifetime: 100 * 65536,
                                       acceleration: .zero, behaviors: b, particle: particle)
        }
        let arrival = contacts(from: 2, to: 5e-4)
        let kill = try #require(arrival.kill, "a chord from 2 points above to 5e-4 behind: no hit")
        #expect(arrival.events.count == 1 && arrival.events[0].tick == kill.tick, "events \(arrival.events)")
        #expect(abs(kill.position.y - 100) < 1e-9 && abs(kill.age - (Ticks.time(g) + h * 2 / 2.0005)) < 1e-12,
                "the kill at \(kill.position), age \(kill.age)")
        let onIt = contacts(from: 5e-4, to: 5e-4)
        #expect(onIt.kill == nil && onIt.events.isEmpty, "from on the floor to 5e-4 behind it: \(onIt)")
        let deeper = contacts(from: 5e-4, to: 2e-3)
        #expect(deeper.kill != nil && deeper.events.isEmpty, "from on the floor to 2e-3 behind it: \(deeper)")
        // from on the floor at 100 pt/s, over the resting speed (20 pt/s with no acceleration): an
        // arrival whose last step ended within the tolerance; at 9.6 pt/s, a particle at rest there
        let fast = contacts(from: 5e-4, to: 100 * h - 5e-4), slow = contacts(from: 5e-4, to: 0.15)
        #expect(Collisions.restingSpeed(acceleration: 0) == 20 && Collisions.restingSpeed(acceleration: -320) == 30)
        #expect(fast.kill != nil && fast.events.count == 1, "from on the floor at 100 pt/s: \(fast)")
        #expect(slow.kill != nil && slow.events.isEmpty, "from on the floor at 9.6 pt/s: \(slow)")
        // the speeds are the motion's: a raw 160 pt/s under a speed curve of 10⁻³ moves at 0.16
        // pt/s (a particle at rest there, not an arrival)
        let factor = EmitterBehavior(type: .valueOverLife)
        factor.keyPath = "velocity"
        factor.values = [0.001]
        let slowed = Self.behaviors([Self.floor(response: .kill), factor])
        let crawling = Collisions.contacts(MotionAnchor(age: Ticks.time(g), position: SIMD3(0, 100 - 5e-4, 0),
                                                        velocity: SIMD3(0, 2.5e-3 / (h * 0.001), 0)),
                                           after: g, through: g + step, lifetime: 100 * 65536, acceleration: .zero,
                                           behaviors: slowed, particle: BehaviorParticle(behaviors: slowed, lifetime: 100,
                                                                                          seed: 0, key: .root))
        #expect(crawling.kill != nil && crawling.events.isEmpty, "raw 160 pt/s at a speed factor of 1e-3: \(crawling)")

        let ball = ResolvedCollider(shape: .sphere, response: .kill, position: SIMD3(100, 400, 0),
                                    normal: SIMD3(0, -1, 0), radius: 10)
        #expect(ball.entry(SIMD3(100, 388, 0), SIMD3(100, 390.0005, 0)) != nil, "the ball, from clear of it")
        #expect(ball.entry(SIMD3(100, 389.9995, 0), SIMD3(100, 390.0005, 0)) == nil, "the ball, from on it")
        var box = ResolvedCollider(shape: .box, response: .kill, position: SIMD3(100, 400, 0),
                                   normal: SIMD3(0, -1, 0), radius: 0, across: SIMD3(1, 0, 0),
                                   parameters: EmitterBehavior.GPUParameters())
        box.boxWidth = 40
        box.boxHeight = 20
        box.boxDepth = 40
        #expect(box.entry(SIMD3(100, 388, 0), SIMD3(100, 390.0005, 0)) != nil, "the box, from clear of it")
        #expect(box.entry(SIMD3(100, 389.9995, 0), SIMD3(100, 390.0005, 0)) == nil, "the box, from on it")
    }

    /// A particle shot at a sphere head-on with restitution 1 comes straight back at its speed.
    @Test func aSphereReflects() {
        let ball = EmitterBehavior(type: .collider)
        ball.colliderShape = .sphere
        ball.position = CGPoint(x: 200, y: 0)
        ball.radius = 50
        ball.restitution = 1
        let b = Self.behaviors([ball])
        let particle = BehaviorParticle(behaviors: b, lifetime: 100, seed: 0, key: .root)
        let start = MotionAnchor(age: 0, position: .zero, velocity: SIMD3(100, 0, 0))
        let (p, v) = BehaviorMotion.evaluate(start, at: 2.5, acceleration: .zero, behaviors: b, particle: particle)
        // hits x = 150 at 1.5 s, then 1 s back at 100 pt/s
        #expect(abs(p.x - 50) < 1e-6 && abs(v.x + 100) < 1e-6 && abs(p.y) < 1e-9, "\(p), \(v)")
    }

    /// Stick: the particle stays where it hit, at rest, while gravity presses it into the floor;
    /// friction 1 with restitution 0 stops it on the floor too.
    @Test func stickAndFullFrictionStop() {
        for list in [[Self.floor(response: .stick)], [Self.floor(restitution: 0, friction: 1)]] {
            let b = Self.behaviors(list)
            let particle = BehaviorParticle(behaviors: b, lifetime: 100, seed: 0, key: .root)
            let start = MotionAnchor(age: 0, position: SIMD3(0, 0, 0), velocity: SIMD3(30, 0, 0))
            let g = SIMD3<Double>(0, 100, 0)
            let (p1, _) = BehaviorMotion.evaluate(start, at: 2, acceleration: g, behaviors: b, particle: particle)
            let (p2, v2) = BehaviorMotion.evaluate(start, at: 4, acceleration: g, behaviors: b, particle: particle)
            #expect(abs(p1.y - 100) < 2 * Collisions.tolerance && maxAbs(p1 - p2) < 0.01 && length(v2) < 1e-6,
                    "\(list[0].collisionResponse): at 2 s \(p1), at 4 s \(p2) moving \(v2)")
        }
    }

    static func layer() -> EmitterLayer {
        let layer = EmitterLayer()
        layer.seed = 3
        layer.emitterPosition = CGPoint(x: 300, y: 100)
        layer.emitterShape = .circle
        layer.emitterSize = CGSize(width: 100, height: 100)
        let cell = EmitterCell(name: "drop")
        cell.birthRate = 40; cell.lifetime = 3; cell.lifetimeRange = 1
        cell.velocity = 150; cell.velocityRange = 50; cell.emissionRange = 2 * .pi
        cell.yAcceleration = 200
        let ball = EmitterBehavior(type: .collider, name: "ball")
        ball.colliderShape = .sphere
        ball.position = CGPoint(x: 320, y: 260)
        ball.radius = 40
        ball.restitution = 0.8
        let floor = Self.floor(restitution: 0.6, friction: 0.1)
        floor.position = CGPoint(x: 0, y: 400)
        layer.emitterCells = [cell]
        layer.emitterBehaviors = [ball, floor]
        return layer
    }

    /// Hit times and points are the grid's: the same particles at any update rate, after a time
    /// offset and after a seek.
    @Test func sameParticlesAtAnyFrameRateAndAfterJumps() throws {
        let reference = try expectSameParticlesAtAnyRateAndAfterJumps({ Self.layer() }, "colliders")
        let inside = reference.particles.filter { $0.position.y > 400 + Collisions.tolerance }
        #expect(inside.isEmpty, "particles behind the floor: \(inside.prefix(2))")
    }

    /// Semantics §11: bad inputs are read as their defaults (reported).
    @Test func badInputsAreReportedAndReadAsDefaults() throws {
        let layer = Self.layer()
        let floor = layer.emitterBehaviors![1]
        floor.restitution = .nan; floor.friction = -1
        layer.emitterBehaviors![0].radius = -5
        let resolved = ResolvedLayer(layer)
        let paths = Set(resolved.diagnostics.map(\.keyPath))
        for path in ["emitterBehaviors.floor.restitution", "emitterBehaviors.floor.friction", "emitterBehaviors.ball.radius"] {
            #expect(paths.contains(path), "no diagnostic for \(path): \(resolved.diagnostics)")
        }
        let c = resolved.cells[0].behaviors.colliders
        #expect(c[1].restitution == 0.5 && c[1].friction == 0 && c[0].radius == 0)
    }
}

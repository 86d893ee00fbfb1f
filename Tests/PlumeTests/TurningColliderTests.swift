import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Issue 26 item 1, animatable colliders that turn (Semantics §12 "Moving colliders"): a plane, a
/// box or a field whose orientation an animation or the host turns is met in its turning frame on
/// the motion grid, so it bats, carries and kills what it sweeps over wherever it meets it, at the
/// same ticks at any update rate when it turns steadily; a turn larger than a quarter turn in one
/// update (or any turn, where the teleport distance is 0) is a jump, the negative control of each
/// test.
struct TurningColliderTests {
    /// The wiper's centre, the particles' disc's centre.
    static let centre = SIMD3<Double>(200, 200, 0)

    /// Particles born at rest (no velocity, no acceleration) all over a disc of radius 100 about
    /// ``centre``, and a plane through the centre (the wiper) whose normal turns half a turn a
    /// second, animated from the layer's start: at layer time `t` its normal points at angle `π t`.
    static func wiper(_ response: EmitterBehavior.CollisionResponse, lifetime: Float,
                      jumps: Bool) -> EmitterLayer {
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: centre.x, y: centre.y)
        layer.emitterShape = .circle
        layer.emitterMode = .volume
        layer.emitterSize = CGSize(width: 200, height: 200)
        if jumps { layer.emitterTeleportDistance = 0 }
        let cell = EmitterCell(name: "dust")
        cell.birthRate = 60
        cell.lifetime = lifetime
        cell.velocity = 0
        layer.emitterCells = [cell]
        let wiper = EmitterBehavior(type: .collider, name: "wiper")
        wiper.position = CGPoint(x: centre.x, y: centre.y)
        wiper.collisionResponse = response
        wiper.restitution = 0.5
        layer.emitterBehaviors = [wiper]
        layer.add(MovingColliderTests.linear("emitterBehaviors.wiper.orientationLongitude", from: 0, to: 4 * .pi,
                                             duration: 4), forKey: "turn")
        return layer
    }

    /// How far the wiper has to turn on from angle `θ` to reach the particle at `p`, radians in
    /// (−π, π] (0: the wiper's surface passes through it).
    static func turnToReach(_ p: SIMD3<Double>, at θ: Double) -> Double {
        let φ = atan2(p.y - centre.y, p.x - centre.x)
        return remainder(φ + .pi / 2 - θ, 2 * .pi)
    }

    /// The orientation's quaternion turns x onto the width axis and y onto the normal, and a
    /// steady turn's prediction lies on its path.
    @Test func quaternionsFollowTheFrame() {
        for (lon, lat) in [(0.0, 0.0), (1.0, 0.0), (-2.5, 0.3), (3.0, -1.2), (.pi, .pi / 2), (0.2, -.pi / 2)] {
            let normal = BirthSampler.emissionVector(longitude: lon, latitude: lat)
            let across = SIMD3<Double>(-sin(lon), cos(lon), 0)
            let q = Quaternion.frame(across: across, normal: normal)
            #expect(abs((q * q).sum() - 1) < 1e-12)
            #expect(maxAbs(Quaternion.rotate(q, SIMD3(1, 0, 0)) - across) < 1e-12, "(\(lon), \(lat)): \(q)")
            #expect(maxAbs(Quaternion.rotate(q, SIMD3(0, 1, 0)) - normal) < 1e-12, "(\(lon), \(lat)): \(q)")
        }
        // a turn of 0.3 rad about z over 100 ticks: 0.003 rad a tick; carried on 40 ticks, 0.42 rad
        let q0 = Quaternion.frame(across: SIMD3(0, 1, 0), normal: SIMD3(-1, 0, 0))
        let q1 = Quaternion.product(SIMD4(0, 0, sin(0.15), cos(0.15)), q0)
        let spin = Quaternion.spin(from: q0, to: q1, over: 100)
        #expect(maxAbs(spin - SIMD3(0, 0, 0.003)) < 1e-12, "\(spin) rad/tick")
        let there = Quaternion.product(Quaternion.turning(spin, for: 40), q1)
        #expect(maxAbs(there - Quaternion.product(SIMD4(0, 0, sin(0.21), cos(0.21)), q0)) < 1e-12)
        // on a line of offsets, the angular velocity of the normalised point
        let (q, w) = Quaternion.turn(offset: SIMD4(0, 0, 0.1, 0), rate: SIMD4(0, 0, 0.5, 0))
        #expect(maxAbs(q - SIMD4(0, 0, 0.1, 1) / (1.01).squareRoot()) < 1e-12)
        #expect(maxAbs(w - SIMD3(0, 0, 2 * 0.5 / 1.01)) < 1e-12, "d(2 atan(z))/dt = 2ż/(1 + z²): \(w)")
    }

    /// A kill wiper turning half a turn a second through dust at rest kills each mote where its
    /// surface passes through it: at every update of 30, 60, 144 and 240 updates/s, each kill's
    /// tick is the one at which the animated normal reaches the mote's angle (within the documented
    /// bound of Semantics §12), the same motes at all four rates; jumping, it passes over motes.
    @Test func aTurningKillPlaneIsMetWhereItTurnsAtAnyRate() throws {
        var reference: [ParticleEvent]?
        for fps in [30.0, 60, 144, 240] {
            for jumps in [false, true] {
                let sim = ReferenceSimulator(layer: Self.wiper(.kill, lifetime: 3, jumps: jumps))
                sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .death, sampleLimit: 4096)]
                var deaths: [ParticleEvent] = []
                var late = 0                       // motes alive after the wiper passed them
                for t in frames(fps: fps, until: 3) {
                    try sim.advance(to: t)
                    for r in sim.takeEventReports(wait: true) { deaths += r.sample }
                    late += try sim.snapshot().particles.filter { $0.age > 2.01 }.count
                }
                let what = "\(Int(fps)) updates/s\(jumps ? ", jumping" : "")"
                if jumps {
                    #expect(late > 0, "\(what): the jumping wiper kills every mote")
                    continue
                }
                #expect(late == 0 && deaths.count > 100, "\(what): \(late) late motes, \(deaths.count) kills")
                var worst = 0.0, example = ""
                for d in deaths {
                    let miss = abs(Self.turnToReach(d.position, at: .pi * d.time))
                    if miss > worst { (worst, example) = (miss, "\(d.identity) at \(d.time), \(d.position)") }
                }
                // the kill's tick is rounded to the nearest: half a tick's turn, and the lines' bend
                #expect(worst < .pi / Ticks.perSecond, "\(what): a kill \(worst) rad from the wiper's surface: \(example)")
                // the same kills at the same ticks and points (reported update by update in
                // storage order: compared in time order)
                let ordered = deaths.sorted { ($0.time, $0.identity.serial) < ($1.time, $1.identity.serial) }
                MovingColliderTests.expectSameKills(ordered, as: &reference, fps: fps)
            }
        }
    }

    /// A heightfield turns as a plane does: a flat terrain through the wiper's centre (its edge
    /// heights held beyond its two samples: the wiper's plane, its solid behind it) turning half a
    /// turn a second kills the same motes as the plane wiper, at the same ticks (±1, the march's
    /// rounding) and points (within 10⁻³), at 30 and 144 updates/s.
    @Test func aFlatTurningTerrainIsMetAsTheTurningPlaneIs() throws {
        func deaths(_ terrain: Bool, fps: Double) throws -> [ParticleEvent] {
            let layer = Self.wiper(.kill, lifetime: 3, jumps: false)
            if terrain {
                let wiper = layer.emitterBehaviors![0]
                wiper.colliderShape = .heightfield
                wiper.samples = [0, 0]
                wiper.sampleSpacing = 50
            }
            let sim = ReferenceSimulator(layer: layer)
            sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .death, sampleLimit: 4096)]
            var all: [ParticleEvent] = []
            for t in frames(fps: fps, until: 2.5) {
                try sim.advance(to: t)
                for r in sim.takeEventReports(wait: true) { all += r.sample }
            }
            return all.sorted { $0.identity.serial < $1.identity.serial }
        }
        for fps in [30.0, 144] {
            let plane = try deaths(false, fps: fps), terrain = try deaths(true, fps: fps)
            #expect(plane.count > 50 && terrain.map(\.identity) == plane.map(\.identity),
                    "\(Int(fps)) updates/s: \(terrain.count) terrain kills, \(plane.count) plane kills")
            for (a, b) in zip(terrain, plane) where abs(a.time - b.time) * Ticks.perSecond > 1.5 || maxAbs(a.position - b.position) > 1e-3 {
                Issue.record("\(Int(fps)) updates/s: \(a.identity) killed by the terrain at \(a.time) \(a.position), by the plane at \(b.time) \(b.position)")
                break
            }
        }
    }

    /// A bouncing (restitution 0.5) or sticking wiper turning through dust at rest bats away or
    /// carries every mote it meets: at 30, 60, 144 and 240 updates/s, no mote once seen in front of
    /// its surface is ever seen behind it, and sticking motes ride on it (their distance from the
    /// centre kept, within the tolerance). Jumping (teleport distance 0), it passes over motes,
    /// which are then behind it.
    @Test(arguments: [EmitterBehavior.CollisionResponse.bounce, .stick])
    func aTurningPlaneSweepsWhatItMeets(_ response: EmitterBehavior.CollisionResponse) throws {
        for fps in [30.0, 60, 144, 240] {
            for jumps in [false, true] {
                let sim = ReferenceSimulator(layer: Self.wiper(response, lifetime: 5, jumps: jumps))
                var front: [ParticleIdentity: Double] = [:]        // the motes seen in front: their distance from the centre
                var crossed = 0, worst = "", moved = 0, riding = 0
                for t in frames(fps: fps, until: 3) {
                    try sim.advance(to: t)
                    let θ = Double.pi * Ticks.time(Ticks.from(t))
                    let normal = SIMD3(cos(θ), sin(θ), 0)
                    for p in try sim.snapshot().particles {
                        let depth = -dot(p.position - Self.centre, normal), r = length(p.position - Self.centre)
                        if depth <= Collisions.tolerance {
                            if front[p.identity] == nil { front[p.identity] = r }
                        } else if front[p.identity] != nil {
                            crossed += 1
                            if worst.isEmpty { worst = "\(p) \(depth) behind at \(t)" }
                        }
                        guard response == .stick, abs(depth) <= Collisions.tolerance, length(p.velocity) > 0 else { continue }
                        riding += 1
                        if let r0 = front[p.identity], abs(r - r0) > Collisions.tolerance { moved += 1 }
                    }
                }
                let what = "\(response) wiper at \(Int(fps)) updates/s\(jumps ? ", jumping" : "")"
                if jumps {
                    #expect(crossed > 0, "\(what): no mote ends behind the jumping wiper")
                } else {
                    #expect(crossed == 0, "\(what): \(crossed) particle updates behind the wiper, the first \(worst)")
                    if response == .stick {
                        #expect(riding > 100 && moved == 0, "\(what): \(riding) riding, \(moved) off their radius")
                    }
                }
            }
        }
    }
}

import Foundation
import Testing
@testable import Plume
@testable import PlumeGL
import PlumeTestSupport

/// Collision events to the game on the GPU (Semantics §12 "Collisions", §15): the reports of a
/// cell bouncing on a floor and dying at a ball equal the reference's, at 30, 60, 144 and 240
/// updates/s: the same counts, the same particles, ticks and colliders, points within the
/// differential bound.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct CollisionGPUTests {
    /// Swept on the GPU: bullets at 20 000 pt/s (667 points an update at 30 updates/s) shot at a
    /// kill slab 2 points thick, and at a kill ball of radius 3, never reach the far side, at
    /// every update rate, and the GPU holds the reference's particles; without the collider they
    /// do cross (the check can fail).
    @Test(arguments: ["box", "sphere"], [30.0, 60, 144, 240])
    func thinKillCollidersCannotBeTunnelledOnTheGPU(_ shape: String, fps: Double) throws {
        func layer(collider: Bool) -> EmitterLayer {
            let solid = EmitterBehavior(type: .collider, name: shape)
            if shape == "box" {
                solid.colliderShape = .box
                solid.position = CGPoint(x: 200, y: 100)
                solid.orientationLongitude = -.pi / 2
                solid.boxWidth = 400
                solid.boxHeight = 2
            } else {
                solid.colliderShape = .sphere
                solid.position = CGPoint(x: 50, y: 100)
                solid.radius = 3
            }
            solid.collisionResponse = .kill
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 50, y: 0)
            let cell = EmitterCell(name: "bullet")
            cell.birthRate = 20; cell.lifetime = 1; cell.velocity = 20_000
            cell.emissionLongitude = .pi / 2
            layer.emitterCells = [cell]
            layer.emitterBehaviors = collider ? [solid] : []
            return layer
        }
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: layer(collider: true), context: context)
            let cpu = ReferenceSimulator(layer: layer(collider: true))
            let open = try GPUSimulator(layer: layer(collider: false), context: context)
            var crossedWithout = 0
            for t in steps(fps: fps, until: 1) {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
                try open.advance(to: t)
                let g = try gpu.snapshot()
                let beyond = g.particles.filter { $0.position.y > 101 + Collisions.tolerance }
                let example = beyond.first.map(\.description) ?? ""
                #expect(beyond.isEmpty, "\(shape), \(Int(fps)) updates/s, t = \(t): \(beyond.count) beyond, e.g. \(example)")
                compareSnapshots(gpu: g, cpu: try cpu.snapshot(), configuration: "thin kill \(shape) at \(Int(fps)) updates/s",
                                 seed: 0)
                crossedWithout += try open.snapshot().particles.filter { $0.position.y > 101 }.count
            }
            #expect(crossedWithout > 0, "without the collider the bullets cross")
        }
    }

    @Test(arguments: [30.0, 60, 144, 240])
    func collisionAndKillReportsMatchTheReference(fps: Double) throws {
        let subscriptions = [ParticleEventSubscription(cellPath: [0], event: .collision, sampleLimit: 4000),
                             ParticleEventSubscription(cellPath: [0], event: .death, sampleLimit: 4000),
                             ParticleEventSubscription(cellPath: [0, 0], event: .birth, sampleLimit: 4000)]
        try GPU.run(holdingAtMost: .seconds(300)) { context in
            let make = { Scenarios.collisionLayer(kill: false, ball: true) }
            let gpu = try GPUSimulator(layer: make(), context: context)
            let cpu = ReferenceSimulator(layer: make())
            gpu.eventSubscriptions = subscriptions
            cpu.eventSubscriptions = subscriptions
            var expected: [ParticleEventReport] = [], got: [ParticleEventReport] = []
            for t in steps(fps: fps, until: 3) {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
                expected += cpu.takeEventReports(wait: false)
                got += try gpu.takeEventReports(wait: false)
            }
            got += try gpu.takeEventReports(wait: true)
            #expect(got.count == expected.count, "\(got.count) GPU reports, \(expected.count) expected")
            var compared = [EmitterEvent: UInt64]()
            for (g, c) in zip(got, expected) {
                let what = "\(c.subscription.cellPath) \(c.subscription.event) at \(c.layerTime) (\(Int(fps)) updates/s, seed 21)"
                #expect(g.count == c.count, "\(what): GPU \(g.count) vs reference \(c.count)")
                #expect(g.sample.map(\.identity) == c.sample.map(\.identity), "\(what): other particles")
                for (a, b) in zip(g.sample, c.sample) {
                    // the hit's tick from the float path: Tolerance.hitTicks
                    #expect(abs(a.time - b.time) * Ticks.perSecond <= Tolerance.hitTicks && a.collider == b.collider
                            && maxAbs(a.position - b.position) < 0.01,
                            "\(what): \(a.identity) at \(a.time) \(a.position) collider \(a.collider.map(String.init) ?? "-") vs \(b.time) \(b.position) \(b.collider.map(String.init) ?? "-")")
                }
                compared[c.subscription.event, default: 0] += c.count
            }
            #expect(compared[.collision, default: 0] > 50 && compared[.death, default: 0] > 20,
                    "\(Int(fps)) updates/s: events compared \(compared)")
            print("collision reports at \(Int(fps)) updates/s: \(compared)")
        }
    }

    /// A slow frame (one update of 1.5 s) of balls bouncing between two walls 20 points apart at
    /// 300 pt/s (about 22 bounces each in it): both simulators report each ball's first 8 of it
    /// (Collisions.maxReports, the contract's COLLISION_REPORTS), the same ones, and count 8; the
    /// 60-Hz updates around it report every bounce.
    @Test func aLongUpdateReportsAParticlesFirst8Collisions() throws {
        #expect(ShaderConstant.COLLISION_REPORTS == Collisions.maxReports)
        func layer() -> EmitterLayer {
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 110, y: 100)
            let cell = EmitterCell(name: "ball")
            cell.birthRate = 4; cell.lifetime = 4; cell.velocity = 300
            layer.emitterCells = [cell]
            let left = EmitterBehavior(type: .collider, name: "left")         // its normal +x
            left.position = CGPoint(x: 100, y: 0)
            let right = EmitterBehavior(type: .collider, name: "right")       // its normal −x
            right.position = CGPoint(x: 120, y: 0)
            right.orientationLongitude = .pi
            for wall in [left, right] { wall.restitution = 1 }
            layer.emitterBehaviors = [left, right]
            return layer
        }
        let subscription = ParticleEventSubscription(cellPath: [0], event: .collision, sampleLimit: 4000)
        let times = steps(fps: 60, until: 1) + [2.5] + steps(fps: 60, until: 3).filter { $0 > 2.5 }
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: layer(), context: context)
            let cpu = ReferenceSimulator(layer: layer())
            gpu.eventSubscriptions = [subscription]
            cpu.eventSubscriptions = [subscription]
            var longest = [Int]()
            for t in times {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
                let expected = cpu.takeEventReports(wait: true), got = try gpu.takeEventReports(wait: true)
                #expect(got.count == expected.count, "t = \(t): \(got.count) GPU reports, \(expected.count) expected")
                for (g, c) in zip(got, expected) {
                    #expect(g.count == c.count && g.sample.map(\.identity) == c.sample.map(\.identity),
                            "t = \(t): GPU \(g.count) collisions, reference \(c.count)")
                    for (a, b) in zip(g.sample, c.sample) {
                        #expect(abs(a.time - b.time) * Ticks.perSecond <= Tolerance.hitTicks && a.collider == b.collider
                                && maxAbs(a.position - b.position) < 0.01, "t = \(t): \(a) vs \(b)")
                    }
                    let perBall = Dictionary(grouping: c.sample, by: \.identity).values.map(\.count)
                    #expect(perBall.allSatisfy { $0 <= Collisions.maxReports }, "t = \(t): \(perBall)")
                    if t == 2.5 { longest = perBall }
                }
            }
            #expect(longest.filter { $0 == Collisions.maxReports }.count >= 3,
                    "the slow frame's reports: \(longest) collisions a ball (about 22 bounces each in it)")
        }
    }
}

import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Semantics §2/§3/§5/§8: results do not depend on the frame rate; `timeOffset` fast-forwards;
/// seeking rebuilds.
///
/// Tolerance: 1e-4 points (the contract). The reference runs in `Double` and advances in
/// closed form, so the real differences are ~1e-9; anything above 1e-4 is a logic error, not
/// rounding.
@Suite struct FrameRateTests {
    static let tolerance = 1e-4

    /// Layers that exercise shapes, accelerations, colour/scale/spin over life and sub-cells.
    static let configurations: [(String, @Sendable () -> EmitterLayer)] = [
        ("fire", { Preset.fire.makeLayer() }),
        ("colorBalls", { Preset.colorBalls.makeLayer() }),
        ("fireworks", { Preset.fireworks.makeLayer() }),
        ("confetti", { Preset.confetti.makeLayer() }),
        ("cuboid surface 3-D", {
            let cell = EmitterCell(name: "box")
            cell.birthRate = 37
            cell.lifetime = 2.2
            cell.lifetimeRange = 1.4
            cell.velocity = 80
            cell.velocityRange = 60
            cell.emissionLatitude = 0.4
            cell.emissionRange = 1.1
            cell.xAcceleration = -12
            cell.yAcceleration = 40
            cell.zAcceleration = 7
            cell.scaleSpeed = -0.2
            cell.spin = 1.3
            cell.spinRange = 2
            cell.redSpeed = -0.3
            cell.alphaSpeed = -0.25
            let layer = EmitterLayer()
            layer.emitterShape = .cuboid
            layer.emitterMode = .surface
            layer.emitterPosition = CGPoint(x: 300, y: 200)
            layer.emitterSize = CGSize(width: 120, height: 60)
            layer.emitterDepth = 40
            layer.seed = 77
            layer.emitterCells = [cell]
            return layer
        }),
    ]

    @Test(arguments: 0..<configurations.count)
    func sameParticlesAtAnyFrameRate(index: Int) throws {
        let (name, make) = Self.configurations[index]
        let end = 7.0
        let reference = try simulate(make(), times: frames(fps: 60, until: end))
        #expect(reference.particles.count > 10, "\(name): the configuration must produce particles")
        for fps in [24.0, 144.0] {
            let other = try simulate(make(), times: frames(fps: fps, until: end))
            expectSameParticles(reference, other, tolerance: Self.tolerance, "\(name) 60 vs \(fps) fps")
        }
        for seed in [UInt32(1), 2] {
            let other = try simulate(make(), times: irregularTimes(until: end, seed: seed))
            expectSameParticles(reference, other, tolerance: Self.tolerance, "\(name) 60 fps vs irregular steps (seed \(seed))")
        }
    }

    @Test func timeOffsetTenEqualsSteppingThroughTenSeconds() throws {
        for preset in [Preset.snow, .colorBalls] {
            let jumped = preset.makeLayer()
            jumped.timeOffset = 10
            let stepped = preset.makeLayer()
            stepped.timeOffset = 0
            let a = try simulate(jumped, times: [0])
            let b = try simulate(stepped, times: frames(fps: 60, until: 10))
            #expect(a.layerTime == 10 && b.layerTime == 10)
            #expect(a.particles.count > 100, "\(preset): \(a.particles.count) particles after the fast-forward")
            expectSameParticles(a, b, tolerance: Self.tolerance, "\(preset): timeOffset 10 vs 600 frames")
        }
    }

    @Test func seekingBackwardsRebuildsTheEarlierState() throws {
        let layer = Preset.colorBalls.makeLayer()
        let sim = ReferenceSimulator(layer: layer)
        for t in frames(fps: 30, until: 9) { try sim.advance(to: t) }
        try sim.advance(to: 6.5)
        let sought = try sim.snapshot()
        let fresh = try simulate(Preset.colorBalls.makeLayer(), times: frames(fps: 30, until: 6.5))
        #expect(sought.layerTime == 6.5)
        expectSameParticles(sought, fresh, tolerance: Self.tolerance, "seek 9 → 6.5 vs fresh run to 6.5")
    }

    @Test func sameSeedSameParticlesDifferentSeedDifferentParticles() throws {
        let a = try simulate(Preset.fire.makeLayer(), times: frames(fps: 60, until: 2))
        let b = try simulate(Preset.fire.makeLayer(), times: frames(fps: 60, until: 2))
        expectSameParticles(a, b, tolerance: 0, "same seed")
        let other = Preset.fire.makeLayer()
        other.seed = 1
        let c = try simulate(other, times: frames(fps: 60, until: 2))
        #expect(a.particles.map(\.identity.serial) == c.particles.map(\.identity.serial))
        #expect(zip(a.particles, c.particles).allSatisfy { $0.position != $1.position }, "seed 1 must move every particle")
    }
}

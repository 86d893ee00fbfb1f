import Foundation
import Testing
@testable import Plume
@testable import PlumeGL
import PlumeTestSupport

/// Issue 24 item 1: a property declared `@Property(gpu: .cell)` reaches the GPU through its
/// declaration alone. For every declared GPU parameter, a layer with it moved away from the base
/// value gives different particles on the reference (so the reference reads it) and the same
/// particles on the GPU as on the reference (so the GPU reads the same value: had the GPU ignored
/// it, it would still show the base layer's particles).
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct DeclaredParameterGPUTests {
    /// A moving emitter (so `emitterVelocityFraction` matters) with every parameter non-zero, and a
    /// sub-cell (so `parentVelocityFraction` does); the key is changed on both cells.
    static func layer(changing key: String?) -> EmitterLayer {
        let layer = EmitterLayer()
        layer.seed = 7
        layer.emitterPosition = CGPoint(x: 100, y: 100)
        let cell = EmitterCell(name: "c")
        cell.birthRate = 120; cell.lifetime = 1.5; cell.lifetimeRange = 0.5
        cell.emissionRange = .pi / 3
        cell.yAcceleration = 30
        cell.velocity = 60; cell.velocityRange = 20; cell.emitterVelocityFraction = 0.5
        cell.scale = 0.8; cell.scaleRange = 0.2; cell.scaleSpeed = 0.1
        cell.spin = 1; cell.spinRange = 0.5; cell.rotation = 0.3; cell.rotationRange = 0.4
        cell.color = Color(red: 0.5, green: 0.7, blue: 0.9, alpha: 1)   // so parentColorFraction matters
        let sub = EmitterCell(name: "s")
        sub.birthRate = 20; sub.lifetime = 0.5; sub.velocity = 10; sub.emissionRange = .pi
        sub.parentVelocityFraction = 0.5
        cell.emitterCells = [sub]
        layer.emitterCells = [cell]
        if let key {
            for c in [cell, sub] {
                let base = (c.value(forKeyPath: key) as? CGFloat).map(Double.init)
                    ?? (c.value(forKeyPath: key) as? Float).map(Double.init) ?? 0
                c.setValue(base * 1.5 + 0.25, forKeyPath: key)
            }
        }
        return layer
    }

    /// The largest difference between two snapshots of the same particles (position, velocity,
    /// scale, angle, colour): how much a parameter changed what the reference computes.
    static func change(_ a: ParticleSnapshot, _ b: ParticleSnapshot) -> Double {
        var worst = 0.0
        for (p, q) in zip(a.particles, b.particles) {
            worst = max(worst, maxAbs(p.position - q.position), maxAbs(p.velocity - q.velocity),
                        abs(p.scale - q.scale), abs(p.angle - q.angle), maxAbs(p.color - q.color))
        }
        return worst
    }

    @Test(arguments: EmitterCell.GPUParameters.names)
    func theGPUAndTheReferenceReadTheParameter(_ key: String) throws {
        let times = (1...45).map { Double($0) / 60 }
        func run(_ layer: EmitterLayer, _ simulator: any ParticleSimulator) throws -> ParticleSnapshot {
            for t in times {
                layer.emitterPosition.x = 100 + 200 * t   // 200 points/s to the right
                try simulator.advance(to: t)
            }
            return try simulator.snapshot()
        }
        let baseLayer = Self.layer(changing: nil)
        let base = try run(baseLayer, ReferenceSimulator(layer: baseLayer))
        let changedLayer = Self.layer(changing: key)
        let changed = try run(changedLayer, ReferenceSimulator(layer: changedLayer))
        #expect(base.particles.count == changed.particles.count && !base.particles.isEmpty)
        let moved = Self.change(base, changed)
        #expect(moved > 100 * Tolerance.scale, "\(key): the reference's particles did not change (worst \(moved))")
        let worst = try GPU.run { context -> WorstErrors in
            let layer = Self.layer(changing: key)
            let gpu = try run(layer, try GPUSimulator(layer: layer, context: context))
            return compareSnapshots(gpu: gpu, cpu: changed, configuration: "\(key) changed", seed: layer.seed)
        }
        #expect(worst.compared > 0)
        print("declared parameter \(key): reference moved by \(moved); GPU vs reference \(worst)")
    }
}

import Foundation
import PlumeTestSupport
import Testing
@testable import Plume
@testable import PlumeGL

/// Issue 28 item 9 on both simulators: `teleportEmitter(to:)` jumps without a streak (Semantics §9,
/// the screen wrap-around); assigning the same short move streaks.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct TeleportTests {
    static let fps = 30.0, width = 400.0, step = 10.0

    /// A still-particle emitter moving right 10 pt per update and wrapping at x = 400; 311 births/s
    /// (no birth falls on an update's end, so each belongs to one update without doubt).
    static func wrapLayer() -> EmitterLayer {
        let cell = EmitterCell(name: "trail")
        cell.birthRate = 311
        cell.lifetime = 3
        cell.contents = .builtin(.spark)
        let layer = EmitterLayer()
        layer.seed = 7
        layer.emitterCells = [cell]
        return layer
    }

    /// Frames 0…20; the wrap (390 → 0, shorter than the 1,000 pt teleport distance) is at frame 10.
    static func runWrap(_ layer: EmitterLayer, on simulator: ParticleSimulator, teleport: Bool) throws -> [SnapshotParticle] {
        var x = 300.0
        for frame in 0...20 {
            let next = (300 + step * Double(frame)).truncatingRemainder(dividingBy: width)
            if teleport && next < x {
                layer.teleportEmitter(to: CGPoint(x: next, y: 200))
            } else {
                layer.emitterPosition = CGPoint(x: next, y: 200)
            }
            x = next
            try simulator.advance(to: Double(frame) / fps)
        }
        return try simulator.snapshot().particles
    }

    /// The x positions of the births of the update ending at `frame`.
    static func births(_ particles: [SnapshotParticle], update frame: Int) -> [Double] {
        let t0 = Double(frame - 1) / fps, t1 = Double(frame) / fps
        return particles.filter { $0.birthTime > t0 && $0.birthTime <= t1 }.map(\.position.x)
    }

    @Test func aWrapAroundTeleportsWithoutAStreakOnBothSimulators() throws {
        let cpuLayer = Self.wrapLayer(), gpuLayer = Self.wrapLayer()
        let cpu = try Self.runWrap(cpuLayer, on: ReferenceSimulator(layer: cpuLayer), teleport: true)
        let gpu = try GPU.run { context in
            try Self.runWrap(gpuLayer, on: try GPUSimulator(layer: gpuLayer, context: context), teleport: true)
        }
        for (name, particles) in [("CPU", cpu), ("GPU", gpu)] {
            let jump = Self.births(particles, update: 10)
            #expect(jump.count == 10, "\(name): \(jump.count) births in the wrap update (seed 7)")
            #expect(jump.allSatisfy { abs($0) < 1e-3 }, "\(name): births of the wrap update off x = 0: \(jump) (seed 7)")
            // The jump is one update only: the next one spreads its births along 0 → 10 again.
            let after = Self.births(particles, update: 11)
            #expect((after.max() ?? 0) - (after.min() ?? 0) > 5, "\(name): the update after the wrap is not spread: \(after)")
        }
        #expect(cpu.count == gpu.count, "CPU \(cpu.count), GPU \(gpu.count) (seed 7)")
        for (c, g) in zip(cpu, gpu) {
            #expect(c.identity == g.identity && maxAbs(c.position - g.position) < 0.01,
                    "\(c.identity): CPU \(c.position), GPU \(g.position) (seed 7)")
        }
    }

    @Test func aWrapAroundAssignedStreaksAcrossTheScreen() throws {
        // The case `teleportEmitter` is for: the same wrap assigned to `emitterPosition` spreads the
        // update's births along the 390 pt line back across the screen.
        let layer = Self.wrapLayer()
        let cpu = try Self.runWrap(layer, on: ReferenceSimulator(layer: layer), teleport: false)
        let jump = Self.births(cpu, update: 10)
        #expect((jump.max() ?? 0) - (jump.min() ?? 0) > 300, "no streak: \(jump)")
    }
}

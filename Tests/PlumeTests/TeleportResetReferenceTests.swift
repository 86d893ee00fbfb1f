import Foundation
import Testing
@testable import Plume

/// Issue 28 items 9 and 10 on the CPU reference alone (they run where `PLUME_SKIP_GPU=1` skips
/// the GPU ≡ CPU versions in PlumeGLTests' TeleportTests and ResetTests).
struct TeleportResetReferenceTests {
    static func layer() -> EmitterLayer {
        let cell = EmitterCell(name: "trail")
        cell.birthRate = 311          // no birth on an update's end at 30 updates/s
        cell.lifetime = 3
        let layer = EmitterLayer()
        layer.seed = 7
        layer.emitterCells = [cell]
        return layer
    }

    /// The x of the births of the update ending at `frame` (30 updates/s).
    static func births(_ snapshot: ParticleSnapshot, update frame: Int) -> [Double] {
        let t0 = Double(frame - 1) / 30, t1 = Double(frame) / 30
        return snapshot.particles.filter { $0.birthTime > t0 && $0.birthTime <= t1 }.map(\.position.x)
    }

    @Test(arguments: [false, true])
    func aWrapIsAJumpOnlyWhenTeleported(teleport: Bool) throws {
        let layer = Self.layer()
        let simulator = ReferenceSimulator(layer: layer)
        for frame in 0...12 {
            // 10 pt per update to the right, wrapping from 390 to 0 at frame 10.
            let x = (300 + 10 * Double(frame)).truncatingRemainder(dividingBy: 400)
            if teleport && frame == 10 {
                layer.teleportEmitter(to: CGPoint(x: x, y: 50), zPosition: 0)
            } else {
                layer.emitterPosition = CGPoint(x: x, y: 50)
            }
            try simulator.advance(to: Double(frame) / 30)
        }
        let snapshot = try simulator.snapshot()
        let wrap = Self.births(snapshot, update: 10), after = Self.births(snapshot, update: 11)
        let spread = (wrap.max() ?? 0) - (wrap.min() ?? 0)
        if teleport {
            #expect(wrap.count == 10 && spread < 1e-6 && abs(wrap[0]) < 1e-6, "teleported wrap: births at \(wrap)")
        } else {
            #expect(spread > 300, "assigned wrap: births at \(wrap), no streak")
        }
        #expect((after.max() ?? 0) - (after.min() ?? 0) > 5, "the update after the wrap is not spread: \(after)")
    }

    @Test func resetGivesAFreshSimulatorsSnapshots() throws {
        let layer = Self.layer()
        layer.setValue(1, forKeyPath: "emitterCells.nope.birthRate")   // reported at a first update
        let used = ReferenceSimulator(layer: layer), fresh = ReferenceSimulator(layer: layer)
        for frame in 0...20 { try used.advance(to: 3 + Double(frame) / 30) }
        used.reset()
        #expect(used.hostTime == nil && used.layerTime == nil && used.particleCount == 0 && used.diagnostics.isEmpty)
        for frame in 0...20 {
            let t = 50 + Double(frame) / 30
            try used.advance(to: t)
            try fresh.advance(to: t)
            #expect(used.diagnostics == fresh.diagnostics, "at \(t): after reset \(used.diagnostics), fresh \(fresh.diagnostics)")
        }
        let a = try used.snapshot(), b = try fresh.snapshot()
        #expect(a.particles == b.particles && a.counters == b.counters && a.layerTime == b.layerTime,
                "after reset \(a.particles.count) particles, \(a.counters); fresh \(b.particles.count), \(b.counters)")
    }
}

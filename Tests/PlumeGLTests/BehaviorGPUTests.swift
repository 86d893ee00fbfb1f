import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// Behaviours on the GPU path (Semantics §12): the renderer draws the curves and alignment the
/// snapshot reports.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct BehaviorGPUTests {
    static let size = CGSize(width: 240, height: 180)

    static func layer(_ mode: EmitterRenderMode, behaviors: Bool) -> EmitterLayer {
        let cell = EmitterCell(name: "dots")
        cell.contents = .builtin(.hardDisc, size: 12)
        cell.birthRate = 30
        cell.lifetime = 3
        cell.velocity = 40
        cell.emissionRange = 2 * .pi
        cell.spin = 1
        cell.contentsRect = CGRect(x: 0, y: 0, width: 1, height: 0.5)   // half a disc: the angle shows
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 120, y: 90)
        layer.renderMode = mode
        layer.seed = 3
        layer.emitterCells = [cell]
        if behaviors {
            layer.emitterBehaviors = [Scenarios.colorCurve(), Scenarios.curve("scale", [0.5, 2.5]),
                                      Scenarios.curve("spin", [0, 4]), Scenarios.align()]
            layer.emitterBehaviors?.last?.isEnabled = mode == .oldestFirst   // alignment in one of the two paths
        }
        return layer
    }

    /// Renders `make`'s layer on the GPU at `time` and expects the picture to match the reference
    /// snapshot drawn by the software rasterizer (metric and its reasons: `RendererTests`).
    static func renderMatchingReference(_ name: String, time: Double, _ make: () -> EmitterLayer,
                                        sourceLocation: SourceLocation = #_sourceLocation) throws -> [UInt8] {
        let w = Int(size.width), h = Int(size.height)
        let (gpu, _, reference, layer) = try RendererTests.render(make, time: time, width: w, height: h)
        var cpu = SoftwareRasterizer(width: w, height: h)
        cpu.draw(reference, layer: layer)
        let (mae, psnr) = cpu.compare(to: gpu)
        print("render \(name): MAE \(String(format: "%.3f", mae)) steps, PSNR \(String(format: "%.1f", psnr)) dB over \(reference.particles.count) particles")
        #expect(mae <= 1.0, "\(name) seed 3 at t \(time): mean absolute error \(mae) steps per channel", sourceLocation: sourceLocation)
        #expect(psnr >= 34, "\(name) seed 3 at t \(time): PSNR \(psnr) dB", sourceLocation: sourceLocation)
        return gpu
    }

    /// The GPU picture of curves (colour, scale, spin) and alignment matches the reference snapshot
    /// drawn by the software rasterizer (metric and its reasons: `RendererTests`), through the
    /// unordered path (draw.vert) and the sorted one (draw_sorted.vert); and the behaviours change
    /// the picture: the colour curve turns white discs orange-red (blue drops).
    @Test(arguments: [EmitterRenderMode.additive, .oldestFirst])
    func rendererDrawsWhatTheSnapshotSays(_ mode: EmitterRenderMode) throws {
        let (w, h) = (Int(Self.size.width), Int(Self.size.height))
        let gpu = try Self.renderMatchingReference("behaviours \(mode)", time: 2.5) { Self.layer(mode, behaviors: true) }

        let (plain, _, _, _) = try RendererTests.render({ Self.layer(mode, behaviors: false) }, time: 2.5, width: w, height: h)
        func sums(_ px: [UInt8]) -> SIMD3<Double> {
            var s = SIMD3<Double>.zero
            for i in stride(from: 0, to: px.count, by: 4) { s += SIMD3(Double(px[i]), Double(px[i + 1]), Double(px[i + 2])) }
            return s
        }
        let curved = sums(gpu), white = sums(plain)
        #expect(white.z > 0 && abs(white.x - white.z) < 1e-6 * white.x, "\(mode): plain discs are white: \(white)")
        #expect(curved.z < 0.5 * curved.x, "\(mode): the colour curve must take the blue out: \(curved)")
    }

    /// A magnet: dots emitted at the left in every direction, an attractor (with drag to settle
    /// them) on the right pulls them into a spot there.
    static func magnet(_ mode: EmitterRenderMode, attractor: Bool) -> EmitterLayer {
        let layer = Self.layer(mode, behaviors: false)
        layer.emitterPosition = CGPoint(x: 60, y: 90)
        let magnet = EmitterBehavior(type: .attractor, name: "magnet")
        magnet.position = CGPoint(x: 180, y: 90)
        magnet.stiffness = 6
        magnet.falloffDistance = 400
        layer.emitterBehaviors = attractor ? [magnet, Scenarios.drag(2.5)] : []
        return layer
    }

    /// Motion behaviours are drawn (draw.vert and draw_sorted.vert evaluate them): the GPU picture
    /// of the magnet matches the reference snapshot rasterized, the spot at the attractor is lit,
    /// and without the attractor it stays dark.
    @Test(arguments: [EmitterRenderMode.additive, .oldestFirst])
    func rendererDrawsMotionBehaviors(_ mode: EmitterRenderMode) throws {
        let (w, h) = (Int(Self.size.width), Int(Self.size.height))
        let gpu = try Self.renderMatchingReference("magnet \(mode)", time: 3.5) { Self.magnet(mode, attractor: true) }
        // The spot: pixels within 4 of (180, 90) (row 90 is the middle whichever way rows run).
        func spot(_ px: [UInt8]) -> Double {
            var sum = 0.0
            for y in 86...94 { for x in 176...184 { sum += Double(px[4 * (y * w + x)]) } }
            return sum / 81
        }
        let (plain, _, _, _) = try RendererTests.render({ Self.magnet(mode, attractor: false) }, time: 3.5, width: w, height: h)
        #expect(spot(gpu) > 100, "\(mode): the attractor's spot must be lit: mean red \(spot(gpu))")
        #expect(spot(plain) < 10, "\(mode): without the attractor the spot stays dark: mean red \(spot(plain))")
    }
}

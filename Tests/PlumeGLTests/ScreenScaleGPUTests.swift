import Foundation
import Testing
@testable import Plume
@testable import PlumeDrawing
@testable import PlumeGL

/// The renderer's points-to-pixels follow the screen's scale (issue 27 item 3), and a sprite
/// drawn in code is as large in points as on iOS at any scale.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct ScreenScaleGPUTests {
    /// The width in pixels of what one particle showing `image` (at `contentsScale`) covers on row
    /// 64 of a 128 × 128-pixel framebuffer projected at the screen's scale, the particle at the
    /// centre of the layer.
    static func drawnWidth(_ image: SpriteImage, contentsScale: CGFloat) throws -> Int {
        try GPU.run { context in
            let cell = EmitterCell()
            cell.contents = image
            cell.contentsScale = contentsScale
            cell.birthRate = 1
            cell.lifetime = 10
            let layer = EmitterLayer()
            let points = 128 / Screen.main.scale
            layer.emitterPosition = CGPoint(x: points / 2, y: points / 2)
            layer.emitterCells = [cell]
            let sim = try GPUSimulator(layer: layer, context: context)
            try sim.advance(to: 0)
            try sim.advance(to: 1.5)
            let target = try OffscreenTarget(context: context, width: 128, height: 128)
            try target.begin(clearTo: .clear)
            try ParticleRenderer(context: context).draw(sim, viewProjection: .layer(framebufferWidth: 128, framebufferHeight: 128))
            let pixels = try target.premultipliedPixels()
            return (0..<128).filter { pixels[(64 * 128 + $0) * 4 + 3] > 127 }.count
        }
    }

    @Test(arguments: [1.0, 2.0, 3.0]) func aSpriteDrawnInCodeIsAsLargeInPointsAsOnIOS(_ scale: CGFloat) throws {
        try Screen.withScale(scale) {
            // A 10-point disc drawn in code: 10 × scale pixels, UIImage.scale = scale.
            let disc = ImageRenderer(size: CGSize(width: 10, height: 10)).image { ctx in
                ctx.cgContext.setFillColor(.white)
                ctx.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
            }
            // cell.contentsScale = image.scale: 10 points, i.e. 10 × scale pixels on screen.
            let atPointSize = try Self.drawnWidth(disc, contentsScale: disc.scale)
            #expect(abs(atPointSize - Int(10 * scale)) <= 1, "scale \(scale): \(atPointSize) pixels for 10 points")
            // contentsScale 1 (CAEmitterCell's default): the image's pixels are points, as on
            // iOS, where a Retina sprite without contentsScale draws scale × larger.
            let atOne = try Self.drawnWidth(disc, contentsScale: 1)
            #expect(abs(atOne - Int(10 * scale * scale)) <= 1, "scale \(scale), contentsScale 1: \(atOne) pixels")
        }
    }
}

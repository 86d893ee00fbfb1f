import Foundation
import PlumeWindow
import Testing
@testable import Plume
@testable import PlumeGL

/// Issue 28 item 8: the public viewport, clear and window calls a game uses instead of the
/// internal CEpoxy/CGLFW modules (the examples' loops; ExamplesTests runs them in windows).
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct FrameAPITests {
    /// The brightest pixel's position in an RGBA picture `width` wide.
    static func brightest(_ pixels: [UInt8], width: Int) -> (x: Int, y: Int) {
        var best = (x: 0, y: 0, value: -1)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let value = Int(pixels[i]) + Int(pixels[i + 1]) + Int(pixels[i + 2])
            if value > best.value { best = (i / 4 % width, i / 4 / width, value) }
        }
        return (best.x, best.y)
    }

    @Test func clearFillsTheBoundFramebufferAndTheViewportPlacesTheDrawing() throws {
        try GPU.run { context in
            let target = try OffscreenTarget(context: context, width: 64, height: 64)
            defer { target.release() }
            try target.begin(clearTo: .black)
            try context.clear(to: Color(red: 1, green: 0, blue: 0, alpha: 1))
            let red = try target.premultipliedPixels()
            let notRed = stride(from: 0, to: red.count, by: 4).filter { red[$0] != 255 || red[$0 + 1] != 0 || red[$0 + 2] != 0 }
            #expect(notRed.isEmpty, "\(notRed.count) of 4096 pixels are not red after clear(to: red)")

            // Particles at the layer's centre, drawn with the viewport on the lower-left quadrant:
            // they land at that quadrant's centre (GL's lower left is the picture's bottom left).
            let cell = EmitterCell()
            cell.birthRate = 200
            cell.lifetime = 5
            cell.contents = .builtin(.hardDisc, size: 8)
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 32, y: 32)
            layer.emitterCells = [cell]
            let simulator = try GPUSimulator(layer: layer, context: context)
            let renderer = try ParticleRenderer(context: context)
            defer { simulator.release(); renderer.release() }
            try simulator.advance(to: 0)
            try simulator.advance(to: 0.5)
            try target.begin(clearTo: .black)
            try context.setViewport(x: 0, y: 0, width: 32, height: 32)
            try renderer.draw(simulator, viewProjection: .layer(width: 64, height: 64))
            let spot = Self.brightest(try target.premultipliedPixels(), width: 64)
            #expect(abs(spot.x - 16) <= 3 && abs(spot.y - 48) <= 3, "particles drawn at \(spot), expected near (16, 48)")
        }
    }

    @Test func windowCallsDoNothingWithoutAWindow() throws {
        try GPU.run { context in
            #expect(context.framebufferSize == nil && !context.shouldClose && !context.isKeyDown(.escape))
            context.pollEvents()
            context.swapBuffers()
            context.setSwapInterval(1)
            #expect(GLContext.Key.character("x") == GLContext.Key.character("X"))
            #expect(GLContext.Key.character("x")?.code == 88 && GLContext.Key.character("?") == nil)
        }
    }

    @Test func theCallsThrowWithoutTheContextCurrent() throws {
        let context = try GPU.run { $0 }
        #expect(throws: GLError.self) { try context.clear(to: .black) }
        #expect(throws: GLError.self) { try context.setViewport(width: 8, height: 8) }
    }
}

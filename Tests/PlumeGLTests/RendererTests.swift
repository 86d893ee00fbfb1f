import CEpoxy
import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// The renderer on llvmpipe: pictures against a software rasterizer of the reference, golden
/// pictures of the presets, orders, additive blending and the host's GL state.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct RendererTests {
    /// Renders `layer` (a fresh copy per simulator) at host time `time` on the GPU; returns the
    /// premultiplied framebuffer, the GPU-side image and the reference snapshot at that time.
    static func render(_ make: () -> EmitterLayer, time: Double, width: Int, height: Int, fps: Double = 30,
                       path: DrawPath = .automatic, yUp: Bool = false, rgba8: Bool = false,
                       inspect: (GPUSimulator) throws -> Void = { _ in })
        throws -> (gpu: [UInt8], image: SpriteImage, reference: ParticleSnapshot, layer: EmitterLayer) {
        try GPU.run { context in
            let layer = make()
            let simulator = try GPUSimulator(layer: layer, context: context)
            let cpuLayer = make()
            let reference = ReferenceSimulator(layer: cpuLayer)
            let n = Int((time * fps).rounded())
            for f in 0...n {
                try simulator.advance(to: Double(f) / fps)
                try reference.advance(to: Double(f) / fps)
            }
            let renderer = try ParticleRenderer(context: context)
            renderer.drawPath = path
            let target = try OffscreenTarget(context: context, width: width, height: height)
            try target.begin(clearTo: .black)
            if rgba8 {
                // Drawn into an R8G8B8A8 renderbuffer (no llvmpipe linear path), then copied; its
                // opaque black clear lets additive layers draw there directly, not through a
                // (B8G8R8A8) layer image.
                renderer.backdrop = .black
                let framebuffer = context.makeFramebuffer(), colour = context.makeRenderbuffer()
                defer {
                    context.delete(framebuffer)
                    context.delete(colour)
                }
                try context.attachColorRenderbuffer(colour, to: framebuffer, width: width, height: height)
                let targetFramebuffer = GL.integer(.drawFramebufferBinding)
                context.clear(framebuffer, width: width, height: height, to: SIMD4(0, 0, 0, 1))
                try renderer.draw(simulator, viewProjection: .layer(width: Float(width), height: Float(height), yUp: yUp))
                GL.bindFramebuffer(.read, framebuffer.name)
                GL.bindFramebuffer(.draw, GLuint(targetFramebuffer))
                GL.blitColor(width: width, height: height)
            } else {
                try renderer.draw(simulator, viewProjection: .layer(width: Float(width), height: Float(height), yUp: yUp))
            }
            if path != .automatic {
                let other = renderer.lastDrawPaths.filter { $0.value != path }
                #expect(!renderer.lastDrawPaths.isEmpty && other.isEmpty, "\(path) was asked for: \(renderer.lastDrawPaths)")
            }
            try inspect(simulator)
            return (try target.premultipliedPixels(), try target.image(), try reference.snapshot(), cpuLayer)
        }
    }

    static let size = CGSize(width: 240, height: 180)

    /// The GPU picture matches the reference snapshot drawn by the software rasterizer.
    ///
    /// Metric: mean absolute error per channel (8-bit steps) ≤ 1.0 and PSNR ≥ 34 dB. Both
    /// pictures quantize to 8 bits after every particle; what remains is edge coverage (the GPU
    /// rasterizes two triangles with its fill rule, the CPU tests pixel centres against the quad),
    /// float vs double positions and llvmpipe's blending arithmetic: a few steps on edge pixels,
    /// far below the ~30 steps a misplaced, mis-sized, mis-rotated or mis-coloured particle makes.
    @Test(arguments: [Preset.fire, .snow, .colorBalls, .confetti, .smoke, .fireworks], DrawPath.variants)
    func gpuPictureMatchesTheReferenceRasterized(_ preset: Preset, _ path: DrawPath) throws {
        let make = { () -> EmitterLayer in
            let layer = preset.makeLayer(size: Self.size)
            if layer.renderMode == .unordered { layer.renderMode = .oldestFirst }   // a defined order on both sides
            return layer
        }
        let (gpu, _, reference, layer) = try Self.render(make, time: 2.5, width: Int(Self.size.width), height: Int(Self.size.height),
                                                         path: path)
        var cpu = SoftwareRasterizer(width: Int(Self.size.width), height: Int(Self.size.height))
        cpu.draw(reference, layer: layer)
        let (mae, psnr) = cpu.compare(to: gpu)
        print("render \(preset) (\(path)): MAE \(String(format: "%.3f", mae)) steps, PSNR \(String(format: "%.1f", psnr)) dB over \(reference.particles.count) particles")
        #expect(mae <= 1.0, "\(preset) (\(path)): mean absolute error \(mae) steps per channel")
        #expect(psnr >= 34, "\(preset) (\(path)): PSNR \(psnr) dB")
        #expect(gpu.contains { $0 > 40 && $0 < 255 }, "\(preset) (\(path)): the picture is empty")
    }

    // MARK: Orders and blending

    /// Two opaque discs at the same place: serial 1 (born at 1 s, now nearer the viewer) and
    /// serial 2 (born at 2 s); their colours tell them apart.
    static func pair(_ mode: EmitterRenderMode) -> EmitterLayer {
        let cell = EmitterCell(name: "pair")
        cell.contents = .builtin(.hardDisc, size: 32)
        cell.birthRate = 1
        cell.lifetime = 10
        cell.velocity = 10
        cell.emissionLatitude = -.pi / 2          // towards the viewer: z = 10·age
        cell.color = Color(red: 1, green: 0, blue: 0, alpha: 1)
        cell.redSpeed = -0.5
        cell.blueSpeed = 0.5
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 32, y: 32)
        layer.renderMode = mode
        layer.emitterCells = [cell]
        return layer
    }

    /// The centre pixel's (red, blue) at t = 2.5: serial 1 is (0.25, 0.75), serial 2 (0.75, 0.25).
    static func centre(_ mode: EmitterRenderMode, _ path: DrawPath) throws -> (red: Int, blue: Int) {
        let (gpu, _, reference, _) = try render({ pair(mode) }, time: 2.5, width: 64, height: 64, path: path)
        #expect(reference.particles.count == 2)
        let i = (32 * 64 + 32) * 4
        return (Int(gpu[i]), Int(gpu[i + 2]))
    }

    @Test(arguments: DrawPath.variants) func oldestFirstShowsTheNewestOnTop(_ path: DrawPath) throws {
        let c = try Self.centre(.oldestFirst, path)
        #expect(abs(c.red - 191) <= 2 && abs(c.blue - 64) <= 2, "\(path): centre \(c): serial 2 (0.75, 0.25) must be on top")
    }

    @Test(arguments: DrawPath.variants) func oldestLastShowsTheOldestOnTop(_ path: DrawPath) throws {
        let c = try Self.centre(.oldestLast, path)
        #expect(abs(c.red - 64) <= 2 && abs(c.blue - 191) <= 2, "\(path): centre \(c): serial 1 (0.25, 0.75) must be on top")
    }

    @Test(arguments: DrawPath.variants) func backToFrontShowsTheNearestOnTop(_ path: DrawPath) throws {
        let c = try Self.centre(.backToFront, path)
        #expect(abs(c.red - 64) <= 2 && abs(c.blue - 191) <= 2, "\(path): centre \(c): serial 1, the nearest (z = 15), must be on top")
    }

    /// backToFront orders particles by the z their motion behaviours give them, as the reference
    /// does: a constant wave force of 16 points/s² towards −z (frequency 0, phase π/2: a closed
    /// form, whose anchor stays at birth) pulls the older particle behind the younger (z −3 and 3
    /// at t = 2.5, ages 1.5 and 0.5 s), where their ballistic z (15 and 5) would put the older in
    /// front.
    @Test(arguments: DrawPath.variants) func backToFrontOrdersByTheBehavioursZ(_ path: DrawPath) throws {
        let make = { () -> EmitterLayer in
            let layer = Self.pair(.backToFront)
            layer.emitterBehaviors = [Scenarios.wave(SIMD3(0, 0, -16), 0, phase: .pi / 2)]
            return layer
        }
        let (gpu, _, reference, _) = try Self.render(make, time: 2.5, width: 64, height: 64, path: path)
        let z = reference.particles.sorted { $0.identity.serial < $1.identity.serial }.map(\.position.z)
        #expect(z.count == 2 && abs(z[0] + 3) < 1e-6 && abs(z[1] - 3) < 1e-6, "reference z \(z)")
        let i = (32 * 64 + 32) * 4
        let c = (red: Int(gpu[i]), blue: Int(gpu[i + 2]))
        #expect(abs(c.red - 191) <= 2 && abs(c.blue - 64) <= 2, "\(path): centre \(c): serial 2, the nearest (z = 3), must be on top")
    }

    @Test(arguments: DrawPath.variants) func additiveAdds(_ path: DrawPath) throws {
        let make = { () -> EmitterLayer in
            let layer = Self.pair(.additive)
            let cell = layer.emitterCells![0]
            cell.color = Color(red: 0.3, green: 0.2, blue: 0.1, alpha: 1)
            cell.redSpeed = 0
            cell.blueSpeed = 0
            return layer
        }
        let (gpu, _, _, _) = try Self.render(make, time: 2.5, width: 64, height: 64, path: path)
        let i = (32 * 64 + 32) * 4
        let rgb = [Int(gpu[i]), Int(gpu[i + 1]), Int(gpu[i + 2])]
        #expect(abs(rgb[0] - 153) <= 2 && abs(rgb[1] - 102) <= 2 && abs(rgb[2] - 51) <= 2,
                "\(path): two additive particles of (0.3, 0.2, 0.1) must add to (0.6, 0.4, 0.2): \(rgb)")
    }

    /// A white image takes the particle colour exactly; images are upright in y-down and y-up
    /// projections.
    @Test(arguments: DrawPath.variants) func imagesAreUprightInBothProjections(_ path: DrawPath) throws {
        // An image whose top half is opaque and bottom half transparent.
        var pixels = [UInt8](repeating: 255, count: 16 * 16 * 4)
        for y in 8..<16 { for x in 0..<16 { pixels[(y * 16 + x) * 4 + 3] = 0 } }
        let image = try SpriteImage(width: 16, height: 16, pixels: pixels)
        for yUp in [false, true] {
            let rows = try GPU.run { context -> [UInt8] in
                let cell = EmitterCell()
                cell.contents = image
                cell.birthRate = 1
                cell.lifetime = 10
                cell.scale = 2
                cell.color = Color(red: 0.2, green: 0.6, blue: 1, alpha: 1)
                let layer = EmitterLayer()
                layer.emitterPosition = CGPoint(x: 32, y: 32)
                layer.emitterCells = [cell]
                let sim = try GPUSimulator(layer: layer, context: context)
                try sim.advance(to: 0)   // the layer starts at host time 0 (Semantics §8)
                try sim.advance(to: 1.5)
                let target = try OffscreenTarget(context: context, width: 64, height: 64)
                try target.begin(clearTo: .clear)
                let renderer = try ParticleRenderer(context: context)
                renderer.drawPath = path
                try renderer.draw(sim, viewProjection: .layer(width: 64, height: 64, yUp: yUp))
                return try target.premultipliedPixels()
            }
            // The picture's upper half (rows above the centre) holds the opaque image half.
            let upper = rows[(26 * 64 + 32) * 4 + 3], lower = rows[(38 * 64 + 32) * 4 + 3]
            #expect(upper == 255 && lower == 0, "\(path), y-up \(yUp): alpha above the centre \(upper), below \(lower)")
            let c = Array(rows[(26 * 64 + 32) * 4..<(26 * 64 + 32) * 4 + 3])
            #expect(c == [51, 153, 255], "\(path): white image × colour (0.2, 0.6, 1) must be exact: \(c)")
        }
    }

    /// `draw` leaves the host's GL state as it found it (the list in ParticleRenderer's docs).
    @Test(arguments: DrawPath.variants) func glStateIsRestored(_ path: DrawPath) throws {
        try GPU.run { context in
            let sim = try GPUSimulator(layer: Preset.colorBalls.makeLayer(size: Self.size), context: context)
            for f in 0...60 { try sim.advance(to: Double(f) / 30) }
            let target = try OffscreenTarget(context: context, width: 64, height: 64)
            try target.begin()
            // A host's state, every probed value set away from GL's default first, so restoring
            // anything to its default (or not at all) fails.
            let vao = context.makeVertexArray(), feedback = context.makeTransformFeedback()
            let buffers = try (0..<4).map { _ in try context.makeBuffer(bytes: 64) }
            let textures = (0..<4).map { _ in context.makeTexture() }
            let hostProgram = try context.programs.program(HashVectorsUniforms.self)
            defer {
                GL.bindTransformFeedback(0)
                GL.bindBuffer(.pixelUnpack, 0)
                GL.pixelStore(.unpackAlignment, 4)
                GL.pixelStore(.unpackRowLength, 0)
                GL.pixelStore(.unpackSkipRows, 0)
                GL.pixelStore(.unpackSkipPixels, 0)
                GL.disable(.scissorTest)
                GL.disable(.blend)
                GL.disable(.depthTest)
                GL.disable(.cullFace)
                GL.blendFunc(.one, .zero, .one, .zero)
                GL.blendEquation(.add, .add)
                GL.bindBuffer(.copyRead, 0)
                GL.bindBuffer(.copyWrite, 0)
                GL.bindBuffer(.array, 0)
                GL.bindVertexArray(0)
                GL.activeTexture(unit: 0)
                GL.useProgram(0)
                GL.pointSpriteOrigin(.upperLeft)
                context.delete(vao)
                context.delete(feedback)
                buffers.forEach { context.delete($0) }
                textures.forEach { context.delete($0) }
            }
            hostProgram.use()
            GL.bindVertexArray(vao.name)
            GL.bindBuffer(.array, buffers[0].name)
            GL.bindTransformFeedback(feedback.name)
            for unit in 0..<3 {
                GL.activeTexture(unit: Int32(unit))
                GL.bindTexture(.buffer, textures[unit].name)
            }
            GL.activeTexture(unit: 0)
            GL.bindTexture(.texture2D, textures[3].name)
            GL.activeTexture(unit: 3)
            GL.enable(.depthTest)
            GL.enable(.cullFace)
            GL.enable(.blend)
            GL.blendFunc(.srcColor, .dstAlpha, .dstColor, .srcAlpha)
            GL.blendEquation(.subtract, .max)
            GL.pixelStore(.unpackAlignment, 8)
            GL.pixelStore(.unpackRowLength, 3)
            GL.pixelStore(.unpackSkipRows, 2)
            GL.pixelStore(.unpackSkipPixels, 1)
            GL.bindBuffer(.pixelUnpack, buffers[1].name)
            GL.bindBuffer(.copyRead, buffers[2].name)
            GL.bindBuffer(.copyWrite, buffers[3].name)
            GL.viewport(SIMD4(3, 5, 40, 50))
            GL.scissor(SIMD4(2, 4, 30, 20))
            GL.enable(.scissorTest)
            GL.pointSpriteOrigin(.lowerLeft)
            GL.blendColor(SIMD4(0.125, 0.25, 0.375, 0.5))
            let before = StateProbe()
            let defaults = StateProbe.defaults(framebuffer: before.values["GL_FRAMEBUFFER_BINDING"]!)
            let unchanged = before.values.filter { defaults[$0.key] == $0.value }.map(\.key).sorted()
            #expect(unchanged.isEmpty, "the test leaves these at GL's default, so it could not see them reset: \(unchanged)")
            // A sorted render mode and a fresh renderer exercise the ordering and texture upload;
            // the simulation passes must restore the state too.
            sim.layer.renderMode = .oldestLast
            try sim.advance(to: 2.1)
            let afterUpdate = StateProbe()
            #expect(before == afterUpdate, "after advance: \(before.difference(afterUpdate))")
            let renderer = try ParticleRenderer(context: context)
            renderer.drawPath = path
            try renderer.draw(sim, viewProjection: .layer(width: 64, height: 64))
            sim.layer.renderMode = .additive                // and the unordered programs
            try sim.advance(to: 2.2)
            try renderer.draw(sim, viewProjection: .layer(width: 64, height: 64))
            let after = StateProbe()
            #expect(before == after, "\(path): after draw: \(before.difference(after))")
            GL.scissor(SIMD4(0, 0, 64, 64))
            GL.viewport(SIMD4(0, 0, 64, 64))
        }
    }

    /// Golden pictures of every preset (320×240 at t = 3 s). `PLUME_RECORD_GOLDENS=1` re-records
    /// them and fails the run, so a recording is never mistaken for a pass. They are also the
    /// README's pictures. Tolerance: MAE ≤ 1 step and PSNR ≥ 40 dB (other llvmpipe versions round
    /// differently at edges).
    @Test(arguments: Preset.allCases, [DrawPath.automatic] + DrawPath.variants)
    func presetsMatchTheirGoldenPictures(_ preset: Preset, _ drawPath: DrawPath) throws {
        let size = (320, 240)
        let (gpu, image, _, _) = try Self.render({ preset.makeLayer(size: CGSize(width: size.0, height: size.1)) },
                                                 time: 3, width: size.0, height: size.1, path: drawPath)
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appending(path: "Goldens")
        let path = folder.appending(path: "\(preset.rawValue).png").path
        if ProcessInfo.processInfo.environment["PLUME_RECORD_GOLDENS"] == "1" {
            guard drawPath == .automatic else { return }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try image.writePNG(to: path)
            Issue.record("recorded \(path): run again without PLUME_RECORD_GOLDENS to test against it")
            return
        }
        let golden = try SpriteImage(contentsOfPNGFile: path)
        #expect(golden.width == size.0 && golden.height == size.1)
        // Compare straight-alpha pictures (both opaque here: black background).
        var sum = 0.0, squares = 0.0
        for (a, b) in zip(golden.pixels, image.pixels) {
            let d = Double(a) - Double(b)
            sum += abs(d)
            squares += d * d
        }
        let n = Double(golden.pixels.count)
        let mae = sum / n, psnr = squares == 0 ? Double.infinity : 10 * log10(255 * 255 / (squares / n))
        #expect(mae <= 1 && psnr >= 40, "\(preset) drawn by \(drawPath) vs \(path): MAE \(mae), PSNR \(psnr) dB")
        _ = gpu
    }
}

/// The GL state the renderer promises to restore.
struct StateProbe: Equatable, CustomStringConvertible {
    var values: [String: Int] = [:]
    init() {
        func get(_ name: String, _ state: GLIntegerState) { values[name] = Int(GL.integer(state)) }
        func get4(_ name: String, _ state: GLIntegerState) {
            for (i, x) in GL.integers(state).enumerated() { values["\(name)[\(i)]"] = Int(x) }
        }
        get("GL_CURRENT_PROGRAM", .currentProgram)
        get("GL_VERTEX_ARRAY_BINDING", .vertexArrayBinding)
        get("GL_ARRAY_BUFFER_BINDING", .arrayBufferBinding)
        get("GL_ACTIVE_TEXTURE", .activeTexture)
        get("GL_TRANSFORM_FEEDBACK_BINDING", .transformFeedbackBinding)
        get("GL_FRAMEBUFFER_BINDING", .framebufferBinding)
        get("GL_READ_FRAMEBUFFER_BINDING", .readFramebufferBinding)
        for (name, capability) in [("GL_BLEND", GLCapability.blend), ("GL_DEPTH_TEST", .depthTest), ("GL_CULL_FACE", .cullFace),
                                   ("GL_SCISSOR_TEST", .scissorTest)] {
            values[name] = GL.isEnabled(capability) ? 1 : 0
        }
        // Rasterizer discard is off in any host that draws: restored, but not set by the test.
        discard = GL.isEnabled(.rasterizerDiscard) ? 1 : 0
        // Program point size: the renderer turns it on for point sprites, so the test leaves it at
        // its default (off) to see it restored (it is not in `defaults`).
        values["GL_PROGRAM_POINT_SIZE"] = GL.isEnabled(.programPointSize) ? 1 : 0
        get("GL_POINT_SPRITE_COORD_ORIGIN", .pointSpriteCoordOrigin)
        get("GL_BLEND_SRC_RGB", .blendSrcRGB)
        get("GL_BLEND_DST_RGB", .blendDstRGB)
        get("GL_BLEND_SRC_ALPHA", .blendSrcAlpha)
        get("GL_BLEND_DST_ALPHA", .blendDstAlpha)
        get("GL_BLEND_EQUATION_RGB", .blendEquationRGB)
        get("GL_BLEND_EQUATION_ALPHA", .blendEquationAlpha)
        // The blend colour (a faded layer image's particles blend by its alpha), in millionths.
        for (i, x) in GL.floats(.blendColor).enumerated() { values["GL_BLEND_COLOR[\(i)]"] = Int((x * 1_000_000).rounded()) }
        get("GL_UNPACK_ALIGNMENT", .pixelStore(.unpackAlignment))
        get("GL_UNPACK_ROW_LENGTH", .pixelStore(.unpackRowLength))
        get("GL_UNPACK_SKIP_ROWS", .pixelStore(.unpackSkipRows))
        get("GL_UNPACK_SKIP_PIXELS", .pixelStore(.unpackSkipPixels))
        get("GL_PIXEL_UNPACK_BUFFER_BINDING", .pixelUnpackBufferBinding)
        get("GL_COPY_READ_BUFFER_BINDING", .copyReadBufferBinding)
        get("GL_COPY_WRITE_BUFFER_BINDING", .copyWriteBufferBinding)
        get4("GL_VIEWPORT", .viewport)
        get4("GL_SCISSOR_BOX", .scissorBox)
        let active = GL.activeTextureUnit
        for unit in 0..<3 {
            GL.activeTexture(unit: Int32(unit))
            get("unit \(unit) GL_TEXTURE_BUFFER", .bufferTextureBinding)
        }
        GL.activeTexture(unit: 0)
        get("unit 0 GL_TEXTURE_2D", .texture2DBinding)
        GL.activeTexture(unit: active)
    }
    var discard = 0

    /// GL's initial values of the probed state (a 64×64 target bound as `framebuffer`; GL's
    /// initial viewport and scissor are the window's size, which the test's values differ from).
    static func defaults(framebuffer: Int) -> [String: Int] {
        var d: [String: Int] = [
            "GL_CURRENT_PROGRAM": 0, "GL_VERTEX_ARRAY_BINDING": 0, "GL_ARRAY_BUFFER_BINDING": 0,
            "GL_ACTIVE_TEXTURE": Int(GL_TEXTURE0), "GL_TRANSFORM_FEEDBACK_BINDING": 0,
            "GL_FRAMEBUFFER_BINDING": 0, "GL_READ_FRAMEBUFFER_BINDING": 0,
            "GL_BLEND": 0, "GL_DEPTH_TEST": 0, "GL_CULL_FACE": 0, "GL_SCISSOR_TEST": 0,
            "GL_BLEND_SRC_RGB": Int(GL_ONE), "GL_BLEND_DST_RGB": Int(GL_ZERO), "GL_BLEND_SRC_ALPHA": Int(GL_ONE),
            "GL_BLEND_DST_ALPHA": Int(GL_ZERO), "GL_BLEND_EQUATION_RGB": Int(GL_FUNC_ADD),
            "GL_BLEND_EQUATION_ALPHA": Int(GL_FUNC_ADD), "GL_UNPACK_ALIGNMENT": 4, "GL_UNPACK_ROW_LENGTH": 0,
            "GL_UNPACK_SKIP_ROWS": 0, "GL_UNPACK_SKIP_PIXELS": 0, "GL_PIXEL_UNPACK_BUFFER_BINDING": 0,
            "GL_COPY_READ_BUFFER_BINDING": 0, "GL_COPY_WRITE_BUFFER_BINDING": 0,
            "GL_VIEWPORT[0]": 0, "GL_VIEWPORT[1]": 0, "GL_VIEWPORT[2]": 64, "GL_VIEWPORT[3]": 64,
            "GL_SCISSOR_BOX[0]": 0, "GL_SCISSOR_BOX[1]": 0, "GL_SCISSOR_BOX[2]": 64, "GL_SCISSOR_BOX[3]": 64,
            "unit 0 GL_TEXTURE_2D": 0, "GL_POINT_SPRITE_COORD_ORIGIN": Int(GL_UPPER_LEFT),
        ]
        for unit in 0..<3 { d["unit \(unit) GL_TEXTURE_BUFFER"] = 0 }
        for i in 0..<4 { d["GL_BLEND_COLOR[\(i)]"] = 0 }
        _ = framebuffer
        return d
    }

    /// The probed values that differ, for failure messages.
    func difference(_ other: StateProbe) -> String {
        values.keys.sorted().filter { values[$0] != other.values[$0] }
            .map { "\($0): \(values[$0]!) → \(other.values[$0] ?? -1)" }.joined(separator: ", ")
            + (discard != other.discard ? " GL_RASTERIZER_DISCARD: \(discard) → \(other.discard)" : "")
    }

    var description: String { values.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ") }
}

import CEpoxy
import Foundation
import Plume

/// Measures the driver's floor for drawing particles, for benchmarks that report the renderer's
/// cost beside it: `count` point sprites of `size` pixels read from a vertex buffer of 16 bytes
/// each (position, size, alpha) by a vertex stage that does no arithmetic, textured by
/// `gl_PointCoord` and blended additively (`floor_points.vert`, `floor_points.frag`), in one draw
/// call: the least work per particle for drawing the same sprites as point sprites on the same
/// driver.
@_spi(Benchmarks) public enum DrawFloor {
    /// Seconds per frame (the median of `repeats` frames, each fenced with `glFinish`) to clear
    /// `target` and draw `count` point sprites of `size` pixels into `target`, spread over a disc of `radius`
    /// pixels at its centre. `image` is sampled with linear filters (the renderer's default).
    /// The context must be current. The target stays bound with its viewport; the other state the
    /// renderer restores is left as found.
    public static func pointSprites(context: GLContext, target: OffscreenTarget, count: Int, size: Float,
                                    image: SpriteImage, radius: Float = 300, repeats: Int = 9,
                                    clock: TransformFeedbackCeiling.Clock = .wall) throws -> Double {
        try context.ensureCurrent("DrawFloor.pointSprites")
        let saved = SavedState()
        defer { saved.restore() }
        let program = try context.programs.program(FloorPointsUniforms.self)
        let texture = try context.makeTexture(width: image.width, height: image.height, rgba: image.pixels,
                                              minify: .linear, magnify: .linear, lodBias: 0)
        let buffer = try context.makeBuffer(bytes: count * 16, usage: .staticDraw)
        let vertexArray = context.makeVertexArray()
        defer {
            context.delete(vertexArray)
            context.delete(buffer)
            context.delete(texture)
        }
        context.upload(vertices(count: count, size: size, radius: radius, width: target.width, height: target.height),
                       to: buffer)
        GL.bindVertexArray(vertexArray.name)
        GL.bindBuffer(.array, buffer.name)
        GL.vertexAttribute(0, components: 4, integer: false, stride: 16)
        GL.bindBuffer(.array, 0)

        let seconds = try medianFrame(repeats: repeats, clock: clock) {
            try target.begin(clearTo: .black)
            program.use()
            GL.activeTexture(unit: 0)
            GL.bindTexture(.texture2D, texture.name)
            program.uniforms.image.set(TextureUnit(index: 0))
            program.uniforms.color.set(SIMD4<Float>(1, 0.6, 0.3, 1))
            GLBlendedDraw.additive.withPointSprites.apply()
            context.bind(vertexArray)
            context.drawBoundPoints(count: count)
        }
        try context.check("the drawing floor", pass: "floor measurement")
        return seconds
    }

    /// Seconds per frame, as ``pointSprites(context:target:count:size:image:radius:repeats:clock:)``,
    /// to draw the same sprites as quads of six vertices each (two triangles sharing two corners,
    /// the vertex stage fetching the sprite's 16 bytes by `gl_VertexID / 6`), at most
    /// ``quadsPerCall`` per draw in one `glMultiDrawArrays`, the image stored as B8G8R8A8 as the
    /// target is (`floor_quads.vert`, `floor_quads.frag`). On Mesa's llvmpipe this is the cheapest
    /// way to draw axis-aligned sprites: each pair of triangles is binned as a rectangle and
    /// shaded by the 8-bit linear rasterizer (which needs those formats, no flat outputs, and
    /// draw calls the driver does not split). Measured here at 10⁵ 8-pixel sprites: 0.74–0.89 µs
    /// each against 1.0–1.1 µs as point sprites. The target stays bound with its viewport; the
    /// other state the renderer restores is left as found.
    public static func quads(context: GLContext, target: OffscreenTarget, count: Int, size: Float,
                             image: SpriteImage, radius: Float = 300, repeats: Int = 9,
                             clock: TransformFeedbackCeiling.Clock = .wall) throws -> Double {
        try context.ensureCurrent("DrawFloor.quads")
        let saved = SavedState()
        defer { saved.restore() }
        let program = try context.programs.program(FloorQuadsUniforms.self)
        let buffer = try context.makeBuffer(bytes: count * 16, usage: .staticDraw)
        let vertexArray = context.makeVertexArray()
        GL.activeTexture(unit: 1)
        let vertexTexture = context.makeBufferTexture(over: buffer, format: .rgba32ui)
        GL.activeTexture(unit: 0)
        let texture = try context.makeTexture(width: image.width, height: image.height, rgba: image.pixels,
                                              minify: .linear, magnify: .linear, lodBias: 0, bgra: true)
        defer {
            context.delete(texture)
            context.delete(vertexTexture)
            context.delete(vertexArray)
            context.delete(buffer)
        }
        context.upload(vertices(count: count, size: size, radius: radius, width: target.width, height: target.height),
                       to: buffer)
        let seconds = try medianFrame(repeats: repeats, clock: clock) {
            try target.begin(clearTo: .black)
            program.use()
            GL.activeTexture(unit: 1)
            GL.bindTexture(.buffer, vertexTexture.name)
            GL.activeTexture(unit: 0)
            GL.bindTexture(.texture2D, texture.name)
            program.uniforms.vertices.set(TextureUnit(index: 1))
            program.uniforms.image.set(TextureUnit(index: 0))
            program.uniforms.color.set(SIMD4<Float>(1, 0.6, 0.3, 1))
            program.uniforms.pixelSize.set(SIMD2<Float>(2 / Float(target.width), 2 / Float(target.height)))
            GLBlendedDraw.additive.apply()
            context.bind(vertexArray)
            QuadBatches.draw(count)
        }
        try context.check("the drawing floor as quads", pass: "floor measurement")
        return seconds
    }

    /// Quads per draw call of ``quads(context:target:count:size:image:radius:repeats:clock:)``:
    /// 682 quads are 4092 vertices; Mesa's draw module splits a non-indexed draw of more than 4096
    /// vertices into pieces of 4095, which would cut triangle pairs apart.
    public static let quadsPerCall = QuadBatches.quadsPerCall

    /// The median of `repeats` timed frames after two untimed ones, each fenced with `glFinish` on
    /// both sides.
    static func medianFrame(repeats: Int, clock: TransformFeedbackCeiling.Clock, _ frame: () throws -> Void) rethrows -> Double {
        var times: [Double] = []
        for _ in 0..<(repeats + 2) {
            GL.finish()
            let start = clock.now()
            try frame()
            GL.finish()
            times.append(Double(clock.now() - start) / 1e9)
        }
        let timed = times.dropFirst(2).sorted()
        return timed[timed.count / 2]
    }

    /// `count` vertices (x, y in NDC, size, alpha) uniformly over a disc, from a fixed sequence.
    static func vertices(count: Int, size: Float, radius: Float, width: Int, height: Int) -> [SIMD4<Float>] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func unit() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
        return (0..<count).map { _ in
            let r = radius * unit().squareRoot(), theta = 2 * Float.pi * unit()
            let x = r * cos(theta) / (Float(width) / 2), y = r * sin(theta) / (Float(height) / 2)
            return SIMD4(x, y, size, 0.6)
        }
    }
}

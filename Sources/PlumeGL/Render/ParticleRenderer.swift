import CEpoxy
import Plume

/// Draws a ``GPUSimulator``'s live particles straight from its GPU buffers into whatever
/// framebuffer the host has bound (Semantics §10): no readback, no CPU work per particle.
///
/// ```swift
/// let renderer = try ParticleRenderer(context: context)
/// try simulator.advance(to: now)
/// try renderer.draw(simulator, viewProjection: .layer(width: 800, height: 600))
/// ```
///
/// **GL state.** `draw` sets and then restores: the current program, vertex array, array buffer,
/// active texture unit, the 2-D texture bound to unit 0 and the buffer textures of units 0–2, the
/// pixel-unpack and copy buffer bindings, the unpack alignment/row length/skips, `GL_BLEND` and
/// the blend functions and
/// equations, `GL_DEPTH_TEST`, `GL_CULL_FACE`, `GL_RASTERIZER_DISCARD` and the transform-feedback
/// binding. It does not touch the framebuffer binding, viewport or clear values; the scissor test and box
/// change only while a `masksToBounds` layer is drawn, and are restored (see `ParticleRenderer+Layers.swift`).
public final class ParticleRenderer {
    public let context: GLContext
    /// Textures by cell (index path), with the image they were made from.
    private var textures: [[Int]: (image: SpriteImage, texture: GLTexture, filters: [Int32])] = [:]
    /// Ordering state by cell, for the render modes that sort.
    private var orderings: [[Int]: ParticleOrdering] = [:]
    /// A buffer texture over a node's records, for drawing in sorted order.
    private var recordTexture: GLTexture?
    /// The over-life curves of the cell being drawn (Semantics §12).
    private lazy var behaviorTable = BehaviorTable(context: context)
    private var released = false

    public init(context: GLContext) throws {
        self.context = context
        try context.ensureCurrent("ParticleRenderer.init")
        _ = try context.programs.program(DrawUniforms.self)
    }

    deinit { release() }

    /// Deletes the textures this renderer made. Safe on any thread: without the context current
    /// the deletions wait for its next use (``GLContext/ensureCurrent(_:)``).
    public func release() {
        guard !released else { return }
        released = true
        for (_, t) in textures { context.delete(t.texture) }
        textures = [:]
        orderings.values.forEach { $0.release() }
        orderings = [:]
        if let recordTexture { context.delete(recordTexture) }
        behaviorTable.release()
    }

    /// Draws the simulator's particles at its last advanced time: cells in array order, each cell's
    /// sub-cells after it, skipping disabled cells and cells without contents, with every
    /// particle's alpha multiplied by `opacity` (see `ParticleRenderer+Layers.swift` for the
    /// public entry points, which place, fade, hide and clip the layer).
    func drawParticles(_ simulator: GPUSimulator, viewProjection: Matrix4, opacity: Float) throws {
        if released { throw GLError.released("ParticleRenderer.draw") }
        try context.ensureCurrent("ParticleRenderer.draw")
        if simulator.context !== context { throw GLError.contextNotCurrent("ParticleRenderer.draw (the simulator's context)") }
        guard let time = simulator.layerTime else { return }
        let saved = SavedState()
        defer { saved.restore() }
        plume_glDisable(GLenum(GL_RASTERIZER_DISCARD))
        plume_glDisable(GLenum(GL_DEPTH_TEST))
        plume_glDisable(GLenum(GL_CULL_FACE))
        plume_glEnable(GLenum(GL_BLEND))
        plume_glBlendEquation(GLenum(GL_FUNC_ADD))
        plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), 0)
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
        let mode = simulator.resolved.renderMode
        let additive = mode == .additive
        if additive {
            plume_glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_ONE), GLenum(GL_ONE), GLenum(GL_ONE))
        } else {
            plume_glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA),
                                      GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
        let program: any QuadUniforms
        let use: () -> Void
        if mode == .unordered || additive {
            let p = try context.programs.program(DrawUniforms.self)
            use = p.use
            program = p.uniforms
        } else {
            let p = try context.programs.program(DrawSortedUniforms.self)
            use = p.use
            program = p.uniforms
        }
        use()
        if let sorted = program as? DrawSortedUniforms {
            sorted.entries.set(TextureUnit(index: 1))
            sorted.records.set(TextureUnit(index: 2))
        }
        program.time.set(time)
        program.viewProjection.set(viewProjection)
        program.image.set(TextureUnit(index: 0))
        program.behaviors.set(TextureUnit(index: 3))
        program.preservesDepth.set(simulator.resolved.preservesDepth)
        program.layerOpacity.set(opacity)
        // Images stay upright: with a y-up projection the first image row goes to local +y.
        program.flipImage.set(viewProjection.columns[5] > 0)
        let cells = simulator.layer.emitterCells ?? []
        for (i, (node, resolved)) in zip(simulator.roots, simulator.resolved.cells).enumerated() where i < cells.count {
            try draw(node, cell: resolved, object: cells[i], program: program, use: use, mode: mode, time: time,
                     seed: simulator.resolved.seed)
        }
        try context.check("drawing particles", pass: "particle drawing")
    }

    private func draw(_ node: GPUNode, cell: ResolvedCell, object: EmitterCell, program: any QuadUniforms,
                      use: () -> Void, mode: EmitterRenderMode, time: Double, seed: UInt32) throws {
        if cell.isDrawn, let image = object.contents, node.input.hasData {
            let texture = try self.texture(for: cell.path, image: image, cell: object)
            var sortedCount = 0
            if let sorted = program as? DrawSortedUniforms {
                let ordering = orderings[cell.path] ?? ParticleOrdering(context: context)
                orderings[cell.path] = ordering
                let (entries, count) = try ordering.sort(node.input, order: mode, time: time, acceleration: cell.acceleration)
                sortedCount = count
                plume_glActiveTexture(GLenum(GL_TEXTURE1))
                plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), entries.name)
                let records = recordTexture ?? context.makeTexture()
                recordTexture = records
                plume_glActiveTexture(GLenum(GL_TEXTURE2))
                plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), records.name)
                plume_glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RGBA32UI), node.input.buffer.name)
                plume_glActiveTexture(GLenum(GL_TEXTURE0))
                use()   // sorting ran its own programs
                sorted.recordVecs.set(ParticleRecord.vectors(subCells: node.subCells))
            }
            plume_glBindTexture(GLenum(GL_TEXTURE_2D), texture.name)
            program.acc.set(cell.acceleration)
            program.colorSpeed.set(cell.colorSpeed)
            program.imageSize.set(SIMD2<Double>(Double(image.width), Double(image.height)))
            program.contentsRect.set(cell.contentsRect)
            program.contentsScale.set(cell.contentsScale)
            let table = cell.behaviors.drawTable(seed: seed)
            if let table { try behaviorTable.bind(table) }
            program.behaviorsOn.set(table != nil)
            if program is DrawSortedUniforms {
                plume_glBindVertexArray(context.emptyVertexArray.name)
                plume_glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(sortedCount))
            } else {
                plume_glBindVertexArray(node.input.vertexArray.name)
                plume_glDrawTransformFeedback(GLenum(GL_POINTS), node.input.feedback.name)
            }
        }
        let subs = object.emitterCells ?? []
        for (j, (child, sub)) in zip(node.children, cell.children).enumerated() where j < subs.count {
            try draw(child, cell: sub, object: subs[j], program: program, use: use, mode: mode, time: time, seed: seed)
        }
    }

    // MARK: Textures

    /// The cell's texture, uploaded (premultiplied, mipmapped) when its image or filters change.
    private func texture(for path: [Int], image: SpriteImage, cell: EmitterCell) throws -> GLTexture {
        let filters = Self.filters(cell)
        if let t = textures[path], t.image == image, t.filters == filters { return t.texture }
        if let old = textures.removeValue(forKey: path) { context.delete(old.texture) }
        var premultiplied = image.pixels
        for i in stride(from: 0, to: premultiplied.count, by: 4) {
            let a = UInt32(premultiplied[i + 3])
            for c in 0..<3 { premultiplied[i + c] = UInt8((UInt32(premultiplied[i + c]) * a + 127) / 255) }
        }
        let bias = cell.minificationFilterBias.isFinite ? cell.minificationFilterBias : 0
        let texture = try context.makeTexture(width: image.width, height: image.height, rgba: premultiplied,
                                              minify: filters[0], magnify: filters[1], lodBias: bias)
        textures[path] = (image, texture, filters)
        return texture
    }

    /// GL min and mag filters for a cell: linear, nearest, trilinear (mipmapped).
    private static func filters(_ cell: EmitterCell) -> [Int32] {
        let minify: Int32
        switch cell.minificationFilter {
        case .linear: minify = GL_LINEAR
        case .nearest: minify = GL_NEAREST
        case .trilinear: minify = GL_LINEAR_MIPMAP_LINEAR
        }
        // The bias is part of the key: changing it re-makes the texture with the new bias.
        let bias = cell.minificationFilterBias.isFinite ? cell.minificationFilterBias : 0
        return [minify, cell.magnificationFilter == .nearest ? GL_NEAREST : GL_LINEAR, Int32(bitPattern: bias.bitPattern)]
    }

}

/// The uniforms the draw and sorted-draw programs share (generated from `Shaders/plume.contract`).
protocol QuadUniforms {
    var time: Uniform<Double> { get }
    var acc: Uniform<SIMD3<Float>> { get }
    var colorSpeed: Uniform<SIMD4<Float>> { get }
    var viewProjection: Uniform<Matrix4> { get }
    var imageSize: Uniform<SIMD2<Float>> { get }
    var contentsRect: Uniform<SIMD4<Float>> { get }
    var contentsScale: Uniform<Float> { get }
    var preservesDepth: Uniform<Bool> { get }
    var flipImage: Uniform<Bool> { get }
    var image: Uniform<TextureUnit> { get }
    var layerOpacity: Uniform<Float> { get }
    var behaviorsOn: Uniform<Bool> { get }
    var behaviors: Uniform<TextureUnit> { get }
}
extension DrawUniforms: QuadUniforms {}
extension DrawSortedUniforms: QuadUniforms {}

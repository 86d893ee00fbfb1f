import CEpoxy
import Plume

/// Draws a ``GPUSimulator``'s live particles straight from its GPU buffers into whatever
/// framebuffer the host has bound (SPEC §10): no readback, no CPU work per particle.
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
    private var textures: [[Int]: (image: SpriteImage, texture: GLuint, filters: [Int32])] = [:]
    /// Ordering state by cell, for the render modes that sort.
    private var orderings: [[Int]: ParticleOrdering] = [:]
    /// A buffer texture over a node's records, for drawing in sorted order.
    private var recordTexture: GLuint = 0
    private var released = false

    public init(context: GLContext) throws {
        self.context = context
        _ = try context.programs.program(ProgramKey(kind: .draw, sub: 0, csub: 0))
    }

    deinit { release() }

    /// Deletes the textures this renderer made (with the context current).
    public func release() {
        guard !released else { return }
        released = true
        for (_, t) in textures { deleteTexture(t.texture) }
        textures = [:]
        orderings.values.forEach { $0.release() }
        orderings = [:]
        if recordTexture != 0 { deleteTexture(recordTexture) }
    }

    /// Draws the simulator's particles at its last advanced time: cells in array order, each cell's
    /// sub-cells after it, skipping disabled cells and cells without contents. `transparency` is
    /// 1 − the layer's opacity (see `ParticleRenderer+Layers.swift` for the public entry points).
    func drawParticles(_ simulator: GPUSimulator, viewProjection: Matrix4, transparency: Float) throws {
        precondition(!released, "ParticleRenderer used after release()")
        guard let time = simulator.layerTime else { return }
        let program = try context.programs.program(ProgramKey(kind: .draw, sub: 0, csub: 0))
        let saved = SavedState()
        defer { saved.restore() }
        plume_glDisable(GLenum(GL_RASTERIZER_DISCARD))
        plume_glDisable(GLenum(GL_DEPTH_TEST))
        plume_glDisable(GLenum(GL_CULL_FACE))
        plume_glEnable(GLenum(GL_BLEND))
        plume_glBlendEquation(GLenum(GL_FUNC_ADD))
        plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), 0)
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
        program.use()
        program.set("u_time", time)
        program.set("u_viewProjection", viewProjection)
        program.set("u_image", 0)
        program.set("u_preservesDepth", simulator.resolved.preservesDepth)
        program.set("u_layerTransparency", transparency)
        // Images stay upright: with a y-up projection the first image row goes to local +y.
        program.set("u_flipImage", viewProjection.columns[5] > 0)
        let mode = simulator.resolved.renderMode
        let additive = mode == .additive
        if additive {
            plume_glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_ONE), GLenum(GL_ONE), GLenum(GL_ONE))
        } else {
            plume_glBlendFuncSeparate(GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA),
                                      GLenum(GL_ONE), GLenum(GL_ONE_MINUS_SRC_ALPHA))
        }
        let sorted = mode == .oldestFirst || mode == .oldestLast || mode == .backToFront
            ? try context.programs.program(ProgramKey(kind: .drawSorted, sub: 0, csub: 0)) : nil
        if let sorted {
            sorted.use()
            sorted.set("u_time", time)
            sorted.set("u_viewProjection", viewProjection)
            sorted.set("u_image", 0)
            sorted.set("u_entries", 1)
            sorted.set("u_records", 2)
            sorted.set("u_preservesDepth", simulator.resolved.preservesDepth)
            sorted.set("u_layerTransparency", transparency)
            sorted.set("u_flipImage", viewProjection.columns[5] > 0)
        }
        let cells = simulator.layer.emitterCells ?? []
        for (i, (node, resolved)) in zip(simulator.roots, simulator.resolved.cells).enumerated() where i < cells.count {
            try draw(node, cell: resolved, object: cells[i], program: sorted ?? program, mode: mode, time: time)
        }
        try context.check("drawing particles")
    }

    private func draw(_ node: GPUNode, cell: ResolvedCell, object: EmitterCell, program: ShaderProgram,
                      mode: EmitterRenderMode, time: Double) throws {
        if cell.isDrawn, let image = object.contents, node.input.hasData {
            let texture = try self.texture(for: cell.path, image: image, cell: object)
            var sortedCount = 0
            if program.key.kind == .drawSorted {
                let ordering = orderings[cell.path] ?? ParticleOrdering(context: context)
                orderings[cell.path] = ordering
                let (entries, count) = try ordering.sort(node.input, order: mode, time: time, acceleration: cell.acceleration)
                sortedCount = count
                plume_glActiveTexture(GLenum(GL_TEXTURE1))
                plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), entries)
                plume_glActiveTexture(GLenum(GL_TEXTURE2))
                if recordTexture == 0 {
                    plume_glGenTextures(1, &recordTexture)
                    context.objects.created(.texture)
                }
                plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), recordTexture)
                plume_glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RGBA32UI), node.input.buffer.name)
                plume_glActiveTexture(GLenum(GL_TEXTURE0))
                program.use()
                program.set("u_recordVecs", ParticleRecord.vectors(subCells: node.subCells))
            }
            plume_glBindTexture(GLenum(GL_TEXTURE_2D), texture)
            program.set("u_acc", cell.acceleration)
            program.set("u_colorSpeed", cell.colorSpeed)
            program.set("u_imageSize", SIMD2<Double>(Double(image.width), Double(image.height)))
            program.set("u_contentsRect", cell.contentsRect)
            program.set("u_contentsScale", Float(cell.contentsScale))
            if program.key.kind == .drawSorted {
                plume_glBindVertexArray(context.emptyVertexArray)
                plume_glDrawArrays(GLenum(GL_POINTS), 0, GLsizei(sortedCount))
            } else {
                plume_glBindVertexArray(node.input.vertexArray.name)
                plume_glDrawTransformFeedback(GLenum(GL_POINTS), node.input.feedback.name)
            }
        }
        let subs = object.emitterCells ?? []
        for (j, (child, sub)) in zip(node.children, cell.children).enumerated() where j < subs.count {
            try draw(child, cell: sub, object: subs[j], program: program, mode: mode, time: time)
        }
    }

    // MARK: Textures

    /// The cell's texture, uploaded (premultiplied, mipmapped) when its image or filters change.
    private func texture(for path: [Int], image: SpriteImage, cell: EmitterCell) throws -> GLuint {
        let filters = Self.filters(cell)
        if let t = textures[path], t.image == image, t.filters == filters { return t.texture }
        if let old = textures.removeValue(forKey: path) { deleteTexture(old.texture) }
        var name: GLuint = 0
        plume_glGenTextures(1, &name)
        context.objects.created(.texture)
        plume_glBindTexture(GLenum(GL_TEXTURE_2D), name)
        // Upload from client memory with tight rows, whatever the host left bound or set.
        plume_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), 0)
        plume_glPixelStorei(GLenum(GL_UNPACK_ROW_LENGTH), 0)
        plume_glPixelStorei(GLenum(GL_UNPACK_SKIP_ROWS), 0)
        plume_glPixelStorei(GLenum(GL_UNPACK_SKIP_PIXELS), 0)
        var premultiplied = image.pixels
        for i in stride(from: 0, to: premultiplied.count, by: 4) {
            let a = UInt32(premultiplied[i + 3])
            for c in 0..<3 { premultiplied[i + c] = UInt8((UInt32(premultiplied[i + c]) * a + 127) / 255) }
        }
        plume_glPixelStorei(GLenum(GL_UNPACK_ALIGNMENT), 1)
        premultiplied.withUnsafeBytes {
            plume_glTexImage2D(GLenum(GL_TEXTURE_2D), 0, GL_RGBA8, GLsizei(image.width), GLsizei(image.height), 0,
                               GLenum(GL_RGBA), GLenum(GL_UNSIGNED_BYTE), $0.baseAddress)
        }
        plume_glGenerateMipmap(GLenum(GL_TEXTURE_2D))
        plume_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MIN_FILTER), filters[0])
        plume_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_MAG_FILTER), filters[1])
        plume_glTexParameterf(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_LOD_BIAS), cell.minificationFilterBias.isFinite ? cell.minificationFilterBias : 0)
        plume_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_S), GL_CLAMP_TO_EDGE)
        plume_glTexParameteri(GLenum(GL_TEXTURE_2D), GLenum(GL_TEXTURE_WRAP_T), GL_CLAMP_TO_EDGE)
        do {
            try context.check("uploading a \(image.width)×\(image.height) image")
        } catch {
            deleteTexture(name)
            throw error
        }
        textures[path] = (image, name, filters)
        return name
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

    private func deleteTexture(_ name: GLuint) {
        var n = name
        plume_glDeleteTextures(1, &n)
        context.objects.deleted(.texture)
    }
}

/// The GL state `ParticleRenderer.draw` changes, captured and restored.
struct SavedState {
    var program: GLint = 0, vertexArray: GLint = 0, arrayBuffer: GLint = 0, activeTexture: GLint = 0
    var texture: GLint = 0, feedback: GLint = 0, bufferTexture0: GLint = 0, bufferTexture1: GLint = 0, bufferTexture2: GLint = 0
    var unpackBuffer: GLint = 0, copyRead: GLint = 0, copyWrite: GLint = 0
    var unpack: [GLint] = []
    var blend = false, depth = false, cull = false, discard = false
    var blendSrcRGB: GLint = 0, blendDstRGB: GLint = 0, blendSrcAlpha: GLint = 0, blendDstAlpha: GLint = 0
    var blendEquationRGB: GLint = 0, blendEquationAlpha: GLint = 0

    init() {
        func get(_ e: Int32) -> GLint {
            var v: GLint = 0
            plume_glGetIntegerv(GLenum(e), &v)
            return v
        }
        program = get(GL_CURRENT_PROGRAM)
        vertexArray = get(GL_VERTEX_ARRAY_BINDING)
        arrayBuffer = get(GL_ARRAY_BUFFER_BINDING)
        activeTexture = get(GL_ACTIVE_TEXTURE)
        feedback = get(GL_TRANSFORM_FEEDBACK_BINDING)
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
        texture = get(GL_TEXTURE_BINDING_2D)
        bufferTexture0 = get(GL_TEXTURE_BINDING_BUFFER)
        plume_glActiveTexture(GLenum(GL_TEXTURE1))
        bufferTexture1 = get(GL_TEXTURE_BINDING_BUFFER)
        plume_glActiveTexture(GLenum(GL_TEXTURE2))
        bufferTexture2 = get(GL_TEXTURE_BINDING_BUFFER)
        plume_glActiveTexture(GLenum(activeTexture))
        blend = plume_glIsEnabled(GLenum(GL_BLEND)) != 0
        depth = plume_glIsEnabled(GLenum(GL_DEPTH_TEST)) != 0
        cull = plume_glIsEnabled(GLenum(GL_CULL_FACE)) != 0
        discard = plume_glIsEnabled(GLenum(GL_RASTERIZER_DISCARD)) != 0
        blendSrcRGB = get(GL_BLEND_SRC_RGB)
        blendDstRGB = get(GL_BLEND_DST_RGB)
        blendSrcAlpha = get(GL_BLEND_SRC_ALPHA)
        blendDstAlpha = get(GL_BLEND_DST_ALPHA)
        blendEquationRGB = get(GL_BLEND_EQUATION_RGB)
        blendEquationAlpha = get(GL_BLEND_EQUATION_ALPHA)
        unpackBuffer = get(GL_PIXEL_UNPACK_BUFFER_BINDING)
        copyRead = get(GL_COPY_READ_BUFFER_BINDING)
        copyWrite = get(GL_COPY_WRITE_BUFFER_BINDING)
        unpack = SavedState.unpackParameters.map(get)
    }

    static let unpackParameters = [GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_UNPACK_SKIP_ROWS, GL_UNPACK_SKIP_PIXELS]

    func restore() {
        func set(_ e: Int32, _ on: Bool) { on ? plume_glEnable(GLenum(e)) : plume_glDisable(GLenum(e)) }
        plume_glUseProgram(GLuint(program))
        plume_glBindVertexArray(GLuint(vertexArray))
        plume_glBindBuffer(GLenum(GL_ARRAY_BUFFER), GLuint(arrayBuffer))
        plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), GLuint(feedback))
        plume_glActiveTexture(GLenum(GL_TEXTURE1))
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), GLuint(bufferTexture1))
        plume_glActiveTexture(GLenum(GL_TEXTURE2))
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), GLuint(bufferTexture2))
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
        plume_glBindTexture(GLenum(GL_TEXTURE_2D), GLuint(texture))
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), GLuint(bufferTexture0))
        plume_glActiveTexture(GLenum(activeTexture))
        plume_glBindBuffer(GLenum(GL_PIXEL_UNPACK_BUFFER), GLuint(unpackBuffer))
        plume_glBindBuffer(GLenum(GL_COPY_READ_BUFFER), GLuint(copyRead))
        plume_glBindBuffer(GLenum(GL_COPY_WRITE_BUFFER), GLuint(copyWrite))
        for (parameter, value) in zip(SavedState.unpackParameters, unpack) { plume_glPixelStorei(GLenum(parameter), value) }
        set(GL_BLEND, blend)
        set(GL_DEPTH_TEST, depth)
        set(GL_CULL_FACE, cull)
        set(GL_RASTERIZER_DISCARD, discard)
        plume_glBlendFuncSeparate(GLenum(blendSrcRGB), GLenum(blendDstRGB), GLenum(blendSrcAlpha), GLenum(blendDstAlpha))
        plume_glBlendEquationSeparate(GLenum(blendEquationRGB), GLenum(blendEquationAlpha))
    }
}

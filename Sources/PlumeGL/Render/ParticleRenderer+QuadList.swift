import CEpoxy
import Plume

/// The buffer a renderer lists its quads into (``DrawPath/quadList``): `ShaderConstant.QUAD_VECS`
/// uvec4s per particle (`Shaders/plume_quad_record.glsl`), captured by the quad-list pass and read
/// back by the draw through a buffer texture. One per renderer, reused by every cell it draws,
/// grown to the largest cell it has listed.
final class QuadListBuffer {
    let context: GLContext
    private(set) var buffer: GLBuffer?
    private(set) var feedback: GLTransformFeedback?
    private(set) var texture: GLTexture?
    /// Quads the buffer holds.
    private(set) var capacity = 0

    init(context: GLContext) { self.context = context }

    static let bytesPerQuad = ShaderConstant.QUAD_VECS * 16

    /// The most quads one list may hold: the buffer texture's texel limit.
    var limit: Int { context.info.maxTextureBufferSize / ShaderConstant.QUAD_VECS }

    /// Makes room for `quads` (at least doubling, so that a growing effect reallocates rarely).
    /// Leaves the active unit's buffer texture unbound.
    /// - Throws: the driver's error (out of memory), with the old buffer kept.
    func reserve(_ quads: Int) throws {
        guard quads > capacity else { return }
        let size = min(max(quads, 2 * capacity, 1024), max(quads, limit))
        let newBuffer = try context.makeBuffer(bytes: size * Self.bytesPerQuad)
        release()
        buffer = newBuffer
        feedback = context.makeTransformFeedback(capturingInto: newBuffer)
        texture = context.makeBufferTexture(over: newBuffer, format: .rgba32ui)
        capacity = size
    }

    func release() {
        if let texture { context.delete(texture) }
        if let feedback { context.delete(feedback) }
        if let buffer { context.delete(buffer) }
        texture = nil
        feedback = nil
        buffer = nil
        capacity = 0
    }
}

extension ParticleRenderer {
    /// Whether the automatic choice may list a cell's quads (``DrawPath/quadList``): llvmpipe draws
    /// them on its rectangle and 8-bit linear path only when every particle is unrotated (no
    /// rotation, spin, spin curve or alignment: the triangle pairs are axis-aligned) and the
    /// image is sampled with the same filter both ways, without mipmaps (`linear` or `nearest`).
    static func listsQuadsFast(_ cell: ResolvedCell, object: EmitterCell) -> Bool {
        let unrotated = cell.rotation == 0 && cell.rotationRange == 0 && cell.spin == 0 && cell.spinRange == 0
            && cell.behaviors.spin == nil && cell.behaviors.align == nil
        let sameFilters = (object.minificationFilter == .linear && object.magnificationFilter == .linear)
            || (object.minificationFilter == .nearest && object.magnificationFilter == .nearest)
        return unrotated && sameFilters
    }

    /// Which records a quad-list pass reads, and what `count` means.
    enum QuadListing {
        /// The entries of a sorted list bound on units 1 and 2 (sentinels list nothing): `count` of them.
        case sorted
        /// The first `count` records: the live count of the last update.
        case counted
        /// The records the last update captured, however many (`glDrawTransformFeedback`): `count`
        /// is an upper bound, and the list is cleared to nothing up to it first.
        case captured
    }

    /// Draws a cell's particles as a quad list: the quad-list pass (``QuadListing``) writes each
    /// particle's quad once, with the rasterizer off; then six vertices per quad draw `count`
    /// quads, at most `QuadBatches.quadsPerCall` per call of one `glMultiDrawArrays`. The caller has set
    /// the blend state, used nothing, and bound the cell's image on unit 0.
    func drawQuadList(_ node: GPUNode, cell: ResolvedCell, image: SpriteImage, scale: Double, count: Int,
                      listing: QuadListing, frame: FrameValues) throws {
        guard count > 0 else { return }
        try quadList.reserve(count)
        guard let feedback = quadList.feedback, let quads = quadList.texture, let buffer = quadList.buffer else { return }
        if listing == .captured {
            // Zero axes: every quad the pass does not write lists as nothing.
            GL.bindBuffer(.copyWrite, buffer.name)
            GL.clearBuffer(.copyWrite, bytes: count * QuadListBuffer.bytesPerQuad)
        }

        let features = cell.behaviors.drawFeatures, forces = cell.behaviors.motionForces
        let pass: any AppearanceUniforms
        if listing == .sorted {
            let p = try context.programs.program(QuadListSortedUniforms.self, child: node.isChild, features: features,
                                                 forces: forces)
            p.use()
            p.uniforms.entries.set(TextureUnit(index: 1))
            p.uniforms.records.set(TextureUnit(index: 2))
            p.uniforms.recordVecs.set(node.input.vectors)
            p.uniforms.viewProjection.set(frame.viewProjection)
            pass = p.uniforms
            GL.bindVertexArray(context.emptyVertexArray.name)
        } else {
            let p = try context.programs.program(QuadListUniforms.self, child: node.isChild, features: features,
                                                 forces: forces)
            p.use()
            p.uniforms.viewProjection.set(frame.viewProjection)
            pass = p.uniforms
            GL.bindVertexArray(node.input.vertexArray.name)
        }
        try set(pass, node: node, cell: cell, image: image, frame: frame)
        context.capturingPoints(into: feedback, discardingRaster: true) {
            if listing == .captured {
                GL.drawTransformFeedback(.points, node.input.feedback.name)
            } else {
                GL.drawArrays(.points, count: count)
            }
        }

        // The draw module of llvmpipe clips a whole draw call on its slow path when one vertex
        // of it is outside the clip volume: the viewport grows by the largest quad's extent (the
        // scissor box keeps the pixels where they were) and the projection shrinks to match, so
        // that the quads crossing the viewport's edges stay inside; those wholly outside were
        // listed as nothing.
        let pad = Self.isAffine(frame.viewProjection)
            ? Self.pointSizeBound(image: image, cell: cell, scale: scale, viewProjection: frame.viewProjection,
                                  viewport: frame.viewport)
            : 0
        let padded = Self.paddedViewport(frame.viewport, pad: pad, maxSize: SIMD2<Double>(context.info.maxViewportSize))
        let saved = GLViewportState()
        defer { saved.restore() }
        saved.applyPadded(padded.viewport, original: frame.viewport)
        var projection = frame.viewProjection
        for column in 0..<4 {
            projection.set(column: column, row: 0, projection.columns[column * 4] * Float(padded.scale.x))
            projection.set(column: column, row: 1, projection.columns[column * 4 + 1] * Float(padded.scale.y))
        }

        let draw = try context.programs.program(DrawQuadListUniforms.self)
        draw.use()
        GL.activeTexture(unit: 1)
        GL.bindTexture(.buffer, quads.name)
        GL.activeTexture(unit: 0)
        draw.uniforms.quads.set(TextureUnit(index: 1))
        draw.uniforms.image.set(TextureUnit(index: 0))
        draw.uniforms.viewProjection.set(projection)
        let sheet = cell.spriteSheet
        let flip = frame.flipImage                              // as the other paths' u_flipImage
        let size = SIMD2(cell.contentsRect.z / Double(max(sheet.columns, 1)),
                         cell.contentsRect.w / Double(max(sheet.rows, 1)))
        draw.uniforms.frameSize.set(SIMD2(size.x, flip ? -size.y : size.y))
        GL.bindVertexArray(context.emptyVertexArray.name)
        QuadBatches.draw(count)
    }
}

extension ParticleRenderer {
    /// `viewport` (x, y, width, height in pixels) grown by `pad` pixels (rounded up) on every
    /// side, as far as `maxSize` allows, and the factors by which clip x and y shrink so that
    /// every point lands on the same pixel in it: the old size ÷ the new.
    static func paddedViewport(_ viewport: SIMD4<Double>, pad: Double,
                               maxSize: SIMD2<Double>) -> (viewport: SIMD4<Double>, scale: SIMD2<Double>) {
        let want = pad.isFinite ? max(0, pad.rounded(.up)) : 0
        let px = max(0, min(want, ((maxSize.x - viewport.z) / 2).rounded(.down)))
        let py = max(0, min(want, ((maxSize.y - viewport.w) / 2).rounded(.down)))
        let grown = SIMD4(viewport.x - px, viewport.y - py, viewport.z + 2 * px, viewport.w + 2 * py)
        return (grown, SIMD2(viewport.z / grown.z, viewport.w / grown.w))
    }
}

extension GLViewportState {
    /// Sets the padded viewport and a scissor box of the original one (within the scissor box
    /// already in force, if any).
    func applyPadded(_ padded: SIMD4<Double>, original: SIMD4<Double>) {
        let x0 = Int(original.x), y0 = Int(original.y)
        scissor(x0: x0, y0: y0, x1: x0 + Int(original.z), y1: y0 + Int(original.w))
        GL.viewport(x: Int(padded.x), y: Int(padded.y), width: Int(padded.z), height: Int(padded.w))
    }
}

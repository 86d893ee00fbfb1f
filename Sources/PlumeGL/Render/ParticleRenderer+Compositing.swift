import CEpoxy
import Plume

/// How a layer's particles reach the host's framebuffer (``ParticleRenderer/compositing``).
///
/// Core Animation composites an emitter layer's particles *into the layer's own image* in its
/// `renderMode` (`CAEmitterLayer.h`: "how particles are composited into the layer's image"), and
/// that image onto what lies below with source-over and the layer's `opacity`, like any layer.
/// Drawing every particle straight into the framebuffer gives the same picture only in some
/// cases, which ``automatic`` recognises (see ``ParticleRenderer/needsLayerImage(mode:opacity:backdrop:)``).
public enum LayerCompositing: Hashable, Sendable {
    /// The layer's image where it changes the picture, the direct draw elsewhere (the default).
    case automatic
    /// Always the layer's own image, then source-over with the opacity (tests, comparisons).
    case layerImage
    /// Always every particle straight into the framebuffer in the render mode, its alpha times
    /// the layer's opacity: additive particles add to whatever lies below (invisible on white),
    /// and overlapping particles of a faded layer show through one another. Plume's drawing
    /// before layer images; cheaper, and the same picture wherever ``automatic`` picks it.
    case direct
}

/// Layer images (``LayerCompositing``): a layer's particles drawn into a transparent
/// premultiplied B8G8R8A8 texture of the viewport's size, then that texture drawn over the host's
/// framebuffer with source-over (`ONE, ONE_MINUS_SRC_ALPHA`) times the layer's presented opacity
/// (`layer_composite.vert`, `layer_composite.frag`), or as it is where the opacity is 1 or was
/// applied while the particles were drawn (`layer_composite_unfaded.frag`).
///
/// **When the direct draw is the same picture.** With premultiplied colour, a particle `p` drawn
/// source-over is `p + (1 − pₐ)·d`, which is associative: for a layer at opacity 1 in any of the
/// source-over modes (unordered, oldest first/last, back to front) "particles into the image, image
/// over the backdrop" and "each particle over the backdrop" are the same sum, up to 8-bit
/// rounding of the intermediate image, so the direct draw stays. Additive particles sum
/// `S = Σ p` (clamped): the direct draw gives `d + S`, the layer image `S + (1 − Sₐ)·d`;
/// they agree for every `S` exactly when the backdrop's colour is black and its alpha 0 or 1
/// (then both give `S` in colour and `Sₐ` or 1 in alpha, bit for bit: the same 8-bit additions
/// from zero, then a composite that adds zero). At opacity `o < 1` the direct draw fades each
/// particle (`o·p₂ + (1 − o·p₂ₐ)·o·p₁` where two overlap) instead of the image (`o·(p₂ + (1 − p₂ₐ)·p₁)`):
/// the overlap shows through, and additive sums saturate at a different point, so a faded layer
/// always takes the layer image. Opacity 0 draws nothing either way.
///
/// The renderer cannot read what lies below, so additive layers take the layer image unless the
/// host says the backdrop is black (``ParticleRenderer/backdrop``).
///
/// **Fading as the particles are drawn.** A faded layer in a source-over mode does not fade its
/// image when compositing it: each particle `p` goes into the image as `o·p + (1 − pₐ)·d`
/// (blend factors `CONSTANT_ALPHA, ONE_MINUS_SRC_ALPHA`, the blend colour's alpha `o`), so that
/// from a transparent image the particles sum to `o ×` the image they would form at opacity 1,
/// and the composite is the image alone. The same picture up to 8-bit rounding, which is now
/// per particle rather than once per pixel (`CompositingTests`: a mean error under a step, up to
/// 7 steps where dozens of translucent particles overlap). Additive layers (whose sums saturate
/// at 1 before the fade) and groups fade when composited (`layer_composite.frag`).
///
/// **Cost.** One clear of the image (within the host's scissor box, when it has one), the
/// particles as before (into a B8G8R8A8 target, where llvmpipe lists quads), and one
/// viewport-sized textured rectangle under the host's scissor box. On llvmpipe that rectangle
/// takes the blit path when nothing is faded at compositing (`layer_composite_unfaded.frag`:
/// rows of texels blended source-over, about half the cost of image × opacity). At 1280×720
/// the clear and the composite cost about 0.3 and 1.2–2.0 ms of llvmpipe's CPU time whatever is
/// drawn (`plume-bench --only compositing`, `Benchmarks/results/compositing.md`).
///
/// **GL state.** Besides what every draw restores, the layer image binds its own framebuffer,
/// viewport and (translated) scissor box while the particles are drawn; the draw and read
/// framebuffer bindings, the viewport, the scissor test and box and the clear colour (the image
/// is cleared to transparent) are restored, and the blend colour with the blend state.
extension ParticleRenderer {
    /// Whether a layer in render mode `mode` at presented opacity `opacity`, drawn over
    /// `backdrop` (nil: unknown), needs its own image to look as Core Animation draws it (see
    /// ``LayerCompositing``): opacity strictly between 0 and 1, or an additive layer over a
    /// backdrop that is not known to be black with alpha 0 or 1.
    public static func needsLayerImage(mode: EmitterRenderMode, opacity: Float, backdrop: Color?) -> Bool {
        guard opacity > 0 else { return false }
        if opacity < 1 { return true }
        guard mode == .additive else { return false }
        guard let b = backdrop else { return true }
        return !(b.red == 0 && b.green == 0 && b.blue == 0 && (b.alpha == 0 || b.alpha == 1))
    }

    /// Whether this draw of `simulator` at `opacity` takes the layer image (``compositing``).
    func usesLayerImage(_ simulator: GPUSimulator, opacity: Float) -> Bool {
        switch compositing {
        case .direct: return false
        case .layerImage: return opacity > 0
        case .automatic:
            // Inside a group's image, what lies below is that image, not the host's backdrop.
            return Self.needsLayerImage(mode: simulator.resolved.renderMode, opacity: opacity,
                                        backdrop: openLayerImages > 0 ? nil : backdrop)
        }
    }

    /// Draws the particles into the layer image, then the image over the host's framebuffer.
    /// A faded layer in a source-over mode fades its image as the particles are drawn into it
    /// (``fadesWhileDrawing``), so that the composite is the image alone.
    func drawThroughLayerImage(_ simulator: GPUSimulator, viewProjection: Matrix4, opacity: Float, yUp: Bool? = nil) throws {
        guard let frame = try beginLayerImage() else {
            // A viewport larger than the driver's textures: the direct draw (the picture differs
            // where a layer image would have changed it).
            return try drawParticles(simulator, viewProjection: viewProjection, opacity: opacity, yUp: yUp, direct: true)
        }
        let fade = fadesWhileDrawing && simulator.resolved.renderMode != .additive ? min(1, opacity) : 1
        do {
            try drawParticles(simulator, viewProjection: viewProjection, opacity: 1, yUp: yUp, direct: true, fade: fade)
        } catch {
            abandonLayerImage(frame)
            throw error
        }
        try endLayerImage(frame, opacity: fade < 1 ? 1 : opacity)
    }

    /// Binds a transparent layer image of the bound viewport's size (the next one up the stack
    /// of open images: a group's image holds its layers' own images while they are drawn) with
    /// the viewport at its origin and the host's scissor box moved with it; nil (nothing
    /// changed) when the viewport is empty or larger than the driver's textures.
    func beginLayerImage() throws -> LayerImageFrame? {
        let host = GLViewportState()
        let viewport = host.viewport, box = host.scissorBox
        let width = Int(viewport[2]), height = Int(viewport[3])
        let limit = context.info.maxTextureSize
        guard width > 0, height > 0, width <= limit, height <= limit else { return nil }
        let frame = LayerImageFrame(
            image: try layerImage(depth: openLayerImages, width: width, height: height), host: host,
            drawFramebuffer: GL.integer(.drawFramebufferBinding), readFramebuffer: GL.integer(.readFramebufferBinding))
        openLayerImages += 1
        GL.bindFramebuffer(.both, frame.image.framebuffer.name)
        GL.viewport(x: 0, y: 0, width: width, height: height)
        // The host's scissor box (and a clip set by the caller) in the image's pixels: only
        // there is the image drawn, cleared and composited (the composite runs under the host's
        // own box), so what an earlier draw left outside it is never seen.
        if host.scissorTest {
            GL.scissor(SIMD4(box.x - viewport.x, box.y - viewport.y, box.z, box.w))
        }
        let clearColor = GL.floats(.colorClearValue)
        GL.clearColor(.zero)
        GL.clear()
        GL.clearColor(SIMD4(clearColor))
        return frame
    }

    /// Rebinds what `frame` found bound and composites its image there, source-over × `opacity`.
    func endLayerImage(_ frame: LayerImageFrame, opacity: Float) throws {
        abandonLayerImage(frame)
        try composite(frame.image, opacity: opacity)
    }

    /// Rebinds what `frame` found bound without compositing its image (after an error).
    func abandonLayerImage(_ frame: LayerImageFrame) {
        openLayerImages -= 1
        GL.bindFramebuffer(.draw, GLuint(frame.drawFramebuffer))
        GL.bindFramebuffer(.read, GLuint(frame.readFramebuffer))
        frame.host.restore()
    }

    /// The image over the bound framebuffer's viewport, source-over, times `opacity` (at 1, the
    /// image alone: `layer_composite_unfaded.frag`, llvmpipe's blit path).
    private func composite(_ image: LayerImage, opacity: Float) throws {
        let saved = SavedState()
        defer { saved.restore() }
        GLBlendedDraw.sourceOver.apply()
        GL.bindTexture(.texture2D, image.texture.name)
        if opacity >= 1 {
            let program = try context.programs.program(LayerCompositeUnfadedUniforms.self)
            program.use()
            program.uniforms.image.set(TextureUnit(index: 0))
        } else {
            let program = try context.programs.program(LayerCompositeUniforms.self)
            program.use()
            program.uniforms.image.set(TextureUnit(index: 0))
            program.uniforms.opacity.set(opacity)
        }
        GL.bindVertexArray(context.emptyVertexArray.name)
        GL.drawArrays(.triangles, count: 6)
        try context.check("compositing a layer image", pass: "layer compositing")
    }

    /// The layer image at `depth` in the stack of open images, of `width × height` pixels (made
    /// again when the viewport's size changes).
    private func layerImage(depth: Int, width: Int, height: Int) throws -> LayerImage {
        if depth < layerImages.count, layerImages[depth].width == width, layerImages[depth].height == height {
            return layerImages[depth]
        }
        if depth < layerImages.count {
            context.delete(layerImages[depth].framebuffer)
            context.delete(layerImages[depth].texture)
        }
        let framebuffer = context.makeFramebuffer(), texture = context.makeTexture()
        do {
            try context.attachBGRAColorTexture(texture, to: framebuffer, width: width, height: height)
        } catch {
            context.delete(framebuffer)
            context.delete(texture)
            if depth < layerImages.count { layerImages.removeSubrange(depth...) }
            throw error
        }
        let previous = GL.integer(.texture2DBinding)
        GL.bindTexture(.texture2D, texture.name)
        GL.texture2DSampling(magnify: .nearest)
        GL.bindTexture(.texture2D, GLuint(previous))
        let image = LayerImage(framebuffer: framebuffer, texture: texture, width: width, height: height)
        if depth < layerImages.count { layerImages[depth] = image } else { layerImages.append(image) }
        return image
    }

    /// Deletes the layer images (with the renderer's other objects).
    func releaseLayerImage() {
        for image in layerImages {
            context.delete(image.framebuffer)
            context.delete(image.texture)
        }
        layerImages = []
    }
}

/// A layer image's framebuffer and colour texture.
struct LayerImage {
    var framebuffer: GLFramebuffer
    var texture: GLTexture
    var width: Int
    var height: Int
}

/// An open layer image and the host's state it replaced (``ParticleRenderer/beginLayerImage()``).
struct LayerImageFrame {
    var image: LayerImage
    /// The host's viewport and scissor state.
    var host: GLViewportState
    var drawFramebuffer: GLint
    var readFramebuffer: GLint
}

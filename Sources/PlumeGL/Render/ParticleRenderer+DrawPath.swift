import CEpoxy
import Plume

/// How a cell's particles are turned into pixels (Semantics §10: every path draws the same quads).
///
/// * `pointSprites`: one point per particle, `gl_PointSize` covering the part of the rotated quad
///   inside the viewport; the fragment stage maps each pixel back into the quad (rotation,
///   `contentsRect`, sprite-sheet frame, flips) and discards pixels outside it. The cheapest on
///   drivers whose cost is per vertex (Mesa llvmpipe). Exact for projections without perspective;
///   limited by the driver's largest point size (``ParticleRenderer/maxPointSize``): a forced
///   `pointSprites` draws larger sprites cut to that size.
/// * `quadList`: a vertex-only transform-feedback pass lists each particle's quad once (centre,
///   half axes, texture coordinate, premultiplied colour: 48 bytes, `plume_quad_record.glsl`), then
///   six vertices per particle fetch it and draw two triangles whose fragment stage is only image ×
///   colour, at most 682 quads per call of one `glMultiDrawArrays`. Any size, any projection, any
///   order (the sorted modes list the quads in sorted order). On Mesa's llvmpipe an unrotated
///   particle's triangles form an axis-aligned rectangle that is drawn on the rectangle and 8-bit
///   linear path when the target and image are B8G8R8A8: about 0.7 of the cost of a point
///   sprite. Quads wholly outside the clip volume are listed as nothing, and the draw runs in a
///   viewport padded by the largest quad (the scissor box keeps the pixels), so that llvmpipe never
///   sends a draw call down its slow clipping path for a quad across the viewport's edge. That
///   linear path computes image × colour in 8 bits and rounds down: where translucent sprites
///   add up, the picture is darker by a fraction of a step per sprite (`DrawPathTests`); force
///   another path for llvmpipe's float arithmetic. Unordered, the pass lists the records the
///   last update captured (`glDrawTransformFeedback`) and the draw covers the host's bound on the
///   live count, the list cleared to nothing beyond them first: it never waits for the GPU
///   (`glClearBufferSubData`, GL 4.3; older drivers wait for the live count, as instanced quads
///   do). A cell with more particles than one buffer texture holds (`GL_MAX_TEXTURE_BUFFER_SIZE`
///   ÷ 3) is drawn as instanced quads.
/// * `instancedQuads`: four vertices per particle (a triangle strip per instance, the record as
///   per-instance attributes or fetched in sorted order), no geometry stage. Any size, any
///   projection. Unordered, the instance count is the live count of the cell's last update: when
///   the GPU has not finished counting it, a forced `instancedQuads` waits for it.
/// * `geometryQuads`: one point per particle expanded to its quad by a geometry shader (the
///   original path). Any size, any projection, never waits; kept for unordered cells whose live
///   count is not known yet on the host (real GPUs running behind) and for comparisons.
/// * `automatic` (the default) picks per cell and per frame: a quad list when the renderer
///   ``ParticleRenderer/prefersQuadLists`` (llvmpipe), the bound framebuffer is B8G8R8A8, the
///   cell's particles are unrotated (no rotation, spin, spin curve or alignment), its image
///   filters are both `linear` or both `nearest` (and, before GL 4.3, the live count is known
///   without waiting); otherwise point sprites when the projection
///   has no perspective and the largest sprite the cell's values allow (image × frame × scale
///   bound over the lifetimes still alive × the projection's pixel scale) fits the point-size
///   limit; otherwise instanced quads when their count is known without waiting (always in sorted
///   render modes); otherwise geometry quads.
public enum DrawPath: String, CaseIterable, Sendable {
    /// Picked per cell and per frame, as above (the default).
    case automatic
    /// One point per particle covering its rotated quad; the fragment stage discards the rest.
    case pointSprites
    /// A transform-feedback pass lists each quad once; six vertices per quad draw it.
    case quadList
    /// Four vertices per particle, instanced; no geometry stage.
    case instancedQuads
    /// A geometry stage emits each particle's quad (the oldest path).
    case geometryQuads
}

/// The largest |scale| a cell's live particles can have, over the values of every update whose
/// births may still be alive (values animate; a particle keeps the scale it was born with).
struct ScaleBound {
    private var entries: [(value: Double, expires: Double)] = []
    private var lastTime = -Double.infinity

    /// Adds this update's bound (alive until `time + maxLifetime`) and returns the bound over
    /// every update whose particles may be alive at `time`.
    mutating func update(_ value: Double, time: Double, maxLifetime: Double) -> Double {
        if time < lastTime { entries = [] }                 // a seek: the simulator rebuilt
        lastTime = time
        let expires = time + maxLifetime
        entries.removeAll { $0.expires < time || ($0.value <= value && $0.expires <= expires) }
        entries.append((value, expires))
        return entries.map(\.value).max() ?? value
    }
}

extension ParticleRenderer {
    /// The bound on |scale| of a cell's particles at this update, from its values and its
    /// parent's bound (sub-cells are born at their parent's current scale, Semantics §6).
    static func scaleBound(_ cell: ResolvedCell, parent: Double) -> Double {
        let life = cell.maxLifetime.isFinite ? cell.maxLifetime : .infinity
        let growth = cell.scaleSpeed == 0 ? 0 : abs(cell.scaleSpeed) * life
        let bound = parent * (abs(cell.scale) + abs(cell.scaleRange)) + growth
        // A valueOverLife curve of the scale (Semantics §12) multiplies it or adds to it.
        guard let curve = cell.behaviors.scale else { return bound }
        let largest = curve.values.map(abs).max() ?? 0
        return cell.behaviors.scaleAdditive ? bound + largest : bound * largest
    }

    /// Whether the projection has no perspective (its last row is (0, 0, 0, 1)).
    static func isAffine(_ m: Matrix4) -> Bool {
        let c = m.columns
        return c[3] == 0 && c[7] == 0 && c[11] == 0 && c[15] == 1
    }

    /// An upper bound on the point size (pixels) that covers a sprite of the cell: the quad's
    /// diagonal at `scale` in layer units, times the projection's largest pixels per layer unit
    /// (the Frobenius norm of its 2-D part scaled to the viewport), plus the rasterisation margin.
    static func pointSizeBound(image: SpriteImage, cell: ResolvedCell, scale: Double, viewProjection: Matrix4,
                               viewport: SIMD4<Double>) -> Double {
        let sheet = cell.spriteSheet
        let w = Double(image.width) * abs(cell.contentsRect.z) / Double(sheet.columns) / cell.contentsScale * scale
        let h = Double(image.height) * abs(cell.contentsRect.w) / Double(sheet.rows) / cell.contentsScale * scale
        let c = viewProjection.columns.map(Double.init)
        let sx = viewport.z / 2, sy = viewport.w / 2
        let norm = ((sx * c[0]) * (sx * c[0]) + (sx * c[4]) * (sx * c[4]) + (sy * c[1]) * (sy * c[1])
                    + (sy * c[5]) * (sy * c[5])).squareRoot()
        return (w * w + h * h).squareRoot() * norm + 2
    }
}

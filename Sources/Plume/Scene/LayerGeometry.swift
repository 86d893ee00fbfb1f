import Foundation

/// How layers are placed in 3-D, as Core Animation composes them (the Core Animation Programming
/// Guide, "Layer Geometry and Transforms"). Points are row vectors, `p' = p · M` (``Transform3D``).
///
/// * A layer's own space maps to its superlayer's by ``LayerAppearance/toSuperlayer``:
///   `T(−anchor) · transform · T(position, zPosition)`, the anchor being
///   `(bounds.origin + anchorPoint · bounds.size, anchorPointZ)`. With the identity transform this
///   is the 2-D placement `frame.origin − bounds.origin`.
/// * A superlayer's `sublayerTransform` applies to each sublayer about the superlayer's anchor:
///   ``LayerAppearance/sublayerTransformAboutAnchor`` = `T(−anchor) · sublayerTransform · T(anchor)`.
/// * The result is flattened onto the superlayer's plane (z dropped after the perspective
///   divide: Core Animation's layers render their sublayers into their own plane), except into
///   the root, whose space is the host's 3-D scene, which its `viewProjection` looks at, and a
///   ``TransformLayer``, which keeps its sublayers' depth (`CATransformLayer`).
///
/// So a sublayer `L` of `P` maps to the root by `L.toSuperlayer · P.sublayerTransformAboutAnchor
/// · flatten · (P to the root)`. An emitter layer's particles are points of its own space: with
/// `preservesDepth` their z goes through its transform (a layer turned about y shows their depth
/// across the screen); without, they lie on its plane.
extension LayerAppearance {
    /// The layer's own space → its superlayer's space (before flattening).
    public var toSuperlayer: Transform3D {
        let anchor = anchorInBounds
        return Transform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
            .concatenating(transform)
            .concatenating(Transform3DMakeTranslation(anchor.x - bounds.minX + frame.minX,
                                                      anchor.y - bounds.minY + frame.minY, zPosition))
    }

    /// The sublayer transform as it applies to sublayers: about the layer's anchor point.
    public var sublayerTransformAboutAnchor: Transform3D {
        guard sublayerTransform != .identity else { return .identity }
        let anchor = anchorInBounds
        return Transform3DMakeTranslation(-anchor.x, -anchor.y, -anchorPointZ)
            .concatenating(sublayerTransform)
            .concatenating(Transform3DMakeTranslation(anchor.x, anchor.y, anchorPointZ))
    }

    /// The anchor point in the layer's own coordinates.
    var anchorInBounds: CGPoint {
        CGPoint(x: bounds.minX + anchorPoint.x * bounds.width, y: bounds.minY + anchorPoint.y * bounds.height)
    }

    /// Drops z after a transform (Core Animation's flattening of sublayers into a layer's plane).
    public static let flatten: Transform3D = {
        var t = Transform3D()
        t.m33 = 0
        return t
    }()

    /// Whether the layer, placed by `m` (its space → the root's), shows its front to the viewer
    /// (+z towards the viewer, y down): the turn from its x axis to its y axis at the anchor is
    /// clockwise on the screen. False when the anchor is behind the eye of a perspective.
    public func showsFront(placedBy m: Transform3D) -> Bool {
        let a = anchorInBounds
        func screen(_ dx: Double, _ dy: Double) -> SIMD2<Double>? {
            let p = m.apply(x: Double(a.x) + dx, y: Double(a.y) + dy, z: Double(anchorPointZ))
            guard p.w > 0 else { return nil }
            return SIMD2(p.x / p.w, p.y / p.w)
        }
        guard let o = screen(0, 0), let x = screen(1, 0), let y = screen(0, 1) else { return false }
        let u = x - o, v = y - o
        return u.x * v.y - u.y * v.x > 0
    }

    /// The layer's `bounds` placed by `m` in the root's coordinates, as the smallest rectangle
    /// holding its corners; nil when a corner is behind the eye of a perspective.
    public func boundsBox(placedBy m: Transform3D) -> CGRect? {
        var xs: [Double] = [], ys: [Double] = []
        for (x, y) in [(bounds.minX, bounds.minY), (bounds.maxX, bounds.minY), (bounds.minX, bounds.maxY),
                       (bounds.maxX, bounds.maxY)] {
            let p = m.apply(x: Double(x), y: Double(y))
            guard p.w > 0 else { return nil }
            xs.append(p.x / p.w)
            ys.append(p.y / p.w)
        }
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// Reads and validates the 3-D geometry of `layer`.
    mutating func readGeometry(_ layer: Layer, report: inout DiagnosticCollector) {
        func finite(_ name: String, _ v: CGFloat, _ fallback: CGFloat) -> CGFloat {
            if ResolvedLayer.isSane(Double(v)) { return v }
            report.add(name, v, "must be finite, magnitude ≤ \(ResolvedLayer.maxMagnitude); \(fallback) is used", .replaced)
            return fallback
        }
        anchorPoint = CGPoint(x: finite("anchorPoint.x", layer.anchorPoint.x, 0.5),
                              y: finite("anchorPoint.y", layer.anchorPoint.y, 0.5))
        anchorPointZ = finite("anchorPointZ", layer.anchorPointZ, 0)
        zPosition = finite("zPosition", layer.zPosition, 0)
        func sane(_ name: String, _ t: Transform3D) -> Transform3D {
            if t.values.allSatisfy(ResolvedLayer.isSane) { return t }
            report.add(name, t, "must be finite, magnitude ≤ \(ResolvedLayer.maxMagnitude); the identity is used", .replaced)
            return .identity
        }
        transform = sane("transform", layer.transform)
        sublayerTransform = sane("sublayerTransform", layer.sublayerTransform)
        isDoubleSided = layer.isDoubleSided
    }
}

import Foundation

/// A ``Transform3D`` taken apart the way Core Animation's `transform.*` key paths read it (the
/// Programming Guide's "Key-Value Coding Extensions"): a scale, then rotations about x, y and z
/// (in that order), then a translation, then a perspective. `t == Transform3DComponents(t).transform`
/// (to rounding) for every transform made of those parts, including the usual
/// `m34 = −1/d` perspective; a shear is not kept (it reads as the nearest rotation and scale).
///
/// Setting `transform.rotation.y` (or animating it) takes the layer's transform apart, replaces
/// that angle and puts it together again, so the other parts — a perspective in `m34` above all —
/// stay as they were.
public struct Transform3DComponents: Hashable, Sendable {
    /// Moves, points (`m41, m42, m43`).
    public var translation: SIMD3<Double> = .zero
    /// Scale factors along x, y, z (a mirrored transform has a negative x scale).
    public var scale: SIMD3<Double> = SIMD3(1, 1, 1)
    /// Rotations about x, then y, then z, radians (y in [−π/2, π/2] when read from a matrix).
    public var rotation: SIMD3<Double> = .zero
    /// The perspective column applied last (`m14, m24, m34, m44` of a transform without
    /// rotation, scale or translation).
    public var perspective: SIMD4<Double> = SIMD4(0, 0, 0, 1)

    /// The identity's parts.
    public init() {}

    /// Takes `t` apart. A transform that is not finite reads as the identity's parts; a flat one
    /// (a zero scale) reads with that scale 0 and its rotation about the other axes.
    public init(_ t: Transform3D) {
        let v = t.values
        guard v.allSatisfy(\.isFinite) else { return }
        var rows = (0..<3).map { SIMD3(v[$0 * 4], v[$0 * 4 + 1], v[$0 * 4 + 2]) }
        translation = SIMD3(v[12], v[13], v[14])
        let column = SIMD3(v[3], v[7], v[11])
        let det = Self.determinant(rows)
        var p = column
        if abs(det) > 1e-12 {
            // rows · p = column (Cramer's rule).
            var solved = SIMD3<Double>.zero
            for i in 0..<3 {
                var m = rows
                for r in 0..<3 { m[r][i] = column[r] }
                solved[i] = Self.determinant(m) / det
            }
            p = solved
        }
        perspective = SIMD4(p.x, p.y, p.z, v[15] - (translation * p).sum())
        var s = SIMD3((rows[0] * rows[0]).sum().squareRoot(), (rows[1] * rows[1]).sum().squareRoot(),
                      (rows[2] * rows[2]).sum().squareRoot())
        if det < 0 { s.x = -s.x }
        scale = s
        for i in 0..<3 { rows[i] = s[i] != 0 ? rows[i] / s[i] : SIMD3((0..<3).map { $0 == i ? 1.0 : 0.0 }) }
        rotation = Self.angles(rows)
    }

    /// The angles about x, y, z of a rotation whose rows (row vectors) are `rows`:
    /// R = Rx · Ry · Rz, so r13 = −sin y.
    static func angles(_ rows: [SIMD3<Double>]) -> SIMD3<Double> {
        let y = asin(min(max(-rows[0].z, -1), 1))
        if cos(y) > 1e-9 { return SIMD3(atan2(rows[1].z, rows[2].z), y, atan2(rows[0].y, rows[0].x)) }
        return SIMD3(atan2(-rows[2].y, rows[1].y), y, 0)
    }

    /// The parts between `a` (t = 0) and `b` (t = 1): translation, scale and perspective
    /// linearly, the rotation along the shorter great-circle turn between the two orientations
    /// (quaternion slerp), as interpolated transforms do in Core Animation and CSS — so an
    /// animation between two whole transforms never takes the long way round, and one from
    /// the identity to a full turn does not move (animate `transform.rotation.z` for a spin).
    static func interpolate(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] {
        var out = zip(a, b).map { $0 + ($1 - $0) * t }
        let qa = quaternion(SIMD3(a[6], a[7], a[8])), qb = quaternion(SIMD3(b[6], b[7], b[8]))
        var dot = (qa * qb).sum()
        var qb2 = qb
        if dot < 0 { dot = -dot; qb2 = -qb }
        var q: SIMD4<Double>
        if dot > 0.9995 {
            q = qa + (qb2 - qa) * t
        } else {
            let theta = acos(dot)
            q = (qa * sin((1 - t) * theta) + qb2 * sin(t * theta)) / sin(theta)
        }
        q /= (q * q).sum().squareRoot()
        let angles = Self.angles(rows(q))
        (out[6], out[7], out[8]) = (angles.x, angles.y, angles.z)
        return out
    }

    /// The unit quaternion (x, y, z, w) of turning about x, then y, then z.
    private static func quaternion(_ r: SIMD3<Double>) -> SIMD4<Double> {
        func axis(_ i: Int, _ angle: Double) -> SIMD4<Double> {
            var q = SIMD4<Double>(0, 0, 0, cos(angle / 2))
            q[i] = sin(angle / 2)
            return q
        }
        // Column-vector order: z · y · x.
        return product(product(axis(2, r.z), axis(1, r.y)), axis(0, r.x))
    }

    private static func product(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        SIMD4(a.w * b.x + a.x * b.w + a.y * b.z - a.z * b.y,
              a.w * b.y - a.x * b.z + a.y * b.w + a.z * b.x,
              a.w * b.z + a.x * b.y - a.y * b.x + a.z * b.w,
              a.w * b.w - a.x * b.x - a.y * b.y - a.z * b.z)
    }

    /// The rows (row vectors) of the rotation of unit quaternion `q`: the transpose of its
    /// column-vector matrix.
    private static func rows(_ q: SIMD4<Double>) -> [SIMD3<Double>] {
        let (x, y, z, w) = (q.x, q.y, q.z, q.w)
        return [SIMD3(1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w)),
                SIMD3(2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w)),
                SIMD3(2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y))]
    }

    /// The transform: scale, rotate about x, y, z, translate, then the perspective.
    public var transform: Transform3D {
        var p = Transform3D()
        (p.m14, p.m24, p.m34, p.m44) = (CGFloat(perspective.x), CGFloat(perspective.y), CGFloat(perspective.z),
                                         CGFloat(perspective.w))
        return Transform3DMakeScale(CGFloat(scale.x), CGFloat(scale.y), CGFloat(scale.z))
            .concatenating(Transform3DMakeRotation(CGFloat(rotation.x), 1, 0, 0))
            .concatenating(Transform3DMakeRotation(CGFloat(rotation.y), 0, 1, 0))
            .concatenating(Transform3DMakeRotation(CGFloat(rotation.z), 0, 0, 1))
            .concatenating(Transform3DMakeTranslation(CGFloat(translation.x), CGFloat(translation.y),
                                                      CGFloat(translation.z)))
            .concatenating(p)
    }

    /// The parts as one list (translation, scale, rotation, perspective): what animations
    /// interpolate between two transforms.
    var list: [Double] {
        [translation.x, translation.y, translation.z, scale.x, scale.y, scale.z,
         rotation.x, rotation.y, rotation.z, perspective.x, perspective.y, perspective.z, perspective.w]
    }

    init(list v: [Double]) {
        translation = SIMD3(v[0], v[1], v[2])
        scale = SIMD3(v[3], v[4], v[5])
        rotation = SIMD3(v[6], v[7], v[8])
        perspective = SIMD4(v[9], v[10], v[11], v[12])
    }

    private static func determinant(_ r: [SIMD3<Double>]) -> Double {
        r[0].x * (r[1].y * r[2].z - r[1].z * r[2].y) - r[0].y * (r[1].x * r[2].z - r[1].z * r[2].x)
            + r[0].z * (r[1].x * r[2].y - r[1].y * r[2].x)
    }
}

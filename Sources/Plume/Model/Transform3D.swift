import Foundation

/// A 4×4 homogeneous transform of a layer (`CATransform3D`), with Core Animation's layout and
/// conventions: points are row vectors multiplied on the left, `p' = p · M`, so the translation is
/// `m41, m42, m43` and perspective is `m34` (`w' = x·m14 + y·m24 + z·m34 + m44`; `m34 = −1/d`
/// looks at the layer from `d` points in front of it). Angles are radians; on the layer's y-down
/// plane a positive rotation about z turns clockwise, as on iOS.
///
/// ```swift
/// var t = Transform3DIdentity
/// t.m34 = -1 / 500                                     // perspective
/// t = Transform3DRotate(t, .pi / 3, 0, 1, 0)            // 60° about y
/// layer.transform = t
/// ```
///
/// The functions keep Core Animation's names without the `CA` prefix (`CATransform3DMakeRotation`
/// → ``Transform3DMakeRotation(_:_:_:_:)``), so ported code changes by renaming only. Where a
/// layer uses it, see ``Layer/transform``.
public struct Transform3D: Hashable, Sendable, CustomStringConvertible {
    /// Row 1: the image of the x axis (and `m14`, its share of w).
    public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
    /// Row 2: the image of the y axis (and `m24`, its share of w).
    public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
    /// Row 3: the image of the z axis (and `m34`, the perspective: −1/eye distance).
    public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
    /// Row 4: the translation (`m41, m42, m43`) and `m44`.
    public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

    /// The identity (`CATransform3DIdentity`); `Transform3D()` is the identity too.
    public init() {
        (m11, m12, m13, m14) = (1, 0, 0, 0)
        (m21, m22, m23, m24) = (0, 1, 0, 0)
        (m31, m32, m33, m34) = (0, 0, 1, 0)
        (m41, m42, m43, m44) = (0, 0, 0, 1)
    }

    /// All sixteen values, row by row (`m11, m12, …, m44`).
    public init(m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
                m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
                m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
                m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat) {
        (self.m11, self.m12, self.m13, self.m14) = (m11, m12, m13, m14)
        (self.m21, self.m22, self.m23, self.m24) = (m21, m22, m23, m24)
        (self.m31, self.m32, self.m33, self.m34) = (m31, m32, m33, m34)
        (self.m41, self.m42, self.m43, self.m44) = (m41, m42, m43, m44)
    }

    /// The identity.
    public static let identity = Transform3D()

    /// The sixteen values row by row, as `Double`s. Row-major storage of the row-vector matrix is
    /// column-major storage of the column-vector matrix GL uses: the array goes to GL unchanged.
    public var values: [Double] {
        get {
            [m11, m12, m13, m14, m21, m22, m23, m24, m31, m32, m33, m34, m41, m42, m43, m44].map(Double.init)
        }
        set {
            precondition(newValue.count == 16, "a Transform3D has 16 values")
            let v = newValue.map { CGFloat($0) }
            self = Transform3D(m11: v[0], m12: v[1], m13: v[2], m14: v[3], m21: v[4], m22: v[5], m23: v[6], m24: v[7],
                               m31: v[8], m32: v[9], m33: v[10], m34: v[11], m41: v[12], m42: v[13], m43: v[14], m44: v[15])
        }
    }

    /// True when every value is finite.
    public var isFinite: Bool { values.allSatisfy(\.isFinite) }

    /// True when the transform maps the layer plane onto itself by a translation and a scale only
    /// (no rotation, shear or perspective): what a scissor rectangle can clip exactly.
    public var isAxisAligned2D: Bool {
        m12 == 0 && m21 == 0 && m13 == 0 && m23 == 0 && m31 == 0 && m32 == 0
            && m14 == 0 && m24 == 0 && m34 == 0 && m44 == 1
    }

    /// `self` then `other` (`CATransform3DConcat(self, other)`): `p · self · other`.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let a = values, b = other.values
        var out = [Double](repeating: 0, count: 16)
        for r in 0..<4 {
            for c in 0..<4 {
                var v = 0.0
                for k in 0..<4 { v += a[r * 4 + k] * b[k * 4 + c] }
                out[r * 4 + c] = v
            }
        }
        var t = Transform3D()
        t.values = out
        return t
    }

    /// A point of the layer's space through the transform, before the perspective divide: (x, y, z, w).
    public func apply(x: Double, y: Double, z: Double = 0) -> SIMD4<Double> {
        let v = values
        return SIMD4(x * v[0] + y * v[4] + z * v[8] + v[12], x * v[1] + y * v[5] + z * v[9] + v[13],
                     x * v[2] + y * v[6] + z * v[10] + v[14], x * v[3] + y * v[7] + z * v[11] + v[15])
    }

    /// The rows, for messages: `Transform3D[m11 m12 m13 m14; …]`.
    public var description: String {
        "Transform3D[" + stride(from: 0, to: 16, by: 4).map { r in values[r..<r + 4].map { "\($0)" }.joined(separator: " ") }
            .joined(separator: "; ") + "]"
    }
}

/// `CATransform3DIdentity`.
public let Transform3DIdentity = Transform3D.identity

/// `CATransform3DMakeTranslation`: moves by (tx, ty, tz) points.
public func Transform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> Transform3D {
    var t = Transform3D()
    (t.m41, t.m42, t.m43) = (tx, ty, tz)
    return t
}

/// `CATransform3DMakeScale`: scales by (sx, sy, sz).
public func Transform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> Transform3D {
    var t = Transform3D()
    (t.m11, t.m22, t.m33) = (sx, sy, sz)
    return t
}

/// `CATransform3DMakeRotation`: rotates by `angle` radians about the axis (x, y, z) through the
/// origin, right-handed (x turns towards y about z: clockwise on the y-down layer plane). The
/// axis need not be unit length; a zero (or non-finite) axis gives the identity.
public func Transform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> Transform3D {
    let length = (x * x + y * y + z * z).squareRoot()
    guard length > 0, length.isFinite, angle.isFinite else { return Transform3D() }
    let (x, y, z) = (x / length, y / length, z / length)
    let c = cos(angle), s = sin(angle), k = 1 - c
    return Transform3D(m11: c + k * x * x, m12: k * x * y + s * z, m13: k * x * z - s * y, m14: 0,
                       m21: k * x * y - s * z, m22: c + k * y * y, m23: k * y * z + s * x, m24: 0,
                       m31: k * x * z + s * y, m32: k * y * z - s * x, m33: c + k * z * z, m34: 0,
                       m41: 0, m42: 0, m43: 0, m44: 1)
}

/// `CATransform3DConcat(a, b)`: `a` then `b`.
public func Transform3DConcat(_ a: Transform3D, _ b: Transform3D) -> Transform3D { a.concatenating(b) }

/// `CATransform3DTranslate(t, …)`: translates, then applies `t`.
public func Transform3DTranslate(_ t: Transform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> Transform3D {
    Transform3DMakeTranslation(tx, ty, tz).concatenating(t)
}

/// `CATransform3DScale(t, …)`: scales, then applies `t`.
public func Transform3DScale(_ t: Transform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> Transform3D {
    Transform3DMakeScale(sx, sy, sz).concatenating(t)
}

/// `CATransform3DRotate(t, …)`: rotates, then applies `t`.
public func Transform3DRotate(_ t: Transform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> Transform3D {
    Transform3DMakeRotation(angle, x, y, z).concatenating(t)
}

/// `CATransform3DIsIdentity`.
public func Transform3DIsIdentity(_ t: Transform3D) -> Bool { t == .identity }

/// `CATransform3DEqualToTransform`.
public func Transform3DEqualToTransform(_ a: Transform3D, _ b: Transform3D) -> Bool { a == b }

/// `CATransform3DInvert`: the inverse; a transform without one is returned unchanged (as Core
/// Animation does).
public func Transform3DInvert(_ t: Transform3D) -> Transform3D {
    var a = t.values, inv = Transform3D.identity.values
    for col in 0..<4 {
        guard let pivot = (col..<4).max(by: { abs(a[$0 * 4 + col]) < abs(a[$1 * 4 + col]) }),
              abs(a[pivot * 4 + col]) > 1e-12 else { return t }
        for k in 0..<4 {
            a.swapAt(col * 4 + k, pivot * 4 + k)
            inv.swapAt(col * 4 + k, pivot * 4 + k)
        }
        let p = a[col * 4 + col]
        for k in 0..<4 { a[col * 4 + k] /= p; inv[col * 4 + k] /= p }
        for r in 0..<4 where r != col {
            let f = a[r * 4 + col]
            guard f != 0 else { continue }
            for k in 0..<4 { a[r * 4 + k] -= f * a[col * 4 + k]; inv[r * 4 + k] -= f * inv[col * 4 + k] }
        }
    }
    var out = Transform3D()
    out.values = inv
    return out
}

/// `CATransform3DIsAffine`: true when the transform has no perspective and keeps z = 0 in the
/// plane (it maps the layer plane by a 2-D affine transform).
public func Transform3DIsAffine(_ t: Transform3D) -> Bool {
    t.m13 == 0 && t.m23 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1 && t.m43 == 0
        && t.m14 == 0 && t.m24 == 0 && t.m34 == 0 && t.m44 == 1
}

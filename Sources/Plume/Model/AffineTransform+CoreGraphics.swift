import Foundation

/// `CGAffineTransform` on Linux: Foundation's `AffineTransform` (the same matrix,
/// `[a b 0; c d 0; tx ty 1]` acting on row vectors, `a`…`ty` being `m11`, `m12`, `m21`, `m22`,
/// `tX`, `tY`) with Core Graphics' initialisers and methods, so ported code compiles unchanged:
///
/// ```swift
/// let t = CGAffineTransform(rotationAngle: .pi / 4).translatedBy(x: 10, y: 0)
/// let p = CGPoint(x: 1, y: 0).applying(t)
/// layer.setAffineTransform(CGAffineTransform(scaleX: 2, y: 2))
/// path.addRect(box, transform: t)
/// ```
///
/// The methods follow Core Graphics: `translatedBy`, `scaledBy` and `rotated(by:)` apply the new
/// step *before* the transform (`CGAffineTransformTranslate` and friends), and
/// `a.concatenating(b)` applies `a` then `b`. Foundation's own mutating `rotate(byRadians:)`,
/// `translate(x:y:)` and `scale(x:y:)` keep Foundation's meaning. `inverted()` is Foundation's and
/// returns nil for a transform without an inverse, where Core Graphics returns it unchanged.
public typealias CGAffineTransform = AffineTransform

extension AffineTransform {
    /// `CGAffineTransform(a:b:c:d:tx:ty:)`: `x' = a·x + c·y + tx`, `y' = b·x + d·y + ty`.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        self.init(m11: a, m12: b, m21: c, m22: d, tX: tx, tY: ty)
    }
    /// `CGAffineTransform(translationX:y:)`.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
    /// `CGAffineTransform(scaleX:y:)`.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
    /// `CGAffineTransform(rotationAngle:)`: radians, from +x towards +y (counter-clockwise in a
    /// y-up space, clockwise on a y-down picture).
    public init(rotationAngle angle: CGFloat) {
        let c = cos(angle), s = sin(angle)
        self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
    }

    public var a: CGFloat { get { m11 } set { m11 = newValue } }
    public var b: CGFloat { get { m12 } set { m12 = newValue } }
    public var c: CGFloat { get { m21 } set { m21 = newValue } }
    public var d: CGFloat { get { m22 } set { m22 = newValue } }
    public var tx: CGFloat { get { tX } set { tX = newValue } }
    public var ty: CGFloat { get { tY } set { tY = newValue } }

    /// Whether it is the identity (`CGAffineTransform.isIdentity`).
    public var isIdentity: Bool { self == .identity }

    /// This transform, then `other` (`CGAffineTransformConcat(self, other)`).
    public func concatenating(_ other: AffineTransform) -> AffineTransform {
        AffineTransform(a: a * other.a + b * other.c, b: a * other.b + b * other.d,
                        c: c * other.a + d * other.c, d: c * other.b + d * other.d,
                        tx: tx * other.a + ty * other.c + other.tx, ty: tx * other.b + ty * other.d + other.ty)
    }
    /// A translation, then this transform (`CGAffineTransformTranslate`).
    public func translatedBy(x: CGFloat, y: CGFloat) -> AffineTransform {
        AffineTransform(translationX: x, y: y).concatenating(self)
    }
    /// A scale, then this transform (`CGAffineTransformScale`).
    public func scaledBy(x: CGFloat, y: CGFloat) -> AffineTransform {
        AffineTransform(scaleX: x, y: y).concatenating(self)
    }
    /// A rotation by `angle` radians, then this transform (`CGAffineTransformRotate`).
    public func rotated(by angle: CGFloat) -> AffineTransform {
        AffineTransform(rotationAngle: angle).concatenating(self)
    }
}

extension CGPoint {
    /// The point mapped by `t` (`CGPoint.applying(_:)`).
    public func applying(_ t: AffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size mapped by `t`'s linear part, without its translation (`CGSize.applying(_:)`).
    public func applying(_ t: AffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle holding the four corners mapped by `t` (`CGRect.applying(_:)`).
    public func applying(_ t: AffineTransform) -> CGRect {
        guard !isNull else { return self }
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY),
                       CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)].map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

/// `CATransform3DMakeAffineTransform`: `t` acting in the layer's plane (z kept).
public func Transform3DMakeAffineTransform(_ t: AffineTransform) -> Transform3D {
    var m = Transform3D.identity
    (m.m11, m.m12, m.m21, m.m22, m.m41, m.m42) = (t.a, t.b, t.c, t.d, t.tx, t.ty)
    return m
}

/// `CATransform3DGetAffineTransform`: the transform's action in the plane (its x and y rows and
/// translation; meaningful when ``Transform3DIsAffine(_:)``).
public func Transform3DGetAffineTransform(_ t: Transform3D) -> AffineTransform {
    AffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

extension Layer {
    /// The layer's ``transform`` as a 2-D affine transform (`CALayer.affineTransform()`).
    public func affineTransform() -> AffineTransform { Transform3DGetAffineTransform(transform) }
    /// Sets ``transform`` to `t` acting in the layer's plane (`CALayer.setAffineTransform(_:)`).
    public func setAffineTransform(_ t: AffineTransform) { transform = Transform3DMakeAffineTransform(t) }
}

import Foundation
import Plume

/// A path built once and drawn any number of times (the stand-in for `CGMutablePath` / `CGPath`):
///
/// ```swift
/// let star = MutablePath()
/// star.move(to: CGPoint(x: 10, y: 0))
/// star.addLine(to: CGPoint(x: 13, y: 7))
/// …
/// star.closeSubpath()
/// context.addPath(star)
/// context.fillPath()
/// ```
///
/// Coordinates are points in the drawing context's space (y down in ``ImageRenderer`` and the
/// `UIGraphics…ImageContext` functions, as in UIKit). Elements follow Core Graphics:
/// `addArc(center:radius:startAngle:endAngle:clockwise:)` takes angles in radians from +x
/// towards +y, and `clockwise` in Core Graphics' y-up sense (so `false` turns clockwise on the
/// y-down picture, as `CGContext.addArc` does in a UIKit context), with a line from the current
/// point to the arc's start when there is one; `addRect`, `addRects`, `addEllipse(in:)` and
/// `addRoundedRect` add closed subpaths of their own; `closeSubpath()` closes the current one.
/// Every builder takes Core Graphics' `transform:` (a `CGAffineTransform`, applied to the
/// element's points before they join the path); `addArc(tangent1End:tangent2End:radius:)`
/// rounds a corner; `contains(_:using:)` hit-tests with either fill rule. Arcs, rectangles and
/// ellipses are kept as the lines and cubic Béziers that draw them, as Core Graphics keeps them.
/// A class, like `CGMutablePath`: `copy()` makes an independent path. It also stands for
/// `CGPath` (a path here is always mutable). ``BezierPath`` converts both ways (`cgPath`).
public final class MutablePath: Hashable {
    /// The elements, in path space (after each call's transform). Arcs, rectangles and ellipses
    /// are stored as the lines and cubic Béziers that draw them, as Core Graphics stores them.
    enum Element: Hashable {
        case move(CGPoint), line(CGPoint), quad(CGPoint, CGPoint), curve(CGPoint, CGPoint, CGPoint), close
    }
    private(set) var elements: [Element] = []
    /// The point the next element starts from (`CGPath.currentPoint`); `.zero` on an empty path.
    public private(set) var currentPoint = CGPoint.zero
    private var subpathStart = CGPoint.zero

    public init() {}
    /// A rectangle's path (`transform`: applied to its corners; the identity by default).
    public convenience init(rect: CGRect, transform: AffineTransform = .identity) {
        self.init()
        addRect(rect, transform: transform)
    }
    /// `CGPath(rect:transform:)` as Core Graphics spells it: `transform: nil` or `transform: &t`.
    public convenience init(rect: CGRect, transform: UnsafePointer<AffineTransform>?) {
        self.init(rect: rect, transform: transform?.pointee ?? .identity)
    }
    /// An ellipse's path, inscribed in `rect`.
    public convenience init(ellipseIn rect: CGRect, transform: AffineTransform = .identity) {
        self.init()
        addEllipse(in: rect, transform: transform)
    }
    /// `CGPath(ellipseIn:transform:)` as Core Graphics spells it: `transform: nil` or `&t`.
    public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<AffineTransform>?) {
        self.init(ellipseIn: rect, transform: transform?.pointee ?? .identity)
    }
    /// A rounded rectangle's path; corner sizes as `addRoundedRect(in:cornerWidth:cornerHeight:)`.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: AffineTransform = .identity) {
        self.init()
        addRoundedRect(in: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform)
    }
    /// `CGPath(roundedRect:cornerWidth:cornerHeight:transform:)` as Core Graphics spells it:
    /// `transform: nil` or `transform: &t`.
    public convenience init(roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                            transform: UnsafePointer<AffineTransform>?) {
        self.init(roundedRect: rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
                  transform: transform?.pointee ?? .identity)
    }

    /// An independent copy (`CGPath.mutableCopy()`, `copy()`).
    public func copy() -> MutablePath {
        let p = MutablePath()
        p.elements = elements
        p.currentPoint = currentPoint
        p.subpathStart = subpathStart
        return p
    }
    public func mutableCopy() -> MutablePath { copy() }
    /// An independent copy with every point mapped by `transform` (`CGPath.copy(using:)`,
    /// called as `path.copy(using: &t)`; nil: a plain copy). Optional, as Core Graphics' is; never
    /// nil here.
    public func copy(using transform: UnsafePointer<AffineTransform>?) -> MutablePath? {
        mapped(by: transform?.pointee ?? .identity)
    }

    /// An independent copy with every point mapped by `t`.
    private func mapped(by t: AffineTransform) -> MutablePath {
        let p = MutablePath()
        p.elements = elements.map { e in
            switch e {
            case let .move(q): .move(q.applying(t))
            case let .line(q): .line(q.applying(t))
            case let .quad(q, c): .quad(q.applying(t), c.applying(t))
            case let .curve(q, c1, c2): .curve(q.applying(t), c1.applying(t), c2.applying(t))
            case .close: .close
            }
        }
        p.currentPoint = currentPoint.applying(t)
        p.subpathStart = subpathStart.applying(t)
        return p
    }

    /// Whether the path has no elements (`CGPath.isEmpty`).
    public var isEmpty: Bool { elements.isEmpty }

    // MARK: Building (each point through `transform` first, as Core Graphics' `transform:`)

    /// Starts a new subpath at `p`.
    public func move(to p: CGPoint, transform: AffineTransform = .identity) {
        let q = p.applying(transform)
        elements.append(.move(q))
        currentPoint = q
        subpathStart = q
    }
    /// A line from the current point to `p` (a move to `p` on an empty path).
    public func addLine(to p: CGPoint, transform: AffineTransform = .identity) {
        guard !isEmpty else { return move(to: p, transform: transform) }
        appendLine(to: p.applying(transform))
    }
    /// Lines through `points` in order, the first a move (`CGMutablePath.addLines(between:)`).
    public func addLines(between points: [CGPoint], transform: AffineTransform = .identity) {
        guard let first = points.first else { return }
        move(to: first, transform: transform)
        for p in points.dropFirst() { addLine(to: p, transform: transform) }
    }
    /// A quadratic Bézier from the current point to `p` with control point `c` (on an empty path,
    /// from `c`, as cairo does; Core Graphics has no current point there).
    public func addQuadCurve(to p: CGPoint, control c: CGPoint, transform: AffineTransform = .identity) {
        if isEmpty { move(to: c, transform: transform) }
        continueSubpath()
        elements.append(.quad(p.applying(transform), c.applying(transform)))
        currentPoint = p.applying(transform)
    }
    /// A cubic Bézier from the current point to `p` with control points `c1` and `c2` (on an
    /// empty path, from `c1`, as cairo does).
    public func addCurve(to p: CGPoint, control1 c1: CGPoint, control2 c2: CGPoint, transform: AffineTransform = .identity) {
        if isEmpty { move(to: c1, transform: transform) }
        continueSubpath()
        elements.append(.curve(p.applying(transform), c1.applying(transform), c2.applying(transform)))
        currentPoint = p.applying(transform)
    }

    /// An arc of the circle around `center` from `startAngle` to `endAngle` (see the type's notes
    /// on `clockwise`): a line from the current point to its start when the path has one, a move
    /// there otherwise. An end angle behind the start in the arc's direction goes on round the
    /// circle to it; at most one whole turn is drawn.
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
                       transform: AffineTransform = .identity) {
        let turn = 2 * CGFloat.pi
        var delta = endAngle - startAngle
        // an end behind the start goes round by the rest of a turn (a whole number of turns behind
        // it: no arc, as cairo and Core Graphics draw it); at most one turn ahead
        if clockwise {
            if delta > 0 {
                let rest = delta.truncatingRemainder(dividingBy: turn)
                delta = rest > 0 ? rest - turn : 0
            }
            delta = max(delta, -turn)
        } else {
            if delta < 0 {
                let rest = delta.truncatingRemainder(dividingBy: turn)
                delta = rest < 0 ? rest + turn : 0
            }
            delta = min(delta, turn)
        }
        addRelativeArc(center: center, radius: radius, startAngle: startAngle, delta: delta, transform: transform)
    }

    /// An arc of `delta` radians from `startAngle` (positive from +x towards +y), joined to the
    /// path as ``addArc(center:radius:startAngle:endAngle:clockwise:transform:)`` is
    /// (`CGMutablePath.addRelativeArc`). More than a turn either way draws one turn.
    public func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat,
                               transform: AffineTransform = .identity) {
        guard radius.isFinite, startAngle.isFinite, delta.isFinite, radius >= 0 else { return }
        let delta = max(-2 * .pi, min(delta, 2 * .pi))
        let start = CGPoint(x: center.x + radius * cos(startAngle), y: center.y + radius * sin(startAngle))
        if isEmpty { move(to: start, transform: transform) } else { appendLine(to: start.applying(transform)) }
        appendArc(center: center, radius: radius, startAngle: startAngle, delta: delta, transform: transform)
    }

    /// The arc's cubics from its start (where the path already is), at most a quarter turn each:
    /// a cubic's handles are 4/3·tan(θ/4) of the radius long.
    private func appendArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, delta: CGFloat, transform: AffineTransform) {
        guard delta != 0 else { return }
        let point = { (a: CGFloat) in CGPoint(x: center.x + radius * cos(a), y: center.y + radius * sin(a)) }
        let pieces = max(1, Int((abs(delta) / (CGFloat.pi / 2)).rounded(.up)))
        let step = delta / CGFloat(pieces), k = 4 / 3 * tan(step / 4) * radius
        for i in 0..<pieces {
            let a0 = startAngle + CGFloat(i) * step, a1 = a0 + step
            let p0 = point(a0), p1 = point(a1)
            let c1 = CGPoint(x: p0.x - k * sin(a0), y: p0.y + k * cos(a0))
            let c2 = CGPoint(x: p1.x + k * sin(a1), y: p1.y - k * cos(a1))
            elements.append(.curve(p1.applying(transform), c1.applying(transform), c2.applying(transform)))
        }
        currentPoint = point(startAngle + delta).applying(transform)
    }

    /// A line towards `tangent1End` and an arc of radius `radius` tangent to the lines from the
    /// current point to `tangent1End` and from there to `tangent2End`, ending on the second line
    /// (`CGMutablePath.addArc(tangent1End:tangent2End:radius:transform:)`, PostScript's `arct`).
    /// When the three points are on one line, or `radius` is 0, it is a line to `tangent1End`; on
    /// an empty path (where Core Graphics has no current point) it starts with a move to
    /// `tangent1End`.
    public func addArc(tangent1End t1: CGPoint, tangent2End t2: CGPoint, radius: CGFloat,
                       transform: AffineTransform = .identity) {
        guard !isEmpty else { return move(to: t1, transform: transform) }
        // The current point in the arc's own space.
        let p0 = transform.inverted().map { currentPoint.applying($0) } ?? currentPoint
        let u = CGPoint(x: p0.x - t1.x, y: p0.y - t1.y), v = CGPoint(x: t2.x - t1.x, y: t2.y - t1.y)
        let lu = hypot(u.x, u.y), lv = hypot(v.x, v.y)
        let cross = u.x * v.y - u.y * v.x
        guard radius > 0, radius.isFinite, lu > 0, lv > 0, abs(cross) > 1e-12 * lu * lv else {
            return addLine(to: t1, transform: transform)
        }
        let cosine = max(-1, min(1, (u.x * v.x + u.y * v.y) / (lu * lv)))
        let half = acos(cosine) / 2                                    // half the angle between the lines
        let reach = radius / tan(half)                                 // from t1 to each tangent point
        let a = CGPoint(x: t1.x + u.x / lu * reach, y: t1.y + u.y / lu * reach)
        let bisector = CGPoint(x: u.x / lu + v.x / lv, y: u.y / lu + v.y / lv)
        let lb = hypot(bisector.x, bisector.y), toCentre = radius / sin(half)
        let centre = CGPoint(x: t1.x + bisector.x / lb * toCentre, y: t1.y + bisector.y / lb * toCentre)
        let start = atan2(a.y - centre.y, a.x - centre.x)
        // The arc turns by π − the lines' angle, the way from the first line to the second.
        let sweep = (CGFloat.pi - 2 * half) * (cross > 0 ? -1 : 1)
        addRelativeArc(center: centre, radius: radius, startAngle: start, delta: sweep, transform: transform)
    }

    /// A closed rectangle: a move to its origin, three lines, a close (`CGMutablePath.addRect`).
    public func addRect(_ rect: CGRect, transform: AffineTransform = .identity) {
        let r = rect.standardized
        move(to: CGPoint(x: r.minX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.minY), transform: transform)
        addLine(to: CGPoint(x: r.maxX, y: r.maxY), transform: transform)
        addLine(to: CGPoint(x: r.minX, y: r.maxY), transform: transform)
        closeSubpath()
    }
    public func addRects(_ rects: [CGRect], transform: AffineTransform = .identity) {
        for r in rects { addRect(r, transform: transform) }
    }
    /// The ellipse inscribed in `rect` as a closed subpath of four cubics, starting at the right
    /// end of its horizontal axis (`CGMutablePath.addEllipse(in:)`); nothing for an empty rect.
    public func addEllipse(in rect: CGRect, transform: AffineTransform = .identity) {
        let r = rect.standardized
        guard r.width > 0, r.height > 0, r.width.isFinite, r.height.isFinite else { return }
        let (cx, cy, rx, ry) = (r.midX, r.midY, r.width / 2, r.height / 2)
        let k = Self.quarterHandle
        move(to: CGPoint(x: r.maxX, y: cy), transform: transform)
        addCurve(to: CGPoint(x: cx, y: r.maxY), control1: CGPoint(x: r.maxX, y: cy + k * ry),
                 control2: CGPoint(x: cx + k * rx, y: r.maxY), transform: transform)
        addCurve(to: CGPoint(x: r.minX, y: cy), control1: CGPoint(x: cx - k * rx, y: r.maxY),
                 control2: CGPoint(x: r.minX, y: cy + k * ry), transform: transform)
        addCurve(to: CGPoint(x: cx, y: r.minY), control1: CGPoint(x: r.minX, y: cy - k * ry),
                 control2: CGPoint(x: cx - k * rx, y: r.minY), transform: transform)
        addCurve(to: CGPoint(x: r.maxX, y: cy), control1: CGPoint(x: cx + k * rx, y: r.minY),
                 control2: CGPoint(x: r.maxX, y: cy - k * ry), transform: transform)
        closeSubpath()
    }
    /// A rectangle with elliptical corners (`CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:)`);
    /// the radii are clamped to half the sides.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
                               transform: AffineTransform = .identity) {
        let rect = rect.standardized
        let rx = max(0, min(cornerWidth, rect.width / 2)), ry = max(0, min(cornerHeight, rect.height / 2))
        guard rx > 0, ry > 0 else { return addRect(rect, transform: transform) }
        let k = Self.quarterHandle
        let t = transform
        move(to: CGPoint(x: rect.minX + rx, y: rect.minY), transform: t)
        addLine(to: CGPoint(x: rect.maxX - rx, y: rect.minY), transform: t)
        addCurve(to: CGPoint(x: rect.maxX, y: rect.minY + ry), control1: CGPoint(x: rect.maxX - rx + k * rx, y: rect.minY),
                 control2: CGPoint(x: rect.maxX, y: rect.minY + ry - k * ry), transform: t)
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - ry), transform: t)
        addCurve(to: CGPoint(x: rect.maxX - rx, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - ry + k * ry),
                 control2: CGPoint(x: rect.maxX - rx + k * rx, y: rect.maxY), transform: t)
        addLine(to: CGPoint(x: rect.minX + rx, y: rect.maxY), transform: t)
        addCurve(to: CGPoint(x: rect.minX, y: rect.maxY - ry), control1: CGPoint(x: rect.minX + rx - k * rx, y: rect.maxY),
                 control2: CGPoint(x: rect.minX, y: rect.maxY - ry + k * ry), transform: t)
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + ry), transform: t)
        addCurve(to: CGPoint(x: rect.minX + rx, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + ry - k * ry),
                 control2: CGPoint(x: rect.minX + rx - k * rx, y: rect.minY), transform: t)
        closeSubpath()
    }
    /// Another path's elements appended, mapped by `transform` (`CGMutablePath.addPath(_:transform:)`).
    public func addPath(_ other: MutablePath, transform: AffineTransform = .identity) {
        guard !other.isEmpty else { return }
        let mapped = other.mapped(by: transform)
        elements += mapped.elements
        currentPoint = mapped.currentPoint
        subpathStart = mapped.subpathStart
    }
    public func closeSubpath() {
        guard !isEmpty else { return }
        elements.append(.close)
        currentPoint = subpathStart
    }

    /// A quarter circle of radius 1 as one cubic has handles this long: 4/3·tan(π/8).
    private static let quarterHandle: CGFloat = 0.552_284_749_8

    /// A line to `q` (path space).
    private func appendLine(to q: CGPoint) {
        continueSubpath()
        elements.append(.line(q))
        currentPoint = q
    }

    /// After a close, what follows starts a new subpath at the closed one's start (as in Core
    /// Graphics and cairo): the move is written out, so every subpath begins with one.
    private func continueSubpath() {
        if case .close = elements.last { elements.append(.move(currentPoint)) }
    }

    // MARK: Reading

    /// The smallest rectangle holding every point of the path, control points included
    /// (`CGPath.boundingBox`); `.null` for an empty path.
    public var boundingBox: CGRect {
        var points: [CGPoint] = []
        for e in elements {
            switch e {
            case let .move(p), let .line(p): points.append(p)
            case let .quad(p, c): points += [p, c]
            case let .curve(p, c1, c2): points += [p, c1, c2]
            case .close: break
            }
        }
        guard let first = points.first else { return .null }
        return points.dropFirst().reduce(CGRect(origin: first, size: .zero)) { $0.union(CGRect(origin: $1, size: .zero)) }
    }

    /// How ``contains(_:using:transform:)`` decides the inside (`CGPathFillRule`).
    public enum FillRule: Sendable {
        /// Inside where the path winds round the point a non-zero number of times (the default).
        case winding
        /// Inside where a ray from the point crosses the path an odd number of times.
        case evenOdd
    }

    /// Whether `point`, mapped by `transform`, is inside the path filled by `rule`
    /// (`CGPath.contains(_:using:transform:)`). Every subpath counts as closed; curves are
    /// followed to within about 2·10⁻⁴ of their size.
    public func contains(_ point: CGPoint, using rule: FillRule = .winding, transform: AffineTransform = .identity) -> Bool {
        let p = point.applying(transform)
        var winding = 0, crossings = 0
        func edge(_ a: CGPoint, _ b: CGPoint) {
            guard (a.y <= p.y) != (b.y <= p.y) else { return }        // the edge straddles the ray's line
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
            guard x > p.x else { return }
            crossings += 1
            winding += b.y > a.y ? 1 : -1
        }
        var start = CGPoint.zero, current = CGPoint.zero
        for e in elements {
            switch e {
            case let .move(q):
                edge(current, start)
                (start, current) = (q, q)
            case let .line(q):
                edge(current, q)
                current = q
            case let .quad(q, c):
                let c1 = CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y))
                let c2 = CGPoint(x: q.x + 2 / 3 * (c.x - q.x), y: q.y + 2 / 3 * (c.y - q.y))
                Self.flatten(current, c1, c2, q, into: edge)
                current = q
            case let .curve(q, c1, c2):
                Self.flatten(current, c1, c2, q, into: edge)
                current = q
            case .close:
                edge(current, start)
                current = start
            }
        }
        edge(current, start)
        return rule == .winding ? winding != 0 : crossings % 2 == 1
    }

    /// A cubic as 64 line segments (within about 2·10⁻⁴ of its control polygon's size).
    private static func flatten(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint,
                                into edge: (CGPoint, CGPoint) -> Void) {
        let pieces = 64
        var previous = p0
        for i in 1...pieces {
            let t = CGFloat(i) / CGFloat(pieces), s = 1 - t
            let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
            let q = CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
            edge(previous, q)
            previous = q
        }
    }

    /// Adds the elements to `context`'s current path.
    func replay(in context: DrawingContext) {
        for e in elements {
            switch e {
            case let .move(p): context.move(to: p)
            case let .line(p): context.addLine(to: p)
            case let .quad(p, c): context.addQuadCurve(to: p, control: c)
            case let .curve(p, c1, c2): context.addCurve(to: p, control1: c1, control2: c2)
            case .close: context.closePath()
            }
        }
    }

    public static func == (a: MutablePath, b: MutablePath) -> Bool { a.elements == b.elements }
    public func hash(into h: inout Hasher) { h.combine(elements) }
}

extension DrawingContext {
    /// Adds `path`'s elements to the current path (`CGContext.addPath(_:)`); draw it with
    /// ``fillPath()``, ``strokePath()`` or ``drawPath(using:)``.
    public func addPath(_ path: MutablePath) { path.replay(in: self) }
}

extension BezierPath {
    /// `UIBezierPath(cgPath:)`: a Bézier path drawing `path`'s elements.
    public convenience init(cgPath path: MutablePath) {
        self.init()
        self.cgPath = path.copy()
    }
}

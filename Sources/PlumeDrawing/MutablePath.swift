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
/// A class, like `CGMutablePath`: `copy()` makes an independent path. It also stands for
/// `CGPath` (a path here is always mutable). ``BezierPath`` converts both ways (`cgPath`).
public final class MutablePath: Hashable {
    enum Element: Hashable {
        case move(CGPoint), line(CGPoint), quad(CGPoint, CGPoint), curve(CGPoint, CGPoint, CGPoint)
        case arc(center: CGPoint, radius: CGFloat, start: CGFloat, end: CGFloat, clockwise: Bool)
        case rect(CGRect), ellipse(CGRect), close
    }
    private(set) var elements: [Element] = []
    /// The point the next element starts from (`CGPath.currentPoint`); `.zero` on an empty path.
    public private(set) var currentPoint = CGPoint.zero
    private var subpathStart = CGPoint.zero

    public init() {}
    /// `CGPath(rect:transform:)`.
    public convenience init(rect: CGRect) { self.init(); addRect(rect) }
    /// `CGPath(ellipseIn:transform:)`.
    public convenience init(ellipseIn rect: CGRect) { self.init(); addEllipse(in: rect) }

    /// An independent copy (`CGPath.mutableCopy()`, `copy()`).
    public func copy() -> MutablePath {
        let p = MutablePath()
        p.elements = elements
        p.currentPoint = currentPoint
        p.subpathStart = subpathStart
        return p
    }
    public func mutableCopy() -> MutablePath { copy() }

    /// Whether the path has no elements (`CGPath.isEmpty`).
    public var isEmpty: Bool { elements.isEmpty }

    public func move(to p: CGPoint) { elements.append(.move(p)); currentPoint = p; subpathStart = p }
    public func addLine(to p: CGPoint) { elements.append(.line(p)); currentPoint = p }
    /// Lines through `points` in order, the first a move (`CGMutablePath.addLines(between:)`).
    public func addLines(between points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for p in points.dropFirst() { addLine(to: p) }
    }
    public func addQuadCurve(to p: CGPoint, control c: CGPoint) { elements.append(.quad(p, c)); currentPoint = p }
    public func addCurve(to p: CGPoint, control1 c1: CGPoint, control2 c2: CGPoint) {
        elements.append(.curve(p, c1, c2))
        currentPoint = p
    }
    /// An arc (see the type's notes on `clockwise`).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        elements.append(.arc(center: center, radius: radius, start: startAngle, end: endAngle, clockwise: clockwise))
        currentPoint = CGPoint(x: center.x + radius * cos(endAngle), y: center.y + radius * sin(endAngle))
    }
    public func addRect(_ rect: CGRect) {
        elements.append(.rect(rect))
        currentPoint = rect.origin
        subpathStart = rect.origin
    }
    public func addRects(_ rects: [CGRect]) { rects.forEach(addRect) }
    public func addEllipse(in rect: CGRect) {
        elements.append(.ellipse(rect))
        currentPoint = CGPoint(x: rect.maxX, y: rect.midY)
        subpathStart = currentPoint
    }
    /// A rectangle with elliptical corners (`CGMutablePath.addRoundedRect(in:cornerWidth:cornerHeight:)`);
    /// the radii are clamped to half the sides.
    public func addRoundedRect(in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat) {
        let rx = max(0, min(cornerWidth, rect.width / 2)), ry = max(0, min(cornerHeight, rect.height / 2))
        guard rx > 0, ry > 0 else { return addRect(rect) }
        let k: CGFloat = 0.552_284_749_8      // a quarter circle as one cubic
        move(to: CGPoint(x: rect.minX + rx, y: rect.minY))
        addLine(to: CGPoint(x: rect.maxX - rx, y: rect.minY))
        addCurve(to: CGPoint(x: rect.maxX, y: rect.minY + ry), control1: CGPoint(x: rect.maxX - rx + k * rx, y: rect.minY),
                 control2: CGPoint(x: rect.maxX, y: rect.minY + ry - k * ry))
        addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - ry))
        addCurve(to: CGPoint(x: rect.maxX - rx, y: rect.maxY), control1: CGPoint(x: rect.maxX, y: rect.maxY - ry + k * ry),
                 control2: CGPoint(x: rect.maxX - rx + k * rx, y: rect.maxY))
        addLine(to: CGPoint(x: rect.minX + rx, y: rect.maxY))
        addCurve(to: CGPoint(x: rect.minX, y: rect.maxY - ry), control1: CGPoint(x: rect.minX + rx - k * rx, y: rect.maxY),
                 control2: CGPoint(x: rect.minX, y: rect.maxY - ry + k * ry))
        addLine(to: CGPoint(x: rect.minX, y: rect.minY + ry))
        addCurve(to: CGPoint(x: rect.minX + rx, y: rect.minY), control1: CGPoint(x: rect.minX, y: rect.minY + ry - k * ry),
                 control2: CGPoint(x: rect.minX + rx - k * rx, y: rect.minY))
        closeSubpath()
    }
    /// Another path's elements appended (`CGMutablePath.addPath(_:)`).
    public func addPath(_ other: MutablePath) {
        elements += other.elements
        currentPoint = other.currentPoint
        subpathStart = other.subpathStart
    }
    public func closeSubpath() { elements.append(.close); currentPoint = subpathStart }

    /// The smallest rectangle holding every point of the path, control points included
    /// (`CGPath.boundingBox`); `.null` for an empty path.
    public var boundingBox: CGRect {
        var points: [CGPoint] = []
        for e in elements {
            switch e {
            case let .move(p), let .line(p): points.append(p)
            case let .quad(p, c): points += [p, c]
            case let .curve(p, c1, c2): points += [p, c1, c2]
            case let .arc(c, r, _, _, _): points += [CGPoint(x: c.x - r, y: c.y - r), CGPoint(x: c.x + r, y: c.y + r)]
            case let .rect(r), let .ellipse(r): points += [r.origin, CGPoint(x: r.maxX, y: r.maxY)]
            case .close: break
            }
        }
        guard let first = points.first else { return .null }
        return points.dropFirst().reduce(CGRect(origin: first, size: .zero)) { $0.union(CGRect(origin: $1, size: .zero)) }
    }

    /// Adds the elements to `context`'s current path.
    func replay(in context: DrawingContext) {
        for e in elements {
            switch e {
            case let .move(p): context.move(to: p)
            case let .line(p): context.addLine(to: p)
            case let .quad(p, c): context.addQuadCurve(to: p, control: c)
            case let .curve(p, c1, c2): context.addCurve(to: p, control1: c1, control2: c2)
            case let .arc(c, r, a0, a1, cw): context.addArc(center: c, radius: r, startAngle: a0, endAngle: a1, clockwise: cw)
            case let .rect(r): context.addRect(r)
            case let .ellipse(r): context.addEllipse(in: r)
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

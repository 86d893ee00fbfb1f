import Foundation
import Plume

/// The UIKit-style *current* context: set while ``ImageRenderer/image(actions:)`` runs its actions
/// (per thread), used by `Color.setFill()`, ``BezierPath`` and `draw(at:withAttributes:)`.
/// Outside a renderer these calls draw nothing (as UIKit's do without a current context).
extension DrawingContext {
    private final class Stack { var items: [DrawingContext] = [] }
    private static let key = "plume.DrawingContext.current"

    private static var stack: Stack {
        if let s = Thread.current.threadDictionary[key] as? Stack { return s }
        let s = Stack()
        Thread.current.threadDictionary[key] = s
        return s
    }

    /// The context of the innermost running ``ImageRenderer/image(actions:)`` on this thread.
    public static var current: DrawingContext? { stack.items.last }

    static func push(_ c: DrawingContext) { stack.items.append(c) }
    static func pop() { _ = stack.items.popLast() }
}

extension Color {
    /// Sets the current context's fill colour (`UIColor.setFill()`).
    public func setFill() { DrawingContext.current?.setFillColor(self) }
    /// Sets the current context's stroke colour (`UIColor.setStroke()`).
    public func setStroke() { DrawingContext.current?.setStrokeColor(self) }
    /// Sets both (`UIColor.set()`).
    public func set() { setFill(); setStroke() }
}

/// A path drawn into the current context (the stand-in for `UIBezierPath`).
public final class BezierPath {
    private enum Element {
        case move(CGPoint), line(CGPoint), curve(CGPoint, CGPoint, CGPoint), quad(CGPoint, CGPoint)
        case arc(CGPoint, CGFloat, CGFloat, CGFloat, Bool), rect(CGRect), ellipse(CGRect), close, path(MutablePath)
    }
    private var elements: [Element] = []
    /// Stroke width in points. Default 1.
    public var lineWidth: CGFloat = 1

    /// An empty path (`UIBezierPath()`); build it with ``move(to:)``, ``addLine(to:)`` and the rest.
    public init() {}
    /// A rectangle, in points (`UIBezierPath(rect:)`).
    public init(rect: CGRect) { elements = [.rect(rect)] }
    /// The ellipse inscribed in `rect`, in points (`UIBezierPath(ovalIn:)`).
    public init(ovalIn rect: CGRect) { elements = [.ellipse(rect)] }
    /// A rectangle with corners rounded by `cornerRadius` (clamped to half the shorter side).
    public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
        self.init()
        let r = max(0, min(cornerRadius, min(rect.width, rect.height) / 2))
        move(to: CGPoint(x: rect.minX + r, y: rect.minY))
        addArc(withCenter: CGPoint(x: rect.maxX - r, y: rect.minY + r), radius: r, startAngle: -.pi / 2, endAngle: 0, clockwise: true)
        addArc(withCenter: CGPoint(x: rect.maxX - r, y: rect.maxY - r), radius: r, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        addArc(withCenter: CGPoint(x: rect.minX + r, y: rect.maxY - r), radius: r, startAngle: .pi / 2, endAngle: .pi, clockwise: true)
        addArc(withCenter: CGPoint(x: rect.minX + r, y: rect.minY + r), radius: r, startAngle: .pi, endAngle: 1.5 * .pi, clockwise: true)
        close()
    }
    /// `UIBezierPath(arcCenter:radius:startAngle:endAngle:clockwise:)`.
    public convenience init(arcCenter: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        self.init()
        addArc(withCenter: arcCenter, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
    }

    /// Starts a new subpath at `p` (points, y down).
    public func move(to p: CGPoint) { elements.append(.move(p)) }
    /// A straight line from the current point to `p`.
    public func addLine(to p: CGPoint) { elements.append(.line(p)) }
    /// A cubic Bézier curve from the current point to `p`, with two control points.
    public func addCurve(to p: CGPoint, controlPoint1 c1: CGPoint, controlPoint2 c2: CGPoint) { elements.append(.curve(p, c1, c2)) }
    /// A quadratic Bézier curve from the current point to `p`, with one control point.
    public func addQuadCurve(to p: CGPoint, controlPoint c: CGPoint) { elements.append(.quad(p, c)) }
    /// UIKit's convention: `clockwise` true turns clockwise on the y-down picture.
    public func addArc(withCenter c: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        elements.append(.arc(c, radius, startAngle, endAngle, clockwise))
    }
    /// Closes the current subpath with a straight line back to its start.
    public func close() { elements.append(.close) }

    /// The path as a ``MutablePath`` (`UIBezierPath.cgPath`); setting it replaces the elements.
    public var cgPath: MutablePath {
        get {
            let p = MutablePath()
            for e in elements {
                switch e {
                case let .move(q): p.move(to: q)
                case let .line(q): p.addLine(to: q)
                case let .curve(q, c1, c2): p.addCurve(to: q, control1: c1, control2: c2)
                case let .quad(q, k): p.addQuadCurve(to: q, control: k)
                // UIKit's clockwise on the y-down picture is Core Graphics' counterclockwise.
                case let .arc(center, r, a0, a1, cw): p.addArc(center: center, radius: r, startAngle: a0, endAngle: a1, clockwise: !cw)
                case let .rect(r): p.addRect(r)
                case let .ellipse(r): p.addEllipse(in: r)
                case .close: p.closeSubpath()
                case let .path(q): p.addPath(q)
                }
            }
            return p
        }
        set { elements = [.path(newValue.copy())] }
    }

    /// Fills the path with the current fill colour.
    public func fill() {
        guard let c = DrawingContext.current else { return }
        build(in: c)
        c.fillPath()
    }

    /// Strokes the path with the current stroke colour and ``lineWidth``.
    public func stroke() {
        guard let c = DrawingContext.current else { return }
        c.saveGState()
        c.setLineWidth(lineWidth)
        build(in: c)
        c.strokePath()
        c.restoreGState()
    }

    /// Intersects the current clip with the path.
    public func addClip() {
        guard let c = DrawingContext.current else { return }
        build(in: c)
        c.clip()
    }

    /// The path into `c` as its current path: through ``cgPath``, the one place UIKit's elements
    /// (and its arc direction) become a path.
    private func build(in c: DrawingContext) {
        c.beginPath()
        c.addPath(cgPath)
    }
}

extension NSAttributedString.Key {
    /// The ``Font`` of drawn text (`NSAttributedString.Key.font`).
    public static let font = NSAttributedString.Key("NSFont")
    /// The `Color` of drawn text (`NSAttributedString.Key.foregroundColor`). Default black.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
}

extension String {
    /// Draws the string into the current context with its top-left corner at `point`
    /// (`NSString.draw(at:withAttributes:)`): `.font` a ``Font`` (default the system font at
    /// 12 points), `.foregroundColor` a `Color` (default black). Other attributes are ignored;
    /// a newline starts a line below.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        guard let c = DrawingContext.current else { return }
        let font = attributes?[.font] as? Font ?? .systemFont(ofSize: 12)
        let color = attributes?[.foregroundColor] as? Color ?? .black
        TextLayout([(self, font, color)]).draw(in: c, at: point)
    }

    /// The size the string takes when drawn (`NSString.size(withAttributes:)`): the widest
    /// line's advance and the lines' heights (lines break at newlines).
    public func size(withAttributes attributes: [NSAttributedString.Key: Any]? = nil) -> CGSize {
        let font = attributes?[.font] as? Font ?? .systemFont(ofSize: 12)
        return TextLayout([(self, font, .black)]).size
    }
}

extension NSString {
    /// `NSString.draw(at:withAttributes:)`; see `String.draw(at:withAttributes:)`.
    public func draw(at point: CGPoint, withAttributes attributes: [NSAttributedString.Key: Any]? = nil) {
        (self as String).draw(at: point, withAttributes: attributes)
    }
}

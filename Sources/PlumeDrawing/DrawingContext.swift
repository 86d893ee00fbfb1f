import CCairo
import Foundation
import Plume

/// A 2-D drawing context over an RGBA image, backed by Cairo (the stand-in for `CGContext`,
/// reached as `context.cgContext` inside ``ImageRenderer/image(actions:)``).
///
/// Coordinates are points with the origin at the top left and y down (UIKit's convention); one
/// point is `format.scale` pixels. Paths are built with `move(to:)`, `addLine(to:)`,
/// `addCurve(…)`, `addArc(…)`, `addRect(_:)`, `addEllipse(in:)` and drawn with `fillPath()` /
/// `strokePath()`; `fill(_:)`, `fillEllipse(in:)`, `stroke(_:)`, `strokeEllipse(in:)` draw a
/// shape at once. Transforms (`translateBy`, `scaleBy`, `rotate(by:)`) and `saveGState()` /
/// `restoreGState()` work as in Core Graphics. Text is shaped with HarfBuzz (see ``Font``), colour
/// emoji included.
public final class DrawingContext {
    let cairo: OpaquePointer
    private var fillColor = Color.black
    private var strokeColor = Color.black
    private var saved: [(fill: Color, stroke: Color)] = []

    init(cairo: OpaquePointer) { self.cairo = cairo }

    // MARK: State

    /// The colour `fill…` uses. Default opaque black.
    public func setFillColor(_ color: Color) { fillColor = color }
    /// The colour `stroke…` uses. Default opaque black.
    public func setStrokeColor(_ color: Color) { strokeColor = color }
    /// Stroke width in points. Default 1.
    public func setLineWidth(_ width: CGFloat) { cairo_set_line_width(cairo, Double(width)) }
    /// Saves the colours, line width, transform and clip.
    public func saveGState() {
        saved.append((fillColor, strokeColor))
        cairo_save(cairo)
    }
    /// Restores what the matching ``saveGState()`` saved (no-op without one).
    public func restoreGState() {
        guard let s = saved.popLast() else { return }
        (fillColor, strokeColor) = s
        cairo_restore(cairo)
    }

    // MARK: Transforms

    /// Moves the origin by `x`, `y` points (what is drawn next is offset by them).
    public func translateBy(x: CGFloat, y: CGFloat) { cairo_translate(cairo, Double(x), Double(y)) }
    /// Scales what is drawn next by `x` horizontally and `y` vertically (1: unchanged).
    public func scaleBy(x: CGFloat, y: CGFloat) { cairo_scale(cairo, Double(x), Double(y)) }
    /// Rotates by `angle` radians (clockwise on the y-down picture, as in UIKit).
    public func rotate(by angle: CGFloat) { cairo_rotate(cairo, Double(angle)) }
    /// Applies `transform` before the current transformation (`CGContext.concatenate(_:)`).
    public func concatenate(_ transform: AffineTransform) {
        var m = cairo_matrix_t(xx: Double(transform.a), yx: Double(transform.b), xy: Double(transform.c),
                               yy: Double(transform.d), x0: Double(transform.tx), y0: Double(transform.ty))
        cairo_transform(cairo, &m)
    }
    /// The current transformation from user space to the image's pixels (`CGContext.ctm`): the
    /// image's scale and every transform since. A UIKit context's also holds the flip from
    /// Core Graphics' y-up pixels, which a y-down image here does not need.
    public var ctm: AffineTransform {
        var m = cairo_matrix_t()
        cairo_get_matrix(cairo, &m)
        return AffineTransform(a: m.xx, b: m.yx, c: m.xy, d: m.yy, tx: m.x0, ty: m.y0)
    }

    // MARK: Paths

    /// Discards the current path and starts an empty one.
    public func beginPath() { cairo_new_path(cairo) }
    /// Starts a new subpath at `p` (points, y down).
    public func move(to p: CGPoint) { cairo_move_to(cairo, Double(p.x), Double(p.y)) }
    /// A straight line from the current point to `p`.
    public func addLine(to p: CGPoint) { cairo_line_to(cairo, Double(p.x), Double(p.y)) }
    /// A cubic Bézier curve from the current point to `end`, with two control points.
    public func addCurve(to end: CGPoint, control1 c1: CGPoint, control2 c2: CGPoint) {
        cairo_curve_to(cairo, Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(end.x), Double(end.y))
    }
    /// A quadratic Bézier curve from the current point to `end`, with one control point.
    public func addQuadCurve(to end: CGPoint, control c: CGPoint) {
        var x = 0.0, y = 0.0
        cairo_get_current_point(cairo, &x, &y)
        let c1 = CGPoint(x: x + 2 / 3 * (Double(c.x) - x), y: y + 2 / 3 * (Double(c.y) - y))
        let c2 = CGPoint(x: Double(end.x) + 2 / 3 * Double(c.x - end.x), y: Double(end.y) + 2 / 3 * Double(c.y - end.y))
        addCurve(to: end, control1: c1, control2: c2)
    }
    /// An arc around `center`; angles in radians from +x towards +y (clockwise on screen when
    /// `clockwise` is false, as in `CGContext` on a y-down context).
    public func addArc(center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        if clockwise {
            cairo_arc_negative(cairo, Double(center.x), Double(center.y), Double(radius), Double(startAngle), Double(endAngle))
        } else {
            cairo_arc(cairo, Double(center.x), Double(center.y), Double(radius), Double(startAngle), Double(endAngle))
        }
    }
    /// A closed rectangle subpath, in points.
    public func addRect(_ rect: CGRect) {
        cairo_rectangle(cairo, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
    }
    /// A closed subpath: the ellipse inscribed in `rect` (nothing for an empty rectangle).
    public func addEllipse(in rect: CGRect) {
        guard rect.width > 0, rect.height > 0 else { return }
        cairo_save(cairo)
        cairo_translate(cairo, Double(rect.midX), Double(rect.midY))
        cairo_scale(cairo, Double(rect.width) / 2, Double(rect.height) / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, 0, 0, 1, 0, 2 * .pi)
        cairo_close_path(cairo)
        cairo_restore(cairo)
    }
    /// Closes the current subpath with a straight line back to its start.
    public func closePath() { cairo_close_path(cairo) }

    /// Fills the current path with the fill colour (non-zero winding) and clears the path.
    public func fillPath() {
        source(fillColor)
        cairo_fill(cairo)
    }
    /// Strokes the current path with the stroke colour and line width and clears the path.
    public func strokePath() {
        source(strokeColor)
        cairo_stroke(cairo)
    }
    /// Intersects the clip with the current path and clears the path.
    public func clip() { cairo_clip(cairo) }

    /// How ``drawPath(using:)`` paints the current path (`CGPathDrawingMode`).
    public enum PathDrawingMode: Sendable {
        /// Fill, non-zero winding; even-odd; stroke; fill then stroke (either rule).
        case fill, eoFill, stroke, fillStroke, eoFillStroke
    }

    /// Paints the current path as `mode` says and clears it (`CGContext.drawPath(using:)`).
    public func drawPath(using mode: PathDrawingMode) {
        let evenOdd = mode == .eoFill || mode == .eoFillStroke
        if mode != .stroke {
            cairo_set_fill_rule(cairo, evenOdd ? CAIRO_FILL_RULE_EVEN_ODD : CAIRO_FILL_RULE_WINDING)
            source(fillColor)
            cairo_fill_preserve(cairo)
            cairo_set_fill_rule(cairo, CAIRO_FILL_RULE_WINDING)
        }
        if mode == .fill || mode == .eoFill { return cairo_new_path(cairo) }
        source(strokeColor)
        cairo_stroke(cairo)
    }

    /// Fills `rect` with the fill colour (replacing the current path).
    public func fill(_ rect: CGRect) { beginPath(); addRect(rect); fillPath() }
    /// Fills the ellipse inscribed in `rect` with the fill colour (replacing the current path).
    public func fillEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); fillPath() }
    /// Strokes `rect`'s outline with the stroke colour and line width (replacing the current path).
    public func stroke(_ rect: CGRect) { beginPath(); addRect(rect); strokePath() }
    /// Strokes the outline of the ellipse inscribed in `rect` (replacing the current path).
    public func strokeEllipse(in rect: CGRect) { beginPath(); addEllipse(in: rect); strokePath() }
    /// Makes `rect` fully transparent.
    public func clear(_ rect: CGRect) {
        cairo_save(cairo)
        cairo_set_operator(cairo, CAIRO_OPERATOR_CLEAR)
        cairo_rectangle(cairo, Double(rect.minX), Double(rect.minY), Double(rect.width), Double(rect.height))
        cairo_fill(cairo)
        cairo_restore(cairo)
    }

    // MARK: Text

    /// Draws `text` on one line with its top-left corner at `point`, in `font` and `color` (emoji
    /// in their own colours, from ``Font/emojiFamilyName``, at Apple's metrics; see
    /// `TextShaping.swift`). Returns the size the text took, in points (width: the advance;
    /// height: the line's height, ascent + descent + leading).
    @discardableResult
    public func draw(text: String, at point: CGPoint, font: Font, color: Color = .black) -> CGSize {
        guard !text.isEmpty else { return .zero }
        let line = TextShaper.line([(text, font, color)])
        line.draw(in: cairo, at: point)
        return CGSize(width: line.width, height: line.height)
    }

    /// Draws a shaped line with its top-left corner at `point`.
    func draw(_ line: ShapedLine, at point: CGPoint) { line.draw(in: cairo, at: point) }

    private func source(_ c: Color) {
        cairo_set_source_rgba(cairo, Double(c.red), Double(c.green), Double(c.blue), Double(c.alpha))
    }
}

/// A font for ``DrawingContext/draw(text:at:font:color:)`` (the stand-in for `UIFont`).
///
/// Text is shaped by HarfBuzz and drawn by Cairo's FreeType backend, faces found by fontconfig.
/// The system font is DejaVu Sans (Debian `fonts-dejavu-core`); emoji — characters with the
/// Unicode emoji presentation, or followed by U+FE0F, with their modifiers and joiners — are
/// drawn in colour from Noto Color Emoji (`fonts-noto-color-emoji`), a sequence as one glyph, at
/// Apple Color Emoji's size for the point size (`TextShaping.swift`); all are installed by
/// `.ci/setup`. A family that is not installed is replaced by fontconfig's closest match.
/// Characters the chosen face lacks draw as its missing-glyph box (no per-character fallback
/// other than emoji); lines break only where ``TextLayer`` wraps them.
public struct Font: Hashable, Sendable {
    /// The fontconfig family name.
    public var familyName: String
    /// The size in points (the em height).
    public var pointSize: CGFloat
    /// Whether the bold weight of the family is used. Default false.
    public var isBold: Bool

    /// The family used for the system font.
    public static let systemFamilyName = "DejaVu Sans"
    /// The family emoji are drawn with.
    public static let emojiFamilyName = "Noto Color Emoji"

    /// `text` cut into runs of emoji and of other characters.
    static func runs(_ text: String) -> [(text: String, emoji: Bool)] {
        var out: [(text: String, emoji: Bool)] = []
        for character in text {
            let scalars = character.unicodeScalars
            let emoji = scalars.contains { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }
            if let last = out.last, last.emoji == emoji {
                out[out.count - 1].text.append(character)
            } else {
                out.append((String(character), emoji))
            }
        }
        return out
    }

    /// A font of `familyName` (fontconfig substitutes the closest installed family) at
    /// `pointSize` points; regular weight unless `isBold`.
    public init(familyName: String, pointSize: CGFloat, isBold: Bool = false) {
        self.familyName = familyName
        self.pointSize = pointSize
        self.isBold = isBold
    }

    /// `UIFont(name:size:)`: a family by name (fontconfig substitutes the closest installed one).
    public init?(name: String, size: CGFloat) {
        guard !name.isEmpty else { return nil }
        self.init(familyName: name, pointSize: size)
    }

    /// `UIFont.systemFont(ofSize:)`.
    public static func systemFont(ofSize size: CGFloat) -> Font { Font(familyName: systemFamilyName, pointSize: size) }
    /// `UIFont.boldSystemFont(ofSize:)`.
    public static func boldSystemFont(ofSize size: CGFloat) -> Font {
        Font(familyName: systemFamilyName, pointSize: size, isBold: true)
    }
}

import CCairo
import Foundation
import Plume

/// How a ``TextLayer`` places its lines across its bounds (`CATextLayerAlignmentMode`).
public struct TextLayerAlignmentMode: RawRepresentable, Hashable, Sendable, CaseIterable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// Left to right text starts at the left (the default).
    public static let natural = TextLayerAlignmentMode(rawValue: "natural")
    public static let left = TextLayerAlignmentMode(rawValue: "left")
    public static let right = TextLayerAlignmentMode(rawValue: "right")
    public static let center = TextLayerAlignmentMode(rawValue: "center")
    /// Drawn as ``natural`` here (no inter-word stretching).
    public static let justified = TextLayerAlignmentMode(rawValue: "justified")
    /// The five modes (what key-value coding accepts).
    public static let allCases: [TextLayerAlignmentMode] = [.natural, .left, .right, .center, .justified]
}

/// Where a ``TextLayer`` cuts a line too long for its bounds (`CATextLayerTruncationMode`).
public struct TextLayerTruncationMode: RawRepresentable, Hashable, Sendable, CaseIterable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// No cut: the line runs past the bounds (the default).
    public static let none = TextLayerTruncationMode(rawValue: "none")
    /// The first line's start, then "…".
    public static let end = TextLayerTruncationMode(rawValue: "end")
    /// "…", then the first line's end.
    public static let start = TextLayerTruncationMode(rawValue: "start")
    /// The first line's start, "…", then its end.
    public static let middle = TextLayerTruncationMode(rawValue: "middle")
    /// The four modes (what key-value coding accepts).
    public static let allCases: [TextLayerTruncationMode] = [.none, .end, .start, .middle]
}

/// A layer that draws text (the stand-in for `CATextLayer`), most often to make a particle
/// image from text or emoji with `Layer.render(in:)`:
///
/// ```swift
/// let text = TextLayer()
/// text.bounds = CGRect(x: 0, y: 0, width: 40, height: 40)
/// text.string = "🎉"
/// text.fontSize = 32
/// text.alignmentMode = .center
/// let image = ImageRenderer(size: text.bounds.size).image { text.render(in: $0.cgContext) }
/// cell.contents = image.cgImage
/// ```
///
/// As in Core Animation the text starts at the top of `Layer.bounds`; each line is placed
/// across the bounds' width by ``alignmentMode``; lines break at newlines, and at the bounds'
/// width between words when ``isWrapped``. Text is shaped and emoji drawn as
/// ``DrawingContext/draw(text:at:font:color:)`` does.
open class TextLayer: Layer, @unchecked Sendable {
    /// The text: a `String` or an `NSAttributedString` (whose runs' `.font` and
    /// `.foregroundColor` win over the layer's). Default nil (nothing drawn); other values draw
    /// their `description`.
    public var string: Any?
    /// The font: a ``Font`` (its size is replaced by ``fontSize``) or a font name `String`
    /// (`CATextLayer.font` takes a `CTFont`, `CGFont` or name). Default nil: the system font.
    public var font: Any?
    /// The size in points for a plain string (`CATextLayer.fontSize`). Default 36.
    public var fontSize: CGFloat = 36
    /// The colour of a plain string. Default opaque white (Core Animation's).
    public var foregroundColor: Color? = .white
    /// Whether lines wrap at the bounds' width. Default false.
    public var isWrapped = false
    /// Default ``TextLayerAlignmentMode/natural``.
    public var alignmentMode: TextLayerAlignmentMode = .natural
    /// Default ``TextLayerTruncationMode/none``.
    public var truncationMode: TextLayerTruncationMode = .none

    public override init() { super.init() }

    /// The text properties' keys, as `CATextLayer`'s: `string`, `font`, `fontSize`,
    /// `foregroundColor`, `wrapped` (and `isWrapped`), `alignmentMode`, `truncationMode`. Each
    /// works with `setValue(_:forKeyPath:)`, `value(forKeyPath:)` and animations (`fontSize`
    /// and `foregroundColor` interpolate, as in Core Animation).
    open override class var keyPaths: [String: LayerKeyPath] { Self.textKeyPaths }

    private static let textKeyPaths: [String: LayerKeyPath] = Layer.keyPaths.merging([
        "string": .optional(\TextLayer.string), "font": .optional(\TextLayer.font),
        "fontSize": .number(\TextLayer.fontSize), "foregroundColor": .optional(\TextLayer.foregroundColor),
        "wrapped": .bool(\TextLayer.isWrapped), "isWrapped": .bool(\TextLayer.isWrapped),
        "alignmentMode": .rawValue(\TextLayer.alignmentMode), "truncationMode": .rawValue(\TextLayer.truncationMode),
    ]) { a, _ in a }

    /// A text layer with this one's values, for presentations of its animations.
    open override func presentationCopy() -> Layer { TextLayer(layer: self) }

    /// A copy of `layer`'s properties, text ones included when it is a ``TextLayer``.
    public override init(layer: Any) {
        super.init(layer: layer)
        guard let other = layer as? TextLayer else { return }
        string = other.string
        font = other.font
        fontSize = other.fontSize
        foregroundColor = other.foregroundColor
        isWrapped = other.isWrapped
        alignmentMode = other.alignmentMode
        truncationMode = other.truncationMode
    }

    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// The font a plain string is drawn in.
    var resolvedFont: Font {
        let size = fontSize.isFinite && fontSize > 0 ? fontSize : 0
        switch font {
        case let f as Font: return Font(familyName: f.familyName, pointSize: size, isBold: f.isBold)
        case let name as String where !name.isEmpty: return Font(familyName: name, pointSize: size)
        default: return .systemFont(ofSize: size)
        }
    }

    /// The laid-out text (nil when there is none).
    var layout: TextLayout? {
        let colour = foregroundColor ?? .white
        let pieces: [(text: String, font: Font, color: Color)]
        switch string {
        case nil: return nil
        case let s as NSAttributedString: pieces = s.pieces(font: resolvedFont, color: colour)
        case let s as String: pieces = [(s, resolvedFont, colour)]
        case let other?: pieces = [(String(describing: other), resolvedFont, colour)]
        }
        let width = Double(bounds.width)
        var layout = TextLayout(pieces, width: isWrapped && width > 0 ? width : nil)
        if truncationMode != .none, width > 0, let first = layout.lines.first, first.width > width,
           let style = pieces.first {
            let line = pieces.map(\.text).joined().split(separator: "\n").first.map(String.init) ?? ""
            let cut = Self.truncated(line, mode: truncationMode) { TextLayout([($0, style.font, style.color)]).size.width <= width }
            layout = TextLayout([(cut, style.font, style.color)])
        }
        return layout
    }

    /// The first line cut to fit (`fits`) with "…" where `mode` cuts it, keeping as many
    /// characters (grapheme clusters: an emoji sequence stays whole) as fit: its start (`end`), its
    /// end (`start`), or its start and end about the middle (`middle`; the start keeps the odd
    /// one); just "…" when none fits.
    static func truncated(_ line: String, mode: TextLayerTruncationMode, fits: (String) -> Bool) -> String {
        let characters = Array(line)
        for keep in stride(from: characters.count, to: 0, by: -1) {
            let candidate: String
            switch mode {
            case .start:
                candidate = "…" + String(characters.suffix(keep))
            case .middle:
                let head = (keep + 1) / 2
                candidate = String(characters.prefix(head)) + "…" + String(characters.suffix(keep - head))
            default:
                candidate = String(characters.prefix(keep)) + "…"
            }
            if fits(candidate) { return candidate }
        }
        return "…"
    }

    /// Draws the text in the layer's own coordinates (`Layer.render(in:)` calls it).
    func drawText(in context: DrawingContext) {
        guard let layout else { return }
        let align: TextLayerAlignmentMode? = alignmentMode == .natural || alignmentMode == .justified ? nil : alignmentMode
        layout.draw(in: context, at: bounds.origin, width: Double(bounds.width), alignment: align)
    }
}

extension Layer {
    /// Draws the layer and its sublayers into `context` in the layer's own coordinates
    /// (`CALayer.render(in:)`): a ``TextLayer``'s text, then each visible sublayer at its frame
    /// (its bounds' origin at the frame's origin), faded by its `opacity` and clipped to its
    /// bounds when `masksToBounds`. Like Core Animation's, it does not draw an emitter layer's
    /// particles. The layer's own `opacity` and `isHidden` are not applied (they are its
    /// superlayer's business).
    public func render(in context: DrawingContext) {
        context.saveGState()
        defer { context.restoreGState() }
        if masksToBounds {
            context.beginPath()
            context.addRect(bounds)
            context.clip()
        }
        (self as? TextLayer)?.drawText(in: context)
        for sub in sublayers ?? [] where !sub.isHidden && sub.opacity > 0 {
            context.saveGState()
            let f = sub.frame
            context.translateBy(x: f.minX - sub.bounds.minX, y: f.minY - sub.bounds.minY)
            let faded = sub.opacity < 1
            if faded { cairo_push_group(context.cairo) }
            sub.render(in: context)
            if faded {
                cairo_pop_group_to_source(context.cairo)
                cairo_paint_with_alpha(context.cairo, Double(max(0, min(1, sub.opacity))))
            }
            context.restoreGState()
        }
    }
}

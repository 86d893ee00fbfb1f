import Foundation
import Plume

/// Text of several runs (string, font, colour) laid out in lines: broken at newlines, and, given
/// a width, at the spaces before a word that would pass it (a word longer than the width stays
/// whole on its own line). Each line is shaped by ``TextShaper``.
struct TextLayout {
    var lines: [ShapedLine]

    var size: CGSize {
        CGSize(width: lines.map(\.width).max() ?? 0, height: lines.reduce(0) { $0 + $1.height })
    }

    init(_ pieces: [(text: String, font: Font, color: Color)], width: Double? = nil) {
        // Cut at newlines into paragraphs of pieces.
        var paragraphs: [[(text: String, font: Font, color: Color)]] = [[]]
        for piece in pieces {
            let parts = piece.text.split(separator: "\n", omittingEmptySubsequences: false)
            for (i, part) in parts.enumerated() {
                if i > 0 { paragraphs.append([]) }
                if !part.isEmpty { paragraphs[paragraphs.count - 1].append((String(part), piece.font, piece.color)) }
            }
        }
        var lines: [ShapedLine] = []
        for (paragraph, pieces) in paragraphs.enumerated() {
            let font = pieces.first?.font ?? paragraphs[..<paragraph].last { !$0.isEmpty }?.first?.font
            guard let width, width > 0, width.isFinite else {
                lines.append(Self.shape(pieces, emptyFont: font))
                continue
            }
            // Words with their trailing spaces, each keeping its run's font and colour.
            var words: [[(text: String, font: Font, color: Color)]] = []
            var current: [(text: String, font: Font, color: Color)] = []
            for piece in pieces {
                var text = ""
                for c in piece.text {
                    if c != " " && text.last == " " {
                        current.append((text, piece.font, piece.color))
                        words.append(current)
                        current = []
                        text = ""
                    }
                    text.append(c)
                }
                if !text.isEmpty { current.append((text, piece.font, piece.color)) }
            }
            if !current.isEmpty { words.append(current) }
            var line: [(text: String, font: Font, color: Color)] = []
            for word in words {
                let candidate = line + word
                // The width without the trailing spaces of the last word.
                var trimmed = candidate
                if let last = trimmed.last {
                    trimmed[trimmed.count - 1].text = String(last.text.reversed().drop { $0 == " " }.reversed())
                }
                if !line.isEmpty && TextShaper.line(trimmed).width > width {
                    lines.append(TextShaper.line(line))
                    line = word
                } else {
                    line = candidate
                }
            }
            lines.append(Self.shape(line, emptyFont: font))
        }
        self.lines = lines
    }

    /// A line; an empty one still takes its font's height.
    private static func shape(_ pieces: [(text: String, font: Font, color: Color)], emptyFont: Font?) -> ShapedLine {
        if pieces.isEmpty, let font = emptyFont {
            var line = TextShaper.line([(" ", font, .clear)])
            line.runs = []
            line.width = 0
            return line
        }
        return TextShaper.line(pieces)
    }

    /// Draws the lines from `origin` down, each placed in `width` by `alignment` (left when nil).
    func draw(in context: DrawingContext, at origin: CGPoint, width: Double? = nil, alignment: TextLayerAlignmentMode? = nil) {
        var y = Double(origin.y)
        for line in lines {
            var x = Double(origin.x)
            if let width, width.isFinite {
                switch alignment {
                case .some(.center): x += (width - line.width) / 2
                case .some(.right): x += width - line.width
                default: break
                }
            }
            context.draw(line, at: CGPoint(x: x, y: y))
            y += line.height
        }
    }
}

extension NSAttributedString {
    /// The runs of the string with their ``Font`` (`.font`, else `font`) and `Color`
    /// (`.foregroundColor`, else `color`).
    func pieces(font: Font, color: Color) -> [(text: String, font: Font, color: Color)] {
        var out: [(text: String, font: Font, color: Color)] = []
        let whole = string as NSString
        enumerateAttributes(in: NSRange(location: 0, length: length), options: []) { attributes, range, _ in
            out.append((whole.substring(with: range), attributes[.font] as? Font ?? font,
                        attributes[.foregroundColor] as? Color ?? color))
        }
        return out
    }

    /// The size the string takes when drawn (`NSAttributedString.size()`): the widest line's
    /// advance and the lines' heights, lines broken only at newlines. Runs without `.font` use
    /// the system font at 12 points, without `.foregroundColor` black (UIKit's defaults).
    public func size() -> CGSize { TextLayout(pieces(font: .systemFont(ofSize: 12), color: .black)).size }

    /// Draws the string into the current context with its top-left corner at `point`
    /// (`NSAttributedString.draw(at:)`), each run in its font and colour; nothing without a
    /// current context.
    public func draw(at point: CGPoint) {
        guard let c = DrawingContext.current else { return }
        TextLayout(pieces(font: .systemFont(ofSize: 12), color: .black)).draw(in: c, at: point)
    }

    /// Draws the string in `rect` (`NSAttributedString.draw(in:)`): lines broken at the rect's
    /// width, clipped to it.
    public func draw(in rect: CGRect) {
        guard let c = DrawingContext.current else { return }
        c.saveGState()
        c.beginPath()
        c.addRect(rect)
        c.clip()
        TextLayout(pieces(font: .systemFont(ofSize: 12), color: .black), width: Double(rect.width))
            .draw(in: c, at: rect.origin)
        c.restoreGState()
    }
}

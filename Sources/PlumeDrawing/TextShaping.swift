import CCairo
import Foundation
import Plume

/// A font face found by fontconfig and opened twice: by Cairo's FreeType backend (drawing, colour
/// emoji bitmaps included) and by HarfBuzz (shaping). Faces are kept for the process, one per
/// family and weight.
final class FontFace: @unchecked Sendable {
    /// `cairo_font_face_t *`.
    let cairoFace: OpaquePointer
    /// `hb_font_t *`, at a scale of one unit per font unit.
    let hbFont: OpaquePointer
    let unitsPerEm: Double
    /// Vertical metrics in ems (descent positive, below the baseline).
    let ascent: Double, descent: Double, lineGap: Double
    /// The file fontconfig chose.
    let file: String

    private static let lock = NSLock()
    nonisolated(unsafe) private static var faces: [String: FontFace?] = [:]

    /// The installed face closest to `family` (fontconfig's match; nil when nothing matches or
    /// the file cannot be opened).
    static func named(_ family: String, bold: Bool) -> FontFace? {
        let key = family + (bold ? "\u{0}bold" : "")
        return lock.withLock {
            if let face = faces[key] { return face }
            let face = FontFace(family: family, bold: bold)
            faces[key] = face
            return face
        }
    }

    private init?(family: String, bold: Bool) {
        guard let pattern = FcPatternCreate() else { return nil }
        defer { FcPatternDestroy(pattern) }
        FcPatternAddString(pattern, "family", family)
        FcPatternAddInteger(pattern, "weight", bold ? 200 : 80)      // FC_WEIGHT_BOLD, FC_WEIGHT_REGULAR
        FcConfigSubstitute(nil, pattern, FcMatchPattern)
        FcDefaultSubstitute(pattern)
        var result = FcResultNoMatch
        guard let match = FcFontMatch(nil, pattern, &result) else { return nil }
        defer { FcPatternDestroy(match) }
        var path: UnsafeMutablePointer<FcChar8>?
        var index: Int32 = 0
        guard FcPatternGetString(match, "file", 0, &path) == FcResultMatch, let path else { return nil }
        _ = FcPatternGetInteger(match, "index", 0, &index)
        file = String(cString: path)
        guard let blob = hb_blob_create_from_file_or_fail(file) else { return nil }
        let hbFace = hb_face_create(blob, UInt32(max(index, 0)))
        hb_blob_destroy(blob)
        defer { hb_face_destroy(hbFace) }
        let upem = hb_face_get_upem(hbFace)
        guard upem > 0, let font = hb_font_create(hbFace) else { return nil }
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        unitsPerEm = Double(upem)
        var extents = hb_font_extents_t()
        _ = hb_font_get_h_extents(font, &extents)
        ascent = Double(extents.ascender) / unitsPerEm
        descent = -Double(extents.descender) / unitsPerEm
        lineGap = Double(extents.line_gap) / unitsPerEm
        guard let cairo = cairo_ft_font_face_create_for_pattern(match),
              cairo_font_face_status(cairo) == CAIRO_STATUS_SUCCESS else {
            hb_font_destroy(font)
            return nil
        }
        cairoFace = cairo
        hbFont = font
    }

    /// The top and bottom (ems, up positive) of the glyph for `scalar`, nil when the face has none.
    func glyphBox(_ scalar: Unicode.Scalar) -> (top: Double, bottom: Double)? {
        var glyph: hb_codepoint_t = 0
        guard hb_font_get_nominal_glyph(hbFont, scalar.value, &glyph) != 0 else { return nil }
        var e = hb_glyph_extents_t()
        guard hb_font_get_glyph_extents(hbFont, glyph, &e) != 0, e.height != 0 else { return nil }
        return (Double(e.y_bearing) / unitsPerEm, Double(e.y_bearing + e.height) / unitsPerEm)
    }
}

/// One line of text shaped by HarfBuzz, in points, positions relative to the line's start on
/// its baseline (y down).
struct ShapedLine {
    struct Run {
        var face: FontFace
        /// The size Cairo draws the face at (an emoji run's is scaled, see ``TextShaper``).
        var size: Double
        var color: Color
        var glyphs: [cairo_glyph_t]
    }
    var runs: [Run] = []
    var width = 0.0
    /// Above and below the baseline, and the gap to the next line, in points.
    var ascent = 0.0, descent = 0.0, leading = 0.0
    var height: Double { ascent + descent + leading }

    /// Draws the line with its top-left corner at `origin`.
    func draw(in cairo: OpaquePointer, at origin: CGPoint) {
        let baseline = Double(origin.y) + ascent
        for run in runs where !run.glyphs.isEmpty {
            cairo_save(cairo)
            cairo_set_font_face(cairo, run.face.cairoFace)
            cairo_set_font_size(cairo, run.size)
            cairo_set_source_rgba(cairo, Double(run.color.red), Double(run.color.green), Double(run.color.blue),
                                  Double(run.color.alpha))
            var glyphs = run.glyphs.map { cairo_glyph_t(index: $0.index, x: $0.x + Double(origin.x), y: $0.y + baseline) }
            cairo_show_glyphs(cairo, &glyphs, Int32(glyphs.count))
            cairo_restore(cairo)
        }
    }
}

/// Lays text out as UIKit does for one line: runs of a ``Font`` and colour cut into emoji and
/// other text (``Font/runs(_:)``), each shaped by HarfBuzz in its face — the text font's, or
/// ``Font/emojiFamilyName``'s for emoji, so that a sequence (a skin-tone modifier, a ZWJ family,
/// a flag, a keycap) becomes the one glyph the emoji font draws for it.
///
/// **Emoji at Apple's metrics.** Apple Color Emoji draws each emoji as a square image one em
/// high, sitting on the baseline, with an ascent of 1 em and a descent of 0.3125 em (its font's
/// 800 / 250 units per 800). Noto Color Emoji's images are about 1.17 em high and reach 0.25 em
/// below the baseline, so they are drawn smaller, by 1 ÷ (the height of its 😀 glyph in ems),
/// and raised to sit on the baseline: an emoji at point size S then covers S × S points above the
/// baseline (its advance is about 1.06 S), and a line holding emoji is at least S above and
/// 0.3125 S below the baseline — as a box of S × 1.3125 S holds an emoji on iOS.
enum TextShaper {
    /// Apple Color Emoji's ascent and descent in ems.
    static let emojiAscent = 1.0, emojiDescent = 0.3125

    static func line(_ pieces: [(text: String, font: Font, color: Color)]) -> ShapedLine {
        var line = ShapedLine()
        var x = 0.0
        for piece in pieces {
            let size = piece.font.pointSize.isFinite ? max(0, Double(piece.font.pointSize)) : 0
            guard size > 0 else { continue }
            for run in Font.runs(piece.text) {
                let family = run.emoji ? Font.emojiFamilyName : piece.font.familyName
                guard let face = FontFace.named(family, bold: run.emoji ? false : piece.font.isBold) else { continue }
                var drawSize = size, lift = 0.0
                if run.emoji {
                    let box = face.glyphBox("\u{1F600}") ?? (top: 1, bottom: 0)
                    let k = 1 / max(box.top - box.bottom, 0.1)
                    drawSize = size * k
                    lift = -box.bottom * k * size           // the image's bottom onto the baseline
                    line.ascent = max(line.ascent, emojiAscent * size)
                    line.descent = max(line.descent, emojiDescent * size)
                } else {
                    line.ascent = max(line.ascent, face.ascent * size)
                    line.descent = max(line.descent, face.descent * size)
                    line.leading = max(line.leading, face.lineGap * size)
                }
                let unit = drawSize / face.unitsPerEm
                var glyphs: [cairo_glyph_t] = []
                let buffer = hb_buffer_create()
                defer { hb_buffer_destroy(buffer) }
                hb_buffer_add_utf8(buffer, run.text, -1, 0, -1)
                hb_buffer_guess_segment_properties(buffer)
                hb_shape(face.hbFont, buffer, nil, 0)
                var count: UInt32 = 0
                let infos = hb_buffer_get_glyph_infos(buffer, &count)
                let positions = hb_buffer_get_glyph_positions(buffer, &count)
                if let infos, let positions {
                    for i in 0..<Int(count) {
                        let p = positions[i]
                        glyphs.append(cairo_glyph_t(index: UInt(infos[i].codepoint), x: x + Double(p.x_offset) * unit,
                                                    y: -Double(p.y_offset) * unit - lift))
                        x += Double(p.x_advance) * unit
                    }
                }
                line.runs.append(.init(face: face, size: drawSize, color: piece.color, glyphs: glyphs))
            }
        }
        line.width = x
        return line
    }
}

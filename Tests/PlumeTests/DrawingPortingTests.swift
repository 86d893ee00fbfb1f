import Foundation
import Testing
@testable import Plume
@testable import PlumeDrawing

/// The drawing half of the porting surface (issue 27 item 4), each from Apple's documented
/// behaviour: the `UIGraphicsBeginImageContext…` family, `CGMutablePath`, attributed strings,
/// `CATextLayer` with `render(in:)`, emoji shaped and at Apple's metrics.
struct DrawingPortingTests {
    /// The ink's bounding box (pixels with alpha > 0.5): min x, min y, max x, max y.
    static func ink(_ image: SpriteImage) -> (Int, Int, Int, Int)? {
        var box: (Int, Int, Int, Int)?
        for y in 0..<image.height {
            for x in 0..<image.width where image.pixel(x: x, y: y).w > 0.5 {
                box = box.map { (min($0.0, x), min($0.1, y), max($0.2, x), max($0.3, y)) } ?? (x, y, x, y)
            }
        }
        return box
    }

    // MARK: UIGraphics…ImageContext

    /// "If you specify a value of 0.0, the scale factor is set to the scale factor of the device's
    /// main screen"; `UIGraphicsBeginImageContext` "is equivalent to … with the opaque parameter
    /// set to false and a scale factor of 1.0"; `UIGraphicsGetImageFromCurrentImageContext`
    /// "returns nil" without a bitmap context; contexts are a stack.
    @Test func imageContextsFollowUIKit() throws {
        #expect(UIGraphicsGetCurrentContext() == nil && UIGraphicsGetImageFromCurrentImageContext() == nil)
        UIGraphicsEndImageContext()                                   // without a context: nothing
        try Screen.withScale(2) {
            UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 10), false, 0)
            let context = try #require(UIGraphicsGetCurrentContext())
            context.setFillColor(.red)
            context.fill(CGRect(x: 0, y: 0, width: 10, height: 10))
            let first = try #require(UIGraphicsGetImageFromCurrentImageContext())
            #expect(first.width == 40 && first.height == 20 && first.scale == 2, "scale 0 is the screen's: \(first.width)×\(first.height)")
            #expect(first.pixel(x: 5, y: 5) == SIMD4(1, 0, 0, 1) && first.pixel(x: 30, y: 5).w == 0)
            // A nested context, at scale 1 (UIGraphicsBeginImageContext), opaque black with options.
            UIGraphicsBeginImageContext(CGSize(width: 4, height: 4))
            #expect(UIGraphicsGetCurrentContext() !== context)
            Color.blue.setFill()
            BezierPath(rect: CGRect(x: 0, y: 0, width: 2, height: 2)).fill()
            let inner = try #require(UIGraphicsGetImageFromCurrentImageContext())
            #expect(inner.width == 4 && inner.scale == 1 && inner.pixel(x: 0, y: 0) == SIMD4(0, 0, 1, 1))
            UIGraphicsEndImageContext()
            #expect(UIGraphicsGetCurrentContext() === context, "End pops back to the outer context")
            let again = try #require(UIGraphicsGetImageFromCurrentImageContext())
            #expect(again == first, "getting the image twice gives the same picture")
            UIGraphicsEndImageContext()
        }
        #expect(UIGraphicsGetCurrentContext() == nil)
        UIGraphicsBeginImageContextWithOptions(CGSize(width: 3, height: 3), true, 1)
        #expect(UIGraphicsGetImageFromCurrentImageContext()?.pixel(x: 1, y: 1) == SIMD4(0, 0, 0, 1), "opaque starts black")
        UIGraphicsEndImageContext()
        // Inside an image renderer the current context is the renderer's, and there is no image context.
        _ = ImageRenderer(size: CGSize(width: 2, height: 2)).image { ctx in
            #expect(UIGraphicsGetCurrentContext() === ctx.cgContext)
            #expect(UIGraphicsGetImageFromCurrentImageContext() == nil)
        }
    }

    // MARK: CGMutablePath

    @Test func mutablePathsBuildAndDrawLikeCGPaths() throws {
        let triangle = MutablePath()
        #expect(triangle.isEmpty && triangle.boundingBox.isNull)
        triangle.move(to: CGPoint(x: 2, y: 2))
        triangle.addLine(to: CGPoint(x: 18, y: 2))
        triangle.addLine(to: CGPoint(x: 2, y: 18))
        triangle.closeSubpath()
        #expect(triangle.currentPoint == CGPoint(x: 2, y: 2), "closing returns to the subpath's start")
        #expect(triangle.boundingBox == CGRect(x: 2, y: 2, width: 16, height: 16))
        let copy = triangle.copy()
        copy.addRect(CGRect(x: 30, y: 30, width: 1, height: 1))
        #expect(copy != triangle && triangle.boundingBox.maxX == 18, "a copy is independent")

        // In UIKit's flipped context, clockwise: false from 0 to π/2 turns clockwise on screen:
        // the quarter from 3 o'clock down to 6 o'clock.
        let pie = MutablePath()
        pie.move(to: CGPoint(x: 30, y: 10))
        pie.addArc(center: CGPoint(x: 30, y: 10), radius: 8, startAngle: 0, endAngle: .pi / 2, clockwise: false)
        pie.closeSubpath()
        // Even-odd: a square with a square hole.
        let frame = MutablePath()
        frame.addRect(CGRect(x: 0, y: 22, width: 16, height: 16))
        frame.addRect(CGRect(x: 4, y: 26, width: 8, height: 8))
        let image = ImageRenderer(size: CGSize(width: 40, height: 40)).image { ctx in
            let c = ctx.cgContext
            c.setFillColor(.white)
            c.addPath(triangle)
            c.fillPath()
            c.addPath(pie)
            c.fillPath()
            c.addPath(frame)
            c.drawPath(using: .eoFill)
        }
        #expect(image.pixel(x: 5, y: 5).w == 1 && image.pixel(x: 15, y: 15).w == 0, "the triangle's inside and outside")
        #expect(image.pixel(x: 33, y: 13).w == 1 && image.pixel(x: 33, y: 7).w == 0, "the pie is the lower-right quarter")
        #expect(image.pixel(x: 1, y: 30).w == 1 && image.pixel(x: 8, y: 30).w == 0, "even-odd leaves the hole")
        // A Bézier path made from the path draws the same.
        let viaBezier = ImageRenderer(size: CGSize(width: 40, height: 40)).image { _ in
            Color.white.setFill()
            BezierPath(cgPath: triangle).fill()
            BezierPath(cgPath: pie).fill()
        }
        #expect(viaBezier.pixel(x: 5, y: 5).w == 1 && viaBezier.pixel(x: 33, y: 13).w == 1 && viaBezier.pixel(x: 33, y: 7).w == 0)
        let oval = BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 10, height: 4))
        #expect(oval.cgPath.boundingBox == CGRect(x: 0, y: 0, width: 10, height: 4))
    }

    // MARK: Attributed strings

    /// `size()` "returns the size required to draw the string"; runs draw in their own attributes.
    @Test func attributedStringsMeasureAndDrawTheirRuns() throws {
        let font = Font.systemFont(ofSize: 20)
        let text = NSMutableAttributedString(string: "Hi", attributes: [.font: font, .foregroundColor: Color.red])
        text.append(NSAttributedString(string: "Ho", attributes: [.font: font, .foregroundColor: Color.blue]))
        let size = text.size()
        let hi = "Hi".size(withAttributes: [.font: font]), ho = "Ho".size(withAttributes: [.font: font])
        #expect(abs(size.width - (hi.width + ho.width)) < 0.5 && size.height == hi.height, "\(size) vs \(hi) + \(ho)")
        #expect(size.width > 20 && size.height >= 20 && size.height < 30, "plausible for 20-point text: \(size)")
        let twoLines = NSAttributedString(string: "a\nb", attributes: [.font: font]).size()
        #expect(abs(twoLines.height - 2 * hi.height) < 0.01, "two lines: \(twoLines)")
        #expect(NSAttributedString(string: "x").size().height > 10, "no font: the system font at 12 points")
        let image = ImageRenderer(size: CGSize(width: size.width.rounded(.up), height: size.height.rounded(.up))).image { _ in
            text.draw(at: .zero)
        }
        var reds = 0, blues = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                guard p.w > 0.5 else { continue }
                if p.x > 0.8 && p.z < 0.2 { reds += x < Int(hi.width) ? 1 : -100 }
                if p.z > 0.8 && p.x < 0.2 { blues += x >= Int(hi.width) - 1 ? 1 : -100 }
            }
        }
        #expect(reds > 10 && blues > 10, "the first run red on the left, the second blue on the right: \(reds), \(blues)")
    }

    // MARK: CATextLayer

    /// CATextLayer's documented defaults: fontSize 36, foregroundColor opaque white, natural
    /// alignment, no wrapping, no truncation.
    @Test func textLayersHaveCoreAnimationsDefaults() {
        let layer = TextLayer()
        #expect(layer.fontSize == 36 && layer.foregroundColor == .white && layer.alignmentMode == .natural)
        #expect(!layer.isWrapped && layer.truncationMode == .none && layer.string == nil)
        layer.string = "x"
        layer.fontSize = 12
        let copy = TextLayer(layer: layer)
        #expect(copy.string as? String == "x" && copy.fontSize == 12)
    }

    @Test func aTextLayerRendersAlignedWrappedAndAsASublayer() throws {
        func render(_ configure: (TextLayer) -> Void) -> SpriteImage {
            let layer = TextLayer()
            layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 60)
            layer.string = "I"
            layer.fontSize = 20
            configure(layer)
            return ImageRenderer(size: CGSize(width: 100, height: 60)).image { layer.render(in: $0.cgContext) }
        }
        let left = try #require(Self.ink(render { $0.alignmentMode = .left }))
        let centre = try #require(Self.ink(render { $0.alignmentMode = .center }))
        let right = try #require(Self.ink(render { $0.alignmentMode = .right }))
        #expect(left.0 < 10 && abs((centre.0 + centre.2) / 2 - 50) <= 2 && right.2 > 90, "left \(left), centre \(centre), right \(right)")
        #expect(left.1 < 10, "the text starts at the top of the bounds: \(left)")
        #expect(render { _ in }.pixel(x: (left.0 + left.2) / 2, y: (left.1 + left.3) / 2) == SIMD4(1, 1, 1, 1),
                "white by default")
        let wrapped = try #require(Self.ink(render { $0.string = "III III"; $0.isWrapped = true; $0.bounds.size.width = 30 }))
        let unwrapped = try #require(Self.ink(render { $0.string = "III III"; $0.bounds.size.width = 30 }))
        #expect(wrapped.3 > unwrapped.3 + 15, "wrapped onto a second line: \(wrapped) vs \(unwrapped)")
        // Attributed text keeps its runs' colours; the layer's colour fills in the rest.
        let attributed = render { $0.string = NSAttributedString(string: "I", attributes: [.foregroundColor: Color.green]) }
        let a = try #require(Self.ink(attributed))
        #expect(attributed.pixel(x: (a.0 + a.2) / 2, y: (a.1 + a.3) / 2) == SIMD4(0, 1, 0, 1))
        // As a sublayer: drawn at its frame, faded by its opacity.
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        let text = TextLayer()
        text.string = "I"
        text.fontSize = 20
        text.frame = CGRect(x: 50, y: 50, width: 40, height: 40)
        text.opacity = 0.5
        root.addSublayer(text)
        let composed = ImageRenderer(size: CGSize(width: 100, height: 100)).image { root.render(in: $0.cgContext) }
        var maxAlpha: Float = 0
        var inkBox: (Int, Int, Int, Int) = (100, 100, 0, 0)
        for y in 0..<100 { for x in 0..<100 where composed.pixel(x: x, y: y).w > 0.1 {
            maxAlpha = max(maxAlpha, composed.pixel(x: x, y: y).w)
            inkBox = (min(inkBox.0, x), min(inkBox.1, y), max(inkBox.2, x), max(inkBox.3, y))
        } }
        #expect(inkBox.0 >= 50 && inkBox.1 >= 50, "the sublayer's text at its frame: \(inkBox)")
        #expect(abs(maxAlpha - 0.5) < 0.02, "opacity 0.5: \(maxAlpha)")
    }

    @Test func truncationCutsWithAnEllipsis() throws {
        let layer = TextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: 40, height: 30)
        layer.fontSize = 14
        layer.string = "A long line of text"
        layer.truncationMode = .end
        let size = try #require(layer.layout).size
        #expect(size.width <= 40, "truncated to the bounds: \(size)")
        layer.truncationMode = .none
        #expect(try #require(layer.layout).size.width > 40)
    }

    // MARK: Emoji

    /// Unicode's emoji sequences draw as one glyph each: a skin-tone modifier sequence, a ZWJ
    /// family, a flag and a keycap (Noto Color Emoji forms them in its `ccmp` feature).
    @Test(arguments: ["👍🏽", "👨‍👩‍👧", "🇫🇷", "1️⃣"]) func emojiSequencesAreShapedIntoOneGlyph(_ sequence: String) {
        let line = TextShaper.line([(sequence, .systemFont(ofSize: 30), .black)])
        let glyphs = line.runs.flatMap(\.glyphs)
        #expect(glyphs.count == 1, "\(sequence.unicodeScalars.map { String($0.value, radix: 16) }): \(glyphs.count) glyphs")
        let single = TextShaper.line([("👍", .systemFont(ofSize: 30), .black)])
        #expect(abs(line.width - single.width) < 0.5, "as wide as one emoji: \(line.width) vs \(single.width)")
    }

    /// Apple Color Emoji (800 units per em, an 800-unit square image on the baseline, descent
    /// 250): an emoji at S points is S high and 1.0–1.25 S wide, in a line S above and 0.3125 S
    /// below the baseline; so it fits an S × S box drawn at the box's corner.
    @Test(arguments: [20.0, 40.0]) func emojiAreDrawnAtApplesMetrics(_ points: CGFloat) throws {
        let font = Font.systemFont(ofSize: points)
        let size = "😀".size(withAttributes: [.font: font])
        #expect(size.width >= points && size.width <= 1.25 * points, "advance \(size.width) at \(points) points")
        #expect(abs(size.height - 1.3125 * points) < 0.01 * points, "line height \(size.height)")
        let margin = points / 2
        let image = ImageRenderer(size: CGSize(width: 2 * points, height: 2 * points)).image { _ in
            "😀".draw(at: CGPoint(x: margin, y: margin), withAttributes: [.font: font])
        }
        let box = try #require(Self.ink(image))
        let m = Int(margin)
        #expect(box.1 >= m - 1 && box.3 <= m + Int(points) + 1, "the emoji's ink \(box) within the \(points)-point box from \(m)")
        #expect(box.3 - box.1 >= Int(0.8 * points), "and fills most of it: \(box)")
        #expect(box.0 >= m - 1 && box.2 <= m + Int(1.25 * points), "across: \(box)")
        // A text layer of the emoji's size keeps it whole.
        let layer = TextLayer()
        layer.bounds = CGRect(x: 0, y: 0, width: points * 1.25, height: points * 1.3125)
        layer.fontSize = points
        layer.string = "😀"
        let tight = ImageRenderer(size: layer.bounds.size).image { layer.render(in: $0.cgContext) }
        let t = try #require(Self.ink(tight))
        #expect(t.1 > 0 && t.3 < tight.height - 1, "not clipped at the top or bottom: \(t) in \(tight.width)×\(tight.height)")
    }
}

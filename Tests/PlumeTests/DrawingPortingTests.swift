import Foundation
import Testing
@testable import Plume
@testable import PlumeDrawing
import PlumeFuzz

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

    /// `CGAffineTransform`'s documented order: `t.rotated(by:)` "rotates … and then applies the
    /// original transform" (`CGAffineTransformRotate`); `a.concatenating(b)` is a then b.
    @Test func affineTransformsFollowCoreGraphics() {
        func near(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat) -> Bool { abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9 }
        let t = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        #expect(near(CGPoint(x: 1, y: 0).applying(t), 10, 1), "rotated first, then moved: \(CGPoint(x: 1, y: 0).applying(t))")
        let s = CGAffineTransform(scaleX: 2, y: 2).concatenating(CGAffineTransform(translationX: 1, y: 0))
        #expect(near(CGPoint(x: 1, y: 1).applying(s), 3, 2) && s.a == 2 && s.tx == 1 && !s.isIdentity && CGAffineTransform.identity.isIdentity)
        #expect(near(CGPoint(x: 1, y: 1).applying(CGAffineTransform(scaleX: 3, y: 1).translatedBy(x: 1, y: 0)), 6, 1))
        let r = CGRect(x: 0, y: 0, width: 2, height: 1).applying(CGAffineTransform(rotationAngle: .pi / 2))
        #expect(abs(r.minX + 1) < 1e-9 && abs(r.width - 1) < 1e-9 && abs(r.height - 2) < 1e-9, "\(r)")
        #expect(CGSize(width: 2, height: 0).applying(s) == CGSize(width: 4, height: 0), "a size ignores the translation")
        // A layer's affine transform is its 3-D transform in the plane.
        let layer = Layer()
        layer.setAffineTransform(CGAffineTransform(rotationAngle: 0.5).scaledBy(x: 2, y: 2))
        let expected = Transform3DConcat(Transform3DMakeScale(2, 2, 1), Transform3DMakeRotation(0.5, 0, 0, 1))
        #expect(zip(layer.transform.values, expected.values).allSatisfy { abs($0 - $1) < 1e-12 }, "\(layer.transform)")
        #expect(abs(layer.affineTransform().a - 2 * cos(0.5)) < 1e-12 && Transform3DIsAffine(layer.transform))
    }

    /// `CGMutablePath`'s transforms, `addArc(tangent1End:tangent2End:radius:)` (the corner arc of
    /// PostScript's `arct`), arc directions and `contains(_:using:)` with both fill rules.
    @Test func pathsTransformRoundCornersAndHitTest() throws {
        func near(_ p: CGPoint, _ x: CGFloat, _ y: CGFloat) -> Bool { abs(p.x - x) < 1e-9 && abs(p.y - y) < 1e-9 }
        // A corner rounded with radius 4 between the lines (0,0)→(10,0) and (10,0)→(10,10).
        let corner = MutablePath()
        corner.move(to: .zero)
        corner.addArc(tangent1End: CGPoint(x: 10, y: 0), tangent2End: CGPoint(x: 10, y: 10), radius: 4)
        #expect(near(corner.currentPoint, 10, 4), "the arc ends where it touches the second line: \(corner.currentPoint)")
        let firstLine = corner.elements.lazy.compactMap { if case let .line(p) = $0 { p } else { nil } }.first
        #expect(near(firstLine ?? .zero, 6, 0), "a line to where the arc touches the first line: \(String(describing: firstLine))")
        corner.addLine(to: CGPoint(x: 10, y: 10))
        corner.addLine(to: CGPoint(x: 0, y: 10))
        corner.closeSubpath()
        #expect(corner.contains(CGPoint(x: 9, y: 3)) && corner.contains(CGPoint(x: 5, y: 0.5)))
        #expect(!corner.contains(CGPoint(x: 9.8, y: 0.2)), "the cut corner, 5.4 from the arc's centre (6, 4)")
        #expect(!corner.contains(CGPoint(x: 12, y: 5)) && !corner.contains(CGPoint(x: 5, y: -1)))
        let straight = MutablePath()
        straight.move(to: .zero)
        straight.addArc(tangent1End: CGPoint(x: 5, y: 0), tangent2End: CGPoint(x: 9, y: 0), radius: 2)
        #expect(straight.currentPoint == CGPoint(x: 5, y: 0), "on one line: a line to tangent1End")

        // Arc directions: from 0 to π/2 the short way (false) or three quarters round (true).
        for (clockwise, quarters) in [(false, [true, false, false, false]), (true, [false, true, true, true])] {
            let pie = MutablePath()
            pie.move(to: .zero)
            pie.addArc(center: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: clockwise)
            pie.closeSubpath()
            let inside = [CGPoint(x: 5, y: 5), CGPoint(x: -5, y: 5), CGPoint(x: -5, y: -5), CGPoint(x: 5, y: -5)].map { pie.contains($0) }
            #expect(inside == quarters, "clockwise \(clockwise): \(inside)")
            #expect(near(pie.elements.dropLast().last.flatMap { if case let .curve(p, _, _) = $0 { p } else { nil } } ?? .zero, 0, 10))
        }

        // A whole turn: ahead of the start, one circle; behind it, no arc (as cairo and Core
        // Graphics); a relative arc of any size, at most a turn (four cubics).
        func curves(_ build: (MutablePath) -> Void) -> Int {
            let p = MutablePath()
            build(p)
            return p.elements.filter { if case .curve = $0 { true } else { false } }.count
        }
        #expect(curves { $0.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: 2 * .pi, clockwise: false) } == 4)
        #expect(curves { $0.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: 2 * .pi, clockwise: true) } == 0)
        #expect(curves { $0.addArc(center: .zero, radius: 5, startAngle: 0, endAngle: -2 * .pi, clockwise: true) } == 4)
        #expect(curves { $0.addRelativeArc(center: .zero, radius: 5, startAngle: 0, delta: 1e30) } == 4)
        // Adding an empty path changes nothing, the current point included.
        let start = MutablePath()
        start.move(to: CGPoint(x: 3, y: 4))
        start.addPath(MutablePath())
        #expect(start.currentPoint == CGPoint(x: 3, y: 4) && start.elements.count == 1)

        // Fill rules: two rectangles wound the same way, one inside the other.
        let nested = MutablePath(rect: CGRect(x: 0, y: 0, width: 10, height: 10))
        nested.addRect(CGRect(x: 3, y: 3, width: 4, height: 4))
        #expect(nested.contains(CGPoint(x: 5, y: 5)) && !nested.contains(CGPoint(x: 5, y: 5), using: .evenOdd))
        #expect(nested.contains(CGPoint(x: 1, y: 1), using: .evenOdd))
        // An ellipse: the centre in, the bounding box's corner out; the point is transformed first.
        let oval = MutablePath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10))
        #expect(oval.contains(CGPoint(x: 10, y: 5)) && oval.contains(CGPoint(x: 19.5, y: 5)) && !oval.contains(CGPoint(x: 1, y: 1)))
        #expect(oval.contains(CGPoint(x: 0, y: 0), transform: CGAffineTransform(translationX: 10, y: 5)))
        #expect(oval.boundingBox == CGRect(x: 0, y: 0, width: 20, height: 10))

        // Builders' transforms, copy(using:) and addPath(_:transform:).
        let turn = CGAffineTransform(rotationAngle: .pi / 2)         // (x, y) → (−y, x)
        let bar = MutablePath(rect: CGRect(x: 0, y: 0, width: 10, height: 2), transform: turn)
        let box = bar.boundingBox
        #expect(abs(box.minX + 2) < 1e-9 && abs(box.maxY - 10) < 1e-9 && abs(box.width - 2) < 1e-9, "\(box)")
        var shift = CGAffineTransform(translationX: 100, y: 0)
        let moved = try #require(bar.copy(using: &shift))
        #expect(abs(moved.boundingBox.minX - 98) < 1e-9 && abs(bar.boundingBox.minX + 2) < 1e-9, "a copy moved, the original kept")
        let both = MutablePath()
        both.addPath(bar, transform: shift)
        #expect(both == moved)
        // Core Graphics' spellings of the initialisers' transform: a pointer, nil or `&t`.
        var turned = turn
        #expect(MutablePath(rect: CGRect(x: 0, y: 0, width: 10, height: 2), transform: &turned) == bar)
        #expect(MutablePath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
                == MutablePath(rect: CGRect(x: 0, y: 0, width: 10, height: 10)))
        #expect(MutablePath(ellipseIn: CGRect(x: 0, y: 0, width: 20, height: 10), transform: nil) == oval)
        let pill = MutablePath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 2), cornerWidth: 1, cornerHeight: 1,
                               transform: &turned)
        #expect(abs(pill.boundingBox.minX + 2) < 1e-9 && abs(pill.boundingBox.maxY - 10) < 1e-9, "\(pill.boundingBox)")
        #expect(pill != MutablePath(roundedRect: CGRect(x: 0, y: 0, width: 10, height: 2), cornerWidth: 1, cornerHeight: 1,
                                    transform: nil))
        // Drawn: the turned bar is a vertical bar at x −2…0, here moved into the picture by 5.
        let image = ImageRenderer(size: CGSize(width: 12, height: 12)).image { ctx in
            let c = ctx.cgContext
            c.concatenate(CGAffineTransform(translationX: 5, y: 0))
            #expect(c.ctm.tx == 5)
            c.setFillColor(.white)
            c.addPath(bar)
            c.fillPath()
        }
        #expect(image.pixel(x: 4, y: 5).w == 1 && image.pixel(x: 6, y: 5).w == 0 && image.pixel(x: 2, y: 5).w == 0)
    }

    /// Bad numbers never crash or hang a path (the brief's bad input): every builder fed NaN,
    /// infinities, huge and negative values, then hit-tested and drawn.
    @Test func pathsTakeBadNumbersWithoutHarm() {
        let bad: [CGFloat] = [.nan, .infinity, -.infinity, 1e300, -1e300, 0, -5, 3]
        for seed in UInt64(1)...200 {
            var g = FuzzRandom(seed: seed)
            func n() -> CGFloat { bad.randomElement(using: &g)! }
            func p() -> CGPoint { CGPoint(x: n(), y: n()) }
            let t = [CGAffineTransform.identity, CGAffineTransform(rotationAngle: n()), CGAffineTransform(scaleX: n(), y: n())]
                .randomElement(using: &g)!
            let path = MutablePath()
            path.move(to: p(), transform: t)
            path.addLine(to: p())
            path.addArc(center: p(), radius: n(), startAngle: n(), endAngle: n(), clockwise: Bool.random(using: &g), transform: t)
            path.addRelativeArc(center: p(), radius: n(), startAngle: n(), delta: n())
            path.addArc(tangent1End: p(), tangent2End: p(), radius: n(), transform: t)
            path.addCurve(to: p(), control1: p(), control2: p())
            path.addQuadCurve(to: p(), control: p())
            path.addRect(CGRect(x: n(), y: n(), width: n(), height: n()), transform: t)
            path.addEllipse(in: CGRect(x: n(), y: n(), width: n(), height: n()))
            path.addRoundedRect(in: CGRect(x: n(), y: n(), width: n(), height: n()), cornerWidth: n(), cornerHeight: n())
            path.closeSubpath()
            _ = path.contains(p(), using: .evenOdd, transform: t)
            _ = path.boundingBox
            let image = ImageRenderer(size: CGSize(width: 4, height: 4)).image { ctx in
                ctx.cgContext.addPath(path)
                ctx.cgContext.fillPath()
            }
            #expect(image.width == 4, "seed \(seed)")
        }
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

    /// CATextLayer's properties are key-value coded (`setValue(_:forKey:)`, animations by key):
    /// "fontSize" and "foregroundColor" are animatable in Core Animation, and the alignment and
    /// truncation modes are strings there.
    @Test func textLayerPropertiesAreKeysAndAnimate() throws {
        let layer = TextLayer()
        layer.setValue("Go", forKey: "string")
        layer.setValue(24, forKey: "fontSize")
        layer.setValue("center", forKey: "alignmentMode")
        layer.setValue(true, forKey: "wrapped")
        layer.setValue(Color.red, forKey: "foregroundColor")
        #expect(layer.string as? String == "Go" && layer.fontSize == 24 && layer.alignmentMode == .center)
        #expect(layer.isWrapped && layer.foregroundColor == .red && layer.keyValueDiagnostics.count == 0)
        #expect(layer.value(forKey: "fontSize") as? CGFloat == 24 && layer.value(forKey: "truncationMode") as? TextLayerTruncationMode == TextLayerTruncationMode.none)
        let blank = TextLayer()
        #expect(blank.value(forKey: "string") == nil && blank.value(forKey: "font") == nil, "nil reads as nil")
        blank.foregroundColor = nil
        #expect(blank.value(forKey: "foregroundColor") == nil)
        blank.setValue(blank.value(forKey: "string"), forKey: "foregroundColor")
        #expect(blank.foregroundColor == nil && blank.keyValueDiagnostics.count == 0, "nil written back is nil")
        layer.setValue("huge", forKey: "fontSize")
        layer.setValue("diagonal", forKey: "alignmentMode")
        #expect(layer.fontSize == 24 && layer.alignmentMode == .center && layer.keyValueDiagnostics.count == 2, "wrong values change nothing")
        let grow = BasicAnimation(keyPath: "fontSize")
        grow.fromValue = 10
        grow.toValue = 30
        grow.duration = 1
        layer.add(grow, forKey: "grow")
        let tint = BasicAnimation()
        tint.toValue = Color.blue
        tint.duration = 1
        layer.add(tint, forKey: "foregroundColor")
        _ = layer.presentationLayer(at: 20)
        let p = try #require(layer.presentationLayer(at: 20.5) as? TextLayer, "a text layer's presentation is a text layer")
        #expect(p.fontSize == 20 && p.string as? String == "Go", "half way from 10 to 30: \(p.fontSize)")
        let c = try #require(p.foregroundColor)
        #expect(abs(c.red - 0.5) < 1e-6 && abs(c.blue - 0.5) < 1e-6, "half way from red to blue: \(c)")
        #expect(layer.fontSize == 24 && layer.foregroundColor == .red, "the model is unchanged")
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
        for mode in [TextLayerTruncationMode.start, .middle] {
            layer.truncationMode = mode
            #expect(try #require(layer.layout).size.width <= 40, "\(mode.rawValue): truncated to the bounds")
        }
        // Where each mode cuts, by a width of one point a character: 5 fit of "abcdefghij" + "…".
        let fits = { (s: String) in s.count <= 5 }
        #expect(TextLayer.truncated("abcdefghij", mode: .end, fits: fits) == "abcd…")
        #expect(TextLayer.truncated("abcdefghij", mode: .start, fits: fits) == "…ghij")
        #expect(TextLayer.truncated("abcdefghij", mode: .middle, fits: fits) == "ab…ij")
        #expect(TextLayer.truncated("a👍🏽bc👨‍👩‍👧", mode: .middle, fits: { $0.count <= 4 }) == "a👍🏽…👨‍👩‍👧",
                "emoji sequences are kept whole")
        #expect(TextLayer.truncated("abc", mode: .start, fits: { _ in false }) == "…")
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

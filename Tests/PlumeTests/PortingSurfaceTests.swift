import Foundation
import PlumeDrawing
import PlumeTestSupport
import Testing
@testable import Plume

/// Semantics §8 "When a layer starts", key-value coding as Core Animation does it, UIKit's colours,
/// Core Animation's names, animation completion, images by name and drawn in code.
struct PortingSurfaceTests {
    static func fire() -> EmitterLayer {
        let layer = Preset.fire.makeLayer()
        layer.seed = 7
        return layer
    }

    @Test(arguments: [0.0, 100.0, 1e6])
    func aLayerStartsEmptyAtAnyHostClock(_ start: Double) throws {
        let sim = ReferenceSimulator(layer: Self.fire())
        try sim.advance(to: start)
        #expect(try sim.snapshot().particles.isEmpty, "created at host time \(start): frame 1 must be empty")
        try sim.advance(to: start + 1)
        let atStart = try sim.snapshot()
        // The same second of emission, whatever the clock: same identities and ages.
        let reference = ReferenceSimulator(layer: Self.fire())
        try reference.advance(to: 0)
        try reference.advance(to: 1)
        let base = try reference.snapshot()
        #expect(atStart.particles.map(\.identity) == base.particles.map(\.identity), "start \(start)")
        #expect(zip(atStart.particles, base.particles).allSatisfy { abs($0.age - $1.age) < 1e-6 }, "start \(start)")
    }

    @Test func theSeedSnowWithBeginTimeNowAndTimeOffsetIsFullOnFrameOne() throws {
        let now = 123_456.0
        let layer = Preset.snow.makeLayer()
        layer.beginTime = now
        layer.timeOffset = 10
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: now)
        let full = try sim.snapshot()
        // The same as 10 s of emission of a layer started at host time 0 without a time offset.
        let plain = Preset.snow.makeLayer()
        plain.timeOffset = 0
        let reference = ReferenceSimulator(layer: plain)
        try reference.advance(to: 0)
        try reference.advance(to: 10)
        let base = try reference.snapshot()
        #expect(!full.particles.isEmpty && full.particles.map(\.identity) == base.particles.map(\.identity),
                "timeOffset 10 fast-forwards on frame 1: \(full.particles.count) particles, 10 s of emission has \(base.particles.count)")
    }

    @Test func raisingABirthRateFromZeroLaterCatchesUpOnTheGrid() throws {
        let start = 1e6
        func make() -> (EmitterLayer, EmitterCell) {
            let cell = EmitterCell(name: "c")
            cell.lifetime = 100
            cell.velocity = 10
            let layer = EmitterLayer()
            layer.emitterCells = [cell]
            return (layer, cell)
        }
        let (jumpLayer, jumpCell) = make(), (stepLayer, stepCell) = make()
        let jump = ReferenceSimulator(layer: jumpLayer), step = ReferenceSimulator(layer: stepLayer)
        for t in frames(fps: 10, until: 5) { try jump.advance(to: start + t); try step.advance(to: start + t) }
        jumpCell.birthRate = 10
        stepCell.birthRate = 10
        try jump.advance(to: start + 8)             // one 3 s update: 30 births at their ages
        for t in frames(fps: 60, until: 8, from: 5).dropFirst() { try step.advance(to: start + t) }
        let a = try jump.snapshot(), b = try step.snapshot()
        #expect(a.particles.count == 30, "births at 5.1 … 8.0: \(a.particles.count)")
        expectSameParticles(a, b, tolerance: 1e-6, "one jump vs 60 fps")
    }

    @Test func setValueDoesNotThrowChangesNothingOnABadPathAndReports() throws {
        let layer = Self.fire()
        let before = layer.emitterCells![0].birthRate
        layer.setValue(500, forKeyPath: "emitterCells.fire.birthRate")
        #expect(layer.emitterCells![0].birthRate == 500)
        layer.setValue(1, forKeyPath: "emitterCells.nope.birthRate")
        layer.setValue("fast", forKeyPath: "emitterCells.fire.birthRate")
        #expect(layer.emitterCells![0].birthRate == 500 && before != 500)
        #expect(layer.keyValueDiagnostics.count == 2)
        #expect(layer.value(forKeyPath: "emitterCells.fire.lifetime") as? Float == layer.emitterCells![0].lifetime)
        // A likely typo of a property ("birthRate") is reported; any other key is stored (LayerModelTests).
        #expect(layer.value(forKeyPath: "birthrat") == nil)
        #expect(throws: KeyPathError.self) { try layer.validateAndSetValue(1, forKeyPath: "birthrat") }
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 0)
        let reported = sim.diagnostics.filter { $0.effect == .ignored }.map(\.keyPath)
        #expect(reported == ["emitterCells.nope.birthRate", "emitterCells.fire.birthRate", "birthrat"], "\(reported)")
        try sim.advance(to: 0.1)
        #expect(!sim.diagnostics.contains { $0.keyPath == "birthrat" }, "each failure is reported once")
        layer.emitterCells![0].setValue(nil, forKeyPath: "velocity")
        try sim.advance(to: 0.2)
        #expect(sim.diagnostics.contains { $0.keyPath == "velocity" }, "a cell's failure reaches the simulator")
    }

    @Test func typedKeyPathsNameTheSameProperties() {
        #expect(BasicAnimation(keyPath: \EmitterLayer.birthRate).keyPath == "birthRate")
        #expect(BasicAnimation(keyPath: \EmitterLayer.opacity).keyPath == "opacity")
        #expect(KeyframeAnimation(keyPath: \EmitterLayer.emitterPosition.x).keyPath == "emitterPosition.x")
        #expect(EmitterLayer.keyPathString(\EmitterLayer.frame.size.width) == "frame.size.width")
    }

    @Test func uikitColoursAndCoreAnimationNames() {
        #expect(Color.red.cgColor == Color(red: 1, green: 0, blue: 0, alpha: 1))
        #expect(Color.white.withAlphaComponent(0.8).alpha == 0.8)
        let g: CGFloat = 0.25
        #expect(Color(red: g, green: 0.5, blue: 1, alpha: 1).green == 0.5)
        #expect(Color(white: 0.5, alpha: 1) == .gray)
        let hsb = Color(hue: 1.0 / 3, saturation: 1, brightness: 1, alpha: 1)
        #expect(abs(hsb.green - 1) < 1e-6 && hsb.red < 1e-6, "\(hsb)")
        #expect(abs(Color.orange.hsba.hue - 1.0 / 12) < 1e-6)
        let literal: Color = #colorLiteral(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
        #expect(literal.blue == 0.6)
        #expect(kCAEmitterLayerLine == .line && CAEmitterLayerEmitterShape(rawValue: "circle") == .circle)
        #expect(kCAEmitterLayerOutline == .outline && kCAEmitterLayerAdditive == EmitterLayerRenderMode.additive)
        #expect(TimingFunction(name: .easeIn) == .easeIn && TimingFunction(name: kCAMediaTimingFunctionEaseOut) == .easeOut)
        #expect(kCAFillModeForwards == CAMediaTimingFillMode.forwards)
        let a = CACurrentMediaTime(), b = CACurrentMediaTime()
        #expect(b >= a && a > 0)
    }

    final class Delegate: AnimationDelegate {
        var events: [String] = []
        func animationDidStart(_ anim: Animation) { events.append("start") }
        func animationDidStop(_ anim: Animation, finished flag: Bool) { events.append("stop \(flag)") }
    }

    @Test func animationDelegateAndCompletionAreCalledOnTheHostUpdate() throws {
        let layer = Self.fire()
        let fade = BasicAnimation(keyPath: \EmitterLayer.opacity)
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 1
        fade.timingFunction = TimingFunction(name: .easeIn)
        fade.fillMode = .forwards
        let delegate = Delegate()
        fade.delegate = delegate
        var completed: [Bool] = []
        fade.completion = { completed.append($0) }
        layer.add(fade, forKey: "fade")
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 10)
        #expect(delegate.events == ["start"])
        try sim.advance(to: 10.5)
        #expect(abs(sim.resolved.appearance.opacity - Float(1 - TimingFunction.easeIn.value(at: 0.5))) < 1e-5)
        try sim.advance(to: 11)
        #expect(delegate.events == ["start", "stop true"] && completed == [true])
        #expect(layer.animationKeys().isEmpty, "removed on completion")
        let again = BasicAnimation(keyPath: "birthRate")
        again.duration = 5
        again.delegate = delegate
        layer.add(again, forKey: "rate")
        try sim.advance(to: 11.5)
        layer.removeAnimation(forKey: "rate")
        #expect(delegate.events.count == 3, "stops are told on the next update")
        try sim.advance(to: 12)
        #expect(delegate.events.last == "stop false")
    }

    final class TagDelegate: AnimationDelegate, @unchecked Sendable {
        var stopped: [String] = []
        func animationDidStop(_ anim: Animation, finished flag: Bool) {
            stopped.append("\(anim.value(forKey: "tag") ?? "none") \(flag)")
        }
    }

    /// `CAAnimation` is a key-value container: an arbitrary key set on an animation travels with
    /// the copy the layer keeps, which `animation(forKey:)` returns and the shared delegate is
    /// told about (the usual way to tell animations apart); property keys set the properties;
    /// a value of the wrong type changes nothing and is reported.
    @Test func animationsStoreArbitraryKeysAndSetTheirPropertiesByKey() throws {
        let layer = Self.fire()
        let delegate = TagDelegate()
        for (tag, duration) in [("first", 1.0), ("second", 2.0)] {
            let fade = BasicAnimation(keyPath: "opacity")
            fade.setValue(tag, forKey: "tag")
            fade.setValue(1, forKey: "fromValue")
            fade.setValue(NSNumber(value: 0), forKey: "toValue")
            fade.setValue(duration, forKey: "duration")
            fade.delegate = delegate
            layer.add(fade, forKey: tag)
            fade.setValue("changed after add", forKey: "tag")   // the layer keeps its copy
        }
        #expect(layer.animation(forKey: "first")?.value(forKey: "tag") as? String == "first")
        #expect(layer.animation(forKey: "second")?.value(forKey: "duration") as? TimeInterval == 2)
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 10)
        try sim.advance(to: 10.5)
        // Set by key, the fades run; the one added last presents the key (2 s long: 0.75 at 0.5 s).
        #expect(abs(sim.resolved.appearance.opacity - 0.75) < 1e-5, "\(sim.resolved.appearance.opacity)")
        try sim.advance(to: 11.2)
        try sim.advance(to: 12.2)
        #expect(delegate.stopped == ["first true", "second true"], "\(delegate.stopped)")

        let spin = KeyframeAnimation(keyPath: "transform.rotation.z")
        spin.setValue([0, 1, 3], forKey: "values")
        spin.setValue([0, 0.25, 1], forKey: "keyTimes")
        spin.setValue(true, forKey: "cumulative")
        spin.setValue("forwards", forKey: "fillMode")
        #expect(spin.values.count == 3 && spin.keyTimes == [0, 0.25, 1] && spin.isCumulative && spin.fillMode == .forwards)
        #expect(spin.value(forKey: "tag") == nil, "a key never set")
        spin.setValue("long", forKey: "duration")
        spin.setValue(3, forKey: "keyTimes")
        #expect(spin.duration == 0.25 && spin.keyTimes == [0, 0.25, 1], "wrong types change nothing")
        #expect(spin.keyValueDiagnostics.recent.map(\.keyPath) == ["duration", "keyTimes"])
        #expect(throws: KeyPathError.self) { try spin.validateAndSetValue("long", forKey: "duration") }
    }

    final class SizedLayer: EmitterLayer, @unchecked Sendable {
        override func layoutSublayers() {
            super.layoutSublayers()
            emitterPosition = CGPoint(x: bounds.midX, y: 0)
            emitterSize = CGSize(width: bounds.width, height: 1)
        }
    }

    @Test func subclassesSizeTheirEmitterWhenTheirBoundsChange() throws {
        let layer = SizedLayer()
        layer.frame = CGRect(x: 10, y: 20, width: 300, height: 100)
        #expect(layer.position == CGPoint(x: 160, y: 70) && layer.bounds.size == CGSize(width: 300, height: 100))
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 0)
        #expect(layer.emitterPosition == CGPoint(x: 150, y: 0) && layer.emitterSize.width == 300)
        layer.bounds.size.width = 200
        try sim.advance(to: 0.1)
        #expect(layer.emitterSize.width == 200)
    }

    @Test func imagesByNameFollowUIKitsConventions() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plume-named-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let format = ImageRendererFormat()
        format.scale = 3
        let star = ImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { ctx in
            ctx.cgContext.setFillColor(Color.yellow)
            ctx.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: 10, height: 10))
        }
        #expect(star.width == 30 && star.scale == 3)
        try star.writePNG(to: folder + "/star@3x.png")
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: folder + "/broken.png"))
        SpriteImage.addSearchPath(folder)
        let loaded = try #require(SpriteImage(named: "star"))
        #expect(loaded.scale == 3 && loaded.width == 30 && loaded.cgImage == loaded)
        #expect(loaded.size == CGSize(width: 10, height: 10))
        #expect(SpriteImage(named: "star.png")?.width == 30)
        #expect(SpriteImage(named: "missing-image") == nil)
        #expect(SpriteImage(named: "broken") == nil)
        #expect(SpriteImage.namedLookupFailures.contains { if case .unreadable(name: "broken", _, _) = $0 { true } else { false } })
        #expect(throws: NamedImageError.self) { try SpriteImage.load(named: "missing-image") }
        let literal: SpriteImage = #imageLiteral(resourceName: "star")
        #expect(literal.width == 30)
        let missing: SpriteImage = #imageLiteral(resourceName: "missing-image")
        #expect(missing.width == 1 && missing.pixels[3] == 0)
    }

    @Test func drawingInCodeMakesShapesTransformsAndColourEmoji() throws {
        let image = ImageRenderer(size: CGSize(width: 64, height: 32)).image { ctx in
            Color.red.setFill()
            ctx.fill(CGRect(x: 0, y: 0, width: 16, height: 16))
            ctx.cgContext.saveGState()
            ctx.cgContext.translateBy(x: 16, y: 16)
            ctx.cgContext.setStrokeColor(Color.blue)
            ctx.cgContext.setLineWidth(4)
            ctx.cgContext.strokeEllipse(in: CGRect(x: 2, y: 2, width: 12, height: 12))
            ctx.cgContext.restoreGState()
            "🎉".draw(at: CGPoint(x: 34, y: 2), withAttributes: [.font: Font.systemFont(ofSize: 24)])
        }
        #expect(image.pixel(x: 8, y: 8) == SIMD4(1, 0, 0, 1), "filled rect")
        #expect(image.pixel(x: 24, y: 18).z > 0.9 && image.pixel(x: 24, y: 18).w > 0.9, "stroked ellipse in blue at its translated place")
        #expect(image.pixel(x: 24, y: 24).w == 0, "the ellipse's inside is not filled")
        var coloured = 0
        for y in 0..<32 { for x in 32..<64 {
            let p = image.pixel(x: x, y: y)
            if p.w > 0.5 && (abs(p.x - p.y) > 0.2 || abs(p.y - p.z) > 0.2) { coloured += 1 }
        } }
        #expect(coloured > 50, "the emoji is drawn in colour: \(coloured) coloured pixels")
        let text = ImageRenderer(size: CGSize(width: 40, height: 20)).image { _ in
            "Hi".draw(at: .zero, withAttributes: [.font: Font.boldSystemFont(ofSize: 16), .foregroundColor: Color.green])
        }
        #expect(text.pixels.enumerated().contains { $0.offset % 4 == 3 && $0.element > 200 }, "text is drawn")
    }

    @Test func badSizesNamesAndValuesHaveDefinedMeanings() {
        let odd = ImageRenderer(size: CGSize(width: .nan, height: 1e9)).image { $0.fill(CGRect(x: 0, y: 0, width: 5, height: 5)) }
        #expect(odd.width == 1 && odd.height == ImageRenderer.maxSide, "\(odd.width)×\(odd.height)")
        #expect(SpriteImage(named: "") == nil)
        #expect(SpriteImage(named: "/") == nil)
        let layer = EmitterLayer()
        layer.opacity = .nan
        layer.bounds = CGRect(x: 0, y: 0, width: CGFloat.infinity, height: 1)
        let resolved = ResolvedLayer(layer)
        #expect(resolved.appearance.opacity == 1 && resolved.appearance.bounds == .zero)
        #expect(resolved.diagnostics.contains { $0.keyPath == "opacity" } && resolved.diagnostics.contains { $0.keyPath == "bounds" })
        let parent = Layer(), child = Layer()
        parent.addSublayer(child)
        child.addSublayer(parent)            // a cycle: ignored
        #expect(parent.superlayer == nil && child.sublayers == nil)
    }
}

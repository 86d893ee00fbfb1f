import Foundation
import Testing
@testable import Plume

/// The layer model of issue 27 (items 2 and 4), each test written from Apple's documentation:
/// `CATransform3D` and its functions, the `transform.*` key paths (Programming Guide, "Key-Value
/// Coding Extensions"), `CALayer` as a key-value container, animations on any layer, key as key
/// path, `CATransaction`, `isKind(of:)`, an overridable `frame`, contents-filter names. Layers
/// composed in a scene: `LayerSceneTests`.
struct LayerModelTests {
    static func near(_ a: SIMD4<Double>, _ b: SIMD4<Double>, _ eps: Double = 1e-9) -> Bool {
        let d = a - b
        return (d * d).sum().squareRoot() <= eps
    }
    static func near(_ a: Transform3D, _ b: Transform3D, _ eps: Double = 1e-9) -> Bool {
        zip(a.values, b.values).allSatisfy { abs($0 - $1) <= eps }
    }

    // MARK: Transform3D

    @Test func transformFunctionsFollowCoreAnimation() {
        // CATransform3DMakeRotation: right-handed about the axis; about z, x turns towards y
        // (clockwise on iOS's y-down screen).
        #expect(Self.near(Transform3DMakeRotation(.pi / 2, 0, 0, 1).apply(x: 1, y: 0), SIMD4(0, 1, 0, 1)))
        #expect(Self.near(Transform3DMakeRotation(.pi / 2, 0, 1, 0).apply(x: 1, y: 0), SIMD4(0, 0, -1, 1)))
        #expect(Self.near(Transform3DMakeRotation(.pi / 2, 1, 0, 0).apply(x: 0, y: 1), SIMD4(0, 0, 1, 1)))
        #expect(Self.near(Transform3DMakeRotation(.pi / 2, 0, 0, 7).apply(x: 1, y: 0), SIMD4(0, 1, 0, 1)), "the axis is normalised")
        #expect(Transform3DMakeRotation(1, 0, 0, 0) == Transform3DIdentity, "a zero axis: the identity")
        // CATransform3DConcat(a, b) applies a, then b; CATransform3DTranslate(t, …) translates, then applies t.
        let scale = Transform3DMakeScale(2, 2, 2), move = Transform3DMakeTranslation(10, 0, 0)
        #expect(Transform3DConcat(scale, move).apply(x: 1, y: 0).x == 12)
        #expect(Transform3DTranslate(scale, 10, 0, 0).apply(x: 1, y: 0).x == 22)
        #expect(Transform3DScale(move, 2, 2, 2).apply(x: 1, y: 0).x == 12)
        // m34 = −1/d: a point d/5 in front of the layer is seen 1.25 times larger.
        var perspective = Transform3DIdentity
        perspective.m34 = -1.0 / 500
        #expect(perspective.apply(x: 0, y: 0, z: 100).w == 0.8)
        #expect(Transform3DIsIdentity(Transform3D()) && !Transform3DIsIdentity(perspective))
        #expect(Transform3DEqualToTransform(Transform3DRotate(.identity, 0.5, 0, 0, 1), Transform3DMakeRotation(0.5, 0, 0, 1)))
        var t = Transform3DRotate(Transform3DMakeTranslation(5, -3, 2), 0.7, 1, 2, 3)
        t.m34 = -1.0 / 300
        #expect(Self.near(Transform3DConcat(t, Transform3DInvert(t)), .identity, 1e-12), "CATransform3DInvert")
        #expect(Transform3DInvert(Transform3DMakeScale(0, 1, 1)) == Transform3DMakeScale(0, 1, 1), "no inverse: unchanged")
        #expect(Transform3DIsAffine(Transform3DMakeRotation(1, 0, 0, 1)) && !Transform3DIsAffine(perspective)
                && !Transform3DIsAffine(Transform3DMakeRotation(1, 0, 1, 0)))
    }

    @Test func componentsTakeATransformApartAndBackTogether() {
        var t = Transform3DMakeScale(2, 3, 0.5)
        t = Transform3DConcat(t, Transform3DMakeRotation(0.3, 1, 0, 0))
        t = Transform3DConcat(t, Transform3DMakeRotation(-0.7, 0, 1, 0))
        t = Transform3DConcat(t, Transform3DMakeRotation(1.1, 0, 0, 1))
        t = Transform3DConcat(t, Transform3DMakeTranslation(5, 6, 7))
        var p = Transform3DIdentity
        p.m34 = -1.0 / 400
        t = Transform3DConcat(t, p)
        let parts = Transform3DComponents(t)
        #expect(abs(parts.rotation.x - 0.3) < 1e-9 && abs(parts.rotation.y + 0.7) < 1e-9 && abs(parts.rotation.z - 1.1) < 1e-9,
                "\(parts.rotation)")
        #expect(Self.near(SIMD4(parts.scale, 0), SIMD4(2, 3, 0.5, 0)) && Self.near(SIMD4(parts.translation, 0), SIMD4(5, 6, 7, 0)))
        #expect(Self.near(parts.transform, t), "\(parts.transform) ≠ \(t)")
        let mirrored = Transform3DMakeScale(-1, 1, 1)
        #expect(Self.near(Transform3DComponents(mirrored).transform, mirrored), "a mirror keeps its handedness")
    }

    // MARK: transform.* key paths

    @Test(arguments: [false, true])
    func transformKeyPathsReadAndWriteParts(_ emitter: Bool) throws {
        let layer: Layer = emitter ? EmitterLayer() : Layer()
        var t = Transform3DIdentity
        t.m34 = -1.0 / 500
        layer.transform = t
        layer.setValue(CGFloat.pi / 3, forKeyPath: "transform.rotation.y")
        #expect(Self.near(layer.transform, Transform3DRotate(t, .pi / 3, 0, 1, 0)), "the perspective is kept: \(layer.transform)")
        #expect(abs((layer.value(forKeyPath: "transform.rotation.y") as? CGFloat ?? 0) - .pi / 3) < 1e-9)

        layer.transform = .identity
        layer.setValue(0.5, forKeyPath: "transform.rotation")
        #expect(abs((layer.value(forKeyPath: "transform.rotation.z") as? CGFloat ?? 0) - 0.5) < 1e-9, "rotation is rotation.z")
        layer.setValue(2, forKeyPath: "transform.scale")
        #expect(abs(layer.transform.m11 - 2 * cos(0.5)) < 1e-9, "scale then rotate: \(layer.transform)")
        layer.setValue(NSNumber(value: 5), forKeyPath: "transform.scale.x")
        #expect(abs((layer.value(forKeyPath: "transform.scale") as? CGFloat ?? 0) - 3) < 1e-9, "the mean of 5, 2, 2")
        layer.setValue(CGSize(width: 5, height: 6), forKeyPath: "transform.translation")
        layer.setValue(7, forKeyPath: "transform.translation.z")
        #expect(layer.transform.m41 == 5 && layer.transform.m42 == 6 && layer.transform.m43 == 7)
        #expect(layer.value(forKeyPath: "transform.translation") as? CGSize == CGSize(width: 5, height: 6))

        layer.setValue(CGFloat.pi, forKeyPath: "sublayerTransform.rotation.z")
        layer.setValue(12, forKeyPath: "zPosition")
        layer.setValue(3, forKeyPath: "anchorPointZ")
        layer.setValue(false, forKeyPath: "doubleSided")
        #expect(abs(layer.sublayerTransform.m11 + 1) < 1e-9 && layer.zPosition == 12 && layer.anchorPointZ == 3 && !layer.isDoubleSided)
        #expect(layer.value(forKeyPath: "transform") as? Transform3D == layer.transform)

        #expect(layer.keyValueDiagnostics.count == 0, "\(layer.keyValueDiagnostics)")
        let before = layer.transform
        #expect(throws: KeyPathError.unknownKey(keyPath: "transform.rotation.w", key: "transform.rotation.w")) {
            try layer.validateAndSetValue(1, forKeyPath: "transform.rotation.w")
        }
        layer.setValue("fast", forKeyPath: "transform.rotation.z")
        layer.setValue(Double.nan, forKeyPath: "transform.scale")
        #expect(layer.transform == before && layer.keyValueDiagnostics.count == 2, "bad values change nothing and are reported")
    }

    // MARK: Key-value container

    @Test(arguments: [false, true])
    func anyKeyIsStoredAndReturnedLikeCALayer(_ emitter: Bool) throws {
        let layer: Layer = emitter ? EmitterLayer() : Layer()
        #expect(layer.value(forKey: "lives") == nil, "a key never set reads nil")
        layer.setValue(3, forKey: "lives")
        layer.setValue("confetti", forKey: "kind")
        #expect(layer.value(forKey: "lives") as? Int == 3 && layer.value(forKey: "kind") as? String == "confetti")
        layer.setValue(nil, forKey: "kind")
        #expect(layer.value(forKey: "kind") == nil)
        #expect(layer.keyValueDiagnostics.count == 0, "storing arbitrary keys is not a failure: \(layer.keyValueDiagnostics)")
        // A likely typo of a property is reported and not stored; a dotted unknown path too.
        layer.setValue(0.5, forKey: "opactiy")
        layer.setValue(1, forKeyPath: "lives.count")
        #expect(layer.value(forKey: "opactiy") == nil && layer.opacity == 1)
        #expect(layer.keyValueDiagnostics.count == 3, "two failed sets and one failed read: \(layer.keyValueDiagnostics)")
        // Stored keys are animatable.
        let glow = BasicAnimation(keyPath: "glow")
        glow.fromValue = 0
        glow.toValue = 10
        glow.duration = 1
        layer.setValue(0.0, forKey: "glow")
        layer.add(glow, forKey: "glow")
        _ = layer.presentationLayer(at: 100)
        let half = layer.presentationLayer(at: 100.5).value(forKey: "glow") as? Double
        #expect(half == 5, "an arbitrary key animated half way: \(half ?? -1)")
        #expect(layer.value(forKey: "glow") as? Double == 0, "the model value is unchanged")
    }

    /// A subclass's own property, declared in `keyPaths` (what `@objc dynamic` gives a `CALayer`
    /// subclass): set and read by key with number conversions, typo-checked, animated, and
    /// presented on a copy of the subclass.
    final class GaugeLayer: Layer, @unchecked Sendable {
        var level: CGFloat = 0
        var label: String?
        override class var keyPaths: [String: LayerKeyPath] {
            super.keyPaths.merging(["level": .number(\GaugeLayer.level), "label": .optional(\GaugeLayer.label)]) { a, _ in a }
        }
        override init() { super.init() }
        override init(layer: Any) {
            super.init(layer: layer)
            level = (layer as? GaugeLayer)?.level ?? 0
            label = (layer as? GaugeLayer)?.label
        }
        required init?(coder: NSCoder) { super.init(coder: coder) }
        override func presentationCopy() -> Layer { GaugeLayer(layer: self) }
    }

    @Test func aSubclassDeclaresItsPropertiesAsKeys() throws {
        let gauge = GaugeLayer()
        gauge.setValue(NSNumber(value: 3), forKey: "level")
        gauge.setValue("fuel", forKey: "label")
        #expect(gauge.level == 3 && gauge.label == "fuel" && gauge.storedValues.isEmpty, "set, not stored")
        #expect(gauge.value(forKey: "level") as? CGFloat == 3 && gauge.value(forKey: "label") as? String == "fuel")
        #expect(throws: KeyPathError.self) { try gauge.validateAndSetValue("full", forKeyPath: "level") }
        gauge.setValue(2, forKey: "levle")                                   // a typo of the subclass's key
        #expect(gauge.level == 3 && gauge.value(forKey: "levle") == nil, "a typo is reported, not stored")
        gauge.setValue(0.5, forKey: "opacity")
        #expect(gauge.opacity == 0.5, "Layer's own keys still work")
        let rise = BasicAnimation()                                          // key as key path
        rise.fromValue = 0
        rise.toValue = 10
        rise.duration = 2
        gauge.add(rise, forKey: "level")
        _ = gauge.presentationLayer(at: 50)
        let p = gauge.presentationLayer(at: 51)
        #expect(p is GaugeLayer && (p as? GaugeLayer)?.level == 5, "half way: \((p as? GaugeLayer)?.level ?? -1)")
        #expect(p.value(forKey: "label") as? String == "fuel" && p.opacity == 0.5, "the rest of the model is presented")
        #expect(gauge.level == 3, "the model value is unchanged")
        // A plain layer has no such key: "level" is stored there, as any key.
        let plain = Layer()
        plain.setValue(4, forKey: "level")
        #expect(plain.value(forKey: "level") as? Int == 4)
    }

    // MARK: Animations on every layer

    @Test func aPlainLayerAnimatesItsOpacityAndTransform() {
        let layer = Layer()
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 2
        layer.add(fade, forKey: "fade")
        let spin = BasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi / 2
        spin.duration = 1
        spin.repeatCount = .infinity
        spin.isCumulative = true
        layer.add(spin, forKey: "spin")
        _ = layer.presentationLayer(at: 10)
        let p = layer.presentationLayer(at: 11.5)
        #expect(p.opacity == 0.25, "opacity at 1.5 of 2 s: \(p.opacity)")
        // Cycle 1 (from 1 s) starts at π/2: at 1.5 s, π/2 + π/4.
        #expect(Self.near(p.transform, Transform3DMakeRotation(0.75 * .pi, 0, 0, 1)), "\(p.transform)")
        let later = layer.presentationLayer(at: 10 + 1000.25)
        #expect(Self.near(later.transform, Transform3DMakeRotation(1000.125 * .pi, 0, 0, 1), 1e-6),
                "1000 cycles on, still turning: \(later.transform)")
        #expect(layer.animationKeys() == ["spin"], "the fade finished; the infinite spin never does: \(layer.animationKeys())")
        #expect(layer.opacity == 1 && layer.transform == .identity, "the model is unchanged")
    }

    /// Each `transform.*` key path of the Core Animation Programming Guide's key-value appendix
    /// animates on its own: half way through a 1 s animation from `from` to `to`, the presented
    /// transform of a layer whose model transform is the identity is the half-way component.
    @Test(arguments: [
        ("transform.rotation.x", 0.0, Double.pi / 2, Transform3DMakeRotation(.pi / 4, 1, 0, 0)),
        ("transform.rotation.y", 0.0, Double.pi / 2, Transform3DMakeRotation(.pi / 4, 0, 1, 0)),
        ("transform.rotation.z", 0.0, Double.pi / 2, Transform3DMakeRotation(.pi / 4, 0, 0, 1)),
        ("transform.rotation", 0.0, Double.pi / 2, Transform3DMakeRotation(.pi / 4, 0, 0, 1)),
        ("transform.scale", 1.0, 3.0, Transform3DMakeScale(2, 2, 2)),
        ("transform.scale.x", 1.0, 3.0, Transform3DMakeScale(2, 1, 1)),
        ("transform.scale.y", 1.0, 3.0, Transform3DMakeScale(1, 2, 1)),
        ("transform.scale.z", 1.0, 3.0, Transform3DMakeScale(1, 1, 2)),
        ("transform.translation.x", 0.0, 40.0, Transform3DMakeTranslation(20, 0, 0)),
        ("transform.translation.y", 0.0, 40.0, Transform3DMakeTranslation(0, 20, 0)),
        ("transform.translation.z", 0.0, 40.0, Transform3DMakeTranslation(0, 0, 20)),
    ])
    func eachTransformKeyPathAnimates(_ keyPath: String, _ from: Double, _ to: Double, _ half: Transform3D) {
        let layer = Layer()
        let animation = BasicAnimation(keyPath: keyPath)
        animation.fromValue = from
        animation.toValue = to
        animation.duration = 1
        layer.add(animation, forKey: "a")
        _ = layer.presentationLayer(at: 0)
        let p = layer.presentationLayer(at: 0.5)
        #expect(Self.near(p.transform, half), "\(keyPath) half way: \(p.transform), want \(half)")
        #expect(layer.transform == .identity, "the model is unchanged")
    }

    /// `transform.translation` takes a size (x, y); cumulative and repeating forever, cycle n
    /// starts where cycle n − 1 ended.
    @Test func translationAnimatesBySizeAndCumulatively() {
        let layer = Layer()
        let slide = BasicAnimation(keyPath: "transform.translation")
        slide.fromValue = CGSize(width: 0, height: 0)
        slide.toValue = CGSize(width: 40, height: -20)
        slide.duration = 1
        slide.repeatCount = .infinity
        slide.isCumulative = true
        layer.add(slide, forKey: "slide")
        _ = layer.presentationLayer(at: 0)
        let half = layer.presentationLayer(at: 0.5).transform
        #expect(Self.near(half, Transform3DMakeTranslation(20, -10, 0)), "half way: \(half)")
        // Cycle 2 (from 2 s) starts at 2 × (40, −20): at 2.5 s, (100, −50).
        let later = layer.presentationLayer(at: 2.5).transform
        #expect(Self.near(later, Transform3DMakeTranslation(100, -50, 0)), "cycle 2: \(later)")
        let scale = BasicAnimation(keyPath: "transform.scale.x")
        scale.fromValue = 1
        scale.toValue = 2
        scale.duration = 1
        scale.repeatCount = .infinity
        scale.isCumulative = true
        let other = Layer()
        other.add(scale, forKey: "grow")
        _ = other.presentationLayer(at: 0)
        // Cumulative: cycle n adds n × (to − from) = n to the value: at 2.5 s, 1.5 + 2.
        let grown = other.presentationLayer(at: 2.5).transform
        #expect(Self.near(grown, Transform3DMakeScale(3.5, 1, 1)), "scale.x, cycle 2: \(grown)")
    }

    @Test func additiveAnimationsAddToTheModelValue() {
        // `isAdditive`: "the value specified by the animation is added to the current render tree
        // value"; a transform adds by concatenation.
        let layer = Layer()
        layer.position = CGPoint(x: 100, y: 50)
        layer.transform = Transform3DMakeTranslation(10, 0, 0)
        let nudge = BasicAnimation(keyPath: "position.x")
        nudge.fromValue = 0
        nudge.toValue = 20
        nudge.duration = 1
        nudge.isAdditive = true
        layer.add(nudge, forKey: "nudge")
        let turn = BasicAnimation(keyPath: "transform")
        turn.fromValue = Transform3DIdentity
        turn.toValue = Transform3DMakeRotation(.pi / 2, 0, 0, 1)
        turn.duration = 1
        turn.isAdditive = true
        layer.add(turn, forKey: "turn")
        _ = layer.presentationLayer(at: 0)
        let p = layer.presentationLayer(at: 0.5)
        #expect(p.position.x == 110, "100 + half of 20: \(p.position.x)")
        let want = Transform3DConcat(Transform3DMakeRotation(.pi / 4, 0, 0, 1), Transform3DMakeTranslation(10, 0, 0))
        #expect(Self.near(p.transform, want), "\(p.transform)")
    }

    @Test func aWholeTransformAnimatesByItsParts() {
        let layer = Layer()
        let turn = BasicAnimation(keyPath: "transform")
        turn.fromValue = Transform3DIdentity
        turn.toValue = Transform3DConcat(Transform3DMakeRotation(.pi / 2, 0, 1, 0), Transform3DMakeTranslation(100, 0, 0))
        turn.duration = 1
        layer.add(turn, forKey: nil)
        _ = layer.presentationLayer(at: 0)
        let half = layer.presentationLayer(at: 0.5).transform
        let want = Transform3DConcat(Transform3DMakeRotation(.pi / 4, 0, 1, 0), Transform3DMakeTranslation(50, 0, 0))
        #expect(Self.near(half, want), "half way: \(half)")
        // Between turns about different axes: the shorter great-circle turn (quaternion slerp),
        // whose half way is the turn of half the angle about the mean axis.
        let tilt = BasicAnimation(keyPath: "transform")
        tilt.fromValue = Transform3DMakeRotation(.pi / 2, 1, 0, 0)
        tilt.toValue = Transform3DMakeRotation(.pi / 2, 0, 1, 0)
        tilt.duration = 1
        let other = Layer()
        other.add(tilt, forKey: nil)
        _ = other.presentationLayer(at: 0)
        let mid = other.presentationLayer(at: 0.5).transform
        // slerp(q_x(90°), q_y(90°), ½) ∝ q_x + q_y = (s, s, 0, 2c), s = c = 1/√2: w = 2c / √(s² + s² + 4c²)
        // = √(2/3), a turn of 2·acos √(2/3) (70.5°) about (1, 1, 0).
        let angle = 2 * acos((2.0 / 3).squareRoot())
        #expect(Self.near(mid, Transform3DMakeRotation(CGFloat(angle), 1, 1, 0)), "half way between x and y turns: \(mid)")
    }

    @Test func anAnimationWithoutAKeyPathAnimatesItsKey() {
        // The confetti recipe: `let a = CABasicAnimation(); …; emitter.add(a, forKey: "birthRate")`.
        let layer = EmitterLayer()
        layer.birthRate = 0
        let burst = BasicAnimation()
        burst.fromValue = 10
        burst.toValue = 0
        burst.duration = 1
        burst.fillMode = .forwards
        burst.isRemovedOnCompletion = false
        layer.add(burst, forKey: "birthRate")
        #expect(layer.animation(forKey: "birthRate")?.keyPath == "birthRate")
        #expect(burst.keyPath.isEmpty, "the caller's object is not changed")
        _ = layer.presentation(at: 0)
        #expect(layer.presentation(at: 0.25).birthRate == 7.5)
        #expect(layer.presentation(at: 5).birthRate == 0)
        let sim = ReferenceSimulator(layer: layer)
        #expect(throws: Never.self) { try sim.advance(to: 0.5) }
        #expect(!sim.diagnostics.contains { $0.effect == .ignored }, "nothing ignored: \(sim.diagnostics)")
    }

    // MARK: Transaction

    @Test func transactionDurationAndCompletion() {
        let layer = EmitterLayer()
        var done = 0
        Transaction.begin()
        Transaction.setAnimationDuration(2)
        Transaction.setDisableActions(true)
        #expect(Transaction.disableActions() && Transaction.animationDuration() == 2)
        Transaction.setCompletionBlock { done += 1 }
        let unset = BasicAnimation(keyPath: "birthRate")
        unset.toValue = 0
        let set = BasicAnimation(keyPath: "velocity")
        set.toValue = 0
        set.duration = 0.5
        layer.add(unset, forKey: "a")
        layer.add(set, forKey: "b")
        Transaction.commit()
        #expect(layer.animation(forKey: "a")?.duration == 2, "a duration never set takes the transaction's")
        #expect(layer.animation(forKey: "b")?.duration == 0.5, "a set duration is kept")
        #expect(done == 0, "the completion waits for the animations")
        _ = layer.presentation(at: 10)
        _ = layer.presentation(at: 10.6)
        #expect(done == 0, "one animation is still running")
        _ = layer.presentation(at: 12.1)
        #expect(done == 1, "both stopped: the completion ran once")
        _ = layer.presentation(at: 20)
        #expect(done == 1)

        // No animation: the completion runs at commit. Outside a transaction: the defaults.
        Transaction.begin()
        Transaction.setCompletionBlock { done += 10 }
        Transaction.commit()
        #expect(done == 11)
        #expect(Transaction.animationDuration() == 0.25 && !Transaction.disableActions())
        let plain = BasicAnimation(keyPath: "birthRate")
        layer.add(plain, forKey: "c")
        #expect(layer.animation(forKey: "c")?.duration == 0.25)

        // The timing function: an animation without one takes the transaction's; one with its own
        // keeps it; the value reads back inside the transaction only, and it changes the values.
        Transaction.begin()
        Transaction.setAnimationTimingFunction(TimingFunction(name: .easeIn))
        #expect(Transaction.animationTimingFunction() == TimingFunction(name: .easeIn))
        let eased = BasicAnimation(keyPath: "birthRate")
        eased.fromValue = 0
        eased.toValue = 100
        eased.duration = 1
        let own = BasicAnimation(keyPath: "velocity")
        own.timingFunction = TimingFunction(name: .linear)
        let timed = EmitterLayer()
        timed.add(eased, forKey: "e")
        timed.add(own, forKey: "f")
        Transaction.commit()
        #expect(Transaction.animationTimingFunction() == nil)
        #expect(timed.animation(forKey: "e")?.timingFunction == TimingFunction(name: .easeIn))
        #expect(timed.animation(forKey: "f")?.timingFunction == TimingFunction(name: .linear))
        _ = timed.presentation(at: 50)
        let half = timed.presentation(at: 50.5).birthRate
        #expect(half > 0 && half < 40, "ease-in is slow at first: \(half) at half-way, not 50")

        // Nested: the outer completion waits for the inner transaction's animation; a removed
        // animation counts as stopped.
        Transaction.begin()
        Transaction.setCompletionBlock { done += 100 }
        Transaction.begin()
        layer.add(plain, forKey: "d")
        Transaction.commit()
        Transaction.commit()
        #expect(done == 11)
        layer.removeAnimation(forKey: "d")
        _ = layer.presentation(at: 30)
        #expect(done == 111)
    }

    // MARK: NSObject and CALayer surface

    final class Watched: Layer, @unchecked Sendable {
        var frames: [CGRect] = []
        override var frame: CGRect { didSet { frames.append(frame) } }
    }
    final class WatchedEmitter: EmitterLayer, @unchecked Sendable {
        var widths: [CGFloat] = []
        override var frame: CGRect { didSet { widths.append(frame.width) } }
    }

    @Test func frameIsOverridableAndIsKindOfWorks() {
        let w = Watched()
        w.frame = CGRect(x: 1, y: 2, width: 3, height: 4)
        w.setValue(CGRect(x: 0, y: 0, width: 10, height: 10), forKeyPath: "frame")
        #expect(w.frames == [CGRect(x: 1, y: 2, width: 3, height: 4), CGRect(x: 0, y: 0, width: 10, height: 10)])
        #expect(w.bounds.size == CGSize(width: 10, height: 10), "super's setter still runs")
        let e = WatchedEmitter()
        e.frame = CGRect(x: 0, y: 0, width: 320, height: 10)
        #expect(e.widths == [320])

        let layers: [Layer] = [Layer(), EmitterLayer(), w, e]
        #expect(layers.map { $0.isKind(of: EmitterLayer.self) } == [false, true, false, true])
        #expect(layers.allSatisfy { $0.isKind(of: Layer.self) })
        #expect(layers.map { $0.isMember(of: EmitterLayer.self) } == [false, true, false, false])
        #expect(e.isKind(of: WatchedEmitter.self) && !w.isKind(of: WatchedEmitter.self))
    }

    @Test func contentsFilterNamesAsOnIOS() {
        let cell = EmitterCell()
        cell.magnificationFilter = CALayerContentsFilter.nearest.rawValue      // Swift 4.2+ iOS code
        cell.minificationFilter = "trilinear"                                  // a string literal
        #expect(cell.magnificationFilter == .nearest && cell.minificationFilter == .trilinear)
        cell.minificationFilter = kCAFilterLinear
        cell.setValue("nearest", forKeyPath: "minificationFilter")
        #expect(cell.minificationFilter == .nearest)
        cell.setValue("blurry", forKeyPath: "minificationFilter")
        #expect(cell.minificationFilter == .nearest && cell.keyValueDiagnostics.count == 1, "an unknown name is reported")
        #expect(ContentsFilter(stringLiteral: "blurry") == .linear, "an unknown literal: Core Animation's default")
    }

    @Test func typedKeyPathsNameTheGeometry() {
        #expect(BasicAnimation(keyPath: \EmitterLayer.transform).keyPath == "transform")
        #expect(EmitterLayer.keyPathString(\EmitterLayer.zPosition) == "zPosition")
    }

    @Test func geometryAndStoredKeysSurviveCopies() {
        let layer = EmitterLayer()
        layer.transform = Transform3DMakeRotation(1, 0, 1, 0)
        layer.sublayerTransform = Transform3DMakeScale(2, 2, 2)
        layer.zPosition = 3
        layer.anchorPointZ = 4
        layer.isDoubleSided = false
        layer.setValue("gold", forKey: "theme")
        for copy in [layer.copy(), EmitterLayer(layer: layer), Layer(layer: layer)] as [Layer] {
            #expect(copy.transform == layer.transform && copy.sublayerTransform == layer.sublayerTransform
                    && copy.zPosition == 3 && copy.anchorPointZ == 4 && !copy.isDoubleSided
                    && copy.value(forKey: "theme") as? String == "gold", "\(type(of: copy))")
        }
    }
}

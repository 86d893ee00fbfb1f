import Foundation
import Testing
@testable import Plume

/// The layer model of issue 27 (items 2 and 4), each test written from Apple's documentation:
/// `CATransform3D` and its functions, the `transform.*` key paths (Programming Guide, "Key-Value
/// Coding Extensions"), `CALayer` as a key-value container, animations on any layer, key as key
/// path, `CATransaction`, `isKind(of:)`, an overridable `frame`, contents-filter names.
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

    // MARK: Composition in a scene

    @Test func aSceneComposesTransformsAsCoreAnimationDoes() throws {
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: 400, height: 300)
        let container = Layer()
        container.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
        container.position = CGPoint(x: 200, y: 150)
        container.transform = Transform3DMakeRotation(.pi / 2, 0, 0, 1)
        container.sublayerTransform = Transform3DMakeScale(2, 2, 1)
        let emitter = EmitterLayer()
        emitter.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        emitter.position = CGPoint(x: 110, y: 50)
        emitter.anchorPoint = .zero
        container.addSublayer(emitter)
        root.addSublayer(container)
        let scene = ParticleScene(root: root) { ReferenceSimulator(layer: $0) }
        try scene.advance(to: 0)
        let item = try #require(scene.items.first)
        // The emitter's (10, 0): + position (110, 50) = (120, 50) in the container; scaled 2 about
        // the container's anchor (100, 50): (140, 50); − anchor (40, 0), turned 90° clockwise:
        // (0, 40); + position (200, 150) = (200, 190).
        #expect(Self.near(item.transform.apply(x: 10, y: 0), SIMD4(200, 190, 0, 1)), "\(item.transform.apply(x: 10, y: 0))")
    }

    @Test func anchorPointZIsWhatTheTransformTurnsAbout() throws {
        // `anchorPointZ`: "the anchor point on the z axis around which geometric manipulations
        // occur"; (anchorPoint, anchorPointZ) sits at (position, zPosition).
        let root = Layer()
        let emitter = EmitterLayer()
        emitter.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        emitter.position = CGPoint(x: 200, y: 100)
        emitter.anchorPointZ = 50
        emitter.zPosition = 10
        emitter.transform = Transform3DMakeRotation(.pi / 2, 0, 1, 0)
        root.addSublayer(emitter)
        let scene = ParticleScene(root: root) { ReferenceSimulator(layer: $0) }
        try scene.advance(to: 0)
        let m = try #require(scene.items.first).transform
        // The anchor (50, 50, 50) lands on (200, 100, 10); (50, 50, 0) is 50 behind it, turned
        // 90° about y: (0, 0, −50) · Ry = (−50, 0, 0).
        #expect(Self.near(m.apply(x: 50, y: 50, z: 50), SIMD4(200, 100, 10, 1)))
        #expect(Self.near(m.apply(x: 50, y: 50, z: 0), SIMD4(150, 100, 10, 1)), "\(m.apply(x: 50, y: 50, z: 0))")
    }

    @Test func aContainersBadAnimationIsReportedByTheScene() throws {
        let root = Layer()
        let container = Layer()
        root.addSublayer(container)
        let bad = BasicAnimation(keyPath: "transform.rotation.q")
        bad.toValue = 1
        container.add(bad, forKey: "turn")
        let scene = ParticleScene(root: root) { ReferenceSimulator(layer: $0) }
        try scene.advance(to: 0)
        #expect(scene.diagnostics.map(\.keyPath) == ["transform.rotation.q"], "\(scene.diagnostics)")
    }

    @Test func badGeometryIsReportedAndDrawnAsTheDefault() throws {
        let layer = EmitterLayer()
        layer.transform.m11 = .nan
        layer.sublayerTransform.m34 = 1e300
        layer.zPosition = .infinity
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 0)
        let reported = Set(sim.diagnostics.map(\.keyPath))
        #expect(reported.isSuperset(of: ["transform", "sublayerTransform", "zPosition"]), "\(reported)")
        #expect(sim.appearance.transform == .identity && sim.appearance.sublayerTransform == .identity
                && sim.appearance.zPosition == 0)
        #expect(Transform3DComponents(layer.transform) == Transform3DComponents(), "a non-finite transform has the identity's parts")
        // A perspective that puts the layer behind the eye: not drawn single sided, never a crash.
        var behind = Transform3DIdentity
        behind.m34 = -1          // the eye 1 point in front; the layer moved 5 points towards it
        let look = LayerAppearance(opacity: 1, isHidden: false, masksToBounds: true, bounds: CGRect(x: 0, y: 0, width: 10, height: 10),
                                   frame: .zero)
        #expect(!look.showsFront(placedBy: Transform3DTranslate(behind, 0, 0, 5)))
        #expect(look.boundsBox(placedBy: Transform3DTranslate(behind, 0, 0, 5)) == nil)
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

    @Test func siblingsDrawInOrderOfZPosition() throws {
        // `CALayer.zPosition`: "Changing the value of this property changes the front-to-back
        // ordering of layers onscreen" (higher is nearer the viewer: drawn later).
        let root = Layer()
        let (a, b, c) = (EmitterLayer(), EmitterLayer(), EmitterLayer())
        (a.name, b.name, c.name) = ("a", "b", "c")
        a.zPosition = 5
        [a, b, c].forEach(root.addSublayer)
        let scene = ParticleScene(root: root) { ReferenceSimulator(layer: $0) }
        try scene.advance(to: 0)
        #expect(scene.items.map(\.layer.name) == ["b", "c", "a"], "\(scene.items.map(\.layer.name))")
    }

    /// `CATransformLayer` ("transform layers do not flatten their sublayers into the plane at
    /// Z=0"): an emitter layer's `zPosition` inside a transform layer turned a quarter about y moves
    /// it across the picture, where a plain layer flattens it away; sublayers draw back to front by
    /// their depth; the transform layer's opacity "is applied to each sublayer individually" (no
    /// group), and `masksToBounds` is ignored.
    @Test func aTransformLayerKeepsItsSublayersDepth() throws {
        func scene(_ container: Layer, turn: CGFloat, depths: [CGFloat], nested: Bool = false) throws -> [ParticleScene.Item] {
            let root = Layer()
            container.position = CGPoint(x: 100, y: 100)
            container.transform = Transform3DMakeRotation(turn, 0, 1, 0)
            container.opacity = 0.5
            container.masksToBounds = true
            if nested {                                 // under a plain layer, which flattens it
                let outer = Layer()
                outer.position = CGPoint(x: 10, y: 10)
                root.addSublayer(outer)
                outer.addSublayer(container)
            } else {
                root.addSublayer(container)
            }
            for (i, z) in depths.enumerated() {
                let e = EmitterLayer()
                e.name = "e\(i)"
                e.zPosition = z
                container.addSublayer(e)
            }
            let scene = ParticleScene(root: root) { ReferenceSimulator(layer: $0) }
            try scene.advance(to: 0)
            return scene.items
        }
        func origin(_ item: ParticleScene.Item) -> SIMD4<Double> { item.transform.apply(x: 0, y: 0) }
        // A quarter turn about y takes +z to +x: the depth 50 lands 50 points right of the centre.
        let deep = try scene(TransformLayer(), turn: .pi / 2, depths: [50])
        let flat = try scene(Layer(), turn: .pi / 2, depths: [50])
        #expect(abs(origin(deep[0]).x - 150) < 1e-9 && abs(origin(flat[0]).x - 100) < 1e-9,
                "kept depth \(origin(deep[0])), flattened \(origin(flat[0]))")
        // Half a turn: the layer in front (z 20) goes behind, and draws first.
        let turned = try scene(TransformLayer(), turn: .pi, depths: [20, -20])
        #expect(turned.map(\.layer.name) == ["e0", "e1"], "back to front: \(turned.map(\.layer.name))")
        #expect(try scene(Layer(), turn: .pi, depths: [20, -20]).map(\.layer.name) == ["e1", "e0"], "a plain layer: zPosition order")
        #expect(try scene(TransformLayer(), turn: 0, depths: [20, -20]).map(\.layer.name) == ["e1", "e0"])
        // Under a layer that flattens it, the depth is the one in that layer's space (before it
        // flattens): in the root's, every sublayer's is 0.
        #expect(try scene(TransformLayer(), turn: .pi, depths: [20, -20], nested: true).map(\.layer.name) == ["e0", "e1"])
        #expect(try scene(TransformLayer(), turn: 0, depths: [20, -20], nested: true).map(\.layer.name) == ["e1", "e0"])
        #expect(turned.allSatisfy { $0.groups.isEmpty && $0.opacityInGroup == 0.5 && $0.clip == nil },
                "no group, no clip: \(turned.map { ($0.groups, $0.opacityInGroup, $0.clip) })")
        #expect(TransformLayer().presentationLayer(at: 0) is TransformLayer)
    }

    /// Group opacity (`CALayer.allowsGroupOpacity`, on by default since iOS 7): a faded layer with
    /// more than one emitter layer below it is a group; one with a single emitter layer fades that
    /// layer's own image; a fully transparent layer is no group (nothing under it shows).
    @Test func fadedLayersOverSeveralEmittersAreGroups() throws {
        let root = Layer(), a = Layer(), b = Layer(), c = Layer(), hidden = Layer()
        let (e1, e2, e3, e4, e5) = (EmitterLayer(), EmitterLayer(), EmitterLayer(), EmitterLayer(), EmitterLayer())
        (e1.name, e2.name, e3.name, e4.name, e5.name) = ("e1", "e2", "e3", "e4", "e5")
        (a.opacity, b.opacity, c.opacity, hidden.opacity, e1.opacity) = (0.5, 0.5, 0.25, 0, 0.8)
        root.addSublayer(a)
        a.addSublayer(e1)
        a.addSublayer(b)
        b.addSublayer(e2)
        root.addSublayer(c)
        c.addSublayer(e3)
        root.addSublayer(hidden)
        hidden.addSublayer(e4)
        hidden.addSublayer(e5)
        let scene = ParticleScene(root: root) { ReferenceSimulator(layer: $0) }
        try scene.advance(to: 0)
        let items = Dictionary(uniqueKeysWithValues: scene.items.map { ($0.layer.name!, $0) })
        let id = ObjectIdentifier(a)
        #expect(items["e1"]?.groups == [.init(layer: id, opacity: 0.5)] && items["e1"]?.opacityInGroup == 0.8,
                "e1 fades inside a's group: \(String(describing: items["e1"]))")
        #expect(items["e2"]?.groups == [.init(layer: id, opacity: 0.5)] && items["e2"]?.opacityInGroup == 0.5,
                "b holds one emitter: its fade is e2's own")
        #expect(items["e3"]?.groups == [] && items["e3"]?.opacityInGroup == 0.25 && items["e3"]?.opacity == 0.25,
                "c holds one emitter: no group")
        #expect(items["e4"]?.groups == [] && items["e4"]?.opacityInGroup == 0 && items["e4"]?.opacity == 0,
                "a transparent layer is no group")
        // allowsGroupOpacity false (set by key as ported code may): a is no group; its fade goes
        // into each layer's own.
        a.setValue(false, forKey: "allowsGroupOpacity")
        #expect(!a.allowsGroupOpacity && !Layer(layer: a).allowsGroupOpacity, "set by key, copied")
        let ungrouped = Dictionary(uniqueKeysWithValues: scene.items.map { ($0.layer.name!, $0) })
        #expect(ungrouped["e1"]?.groups == [] && ungrouped["e1"]?.opacityInGroup == 0.4,
                "e1 fades by a's 0.5 and its own 0.8: \(String(describing: ungrouped["e1"]))")
        #expect(ungrouped["e2"]?.groups == [] && ungrouped["e2"]?.opacityInGroup == 0.25)
    }
}

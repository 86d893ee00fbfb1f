import Foundation
import Testing
@testable import Plume

/// Layers composed in a scene (issue 27 items 1 and 2), each from Apple's documentation: transforms,
/// sublayer transforms and `anchorPointZ` composed as Core Animation composes them, bad geometry
/// reported, siblings ordered by `zPosition`, `CATransformLayer`'s true 3-D, and group opacity
/// (`allowsGroupOpacity`).
struct LayerSceneTests {
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
        #expect(LayerModelTests.near(item.transform.apply(x: 10, y: 0), SIMD4(200, 190, 0, 1)), "\(item.transform.apply(x: 10, y: 0))")
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
        #expect(LayerModelTests.near(m.apply(x: 50, y: 50, z: 50), SIMD4(200, 100, 10, 1)))
        #expect(LayerModelTests.near(m.apply(x: 50, y: 50, z: 0), SIMD4(150, 100, 10, 1)), "\(m.apply(x: 50, y: 50, z: 0))")
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

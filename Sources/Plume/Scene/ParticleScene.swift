import Foundation

/// Several emitter layers composed in one picture: a tree of ``Layer``s (the stand-in for a
/// view's layer and its sublayers) with one simulator per ``EmitterLayer`` in it.
///
/// ```swift
/// let root = Layer()                               // view.layer
/// root.bounds = CGRect(x: 0, y: 0, width: 320, height: 480)
/// root.addSublayer(snow)                           // snow.frame = root.bounds
/// root.addSublayer(fire)
/// let scene = ParticleScene(root: root) { try GPUSimulator(layer: $0, context: context) }
/// try scene.advance(to: CACurrentMediaTime())
/// try renderer.draw(scene, viewProjection: .layer(width: 320, height: 480))
/// ```
///
/// **When layers start.** An emitter layer gets its simulator at the first ``advance(to:)`` that
/// finds it in the tree, so it starts then (Semantics §8 "When a layer starts": added to the tree =
/// started). A layer removed from the tree loses its simulator (and its particles); added again,
/// it starts afresh, as on iOS.
///
/// **Drawing order** (``items``): depth first, a layer before its sublayers, sublayers in order of
/// `zPosition` (higher on top, as in Core Animation; a ``TransformLayer``'s by depth), array order
/// among equal ones. Each item carries the layer's placement in the root's coordinates (the sum of
/// `frame.origin − bounds.origin` along the path, and the 3-D ``Item/transform`` made of every
/// `transform`, `sublayerTransform`, `anchorPointZ` and `zPosition` on the path, composed as Core
/// Animation does: `LayerGeometry.swift`), the product of the opacities on the path, and the clip
/// of every `masksToBounds` layer on the path. A hidden layer hides its subtree; so does a layer
/// with `isDoubleSided = false` whose back faces the viewer. Plain layers' animations (a
/// container's `transform.rotation.z`) are presented at the host time of the last ``advance(to:)``.
/// **Group opacity.** A faded layer whose subtree holds more than one emitter layer is a group
/// (``Item/groups``): as Core Animation does by default (`allowsGroupOpacity`), the renderer
/// composites the subtree into one image and fades that, so where its layers' particles overlap
/// the lower ones do not show through the upper. A faded layer with one emitter layer below it
/// fades that layer's own image instead (the same picture, ``Item/opacity``). A layer with
/// ``Layer/allowsGroupOpacity`` false is never a group: each layer below fades on its own.
///
/// **True 3-D.** A ``TransformLayer`` does not flatten its sublayers: their depth goes on into its
/// 3-D context (the space of the nearest layer above that flattens, or the root's), they draw back
/// to front by it, its opacity fades each on its own and it clips nothing.
///
/// **Budget.** With ``limits`` set, the scene's ``SimulationLimits/maxParticles`` is shared
/// equally by the emitter layers in the tree at each ``advance(to:)`` (each simulator's
/// ``ParticleSimulator/limits`` is set to its share): a layer added to the tree shrinks the others'
/// shares (their newest particles beyond it go, counted as dropped), one removed grows them.
public final class ParticleScene {
    /// The root of the tree; its own coordinate space is the picture's.
    public let root: Layer
    private let makeSimulator: (EmitterLayer) throws -> ParticleSimulator
    private var simulators: [ObjectIdentifier: (layer: EmitterLayer, simulator: ParticleSimulator)] = [:]
    /// The scene's budget, shared by its emitter layers; nil (the default): each simulator keeps
    /// the limits it was made with.
    public var limits: SimulationLimits?

    /// A scene over the layer tree under `root`; simulators are made as emitter layers appear.
    /// - Parameters:
    ///   - root: the layer tree; its emitter layers, at any depth, get a simulator each.
    ///   - makeSimulator: makes the simulator of an emitter layer when it first appears in
    ///     the tree (for instance `{ try GPUSimulator(layer: $0, context: context) }` or
    ///     `{ ReferenceSimulator(layer: $0) }`).
    public init(root: Layer, makeSimulator: @escaping (EmitterLayer) throws -> ParticleSimulator) {
        self.root = root
        self.makeSimulator = makeSimulator
    }

    /// The simulator of an emitter layer in the tree, after the first ``advance(to:)`` that saw it.
    public func simulator(for layer: EmitterLayer) -> ParticleSimulator? {
        simulators[ObjectIdentifier(layer)]?.simulator
    }

    /// Lays out the tree, starts simulators for emitter layers new in it, drops those of layers
    /// no longer in it, and advances every simulator to `hostTime` (in drawing order).
    /// - Throws: what a simulator's creation or `advance` throws (GL failures).
    public func advance(to hostTime: TimeInterval) throws {
        root.layoutIfNeeded()
        presentedTime = hostTime
        settlePlainLayers(root, at: hostTime)
        var present = Set<ObjectIdentifier>()
        let layers = emitterLayers()
        let share = limits.map {
            SimulationLimits(maxParticlesPerCell: $0.maxParticlesPerCell, maxParticles: $0.maxParticles / max(layers.count, 1))
        }
        for layer in layers {
            let id = ObjectIdentifier(layer)
            present.insert(id)
            if simulators[id] == nil { simulators[id] = (layer, try makeSimulator(layer)) }
            if let share, let simulator = simulators[id]?.simulator, simulator.limits != share { simulator.limits = share }
            try simulators[id]?.simulator.advance(to: hostTime)
        }
        simulators = simulators.filter { present.contains($0.key) }
    }

    /// Restarts every emitter layer of the scene (``ParticleSimulator/reset()`` on each simulator):
    /// the next ``advance(to:)`` starts them all afresh, as when they were first added. Reset one
    /// layer with `scene.simulator(for: layer)?.reset()`.
    /// - Throws: what a simulator's `reset` throws (a GPU simulator without its context current).
    public func reset() throws {
        for entry in simulators.values { try entry.simulator.reset() }
    }

    /// One emitter layer to draw: where, how opaque, clipped to what.
    public struct Item {
        /// The emitter layer.
        public var layer: EmitterLayer
        /// Its simulator, made by the scene's `makeSimulator` when the layer first appeared.
        public var simulator: ParticleSimulator
        /// Added to the layer's own coordinates to get the root's.
        public var offset: CGPoint
        /// Product of the (presented) opacities from the root to the layer, in [0, 1].
        public var opacity: Float
        /// Intersection of the bounds of the `masksToBounds` layers on the path, in the root's
        /// coordinates; nil when nothing clips. A layer turned or seen in perspective clips to
        /// the smallest rectangle holding its bounds' corners.
        public var clip: CGRect?
        /// The layer's own space → the root's, with every transform on the path
        /// (`LayerGeometry.swift`); its translation is ``offset`` when no layer on the path
        /// has a transform.
        public var transform: Transform3D = .identity
        /// The groups the layer is drawn in, outermost first: the faded layers on its path
        /// (itself included) whose subtrees hold more than one emitter layer to draw. Each
        /// group's layers are consecutive items; a renderer composites them into one image, which
        /// it fades by the group's opacity.
        public var groups: [Group] = []
        /// The product of the opacities on the path that no group applies, in [0, 1]: the
        /// layer's own fade inside its innermost group (``opacity`` when ``groups`` is empty).
        public var opacityInGroup: Float = 1
    }

    /// A faded layer whose subtree is composited as one image (``Item/groups``).
    public struct Group: Hashable, Sendable {
        /// The faded layer.
        public var layer: ObjectIdentifier
        /// Its presented opacity, in (0, 1).
        public var opacity: Float
    }

    /// The host time of the last ``advance(to:)``: plain layers' animations are presented at it.
    private var presentedTime: Double?

    /// Problems with the animations of the tree's plain layers (containers) at the last
    /// ``advance(to:)`` — an animation whose key path names nothing, or whose values do not fit —
    /// each naming the key path relative to its layer and the animation's key (an emitter layer's
    /// are in its simulator's diagnostics).
    public private(set) var diagnostics: [Diagnostic] = []

    /// Brings the animations of the tree's plain layers up to `hostTime` (an emitter layer's
    /// simulator does its own) and collects their problems.
    private func settlePlainLayers(_ layer: Layer, at hostTime: Double) {
        if layer === root { diagnostics = [] }
        if !(layer is EmitterLayer) {
            layer.settleAnimations(at: hostTime)
            diagnostics += layer.presentedValues(at: hostTime).diagnostics
        }
        (layer.sublayers ?? []).forEach { settlePlainLayers($0, at: hostTime) }
    }

    /// A layer's appearance as drawn: an emitter layer's as its simulator presented it at its
    /// update, a plain layer's as animated at the last ``advance(to:)``.
    private func appearance(of layer: Layer) -> LayerAppearance {
        let simulator = (layer as? EmitterLayer).flatMap { simulators[ObjectIdentifier($0)]?.simulator }
        return simulator.flatMap { ($0 as? AppearanceReporting)?.appearance } ?? plainAppearance(layer)
    }

    /// A plain layer's appearance as animated at the last ``advance(to:)``.
    private func plainAppearance(_ layer: Layer) -> LayerAppearance {
        guard let t = presentedTime else { return LayerAppearance(layer) }
        return LayerAppearance(layer.presentedValues(at: t).layer)
    }

    /// The emitter layers to draw, in order, with their placement (hidden subtrees left out)
    /// and their groups.
    public var items: [Item] {
        var out: [Item] = []
        var faded: [[Group]] = []        // per item: the faded layers on its path, outermost first
        var ungrouped = Set<ObjectIdentifier>()   // faded layers that form no group: allowsGroupOpacity false, transform layers
        /// `toParent`: the parent's sublayer transform, flattened, then the parent's space → the root's.
        /// `toParentContext`: the parent's sublayer transform, then the parent's space → its 3-D
        /// context, the space where the nearest layer that flattens (or the root) holds its
        /// sublayers before flattening them: where a transform layer's sublayers have their depth.
        func visit(_ layer: Layer, parentOffset: CGPoint, toParent: Transform3D, toParentContext: Transform3D,
                   opacity: Float, clip: CGRect?, isRoot: Bool, path: [Group]) {
            let simulator = (layer as? EmitterLayer).flatMap { simulators[ObjectIdentifier($0)]?.simulator }
            let look = appearance(of: layer)
            guard !look.isHidden else { return }
            let keepsDepth = layer is TransformLayer
            let offset = isRoot
                ? CGPoint(x: -look.bounds.minX, y: -look.bounds.minY)
                : CGPoint(x: parentOffset.x + look.frame.minX - look.bounds.minX,
                          y: parentOffset.y + look.frame.minY - look.bounds.minY)
            // The root's own space is the picture's (its frame and transform place the view, not
            // its contents); every other layer goes through its placement and its parent's.
            let transform = isRoot ? Transform3DMakeTranslation(offset.x, offset.y, 0)
                                   : look.toSuperlayer.concatenating(toParent)
            if !look.isDoubleSided && !look.showsFront(placedBy: transform) { return }
            let alpha = opacity * look.opacity
            let path = look.opacity < 1 ? path + [Group(layer: ObjectIdentifier(layer), opacity: look.opacity)] : path
            if look.opacity < 1 && (!layer.allowsGroupOpacity || keepsDepth) { ungrouped.insert(ObjectIdentifier(layer)) }
            var clip = clip
            if look.masksToBounds && !keepsDepth {
                let own = transform.isAxisAligned2D ? look.bounds.applying3D(transform) : look.boundsBox(placedBy: transform)
                if let own { clip = clip.map { $0.intersection(own) } ?? own }
            }
            if let emitter = layer as? EmitterLayer, let simulator {
                out.append(Item(layer: emitter, simulator: simulator, offset: offset, opacity: alpha, clip: clip,
                                transform: transform))
                faded.append(path)
            }
            var toSublayers = look.sublayerTransformAboutAnchor
            if !isRoot && !keepsDepth { toSublayers = toSublayers.concatenating(LayerAppearance.flatten) }
            toSublayers = toSublayers.concatenating(transform)
            // The sublayers' 3-D context: this layer's own sublayer space, unless it keeps depth
            // (then its own context's).
            let toSublayerContext = keepsDepth && !isRoot
                ? look.sublayerTransformAboutAnchor.concatenating(look.toSuperlayer.concatenating(toParentContext))
                : look.sublayerTransformAboutAnchor
            // Siblings draw in order of zPosition (higher on top), array order among equals; a
            // transform layer's back to front by the depth of their centres in their 3-D context.
            let order: (Layer) -> CGFloat
            if keepsDepth {
                order = { sub in
                    let a = self.appearance(of: sub)
                    let p = a.toSuperlayer.concatenating(toSublayerContext).apply(x: a.bounds.midX, y: a.bounds.midY)
                    return p.w != 0 && p.z.isFinite ? p.z / p.w : 0
                }
            } else {
                order = \.zPosition
            }
            let subs = (layer.sublayers ?? []).enumerated().map { ($0.element, order($0.element), $0.offset) }
                .sorted { ($0.1, $0.2) < ($1.1, $1.2) }.map(\.0)
            for sub in subs {
                visit(sub, parentOffset: offset, toParent: toSublayers, toParentContext: toSublayerContext, opacity: alpha,
                      clip: clip, isRoot: false, path: path)
            }
        }
        visit(root, parentOffset: .zero, toParent: .identity, toParentContext: .identity, opacity: 1, clip: nil, isRoot: true,
              path: [])
        // A faded layer (not fully transparent) is a group when more than one item lies under it
        // and it allows group opacity.
        var counts: [ObjectIdentifier: Int] = [:]
        for path in faded { for g in path { counts[g.layer, default: 0] += 1 } }
        for i in out.indices {
            let isGroup = { (g: Group) in g.opacity > 0 && counts[g.layer]! > 1 && !ungrouped.contains(g.layer) }
            out[i].groups = faded[i].filter(isGroup)
            out[i].opacityInGroup = faded[i].filter { !isGroup($0) }.reduce(Float(1)) { $0 * $1.opacity }
        }
        return out
    }

    /// The emitter layers of the tree in drawing order (hidden ones included: they simulate).
    private func emitterLayers() -> [EmitterLayer] {
        var out: [EmitterLayer] = []
        func visit(_ layer: Layer) {
            if let e = layer as? EmitterLayer { out.append(e) }
            (layer.sublayers ?? []).forEach(visit)
        }
        visit(root)
        return out
    }
}

extension CGRect {
    /// The rectangle through a transform that only translates and scales in the plane.
    package func applying3D(_ t: Transform3D) -> CGRect {
        CGRect(x: minX * t.m11 + t.m41, y: minY * t.m22 + t.m42, width: width * t.m11, height: height * t.m22).standardized
    }
}

/// A simulator that knows its layer's presented appearance at the last update.
public protocol AppearanceReporting {
    /// The layer's presented appearance (opacity, geometry) at the last update.
    var appearance: LayerAppearance { get }
}

extension ReferenceSimulator: AppearanceReporting {
    /// The layer's presented appearance at the last update.
    public var appearance: LayerAppearance { resolved.appearance }
}

extension LayerAppearance {
    /// The model values of a layer (reports nothing; use a simulator's for presented values).
    public init(_ layer: Layer) {
        var ignored = DiagnosticCollector()
        self.init(layer, report: &ignored)
    }
}

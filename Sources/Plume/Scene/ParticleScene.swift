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
/// **Drawing order** (``items``): depth first, a layer before its sublayers, sublayers in array
/// order. Each item carries the layer's placement in the root's coordinates (the sum of
/// `frame.origin − bounds.origin` along the path), the product of the opacities on the path,
/// and the clip of every `masksToBounds` layer on the path. A hidden layer hides its subtree.
/// Container opacity multiplies each particle's alpha (Core Animation's group opacity would
/// composite the subtree first; the two differ only where a faded subtree's particles overlap).
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
        /// coordinates; nil when nothing clips.
        public var clip: CGRect?
    }

    /// The emitter layers to draw, in order, with their placement (hidden subtrees left out).
    public var items: [Item] {
        var out: [Item] = []
        func visit(_ layer: Layer, parentOffset: CGPoint, opacity: Float, clip: CGRect?, isRoot: Bool) {
            let simulator = (layer as? EmitterLayer).flatMap { simulators[ObjectIdentifier($0)]?.simulator }
            let look = simulator.flatMap { ($0 as? AppearanceReporting)?.appearance }
                ?? LayerAppearance(layer)
            guard !look.isHidden else { return }
            let offset = isRoot
                ? CGPoint(x: -look.bounds.minX, y: -look.bounds.minY)
                : CGPoint(x: parentOffset.x + look.frame.minX - look.bounds.minX,
                          y: parentOffset.y + look.frame.minY - look.bounds.minY)
            let alpha = opacity * look.opacity
            var clip = clip
            if look.masksToBounds {
                let own = look.bounds.offsetBy(dx: offset.x, dy: offset.y)
                clip = clip.map { $0.intersection(own) } ?? own
            }
            if let emitter = layer as? EmitterLayer, let simulator {
                out.append(Item(layer: emitter, simulator: simulator, offset: offset, opacity: alpha, clip: clip))
            }
            for sub in layer.sublayers ?? [] { visit(sub, parentOffset: offset, opacity: alpha, clip: clip, isRoot: false) }
        }
        visit(root, parentOffset: .zero, opacity: 1, clip: nil, isRoot: true)
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

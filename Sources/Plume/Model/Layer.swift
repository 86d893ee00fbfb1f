import Foundation

/// The part of `CALayer` that emitter code uses: a name, geometry in the superlayer, opacity,
/// visibility, clipping, a tree of sublayers and a layout hook. ``EmitterLayer`` is one; a plain
/// `Layer` is a container (the stand-in for a view's `layer`).
///
/// **Geometry.** `bounds` is the layer's own coordinate space (emitter geometry such as
/// `emitterPosition` lives in it); `position` is where the layer's `anchorPoint` sits in its
/// superlayer; `frame` is derived from both, as in Core Animation. A point `p` of the layer maps
/// to `frame.origin + (p − bounds.origin)` in the superlayer. All defaults are zero, so a layer
/// that never sets them draws its particles exactly where they are. In 3-D, ``transform``,
/// ``sublayerTransform``, ``anchorPointZ`` and ``zPosition`` place it as Core Animation does
/// (`LayerGeometry.swift`).
///
/// **Key-value coding and animations.** Every layer takes `setValue(_:forKeyPath:)` (its
/// properties, the `transform.*` parts, and any other key, stored) and explicit animations
/// (`add(_:forKey:)`); see `Layer+KeyValueCoding.swift` and `Layer+Animations.swift`.
///
/// **Drawing.** `opacity` multiplies everything the layer draws (animatable through the key path
/// `"opacity"`), `isHidden` skips the layer and its sublayers, `masksToBounds` clips its drawing
/// to `bounds`. The renderer in `PlumeGL` applies them (see `ParticleScene` and
/// `ParticleRenderer.draw(_:viewProjection:)`).
///
/// **Layout.** Changing the size of `bounds` (directly or through `frame`) marks the layer as
/// needing layout; at the next update a simulator (or ``layoutIfNeeded()``) calls
/// ``layoutSublayers()``, which a subclass overrides to size its emitter:
///
/// ```swift
/// final class ConfettiLayer: EmitterLayer {
///     override func layoutSublayers() {
///         super.layoutSublayers()
///         emitterPosition = CGPoint(x: bounds.midX, y: 0)
///         emitterSize = CGSize(width: bounds.width, height: 1)
///     }
/// }
/// ```
///
/// Concurrency: `Sendable` as a description the simulators read. Any number of threads may read
/// it at once (simulators updating on several threads; reads never write it); edits come from one
/// thread at a time, between updates that read it (see the Concurrency article).
open class Layer: @unchecked Sendable {
    /// Identifies the layer for the host (`CALayer.name`). Default nil.
    public var name: String?

    /// The layer's own coordinate space, points. Default `.zero`. A change of size marks the
    /// layer as needing layout.
    open var bounds: CGRect = .zero {
        didSet { if bounds.size != oldValue.size { setNeedsLayout() } }
    }
    /// Where `anchorPoint` lies in the superlayer, points. Default `.zero`.
    open var position: CGPoint = .zero
    /// The point of `bounds` that `position` refers to, in unit coordinates. Default (0.5, 0.5).
    /// It is also the point the layer's ``transform`` turns and scales about.
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)

    // MARK: 3-D geometry (drawing only; see the Layer Geometry article)

    /// The layer's z in its superlayer, points, +z towards the viewer (`CALayer.zPosition`).
    /// Default 0. Animatable. Siblings with a higher `zPosition` draw on top of those with a lower
    /// one (array order among equals); otherwise it moves the layer only where a perspective or a
    /// rotation out of the plane makes z visible.
    public var zPosition: CGFloat = 0
    /// The z of the anchor point in the layer's own space, points (`CALayer.anchorPointZ`): the
    /// point `(anchorPoint, anchorPointZ)` is placed at `(position, zPosition)` and is what
    /// ``transform`` turns about. Default 0. Animatable.
    public var anchorPointZ: CGFloat = 0
    /// The layer's transform about its anchor point (`CALayer.transform`). Default identity.
    /// Animatable, whole or through `transform.rotation.x/y/z`, `transform.rotation` (z),
    /// `transform.scale`, `transform.scale.x/y/z`, `transform.translation` (a `CGSize`) and
    /// `transform.translation.x/y/z` (``Transform3DComponents``). A point `p` of the layer maps
    /// to its superlayer by `(p − anchor) · transform + (position, zPosition)`, anchor being
    /// `(bounds.origin + anchorPoint · bounds.size, anchorPointZ)`; then it is flattened onto the
    /// superlayer's plane (Core Animation's layers flatten their sublayers). Non-finite values
    /// are reported and drawn as the identity.
    public var transform = Transform3D.identity
    /// Applied to every sublayer, about this layer's anchor point, as it is drawn into this layer
    /// (`CALayer.sublayerTransform`): `m34 = −1/d` gives the sublayers a shared perspective seen
    /// from `d` points in front of the anchor. Not applied to the layer's own particles. Default
    /// identity. Animatable like ``transform`` (`sublayerTransform.rotation.y`, …).
    public var sublayerTransform = Transform3D.identity
    /// When false the layer draws nothing while its back faces the viewer, after its transforms
    /// and its superlayers' (`CALayer.isDoubleSided`). Default true.
    public var isDoubleSided = true

    /// The layer's rectangle in its superlayer, derived from `position`, `anchorPoint` and
    /// `bounds.size`. Setting it sets `position` and `bounds.size` (as Core Animation does).
    /// Open, so a subclass may observe it (`override var frame: CGRect { didSet { … } }`).
    /// With a non-identity ``transform`` Core Animation calls its value undefined; here it stays
    /// the rectangle before the transform (setting it still sets `position` and `bounds.size`).
    open var frame: CGRect {
        get {
            CGRect(x: position.x - anchorPoint.x * bounds.width, y: position.y - anchorPoint.y * bounds.height,
                   width: bounds.width, height: bounds.height)
        }
        set {
            bounds.size = newValue.size
            position = CGPoint(x: newValue.origin.x + anchorPoint.x * newValue.width,
                               y: newValue.origin.y + anchorPoint.y * newValue.height)
        }
    }

    /// Multiplies the alpha of everything the layer draws, in `[0, 1]`. Default 1. Animatable
    /// (key path `"opacity"`); values outside the range are clamped when drawn, non-finite ones
    /// are reported and drawn as 1.
    public var opacity: Float = 1
    /// Whether a faded layer fades its sublayers as one image (`CALayer.allowsGroupOpacity`).
    /// Default true, as on iOS: where a ``ParticleScene`` finds more than one emitter layer under
    /// a layer with `opacity` below 1, it composites them into one image and fades that, so the
    /// lower ones do not show through the upper. False: each layer below is faded on its own, by
    /// the product of the opacities on its path (cheaper; where they overlap they show through).
    public var allowsGroupOpacity = true
    /// When true neither the layer nor its sublayers are drawn (they keep simulating). Default false.
    public var isHidden = false
    /// When true drawing is clipped to `bounds`. Default false.
    public var masksToBounds = false
    /// Pixels per point of the layer's own backing store (`CALayer.contentsScale`). Default 1.
    /// An emitter layer has no backing store of its own here (particles are drawn straight into
    /// the host's framebuffer), so it changes nothing, as it changes nothing visible for an emitter
    /// on iOS; particle images are sized by each cell's `contentsScale`.
    public var contentsScale: CGFloat = 1

    /// The layer this one was added to, if any.
    public private(set) weak var superlayer: Layer?
    /// The sublayers, drawn in array order after (on top of) this layer. Default nil.
    public private(set) var sublayers: [Layer]?

    /// True when the next update calls ``layoutSublayers()``.
    public private(set) var needsLayout = false

    // MARK: Key-value container and animations (see `Layer+KeyValueCoding.swift`, `Layer+Animations.swift`)

    /// Values stored under keys that are not properties (`CALayer` is a key-value container:
    /// `setValue(_:forKey:)` with any other key stores the value; `value(forKey:)` returns it).
    var storedValues: [String: Any] = [:]
    /// The key paths of a subclass's own properties: Plume's stand-in for the key-value coding
    /// the Objective-C runtime gives a `CALayer` subclass's `@objc dynamic` properties. Each key
    /// then works with `setValue(_:forKeyPath:)`, `value(forKeyPath:)` and explicit animations
    /// (numbers, points and colours interpolate). Default: none. Override it, starting from
    /// `super.keyPaths`, and override ``Layer/presentationCopy()`` so presentations carry the values:
    ///
    /// ```swift
    /// final class GaugeLayer: Layer {
    ///     var level: CGFloat = 0
    ///     override class var keyPaths: [String: LayerKeyPath] {
    ///         super.keyPaths.merging(["level": .number(\GaugeLayer.level)]) { a, _ in a }
    ///     }
    ///     override func presentationCopy() -> Layer { GaugeLayer(layer: self) }
    ///     override init(layer: Any) {
    ///         super.init(layer: layer)
    ///         level = (layer as? GaugeLayer)?.level ?? 0
    ///     }
    ///     …
    /// }
    /// ```
    ///
    /// A ``Layer`` property or an ``EmitterLayer`` path of the same name wins over a key here.
    open class var keyPaths: [String: LayerKeyPath] { [:] }
    /// Failed `setValue(_:forKeyPath:)` calls, newest last.
    public internal(set) var keyValueDiagnostics = KeyValueDiagnostics()
    /// Explicit animations by key, in the order added.
    var animationEntries: [(key: String, animation: Animation)] = []
    var animationSerial = 0
    /// Animations removed or finished whose delegate/completion has not been told yet.
    var stoppedAnimations: [(animation: Animation, finished: Bool)] = []
    /// Animations removed on completion, with the host time their active period ended, kept for
    /// presentations at earlier times (simulators of the layer behind the one that removed them).
    var retiredAnimations: [(key: String, animation: Animation, end: Double)] = []
    /// Guards the animations and their bookkeeping, and serialises the simulators' reads of the
    /// layer at their updates (`withUpdateLock(_:)`). Recursive:
    /// `layoutSublayers()` may add animations.
    let animationLock = NSRecursiveLock()

    /// Creates a layer with Core Animation's defaults.
    public init() {}

    /// Creates a copy of `layer`'s ``Layer`` properties (`CALayer.init(layer:)`, which Core
    /// Animation uses for presentation copies); any other value gives the defaults.
    public init(layer: Any) {
        if let other = layer as? Layer { copyLayerProperties(from: other) }
    }

    /// Plume has no archives: this creates a layer with the defaults (it exists so that
    /// subclasses written for Core Animation, which must provide it, compile unchanged).
    public required init?(coder: NSCoder) {}

    // MARK: The tree

    /// Appends `layer` to ``sublayers`` (removing it from its previous superlayer first).
    public func addSublayer(_ layer: Layer) {
        insertSublayer(layer, at: UInt32(sublayers?.count ?? 0))
    }

    /// Inserts `layer` at `index` of ``sublayers`` (clamped to the array), removing it from its
    /// previous superlayer first. Adding a layer to itself or to one of its own sublayers is
    /// ignored (it would make a cycle).
    public func insertSublayer(_ layer: Layer, at index: UInt32) {
        guard !layer.isAncestor(of: self) else { return }
        layer.removeFromSuperlayer()
        var list = sublayers ?? []
        list.insert(layer, at: min(Int(index), list.count))
        sublayers = list
        layer.superlayer = self
    }

    /// Inserts `layer` just below `sibling` (or at the bottom when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, below sibling: Layer?) {
        let i = sublayers?.firstIndex { $0 === sibling } ?? 0
        insertSublayer(layer, at: UInt32(i))
    }

    /// Inserts `layer` just above `sibling` (or at the top when `sibling` is not a sublayer).
    public func insertSublayer(_ layer: Layer, above sibling: Layer?) {
        let i = sublayers?.firstIndex { $0 === sibling }.map { $0 + 1 } ?? (sublayers?.count ?? 0)
        insertSublayer(layer, at: UInt32(i))
    }

    /// Removes the layer from its superlayer; a simulator drawing it through a scene stops then.
    public func removeFromSuperlayer() {
        guard let parent = superlayer else { return }
        parent.sublayers?.removeAll { $0 === self }
        if parent.sublayers?.isEmpty == true { parent.sublayers = nil }
        superlayer = nil
    }

    private func isAncestor(of layer: Layer) -> Bool {
        var current: Layer? = layer
        while let c = current {
            if c === self { return true }
            current = c.superlayer
        }
        return false
    }

    // MARK: Layout

    /// Override to size the layer's contents (an emitter's position and size) from `bounds`.
    /// Called at the next update after the size of `bounds` changed, or by ``layoutIfNeeded()``.
    /// The default does nothing.
    open func layoutSublayers() {}

    /// Marks the layer as needing layout at the next update.
    public func setNeedsLayout() { needsLayout = true }

    /// Calls ``layoutSublayers()`` now if the layer needs layout, then does the same for its
    /// sublayers.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSublayers()
        }
        sublayers?.forEach { $0.layoutIfNeeded() }
    }

    /// Copies the ``Layer`` properties (not the tree).
    func copyLayerProperties(from other: Layer) {
        name = other.name
        bounds = other.bounds
        position = other.position
        anchorPoint = other.anchorPoint
        opacity = other.opacity
        isHidden = other.isHidden
        masksToBounds = other.masksToBounds
        contentsScale = other.contentsScale
        zPosition = other.zPosition
        anchorPointZ = other.anchorPointZ
        transform = other.transform
        sublayerTransform = other.sublayerTransform
        isDoubleSided = other.isDoubleSided
        allowsGroupOpacity = other.allowsGroupOpacity
        storedValues = other.storedValues
        needsLayout = false
    }

    /// A copy of the layer's values that its animations are presented on
    /// (``Layer/presentationLayer(at:)``), as Core Animation makes one with `init(layer:)`. The default
    /// copies the ``Layer`` properties into a plain layer; an ``EmitterLayer`` copies its cells
    /// too. A subclass with ``Layer/keyPaths`` of its own returns an instance of itself made with
    /// `init(layer:)`.
    open func presentationCopy() -> Layer {
        let c = Layer()
        c.copyLayerProperties(from: self)
        return c
    }
}

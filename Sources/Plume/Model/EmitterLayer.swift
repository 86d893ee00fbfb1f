import Foundation

/// The emitter: where particles are born and the layer-wide multipliers
/// (`CAEmitterLayer`). Semantics §3, §7, §8.
///
/// Geometry lives in the layer's own space, in points, with iOS's orientation: origin top left,
/// +y down, +z towards the viewer. The layer is a description; a simulator
/// (``ReferenceSimulator``, or the GPU one in `PlumeGL`) reads it at every update, so edits take
/// effect at the next update with no commit step.
///
/// ```swift
/// let layer = EmitterLayer()
/// layer.emitterPosition = CGPoint(x: 160, y: 240)
/// layer.emitterSize = CGSize(width: 10, height: 10)
/// layer.emitterShape = .rectangle
/// layer.renderMode = .additive
/// layer.emitterCells = [cell]
/// ```
///
/// A layer starts when a simulator first updates it (Semantics §8 "When a layer starts"): left at
/// `beginTime = 0` it starts empty at any host clock, as a new `CAEmitterLayer` does. A layer whose
/// local time starts large (a positive `timeOffset`, or an explicit `beginTime` in the past)
/// appears pre-warmed (the emission catch-up rule, Semantics §3).
///
/// The class is open, with ``Layer``'s geometry (`bounds`, `position`, `frame`), `opacity`,
/// `isHidden`, `masksToBounds` and the ``Layer/layoutSublayers()`` hook for subclasses.
@DeclaredProperties
open class EmitterLayer: Layer, MediaTiming, @unchecked Sendable {
    /// The top-level cells, emitted from the layer's shape and drawn in array order. Default nil.
    /// Replacing the array keeps the live particles of every index present in both arrays.
    @Property
    public var emitterCells: [EmitterCell]?

    /// Behaviours acting on the live particles of the cells (``EmitterBehavior``; Semantics §12),
    /// applied in array order. Default nil. Reached by key path as
    /// `emitterBehaviors.<name or index>.<key>` (animatable). Affects live particles.
    public var emitterBehaviors: [EmitterBehavior]?

    // MARK: Multipliers (affect particles born afterwards)

    /// Multiplies every top-level cell's `birthRate` (not sub-cells'). Default 1.
    @Property(unit: .factor, minimum: 0)
    public var birthRate: Float = 1
    /// Multiplies every sampled particle lifetime, at every level. Default 1.
    @Property(unit: .factor, minimum: 0)
    public var lifetime: Float = 1
    /// Multiplies every sampled speed, at every level. Default 1.
    @Property(unit: .factor)
    public var velocity: Float = 1
    /// Multiplies top-level scales (sub-cells inherit it through their parent's scale). Default 1.
    @Property(unit: .factor)
    public var scale: Float = 1
    /// Multiplies every sampled spin. Default 1.
    @Property(unit: .factor)
    public var spin: Float = 1

    // MARK: Geometry (affects particles born afterwards)

    /// Centre of the emission shape, points. Default (0, 0).
    @Property(unit: .points)
    public var emitterPosition: CGPoint = .zero
    /// z of the emission shape's centre, points (+z towards the viewer). Default 0.
    @Property(unit: .points)
    public var emitterZPosition: CGFloat = 0
    /// Width and height of the emission shape, points. Default (0, 0). Circle and sphere use
    /// `width / 2` as radius; the line uses only the width.
    @Property(unit: .points)
    public var emitterSize: CGSize = .zero
    /// Depth of the cuboid, points. Default 0.
    @Property(unit: .points)
    public var emitterDepth: CGFloat = 0
    /// Default ``EmitterShape/point``.
    @Property
    public var emitterShape: EmitterShape = .point
    /// Default ``EmitterMode/volume``.
    @Property
    public var emitterMode: EmitterMode = .volume

    /// Whether births follow the emitter when the host moves it between updates (Semantics §9).
    /// Default true: when `emitterPosition`/`emitterZPosition` change from one update to the next,
    /// the births of the update are spread along the straight line from the old position to the
    /// new one at their birth times, so an emitter a game moves every frame leaves a continuous
    /// trail, not one clump per frame. False: every birth of the update is at the new position
    /// (Core Animation's behaviour without an animation). Animated positions always follow their
    /// path. Affects particles born afterwards; animatable (as 0/1).
    @Property
    public var interpolatesEmitterMotion: Bool = true
    /// The longest move, in points, that ``interpolatesEmitterMotion`` spreads births along:
    /// a jump farther than this in one update is a teleport, and the update's births are all at
    /// the new position. Default 1,000 pt. Must be finite and ≥ 0 (else read as 0: no
    /// interpolation, reported). Animatable. For a shorter move that is a jump (a screen
    /// wrap-around), call ``teleportEmitter(to:zPosition:)``.
    @Property(unit: .points)
    public var emitterTeleportDistance: CGFloat = 1000
    /// How many times ``teleportEmitter(to:zPosition:)`` was called: a simulator whose last update
    /// saw another count treats its next move as a jump (Semantics §9).
    package internal(set) var emitterTeleports: UInt64 = 0

    // MARK: Drawing

    /// Default ``EmitterRenderMode/unordered``. Affects live particles.
    @Property
    public var renderMode: EmitterRenderMode = .unordered
    /// When true particles keep their z and are drawn in the host's 3-D projection; when false
    /// (default) they are flattened to the layer plane. z is simulated either way.
    @Property
    public var preservesDepth: Bool = false

    /// Seed of the particle random numbers (Semantics §2). Default 0. The same layer, seed and host
    /// times give the same particles on the CPU and the GPU at any frame rate.
    @Property
    public var seed: UInt32 = 0

    // MARK: Media timing (parent time: the host clock; Semantics §8)
    //
    // The layer maps *host time* — the clock its simulator is advanced with, `advance(to:)` — to its
    // *local time*, `(host − beginTime) · speed + timeOffset`, folded by `duration` and repeated.
    // Local time is the time base of the top-level cells' own timing (their `beginTime` is layer
    // time). A simulator reports it as `layerTime`.

    /// Host time at which the layer starts, seconds, on the clock passed to `advance(to:)`.
    /// Default 0, which means "at the simulator's first update" (its local time is 0 then, whatever
    /// the host clock reads: Semantics §8 "When a layer starts"). Set it to a host clock reading
    /// (`CACurrentMediaTime()`) to start at that moment, or in the past to appear pre-warmed.
    /// Non-finite or beyond ±10¹² s: reported, 0 is used. Not animatable: animations step it
    /// (Semantics §9).
    @Property(unit: .seconds, animatable: false)
    public var beginTime: TimeInterval = 0
    /// Length of one cycle of the layer's local time, seconds of local time. Default `.infinity`
    /// (0 also means unbounded); outside its active period the layer shows nothing unless
    /// `fillMode` holds it. Negative or NaN: reported, unbounded is used.
    @Property(unit: .seconds, minimum: 0, allowsInfinity: true)
    public var duration: TimeInterval = .infinity
    /// Seconds of local time per second of host time. Default 1; 0 pauses (with `timeOffset`
    /// set to the local time to hold). Negative, non-finite or above 10⁶: reported, 0 is used.
    @Property(unit: .factor, minimum: 0)
    public var speed: Float = 1
    /// Seconds added to the layer's local time. Default 0. A positive value fast-forwards: the
    /// layer starts with that much emission already done (the snow preset's 10 s).
    @Property(unit: .seconds)
    public var timeOffset: TimeInterval = 0
    /// Cycles of `duration` the layer is active for; 0 means one, fractional and `.infinity`
    /// allowed. Default 0.
    @Property(minimum: 0, allowsInfinity: true)
    public var repeatCount: Float = 0
    /// Active time, seconds of local time; overrides `repeatCount` when positive. Default 0.
    @Property(unit: .seconds, minimum: 0, allowsInfinity: true)
    public var repeatDuration: TimeInterval = 0
    /// Each cycle of local time plays forwards, then backwards. Default false.
    @Property
    public var autoreverses: Bool = false
    /// Whether the layer is held at its start before `beginTime` and at its end after its active
    /// period (host time), instead of showing nothing. Default ``FillMode/removed``.
    @Property
    public var fillMode: FillMode = .removed

    /// Creates a layer with Core Animation's defaults and no cells.
    public override init() { super.init() }

    /// A copy of `layer`'s values and cells when it is an ``EmitterLayer`` (`CALayer.init(layer:)`);
    /// of its ``Layer`` values when it is another layer; the defaults otherwise.
    public override init(layer: Any) {
        super.init(layer: layer)
        if let other = layer as? EmitterLayer { other.copyEmitterProperties(to: self) }
    }

    /// Plume has no archives: creates a layer with the defaults (see ``Layer/init(coder:)``).
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    override open func presentationCopy() -> Layer { copy() }
}

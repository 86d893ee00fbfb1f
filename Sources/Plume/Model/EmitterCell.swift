import Foundation

/// One kind of particle: how many are born, how they move, look and change
/// (`CAEmitterCell`). Semantics §4–§7.
///
/// A cell is a description, not a particle: the layer creates many particles from it, each with
/// its own random draws within the `…Range` properties. Properties use Core Animation's names,
/// types and defaults, so iOS code ports by renaming the types:
///
/// ```swift
/// let cell = EmitterCell()
/// cell.birthRate = 30
/// cell.lifetime = 3
/// cell.velocity = 120
/// cell.emissionLongitude = -.pi / 2      // up, on the y-down layer
/// cell.emissionRange = .pi / 4
/// layer.emitterCells = [cell]
/// ```
///
/// Ranges follow Semantics §2: `M ± R` is uniform in `[M − R/2, M + R/2]`.
/// Edits take effect at the next update. Multipliers and birth attributes affect only particles
/// born afterwards; accelerations, colour speeds, contents, filters and `isEnabled` affect live
/// particles too (Semantics §7).
///
/// Concurrency: `Sendable` as a description the simulators read. Any number of threads may read
/// it at once (simulators updating on several threads; reads never write it); edits come from one
/// thread at a time, between updates that read it (see the Concurrency article).
@DeclaredProperties
open class EmitterCell: MediaTiming, @unchecked Sendable {
    // MARK: Identity

    /// Name used in key paths (`emitterCells.<name>.birthRate`). Default nil.
    @Property
    public var name: String?
    /// When false the cell still simulates and emits sub-cells, but neither it nor its
    /// descendants are drawn. Default true. Affects live particles.
    @Property
    public var isEnabled: Bool = true

    // MARK: Emission

    /// Particles born per second. Default 0. Multiplied by `EmitterLayer.birthRate` for
    /// top-level cells only. `≤ 0` or non-finite stops emission (non-finite and negative values
    /// are reported). Births lie on a regular grid: the first comes `1/rate` after the cell
    /// becomes active.
    @Property(unit: .perSecond, minimum: 0)
    public var birthRate: Float = 0
    /// One-shot emissions beside `birthRate` (Semantics §13): each ``EmitterBurst`` makes `count`
    /// particles at once at `time` after the cell starts, once or every `interval`, each cycle with
    /// a `probability`. Default empty. Top-level cells only (a sub-cell's are reported and
    /// ignored). Read at every update (an edit takes effect at the next firing); set, not
    /// interpolated, by explicit animations. Bad values are reported (see ``EmitterBurst``).
    @Property(animatable: false)
    public var bursts: [EmitterBurst] = []
    /// Mean lifetime in seconds. Default 0 (no particle lives). Multiplied by
    /// `EmitterLayer.lifetime` at every level.
    @Property(unit: .seconds, minimum: 0)
    public var lifetime: Float = 0
    /// Full width of the uniform lifetime spread, in seconds. Default 0.
    @Property(unit: .seconds, minimum: 0)
    public var lifetimeRange: Float = 0

    // MARK: Direction and speed

    /// Angle in the xy-plane, radians, measured from +x towards +y (clockwise on the y-down
    /// layer; `-.pi/2` is up). Default 0.
    @Property(unit: .angle)
    public var emissionLongitude: CGFloat = 0
    /// Angle out of the xy-plane, radians; positive tilts towards −z (away from the viewer).
    /// Default 0. (Differs from Apple's docs, which describe an angle from the z axis.)
    @Property(unit: .angle)
    public var emissionLatitude: CGFloat = 0
    /// Full apex angle of the emission cone, radians. Default 0 (a ray). Directions are
    /// uniform over the cone's solid angle; `≥ 2π` covers the sphere; the sign is ignored.
    @Property(unit: .angle)
    public var emissionRange: CGFloat = 0
    /// Initial speed, points per second. Default 0. Multiplied by `EmitterLayer.velocity`.
    @Property(unit: .pointsPerSecond, gpu: .cell)
    public var velocity: CGFloat = 0
    /// Full width of the uniform speed spread, points per second. Default 0.
    @Property(unit: .pointsPerSecond, gpu: .cell)
    public var velocityRange: CGFloat = 0
    /// The fraction of the emitter's velocity added to each birth's velocity (Semantics §9
    /// "Moving emitters"). Default 0 (Core Animation's behaviour). 1 makes particles leave a moving
    /// emitter with its velocity plus their own; the emitter's velocity is its move over the
    /// update, `(position − previous position) / (update's layer time span)`, along the same
    /// path its births are spread on (a host move within the teleport distance, or an
    /// animation); 0 when it did not move that way. Top-level cells only (a sub-cell's base
    /// direction is already its parent's flight). Any finite value; multiplied by no layer
    /// multiplier. Affects particles born afterwards; animatable.
    @Property(gpu: .cell)
    public var emitterVelocityFraction: CGFloat = 0
    /// The fraction of the parent particle's velocity added to each birth's velocity (sub-cells
    /// only; Semantics §6). Default 0 (Core Animation's behaviour: a sub-particle's speed is its own
    /// `velocity`, along its parent's flight). 1 makes sparks leave a rocket with the rocket's
    /// velocity plus their own, as Unity's "inherit velocity" and Godot's sub-emitter "keep
    /// velocity" do; the parent's velocity is the one at the child's birth time. Any finite value;
    /// multiplied by no layer multiplier. Ignored on top-level cells (see
    /// ``emitterVelocityFraction``). Affects particles born afterwards; animatable.
    @Property(gpu: .cell)
    public var parentVelocityFraction: CGFloat = 0
    /// How much of the parent particle's scale a sub-cell's births take (Semantics §6, §14): the
    /// base scale is `layer.scale + (parent scale − layer.scale) × fraction`. Default 1 (Core
    /// Animation's behaviour: the parent's scale); 0 gives a child a top-level particle's base.
    /// Any finite value. Ignored on top-level cells. Affects particles born afterwards; animatable.
    @Property(unit: .factor, gpu: .cell)
    public var parentScaleFraction: CGFloat = 1
    /// How much of the parent particle's colour a sub-cell's births take (Semantics §6, §14): the
    /// base colour is `white + (parent colour − white) × fraction`, per channel. Default 1 (Core
    /// Animation's behaviour: the parent's colour multiplies the child's); 0: the child's own.
    /// Any finite value. Ignored on top-level cells. Affects particles born afterwards; animatable.
    @Property(unit: .factor, gpu: .cell)
    public var parentColorFraction: CGFloat = 1
    /// Acceleration along x, points/s². Default 0. Read at every update: changing it bends live
    /// particles.
    @Property(unit: .pointsPerSecondSquared)
    public var xAcceleration: CGFloat = 0
    /// Acceleration along y, points/s²; positive is gravity on the y-down layer. Default 0.
    /// Read at every update.
    @Property(unit: .pointsPerSecondSquared)
    public var yAcceleration: CGFloat = 0
    /// Acceleration along z (towards the viewer), points/s². Default 0. Read at every update.
    @Property(unit: .pointsPerSecondSquared)
    public var zAcceleration: CGFloat = 0

    // MARK: Size and rotation

    /// Mean scale of the image. Default 1. Multiplied by `EmitterLayer.scale` for top-level
    /// cells, by the parent particle's current scale for sub-cells.
    @Property(unit: .factor, gpu: .births)
    public var scale: CGFloat = 1
    /// Full width of the uniform scale spread. Default 0.
    @Property(unit: .factor, gpu: .births)
    public var scaleRange: CGFloat = 0
    /// Change of scale per second over the particle's life, unclamped. Default 0.
    @Property(unit: .perSecond, gpu: .births)
    public var scaleSpeed: CGFloat = 0
    /// Mean rotation speed, radians per second; positive turns clockwise on screen. Default 0.
    /// Multiplied by `EmitterLayer.spin`.
    @Property(unit: .angularSpeed, gpu: .births)
    public var spin: CGFloat = 0
    /// Full width of the uniform spin spread, radians per second. Default 0.
    @Property(unit: .angularSpeed, gpu: .births)
    public var spinRange: CGFloat = 0
    /// Initial angle, radians. Default 0. Plume extension (Core Animation has it only privately).
    @Property(unit: .angle, gpu: .births)
    public var rotation: CGFloat = 0
    /// Full width of the uniform initial-angle spread, radians. Default 0. Plume extension.
    @Property(unit: .angle, gpu: .births)
    public var rotationRange: CGFloat = 0

    // MARK: Colour

    /// Mean colour, straight RGBA, multiplied with the image. Default opaque white.
    @Property
    public var color: Color = .white
    /// Full width of the red spread. Default 0. Each channel is drawn independently.
    @Property
    public var redRange: Float = 0
    /// Full width of the green spread. Default 0.
    @Property
    public var greenRange: Float = 0
    /// Full width of the blue spread. Default 0.
    @Property
    public var blueRange: Float = 0
    /// Full width of the alpha spread. Default 0.
    @Property
    public var alphaRange: Float = 0
    /// Change of red per second. Default 0. Read at every update (affects live particles).
    @Property(unit: .perSecond)
    public var redSpeed: Float = 0
    /// Change of green per second. Default 0. Read at every update.
    @Property(unit: .perSecond)
    public var greenSpeed: Float = 0
    /// Change of blue per second. Default 0. Read at every update.
    @Property(unit: .perSecond)
    public var blueSpeed: Float = 0
    /// Change of alpha per second. Default 0. Reaching 0 does not kill the particle.
    @Property(unit: .perSecond)
    public var alphaSpeed: Float = 0

    // MARK: Contents

    /// The image drawn for each particle, tinted by the particle colour. Default nil: the cell
    /// simulates (and emits sub-cells) but draws nothing.
    @Property
    public var contents: SpriteImage?
    /// The part of the image to draw, in unit coordinates. Default `(0, 0, 1, 1)`; a negative
    /// width or height flips.
    @Property
    public var contentsRect = CGRect(x: 0, y: 0, width: 1, height: 1)
    /// Image pixels per point. Default 1.
    @Property(unit: .pixelsPerPoint, above: 0)
    public var contentsScale: CGFloat = 1
    /// Filter when drawn larger than the image. Default linear.
    @Property
    public var magnificationFilter: ContentsFilter = .linear
    /// Filter when drawn smaller than the image. Default linear.
    @Property
    public var minificationFilter: ContentsFilter = .linear
    /// Level-of-detail bias for `.trilinear` minification. Default 0.
    @Property
    public var minificationFilterBias: Float = 0

    // MARK: Sprite sheet (Semantics §10 "Sprite sheets")

    /// Columns of the sprite-sheet grid the image (its `contentsRect`) is divided into. Default 1,
    /// range 1…4096 (read rounded down; a value below 1 or not finite is read as 1, reported).
    /// Frames are numbered left to right, then top to bottom; each particle draws one frame, at
    /// the frame's size. Read at every draw (affects live particles); animatable (rounded down).
    @Property
    public var spriteColumns: Float = 1
    /// Rows of the sprite-sheet grid. Default 1, range 1…4096 (as ``spriteColumns``).
    @Property
    public var spriteRows: Float = 1
    /// Frames played, counted from the first. Default 0: every frame, `spriteColumns × spriteRows`;
    /// read rounded down and at most `spriteColumns × spriteRows` (larger values are reported and
    /// clamped; negative or not finite: 0, reported). Animatable (rounded down).
    @Property(minimum: 0)
    public var spriteFrameCount: Float = 0
    /// Frames per second of the particle's age. Default 0: the frames span the particle's
    /// lifetime evenly (frame `⌊age ÷ lifetime × frames⌋`). Range ≥ 0 (negative or not finite: 0,
    /// reported). Read at every draw; animatable (the frame is `⌊age × rate⌋` at the current rate).
    @Property(unit: .perSecond, minimum: 0)
    public var spriteFrameRate: Float = 0
    /// At a frame rate, whether the frames wrap around (true, the default) or hold the last frame
    /// (false). Ignored when the frames span the lifetime.
    @Property
    public var spriteLoops: Bool = true
    /// Whether each particle starts at a random frame drawn from its key (Semantics §2, draw index
    /// ``DrawIndex/spriteFrame``); the played frame is `(start + frame) mod frames`. Default false.
    @Property
    public var spriteRandomStart: Bool = false

    // MARK: Trail (Semantics §10 "Trails")

    /// Positions a particle's trail passes through besides its own: the trail is a ribbon drawn
    /// under the particle along its path over the last `trailPointCount × spacing` seconds of its
    /// age (its last positions on the particle's age grid of that spacing, see ``trailDuration``).
    /// Default 0: no trail. Range 0…48 (read rounded down; above 48 is read as 48, negative or not
    /// finite as 0, reported). Read at every draw (affects live particles). Not animatable: a
    /// change restarts every particle's recording (Semantics §10 "Trails"), so animations step it
    /// (as Core Animation's discrete calculation mode, Semantics §9) instead of interpolating it.
    @Property(minimum: 0, animatable: false)
    public var trailPointCount: Float = 0
    /// The age the trail spans, seconds: its positions lie `trailDuration ÷ trailPointCount`
    /// apart on the particle's age grid (rounded to whole ticks of 2⁻¹⁶ s, at least one). Default
    /// 0: one simulation grid step apart (1/64 s, ``BehaviorMotion/gridStep``), so the trail spans
    /// `trailPointCount / 64` s. Range ≥ 0 (negative or not finite: 0, reported). Read at every
    /// draw. Not animatable: a change of the spacing restarts every particle's recording, so
    /// animations step it, as ``trailPointCount``.
    @Property(unit: .seconds, minimum: 0, animatable: false)
    public var trailDuration: TimeInterval = 0
    /// The trail's width along its length, as a fraction of the particle's drawn height (its
    /// quad's, Semantics §10): a curve over the trail coordinate `u = (age − sample age) ÷
    /// span`, 0 at the particle and 1 at the trail's end, joined linearly like a behaviour's
    /// `values`. Default empty: 1 (as wide as the particle) all along. Non-finite values are read
    /// as 0 (reported). Read at every draw.
    @Property
    public var trailWidths: [CGFloat] = []
    /// The trail coordinates (0…1) of ``trailWidths``. Default nil: evenly spaced from 0 to 1.
    /// Must have as many entries as the widths and not decrease within 0…1; otherwise evenly
    /// spaced locations are used (reported).
    @Property
    public var trailWidthLocations: [CGFloat]?
    /// The trail's colour along its length, multiplying the particle's colour per channel
    /// (straight RGBA, joined linearly over the trail coordinate as ``trailWidths``). Default
    /// empty: white (the particle's colour all along). Read at every draw.
    @Property
    public var trailColors: [Color] = []
    /// The trail coordinates (0…1) of ``trailColors``. Default nil: evenly spaced (as
    /// ``trailWidthLocations``).
    @Property
    public var trailColorLocations: [CGFloat]?

    // MARK: Sub-cells

    /// Cells emitted by every live particle of this cell, at any depth. Default nil. Their time
    /// base is the parent particle's age; they are born at the parent's centre and inherit its
    /// current scale and colour, with the parent's flight direction as base direction (Semantics §6).
    @Property
    public var emitterCells: [EmitterCell]?
    /// When this cell emits as a sub-cell (Semantics §14): over its parent's life at `birthRate`
    /// (``EmitterEvent/life``, the default, Core Animation's behaviour), or ``eventCount``
    /// particles at the parent's birth, death or collision, at the event's exact tick and place
    /// (its `birthRate` is then not used). Ignored on top-level cells (reported). Read at every
    /// update; not interpolated.
    @Property
    public var emissionEvent: EmitterEvent = .life
    /// Particles an event sub-cell emits at each event of each parent (Semantics §14). Default 1;
    /// read rounded down, 0…10⁶ (negative or not finite: 0, above 10⁶: 10⁶, reported). Not
    /// multiplied by the layer's `birthRate`. Read at every event; animatable.
    @Property(minimum: 0)
    public var eventCount: Float = 1

    // MARK: Media timing (parent time: layer time for top-level cells, parent age for sub-cells)
    //
    // A cell emits while its parent time lies in its active window `[beginTime, beginTime +
    // active duration / speed)` (Semantics §8). The parent time of a top-level cell is the layer's
    // local time — 0 when the layer starts, *not* the host clock; of a sub-cell, the age of the
    // particle that emits it (Semantics §6). Outside the window the cell emits nothing, its clock
    // restarts, and its live particles go on.

    /// Parent time at which the cell starts emitting, seconds. Default 0.
    ///
    /// For a top-level cell this is **layer time**: to start a burst now, use the simulator's
    /// `layerTime` (the layer's local time at its last update), never a host clock reading such as
    /// `CACurrentMediaTime()`, which would lie about the host's uptime in the future (the
    /// simulators report a `beginTime` that looks like one). For a sub-cell it is the parent's age:
    /// `beginTime = 2.4` under a parent living 2.5 s emits in its last 0.1 s.
    ///
    /// ```swift
    /// burst.beginTime = simulator.layerTime ?? 0   // now, in the layer's time
    /// burst.duration = 0.15                        // emits for 0.15 s of layer time
    /// ```
    /// Non-finite or beyond ±10¹² s: reported, 0 is used.
    @Property(unit: .seconds)
    public var beginTime: TimeInterval = 0
    /// How long one cycle of emission lasts, seconds of the cell's own time (parent time × `speed`).
    /// Default `.infinity` (0 also means unbounded). Negative or NaN: reported, unbounded is used.
    @Property(unit: .seconds, minimum: 0, allowsInfinity: true)
    public var duration: TimeInterval = .infinity
    /// Seconds of the cell's own time per second of parent time; multiplies its birth rate.
    /// Default 1; 0 stops emission. Negative, non-finite or above 10⁶: reported, 0 is used.
    @Property(unit: .factor, minimum: 0)
    public var speed: Float = 1
    /// Kept for Core Animation code: a cell's emission depends only on its active window, which
    /// `timeOffset` does not move, so it changes nothing (reported only when non-finite). Default 0.
    @Property(unit: .seconds)
    public var timeOffset: TimeInterval = 0
    /// Cycles of `duration` the cell emits for; 0 means one, fractional and `.infinity` allowed.
    /// Default 0.
    @Property(minimum: 0, allowsInfinity: true)
    public var repeatCount: Float = 0
    /// How long the cell emits, seconds of its own time; overrides `repeatCount` when positive.
    /// Default 0.
    @Property(unit: .seconds, minimum: 0, allowsInfinity: true)
    public var repeatDuration: TimeInterval = 0
    /// Each cycle plays forwards, then backwards: a cycle lasts `2 · duration`, so the cell emits
    /// twice as long. Default false.
    @Property
    public var autoreverses: Bool = false
    /// Kept for Core Animation code: a cell emits only inside its active window, whatever the
    /// fill. Default ``FillMode/removed``.
    @Property
    public var fillMode: FillMode = .removed

    /// Creates a cell with Core Animation's defaults (it emits nothing until `birthRate` and
    /// `lifetime` are positive).
    public init() {}

    /// Plume has no archives: creates a cell with the defaults (it exists so that subclasses
    /// written for Core Animation, which must provide it, compile unchanged).
    public required init?(coder: NSCoder) {}

    /// Failed `setValue(_:forKeyPath:)` calls on this cell, newest last.
    public internal(set) var keyValueDiagnostics = KeyValueDiagnostics()

    /// Creates a cell with a name, for key paths.
    public convenience init(name: String) {
        self.init()
        self.name = name
    }
}

import Foundation

/// Something that acts on a layer's live particles over their lives (`CAEmitterBehavior`): a
/// curve of a property over normalised age, a force, or an orientation rule. Semantics §12 and
/// <doc:Behaviors>.
///
/// Behaviours are set on the layer (``EmitterLayer/emitterBehaviors``) and act on every cell of
/// the tree, or only on the cells named in ``cellNames``. They use Core Animation's type strings
/// and input keys, so code written against the private `CAEmitterBehavior` ports by renaming the
/// class:
///
/// ```swift
/// let wave = EmitterBehavior(type: "wave")
/// wave.setValue([100, 0, 0], forKey: "force")      // points/s²
/// wave.setValue(0.5, forKey: "frequency")          // Hz
/// let drag = EmitterBehavior(type: .drag)
/// drag.drag = 2                                     // 1/s
/// layer.emitterBehaviors = [wave, drag]
/// layer.setValue(4, forKeyPath: "emitterBehaviors.drag.drag")   // by name (or index)
/// ```
///
/// Every input is a plain stored property with a default, reachable by key
/// (``setValue(_:forKey:)``, ``value(forKey:)``) and by the layer's key paths
/// `emitterBehaviors.<name or index>.<key>`, so explicit animations animate them. Inputs a type does
/// not use are kept and ignored. Bad values (non-finite numbers, a negative drag, locations that
/// do not increase, counts that do not match, an unknown type) are read as the documented meaning
/// of each property and reported in the simulators' diagnostics (Semantics §11); nothing traps.
///
/// Behaviours affect live particles: an edit (or an animation) takes effect at the next update.
///
/// Concurrency: `Sendable` as a description the simulators read. Any number of threads may read
/// it at once (simulators updating on several threads; reads never write it); edits come from one
/// thread at a time, between updates that read it (see the Concurrency article).
@DeclaredProperties
open class EmitterBehavior: @unchecked Sendable {
    // MARK: Identity

    /// The behaviour's type string, as given (`CAEmitterBehavior.type`): one of
    /// ``EmitterBehavior/types`` (the raw values of ``Kind``). An unknown string makes a behaviour
    /// that does nothing (reported).
    public let type: String
    /// Name used in key paths (`emitterBehaviors.<name>.stiffness`). Default nil (reach it by
    /// index).
    @Property
    public var name: String?
    /// When false the behaviour does nothing. Default true. Animatable (as 0/1).
    @Property
    public var isEnabled: Bool = true
    /// The cells the behaviour acts on, by ``EmitterCell/name``, at any depth of the tree. Default
    /// nil: every cell. An empty array: no cell.
    @Property
    public var cellNames: [String]?

    // MARK: valueOverLife

    /// `valueOverLife`: the particle property the curve drives: `"scale"`, `"alpha"` (also
    /// `"color.alpha"`, `"opacity"`), `"velocity"` (a speed factor) or `"spin"`. Default nil (the
    /// behaviour does nothing; reported).
    @Property
    public var keyPath: String?
    /// `valueOverLife`: the curve's values. Default empty (nothing). One value is constant; more
    /// are joined linearly (piecewise-linear in normalised age `x = age / lifetime`). Non-finite
    /// values are read as 0 (reported).
    @Property
    public var values: [CGFloat] = []
    /// `valueOverLife` and `colorOverLife`: the normalised ages (0…1) of ``values`` or ``colors``.
    /// Default nil: evenly spaced from 0 to 1. Must have as many entries as the values and be
    /// non-decreasing within [0, 1]; otherwise they are ignored (evenly spaced, reported). Before
    /// the first location the first value holds, after the last the last.
    @Property
    public var locations: [CGFloat]?
    /// `valueOverLife`: false (default) multiplies the particle's own value by the curve; true
    /// adds the curve to it. For `"velocity"` the curve always multiplies (a speed factor).
    @Property
    public var additive: Bool = false

    // MARK: colorOverLife

    /// `colorOverLife`: colours over normalised age, joined linearly per channel (straight RGBA),
    /// multiplying the particle's own colour. Default empty (nothing).
    @Property
    public var colors: [Color] = []

    // MARK: drag

    /// `drag`: the drag coefficient `k`, 1/s: the velocity relaxes as `dv/dt = −k·v` (on top of the
    /// cell's acceleration). Default 0. Must be finite and ≥ 0 (a negative value is read as 0,
    /// reported). Animatable.
    @Property(unit: .perSecond, minimum: 0)
    public var drag: CGFloat = 0

    // MARK: wave

    /// `wave`: the amplitude of a sinusoidal acceleration, points/s², `a = force · sin(2π·f·age)`.
    /// Default (0, 0, 0). Key `force` accepts a `[x, y]` or `[x, y, z]` array of numbers or a
    /// `CGPoint`; keys `force.x`, `force.y`, `force.z` are animatable.
    @Property(unit: .pointsPerSecondSquared)
    public var force: SIMD3<Double> = .zero
    /// `wave`: the frequency `f`, hertz. Default 1. Non-finite values are read as 0 (reported).
    @Property(unit: .perSecond)
    public var frequency: CGFloat = 1
    /// `wave`: the phase `φ` of the sine at age 0, radians: `a = force · sin(2π·f·age + φ)` (Plume;
    /// π/2 starts each particle at the full force). Default 0 (Core Animation's wave). Any finite
    /// value; a bad one is read as 0 (reported). With a frequency of 0 the wave is the constant
    /// acceleration `force · sin φ`. Animatable; affects live particles.
    @Property(unit: .angle, gpu: .wave)
    public var phase: CGFloat = 0

    // MARK: attractor

    /// `attractor`: what the particles are pulled towards: a point (`radial`, the default), a line
    /// (`axial`) or a plane (`planar`) through ``position``/``zPosition``.
    @Property
    public var attractorType: AttractorType = .radial
    /// `attractor`, `vortex`, `collider`: the attractor's position (the vortex's axis passes
    /// through it; a collider's point: see ``colliderShape``, a heightfield's or distance field's
    /// sample (0, 0)) in the layer's space, points. Default (0, 0). Animatable.
    @Property(unit: .points)
    public var position: CGPoint = .zero
    /// `attractor`: the attractor's z, points. Default 0. Animatable.
    @Property(unit: .points)
    public var zPosition: CGFloat = 0
    /// `attractor`: spring constant, 1/s²: the pull grows by `stiffness` points/s² per point of
    /// distance beyond ``radius``. Default 0. Must be finite and ≥ 0 (negative: read as 0,
    /// reported). Animatable.
    @Property(unit: .perSecondSquared, minimum: 0)
    public var stiffness: CGFloat = 0
    /// `attractor`: rest distance, points: particles closer than this are pushed out to it,
    /// farther ones pulled in. Default 0. Negative values are read as 0 (reported).
    @Property(unit: .points, minimum: 0)
    public var radius: CGFloat = 0
    /// `attractor`: a constant extra pull towards the attractor, points/s² (negative pushes away).
    /// Default 0. Animatable.
    @Property(unit: .pointsPerSecondSquared)
    public var falloff: CGFloat = 0
    /// `attractor`, `vortex`: beyond this distance (from the vortex's axis), points, the behaviour
    /// does nothing. Default `.infinity` (everywhere). Negative or NaN values are read as infinity
    /// (reported).
    @Property(unit: .points, minimum: 0, allowsInfinity: true)
    public var falloffDistance: CGFloat = .infinity
    /// `attractor` (`axial`, `planar`): latitude of the axis or plane normal, radians, measured
    /// as ``EmitterCell/emissionLatitude``. Default 0.
    @Property(unit: .angle)
    public var orientationLatitude: CGFloat = 0
    /// `attractor` (`axial`, `planar`): longitude of the axis or plane normal, radians, measured
    /// as ``EmitterCell/emissionLongitude``. Default 0 (the +x axis).
    @Property(unit: .angle)
    public var orientationLongitude: CGFloat = 0

    // MARK: alignToMotion

    /// `alignToMotion`: an angle added to the direction of motion, radians. Default 0. The
    /// particle's angle becomes `atan2(vy, vx) + rotation` (its own spin is ignored while it moves;
    /// a particle at rest keeps its own angle).
    @Property(unit: .angle)
    public var rotation: CGFloat = 0

    // MARK: radialAcceleration, tangentialAcceleration (Plume)

    /// `radialAcceleration`: points/s² away from the emitter position (negative: towards it).
    /// `tangentialAcceleration`: points/s² perpendicular to that direction in the layer plane,
    /// clockwise on the y-down layer. Default 0. Animatable.
    @Property(unit: .pointsPerSecondSquared)
    public var acceleration: CGFloat = 0
    /// Full width of the uniform per-particle spread of ``acceleration``. Default 0.
    @Property(unit: .pointsPerSecondSquared)
    public var accelerationRange: CGFloat = 0

    // MARK: orbit (cocos2d's radius mode, Plume)

    /// `orbit`: distance from the particle's birth point at birth, points. Default 0.
    @Property(unit: .points)
    public var startRadius: CGFloat = 0
    /// Full width of the uniform spread of ``startRadius``. Default 0.
    @Property(unit: .points)
    public var startRadiusRange: CGFloat = 0
    /// `orbit`: distance at the end of the particle's life, points (linear in age). Default 0.
    @Property(unit: .points)
    public var endRadius: CGFloat = 0
    /// Full width of the uniform spread of ``endRadius``. Default 0.
    @Property(unit: .points)
    public var endRadiusRange: CGFloat = 0
    /// `orbit`: angular speed, turns per second (positive: clockwise on the y-down layer). Default
    /// 0. Key `degreesPerSecond` reads and writes it in degrees per second (cocos2d's unit).
    @Property(unit: .turnsPerSecond)
    public var turnsPerSecond: CGFloat = 0
    /// Full width of the uniform spread of ``turnsPerSecond``. Default 0. Key
    /// `degreesPerSecondRange` in degrees per second.
    @Property(unit: .turnsPerSecond)
    public var turnsPerSecondRange: CGFloat = 0

    // MARK: turbulence (Plume)

    /// `turbulence`: the scale of the acceleration, points/s². The field is the curl of a
    /// gradient-noise potential in the layer plane (divergence-free: it swirls particles without
    /// bunching or spreading them); one octave's root-mean-square is about `strength`, and the
    /// largest magnitude about 1.4 × `strength` (measured over 3 octaves). Default 0. Any finite
    /// value (negative turns the swirls the other way); a bad one is read as 0 (reported).
    /// Animatable.
    @Property(unit: .pointsPerSecondSquared, gpu: .turbulence)
    public var strength: CGFloat = 0
    /// `turbulence`: the noise's spatial frequency, cycles per point (the swirls are about
    /// `1/noiseFrequency` points across). Default 0.01. Must be finite and ≥ 0 (a bad value is
    /// read as 0.01, reported). Animatable.
    @Property(unit: .perPoint, minimum: 0, gpu: .turbulence)
    public var noiseFrequency: CGFloat = 0.01
    /// `turbulence`: the number of noise layers, each of twice the frequency and half the
    /// amplitude of the one before. Default 1. Must be finite and ≥ 1 (a bad value is read as 1,
    /// reported); read rounded down, at most 8. Not animatable: animations step it (Semantics §9).
    @Property(minimum: 1, animatable: false, gpu: .turbulence)
    public var octaves: CGFloat = 1
    /// `turbulence`: how fast the field changes, noise cells per second of the particle's age:
    /// each octave's pattern drifts `scrollSpeed · age` cells along a direction of its own (the
    /// octaves drift apart, so the sum changes shape instead of sliding), and the field follows the
    /// particle's age, not the layer's time, so a particle's path does not depend on the update
    /// times. Default 0: a still field. Any finite value; a bad one is read as 0 (reported).
    /// Animatable.
    @Property(unit: .perSecond, gpu: .turbulence)
    public var scrollSpeed: CGFloat = 0

    // MARK: vortex (Plume)

    /// `vortex`: the swirl about the axis perpendicular to the layer through ``position``,
    /// points/s² (positive: clockwise on the y-down layer): the acceleration across the radius at
    /// distance `r` from the axis is `swirl · min(r/coreRadius, coreRadius/r)`, largest at the
    /// core's edge. Default 0.
    /// Any finite value; a bad one is read as 0 (reported). Animatable.
    @Property(unit: .pointsPerSecondSquared, gpu: .vortex)
    public var swirl: CGFloat = 0
    /// `vortex`: the radius of the core, points: inside it the swirl grows linearly from the axis
    /// (a turning disc), outside it falls off as `1/r`. Default 50. 0: the same swirl at every
    /// distance. Must be finite and ≥ 0 (a bad value is read as 50, reported). Animatable.
    @Property(unit: .points, minimum: 0, gpu: .vortex)
    public var coreRadius: CGFloat = 50
    /// `vortex`: a constant acceleration towards the axis, points/s² (negative pushes out), at every
    /// distance where the vortex acts. Default 0. Any finite value; a bad one is read as 0
    /// (reported). Animatable.
    @Property(unit: .pointsPerSecondSquared, gpu: .vortex)
    public var pull: CGFloat = 0

    // MARK: collider (Plume)

    /// `collider`: the surface: a plane through ``position``/``zPosition`` with the orientation
    /// (``orientationLatitude``, ``orientationLongitude``) as its normal, pointing to the side
    /// particles come from (a line in a 2-D layer: longitude −90° is a floor seen from above on
    /// the y-down layer), a sphere of ``radius`` about the position (a circle), or a box centred
    /// there (``boxHeight`` along the orientation, ``boxWidth`` across it, ``boxDepth``; a
    /// rectangle in a 2-D layer), both reached from outside; a `heightfield` (terrain: heights over
    /// a grid, reached from above) or a `distanceField` (a signed distance field the game supplies,
    /// reached from outside), both sampled from ``samples``; a distance field lies in the layer's
    /// x–y plane, so the orientation does not turn it (it is only the normal where the field is
    /// flat). Default `plane`.
    @Property
    public var colliderShape: ColliderShape = .plane
    /// `collider` (`box`): the box's extent along its orientation (``orientationLatitude``,
    /// ``orientationLongitude``: the direction a plane's normal takes), points: its height. In a
    /// 2-D layer with longitude −90° (a floor's orientation) that is the rectangle's height on
    /// the screen. Default 100. Must be finite and ≥ 0 (a bad value is read as 100, reported).
    /// Animatable, and swept as the position is (Semantics §12 "Moving colliders"): a growing box
    /// pushes out what rests on it.
    @Property(unit: .points, minimum: 0, gpu: .collider)
    public var boxHeight: CGFloat = 100
    /// `collider` (`box`): the box's extent across its orientation in the layer plane (along the
    /// orientation turned 90° about z: the screen's x for a floor's orientation), points: its width.
    /// Default 100. Must be finite and ≥ 0 (a bad value is read as 100, reported). Animatable
    /// (swept, as ``boxHeight``).
    @Property(unit: .points, minimum: 0, gpu: .collider)
    public var boxWidth: CGFloat = 100
    /// `collider` (`box`): the box's extent along the third axis (z in a 2-D layer), points: its
    /// depth. Default 100 (a 2-D layer's particles at z = 0 meet a box at `zPosition` 0 through
    /// its middle). Must be finite and ≥ 0 (a bad value is read as 100, reported). Animatable
    /// (swept, as ``boxHeight``).
    @Property(unit: .points, minimum: 0, gpu: .collider)
    public var boxDepth: CGFloat = 100
    /// `collider` (`heightfield`, `distanceField`): the samples, points, row by row
    /// (``sampleColumns`` to a row), linear between neighbours (bilinear across rows).
    ///
    /// A `heightfield`'s samples are heights along the orientation (the direction a plane's normal
    /// takes; longitude −90° is "up" on the y-down layer) above ``position``: sample `(i, j)` (column
    /// `i`, row `j`) lies `i·sampleSpacing` across the orientation (the screen's x for a floor's
    /// orientation) and `j·sampleSpacing` along the third axis (z), so one row is a terrain line in
    /// a 2-D layer, and more rows a terrain over x–z in 3-D. The solid is below the surface.
    ///
    /// A `distanceField`'s samples are signed distances to the surface, points, negative inside:
    /// sample `(i, j)` is the distance at the layer point ``position`` + `(i, j)·sampleSpacing` (the
    /// centre of texel `(i, j)` of a width × height texture whose texel (0, 0) is at the top left, as
    /// a mask image's pixel rows run down the y-down layer); z is ignored (the field extends
    /// along z). ``setDistanceField(mask:threshold:spacing:)`` makes them from a mask image.
    ///
    /// Outside the samples' extent a heightfield keeps its edge heights, and a distance field reads
    /// as the border's distance plus the distance to the border. Default empty (the collider does
    /// nothing). Every sample must be finite and the count a multiple of ``sampleColumns``, at most
    /// ``maxColliderSamples``; otherwise the collider does nothing (reported). Not animatable;
    /// effect files hold it as an array of numbers.
    @Property(unit: .points)
    public var samples: [CGFloat] = []
    /// `collider` (`heightfield`, `distanceField`): the samples in a row (a texture's width). Default
    /// 0: all of ``samples`` in one row (a heightfield's terrain line). Read rounded down; must be
    /// finite and ≥ 0 and divide the number of samples (otherwise the collider does nothing,
    /// reported). Not animatable: animations step it (Semantics §9).
    @Property(minimum: 0, animatable: false)
    public var sampleColumns: CGFloat = 0
    /// `collider` (`heightfield`, `distanceField`): points between neighbouring samples (a distance
    /// field's scale: points per texel). Default 10. Must be finite and > 0 (a bad value is read as
    /// 10, reported). Animatable, read per update (not swept as a collider's position, size and
    /// orientation are): a field whose spacing changes stretches at update boundaries, and a
    /// distance field's samples keep their values (distances in points), so they are exact only at
    /// the spacing they were made for.
    @Property(unit: .points, above: 0, gpu: .collider)
    public var sampleSpacing: CGFloat = 10
    /// `collider`: what a particle does when it reaches the surface: `bounce` (default, with
    /// ``restitution`` and ``friction``), `stick` (it stays there at rest) or `kill` (it dies
    /// there, at the hit's tick: its death sub-cells and death events fire at the hit point).
    @Property
    public var collisionResponse: CollisionResponse = .bounce
    /// `collider`: the fraction of the velocity across the surface a bouncing particle keeps
    /// (reversed): 1 an elastic bounce, 0 none (it slides). Default 0.5. Must be finite and ≥ 0 (a
    /// bad value is read as 0.5, reported). Animatable.
    @Property(minimum: 0, gpu: .collider)
    public var restitution: CGFloat = 0.5
    /// `collider`: the fraction of the velocity along the surface a bouncing particle loses at
    /// each hit. Default 0. Must be finite and ≥ 0 (a bad value is read as 0, reported); 1 stops
    /// it along the surface. Animatable.
    @Property(minimum: 0, gpu: .collider)
    public var friction: CGFloat = 0

    /// Failed `setValue(_:forKey:)` calls on this behaviour, newest last.
    public internal(set) var keyValueDiagnostics = KeyValueDiagnostics()

    /// Creates a behaviour of the given type string (`CAEmitterBehavior(type:)`). An unknown
    /// string is kept: the behaviour does nothing and the simulators report it.
    public init(type: String) {
        self.type = type
    }

    /// Creates a behaviour of a known kind.
    public convenience init(type kind: Kind, name: String? = nil) {
        self.init(type: kind.rawValue)
        self.name = name
    }

    /// The known kind of ``type``; nil for an unknown string.
    public var kind: Kind? { Kind(rawValue: type) }

    /// The type strings Plume knows (`CAEmitterBehavior.behaviorTypes()`).
    public static var types: [String] { Kind.allCases.map(\.rawValue) }

    /// The type strings Plume knows (Core Animation's spelling of ``types``).
    public static func behaviorTypes() -> [String] { types }

    /// The most ``samples`` a `heightfield` or `distanceField` collider takes: 131 072 (a 512 × 256
    /// field, half of the 65 536 RGBA texels every GL 3.3 buffer texture holds). More: the collider
    /// does nothing (reported).
    public static let maxColliderSamples = 131_072
}

extension EmitterBehavior {
    /// The behaviour types: Core Animation's names, then Plume's own.
    public enum Kind: String, CaseIterable, Sendable {
        /// A curve of ``EmitterBehavior/keyPath`` over normalised age.
        case valueOverLife
        /// A curve of colour over normalised age.
        case colorOverLife
        /// Linear drag `dv/dt = −k·v`.
        case drag
        /// A sinusoidal acceleration `force · sin(2π·frequency·age + phase)`.
        case wave
        /// A spring towards a point, line or plane.
        case attractor
        /// The angle follows the direction of motion.
        case alignToMotion
        /// Acceleration away from the emitter position (cocos2d's `radialAccel`).
        case radialAcceleration
        /// Acceleration perpendicular to the direction from the emitter position (cocos2d's
        /// `tangentialAccel`).
        case tangentialAcceleration
        /// Circular motion about the birth point with a radius changing linearly over life
        /// (cocos2d's radius mode).
        case orbit
        /// A divergence-free noise field (curl noise) in the layer plane, seeded by the layer's
        /// seed.
        case turbulence
        /// A swirl about the axis perpendicular to the layer through a point, with a core, an
        /// optional pull towards the axis and a falloff distance.
        case vortex
        /// A plane, a sphere, a box, a heightfield or a distance field that particles bounce off,
        /// stick to or die at.
        case collider
    }

    /// A `collider`'s surface.
    public enum ColliderShape: String, CaseIterable, Sendable {
        /// A plane (a line in a 2-D layer).
        case plane
        /// A sphere (a circle in a 2-D layer).
        case sphere
        /// A box (a rectangle in a 2-D layer), oriented as a plane's normal.
        case box
        /// A terrain: heights sampled on a regular spacing (``EmitterBehavior/samples``), linear
        /// between samples (a line of heights in a 2-D layer, bilinear over a grid in 3-D), reached
        /// from above.
        case heightfield
        /// A signed distance field the game supplies as a 2-D texture of distances
        /// (``EmitterBehavior/samples``, negative inside), bilinear between texels, in the layer
        /// plane; reached from outside.
        case distanceField
    }

    /// What a particle does when it reaches a `collider`.
    public enum CollisionResponse: String, CaseIterable, Sendable {
        /// It bounces off (``EmitterBehavior/restitution``, ``EmitterBehavior/friction``).
        case bounce
        /// It stays where it hit, at rest.
        case stick
        /// It dies where it hit, at the hit's tick (its death events fire there, Semantics §14).
        case kill
    }

    /// What an `attractor` pulls towards.
    public enum AttractorType: String, CaseIterable, Sendable {
        /// A point.
        case radial
        /// A line through the position along the orientation.
        case axial
        /// A plane through the position with the orientation as its normal.
        case planar
    }
}

extension EmitterBehavior {
    /// A copy with the same type and inputs (diagnostics are not copied).
    public func copy() -> EmitterBehavior {
        let c = EmitterBehavior(type: type)
        copyDeclaredProperties(to: c)
        return c
    }
}

import Foundation

/// How a collider's `position` moves (and a sphere's radius or a box's extents grow, and the
/// orientation of a plane, a box or a heightfield turns) as particles meet it over one update
/// (Semantics §12 "Moving colliders"): its path on the motion grid, as offsets from the update's
/// position (radius, orientation), so that each chord of the grid motion is tested in the
/// collider's moving frame. The update planner (both
/// simulators' one) sets it.
///
/// The path is linear over each grid step, and a step's line is decided by the first update that
/// reaches the step (at its start, where the last step's line ends, towards where the collider's
/// own motion over that update predicts it at the step's end) and kept by every later update that
/// meets the step. So a step's chords meet the same collider whatever the update times (a
/// collision event is found once), a particle resting on a moving surface stays on it, and a
/// collider moving at a steady velocity is met where it is. In ticks `j` after ``origin`` (the
/// step holding the previous update's end): ``start`` before it, then lines to ``first`` at one
/// grid step and ``second`` at two, then on at ``velocity``.
public struct ColliderSweep: Hashable, Sendable {
    /// Layer time of the first step's start, ticks: a grid point.
    public var origin: Int64 = 0
    /// Offsets from the position, points: at ``origin`` (and before it), one grid step and two
    /// grid steps after it.
    public var start = SIMD3<Double>.zero
    public var first = SIMD3<Double>.zero
    public var second = SIMD3<Double>.zero
    /// The velocity after two grid steps, points per tick.
    public var velocity = SIMD3<Double>.zero
    /// A sphere's radius (in all three) or a box's half extents (half its width, height and
    /// depth) on the same timeline, as offsets from the update's, points: at ``origin`` (and before
    /// it), one and two grid steps after it, then their rate, points per tick. Zeros for the other
    /// shapes and for a collider that keeps its size.
    public var growthStart = SIMD3<Double>.zero
    public var growthFirst = SIMD3<Double>.zero
    public var growthSecond = SIMD3<Double>.zero
    public var growthVelocity = SIMD3<Double>.zero
    /// The turning of a plane, a box or a heightfield on the same timeline (none for a sphere or a
    /// distance field): its orientation relative to
    /// the update's, a unit quaternion `(x, y, z, w)`. Up to two grid steps after ``origin`` it is
    /// the normalised sum of the identity `(0, 0, 0, 1)` and the offsets on lines through
    /// ``turnStart`` (at the origin and before), ``turnFirst`` (one step on) and ``turnSecond``
    /// (two steps on); after that it turns on steadily from there at ``turnSpin``, an angular
    /// velocity, radians per tick about its direction (``turn(ticksAfterOrigin:)``). Zeros for a
    /// sphere and for a collider that keeps its orientation.
    public var turnStart = SIMD4<Double>.zero
    public var turnFirst = SIMD4<Double>.zero
    public var turnSecond = SIMD4<Double>.zero
    public var turnSpin = SIMD3<Double>.zero

    /// A collider that does not move.
    public init() {}

    /// A path from `origin` through the offsets `start`, `first`, `second`, then on at `velocity`;
    /// a sphere's radius or a box's half extents along `growth` (start, first, second, velocity);
    /// a turn along `turn` (start, first, second, spin).
    public init(origin: Int64, start: SIMD3<Double>, first: SIMD3<Double>, second: SIMD3<Double>,
                velocity: SIMD3<Double>,
                growth: (SIMD3<Double>, SIMD3<Double>, SIMD3<Double>, SIMD3<Double>) = (.zero, .zero, .zero, .zero),
                turn: (SIMD4<Double>, SIMD4<Double>, SIMD4<Double>, SIMD3<Double>) = (.zero, .zero, .zero, .zero)) {
        self.origin = origin
        self.start = start
        self.first = first
        self.second = second
        self.velocity = velocity
        (growthStart, growthFirst, growthSecond, growthVelocity) = growth
        (turnStart, turnFirst, turnSecond, turnSpin) = turn
    }

    /// True when the collider stays at its position, its size and its orientation over every chord.
    public var isStill: Bool {
        start == .zero && first == .zero && second == .zero && velocity == .zero && keepsSize && keepsOrientation
    }

    /// True when the collider keeps its size (a sphere's radius, a box's extents) over every chord.
    public var keepsSize: Bool {
        growthStart == .zero && growthFirst == .zero && growthSecond == .zero && growthVelocity == .zero
    }

    /// The size's rate over the line that ends at `j` ticks after ``origin``, points per tick
    /// (as ``slope(ticksAfterOrigin:)``).
    public func growthRate(ticksAfterOrigin j: Double) -> SIMD3<Double> {
        Self.slope(growthStart, growthFirst, growthSecond, growthVelocity, ticksAfterOrigin: j)
    }

    /// The size's offsets from the update's `j` ticks after ``origin`` (as
    /// ``offset(ticksAfterOrigin:)``).
    public func growth(ticksAfterOrigin j: Double) -> SIMD3<Double> {
        Self.along(growthStart, growthFirst, growthSecond, growthVelocity, ticksAfterOrigin: j)
    }

    /// The path's velocity over the line that ends at `j` ticks after ``origin`` (a chord lies on
    /// one line, and one of no length takes the line that reaches it), points per tick.
    public func slope(ticksAfterOrigin j: Double) -> SIMD3<Double> {
        Self.slope(start, first, second, velocity, ticksAfterOrigin: j)
    }

    /// The offset from the position `j` ticks after ``origin``: the sum of the lines, each clamped
    /// to its step (the GPU's branch-free form, `plume_collider_frame`).
    public func offset(ticksAfterOrigin j: Double) -> SIMD3<Double> {
        Self.along(start, first, second, velocity, ticksAfterOrigin: j)
    }
}

/// A collider's frame over a drift from age `start` (Collisions.collide): its offsets from its
/// position at the drift's start and end, and its velocity over it, points per second (a drift lies
/// on one line of its ``ColliderSweep``), a sphere's or a box's growth and a turning collider's turn over it;
/// zeros (and the identity) for a collider that stands still.
struct ChordFrame {
    var origin = SIMD3<Double>.zero
    var end = SIMD3<Double>.zero
    var velocity = SIMD3<Double>.zero
    var start = 0.0
    /// A sphere's radius or a box's half extents: their offsets at the drift's start and end, and
    /// their rates, points per second.
    var growthOrigin = SIMD3<Double>.zero, growthEnd = SIMD3<Double>.zero, growthRate = SIMD3<Double>.zero
    /// A turning collider's turn over the drift (``ColliderSweep/turn(ticksAfterOrigin:)``; ``turns``
    /// is false for one that keeps its orientation): the normalised line of offsets from the
    /// identity, at the drift's start (``turnA``) and its rate, per second (``turnB``). On the
    /// sweep's lines it is theirs; on its steady turn (a drift lies within one grid step) it runs
    /// between the turn's exact ends, so the grid points are the steady turn's and each turn
    /// along the drift is one normalisation. ``endTurn``: the turn at the drift's end.
    var turnA = SIMD4<Double>.zero, turnB = SIMD4<Double>.zero, endTurn = Quaternion.identity
    var turns = false

    init() {}

    init(_ path: ColliderSweep, particle: BehaviorParticle, from age0: Double, to age1: Double) {
        start = age0
        guard !path.isStill else { return }
        let birth = Double(particle.birthTick - path.origin)
        let j0 = birth + age0 * Ticks.perSecond, j1 = birth + age1 * Ticks.perSecond
        origin = path.offset(ticksAfterOrigin: j0)
        end = path.offset(ticksAfterOrigin: j1)
        velocity = path.slope(ticksAfterOrigin: j1) * Ticks.perSecond
        if !path.keepsOrientation {
            turns = true
            endTurn = path.turn(ticksAfterOrigin: j1)
            if j1 > 2 * Double(BehaviorMotion.gridTicks) {
                let q0 = path.turn(ticksAfterOrigin: j0)
                turnA = q0 - Quaternion.identity
                turnB = age1 > age0 ? (endTurn - q0) / (age1 - age0) : .zero
            } else {
                turnA = path.turnOffset(ticksAfterOrigin: j0)
                turnB = path.turnRate(ticksAfterOrigin: j1) * Ticks.perSecond
            }
        }
        guard !path.keepsSize else { return }
        growthOrigin = path.growth(ticksAfterOrigin: j0)
        growthEnd = path.growth(ticksAfterOrigin: j1)
        growthRate = path.growthRate(ticksAfterOrigin: j1) * Ticks.perSecond
    }

    /// The offset at `age`, on the drift.
    func offset(at age: Double) -> SIMD3<Double> { origin + velocity * (age - start) }
    /// A sphere's radius or a box's half extents: their offsets at `age`, on the drift.
    func growth(at age: Double) -> SIMD3<Double> { growthOrigin + growthRate * (age - start) }
    /// The turn at `age` on the drift (relative to the update's orientation) and its angular
    /// velocity, radians per second.
    func turn(at age: Double) -> (q: SIMD4<Double>, spin: SIMD3<Double>) {
        Quaternion.turn(offset: turnA + turnB * (age - start), rate: turnB)
    }

    /// `p`, a point at `age` on the drift, in the collider's frame as the update places it (less
    /// the offset there, turned back about `centre` by the turn there).
    func local(_ p: SIMD3<Double>, at age: Double, centre: SIMD3<Double>) -> SIMD3<Double> {
        let x = p - offset(at: age)
        return turns ? centre + Quaternion.unrotate(turn(at: age).q, x - centre) : x
    }

    /// A chord's start `p` (a point at `age` on the drift) in the collider's frame (``local(_:at:centre:)``),
    /// and `heading` relative to the surface's point there, turned into that frame: one turn for
    /// both (the test of every chord).
    func chordStart(_ p: SIMD3<Double>, heading: SIMD3<Double>, at age: Double,
                    centre: SIMD3<Double>) -> (point: SIMD3<Double>, heading: SIMD3<Double>) {
        let x = p - offset(at: age)
        guard turns else { return (x, heading - velocity) }
        let (q, spin) = turn(at: age)
        return (centre + Quaternion.unrotate(q, x - centre),
                Quaternion.unrotate(q, heading - (velocity + cross(spin, x - centre))))
    }

    /// `p`, a point at the drift's end, in the collider's frame as the update places it.
    func localAtEnd(_ p: SIMD3<Double>, centre: SIMD3<Double>) -> SIMD3<Double> {
        turns ? centre + Quaternion.unrotate(endTurn, p - end - centre) : p - end
    }

    /// The velocity of the collider's point at `p` (a point at `age` on the drift), points per second.
    func surfaceVelocity(_ p: SIMD3<Double>, at age: Double, centre: SIMD3<Double>) -> SIMD3<Double> {
        turns ? velocity + cross(turn(at: age).spin, p - offset(at: age) - centre) : velocity
    }

    /// A direction `v` of the collider's frame at `age`, turned as the collider is there.
    func world(_ v: SIMD3<Double>, at age: Double) -> SIMD3<Double> {
        turns ? Quaternion.rotate(turn(at: age).q, v) : v
    }

    /// `p`, a point of the collider's frame as the update places it, where it is at the drift's end.
    func atEnd(_ p: SIMD3<Double>, centre: SIMD3<Double>) -> SIMD3<Double> {
        turns ? centre + Quaternion.rotate(endTurn, p - centre) + end : p + end
    }
}

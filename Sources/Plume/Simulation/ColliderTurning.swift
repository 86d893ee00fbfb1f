import Foundation

/// Unit quaternions `(x, y, z, w)` (vector part, then scalar) as the turning of a collider uses
/// them (Semantics §12 "Moving colliders"): a collider's orientation is the frame of its width
/// axis, its normal and their cross product, and its turn over an update is a path of quaternions
/// normalised from straight lines (a normalised linear interpolation, like the position's lines),
/// then a steady turn whose ends the planner places with sine and cosine; along a chord the turn
/// is one normalisation of a line on both simulators (the GPU's steady ends are polynomials).
enum Quaternion {
    /// No turn.
    static let identity = SIMD4<Double>(0, 0, 0, 1)

    /// The orientation whose frame maps x onto `across`, y onto `normal` and z onto
    /// `across × normal` (a right-handed frame of two perpendicular unit vectors).
    static func frame(across x: SIMD3<Double>, normal y: SIMD3<Double>) -> SIMD4<Double> {
        let z = cross(x, y)
        // the matrix's columns are x, y, z; m(r, c) is column c's component r
        let trace = x.x + y.y + z.z
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            return SIMD4((y.z - z.y) / s, (z.x - x.z) / s, (x.y - y.x) / s, s / 4)
        }
        if x.x > y.y && x.x > z.z {
            let s = (1 + x.x - y.y - z.z).squareRoot() * 2
            return SIMD4(s / 4, (y.x + x.y) / s, (z.x + x.z) / s, (y.z - z.y) / s)
        }
        if y.y > z.z {
            let s = (1 + y.y - x.x - z.z).squareRoot() * 2
            return SIMD4((y.x + x.y) / s, s / 4, (z.y + y.z) / s, (z.x - x.z) / s)
        }
        let s = (1 + z.z - x.x - y.y).squareRoot() * 2
        return SIMD4((z.x + x.z) / s, (z.y + y.z) / s, s / 4, (x.y - y.x) / s)
    }

    /// The product `a ⊗ b` (b's turn, then a's).
    static func product(_ a: SIMD4<Double>, _ b: SIMD4<Double>) -> SIMD4<Double> {
        let av = SIMD3(a.x, a.y, a.z), bv = SIMD3(b.x, b.y, b.z)
        let v = bv * a.w + av * b.w + cross(av, bv)
        return SIMD4(v, a.w * b.w - dot(av, bv))
    }

    /// The inverse of a unit quaternion.
    static func conjugate(_ q: SIMD4<Double>) -> SIMD4<Double> { SIMD4(-q.x, -q.y, -q.z, q.w) }

    /// `v` turned by the unit quaternion `q`.
    static func rotate(_ q: SIMD4<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> {
        let u = SIMD3(q.x, q.y, q.z)
        let t = cross(u, v) * 2
        return v + t * q.w + cross(u, t)
    }

    /// `v` turned back by the unit quaternion `q` (by its inverse).
    static func unrotate(_ q: SIMD4<Double>, _ v: SIMD3<Double>) -> SIMD3<Double> { rotate(conjugate(q), v) }

    /// The unit quaternion of `identity + offset` (a point of a turn's path), and its angular
    /// velocity where the offset changes at `rate` (per second): `2·(q̇ ⊗ q*)`'s vector part,
    /// radians per second about its direction.
    static func turn(offset: SIMD4<Double>, rate: SIMD4<Double>) -> (q: SIMD4<Double>, spin: SIMD3<Double>) {
        let m = identity + offset
        let l = (m * m).sum().squareRoot()
        let q = m / l
        let dq = (rate - q * (q * rate).sum()) / l
        let v = SIMD3(q.x, q.y, q.z), dv = SIMD3(dq.x, dq.y, dq.z)
        return (q, (dv * q.w - v * dq.w - cross(dv, v)) * 2)
    }

    /// The turn of angular velocity `spin` (radians per unit of time about its direction) over
    /// `time`.
    static func turning(_ spin: SIMD3<Double>, for time: Double) -> SIMD4<Double> {
        let rate = length(spin)
        guard rate > 0 else { return identity }
        let half = rate * time / 2
        return SIMD4(spin * (sin(half) / rate), cos(half))
    }

    /// The angular velocity of the turn from `q0` to `q1` over `ticks`, radians per tick about its
    /// direction (the shorter way: `q1` on `q0`'s side).
    static func spin(from q0: SIMD4<Double>, to q1: SIMD4<Double>, over ticks: Double) -> SIMD3<Double> {
        let d = product(q1, conjugate(q0))
        let v = SIMD3(d.x, d.y, d.z), s = length(v)
        guard s > 0, ticks > 0 else { return .zero }
        return v * (2 * atan2(s, d.w) / (s * ticks))
    }

    /// The length of the difference of two unit quaternions a turn of `angle` radians apart
    /// (`2 sin(angle/4)`).
    static func chord(ofTurn angle: Double) -> Double { 2 * sin(angle / 4) }
}

extension ColliderSweep {
    /// The largest turn a collider's orientation may take in one update, radians: a quarter turn.
    /// Beyond it (or where the layer's teleport distance is 0) the turn is a jump (Semantics §12
    /// "Moving colliders").
    public static let maximumTurn = Double.pi / 2

    /// The point `j` ticks after ``origin`` of the path of lines through `start` (before the
    /// origin), `first` at one grid step, `second` at two, then on at `velocity` per tick: the sum
    /// of the lines, each clamped to its step (the GPU's branch-free form).
    static func along<V: SIMD>(_ start: V, _ first: V, _ second: V, _ velocity: V, ticksAfterOrigin j: Double) -> V
    where V.Scalar == Double {
        let step = Double(BehaviorMotion.gridTicks), n = j / step
        let a = (first - start) * Swift.min(Swift.max(n, 0), 1)
        let b = (second - first) * Swift.min(Swift.max(n - 1, 0), 1)
        return start + a + b + velocity * (step * Swift.max(n - 2, 0))
    }

    /// The rate of that path over the line that ends at `j` ticks after ``origin`` (a chord lies on
    /// one line, and one of no length takes the line that reaches it), per tick.
    static func slope<V: SIMD>(_ start: V, _ first: V, _ second: V, _ velocity: V, ticksAfterOrigin j: Double) -> V
    where V.Scalar == Double {
        let step = Double(BehaviorMotion.gridTicks)
        if j <= 0 { return .zero }
        if j <= step { return (first - start) / step }
        if j <= 2 * step { return (second - first) / step }
        return velocity
    }

    /// The turn `j` ticks after ``origin``, relative to the update's orientation: a unit
    /// quaternion (the normalised lines' point up to two grid steps on, then the steady turn on
    /// from there).
    public func turn(ticksAfterOrigin j: Double) -> SIMD4<Double> {
        let twoSteps = 2 * Double(BehaviorMotion.gridTicks)
        let q = Quaternion.turn(offset: turnOffset(ticksAfterOrigin: Swift.min(j, twoSteps)), rate: .zero).q
        return j > twoSteps ? Quaternion.product(Quaternion.turning(turnSpin, for: j - twoSteps), q) : q
    }

    /// The lines' offset from the identity `j` ticks after ``origin`` (up to two grid steps on).
    func turnOffset(ticksAfterOrigin j: Double) -> SIMD4<Double> {
        Self.along(turnStart, turnFirst, turnSecond, .zero, ticksAfterOrigin: j)
    }

    /// The rate of the turn's offset over the line that ends at `j` ticks after ``origin`` (at
    /// most two grid steps), per tick.
    func turnRate(ticksAfterOrigin j: Double) -> SIMD4<Double> {
        Self.slope(turnStart, turnFirst, turnSecond, .zero, ticksAfterOrigin: j)
    }

    /// True when the collider keeps its orientation over every chord.
    public var keepsOrientation: Bool {
        turnStart == .zero && turnFirst == .zero && turnSecond == .zero && turnSpin == .zero
    }
}

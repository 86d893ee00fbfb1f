/// How an animation's progress maps to its value: a cubic Bézier from (0, 0) to (1, 1)
/// (`CAMediaTimingFunction`). Semantics §9.
public struct TimingFunction: Hashable, Sendable {
    /// The two inner control points, `(c1x, c1y, c2x, c2y)`; x values are clamped to [0, 1].
    public let controlPoints: (Double, Double, Double, Double)

    /// A custom curve through the control points `(c1x, c1y)` and `(c2x, c2y)`.
    public init(controlPoints c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
        func clamp(_ v: Double) -> Double { v.isFinite ? min(max(v, 0), 1) : 0 }
        func finite(_ v: Double) -> Double { v.isFinite ? v : 0 }
        controlPoints = (clamp(c1x), finite(c1y), clamp(c2x), finite(c2y))
    }

    /// Constant speed.
    public static let linear = TimingFunction(controlPoints: 0, 0, 1, 1)
    /// Starts slowly.
    public static let easeIn = TimingFunction(controlPoints: 0.42, 0, 1, 1)
    /// Ends slowly.
    public static let easeOut = TimingFunction(controlPoints: 0, 0, 0.58, 1)
    /// Starts and ends slowly.
    public static let easeInEaseOut = TimingFunction(controlPoints: 0.42, 0, 0.58, 1)
    /// Core Animation's default curve.
    public static let `default` = TimingFunction(controlPoints: 0.25, 0.1, 0.25, 1)

    /// The curve's value for progress `x` in [0, 1]: solves `x(s) = x` on the Bézier, returns `y(s)`.
    public func value(at x: Double) -> Double {
        let x = min(max(x.isFinite ? x : 0, 0), 1)
        if x == 0 || x == 1 || self == .linear { return x }
        let (ax, ay, bx, by) = controlPoints
        func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        // x(s) is monotonic for control x in [0, 1]: bisection is exact enough and always converges.
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if bezier(mid, ax, bx) < x { lo = mid } else { hi = mid }
        }
        return bezier((lo + hi) / 2, ay, by)
    }

    public static func == (a: TimingFunction, b: TimingFunction) -> Bool {
        a.controlPoints == b.controlPoints
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(controlPoints.0)
        hasher.combine(controlPoints.1)
        hasher.combine(controlPoints.2)
        hasher.combine(controlPoints.3)
    }
}

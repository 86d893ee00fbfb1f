import Foundation

/// A piecewise-linear curve over normalised age `x ∈ [0, 1]` (Semantics §12): the values joined
/// linearly between their locations, the first value before the first location, the last after
/// the last. Its integral is piecewise quadratic and computed exactly.
public struct BehaviorCurve: Hashable, Sendable {
    /// Non-decreasing locations in [0, 1], as many as ``values`` (at least one).
    public var locations: [Double]
    /// The curve's value at each location (linear in between, held beyond the ends).
    public var values: [Double]

    /// A curve of one or more values at the given locations (or evenly spaced from 0 to 1).
    /// Callers validate first (see ``ResolvedBehaviors``).
    init(values: [Double], locations: [Double]?) {
        self.values = values
        if let locations {
            self.locations = locations
        } else if values.count == 1 {
            self.locations = [0]
        } else {
            self.locations = values.indices.map { Double($0) / Double(values.count - 1) }
        }
    }

    /// The value at normalised age `x`.
    public func value(at x: Double) -> Double {
        if x <= locations[0] { return values[0] }
        for i in 1..<locations.count where x < locations[i] {
            let (x0, x1) = (locations[i - 1], locations[i])
            let f = (x - x0) / (x1 - x0)
            return values[i - 1] + (values[i] - values[i - 1]) * f
        }
        return values[values.count - 1]
    }

    /// `∫₀^x value(ξ) dξ` for `x ≥ 0` (the constant ends extend the integral linearly).
    public func integral(to x: Double) -> Double {
        var sum = 0.0
        var prevX = 0.0
        var prevV = values[locations.lastIndex { $0 <= 0 } ?? 0]
        // Breakpoints inside (0, x) (a repeated location, a step, adds a zero-width piece), then x.
        for i in locations.indices where locations[i] > 0 && locations[i] < x {
            sum += (locations[i] - prevX) * (prevV + values[i]) / 2
            prevX = locations[i]
            prevV = values[i]
        }
        sum += (x - prevX) * (prevV + value(at: x)) / 2
        return sum
    }
}

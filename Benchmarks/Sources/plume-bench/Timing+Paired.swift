import Foundation
import Plume
@_spi(Benchmarks) import PlumeGL

/// A behaviour's cost as a ratio measured so that the ratio, not either time alone, is what the
/// repetitions agree on: two GPU simulators, the plain layer's and the behaviour's, advance in
/// turns (ABBA order, so neither always runs first, after the other's caches or while the
/// machine's load rises), each round gives one ratio, and the figure is the median ratio with the
/// spread of all rounds beside it. A plain layer paired with itself gives the noise floor.
struct PairedRatio {
    /// The median of the rounds' ratios (other ÷ base, per frame of the same live count).
    var median: Double
    /// The smallest and largest round's ratio.
    var low: Double, high: Double
    /// The median seconds per frame of each simulator.
    var base: Double, other: Double

    /// "median (low–high)", two decimals.
    var text: String { String(format: "%.2f (%.2f–%.2f)", median, low, high) }
}

extension Timer {
    /// ``PairedRatio`` of the update alone (no draw) of `other` against `base`: `rounds` rounds
    /// after `warmup` untimed frames of each.
    func pairedUpdate(base: EmitterLayer, other: EmitterLayer, live: Int, rounds: Int) throws -> PairedRatio {
        let a = try GPUSimulator(layer: base, context: context, limits: Workloads.limits(live))
        defer { a.release() }
        let b = try GPUSimulator(layer: other, context: context, limits: Workloads.limits(live))
        defer { b.release() }
        var ta = 0.0, tb = 0.0
        try a.advance(to: ta)
        try b.advance(to: tb)
        for _ in 0..<warmup {
            ta += 1.0 / 60
            tb += 1.0 / 60
            try a.advance(to: ta)
            try b.advance(to: tb)
        }
        func frame(_ s: GPUSimulator, _ t: inout Double) throws -> Double {
            t += 1.0 / 60
            try context.finish()
            let start = clock.now()
            try s.advance(to: t)
            try context.finish()
            return Double(clock.now() - start) / 1e9
        }
        var ratios: [Double] = [], timesA: [Double] = [], timesB: [Double] = []
        for round in 0..<rounds {
            let (x, y): (Double, Double)
            if round % 2 == 0 {
                x = try frame(a, &ta)
                y = try frame(b, &tb)
            } else {
                y = try frame(b, &tb)
                x = try frame(a, &ta)
            }
            timesA.append(x)
            timesB.append(y)
            ratios.append(y / x)
        }
        return PairedRatio(median: Self.median(ratios), low: ratios.min() ?? .nan, high: ratios.max() ?? .nan,
                           base: Self.median(timesA), other: Self.median(timesB))
    }
}

import Foundation

/// The emission clock of one cell (top level) or of one (parent particle, sub-cell) pair. Semantics §3.
///
/// The clock's value advances by `rate · dt`; a particle is born each time it crosses an integer,
/// at the tick (``Ticks``) nearest the crossing (a crossing half a tick after a tick goes to the
/// next); the crossing at 0 does not count, so the first birth of a fresh clock comes `1/rate`
/// (to the nearest tick) after the cell becomes active, where a host time of `1/rate` also lands. The value is a fixed-point number: the rate is ``Ticks/clockStep(rate:)`` (clock units
/// per tick in 32.32 fixed point), and the clock keeps only the fraction of the way to the next
/// crossing (32 bits). Advancing by `n` ticks adds `step · n`: integer arithmetic, exact and
/// associative, so the births do not depend on how the host splits time into updates, and a rate
/// change simply continues from the current value (Core Animation's behaviour when `birthRate`
/// is animated).
///
/// The GPU runs the same clock for sub-cells (`Shaders/plume_clock.glsl`) with 32-bit integers;
/// every quantity here is an exact integer function of the state and the ticks, so both agree
/// bit for bit.
///
/// Time here is the cell's parent time base in ticks: layer time for top-level cells, the parent's
/// age for sub-cells.
public struct EmissionClock: Hashable, Sendable {
    /// Parent time (ticks) up to which emission has been processed.
    public private(set) var processedUntil: Int64
    /// True while the clock runs (the cell is active with a positive rate).
    public private(set) var isRunning = false
    /// The clock value's fractional part (0.32 fixed point) at `processedUntil`.
    public private(set) var fraction: UInt32 = 0
    /// Serial of the last birth (serials start at 1 and wrap after 2³² − 1).
    public private(set) var lastSerial: UInt32 = 0

    /// A clock that has processed nothing before `origin` (`Int64.min`: all history).
    public init(origin: Int64) {
        processedUntil = origin
    }

    /// A clock in a given state (the GPU's record of a sub-cell clock).
    public init(processedUntil: Int64, isRunning: Bool, fraction: UInt32, lastSerial: UInt32) {
        self.processedUntil = processedUntil
        self.isRunning = isRunning
        self.fraction = fraction
        self.lastSerial = lastSerial
    }

    /// The births of one update: the clock's crossings `skipped + 1 … skipped + count` after `base`.
    /// Its `fraction` is the clock's fraction at `base` plus half a step (mod 1): crossing `k` is then
    /// born at the first tick `a` with `fraction + step·(a − base) ≥ k·2³²`, the tick nearest it.
    public struct Births: Sendable {
        /// Serial of the first birth.
        public var firstSerial: UInt32
        /// Number of births.
        public var count: UInt64
        /// Births passed over by the catch-up rule before the first one (their serials are consumed).
        public var skipped: UInt64
        /// The tick from which the crossings are counted, the clock's fraction there and its step.
        public fileprivate(set) var base: Int64
        /// The clock's 32-bit fraction at `base`, plus half a step.
        public fileprivate(set) var fraction: UInt32
        /// The clock's step per tick (``Ticks/clockStep(rate:)``).
        public fileprivate(set) var step: UInt64

        /// The tick of the `i`-th birth (0-based): `base + ⌈(k·2³² − fraction) / step⌉` for crossing
        /// `k = skipped + 1 + i`.
        public func tick(_ i: UInt64) -> Int64 {
            let k = UInt128(skipped) + 1 + UInt128(i)
            let n = (k << 32) - UInt128(fraction)
            let q = (n + UInt128(step) - 1) / UInt128(step)
            return base &+ Int64(truncatingIfNeeded: q)
        }

        /// The births from the `j`-th on in the form the GPU's birth pass evaluates (`birth.geom`):
        /// the `j`-th birth's tick `first`, and `excess`, how far the clock value is past its
        /// crossing there (32.32 fixed point, below `step`); birth `j + i` is at
        /// `first + ⌈(i·2³² − excess) / step⌉` (0 when that is not positive), which equals ``tick(_:)``.
        public func batch(from j: UInt64 = 0) -> (first: Int64, excess: UInt64) {
            let k = UInt128(skipped) + 1 + UInt128(j)
            let n = (k << 32) - UInt128(fraction)
            let q = (n + UInt128(step) - 1) / UInt128(step)
            return (base &+ Int64(truncatingIfNeeded: q), UInt64(q * UInt128(step) - n))
        }

        /// The index of the first birth at or after tick `t` (`count` when none is).
        public func firstBirth(atOrAfter t: Int64) -> UInt64 {
            var lo: UInt64 = 0, hi = count
            while lo < hi {
                let mid = lo + (hi - lo) / 2
                if tick(mid) >= t { hi = mid } else { lo = mid + 1 }
            }
            return lo
        }

        /// Serial of the `i`-th birth.
        public func serial(_ i: Int) -> UInt32 { firstSerial &+ UInt32(truncatingIfNeeded: i) }

        static let none = Births(firstSerial: 1, count: 0, skipped: 0, base: 0, fraction: 0, step: 1)

        /// `count` births at one tick with consecutive serials from `firstSerial` (a burst's cycle,
        /// Semantics §13): a clock so fast (step 2⁶³, just before its first crossing) that every
        /// crossing falls on `tick`; in the GPU's form (``batch(from:)``) the excess is so large that
        /// every offset is 0 (for counts below 2³¹).
        public static func burst(tick: Int64, firstSerial: UInt32, count: UInt64) -> Births {
            Births(firstSerial: firstSerial, count: count, skipped: 0, base: tick &- 1, fraction: 0, step: 1 << 63)
        }
    }

    /// Crossings in ticks `1 … m` after a point where the value's fraction is `f`: `⌊(f + step·m) / 2³²⌋`,
    /// saturated to `UInt64.max`.
    static func crossings(_ f: UInt32, _ step: UInt64, _ m: Int64) -> UInt64 {
        guard m > 0 else { return 0 }
        let c = (UInt128(f) + UInt128(step) * UInt128(m)) >> 32
        return c > UInt128(UInt64.max) ? .max : UInt64(c)
    }

    /// Advances the clock to parent tick `t1` and returns the births in `(processedUntil, t1]`.
    ///
    /// - Parameters:
    ///   - t1: the parent tick to advance to.
    ///   - step: the rate as ``Ticks/clockStep(rate:)`` (0 stops and resets the clock).
    ///   - window: parent-time interval `[start, end)` of ticks in which the cell is active.
    ///   - deadline: births must come strictly before this tick (the parent's death), if any.
    ///   - maxLifetime: the catch-up threshold in ticks: when the clock is more than this and more
    ///     than 32 births behind, births before `t1 − maxLifetime` are skipped (they are dead).
    public mutating func advance(to t1: Int64, step: UInt64, window: (start: Int64, end: Int64),
                                 deadline: Int64 = .max, maxLifetime: Int64) -> Births {
        let t0 = processedUntil
        guard t1 > t0 else { return .none }
        processedUntil = t1
        guard step > 0, window.start < window.end else {
            reset()
            return .none
        }
        if isRunning && t0 >= window.end { reset() }
        let start = isRunning ? t0 : max(window.start, t0)
        // Nothing to do before the window opens, or if it is already over.
        let stop = min(window.end, deadline)
        guard start <= t1, start < stop else {
            if window.end <= t1 { reset() }
            return .none
        }
        if !isRunning {
            isRunning = true
            fraction = 0
        }
        // Births at ticks start+1 … min(t1, stop − 1); the catch-up skips those before t1 − maxLifetime.
        // Counted with half a step added, so each crossing goes to its nearest tick.
        let span = t1 - start
        let g = fraction &+ UInt32(truncatingIfNeeded: step >> 1)
        let total = Self.crossings(g, step, min(span, stop - 1 - start))
        var skipped: UInt64 = 0
        if span > maxLifetime && total > 32 {
            skipped = min(Self.crossings(g, step, span - maxLifetime - 1), total)
        }
        let births = Births(firstSerial: lastSerial &+ 1 &+ UInt32(truncatingIfNeeded: skipped),
                            count: total - skipped, skipped: skipped, base: start, fraction: g, step: step)
        fraction = fraction &+ UInt32(truncatingIfNeeded: step &* UInt64(truncatingIfNeeded: span))
        lastSerial = lastSerial &+ UInt32(truncatingIfNeeded: total)
        if window.end <= t1 { reset() }
        return births
    }

    private mutating func reset() {
        isRunning = false
        fraction = 0
    }
}

extension UInt64 {
    /// The whole part of a non-negative count, saturating at `UInt64.max` (absurd rates × times
    /// must not trap).
    public init(clamping value: Double) {
        if !(value > 0) { self = 0 } else if value >= 1.8e19 { self = .max } else { self = UInt64(value) }
    }
}

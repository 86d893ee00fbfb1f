import Foundation

/// The emission clock of one cell (top level) or of one (parent particle, sub-cell) pair. SPEC §3.
///
/// The clock advances by `rate · dt`; a particle is born each time it crosses an integer, at the
/// exact crossing time; the crossing at 0 does not count, so the first birth of a fresh clock
/// comes `1/rate` after the cell becomes active. The clock is kept as a *segment* — a start time,
/// the clock value there and a constant rate — and evaluated in closed form, so a crossing that
/// falls exactly on a frame time is found the same way at every frame rate. A new segment starts
/// only when the rate changes.
///
/// Time here is the cell's parent time base: layer local time for top-level cells, the parent's
/// age for sub-cells.
public struct EmissionClock: Hashable, Sendable {
    /// Parent time up to which emission has been processed.
    public private(set) var processedUntil: Double
    /// True while the clock runs (the cell is active with a positive rate).
    public private(set) var isRunning = false
    private var segmentStart = 0.0
    private var clockAtStart = 0.0
    private var rate = 0.0
    /// Integer crossings already emitted since the clock last started from 0.
    private var crossings = 0.0
    /// Serial of the last birth (serials start at 1 and wrap after 2³² − 1).
    public private(set) var lastSerial: UInt32 = 0

    /// A clock that has processed nothing before `origin` (use `-.infinity` for "all history").
    public init(origin: Double) {
        processedUntil = origin
    }

    /// The births of one update: crossings `first…first+count−1` of the current segment.
    public struct Births: Sendable {
        /// Serial of the first birth.
        public var firstSerial: UInt32
        /// Number of births (an exact integer, possibly huge for absurd rates).
        public var count: Double
        /// Births passed over by the catch-up rule before the first one.
        public var skipped: Double
        /// Index of the first birth's crossing in the current clock run.
        public fileprivate(set) var firstCrossing: Double
        /// The segment the births lie in: start time, clock value there, rate.
        public fileprivate(set) var segmentStart: Double
        public fileprivate(set) var clockAtStart: Double
        public fileprivate(set) var rate: Double
        /// The parent time the clock advanced to: no birth lies after it, even where the grid
        /// formula rounds one ulp past it (at t ≈ 10¹² an ulp is 1.2e-4 s), so ages are never
        /// negative.
        public fileprivate(set) var until: Double

        /// `1 / rate`: birth times multiply by it, so the GPU (whose double division may not be
        /// correctly rounded) computes them bit for bit like the CPU.
        public var inverseRate: Double { 1 / rate }

        /// Exact birth time of the `i`-th birth (0-based).
        public func time(_ i: Int) -> Double {
            min(segmentStart + (firstCrossing + Double(i) - clockAtStart) * inverseRate, until)
        }

        /// Serial of the `i`-th birth.
        public func serial(_ i: Int) -> UInt32 { firstSerial &+ UInt32(truncatingIfNeeded: i) }

        static let none = Births(firstSerial: 1, count: 0, skipped: 0, firstCrossing: 0, segmentStart: 0,
                                 clockAtStart: 0, rate: 1, until: 0)
    }

    /// Advances the clock to parent time `t1` and returns the births in `(processedUntil, t1]`.
    ///
    /// - Parameters:
    ///   - rate: births per unit of parent time in this update (≤ 0 stops and resets the clock).
    ///   - window: parent-time interval `[start, end)` in which the cell is active.
    ///   - deadline: births must come strictly before this time (the parent's death), if any.
    ///   - maxLifetime: the catch-up threshold: when the clock is more than this and more than
    ///     32 births behind, births older than `t1 − maxLifetime` are skipped (they are dead).
    public mutating func advance(to t1: Double, rate r: Double, window: (start: Double, end: Double),
                                 deadline: Double = .infinity, maxLifetime: Double) -> Births {
        let t0 = processedUntil
        guard t1 > t0 else { return .none }
        processedUntil = t1
        guard r > 0, r.isFinite, window.start < window.end else {
            reset()
            return .none
        }
        if isRunning && t0 >= window.end { reset() }
        let startCandidate: Double
        if isRunning {
            if r != rate {   // a new segment at the frame boundary, continuing the clock's value
                clockAtStart = value(at: t0)
                segmentStart = t0
                rate = r
            }
            startCandidate = t0
        } else {
            startCandidate = max(window.start, t0)
        }
        // Nothing to do before the window opens, or if it is already over.
        let stop = min(window.end, deadline)
        guard startCandidate <= t1, startCandidate < stop else {
            if window.end <= t1 { reset() }
            return .none
        }
        if !isRunning {
            isRunning = true
            segmentStart = startCandidate
            clockAtStart = 0
            crossings = 0
            rate = r
        }
        // Crossings k with k ≤ c(t1) and time(k) < stop (the stop is checked on the birth time
        // itself, so rounding in the clock cannot put a birth at the parent's death).
        var last = value(at: t1).rounded(.down)
        if stop <= t1 {
            var k = min(last, value(at: stop).rounded(.up))
            while k > crossings, time(of: k) >= stop { k -= 1 }
            last = k
        }
        var first = crossings + 1
        var skipped = 0.0
        let behind = t1 - max(segmentStart, t0 == -.infinity ? segmentStart : t0)
        if behind > maxLifetime && last - first + 1 > 32 {
            let firstKept = max(first, value(at: t1 - maxLifetime).rounded(.up))
            skipped = min(firstKept, last + 1) - first
            first = firstKept
        }
        let count = max(0, last - first + 1)
        let firstSerial = lastSerial &+ 1 &+ UInt32(truncatingIfNeeded: UInt64(clamping: max(0, skipped)))
        let births = Births(firstSerial: firstSerial, count: count, skipped: max(0, skipped), firstCrossing: first,
                            segmentStart: segmentStart, clockAtStart: clockAtStart, rate: rate, until: t1)
        let consumed = count + max(0, skipped)
        crossings += consumed
        lastSerial = lastSerial &+ UInt32(truncatingIfNeeded: UInt64(clamping: consumed))
        if window.end <= t1 { reset() }
        return births
    }

    /// The time of crossing `k` in the current segment.
    private func time(of k: Double) -> Double { segmentStart + (k - clockAtStart) * (1 / rate) }

    /// The clock value at parent time `t` in the current segment.
    private func value(at t: Double) -> Double { clockAtStart + rate * (t - segmentStart) }

    private mutating func reset() {
        isRunning = false
        clockAtStart = 0
        crossings = 0
        rate = 0
    }
}

extension UInt64 {
    /// The whole part of a non-negative count, saturating at `UInt64.max` (absurd rates × times
    /// must not trap).
    public init(clamping value: Double) {
        if !(value > 0) { self = 0 } else if value >= 1.8e19 { self = .max } else { self = UInt64(value) }
    }
}

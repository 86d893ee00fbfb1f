import Foundation

/// One of a cell's ``EmitterBurst``s as an update uses it (Semantics §13): validated, in ticks of
/// the cell's parent time base.
public struct ResolvedBurst: Hashable, Sendable {
    /// The burst's index in the cell's `bursts` (its probability draws hash it).
    public var index: Int
    /// Ticks from the start of the cell's window to the first cycle (`time / speed`), ≥ 0.
    public var offset: Int64
    /// Ticks between cycles (`interval / speed`), ≥ 1.
    public var interval: Int64
    /// Cycles to fire; `Int64.max`: while the cell is active.
    public var cycles: Int64
    /// Particles per cycle (× the layer's `birthRate`, rounded), 0…10⁶.
    public var count: Int64
    /// The chance a cycle fires as a threshold on a 24-bit draw: it fires when `hash >> 8 < threshold`
    /// (`probability · 2²⁴` rounded; 2²⁴ always fires).
    public var threshold: UInt32

    /// The most particles one cycle may make.
    public static let maxCount = 1_000_000

    /// Whether cycle `k` fires: a draw of the layer's `seed` keyed by the cell, the burst and the
    /// cycle (Semantics §13), the same on every simulator and at every frame rate.
    public func fires(cycle k: Int64, cellIndex: Int, seed: UInt32) -> Bool {
        if threshold >= 1 << 24 { return true }
        let key = ParticleKey.child(of: ParticleKey(lo: UInt32(truncatingIfNeeded: k), hi: UInt32(truncatingIfNeeded: k >> 32)),
                                    cellIndex: UInt32(truncatingIfNeeded: cellIndex), serial: UInt32(truncatingIfNeeded: index))
        return ParticleHash.hash(seed: seed, key: key, draw: Self.probabilityDraw) >> 8 < threshold
    }

    /// The draw index of the probability draws (outside ``DrawIndex``: no particle draws it).
    public static let probabilityDraw: UInt32 = 0xB0B5_7000
}

extension ResolvedBurst {
    /// Resolves `burst` (index `index` of its cell) for a cell whose own time runs at `speed` and
    /// whose layer's `birthRate` is `layerRate`; nil (reported) when it cannot fire.
    init?(_ burst: EmitterBurst, index: Int, speed: Double, layerRate: Double, prefix: String,
          report: inout DiagnosticCollector) {
        let key = prefix + "bursts[\(index)]."
        guard burst.time.isFinite, burst.time >= 0, abs(burst.time) <= TimingModel.maxTime else {
            report.add(key + "time", burst.time, "must be finite, in 0…\(TimingModel.maxTime) s; the burst does not fire", .ignored)
            return nil
        }
        guard speed > 0 else { return nil }   // a paused cell: no time passes, nothing fires
        self.index = index
        offset = Ticks.from(burst.time / speed)
        var cycles = Int64(burst.cycles)
        if cycles < 0 {
            report.add(key + "cycles", burst.cycles, "is negative; 1 is used", .replaced)
            cycles = 1
        }
        interval = 1
        if cycles != 1 {
            let ticks = burst.interval.isFinite ? Ticks.from(burst.interval / speed) : 0
            if ticks >= 1 {
                interval = ticks
            } else {
                report.add(key + "interval", burst.interval,
                           "must be at least one tick (2⁻¹⁶ s of parent time) to repeat; the burst fires once", .replaced)
                cycles = 1
            }
        }
        self.cycles = cycles == 0 ? .max : cycles
        var count = burst.count
        if count < 0 {
            report.add(key + "count", burst.count, "is negative; 0 is used", .replaced)
            count = 0
        } else if count > Self.maxCount {
            report.add(key + "count", burst.count, "is above \(Self.maxCount); \(Self.maxCount) is used", .replaced)
            count = Self.maxCount
        }
        self.count = Int64((Double(count) * max(layerRate, 0)).rounded())
        var p = burst.probability
        if !(p >= 0 && p <= 1) {
            report.add(key + "probability", burst.probability, "must be in 0…1; clamped (NaN: 0)", .replaced)
            p = p.isNaN ? 0 : min(max(p, 0), 1)
        }
        threshold = UInt32((p * 16_777_216).rounded())
    }

    /// The tick of cycle `k` for a window starting at `start` (saturating).
    func tick(cycle k: Int64, start: Int64) -> Int64 {
        let (product, overflow) = k.multipliedReportingOverflow(by: interval)
        if overflow { return .max }
        let (t, o) = start.addingReportingOverflow(offset)
        if o { return .max }
        let (r, o2) = t.addingReportingOverflow(product)
        return o2 ? .max : r
    }

    /// The first cycle whose tick is above `t` (`cycles` when none is), for a window starting at `start`.
    func firstCycle(after t: Int64, start: Int64) -> Int64 {
        let first = start &+ offset
        if t < first { return 0 }
        let k = (t - first) / interval + 1
        return min(k, cycles)
    }
}

/// The burst state of one top-level cell (Semantics §13): how far its bursts have fired and the
/// serial of the last particle they made. Both simulators advance it on the host, so they make
/// the same births.
///
/// Burst particles take serials of their own, `2³¹ + n` for the cell's `n`-th burst particle
/// (wrapping after 2³² − 1, as the clock's do), so they share no key with the cell's `birthRate`
/// births (serials from 1) before 2³¹ of either. Cycles fire in time order (the bursts' index order at
/// one tick); every cycle takes `count` serials, fired or not (a probability draw that fails makes
/// no particle), so the serials do not depend on how the host splits time.
public struct BurstClock: Hashable, Sendable {
    /// Parent tick up to which the bursts have fired.
    public private(set) var processedUntil: Int64
    /// Burst particles counted so far (the next one's serial is `2³¹ + (made mod 2³¹)`).
    public private(set) var made: UInt64 = 0

    /// A clock that has fired nothing before `origin` (`Int64.min`: all history).
    public init(origin: Int64) { processedUntil = origin }

    /// The first serial of burst particles.
    public static let firstSerial: UInt32 = 1 << 31

    /// The serial of burst particle number `n` (0-based).
    static func serial(_ n: UInt64) -> UInt32 { firstSerial &+ UInt32(truncatingIfNeeded: n) }

    /// One update's firings.
    public struct Firings: Sendable {
        /// The cycles that fire, in time order, each as the births of one tick
        /// (``EmissionClock/Births/burst(tick:firstSerial:count:)``).
        public var births: [EmissionClock.Births] = []
        /// Particles passed over by the catch-up rule (cycles whose particles are all dead at the
        /// update's end).
        public var skipped: UInt64 = 0
    }

    /// Fires the cycles of `bursts` whose ticks lie in `(processedUntil, t1]` and in `window`.
    /// Cycles at or before `t1 − maxLifetime` are dead at `t1` and are skipped (their serials
    /// are consumed), in closed form, so a seek far into a repeating burst costs what the live
    /// cycles cost.
    public mutating func advance(to t1: Int64, bursts: [ResolvedBurst], window: (start: Int64, end: Int64),
                                 maxLifetime: Int64, cellIndex: Int, seed: UInt32) -> Firings {
        let t0 = processedUntil
        guard t1 > t0 else { return Firings() }
        processedUntil = t1
        var result = Firings()
        guard !bursts.isEmpty, window.start < window.end else { return result }
        let last = min(t1, window.end - 1)              // the last tick that may fire
        let (difference, overflow) = t1.subtractingReportingOverflow(maxLifetime)
        let dead = overflow ? Int64.min : difference      // a cycle at or before it is dead at t1
        // Per burst: the cycles in (t0, last], split at `dead`.
        var live: [(tick: Int64, burst: Int, cycle: Int64)] = []
        for (b, burst) in bursts.enumerated() {
            let from = burst.firstCycle(after: t0, start: window.start)
            let to = burst.firstCycle(after: last, start: window.start)     // exclusive
            guard to > from else { continue }
            let firstLive = max(from, min(to, burst.firstCycle(after: dead, start: window.start)))
            let skippedCycles = UInt64(firstLive - from)
            made &+= skippedCycles &* UInt64(burst.count)
            result.skipped &+= skippedCycles &* UInt64(burst.count)
            var k = firstLive
            while k < to {
                live.append((burst.tick(cycle: k, start: window.start), b, k))
                k += 1
            }
        }
        live.sort { ($0.tick, $0.burst) < ($1.tick, $1.burst) }
        for (tick, b, k) in live {
            let burst = bursts[b]
            let first = Self.serial(made)
            made &+= UInt64(burst.count)
            guard burst.count > 0, burst.fires(cycle: k, cellIndex: cellIndex, seed: seed) else { continue }
            result.births.append(.burst(tick: tick, firstSerial: first, count: UInt64(burst.count)))
        }
        return result
    }
}

import Foundation

/// The simulation's clock resolution: both simulators count time in integer *ticks* of 2⁻¹⁶ s
/// (about 15.3 µs). Semantics §3, §5, §8.
///
/// The host's clock (`advance(to:)`) is a `Double` in seconds; each update's layer time is rounded
/// to the nearest tick, and births, ages, lifetimes and the windows of cells are whole ticks. All
/// the arithmetic that decides *which* particles exist (emission, the catch-up rule, death) is
/// integer arithmetic on ticks, the same on the CPU reference (Swift integers) and on the GPU
/// (32-bit integers in GLSL, no `double`), so both simulators agree on every identity at any
/// host clock. Positions, velocities and the other attributes are evaluated in seconds
/// (`ticks · 2⁻¹⁶`, exact in `Double` and, below 256 s of age, in `Float`).
///
/// Ranges (documented limits, equal on both simulators):
/// * a lifetime is below 2³⁰ ticks (16384 s, about 4.5 hours; ``LifetimeTicks``); ages count
///   up to 2³¹ − 1 ticks and stay there (a particle that old is dead);
/// * layer time is any `Double` within ±3.5·10¹³ s (2⁶¹ ticks).
public enum Ticks {
    /// Ticks per second: 2¹⁶.
    public static let perSecond = 65536.0
    /// Seconds per tick: 2⁻¹⁶.
    public static let seconds = 1.0 / 65536
    /// The largest age: 2³¹ − 1 ticks (32768 s); ages saturate there (lifetimes stay below 2³⁰).
    public static let maxAge: Int64 = Int64(Int32.max)
    /// The layer-time range held in ticks: ±2⁶¹ ticks.
    static let limit: Int64 = 1 << 61

    /// The tick nearest to `t` seconds (±∞ and out-of-range values saturate; NaN is 0).
    public static func from(_ t: Double) -> Int64 {
        let x = (t * perSecond).rounded()
        if x.isNaN { return 0 }
        if x >= Double(limit) { return limit }
        if x <= -Double(limit) { return -limit }
        return Int64(x)
    }

    /// `ticks` in seconds.
    public static func time(_ ticks: Int64) -> Double { Double(ticks) * seconds }

    /// The rate of an emission clock: clock units per tick as a 32.32 fixed-point number,
    /// `rate · 2⁻¹⁶ · 2³²` = `rate · 2¹⁶` rounded, saturated to `2⁶³`; 0 (no emission) for `rate ≤ 0`,
    /// NaN or ∞, or a rate below 2⁻¹⁷ per second (less than one birth in 36 hours).
    public static func clockStep(rate: Double) -> UInt64 {
        guard rate > 0, rate.isFinite else { return 0 }
        let d = (rate * perSecond).rounded()
        if d < 1 { return 0 }
        if d >= 9.223372036854775807e18 { return 1 << 63 }
        return UInt64(d)
    }
}

/// How a particle's lifetime is drawn in ticks (Semantics §4): `L = (lifetime ± range) × multiplier`
/// as the integer `base + trunc(u₂₄ · span / 2²⁴)`, where `u₂₄ = hash >> 8` is the particle's
/// lifetime draw (`U(h) = u₂₄ · 2⁻²⁴`), `base` the lifetime at `u = 0` and `span` the range, both
/// rounded to ticks and each cut to ±2²⁹ ticks (8192 s), so a lifetime is below 2³⁰ ticks. Integer arithmetic, so the GPU draws
/// the same lifetime bit for bit; `L ≤ 0` means the particle is not created.
public struct LifetimeTicks: Hashable, Sendable {
    /// The shortest lifetime drawn, `(lifetime − range/2)·multiplier` in ticks.
    public var base: Int32
    /// The range drawn over, `range·multiplier` in ticks (0: every particle gets `base`).
    public var span: Int32

    static let cut: Int64 = 1 << 29

    /// The lifetimes of a cell whose `lifetime` and `lifetimeRange` are given in seconds, times
    /// the layer's `lifetime` multiplier.
    public init(lifetime: Double, range: Double, multiplier: Double) {
        func ticks(_ t: Double) -> Int32 { Int32(min(max(Ticks.from(t), -Self.cut), Self.cut)) }
        base = ticks((range == 0 ? lifetime : lifetime - range / 2) * multiplier)
        span = range == 0 ? 0 : ticks(range * multiplier)
    }

    /// The lifetime for the draw `hash` (≤ 0: not created).
    public func lifetime(hash: UInt32) -> Int64 {
        let u = Int64(hash >> 8)
        let offset = (u * Int64(span.magnitude)) >> 24
        return Int64(base) + (span < 0 ? -offset : offset)
    }

    /// The longest lifetime any draw gives (≥ 0), ticks.
    public var maximum: Int64 { max(0, Int64(base) + max(Int64(span), 0)) }
}

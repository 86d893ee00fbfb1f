import Foundation

/// A one-shot emission of a cell: `count` particles born at one instant, once or repeating
/// (Semantics §13 "Bursts"). A cell's ``EmitterCell/bursts`` fire beside its `birthRate` (set
/// `birthRate = 0` for a cell that only bursts).
///
/// ```swift
/// let shell = EmitterCell()
/// shell.lifetime = 1.2
/// shell.bursts = [EmitterBurst(count: 40)]                                  // 40 at once, when the cell starts
/// sparks.bursts = [EmitterBurst(time: 0.5, count: 10, cycles: 3, interval: 0.25, probability: 0.8)]
/// ```
///
/// Times are in the cell's own time from its start: a burst at `time` fires at the parent time
/// `beginTime + (time + k·interval) / speed` for cycle `k = 0, 1, …` (rounded to the nearest tick,
/// ``Ticks``), while that lies in the cell's active window. Bursts fire only for top-level cells
/// (a sub-cell's bursts are reported and ignored). Every value is read at each update, so an edit
/// takes effect at the next firing; the array is set, not interpolated, by explicit animations.
public struct EmitterBurst: Hashable, Sendable {
    /// When the first cycle fires, seconds of the cell's own time after its `beginTime`. Default 0
    /// (the moment the cell starts). Negative or not finite: reported, the burst does not fire.
    public var time: TimeInterval
    /// Particles born at each firing. Default 1; 0 fires nothing. Multiplied by the layer's
    /// `birthRate` (rounded to the nearest whole number), as rates are. At most 10⁶ (larger values
    /// are reported and clamped).
    public var count: Int
    /// How many times the burst fires: 1 (the default) fires once, `n` fires `n` times `interval`
    /// apart, 0 repeats while the cell is active. Negative: reported, read as 1.
    public var cycles: Int
    /// Seconds of the cell's own time between cycles. Default 1. Ignored when `cycles` is 1; a
    /// repeating burst needs an interval of at least one tick (2⁻¹⁶ s): shorter, negative or not
    /// finite is reported and the burst fires once.
    public var interval: TimeInterval
    /// The chance that a cycle fires, 0…1. Default 1. Each cycle draws from the layer's `seed`,
    /// the cell and the cycle, so a seek or another frame rate makes the same choice. Out of range
    /// or not finite: reported and clamped (NaN: 0).
    public var probability: Double

    /// A burst of `count` particles at `time`, repeated `cycles` times `interval` apart (0: for as
    /// long as the cell is active), each cycle with the chance `probability`.
    public init(time: TimeInterval = 0, count: Int = 1, cycles: Int = 1, interval: TimeInterval = 1,
                probability: Double = 1) {
        self.time = time
        self.count = count
        self.cycles = cycles
        self.interval = interval
        self.probability = probability
    }
}

import Foundation

/// Core Animation's `CAMediaTiming`, adopted by ``EmitterLayer`` and ``EmitterCell``. Semantics §8.
///
/// A timed object maps its parent's time to its own *local* time:
/// `(t − beginTime) · speed + timeOffset`, folded by `duration`, `repeatCount`/`repeatDuration`
/// and `autoreverses`, and held outside its active period according to `fillMode`.
/// The parent of a layer is the host clock; of a top-level cell, the layer's local time; of a
/// sub-cell, the age of the particle that emits it.
public protocol MediaTiming: AnyObject {
    /// Parent time at which the object starts, in seconds: host time for a layer, the layer's local
    /// time for a top-level cell (not the host clock), the parent particle's age for a sub-cell.
    /// Default 0. Non-finite or beyond ±10¹² is reported and treated as 0 (as is such a `timeOffset`).
    var beginTime: TimeInterval { get set }
    /// Length of one simple cycle in seconds. Default `.infinity`; `0` also means unbounded
    /// (Core Animation's "0 is the default" convention); negative or NaN is reported and
    /// treated as unbounded.
    var duration: TimeInterval { get set }
    /// Rate of local time relative to parent time. Default 1; `0` pauses. Negative,
    /// non-finite or above 10⁶ is reported and treated as 0.
    var speed: Float { get set }
    /// Added to local time, in seconds. Default 0. On the layer this fast-forwards: a layer
    /// whose local time starts at 10 s shows 10 s of emission at once.
    var timeOffset: TimeInterval { get set }
    /// Number of cycles; `0` means one; may be fractional or `.infinity`. Default 0.
    var repeatCount: Float { get set }
    /// Total active time in seconds; overrides `repeatCount` when positive. Default 0.
    var repeatDuration: TimeInterval { get set }
    /// Each cycle plays forwards then backwards. Default false.
    var autoreverses: Bool { get set }
    /// What is shown outside the active period. Default ``FillMode/removed``.
    var fillMode: FillMode { get set }
}

/// A value snapshot of the timing properties, with the CAMediaTiming arithmetic.
struct TimingModel: Equatable, Sendable {
    var beginTime: Double
    var duration: Double
    var speed: Double
    var timeOffset: Double
    var repeatCount: Double
    var repeatDuration: Double
    var autoreverses: Bool
    var fillMode: FillMode

    /// The largest magnitude accepted for `beginTime`, `timeOffset` and a finite `duration`, in
    /// seconds (about 31,700 years): beyond it a value is as absurd as a non-finite one.
    static let maxTime = 1e12
    /// The largest accepted `speed`: beyond it local times leave the range where a double
    /// resolves a frame.
    static let maxSpeed = 1e6

    static func isSaneTime(_ v: Double) -> Bool { v.isFinite && abs(v) <= maxTime }
    static func isSaneSpeed(_ v: Double) -> Bool { v.isFinite && v >= 0 && v <= maxSpeed }

    init(_ t: some MediaTiming) {
        beginTime = Self.isSaneTime(t.beginTime) ? t.beginTime : 0
        duration = (t.duration.isNaN || t.duration <= 0 || t.duration > Self.maxTime) ? .infinity : t.duration
        let s = Double(t.speed)
        speed = Self.isSaneSpeed(s) ? s : 0
        timeOffset = Self.isSaneTime(t.timeOffset) ? t.timeOffset : 0
        let rc = Double(t.repeatCount)
        repeatCount = (rc.isNaN || rc < 0) ? 0 : rc
        repeatDuration = (t.repeatDuration.isNaN || t.repeatDuration < 0) ? 0 : t.repeatDuration
        autoreverses = t.autoreverses
        fillMode = t.fillMode
    }

    /// One cycle: the duration, doubled when autoreversing.
    var cycle: Double { autoreverses ? 2 * duration : duration }

    /// Total active time measured in the object's own (speed-scaled) time.
    var activeDuration: Double {
        if repeatDuration > 0 { return repeatDuration }
        if repeatCount > 0 { return repeatCount * cycle }
        return cycle
    }

    /// The parent-time window `[start, end)` in which the object is active (emits).
    /// Empty (`start == end`) when paused.
    var activeWindow: (start: Double, end: Double) {
        guard speed > 0 else { return (beginTime, beginTime) }
        return (beginTime, beginTime + activeDuration / speed)
    }

    /// Local time for a parent time, or `nil` when the object is inactive and not filled.
    func localTime(at parentTime: Double) -> Double? {
        var active = (parentTime - beginTime) * speed
        if speed == 0 { active = 0 }
        if active < 0 {
            guard fillMode == .backwards || fillMode == .both else { return nil }
            active = 0
        }
        let end = activeDuration
        var atEnd = false
        if active >= end {
            guard fillMode == .forwards || fillMode == .both else { return nil }
            active = end
            atEnd = true
        }
        return fold(active + timeOffset, holdingEnd: atEnd)
    }

    /// How many whole cycles lie before the local time at `parentTime` (0 when inactive): what a
    /// cumulative animation adds up. A forward fill at the end counts the last cycle as running.
    func completedCycles(at parentTime: Double) -> Double {
        guard cycle.isFinite, cycle > 0, speed > 0 else { return 0 }
        let end = activeDuration
        let active = min(max((parentTime - beginTime) * speed, 0), end)
        let x = active + timeOffset
        var n = (x / cycle).rounded(.down)
        if active >= end && n > 0 && x == n * cycle { n -= 1 }
        return max(n, 0)
    }

    /// Folds a linear time into one simple cycle, honouring `autoreverses`.
    private func fold(_ x: Double, holdingEnd: Bool) -> Double {
        guard cycle.isFinite, cycle > 0 else { return x }
        var f = x - (x / cycle).rounded(.down) * cycle
        // A forward fill at an exact cycle boundary shows the end of the cycle, not its start.
        if holdingEnd && f == 0 && x > 0 { f = cycle }
        if autoreverses && f > duration { f = 2 * duration - f }
        return f
    }
}

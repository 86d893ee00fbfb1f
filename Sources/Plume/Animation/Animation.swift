import Foundation

/// An explicit animation of a layer key path (`CAAnimation`): a basic (from/to/by) or keyframe
/// animation of a numeric, point, size, rectangle or colour value. Semantics §9.
///
/// Animations run on the host clock the simulators are advanced with. A `beginTime` of 0 means
/// "when the next update sees it" (Core Animation's "now"). Like Core Animation, an animation
/// changes only what is *presented* (``EmitterLayer/presentation(at:)``), never the model value.
///
/// ```swift
/// let move = BasicAnimation(keyPath: "emitterPosition")
/// move.fromValue = CGPoint(x: 100, y: 400)
/// move.toValue = CGPoint(x: 700, y: 400)
/// move.duration = 1
/// move.fillMode = .forwards
/// move.isRemovedOnCompletion = false
/// layer.add(move, forKey: "position")
/// ```
///
/// Concurrency: `Sendable` as a value the layer copies (``Layer/add(_:forKey:)``); the
/// layer's copy is only touched under the layer's lock. The delegate and completion run inside a
/// simulator's `advance(to:)` on the thread that calls it.
public class Animation: MediaTiming, @unchecked Sendable {
    /// The animated key path, relative to the layer (`"emitterPosition"`,
    /// `"emitterCells.fire.birthRate"`, `"transform.rotation.z"`). Empty (an animation made with
    /// `BasicAnimation()`, Core Animation's nil): the key it is added under
    /// (``Layer/add(_:forKey:)``).
    public var keyPath: String
    /// Host time at which the animation starts; 0: at the next update. Default 0.
    public var beginTime: TimeInterval = 0
    /// Length of one cycle, seconds. Default 0.25 (Core Animation's default); 0 also means 0.25.
    /// Left unset, an animation added inside a ``Transaction`` takes its animation duration.
    public var duration: TimeInterval = 0.25 { didSet { durationIsSet = true } }
    /// True once `duration` was assigned.
    var durationIsSet = false
    public var speed: Float = 1
    public var timeOffset: TimeInterval = 0
    public var repeatCount: Float = 0
    public var repeatDuration: TimeInterval = 0
    public var autoreverses = false
    /// Default ``FillMode/removed``: no effect outside the active period.
    public var fillMode: FillMode = .removed
    /// Removed from the layer once finished. Default true.
    public var isRemovedOnCompletion = true
    /// Each repeat cycle starts where the previous one ended (`CAPropertyAnimation.isCumulative`):
    /// cycle `n` adds `n × (end value − start value)`, so a 0 → 2π `transform.rotation.z` with
    /// `repeatCount = .infinity` keeps turning. Default false. With `autoreverses` a cycle ends
    /// where it started, so nothing accumulates.
    public var isCumulative = false
    /// The animated value is added to the model value instead of replacing it
    /// (`CAPropertyAnimation.isAdditive`). Default false.
    public var isAdditive = false
    /// The ``Transaction``s whose completion blocks wait for this animation.
    var transactionGroups: [TransactionGroup] = []
    /// The pacing of each cycle; nil (the default) is linear, as in Core Animation.
    public var timingFunction: TimingFunction?
    /// Told when the animation starts and stops (`CAAnimationDelegate`). Kept strongly, as Core
    /// Animation does. Called on the host's update (inside `advance(to:)` of a simulator of the
    /// layer, or `presentation(at:)`), never from another thread.
    public var delegate: AnimationDelegate?
    /// Called once when the animation stops, with `finished` as for
    /// ``AnimationDelegate/animationDidStop(_:finished:)``, after the delegate. Plume extension
    /// (Core Animation code uses `CATransaction.setCompletionBlock` for this). Default nil.
    public var completion: ((_ finished: Bool) -> Void)?
    /// True once the delegate was told that the animation started / stopped.
    var reportedStart = false
    var reportedStop = false

    /// Host time the animation actually began (its `beginTime`, or the first update's time).
    var startedAt: Double?
    /// The values stored under arbitrary keys (``setValue(_:forKey:)``), copied with the animation.
    var storedValues: [String: Any] = [:]
    /// The failed non-throwing ``setValue(_:forKey:)`` calls (a value of the wrong type for a
    /// property), with the key and the rule.
    public internal(set) var keyValueDiagnostics = KeyValueDiagnostics()

    init(keyPath: String) { self.keyPath = keyPath }

    /// A copy with the same values, not yet started.
    func copy() -> Animation {
        let a = Animation(keyPath: keyPath)
        copyTiming(to: a)
        return a
    }

    func copyTiming(to a: Animation) {
        a.beginTime = beginTime; a.duration = duration; a.durationIsSet = durationIsSet
        a.speed = speed; a.timeOffset = timeOffset
        a.isCumulative = isCumulative; a.isAdditive = isAdditive
        a.repeatCount = repeatCount; a.repeatDuration = repeatDuration; a.autoreverses = autoreverses
        a.fillMode = fillMode; a.isRemovedOnCompletion = isRemovedOnCompletion; a.timingFunction = timingFunction
        a.delegate = delegate; a.completion = completion
        a.storedValues = storedValues
    }

    /// The value at cycle progress `p` in [0, 1], given the model value; nil when the animation's
    /// values do not fit the property.
    func value(progress p: Double, model: Any?, discrete: Bool) -> Any? { nil }

    /// The value at progress `p` of the cycle that follows `cycles` completed ones, with
    /// ``isCumulative`` and ``isAdditive`` applied. `discrete`: the property is not interpolated
    /// (declared not animatable) but stepped, as Core Animation's discrete calculation mode steps
    /// key frames: each of a keyframe animation's `n` values holds for an equal share of the
    /// cycle (or from its key time to the next, where `keyTimes` are given), a basic animation's
    /// start value for the first half and its end value for the second.
    func value(progress p: Double, cycles: Double, model: Any?, discrete: Bool = false) -> Any? {
        guard let plain = value(progress: p, model: model, discrete: discrete) else { return nil }
        guard isCumulative || isAdditive, let modelValue = AnimatableValue(model),
              var v = AnimatableValue(plain) else { return plain }
        if isCumulative && cycles > 0 && !autoreverses,
           let start = value(progress: 0, model: model, discrete: discrete).flatMap(AnimatableValue.init),
           let end = value(progress: 1, model: model, discrete: discrete).flatMap(AnimatableValue.init) {
            v = v + (end - start).scaled(by: cycles)
        }
        if isAdditive, let m = model as? Transform3D, let t = v.asModel(like: modelValue) as? Transform3D {
            return t.concatenating(m)    // a transform adds by concatenation, as in Core Animation
        }
        if isAdditive { v = v + modelValue }
        return v.asModel(like: modelValue)
    }

    /// Records the host time the animation begins, the first time an update sees it (a
    /// `beginTime` of 0 means that update). Called under the layer's lock.
    func start(at now: Double) {
        if startedAt == nil { startedAt = beginTime == 0 ? now : beginTime }
    }

    /// Timing of this animation with its begin time resolved (one not yet started counts as
    /// starting at `now`). Reads only.
    func timing(now: Double) -> TimingModel {
        var t = TimingModel(self)
        t.beginTime = startedAt ?? (beginTime == 0 ? now : beginTime)
        if !(duration > 0) || !duration.isFinite { t.duration = 0.25 }
        return t
    }
}

/// Interpolates from one value to another (`CABasicAnimation`). Missing values follow Core
/// Animation: `from` alone animates to the model value, `to` alone from it, `by` adds to
/// `from` (or to the model value).
public final class BasicAnimation: Animation, @unchecked Sendable {
    /// The value at the start, of the key path's type (a number, `CGPoint`, `CGSize`, `CGRect` or
    /// colour). Default nil.
    public var fromValue: Any?
    /// The value at the end, of the key path's type. Default nil.
    public var toValue: Any?
    /// The change over the animation, added to ``fromValue`` (or to the model value). Default nil.
    public var byValue: Any?

    /// An animation of `keyPath` (`CABasicAnimation(keyPath:)`), such as `"emitterPosition"` or
    /// `"emitterCells.fire.birthRate"`.
    public override init(keyPath: String) { super.init(keyPath: keyPath) }
    /// An animation whose `keyPath` is set later (`CABasicAnimation()`).
    public convenience init() { self.init(keyPath: "") }

    override func copy() -> Animation {
        let a = BasicAnimation(keyPath: keyPath)
        copyTiming(to: a)
        a.fromValue = fromValue; a.toValue = toValue; a.byValue = byValue
        return a
    }

    override func value(progress p: Double, model: Any?, discrete: Bool) -> Any? {
        guard let model = AnimatableValue(model) else { return nil }
        let from = fromValue.flatMap(AnimatableValue.init)
        let to = toValue.flatMap(AnimatableValue.init)
        let by = byValue.flatMap(AnimatableValue.init)
        let start: AnimatableValue, end: AnimatableValue
        switch (from, to, by) {
        case let (f?, t?, _): (start, end) = (f, t)
        case let (f?, nil, b?): (start, end) = (f, f + b)
        case let (nil, t?, b?): (start, end) = (t - b, t)
        case let (f?, nil, nil): (start, end) = (f, model)
        case let (nil, t?, nil): (start, end) = (model, t)
        case let (nil, nil, b?): (start, end) = (model, model + b)
        default: return nil
        }
        let timed = (timingFunction ?? .linear).value(at: p)
        if discrete { return (timed < 0.5 ? start : end).asModel(like: model) }
        return AnimatableValue.interpolate(start, end, timed)?.asModel(like: model)
    }
}

/// Steps through values at key times (`CAKeyframeAnimation`), each segment paced by its own
/// timing function.
public final class KeyframeAnimation: Animation, @unchecked Sendable {
    /// The key frames' values, of the key path's type, in order. Default empty (no effect).
    public var values: [Any] = []
    /// Progress (0…1) of each value; nil spaces them evenly.
    public var keyTimes: [Double]?
    /// One per segment (`values.count − 1`); nil: linear.
    public var timingFunctions: [TimingFunction]?

    /// An animation of `keyPath` (`CAKeyframeAnimation(keyPath:)`).
    public override init(keyPath: String) { super.init(keyPath: keyPath) }
    /// An animation whose `keyPath` is set later (`CAKeyframeAnimation()`).
    public convenience init() { self.init(keyPath: "") }

    override func copy() -> Animation {
        let a = KeyframeAnimation(keyPath: keyPath)
        copyTiming(to: a)
        a.values = values; a.keyTimes = keyTimes; a.timingFunctions = timingFunctions
        return a
    }

    override func value(progress p: Double, model: Any?, discrete: Bool) -> Any? {
        guard let model = AnimatableValue(model) else { return nil }
        let frames = values.compactMap(AnimatableValue.init)
        guard frames.count == values.count, let first = frames.first else { return nil }
        if frames.count == 1 { return first.asModel(like: model) }
        let given = keyTimes.flatMap { $0.count == frames.count && $0.allSatisfy(\.isFinite) ? $0 : nil }
        let times = given ?? (0..<frames.count).map { Double($0) / Double(frames.count - 1) }
        let p = (timingFunction ?? .linear).value(at: p)
        if discrete {
            // each value from its key time on, or an equal share of the cycle without key times
            let index = given.map { $0.lastIndex { $0 <= p } ?? 0 } ?? min(Int(p * Double(frames.count)), frames.count - 1)
            return frames[max(index, 0)].asModel(like: model)
        }
        var segment = 0
        while segment < frames.count - 2 && p > times[segment + 1] { segment += 1 }
        let span = times[segment + 1] - times[segment]
        let local = span > 0 ? min(max((p - times[segment]) / span, 0), 1) : 1
        let paced = (timingFunctions?[safe: segment] ?? .linear).value(at: local)
        return AnimatableValue.interpolate(frames[segment], frames[segment + 1], paced)?.asModel(like: model)
    }
}

extension Array {
    subscript(safe i: Int) -> Element? { indices.contains(i) ? self[i] : nil }
}

/// The value kinds animations interpolate: numbers and the components of points, sizes,
/// rectangles and colours.
enum AnimatableValue {
    case number(Double)
    case vector([Double], kind: Int)   // kind: 2 point, 3 size, 4 rect, 5 colour, 6 transform parts

    init?(_ value: Any?) {
        switch value {
        case let v as CGPoint: self = .vector([Double(v.x), Double(v.y)], kind: 2)
        case let v as CGSize: self = .vector([Double(v.width), Double(v.height)], kind: 3)
        case let v as CGRect: self = .vector([Double(v.origin.x), Double(v.origin.y), Double(v.size.width), Double(v.size.height)], kind: 4)
        case let v as Color: self = .vector([Double(v.red), Double(v.green), Double(v.blue), Double(v.alpha)], kind: 5)
        case let v as Transform3D: self = .vector(Transform3DComponents(v).list, kind: 6)
        default:
            guard let d = try? KeyPathValue.double(value, "") else { return nil }
            self = .number(d)
        }
    }

    static func interpolate(_ a: AnimatableValue, _ b: AnimatableValue, _ t: Double) -> AnimatableValue? {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(x + (y - x) * t)
        case let (.vector(x, 6), .vector(y, 6)): return .vector(Transform3DComponents.interpolate(x, y, t), kind: 6)
        case let (.vector(x, k1), .vector(y, k2)) where k1 == k2: return .vector(zip(x, y).map { $0 + ($1 - $0) * t }, kind: k1)
        default: return nil
        }
    }

    /// Every component times `k`.
    func scaled(by k: Double) -> AnimatableValue {
        switch self {
        case let .number(x): return .number(x * k)
        case let .vector(x, kind): return .vector(x.map { $0 * k }, kind: kind)
        }
    }

    static func + (a: AnimatableValue, b: AnimatableValue) -> AnimatableValue { combine(a, b, +) }
    static func - (a: AnimatableValue, b: AnimatableValue) -> AnimatableValue { combine(a, b, -) }
    private static func combine(_ a: AnimatableValue, _ b: AnimatableValue, _ op: (Double, Double) -> Double) -> AnimatableValue {
        switch (a, b) {
        case let (.number(x), .number(y)): return .number(op(x, y))
        case let (.vector(x, k), .vector(y, k2)) where k == k2: return .vector(zip(x, y).map(op), kind: k)
        default: return a
        }
    }

    /// Back to the property's own type.
    func asModel(like model: AnimatableValue) -> Any {
        switch self {
        case let .number(d): return d
        case let .vector(v, 2): return CGPoint(x: v[0], y: v[1])
        case let .vector(v, 3): return CGSize(width: v[0], height: v[1])
        case let .vector(v, 4): return CGRect(x: v[0], y: v[1], width: v[2], height: v[3])
        case let .vector(v, 6): return Transform3DComponents(list: v).transform
        case let .vector(v, _): return Color(red: Float(v[0]), green: Float(v[1]), blue: Float(v[2]), alpha: Float(v[3]))
        }
    }
}

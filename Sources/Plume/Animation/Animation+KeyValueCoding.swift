import Foundation

/// Key-value coding on every animation (`CAAnimation` is a key-value container, as `CALayer` is:
/// Core Animation Programming Guide, "Key-Value Coding Extensions").
///
/// * A property's key sets and reads it: `"keyPath"`, `"duration"`, `"beginTime"`, `"speed"`,
///   `"timeOffset"`, `"repeatCount"`, `"repeatDuration"`, `"autoreverses"`, `"fillMode"`,
///   `"removedOnCompletion"`, `"cumulative"`, `"additive"`; on a ``BasicAnimation``
///   `"fromValue"`, `"toValue"`, `"byValue"`; on a ``KeyframeAnimation`` `"values"`, `"keyTimes"`.
/// * Any other key is stored on the animation and travels with it: the copy a layer keeps
///   (``Layer/add(_:forKey:)``), which ``Layer/animation(forKey:)`` returns and the delegate's
///   `animationDidStop(_:finished:)` receives, holds the same keys. The common way to tell
///   animations apart in a shared delegate:
///
/// ```swift
/// let pop = BasicAnimation(keyPath: "opacity")
/// pop.setValue("balloon-3", forKey: "tag")
/// layer.add(pop, forKey: nil)
/// // in animationDidStop(_ anim: Animation, finished: Bool):
/// if anim.value(forKey: "tag") as? String == "balloon-3" { … }
/// ```
///
/// ``setValue(_:forKey:)`` does not throw (ported code calls it bare): a value of the wrong type
/// for a property changes nothing and is kept in ``keyValueDiagnostics``.
/// ``validateAndSetValue(_:forKey:)`` throws the ``KeyPathError`` instead.
extension Animation {
    /// Sets a property, or stores a value under an arbitrary key (`CAAnimation.setValue(_:forKey:)`).
    /// Never throws: a value of the wrong type for a property changes nothing and is reported in
    /// ``keyValueDiagnostics``.
    public func setValue(_ value: Any?, forKey key: String) {
        do { try validateAndSetValue(value, forKey: key) } catch {
            keyValueDiagnostics.record(error, value: value)
        }
    }

    /// Sets a property by its key, or stores the value under an arbitrary key, throwing instead
    /// of reporting.
    /// - Throws: ``KeyPathError/typeMismatch(keyPath:expected:actual:)`` when the key is a
    ///   property's and the value does not fit it. Nothing is changed then.
    public func validateAndSetValue(_ value: Any?, forKey key: String) throws {
        if let accessor = Self.accessor(key, of: self) { return try accessor.set(self, value, key) }
        storedValues[key] = value
    }

    /// Reads a property or a stored key; nil for a key never set.
    public func value(forKey key: String) -> Any? {
        if let accessor = Self.accessor(key, of: self) { return accessor.get(self) }
        return storedValues[key]
    }

    /// The property `key` names on `animation`'s class, if any.
    static func accessor(_ key: String, of animation: Animation) -> KeyPathAccessor<Animation>? {
        if let a = timingKeys[key] { return a }
        switch animation {
        case is BasicAnimation: return basicKeys[key]
        case is KeyframeAnimation: return keyframeKeys[key]
        default: return nil
        }
    }

    static let timingKeys: [String: KeyPathAccessor<Animation>] = [
        "keyPath": .exact(\.keyPath, "String"),
        "duration": .number(\.duration), "beginTime": .number(\.beginTime), "speed": .number(\.speed),
        "timeOffset": .number(\.timeOffset), "repeatCount": .number(\.repeatCount),
        "repeatDuration": .number(\.repeatDuration), "autoreverses": .bool(\.autoreverses),
        "fillMode": .enumeration(\.fillMode), "removedOnCompletion": .bool(\.isRemovedOnCompletion),
        "cumulative": .bool(\.isCumulative), "additive": .bool(\.isAdditive),
    ]

    /// A `BasicAnimation`'s value: any value (it is checked against the animated property when
    /// the animation runs, as Core Animation does).
    private static func basic(_ kp: ReferenceWritableKeyPath<BasicAnimation, Any?>) -> KeyPathAccessor<Animation> {
        KeyPathAccessor(get: { ($0 as? BasicAnimation)?[keyPath: kp] ?? nil },
                        set: { animation, value, _ in (animation as? BasicAnimation)?[keyPath: kp] = value })
    }

    static let basicKeys: [String: KeyPathAccessor<Animation>] = [
        "fromValue": basic(\.fromValue), "toValue": basic(\.toValue), "byValue": basic(\.byValue),
    ]

    static let keyframeKeys: [String: KeyPathAccessor<Animation>] = [
        "values": KeyPathAccessor(get: { ($0 as? KeyframeAnimation)?.values }, set: { animation, value, key in
            (animation as? KeyframeAnimation)?.values = try KeyPathValue.exact(value, key, "an array of values")
        }),
        "keyTimes": KeyPathAccessor(get: { ($0 as? KeyframeAnimation)?.keyTimes }, set: { animation, value, key in
            let times: [Any]? = try KeyPathValue.optional(value, key, "an array of numbers")
            (animation as? KeyframeAnimation)?.keyTimes = try times?.map { try KeyPathValue.double($0, key) }
        }),
    ]
}

import Foundation

/// Key-value coding on a behaviour (`CAEmitterBehavior` is configured only this way on iOS):
/// every input by its Core Animation key. As on the layer, ``setValue(_:forKey:)`` never throws: a
/// bad key or value changes nothing and is reported in ``keyValueDiagnostics`` and in the
/// simulators' diagnostics at their next update.
///
/// Numbers convert between `Double`, `Float`, `CGFloat`, integers and `NSNumber`; `values` and
/// `locations` take arrays of numbers; `colors` takes an array of ``Color``; `force` an array of
/// two or three numbers or a `CGPoint`; `attractorType` the enum or its raw string; `cellNames` an
/// array of strings or nil.
extension EmitterBehavior {
    /// Sets an input by key (`"stiffness"`, `"force.x"`). Never throws.
    public func setValue(_ value: Any?, forKey key: String) {
        do { try validateAndSetValue(value, forKey: key) } catch {
            keyValueDiagnostics.record(error, value: value)
        }
    }

    /// Sets an input by key path (the same as by key: a behaviour has no nested objects).
    public func setValue(_ value: Any?, forKeyPath keyPath: String) { setValue(value, forKey: keyPath) }

    /// Sets an input by key, throwing ``KeyPathError`` instead of reporting; nothing changes then.
    public func validateAndSetValue(_ value: Any?, forKey key: String) throws {
        try set(value, key: key, path: key)
    }

    /// Reads an input by key; nil (reported) for an unknown key.
    public func value(forKey key: String) -> Any? {
        do { return try validatedValue(forKey: key) } catch {
            keyValueDiagnostics.record(error, value: nil)
            return nil
        }
    }

    /// Reads an input by key path (the same as by key).
    public func value(forKeyPath keyPath: String) -> Any? { value(forKey: keyPath) }

    /// Reads an input by key, throwing ``KeyPathError`` for an unknown key.
    public func validatedValue(forKey key: String) throws -> Any? { try get(key: key, path: key) }

    func set(_ value: Any?, key: String, path: String) throws {
        if key == "type" {
            throw KeyPathError.invalidValue(keyPath: path, value: "\(value ?? "nil")", reason: "is read-only (set at creation)")
        }
        guard let a = Self.keyTable[key] else { throw KeyPathError.unknownKey(keyPath: path, key: key) }
        try a.set(self, value, path)
    }

    func get(key: String, path: String) throws -> Any? {
        if key == "type" { return type }
        guard let a = Self.keyTable[key] else { throw KeyPathError.unknownKey(keyPath: path, key: key) }
        return a.get(self)
    }

    /// Every settable key (plus the read-only `type`).
    public static var keys: [String] { ["type"] + keyTable.keys.sorted() }

    /// Every input: the declared properties (`@Property` in EmitterBehavior.swift), their
    /// aliases, and cocos2d's degrees for an orbit's turns.
    static let keyTable: [String: KeyPathAccessor<EmitterBehavior>] = {
        typealias A = KeyPathAccessor<EmitterBehavior>
        var t = declaredProperties.keyTable()
        for (alias, key) in EffectProperty<EmitterBehavior>.aliasTargets { t[alias] = t[key] }
        t["degreesPerSecond"] = A(get: { $0.turnsPerSecond * 360 },
                                  set: { $0.turnsPerSecond = CGFloat(try KeyPathValue.double($1, $2) / 360) })
        t["degreesPerSecondRange"] = A(get: { $0.turnsPerSecondRange * 360 },
                                       set: { $0.turnsPerSecondRange = CGFloat(try KeyPathValue.double($1, $2) / 360) })
        return t
    }()
}

extension KeyPathAccessor {
    static func double(_ kp: ReferenceWritableKeyPath<Root, Double>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = try KeyPathValue.double($1, $2) })
    }
}

extension KeyPathValue {
    /// An array of numbers (each converted as ``double(_:_:)``); nil for nil.
    static func numbers(_ value: Any?, _ path: String) throws -> [CGFloat]? {
        guard let value else { return nil }
        guard let list = value as? [Any] else {
            throw KeyPathError.typeMismatch(keyPath: path, expected: "an array of numbers", actual: typeName(value))
        }
        return try list.map { CGFloat(try double($0, path)) }
    }

    /// An array of strings, or nil.
    static func strings(_ value: Any?, _ path: String) throws -> [String]? {
        guard let value else { return nil }
        guard let list = value as? [String] else {
            throw KeyPathError.typeMismatch(keyPath: path, expected: "an array of strings", actual: typeName(value))
        }
        return list
    }

    /// An array of ``Color``.
    static func colors(_ value: Any?, _ path: String) throws -> [Color] {
        guard let list = value as? [Color] else {
            throw KeyPathError.typeMismatch(keyPath: path, expected: "an array of Color", actual: typeName(value))
        }
        return list
    }

    /// A vector from a `CGPoint` (z = 0) or an array of two or three numbers.
    static func vector3(_ value: Any?, _ path: String) throws -> SIMD3<Double> {
        if let p = value as? CGPoint { return SIMD3(Double(p.x), Double(p.y), 0) }
        if let v = value as? SIMD3<Double> { return v }
        if let list = value as? [Any], list.count == 2 || list.count == 3 {
            let d = try list.map { try double($0, path) }
            return SIMD3(d[0], d[1], d.count == 3 ? d[2] : 0)
        }
        throw KeyPathError.typeMismatch(keyPath: path, expected: "[x, y], [x, y, z] or a CGPoint", actual: typeName(value))
    }
}

extension EmitterLayer {
    /// For a path into ``emitterBehaviors``: the behaviour it names (nil for the array itself)
    /// and the input key after it (nil for the behaviour itself). Nil for any other path.
    /// - Throws: ``KeyPathError/unknownKey(keyPath:key:)`` when no behaviour has that name or index.
    func behaviorKey(_ path: String) throws -> (EmitterBehavior?, String?)? {
        if path == "emitterBehaviors" { return (nil, nil) }
        let list = emitterBehaviors ?? []
        if path.hasPrefix("emitterBehaviors[") {
            // `[i]`: the behaviour at index i, whatever the names.
            let after = path.dropFirst("emitterBehaviors".count)
            guard let (index, key) = KeyPathResolver.index(in: after),
                  let i = index, list.indices.contains(i), key.isEmpty || key.first == "." else {
                throw KeyPathError.unknownKey(keyPath: path, key: "emitterBehaviors\(after.prefix { $0 != "." }) (no behaviour at that index)")
            }
            return (list[i], key.isEmpty ? nil : String(key.dropFirst()))
        }
        guard path.hasPrefix("emitterBehaviors.") else { return nil }
        let rest = path.dropFirst("emitterBehaviors.".count)
        let name = String(rest.prefix { $0 != "." })
        let behavior = list.first { $0.name == name } ?? Int(name).flatMap { list.indices.contains($0) ? list[$0] : nil }
        guard let behavior else {
            throw KeyPathError.unknownKey(keyPath: path, key: "emitterBehaviors.\(name) (no behaviour of that name or index)")
        }
        let key = rest.dropFirst(name.count)
        return (behavior, key.isEmpty ? nil : String(key.dropFirst()))
    }
}

import Foundation

/// Conversions from the loosely typed values of `setValue(_:forKeyPath:)` (as iOS code passes
/// `NSNumber`s and `NSValue`s) to property types. Numbers convert between each other; anything
/// else must match exactly.
enum KeyPathValue {
    static func typeName(_ value: Any?) -> String {
        guard let value else { return "nil" }
        return "\(type(of: value)) (\(value))"
    }

    static func double(_ value: Any?, _ path: String) throws -> Double {
        switch value {
        case let v as Double: return v
        case let v as Float: return Double(v)
        case let v as CGFloat: return Double(v)
        case let v as Int: return Double(v)
        case let v as Int32: return Double(v)
        case let v as UInt32: return Double(v)
        case let v as Int64: return Double(v)
        case let v as UInt: return Double(v)
        case let v as NSNumber: return v.doubleValue
        default: throw KeyPathError.typeMismatch(keyPath: path, expected: "a number", actual: typeName(value))
        }
    }

    static func bool(_ value: Any?, _ path: String) throws -> Bool {
        switch value {
        case let v as Bool: return v
        case let v as NSNumber: return v.boolValue
        default: throw KeyPathError.typeMismatch(keyPath: path, expected: "a Bool", actual: typeName(value))
        }
    }

    static func exact<T>(_ value: Any?, _ path: String, _ name: String) throws -> T {
        guard let v = value as? T else {
            throw KeyPathError.typeMismatch(keyPath: path, expected: name, actual: typeName(value))
        }
        return v
    }

    static func optional<T>(_ value: Any?, _ path: String, _ name: String) throws -> T? {
        if value == nil { return nil }
        return try exact(value, path, name) as T
    }

    /// An enum from itself or its raw string.
    static func enumeration<E: RawRepresentable & CaseIterable>(_ value: Any?, _ path: String) throws -> E
        where E.RawValue == String {
        if let v = value as? E { return v }
        if let s = value as? String, let v = E(rawValue: s) { return v }
        let names = E.allCases.map(\.rawValue).joined(separator: ", ")
        throw KeyPathError.typeMismatch(keyPath: path, expected: "\(E.self) (\(names))", actual: typeName(value))
    }

    static func seed(_ value: Any?, _ path: String) throws -> UInt32 {
        if let v = value as? UInt32 { return v }
        let d = try double(value, path)
        guard d.isFinite, d >= 0, d <= Double(UInt32.max), d == d.rounded() else {
            throw KeyPathError.invalidValue(keyPath: path, value: "\(d)", reason: "is not a whole number in 0…\(UInt32.max)")
        }
        return UInt32(d)
    }
}

/// One settable, readable property of `Root`, addressed by a key.
///
/// `@unchecked Sendable`: the closures are immutable and capture only key paths, never state.
struct KeyPathAccessor<Root: AnyObject>: @unchecked Sendable {
    let get: (Root) -> Any?
    let set: (Root, Any?, String) throws -> Void
}

extension KeyPathAccessor {
    static func number<V: BinaryFloatingPoint>(_ kp: ReferenceWritableKeyPath<Root, V>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = V(try KeyPathValue.double($1, $2)) })
    }
    static func cgFloat(_ kp: ReferenceWritableKeyPath<Root, CGFloat>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = CGFloat(try KeyPathValue.double($1, $2)) })
    }
    static func bool(_ kp: ReferenceWritableKeyPath<Root, Bool>) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = try KeyPathValue.bool($1, $2) })
    }
    static func exact<V>(_ kp: ReferenceWritableKeyPath<Root, V>, _ name: String) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = try KeyPathValue.exact($1, $2, name) })
    }
    static func optional<V>(_ kp: ReferenceWritableKeyPath<Root, V?>, _ name: String) -> Self {
        Self(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = try KeyPathValue.optional($1, $2, name) })
    }
    static func enumeration<E: RawRepresentable & CaseIterable>(_ kp: ReferenceWritableKeyPath<Root, E>) -> Self
        where E.RawValue == String {
        Self(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = try KeyPathValue.enumeration($1, $2) })
    }

    /// A `CGPoint` property and its `.x`, `.y` components.
    static func point(_ key: String, _ kp: ReferenceWritableKeyPath<Root, CGPoint>) -> [String: Self] {
        [key: exact(kp, "CGPoint"), key + ".x": cgFloat(kp.appending(path: \.x)), key + ".y": cgFloat(kp.appending(path: \.y))]
    }
    /// A `CGSize` property and its `.width`, `.height` components.
    static func size(_ key: String, _ kp: ReferenceWritableKeyPath<Root, CGSize>) -> [String: Self] {
        [key: exact(kp, "CGSize"), key + ".width": cgFloat(kp.appending(path: \.width)),
         key + ".height": cgFloat(kp.appending(path: \.height))]
    }
    /// A `CGRect` property with `.origin`, `.size` and their components.
    static func rect(_ key: String, _ kp: ReferenceWritableKeyPath<Root, CGRect>) -> [String: Self] {
        var table: [String: Self] = [key: exact(kp, "CGRect")]
        table.merge(point(key + ".origin", kp.appending(path: \.origin))) { a, _ in a }
        table.merge(size(key + ".size", kp.appending(path: \.size))) { a, _ in a }
        return table
    }
    /// A `Color` property with `.red`, `.green`, `.blue`, `.alpha` components.
    static func color(_ key: String, _ kp: ReferenceWritableKeyPath<Root, Color>) -> [String: Self] {
        [key: exact(kp, "Color"), key + ".red": number(kp.appending(path: \.red)),
         key + ".green": number(kp.appending(path: \.green)), key + ".blue": number(kp.appending(path: \.blue)),
         key + ".alpha": number(kp.appending(path: \.alpha))]
    }

    /// The `CAMediaTiming` properties.
    static func timing() -> [String: Self] where Root: MediaTiming {
        ["beginTime": number(\.beginTime), "duration": number(\.duration), "speed": number(\.speed),
         "timeOffset": number(\.timeOffset), "repeatCount": number(\.repeatCount),
         "repeatDuration": number(\.repeatDuration), "autoreverses": bool(\.autoreverses),
         "fillMode": enumeration(\.fillMode)]
    }
}

extension KeyPathAccessor where Root: Layer {
    /// The ``Layer`` properties: name, geometry, opacity, visibility, clipping.
    static func layerProperties() -> [String: Self] {
        var t: [String: Self] = [
            "name": optional(\.name, "String"), "opacity": number(\.opacity),
            "isHidden": bool(\.isHidden), "hidden": bool(\.isHidden), "masksToBounds": bool(\.masksToBounds),
            "allowsGroupOpacity": bool(\.allowsGroupOpacity),
        ]
        t.merge(rect("bounds", \.bounds)) { a, _ in a }
        t.merge(rect("frame", \.frame)) { a, _ in a }
        t.merge(point("position", \.position)) { a, _ in a }
        t.merge(point("anchorPoint", \.anchorPoint)) { a, _ in a }
        return t
    }
}

import Foundation

/// One property of a ``Layer`` subclass, reachable by key (see ``Layer/keyPaths``): it reads the
/// property, and sets it from the loosely typed values `setValue(_:forKeyPath:)` receives, with the
/// conversions of the built-in keys (numbers from any numeric type or `NSNumber`; anything else of
/// the property's own type). A value of the wrong type, or a layer of another class, is a
/// ``KeyPathError`` naming the key; nothing is changed then.
///
/// ```swift
/// override class var keyPaths: [String: LayerKeyPath] {
///     super.keyPaths.merging([
///         "level": .number(\GaugeLayer.level),             // CGFloat, Double, Float
///         "needle": .value(\GaugeLayer.needle),            // a Color, exactly
///         "label": .optional(\GaugeLayer.label),           // a String or nil
///         "isLit": .bool(\GaugeLayer.isLit),
///         "mode": .rawValue(\GaugeLayer.mode),             // the type or its raw string
///     ]) { a, _ in a }
/// }
/// ```
public struct LayerKeyPath: @unchecked Sendable {
    // `@unchecked Sendable`: the closures are immutable and capture only key paths.
    let get: (Layer) -> Any?
    let set: (Layer, Any?, String) throws -> Void

    private init<L: Layer, V>(_ kp: ReferenceWritableKeyPath<L, V>, get: @escaping (L) -> Any?,
                              convert: @escaping (Any?, String) throws -> V) {
        self.get = { ($0 as? L).flatMap(get) }
        set = { layer, value, path in
            guard let l = layer as? L else {
                throw KeyPathError.invalidValue(keyPath: path, value: "\(type(of: layer))",
                                                reason: "is not a \(L.self), whose key this is")
            }
            l[keyPath: kp] = try convert(value, path)
        }
    }

    /// A floating-point property (`CGFloat`, `Double`, `Float`): set from any number; animations
    /// interpolate it.
    public static func number<L: Layer, V: BinaryFloatingPoint>(_ kp: ReferenceWritableKeyPath<L, V>) -> Self {
        Self(kp, get: { $0[keyPath: kp] }) { V(try KeyPathValue.double($0, $1)) }
    }

    /// A `Bool` property: set from a `Bool` or an `NSNumber`.
    public static func bool<L: Layer>(_ kp: ReferenceWritableKeyPath<L, Bool>) -> Self {
        Self(kp, get: { $0[keyPath: kp] }) { try KeyPathValue.bool($0, $1) }
    }

    /// A property of any other type, set only from a value of that type (`CGPoint`, `CGSize`,
    /// `CGRect` and ``Color`` interpolate in animations).
    public static func value<L: Layer, V>(_ kp: ReferenceWritableKeyPath<L, V>) -> Self {
        Self(kp, get: { $0[keyPath: kp] }) { try KeyPathValue.exact($0, $1, "\(V.self)") }
    }

    /// An optional property: set from a value of its type, or nil; read as nil when it is nil.
    public static func optional<L: Layer, V>(_ kp: ReferenceWritableKeyPath<L, V?>) -> Self {
        Self(kp, get: { $0[keyPath: kp].map { $0 as Any } }) { try KeyPathValue.optional($0, $1, "\(V.self) or nil") }
    }

    /// A string-backed type (`TextLayerAlignmentMode`, like `CATextLayerAlignmentMode`): set from
    /// the type or its raw string.
    public static func rawValue<L: Layer, V: RawRepresentable>(_ kp: ReferenceWritableKeyPath<L, V>) -> Self
        where V.RawValue == String {
        Self(kp, get: { $0[keyPath: kp] }) { value, path in
            if let v = value as? V { return v }
            if let s = value as? String, let v = V(rawValue: s) { return v }
            throw KeyPathError.typeMismatch(keyPath: path, expected: "\(V.self) or its raw String",
                                            actual: KeyPathValue.typeName(value))
        }
    }

    /// A string-backed type with a known set of values (`CaseIterable`): set from the type or its
    /// raw string, and only to one of its cases.
    public static func rawValue<L: Layer, V: RawRepresentable & CaseIterable & Equatable>(
        _ kp: ReferenceWritableKeyPath<L, V>) -> Self where V.RawValue == String {
        Self(kp, get: { $0[keyPath: kp] }) { value, path in
            let v = (value as? V) ?? (value as? String).flatMap(V.init(rawValue:))
            guard let v, V.allCases.contains(v) else {
                let names = V.allCases.map(\.rawValue).joined(separator: ", ")
                throw KeyPathError.typeMismatch(keyPath: path, expected: "\(V.self) (\(names))",
                                                actual: KeyPathValue.typeName(value))
            }
            return v
        }
    }
}

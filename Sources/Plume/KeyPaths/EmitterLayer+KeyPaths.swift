import Foundation

/// Key-value coding on the layer (Semantics §9): every layer property, and every cell property through
/// `emitterCells.<name or index>.<property>` (a name wins over an index) or
/// `emitterCells[<index>].<property>` (the index only), nested to any depth.
///
/// As in Core Animation, ``setValue(_:forKeyPath:)`` does not throw, so ported code calls it bare:
/// a bad path or value changes nothing and is reported — in ``Layer/keyValueDiagnostics``
/// and in the diagnostics of every simulator of the layer at its next update. Callers who want
/// the error use the throwing ``validateAndSetValue(_:forKeyPath:)``:
///
/// ```swift
/// layer.setValue(42, forKeyPath: "emitterCells.fire.birthRate")          // as on iOS
/// layer.setValue(CGPoint(x: 10, y: 20), forKeyPath: "emitterPosition")
/// try layer.validateAndSetValue(0.5, forKeyPath: "emitterCells.rocket.emitterCells.spark.scale")
/// let x = layer.value(forKeyPath: "emitterPosition.x") as? CGFloat
/// ```
///
/// Numbers convert between `Double`, `Float`, `CGFloat`, integers and `NSNumber`; points, sizes,
/// rectangles and colours must be `CGPoint`, `CGSize`, `CGRect` and ``Color``; enums accept the
/// enum or its raw string (`"additive"`). Unknown keys, unknown cells and wrong types are a
/// ``KeyPathError`` naming the path; nothing is changed then.
extension EmitterLayer {
    // setValue/value(forKeyPath:) and their throwing variants are ``Layer``'s
    // (`Layer+KeyValueCoding.swift`): they reach this table through `KeyPathResolver`.

    /// The keys of the ``Layer`` properties (they affect drawing only).
    static let drawingKeys = Set(KeyPathAccessor<EmitterLayer>.layerProperties().keys)

    /// Every key: the declared properties (`@Property` in EmitterLayer.swift) and the ``Layer``
    /// properties.
    static let keyTable: [String: KeyPathAccessor<EmitterLayer>] = {
        var t = declaredProperties.keyTable()
        t.merge(KeyPathAccessor.layerProperties()) { a, _ in a }
        return t
    }()
}

extension EmitterCell {
    /// Sets a cell property by key path relative to this cell (`"birthRate"`,
    /// `"emitterCells.spark.velocity"`). Never throws: see ``Layer/setValue(_:forKeyPath:)``;
    /// failures land in ``keyValueDiagnostics`` and in the simulators' diagnostics.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        do { try validateAndSetValue(value, forKeyPath: keyPath) } catch {
            keyValueDiagnostics.record(error, value: value)
        }
    }

    /// Sets a cell property by its key.
    public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    /// Sets a cell property by key path, throwing ``KeyPathError`` instead of reporting.
    public func validateAndSetValue(_ value: Any?, forKeyPath keyPath: String) throws {
        try KeyPathResolver.set(value, path: keyPath, on: self)
    }

    /// Reads a cell property by key path relative to this cell; nil (reported) for a bad path.
    public func value(forKeyPath keyPath: String) -> Any? {
        do { return try validatedValue(forKeyPath: keyPath) } catch {
            keyValueDiagnostics.record(error, value: nil)
            return nil
        }
    }

    /// Reads a cell property by key path, throwing ``KeyPathError`` for a bad path.
    public func validatedValue(forKeyPath keyPath: String) throws -> Any? {
        try KeyPathResolver.get(path: keyPath, on: self)
    }

    /// Every key: the declared properties (`@Property` in EmitterCell.swift, the media-timing
    /// ones included) and their aliases.
    static let keyTable: [String: KeyPathAccessor<EmitterCell>] = {
        var t = declaredProperties.keyTable()
        for (alias, key) in EffectProperty<EmitterCell>.aliasTargets { t[alias] = t[key] }
        return t
    }()
}

/// Walks `emitterCells.<name|index>` and `emitterCells[<index>]` segments, then looks the rest up
/// in the object's key table.
enum KeyPathResolver {
    private enum Target {
        case layer(EmitterLayer)
        case cell(EmitterCell)
    }

    /// Follows the cell segments of `path`; returns the object reached and the remaining key.
    private static func resolve(_ path: String, from start: Target) throws -> (Target, String) {
        var target = start
        var rest = Substring(path)
        while rest.hasPrefix("emitterCells.") || rest.hasPrefix("emitterCells[") {
            let cells: [EmitterCell]
            switch target {
            case let .layer(l): cells = l.emitterCells ?? []
            case let .cell(c): cells = c.emitterCells ?? []
            }
            let cell: EmitterCell?
            let segment: Substring
            if let (index, after) = KeyPathResolver.index(in: rest.dropFirst("emitterCells".count)) {
                // `[i]`: the cell at index i, whatever the names.
                segment = rest.dropFirst("emitterCells".count).prefix(while: { $0 != "]" }).dropFirst()
                cell = index.flatMap { cells.indices.contains($0) ? cells[$0] : nil }
                rest = after
            } else {
                // `.name`: the first cell with that name; digits with no such name: that index.
                let afterCells = rest.dropFirst("emitterCells.".count)
                segment = afterCells.prefix { $0 != "." }
                cell = cells.first { $0.name == String(segment) }
                    ?? Int(segment).flatMap { cells.indices.contains($0) ? cells[$0] : nil }
                rest = afterCells.dropFirst(segment.count)
            }
            guard let cell else { throw KeyPathError.unknownCell(keyPath: path, name: String(segment)) }
            target = .cell(cell)
            if rest.isEmpty { return (target, "") }
            guard rest.first == "." else { throw KeyPathError.unknownCell(keyPath: path, name: String(segment)) }
            rest = rest.dropFirst()   // the "."
        }
        return (target, String(rest))
    }

    /// An index segment `[i]` at the start of `text`: the index (nil when the brackets hold no
    /// whole number ≥ 0) and the text after `]`; nil when `text` does not start with `[` or has
    /// no `]`.
    static func index(in text: Substring) -> (Int?, Substring)? {
        guard text.first == "[", let close = text.firstIndex(of: "]") else { return nil }
        let digits = text[text.index(after: text.startIndex)..<close]
        let index = digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber) ? Int(digits) : nil
        return (index, text[text.index(after: close)...])
    }

    static func set(_ value: Any?, path: String, on layer: EmitterLayer) throws {
        try set(value, path: path, target: .layer(layer))
    }
    static func set(_ value: Any?, path: String, on cell: EmitterCell) throws {
        try set(value, path: path, target: .cell(cell))
    }
    static func get(path: String, on layer: EmitterLayer) throws -> Any? { try get(path: path, target: .layer(layer)) }
    static func get(path: String, on cell: EmitterCell) throws -> Any? { try get(path: path, target: .cell(cell)) }

    private static func set(_ value: Any?, path: String, target start: Target) throws {
        if case let .layer(l) = start, let (behavior, key) = try l.behaviorKey(path) {
            guard let behavior else {
                l.emitterBehaviors = try KeyPathValue.optional(value, path, "[EmitterBehavior]")
                return
            }
            guard let key else {
                throw KeyPathError.invalidValue(keyPath: path, value: KeyPathValue.typeName(value),
                                                reason: "replaces a behaviour: set emitterBehaviors instead")
            }
            return try behavior.set(value, key: key, path: path)
        }
        let (target, key) = try resolve(path, from: start)
        switch target {
        case let .layer(l):
            guard let a = EmitterLayer.keyTable[key] else { throw KeyPathError.unknownKey(keyPath: path, key: key) }
            try a.set(l, value, path)
        case let .cell(c):
            guard let a = EmitterCell.keyTable[key] else { throw KeyPathError.unknownKey(keyPath: path, key: key) }
            try a.set(c, value, path)
        }
    }

    private static func get(path: String, target start: Target) throws -> Any? {
        if case let .layer(l) = start, let (behavior, key) = try l.behaviorKey(path) {
            guard let behavior else { return l.emitterBehaviors }
            guard let key else { return behavior }
            return try behavior.get(key: key, path: path)
        }
        let (target, key) = try resolve(path, from: start)
        switch target {
        case let .layer(l):
            guard let a = EmitterLayer.keyTable[key] else { throw KeyPathError.unknownKey(keyPath: path, key: key) }
            return a.get(l)
        case let .cell(c):
            if key.isEmpty { return c }
            guard let a = EmitterCell.keyTable[key] else { throw KeyPathError.unknownKey(keyPath: path, key: key) }
            return a.get(c)
        }
    }
}

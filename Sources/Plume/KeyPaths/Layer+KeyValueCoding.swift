import Foundation

/// Key-value coding on every layer (Semantics §9; `CALayer`'s key-value container).
///
/// * A property's key path (`"opacity"`, `"position.x"`, `"transform.rotation.z"`, and on an
///   ``EmitterLayer`` every emitter and cell path) sets and reads the property.
/// * A subclass's own properties, declared in its ``Layer/keyPaths`` (PlumeDrawing's `TextLayer`
///   declares `string`, `fontSize`, `foregroundColor`…), are keys too.
/// * Any other key without a dot is stored on the layer, as Core Animation's layers store
///   arbitrary keys: `layer.setValue(3, forKey: "lives")` then `layer.value(forKey: "lives")` is
///   3 (nil before it is set); such keys can be animated like properties.
/// * A key within one or two letters of a property's name (`"birthrate"`, `"opactiy"`) is taken
///   for a typo of it: it is reported, not stored. A dotted path that names no property
///   (`"transform.rotate"`, `"emitterCells.fire.birthRat"`) is reported too.
///
/// ``setValue(_:forKeyPath:)`` does not throw (ported code calls it bare): a bad path or value
/// changes nothing and is reported in ``keyValueDiagnostics`` and, for an emitter layer, in its
/// simulators' diagnostics at the next update. ``validateAndSetValue(_:forKeyPath:)`` throws
/// the ``KeyPathError`` instead.
///
/// ```swift
/// layer.setValue(42, forKeyPath: "emitterCells.fire.birthRate")          // as on iOS
/// layer.setValue(CGFloat.pi / 4, forKeyPath: "transform.rotation.z")
/// layer.setValue("confetti", forKey: "kind")                             // stored
/// let x = layer.value(forKeyPath: "emitterPosition.x") as? CGFloat
/// ```
extension Layer {
    /// Sets a property, or stores a value under an arbitrary key (`CALayer.setValue(_:forKeyPath:)`).
    /// Never throws: a bad path or value changes nothing and is reported in ``keyValueDiagnostics``.
    public func setValue(_ value: Any?, forKeyPath keyPath: String) {
        do { try validateAndSetValue(value, forKeyPath: keyPath) } catch {
            keyValueDiagnostics.record(error, value: value)
        }
    }

    /// Sets a property by its key, or stores the value under it.
    public func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

    /// Sets a property by key path, or stores the value under an arbitrary key, throwing
    /// instead of reporting.
    /// - Throws: ``KeyPathError`` naming the path: unknown key (a dotted path, or a likely typo
    ///   of a property), unknown cell, wrong type, invalid value. Nothing is changed then.
    public func validateAndSetValue(_ value: Any?, forKeyPath keyPath: String) throws {
        if let a = Layer.geometryKeyTable[keyPath] { return try a.set(self, value, keyPath) }
        do {
            if let emitter = self as? EmitterLayer {
                try KeyPathResolver.set(value, path: keyPath, on: emitter)
            } else {
                guard let a = Layer.plainKeyTable[keyPath] else { throw KeyPathError.unknownKey(keyPath: keyPath, key: keyPath) }
                try a.set(self, value, keyPath)
            }
        } catch let error as KeyPathError {
            if let a = subclassKeyPath(for: error) { return try a.set(self, value, keyPath) }
            guard isStorableKey(error) else { throw error }
            storedValues[keyPath] = value
        }
    }

    /// Reads a property or a stored key; nil for a key never set, and for a bad path (reported
    /// like a bad `setValue`).
    public func value(forKeyPath keyPath: String) -> Any? {
        do { return try validatedValue(forKeyPath: keyPath) } catch {
            keyValueDiagnostics.record(error, value: nil)
            return nil
        }
    }

    /// Reads a property or a stored key by its key.
    public func value(forKey key: String) -> Any? { value(forKeyPath: key) }

    /// Reads a property or a stored key (nil when never set), throwing instead of reporting.
    /// - Throws: ``KeyPathError`` for an unknown dotted path, a likely typo of a property, or
    ///   an unknown cell.
    public func validatedValue(forKeyPath keyPath: String) throws -> Any? {
        if let a = Layer.geometryKeyTable[keyPath] { return a.get(self) }
        do {
            if let emitter = self as? EmitterLayer { return try KeyPathResolver.get(path: keyPath, on: emitter) }
            guard let a = Layer.plainKeyTable[keyPath] else { throw KeyPathError.unknownKey(keyPath: keyPath, key: keyPath) }
            return a.get(self)
        } catch let error as KeyPathError {
            if let a = subclassKeyPath(for: error) { return a.get(self) }
            guard isStorableKey(error) else { throw error }
            return storedValues[keyPath]
        }
    }

    /// The keys of a plain layer's properties.
    static let plainKeyTable: [String: KeyPathAccessor<Layer>] = KeyPathAccessor<Layer>.layerProperties()

    /// The subclass's key (``keyPaths``) when `error` says the key is none of the layer's own.
    private func subclassKeyPath(for error: KeyPathError) -> LayerKeyPath? {
        guard case let .unknownKey(path, key) = error, path == key else { return nil }
        return type(of: self).keyPaths[key]
    }

    /// True when `error` is an unknown key that the layer stores as an arbitrary key: one
    /// segment (no dot, no index), and not a likely typo of one of the layer's property keys.
    private func isStorableKey(_ error: KeyPathError) -> Bool {
        guard case let .unknownKey(path, key) = error, path == key, !key.isEmpty,
              !key.contains("."), !key.contains("[") else { return false }
        let known = (self is EmitterLayer ? Array(EmitterLayer.keyTable.keys) : Array(Layer.plainKeyTable.keys))
            + Array(Layer.geometryKeyTable.keys) + Array(type(of: self).keyPaths.keys)
        return !known.contains { Self.isLikelyTypo(key, of: $0) }
    }

    /// `key` differs from `property` only in letter case, or by at most one edit — a letter
    /// added, dropped, changed, or two neighbours swapped — (two for keys of eight letters or more).
    static func isLikelyTypo(_ key: String, of property: String) -> Bool {
        let a = Array(key.lowercased()), b = Array(property.lowercased())
        if a == b { return true }
        let limit = min(a.count, b.count) >= 8 ? 2 : 1
        guard min(a.count, b.count) >= 4, abs(a.count - b.count) <= limit else { return false }
        // Edit distance with swaps of neighbours counted as one edit (optimal string alignment).
        var before = [Int](repeating: 0, count: b.count + 1), previous = Array(0...b.count)
        for i in 1...a.count {
            var row = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                row[j] = min(previous[j] + 1, row[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { row[j] = min(row[j], before[j - 2] + 1) }
            }
            (before, previous) = (previous, row)
        }
        return previous[b.count] <= limit
    }
}

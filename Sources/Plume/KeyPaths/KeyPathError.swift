/// Why a key path could not be read or written. Every case names the full key path.
public enum KeyPathError: Error, Hashable, CustomStringConvertible {
    /// No property of that name on the object the path reached.
    case unknownKey(keyPath: String, key: String)
    /// No sub-cell with that name (or index) in `emitterCells`.
    case unknownCell(keyPath: String, name: String)
    /// The value's type does not fit the property.
    case typeMismatch(keyPath: String, expected: String, actual: String)
    /// The value has the right type but cannot be stored (e.g. a seed out of `UInt32`'s range).
    case invalidValue(keyPath: String, value: String, reason: String)

    /// The full key path the failing call was given.
    public var keyPath: String {
        switch self {
        case let .unknownKey(p, _), let .unknownCell(p, _), let .typeMismatch(p, _, _), let .invalidValue(p, _, _):
            return p
        }
    }

    /// What failed, with the key path and, where one is close, the key meant.
    public var description: String {
        switch self {
        case let .unknownKey(p, k): return "key path '\(p)': unknown key '\(k)'"
        case let .unknownCell(p, n): return "key path '\(p)': no emitter cell named or numbered '\(n)'"
        case let .typeMismatch(p, e, a): return "key path '\(p)': expected \(e), got \(a)"
        case let .invalidValue(p, v, r): return "key path '\(p)': value \(v) \(r)"
        }
    }
}

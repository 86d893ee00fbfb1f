/// A problem found in a layer's values or in a simulation (Semantics §11): which key path, which value,
/// which rule, and what the simulator does about it. Never a crash, never silent.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What happens as a consequence.
    public enum Effect: String, Hashable, Sendable {
        /// The cell (and the particles it would have emitted) emits nothing.
        case cellEmitsNothing = "the cell emits nothing"
        /// The layer emits nothing.
        case layerEmitsNothing = "the layer emits nothing"
        /// The value is read as the stated fallback.
        case replaced = "the value is replaced"
        /// The value has a defined meaning (stated in the rule); reported because it is unusual.
        case defined = "defined meaning"
        /// Births were not created.
        case birthsDropped = "births were dropped"
        /// A sub-cell reference was ignored.
        case ignored = "ignored"
    }

    /// Key path from the layer, e.g. `emitterCells.fire.birthRate` (cells by name when they
    /// have one, else by index).
    public var keyPath: String
    /// The offending value, printed.
    public var value: String
    /// The rule it broke, in words.
    public var rule: String
    /// What the simulator did with the value: ignored it, clamped it, replaced it, …
    public var effect: Effect

    /// A diagnostic with every field given (the simulators make them).
    public init(keyPath: String, value: String, rule: String, effect: Effect) {
        self.keyPath = keyPath
        self.value = value
        self.rule = rule
        self.effect = effect
    }

    /// `keyPath = value: rule (effect)`.
    public var description: String { "\(keyPath) = \(value): \(rule) (\(effect.rawValue))" }
}

extension [Diagnostic] {
    /// Notes that `advance(to: hostTime)` with a non-finite time was ignored: the previous
    /// update's diagnostics stay, with one `hostTime` entry (replacing an earlier one).
    public mutating func noteIgnored(hostTime: Double) {
        removeAll { $0.keyPath == "hostTime" }
        append(Diagnostic(keyPath: "hostTime", value: "\(hostTime)", rule: "must be finite", effect: .ignored))
    }
}

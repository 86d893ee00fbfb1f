import Foundation

/// The failed non-throwing `setValue(_:forKeyPath:)` / `value(forKeyPath:)` calls of a layer or
/// cell (Semantics §9): kept on the object, and handed to its simulators at their next update so that
/// they appear in `diagnostics` with the key path, the value and the rule.
public struct KeyValueDiagnostics: Hashable, Sendable {
    /// The most recent failures, oldest first (at most ``capacity``).
    public private(set) var recent: [Diagnostic] = []
    /// Failures since the object was created (including those no longer in ``recent``).
    public private(set) var count = 0
    /// How many failures ``recent`` keeps.
    public static let capacity = 64

    /// No failures yet.
    public init() {}

    mutating func record(_ error: Error, value: Any?) {
        let keyPath = (error as? KeyPathError)?.keyPath ?? "?"
        let shown = value.map { "\($0)" } ?? "nil"
        recent.append(Diagnostic(keyPath: keyPath, value: shown, rule: "\(error); nothing was changed", effect: .ignored))
        if recent.count > Self.capacity { recent.removeFirst(recent.count - Self.capacity) }
        count += 1
    }
}

/// Remembers which key-value failures of a layer tree a simulator has already reported, so each
/// appears in exactly one update's diagnostics of that simulator.
public struct KeyValueReportCursor: Sendable {
    private var seen: [ObjectIdentifier: Int] = [:]

    /// A cursor that has reported nothing yet: its first call returns every failure kept.
    public init() {}

    /// The failures on `layer`, its cells (any depth) and its behaviours since the previous call.
    public mutating func newDiagnostics(of layer: EmitterLayer) -> [Diagnostic] {
        var out = take(layer.keyValueDiagnostics, ObjectIdentifier(layer))
        var visited = Set<ObjectIdentifier>()
        func walk(_ cells: [EmitterCell]?) {
            for cell in cells ?? [] where visited.insert(ObjectIdentifier(cell)).inserted {
                out += take(cell.keyValueDiagnostics, ObjectIdentifier(cell))
                walk(cell.emitterCells)
            }
        }
        walk(layer.emitterCells)
        for behavior in layer.emitterBehaviors ?? [] where visited.insert(ObjectIdentifier(behavior)).inserted {
            out += take(behavior.keyValueDiagnostics, ObjectIdentifier(behavior))
        }
        return out
    }

    private mutating func take(_ d: KeyValueDiagnostics, _ id: ObjectIdentifier) -> [Diagnostic] {
        let new = d.count - (seen[id] ?? 0)
        guard new > 0 else { return [] }
        seen[id] = d.count
        return Array(d.recent.suffix(new))
    }
}

import Foundation
import Plume

/// Every problem a simulator reported over a run, each once: advice is reported at a single update
/// (a cell that can never show, a `beginTime` on the host clock), value problems at every update
/// (kept with their latest value, e.g. the births a full cell dropped so far).
struct DiagnosticLog {
    private(set) var entries: [Diagnostic] = []
    private var index: [String: Int] = [:]

    mutating func add(_ diagnostics: [Diagnostic]) {
        for d in diagnostics {
            let key = d.keyPath + "\u{0}" + d.rule
            if let i = index[key] { entries[i] = d } else {
                index[key] = entries.count
                entries.append(d)
            }
        }
    }
}

import Foundation

/// One problem found in an effect file: where (file, JSON path, line and column), which rule, and
/// how serious.
///
/// ```
/// fire.json:12:24: error: $.emitterCells[0].birthRate: must be ≥ 0, got -3
/// fire.json:14:7: warning: $.emitterCells[0].lifetimeRnage: unknown key (did you mean "lifetimeRange"?), ignored
/// ```
public struct EffectIssue: Hashable, Sendable, CustomStringConvertible {
    /// How serious an issue is: whether the file still loads.
    public enum Severity: String, Hashable, Sendable {
        /// The file is refused (loading throws).
        case error
        /// The file loads; the value named is ignored or approximated, as the message says.
        case warning
    }

    /// Whether the file is refused (error) or loads with this value ignored (warning).
    public var severity: Severity
    /// The file as given to the loader (or a name such as "<data>").
    public var file: String
    /// JSON path from the document root: `$.emitterCells[0].emitterCells[1].velocity`. For
    /// property-list imports, the plist key (`$.maxParticles`).
    public var path: String
    /// Line and column of the offending key or value; nil where the source keeps no positions
    /// (property lists).
    public var position: SourcePosition?
    /// The rule broken, in words.
    public var message: String

    /// An issue with every field given (the loaders make them; tools may too).
    public init(severity: Severity, file: String, path: String, position: SourcePosition?, message: String) {
        self.severity = severity
        self.file = file
        self.path = path
        self.position = position
        self.message = message
    }

    /// `file:line:column: severity: path: message`, as compilers print (line and column only
    /// where known, the path only where there is one).
    public var description: String {
        let location = position.map { "\(file):\($0.line):\($0.column)" } ?? file
        // A problem of the file itself (it cannot be read) has no JSON path.
        return path.isEmpty ? "\(location): \(severity.rawValue): \(message)"
            : "\(location): \(severity.rawValue): \(path): \(message)"
    }
}

/// Why an effect file could not be loaded or written: every error found (not just the first),
/// with the warnings seen on the way.
public struct EffectFileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Errors first, then warnings, each in file order.
    public var issues: [EffectIssue]

    /// An error holding `issues` (errors first, then warnings, as the loaders order them).
    public init(issues: [EffectIssue]) { self.issues = issues }

    /// The issues that refused the file.
    public var errors: [EffectIssue] { issues.filter { $0.severity == .error } }
    /// The issues that alone would not have refused it.
    public var warnings: [EffectIssue] { issues.filter { $0.severity == .warning } }

    /// Every issue, one per line.
    public var description: String { issues.map(\.description).joined(separator: "\n") }
}

/// Collects issues while a document is read.
package struct IssueLog {
    package var file: String
    /// The issues kept (at most ``limit``).
    private var kept: [EffectIssue] = []
    /// Issues past the limit: counted, not kept (and not worked out: see ``isFull``).
    package private(set) var omitted = 0
    /// Stops collecting past this many, so a hostile file cannot produce unbounded output.
    package static let limit = 1000

    package init(file: String) { self.file = file }

    /// The issues kept, then, when more were found, a warning saying how many were not listed.
    package var issues: [EffectIssue] {
        guard omitted > 0 else { return kept }
        return kept + [EffectIssue(severity: .warning, file: file, path: "$", position: nil,
                                   message: "\(omitted) more issues not listed (the first \(Self.limit) are)")]
    }

    /// No more issues are kept: a caller may skip working out their text (suggestions for unknown
    /// keys cost an edit distance against every known key), and only count them with ``skip()``.
    package var isFull: Bool { kept.count >= Self.limit }

    /// Counts an issue past the limit without building it.
    package mutating func skip() { omitted += 1 }

    package var hasErrors: Bool { kept.contains { $0.severity == .error } }

    package mutating func error(_ path: String, _ position: SourcePosition?, _ message: String) {
        add(.error, path, position, message)
    }

    package mutating func warning(_ path: String, _ position: SourcePosition?, _ message: String) {
        add(.warning, path, position, message)
    }

    private mutating func add(_ severity: EffectIssue.Severity, _ path: String, _ position: SourcePosition?, _ message: String) {
        guard !isFull else { return skip() }
        kept.append(EffectIssue(severity: severity, file: file, path: path, position: position, message: message))
    }

    /// Errors first, then warnings, each sorted by position.
    package var sorted: [EffectIssue] {
        func key(_ i: EffectIssue) -> (Int, Int) { (i.position?.line ?? 0, i.position?.column ?? 0) }
        return issues.filter { $0.severity == .error }.sorted { key($0) < key($1) }
            + issues.filter { $0.severity == .warning }.sorted { key($0) < key($1) }
    }
}

/// The known key nearest to `key` by edit distance, if close enough to be a likely typo.
package func nearestKey(to key: String, in candidates: some Sequence<String>) -> String? {
    var best: (String, Int)?
    let lowered = key.lowercased()
    for c in candidates {
        let d = editDistance(lowered, c.lowercased())
        if best == nil || d < best!.1 || (d == best!.1 && c < best!.0) { best = (c, d) }
    }
    guard let (name, distance) = best else { return nil }
    return distance <= max(2, name.count / 3) ? name : nil
}

/// Levenshtein distance (insertions, deletions, substitutions), bounded inputs.
func editDistance(_ a: String, _ b: String) -> Int {
    let x = Array(a.unicodeScalars.prefix(200)), y = Array(b.unicodeScalars.prefix(200))
    if x.isEmpty { return y.count }
    if y.isEmpty { return x.count }
    var previous = Array(0...y.count)
    var current = [Int](repeating: 0, count: y.count + 1)
    for i in 1...x.count {
        current[0] = i
        for j in 1...y.count {
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] == y[j - 1] ? 0 : 1))
        }
        swap(&previous, &current)
    }
    return previous[y.count]
}

import Foundation

/// A JSON value to write, members in the order given. Short arrays of scalars stay on one line.
package indirect enum JSONOut: Sendable {
    case null
    case bool(Bool)
    /// The number's text, already formatted (see ``JSONOut/number(_:)``).
    case number(String)
    case string(String)
    case array([JSONOut])
    case object([(String, JSONOut)])

    /// The shortest text that reads back as the same `Double`.
    static func number(_ d: Double) -> JSONOut { .number(formatNumber(d)) }
    /// The shortest text that reads back as the same `Float` (so `0.2` stays `0.2`).
    static func number(_ f: Float) -> JSONOut { .number(formatNumber(f)) }

    package static func formatNumber(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int64(d)) }
        return "\(d)".replacingOccurrences(of: "e+", with: "e")
    }

    package static func formatNumber(_ f: Float) -> String {
        if f == f.rounded(), abs(f) < 1e7 { return String(Int64(f)) }
        return "\(f)".replacingOccurrences(of: "e+", with: "e")
    }

    /// Pretty-printed text with two-space indentation and a final newline.
    func text() -> String {
        var out = ""
        write(&out, indent: 0)
        out += "\n"
        return out
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: return false
        default: return true
        }
    }

    private func write(_ out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case let .bool(b): out += b ? "true" : "false"
        case let .number(t): out += t
        case let .string(s): out += Self.quote(s)
        case let .array(items):
            if items.isEmpty { out += "[]"; return }
            if items.count <= 8 && items.allSatisfy(\.isScalar) {
                var line = "["
                for (i, item) in items.enumerated() {
                    if i > 0 { line += ", " }
                    item.write(&line, indent: 0)
                }
                if line.count < 100 { out += line + "]"; return }
            }
            let pad = String(repeating: " ", count: indent + 2)
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad
                item.write(&out, indent: indent + 2)
                out += i == items.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "]"
        case let .object(members):
            if members.isEmpty { out += "{}"; return }
            let pad = String(repeating: " ", count: indent + 2)
            out += "{\n"
            for (i, (key, value)) in members.enumerated() {
                out += pad + Self.quote(key) + ": "
                value.write(&out, indent: indent + 2)
                out += i == members.count - 1 ? "\n" : ",\n"
            }
            out += String(repeating: " ", count: indent) + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}

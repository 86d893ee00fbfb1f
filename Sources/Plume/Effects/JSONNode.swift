import Foundation

/// A position in a text file: 1-based line and column (columns count Unicode scalars).
public struct SourcePosition: Hashable, Sendable, CustomStringConvertible {
    /// The line, from 1.
    public var line: Int
    /// The column, from 1, in Unicode scalars.
    public var column: Int

    /// The position at `line`, `column` (both from 1).
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// `line:column`, as compilers print it.
    public var description: String { "\(line):\(column)" }
}

/// A parsed JSON value that remembers where it stood in the source, so that effect-file errors
/// can name a line and column (Foundation's `JSONDecoder` keeps no positions).
struct JSONNode: Sendable {
    enum Value: Sendable {
        case null
        case bool(Bool)
        /// The number's source text is kept so that `Float` properties parse it directly (no
        /// double rounding through `Double`) and integers keep every digit.
        case number(Double, text: String)
        case string(String)
        case array([JSONNode])
        /// Members in source order; `keyPositions` are where each key stood.
        case object([(key: String, value: JSONNode, keyPosition: SourcePosition)])
    }

    var value: Value
    var position: SourcePosition

    /// The kind of value, in words, for error messages.
    var kindName: String {
        switch value {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    var members: [(key: String, value: JSONNode, keyPosition: SourcePosition)]? {
        if case let .object(m) = value { return m }
        return nil
    }

    var elements: [JSONNode]? {
        if case let .array(a) = value { return a }
        return nil
    }

    var string: String? {
        if case let .string(s) = value { return s }
        return nil
    }

    var number: (value: Double, text: String)? {
        if case let .number(d, t) = value { return (d, t) }
        return nil
    }

    subscript(key: String) -> JSONNode? { members?.first { $0.key == key }?.value }
}

/// Why a text is not JSON, and where.
struct JSONSyntaxError: Error, Sendable {
    var message: String
    var position: SourcePosition
}

/// A strict RFC 8259 reader (no comments, no trailing commas, no NaN) with positions, a nesting
/// limit and a size limit, so hostile input cannot exhaust the stack or memory.
struct JSONReader {
    static let maxDepth = 256
    static let maxBytes = 64 << 20

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    /// Column bookkeeping: the column at `columnIndex` on the current line (kept incrementally so
    /// a long minified line costs linear time, not quadratic).
    private var columnIndex = 0
    private var column = 1

    static func parse(_ data: Data) throws(JSONSyntaxError) -> JSONNode {
        guard data.count <= maxBytes else {
            throw JSONSyntaxError(message: "the file is larger than \(maxBytes >> 20) MiB", position: .init(line: 1, column: 1))
        }
        var reader = JSONReader(bytes: [UInt8](data))
        if reader.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { reader.index = 3; reader.lineStart = 3 }
        reader.skipSpace()
        let node = try reader.parseValue()
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw reader.error("unexpected text after the JSON value") }
        return node
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    /// Where `index` stands. Columns count scalars: UTF-8 continuation bytes are skipped.
    private mutating func here() -> SourcePosition {
        if columnIndex < lineStart || columnIndex > index { columnIndex = lineStart; column = 1 }
        while columnIndex < index && columnIndex < bytes.count {
            if bytes[columnIndex] & 0xC0 != 0x80 { column += 1 }
            columnIndex += 1
        }
        return SourcePosition(line: line, column: column)
    }

    private mutating func error(_ message: String) -> JSONSyntaxError { JSONSyntaxError(message: message, position: here()) }

    private mutating func skipSpace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A: index += 1; line += 1; lineStart = index
            default: return
            }
        }
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        guard index < bytes.count else { throw error("unexpected end of file, expected a value") }
        let start = here()
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(value: try parseObject(), position: start)
        case UInt8(ascii: "["): return JSONNode(value: try parseArray(), position: start)
        case UInt8(ascii: "\""): return JSONNode(value: .string(try parseString()), position: start)
        case UInt8(ascii: "t"): try literal("true"); return JSONNode(value: .bool(true), position: start)
        case UInt8(ascii: "f"): try literal("false"); return JSONNode(value: .bool(false), position: start)
        case UInt8(ascii: "n"): try literal("null"); return JSONNode(value: .null, position: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return JSONNode(value: try parseNumber(), position: start)
        default:
            let c = bytes[index]
            let shown = c >= 0x20 && c < 0x7F ? "'\(Character(UnicodeScalar(c)))'" : String(format: "byte 0x%02X", c)
            throw error("unexpected \(shown), expected a value (object, array, string, number, true, false or null)")
        }
    }

    private mutating func literal(_ word: String) throws(JSONSyntaxError) {
        let w = Array(word.utf8)
        guard index + w.count <= bytes.count, Array(bytes[index..<index + w.count]) == w else {
            throw error("unexpected text, expected '\(word)'")
        }
        index += w.count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > Self.maxDepth { throw error("nesting deeper than \(Self.maxDepth) levels") }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var members: [(key: String, value: JSONNode, keyPosition: SourcePosition)] = []
        skipSpace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
                throw error("expected a key in double quotes")
            }
            let keyPosition = here()
            let key = try parseString()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            skipSpace()
            let value = try parseValue()
            members.append((key, value, keyPosition))
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of file inside an object") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONNode.Value {
        try enter()
        defer { depth -= 1 }
        index += 1
        var elements: [JSONNode] = []
        skipSpace()
        if index < bytes.count && bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
        while true {
            skipSpace()
            elements.append(try parseValue())
            skipSpace()
            guard index < bytes.count else { throw error("unexpected end of file inside an array") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements) }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var out: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let c = bytes[index]
            switch c {
            case UInt8(ascii: "\""):
                index += 1
                guard let s = String(validating: out, as: UTF8.self) else { throw error("the string is not valid UTF-8") }
                return s
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated escape") }
                let e = bytes[index]
                index += 1
                switch e {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a lone UTF-16 surrogate in \\u escape")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("an invalid UTF-16 surrogate pair") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = UnicodeScalar(scalar) else { throw error("an invalid \\u escape") }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw error("an invalid escape '\\\(Character(UnicodeScalar(e)))'")
                }
            case 0..<0x20:
                throw error("a control character inside a string (write it as an escape)")
            default:
                out.append(c)
                index += 1
            }
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a truncated \\u escape") }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let d: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("a \\u escape needs four hex digits")
            }
            v = v * 16 + d
            index += 1
        }
        return v
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNode.Value {
        let start = index
        func digits(_ r: inout JSONReader) -> Int {
            var n = 0
            while r.index < r.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(r.bytes[r.index]) { r.index += 1; n += 1 }
            return n
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let intStart = index
        guard digits(&self) > 0 else { throw error("a number needs digits") }
        if bytes[intStart] == UInt8(ascii: "0") && index - intStart > 1 { throw error("a number may not have leading zeros") }
        if index < bytes.count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("a number needs digits after '.'") }
        }
        if index < bytes.count && (bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")) {
            index += 1
            if index < bytes.count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) { index += 1 }
            guard digits(&self) > 0 else { throw error("a number needs digits in its exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let d = Double(text) else { throw error("the number \(text) cannot be read") }
        return .number(d, text: text)
    }
}

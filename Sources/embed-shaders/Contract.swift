import Foundation

/// The parsed `Shaders/plume.contract`: the one declaration of the Swift–GLSL contract (its header
/// comment documents the syntax).
struct Contract {
    /// A `name type` line of a block.
    struct Field {
        var name: String
        /// The GLSL type (`uint`, `vec3`, a struct name, …).
        var type: String
        /// `T[SUB]`: one per sub-cell of the records a program reads.
        var perSubCell = false
        /// The line's trailing comment, carried into the generated Swift as documentation.
        var doc = ""
        /// `if FEATURE …` (a program's uniform): used only by the variants compiled with every
        /// listed feature, and without each one written `!FEATURE` (a space-separated list).
        var feature: String? = nil
    }
    struct Block {
        var name: String
        var fields: [Field] = []
        /// `declared float` (a uniform struct, a table or a layout): plus a float per property the
        /// model declares for it (`@Property(gpu:)`), named as the property; the host supplies the
        /// list when it compiles a program (`PLUME_DECLARED_<name>`, `PLUME_DECLARED_ROW_<name>`,
        /// `PLUME_DECLARED_LAYOUT_<name>`), links a struct's handles by name and writes a table's
        /// or a layout's floats after its other fields.
        var declared = false
    }
    struct Enumeration {
        var name: String
        var cases: [String]
    }
    struct Program {
        var name: String
        var stages: [String]
        var uniforms: [Field] = []
    }

    /// An integer both sides use (a size, a count): `constant NAME VALUE`.
    struct Constant {
        var name: String
        var value: Int
        var doc: String
    }

    var records: [Block] = []
    /// `table NAME` blocks: rows of 32-bit words in an RGBA32UI buffer texture written by the host.
    var tables: [Block] = []
    /// `layout NAME`: an entry of a texel table (RGBA32UI) read at any texel address.
    var layouts: [Block] = []
    var constants: [Constant] = []
    var structs: [Block] = []
    var enums: [Enumeration] = []
    var programs: [Program] = []

    /// 32-bit words of a record field's type.
    static let recordWords: [String: Int] = [
        "uint": 1, "int": 1, "float": 1, "uvec2": 2, "vec2": 2, "vec3": 3, "vec4": 4,
    ]
    /// Types a uniform may have besides the declared structs.
    static let uniformTypes: Set<String> = [
        "bool", "int", "uint", "float", "vec2", "vec3", "vec4", "uvec2", "mat4", "sampler2D",
        "usamplerBuffer",
    ]

    struct ParseError: Error, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "plume.contract:\(line): \(message)" }
    }

    init(text: String) throws {
        enum Open { case none, record, table, layout, structure, program }
        var open = Open.none
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            func fail(_ message: String) -> ParseError { ParseError(line: lineNumber, message: message) }
            let parts = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
            let line = parts[0].trimmingCharacters(in: .whitespaces)
            let comment = parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : ""
            if line.isEmpty { continue }
            let indented = raw.first == " "
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" }).map(String.init)
            if !indented {
                switch words[0] {
                case "record":
                    guard words.count == 2 else { throw fail("expected `record NAME`") }
                    records.append(Block(name: words[1])); open = .record
                case "table":
                    guard words.count == 2 else { throw fail("expected `table NAME`") }
                    tables.append(Block(name: words[1])); open = .table
                case "layout":
                    guard words.count == 2 else { throw fail("expected `layout NAME`") }
                    layouts.append(Block(name: words[1])); open = .layout
                case "constant":
                    guard words.count == 3, let value = Int(words[2]) else { throw fail("expected `constant NAME INTEGER`") }
                    constants.append(Constant(name: words[1], value: value, doc: comment)); open = .none
                case "struct":
                    guard words.count == 2 else { throw fail("expected `struct NAME`") }
                    structs.append(Block(name: words[1])); open = .structure
                case "enum":
                    guard words.count >= 3 else { throw fail("expected `enum NAME: case case …`") }
                    enums.append(Enumeration(name: words[1], cases: Array(words.dropFirst(2)))); open = .none
                case "program":
                    guard words.count >= 3 else { throw fail("expected `program NAME: STAGE…`") }
                    programs.append(Program(name: words[1], stages: Array(words.dropFirst(2)))); open = .program
                default:
                    throw fail("unknown declaration `\(words[0])`")
                }
                continue
            }
            let conditional = words.count >= 4 && words[2] == "if" && open == .program
            guard words.count == 2 || conditional else { throw fail("expected `name type` (or `name type if FEATURE…` in a program)") }
            var field = Field(name: words[0], type: words[1], doc: comment,
                              feature: conditional ? words[3...].joined(separator: " ") : nil)
            if field.type.hasSuffix("[SUB]") {
                field.type.removeLast(5)
                field.perSubCell = true
            }
            switch open {
            case .none:
                throw fail("a field outside a block")
            case .record:
                guard Self.recordWords[field.type] != nil, !field.perSubCell else {
                    throw fail("a record field must be one of \(Self.recordWords.keys.sorted())")
                }
                records[records.count - 1].fields.append(field)
            case .table where field.name == "declared":
                guard field.type == "float" else { throw fail("expected `declared float`") }
                tables[tables.count - 1].declared = true
            case .table:
                guard Self.recordWords[field.type] != nil, !field.perSubCell else {
                    throw fail("a table field must be one of \(Self.recordWords.keys.sorted())")
                }
                tables[tables.count - 1].fields.append(field)
            case .layout where field.name == "declared":
                guard field.type == "float" else { throw fail("expected `declared float`") }
                layouts[layouts.count - 1].declared = true
            case .layout:
                guard Self.layoutTypes.contains(field.type), !field.perSubCell else {
                    throw fail("a layout field must be one of \(Self.layoutTypes.sorted())")
                }
                layouts[layouts.count - 1].fields.append(field)
            case .structure where field.name == "declared":
                guard field.type == "float" else { throw fail("expected `declared float`") }
                structs[structs.count - 1].declared = true
            case .structure:
                guard Self.recordWords[field.type] != nil || field.type == "bool", !field.perSubCell else {
                    throw fail("a struct field must be a scalar or vector type")
                }
                structs[structs.count - 1].fields.append(field)
            case .program:
                guard Self.uniformTypes.contains(field.type) || structs.contains(where: { $0.name == field.type })
                else { throw fail("unknown uniform type `\(field.type)`") }
                guard field.feature == nil || (Self.uniformTypes.contains(field.type) && !field.perSubCell) else {
                    throw fail("only a single uniform of a plain type can be conditional")
                }
                programs[programs.count - 1].uniforms.append(field)
            }
        }
        guard records.count == 3 else {
            throw ParseError(line: 0, message: "expected three records: the particle, what a sub-cell's particle inherits, the per-sub-cell clock")
        }
    }

    var particle: Block { records[0] }
    /// Present only in the records of a sub-cell (the CHILD layout), after the particle's fields.
    var inherit: Block { records[1] }
    var clock: Block { records[2] }

    static func offsets(_ block: Block) -> [(Field, Int)] {
        var offset = 0
        return block.fields.map { field in
            defer { offset += recordWords[field.type]! }
            return (field, offset)
        }
    }
    /// Types of a `layout` field.
    static let layoutTypes: Set<String> = ["uint", "int", "float", "vec2", "vec3", "vec4"]

    /// Word offsets of a `layout`'s fields: in order, a `vec2` at an even word, a `vec3` or `vec4`
    /// at a texel's first word (so each field is read with one texel fetch).
    static func layoutOffsets(_ block: Block) -> [(Field, Int)] {
        var next = 0
        return block.fields.map { field in
            let align = field.type == "vec2" ? 2 : field.type == "vec3" || field.type == "vec4" ? 4 : 1
            next = (next + align - 1) / align * align
            defer { next += recordWords[field.type]! }
            return (field, next)
        }
    }

    /// Words of a `layout` entry's fields (with their alignment); a `declared float` layout's
    /// declared floats follow at this word, one each.
    static func layoutWords(_ block: Block) -> Int {
        layoutOffsets(block).last.map { $0.1 + recordWords[$0.0.type]! } ?? 0
    }

    /// Texels of a `layout` entry (without its declared floats).
    static func layoutVectors(_ block: Block) -> Int { (layoutWords(block) + 3) / 4 }

    static func words(_ block: Block) -> Int { block.fields.reduce(0) { $0 + recordWords[$1.type]! } }

    /// The most sub-cells whose record fits the 64 transform-feedback components every GL 3.3
    /// driver offers (records move as whole uvec4s), in the larger (CHILD) layout.
    var maxSubCells: Int {
        var s = 0
        while (Self.words(particle) + Self.words(inherit) + Self.words(clock) * (s + 1) + 3) / 4 * 4 <= 64 { s += 1 }
        return s
    }
}

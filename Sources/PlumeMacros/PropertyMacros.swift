import Foundation
import SwiftCompilerPlugin
import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@Property(…)` on a stored property: a marker that `@DeclaredProperties` reads. It expands to
/// nothing by itself.
public struct PropertyMacro: PeerMacro {
    public static func expansion(of node: AttributeSyntax, providingPeersOf declaration: some DeclSyntaxProtocol,
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let v = declaration.as(VariableDeclSyntax.self), v.bindings.count == 1,
              v.bindings.first?.pattern.as(IdentifierPatternSyntax.self) != nil else {
            context.diagnose(Diagnostic(node: node, message: PropertyMessage("@Property declares one stored `var name: Type = default`")))
            return []
        }
        return []
    }
}

/// `@DeclaredProperties` on a class: every stored property marked `@Property(…)` becomes an entry of
/// `static let declaredProperties` (its key, key path, doc comment's first sentence and the
/// attribute's arguments), in declaration order, and `copyDeclaredProperties(to:)` copies them all.
/// The key-path table, `copy()`, the effect-file table and schema and the GPU's uniforms are built
/// from that list, so a property is written once: where it is stored.
public struct DeclaredPropertiesMacro: MemberMacro {
    public static func expansion(of node: AttributeSyntax, providingMembersOf declaration: some DeclGroupSyntax,
                                 conformingTo protocols: [TypeSyntax],
                                 in context: some MacroExpansionContext) throws -> [DeclSyntax] {
        guard let cls = declaration.as(ClassDeclSyntax.self) else {
            context.diagnose(Diagnostic(node: node, message: PropertyMessage("@DeclaredProperties applies to a class")))
            return []
        }
        let typeName = cls.name.text
        var entries: [String] = []
        var copies: [String] = []
        var gpu: [(name: String, table: String)] = []
        for member in cls.memberBlock.members {
            guard let v = member.decl.as(VariableDeclSyntax.self),
                  let attribute = v.attributes.lazy.compactMap({ $0.as(AttributeSyntax.self) })
                      .first(where: { $0.attributeName.trimmedDescription == "Property" }),
                  let binding = v.bindings.first,
                  let name = binding.pattern.as(IdentifierPatternSyntax.self)?.identifier.text else { continue }
            var arguments = ""
            if case let .argumentList(list) = attribute.arguments, !list.isEmpty {
                arguments = ", " + list.trimmedDescription
                if let table = list.first(where: { $0.label?.text == "gpu" })?.expression.trimmedDescription {
                    gpu.append((name, table))
                }
            }
            let doc = summary(of: v.leadingTrivia)
            entries.append("PropertyDeclaration(key: \(literal(name)), \\\(typeName).\(name), doc: \(literal(doc))\(arguments))")
            copies.append("c.\(name) = \(name)")
        }
        let list = entries.map { "        " + $0 }.joined(separator: ",\n")
        let body = copies.map { "        " + $0 }.joined(separator: "\n")
        let fields = gpu.map { "        /// `\(typeName).\($0.name)`, resolved.\n        public var \($0.name): Double = 0" }.joined(separator: "\n")
        let names = gpu.map { literal($0.name) }.joined(separator: ", ")
        var tableOrder: [String] = []
        for p in gpu where !tableOrder.contains(p.table) { tableOrder.append(p.table) }
        let tables = tableOrder.map { t in
            "\(t): [" + gpu.filter { $0.table == t }.map { literal($0.name) }.joined(separator: ", ") + "]"
        }.joined(separator: ", ")
        let resolves = gpu.map { "            \($0.name) = resolve(\(literal($0.name)), Double(source.\($0.name)))" }.joined(separator: "\n")
        let tableResolves = gpu.map {
            "            if table == \($0.table) { \($0.name) = resolve(\(literal($0.name)), Double(source.\($0.name))) }"
        }.joined(separator: "\n")
        let values = gpu.map(\.name).joined(separator: ", ")
        let tableValues = gpu.map { "            if table == \($0.table) { v.append(\($0.name)) }" }.joined(separator: "\n")
        let parameters: DeclSyntax = """
            /// The properties declared with `@Property(gpu:)`, resolved for one update: what the GPU
            /// programs read (as fields of the same names of the contract block `gpu:` names) and
            /// the reference reads through the resolved cell or behaviour (generated).
            public struct GPUParameters: Sendable, Hashable {
            \(raw: fields)

                /// Their names: the GLSL fields (generated).
                package static let names: [String] = [\(raw: names)]

                /// The names each contract block reads, in declaration order (generated).
                package static let tables: [GPUParameter: [String]] = [\(raw: tables)]

                /// Every parameter 0.
                public init() {}

                /// Each value read from `source` through `resolve(key, value)` (generated).
                init(_ source: \(raw: typeName), resolve: (String, Double) -> Double) {
            \(raw: resolves)
                }

                /// The values `table` reads, each read from `source` through `resolve(key, value)`;
                /// the others 0 (generated).
                init(_ source: \(raw: typeName), table: GPUParameter, resolve: (String, Double) -> Double) {
            \(raw: tableResolves)
                }

                /// The values in ``names`` order (generated).
                package var values: [Double] { [\(raw: values)] }

                /// The values `table` reads, in ``tables`` order (generated).
                package func values(in table: GPUParameter) -> [Double] {
                    var v: [Double] = []
            \(raw: tableValues)
                    return v
                }
            }
            """
        return (gpu.isEmpty ? [] : [parameters]) + [
            """
            /// The properties declared with `@Property`, in declaration order (generated).
            static let declaredProperties: [PropertyDeclaration<\(raw: typeName)>] = [
            \(raw: list)
            ]
            """,
            """
            /// Copies every property declared with `@Property` into `c` (generated).
            func copyDeclaredProperties(to c: \(raw: typeName)) {
            \(raw: body)
            }
            """,
        ]
    }

    /// The doc comment's first sentence (or first paragraph when it has no full stop), in plain
    /// text: ``symbol`` links become `symbol`.
    static func summary(of trivia: Trivia) -> String {
        var lines: [String] = []
        for piece in trivia {
            if case let .docLineComment(text) = piece {
                lines.append(String(text.dropFirst(3)).trimmingCharacters(in: .whitespaces))
            }
        }
        var paragraph: [String] = []
        for line in lines {
            if line.isEmpty { if paragraph.isEmpty { continue } else { break } }
            paragraph.append(line)
        }
        var text = symbolLinksAsCode(paragraph.joined(separator: " "))
        // The first sentence: up to the first ". " outside backticks.
        var inCode = false
        var end: String.Index?
        var i = text.startIndex
        while i < text.endIndex {
            let ch = text[i]
            if ch == "`" { inCode.toggle() }
            let next = text.index(after: i)
            if ch == ".", !inCode, next == text.endIndex || text[next] == " " {
                end = next
                break
            }
            i = next
        }
        if let end { text = String(text[..<end]) }
        return text
    }

    /// ``Type/member`` → `member`, ``Type`` → `Type`.
    static func symbolLinksAsCode(_ text: String) -> String {
        let parts = text.components(separatedBy: "``")
        guard parts.count >= 3 else { return text }
        var out = ""
        for (i, part) in parts.enumerated() {
            if i % 2 == 1, i < parts.count - 1 {
                out += "`" + (part.split(separator: "/").last.map(String.init) ?? part) + "`"
            } else {
                out += part
            }
        }
        return out
    }

    static func literal(_ s: String) -> String {
        var out = "\""
        for ch in s.unicodeScalars {
            switch ch {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            default: out.unicodeScalars.append(ch)
            }
        }
        return out + "\""
    }
}

struct PropertyMessage: DiagnosticMessage {
    let message: String
    init(_ message: String) { self.message = message }
    var diagnosticID: MessageID { MessageID(domain: "PlumeMacros", id: "property") }
    var severity: DiagnosticSeverity { .error }
}

@main
struct PlumeMacrosPlugin: CompilerPlugin {
    let providingMacros: [Macro.Type] = [PropertyMacro.self, DeclaredPropertiesMacro.self]
}

import Foundation
import Testing
@testable import Plume

/// The committed JSON Schema: generated from the model, up to date, covering every property, and
/// every shipped effect validates against it.
@Suite struct EffectSchemaTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let schemaURL = repository.appendingPathComponent("Schemas/plume-effect.schema.json")

    @Test func committedSchemaIsCurrent() throws {
        let committed = try String(contentsOf: Self.schemaURL, encoding: .utf8)
        #expect(committed == EffectSchema.text(),
                "Schemas/plume-effect.schema.json is stale: regenerate it with `swift run plume schema > Schemas/plume-effect.schema.json`")
    }

    @Test func schemaCoversEveryProperty() throws {
        let schema = try SchemaCheck.parse(EffectSchema.text())
        for (def, properties) in [("layer", EffectModel.layer.properties.map(\.key)), ("cell", EffectModel.cell.properties.map(\.key)),
                                  ("behavior", EffectModel.behavior.properties.map(\.key) + ["type"]),
                                  ("animation", EffectAnimationFormat.keys)] {
            let listed = try #require(schema["$defs"]?[def]?["properties"])
            for key in properties { #expect(listed[key] != nil, "schema $defs.\(def) lacks \(key)") }
        }
    }

    @Test func shippedEffectsValidate() throws {
        let schema = try SchemaCheck.parse(EffectSchema.text())
        var files = try FileManager.default.contentsOfDirectory(at: Self.repository.appendingPathComponent("Sources/Plume/Resources/Effects"),
                                                                includingPropertiesForKeys: nil)
        files += (try? FileManager.default.contentsOfDirectory(at: Self.repository.appendingPathComponent("Examples/Effects"),
                                                               includingPropertiesForKeys: nil)) ?? []
        let effects = files.filter { $0.pathExtension == "json" }
        #expect(effects.count >= 7)
        for file in effects {
            let instance = try JSONReader.parse(Data(contentsOf: file))
            let problems = SchemaCheck(root: schema).validate(instance, against: schema, path: "$")
            #expect(problems.isEmpty, "\(file.lastPathComponent): \(problems.prefix(5))")
            #expect(EffectFile.validate(contentsOf: file).isEmpty, "\(file.lastPathComponent) loads without issues")
        }
    }

    @Test func schemaRejectsWhatTheLoaderRejects() throws {
        let schema = try SchemaCheck.parse(EffectSchema.text())
        let bad: [String] = [
            #"{"format": "plume-effect", "version": 1, "layer": {"emitterShape": "circel"}}"#,
            #"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [{"birthRate": -1}]}}"#,
            ##"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [{"color": "#12"}]}}"##,
            #"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [{"lifetimeRnage": 1}]}}"#,
            #"{"format": "plume-effect", "version": 1, "layer": {"seed": -4}}"#,
            #"{"format": "plume-effect", "version": 1}"#,
            #"{"format": "plume-effect", "version": 1, "layer": {"emitterBehaviors": [{"drag": 1}]}}"#,
            #"{"format": "plume-effect", "version": 1, "layer": {"emitterBehaviors": [{"type": "drag", "drag": -1}]}}"#,
            #"{"format": "plume-effect", "version": 1, "layer": {"emitterBehaviors": [{"type": "wave", "force": ["x"]}]}}"#,
        ]
        for text in bad {
            let instance = try JSONReader.parse(Data(text.utf8))
            #expect(!SchemaCheck(root: schema).validate(instance, against: schema, path: "$").isEmpty, "schema accepts \(text)")
            #expect(EffectFile.check(Data(text.utf8)).1.isEmpty == false, "loader accepts \(text)")
        }
    }
}

/// A JSON Schema checker for exactly the keywords the generated schema uses; an unknown keyword
/// is reported as a problem, so the schema cannot outgrow the check silently.
struct SchemaCheck {
    let root: JSONNode
    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "default"]

    init(root: JSONNode) { self.root = root }

    static func parse(_ text: String) throws -> JSONNode { try JSONReader.parse(Data(text.utf8)) }

    func validate(_ value: JSONNode, against schema: JSONNode, path: String) -> [String] {
        guard let members = schema.members else { return ["\(path): schema is not an object"] }
        var problems: [String] = []
        for (keyword, argument, _) in members where !Self.annotations.contains(keyword) {
            switch keyword {
            case "$ref":
                guard let ref = argument.string, ref.hasPrefix("#/$defs/"), let target = root["$defs"]?[String(ref.dropFirst(8))] else {
                    problems.append("\(path): unresolvable $ref")
                    continue
                }
                problems += validate(value, against: target, path: path)
            case "type":
                let types = argument.elements?.compactMap(\.string) ?? [argument.string ?? ""]
                if !types.contains(where: { Self.isType(value, $0) }) { problems.append("\(path): not of type \(types)") }
            case "const":
                if !Self.equal(value, argument) { problems.append("\(path): not the constant") }
            case "enum":
                if !(argument.elements ?? []).contains(where: { Self.equal(value, $0) }) { problems.append("\(path): not in enum") }
            case "properties":
                guard value.members != nil, let properties = argument.members else { continue }
                for (key, sub, _) in properties { if let v = value[key] { problems += validate(v, against: sub, path: "\(path).\(key)") } }
            case "additionalProperties":
                guard let object = value.members, case .bool(false) = argument.value else { continue }
                let known = Set((schema["properties"]?.members ?? []).map(\.key))
                for (key, _, _) in object where !known.contains(key) { problems.append("\(path).\(key): additional property") }
            case "required":
                guard value.members != nil else { continue }
                for key in argument.elements?.compactMap(\.string) ?? [] where value[key] == nil { problems.append("\(path): missing \(key)") }
            case "items":
                for (i, v) in (value.elements ?? []).enumerated() { problems += validate(v, against: argument, path: "\(path)[\(i)]") }
            case "minItems", "maxItems":
                guard let array = value.elements, let n = argument.number?.value else { continue }
                if keyword == "minItems" ? Double(array.count) < n : Double(array.count) > n { problems.append("\(path): \(keyword) \(n)") }
            case "minLength":
                if let string = value.string, let n = argument.number?.value, Double(string.count) < n { problems.append("\(path): too short") }
            case "minimum", "maximum", "exclusiveMinimum":
                guard let n = value.number?.value, let bound = argument.number?.value else { continue }
                let ok = keyword == "minimum" ? n >= bound : keyword == "maximum" ? n <= bound : n > bound
                if !ok { problems.append("\(path): \(n) violates \(keyword) \(bound)") }
            case "pattern":
                guard let string = value.string, let pattern = argument.string else { continue }
                if string.range(of: pattern, options: .regularExpression) == nil { problems.append("\(path): \"\(string)\" does not match \(pattern)") }
            case "anyOf":
                if !(argument.elements ?? []).contains(where: { validate(value, against: $0, path: path).isEmpty }) {
                    problems.append("\(path): matches no anyOf option")
                }
            case "$defs":
                continue
            default:
                problems.append("\(path): the check does not know the keyword \(keyword)")
            }
        }
        return problems
    }

    static func isType(_ v: JSONNode, _ type: String) -> Bool {
        switch (type, v.value) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("number", .number), ("null", .null):
            return true
        case let ("integer", .number(d, _)): return d == d.rounded()
        default: return false
        }
    }

    static func equal(_ a: JSONNode, _ b: JSONNode) -> Bool {
        switch (a.value, b.value) {
        case let (.string(x), .string(y)): return x == y
        case let (.number(x, _), .number(y, _)): return x == y
        default: return false
        }
    }
}

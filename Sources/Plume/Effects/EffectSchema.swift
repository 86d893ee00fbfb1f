import Foundation

/// The JSON Schema (draft 2020-12) of effect files, generated from the same property tables the
/// reader and writer use. The committed copy is `Schemas/plume-effect.schema.json`; regenerate it
/// with `swift run plume schema > Schemas/plume-effect.schema.json` (a test fails when it is stale).
public enum EffectSchema {
    /// The schema's text.
    public static func text() -> String { document().text() }

    static func document() -> JSONOut {
        let builtins = SpriteImage.Builtin.allCases.map { JSONOut.string($0.rawValue) }
        let angleUnits = EffectFile.AngleUnit.allCases.map { JSONOut.string($0.rawValue) }
        let defs: [(String, JSONOut)] = [
            ("number", .object([("type", .string("number"))])),
            ("numberOrInfinity", .object([("anyOf", .array([
                .object([("type", .string("number"))]),
                .object([("enum", .array(["infinity", "-infinity", "+infinity", "inf", "-inf"].map(JSONOut.string)))]),
            ]))])),
            ("angle", .object([("anyOf", .array([
                .object([("type", .string("number"))]),
                .object([("type", .string("string")), ("pattern", .string(#"^\s*[-+]?[0-9.]+([eE][-+]?[0-9]+)?\s*(deg|rad|°)$"#))]),
            ]))])),
            ("point", vector(2, "[x, y]")),
            ("size", .object([("type", .string("array")), ("description", .string("[width, height], each ≥ 0")),
                              ("items", .object([("type", .string("number")), ("minimum", .number(0.0))])),
                              ("minItems", .number("2")), ("maxItems", .number("2"))])),
            ("rect", vector(4, "[x, y, width, height]")),
            ("color", .object([("anyOf", .array([
                .object([("type", .string("array")), ("items", .object([("type", .string("number"))])),
                         ("minItems", .number("3")), ("maxItems", .number("4"))]),
                .object([("type", .string("string")), ("pattern", .string("^#([0-9a-fA-F]{6}|[0-9a-fA-F]{8})$"))]),
            ])), ("description", .string("Straight RGBA: [r, g, b, a] (a defaults to 1) or \"#rrggbbaa\" / \"#rrggbb\"."))])),
            ("image", .object([("description", .string("A built-in sprite name, a PNG path relative to the file, or an object.")), ("anyOf", .array([
                .object([("type", .string("string")), ("minLength", .number("1"))]),
                closed([("builtin", .object([("enum", .array(builtins))])),
                        ("size", .object([("type", .string("integer")), ("minimum", .number("2")), ("maximum", .number("1024"))]))],
                       required: ["builtin"]),
                closed([("path", .object([("type", .string("string")), ("minLength", .number("1"))]))], required: ["path"]),
                closed([("png", .object([("type", .string("string")), ("description", .string("Base64 of a PNG file."))]))], required: ["png"]),
                .object([("type", .string("null"))]),
            ]))])),
            ("timingFunction", .object([("anyOf", .array([
                .object([("enum", .array(EffectAnimationFormat.namedTimingFunctions.map { .string($0.0) }))]),
                vector(4, "[c1x, c1y, c2x, c2y]"),
            ]))])),
            ("animationValue", .object([("description", .string("A value of the animated property's type.")), ("anyOf", .array([
                .object([("$ref", .string("#/$defs/angle"))]),
                .object([("$ref", .string("#/$defs/color"))]),
                vector(2, "[x, y] or [width, height]"),
                vector(4, "[x, y, width, height]"),
            ]))])),
            ("animation", animation()),
            ("burst", EffectBurstFormat.schema()),
            ("cell", closed(properties(EffectModel.cell.properties, extra: []), required: [])),
            ("behavior", closed(properties(EffectModel.behavior.properties, extra: [
                ("type", .object([("type", .string("string")), ("description", .string(
                    "The behaviour's type (unknown types are kept and do nothing): \(EmitterBehavior.types.joined(separator: ", "))."))])),
                ("distanceMask", .object([("description", .string(
                    "`collider`: a distance field made from a mask image's alpha (pixels of at least `threshold`, default 128, are inside), `sampleSpacing` points per pixel, instead of `samples`; written back as its samples.")),
                    ("allOf", .array([closed([
                        ("image", .object([("$ref", .string("#/$defs/image"))])),
                        ("threshold", .object([("type", .string("integer")), ("minimum", .number("0")), ("maximum", .number("255"))])),
                    ], required: ["image"])]))])),
            ]), required: ["type"])),
            ("layer", closed(properties(EffectModel.layer.properties, extra: [
                ("emitterBehaviors", .object([("type", .array([.string("array"), .string("null")])),
                                              ("items", .object([("$ref", .string("#/$defs/behavior"))]))])),
                ("animations", .object([("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/animation"))]))])),
            ]), required: [])),
        ]
        return .object([
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
            ("$id", .string("plume-effect.schema.json")),
            ("title", .string("Plume effect file, format version \(EffectFile.version)")),
            ("description", .string("A Plume EmitterLayer with its cells and animations. Generated by `plume schema`; do not edit by hand.")),
            ("type", .string("object")),
            ("required", .array(["format", "version", "layer"].map(JSONOut.string))),
            ("properties", .object([
                ("$schema", .object([("type", .string("string"))])),
                ("format", .object([("const", .string(EffectFile.format))])),
                ("version", .object([("const", .number(String(EffectFile.version)))])),
                ("angleUnit", .object([("enum", .array(angleUnits)), ("default", .string("radians")),
                                       ("description", .string("Unit of every angle in the file."))])),
                ("description", .object([("type", .string("string"))])),
                ("maxParticlesPerCell", .object([("type", .string("integer")), ("minimum", .number("0")),
                                                 ("maximum", .number(String(1 << 30))),
                                                 ("description", .string("Capacity of each cell (SimulationLimits)."))])),
                ("layer", .object([("$ref", .string("#/$defs/layer"))])),
            ])),
            ("additionalProperties", .bool(false)),
            ("$defs", .object(defs)),
        ])
    }

    private static func vector(_ n: Int, _ description: String) -> JSONOut {
        .object([("type", .string("array")), ("description", .string(description)), ("items", .object([("type", .string("number"))])),
                 ("minItems", .number(String(n))), ("maxItems", .number(String(n)))])
    }

    private static func closed(_ properties: [(String, JSONOut)], required: [String]) -> JSONOut {
        var members: [(String, JSONOut)] = [("type", .string("object")), ("properties", .object(properties))]
        if !required.isEmpty { members.append(("required", .array(required.map(JSONOut.string)))) }
        members.append(("additionalProperties", .bool(false)))
        return .object(members)
    }

    /// Each property, the extra keys, and the aliases of properties in the list (`enabled`).
    private static func properties<Root: AnyObject>(_ list: [EffectProperty<Root>], extra: [(String, JSONOut)]) -> [(String, JSONOut)] {
        let aliases: [(String, JSONOut)] = EffectProperty<Root>.aliasTargets.sorted { $0.key < $1.key }.compactMap { alias, target in
            guard let property = list.first(where: { $0.key == target }) else { return nil }
            return (alias, schema(for: property))
        }
        return list.map { ($0.key, schema(for: $0)) } + extra + aliases
    }

    static func schema<Root: AnyObject>(for p: EffectProperty<Root>) -> JSONOut {
        let info = p.info
        var members: [(String, JSONOut)] = []
        var description = info.doc
        if info.unit != .none { description += (description.isEmpty ? "" : " ") + "Unit: \(info.unit.rawValue)." }
        if let rule = info.rule { description += " \(rule.prefix(1).uppercased() + rule.dropFirst())." }
        if !description.isEmpty { members.append(("description", .string(description))) }
        switch p.kind {
        case .float, .cgFloat, .double:
            if info.unit == .angle || info.unit == .angularSpeed {
                members.append(("$ref", .string("#/$defs/angle")))
            } else if info.allowsInfinity {
                members.append(("$ref", .string("#/$defs/numberOrInfinity")))
            } else {
                members.append(("type", .string("number")))
            }
            if let m = info.minimum, !info.allowsInfinity { members.append(("minimum", .number(m))) }
            if let a = info.above { members.append(("exclusiveMinimum", .number(a))) }
        case .bool: members.append(("type", .string("boolean")))
        case .seed:
            members += [("type", .string("integer")), ("minimum", .number("0")), ("maximum", .number(String(UInt32.max)))]
        case .string: members.append(("type", .array([.string("string"), .string("null")])))
        case .point: members.append(("$ref", .string("#/$defs/point")))
        case .size: members.append(("$ref", .string("#/$defs/size")))
        case .rect: members.append(("$ref", .string("#/$defs/rect")))
        case .color: members.append(("$ref", .string("#/$defs/color")))
        case let .enumeration(names): members.append(("enum", .array(names.map(JSONOut.string))))
        case .image: members.append(("$ref", .string("#/$defs/image")))
        case .cells:
            members.append(("type", .array([.string("array"), .string("null")])))
            members.append(("items", .object([("$ref", .string("#/$defs/cell"))])))
        case .bursts:
            members.append(("type", .string("array")))
            members.append(("items", .object([("$ref", .string("#/$defs/burst"))])))
        case .numbers:
            members.append(("type", .array([.string("array"), .string("null")])))
            members.append(("items", .object([("type", .string("number"))])))
        case .colors:
            members.append(("type", .string("array")))
            members.append(("items", .object([("$ref", .string("#/$defs/color"))])))
        case .strings:
            members.append(("type", .array([.string("array"), .string("null")])))
            members.append(("items", .object([("type", .string("string"))])))
        }
        if let d = p.defaultValue, p.kind != .cells, p.kind != .image {
            var encoder = EffectEncoder(options: .init(), file: "")
            if let json = encoder.encodeValue(d, kind: p.kind, info: info, path: "") { members.append(("default", json)) }
        }
        return .object(members)
    }

    private static func animation() -> JSONOut {
        var props: [(String, JSONOut)] = [
            ("key", .object([("type", .string("string"))])),
            ("type", .object([("enum", .array([.string("basic"), .string("keyframe")])), ("default", .string("basic"))])),
            ("keyPath", .object([("type", .string("string")), ("description", .string("Key path from the layer, e.g. emitterCells.fire.birthRate."))])),
            ("from", .object([("$ref", .string("#/$defs/animationValue"))])),
            ("to", .object([("$ref", .string("#/$defs/animationValue"))])),
            ("by", .object([("$ref", .string("#/$defs/animationValue"))])),
            ("values", .object([("type", .string("array")), ("minItems", .number("1")), ("items", .object([("$ref", .string("#/$defs/animationValue"))]))])),
            ("keyTimes", .object([("type", .string("array")), ("items", .object([("type", .string("number")), ("minimum", .number("0")), ("maximum", .number("1"))]))])),
            ("timingFunctions", .object([("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/timingFunction"))]))])),
            ("timingFunction", .object([("$ref", .string("#/$defs/timingFunction"))])),
        ]
        props += EffectAnimationFormat.timingProperties.properties.map { ($0.key, schema(for: $0)) }
        return closed(props, required: ["keyPath"])
    }
}

import Foundation

/// Reads an effect document from JSON nodes, collecting every problem with its path and position.
struct EffectDecoder {
    var log: IssueLog
    let baseDirectory: URL?
    /// Which image files paths may name.
    let imageAccess: ImageAccess
    var angleUnit: EffectFile.AngleUnit = .radians
    var imagePaths: [SpriteImage: String] = [:]
    /// Images read by path, so a file used by many cells is read once.
    var imageCache: [String: SpriteImage] = [:]
    /// Built-in sprites drawn so far (by kind and size), and their pixel count.
    var builtinCache: [String: SpriteImage] = [:]
    var builtinPixels = 0
    /// Embedded PNGs by their base64 text, and the image pixels decoded so far.
    var pngCache: [String: SpriteImage] = [:]
    var imagePixels = 0

    static let documentKeys = ["$schema", "format", "version", "angleUnit", "description", "maxParticlesPerCell", "layer"]

    init(file: String, baseDirectory: URL?, imageAccess: ImageAccess = .effectFolder) {
        log = IssueLog(file: file)
        self.baseDirectory = baseDirectory
        self.imageAccess = imageAccess
    }

    // MARK: Document

    mutating func decodeDocument(_ data: Data) -> EffectDocument? {
        if let kind = Self.binaryKind(data) {
            log.error("", nil, "not an effect file (.json or .plist): \(kind)")
            return nil
        }
        let root: JSONNode
        do {
            root = try JSONReader.parse(data)
        } catch {
            log.error("$", error.position, "malformed JSON: \(error.message)")
            return nil
        }
        guard let members = root.members else {
            log.error("$", root.position, "an effect file is a JSON object, got \(root.kindName)")
            return nil
        }
        warnUnknownKeys(members, known: Self.documentKeys, path: "$")
        var document = EffectDocument(layer: EmitterLayer(), warnings: [], angleUnit: .radians, imagePaths: [:])
        if let format = root["format"] {
            if format.string != EffectFile.format {
                log.error("$.format", format.position, "must be \"\(EffectFile.format)\", got \(describe(format))")
            }
        } else {
            log.error("$", root.position, "not a Plume effect file: \"format\": \"\(EffectFile.format)\" is missing")
        }
        if let version = root["version"] {
            if let (n, text) = version.number, n.isFinite, n == n.rounded(), n >= 1 {
                if n > Double(EffectFile.version) {
                    log.error("$.version", version.position, "version \(text) is newer than this Plume reads (\(EffectFile.version))")
                }
            } else {
                log.error("$.version", version.position, "must be a whole number ≥ 1, got \(describe(version))")
            }
        } else {
            log.error("$", root.position, "\"version\" is missing (this Plume writes \(EffectFile.version))")
        }
        if let unit = root["angleUnit"] {
            if let s = unit.string, let u = EffectFile.AngleUnit(rawValue: s) {
                angleUnit = u
            } else {
                log.error("$.angleUnit", unit.position, "must be \"radians\" or \"degrees\", got \(describe(unit))")
            }
        }
        document.angleUnit = angleUnit
        if let schema = root["$schema"] {
            if let s = schema.string { document.schema = s } else {
                log.error("$.$schema", schema.position, "must be a string, got \(describe(schema))")
            }
        }
        if let text = root["description"] {
            if let s = text.string { document.description = s } else {
                log.error("$.description", text.position, "must be a string, got \(describe(text))")
            }
        }
        if let capacity = root["maxParticlesPerCell"] {
            if let n = capacity.number?.value, n == n.rounded(), n >= 0, n <= Double(1 << 30) {
                document.maxParticlesPerCell = Int(n)
            } else {
                log.error("$.maxParticlesPerCell", capacity.position, "must be a whole number in 0…\(1 << 30), got \(describe(capacity))")
            }
        }
        guard let layerNode = root["layer"] else {
            log.error("$", root.position, "\"layer\" is missing")
            return nil
        }
        decodeLayer(layerNode, into: document.layer)
        document.imagePaths = imagePaths
        document.warnings = log.issues.filter { $0.severity == .warning }
        return document
    }

    // MARK: Layer and cells

    mutating func decodeLayer(_ node: JSONNode, into layer: EmitterLayer) {
        let path = "$.layer"
        guard let members = node.members else {
            log.error(path, node.position, "must be an object, got \(node.kindName)")
            return
        }
        decodeProperties(members, path: path, into: layer, properties: EffectModel.layer.properties,
                         extraKeys: ["animations", "emitterBehaviors"], aliases: EffectProperty<EmitterLayer>.aliasTargets)
        // Behaviours before animations: an animation may name a behaviour's input.
        if let behaviors = node["emitterBehaviors"] {
            decodeBehaviors(behaviors, path: path + ".emitterBehaviors", into: layer)
        }
        if let animations = node["animations"] {
            decodeAnimations(animations, path: path + ".animations", into: layer)
        }
    }

    mutating func decodeCell(_ node: JSONNode, path: String) -> EmitterCell? {
        guard let members = node.members else {
            log.error(path, node.position, "a cell must be an object, got \(node.kindName)")
            return nil
        }
        let cell = EmitterCell()
        decodeProperties(members, path: path, into: cell, properties: EffectModel.cell.properties,
                         extraKeys: [], aliases: EffectProperty<EmitterCell>.aliasTargets)
        return cell
    }

    /// Sets every known member on `object`; warns about the unknown ones.
    mutating func decodeProperties<Root: AnyObject>(
        _ members: [(key: String, value: JSONNode, keyPosition: SourcePosition)], path: String, into object: Root,
        properties: [EffectProperty<Root>], extraKeys: [String], aliases: [String: String] = [:]
    ) {
        let byKey = Dictionary(properties.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        var seen = Set<String>()
        for (rawKey, value, keyPosition) in members {
            let key = aliases[rawKey] ?? rawKey
            let memberPath = path + "." + rawKey
            if !seen.insert(key).inserted {
                log.error(memberPath, keyPosition, "the key appears twice in the object")
                continue
            }
            if extraKeys.contains(key) { continue }
            guard let property = byKey[key] else {
                unknownKey(rawKey, position: keyPosition, path: memberPath, known: properties.map(\.key) + extraKeys)
                continue
            }
            let decoded: Any?
            if case .null = value.value, property.defaultValue == nil {
                decoded = nil   // an optional property set to nothing
            } else {
                guard let value = decodeValue(value, kind: property.kind, info: property.info, path: memberPath) else { continue }
                decoded = value
            }
            do {
                try property.accessor.set(object, decoded, key)
            } catch {
                log.error(memberPath, value.position, "\(error)")
            }
        }
    }

    /// What binary data handed over as an effect file is (an image, a binary property list, or
    /// not text at all), nil for text.
    static func binaryKind(_ data: Data) -> String? {
        let head = [UInt8](data.prefix(8))
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return "it is a PNG image" }
        if head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A]) { return "it is a TIFF image" }
        if head.starts(with: Array("bplist".utf8)) { return "it is a binary property list (import it as a .plist)" }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return "it is a JPEG image" }
        if data.prefix(4096).contains(0) { return "it is binary data, not text" }
        return nil
    }

    mutating func warnUnknownKeys(_ members: [(key: String, value: JSONNode, keyPosition: SourcePosition)], known: [String], path: String) {
        let knownSet = Set(known)
        for (key, _, position) in members where !knownSet.contains(key) {
            unknownKey(key, position: position, path: path + "." + key, known: known)
        }
    }

    mutating func unknownKey(_ key: String, position: SourcePosition, path: String, known: [String]) {
        if log.isFull { return log.skip() }   // past the issues kept: no suggestion to work out
        if let near = nearestKey(to: key, in: known) {
            log.warning(path, position, "unknown key (did you mean \"\(near)\"?), ignored")
        } else {
            log.warning(path, position, "unknown key, ignored")
        }
    }

    // MARK: Values

    /// The value for a property of `kind` (`.some(nil)` for a JSON null on an optional), or nil
    /// with an error logged.
    mutating func decodeValue(_ node: JSONNode, kind: EffectValueKind, info: EffectPropertyInfo, path: String) -> Any?? {
        switch kind {
        case .float:
            return number(node, info: info, path: path, float: true).map { Float($0) }
        case .cgFloat:
            return number(node, info: info, path: path, float: false).map { CGFloat($0) }
        case .double:
            return number(node, info: info, path: path, float: false)
        case .bool:
            if case let .bool(b) = node.value { return b }
            log.error(path, node.position, "must be true or false, got \(describe(node))")
            return nil
        case .seed:
            if let (d, text) = node.number, let v = UInt32(text) ?? (d == d.rounded() && d >= 0 && d <= Double(UInt32.max) ? UInt32(d) : nil) {
                return v
            }
            log.error(path, node.position, "must be a whole number in 0…\(UInt32.max), got \(describe(node))")
            return nil
        case .string:
            if let s = node.string { return s }
            if case .null = node.value { return .some(nil) }
            log.error(path, node.position, "must be a string, got \(describe(node))")
            return nil
        case .point:
            return vector(node, count: 2, names: "[x, y]", path: path).map { CGPoint(x: $0[0], y: $0[1]) }
        case .size:
            guard let v = vector(node, count: 2, names: "[width, height]", path: path) else { return nil }
            if v.contains(where: { $0 < 0 }) {
                log.error(path, node.position, "width and height must be ≥ 0, got \(describe(node))")
                return nil
            }
            return CGSize(width: v[0], height: v[1])
        case .rect:
            return vector(node, count: 4, names: "[x, y, width, height]", path: path).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        case .color:
            return color(node, path: path)
        case let .enumeration(names):
            if let s = node.string, names.contains(s) { return s }
            let hint = node.string.flatMap { nearestKey(to: $0, in: names) }.map { " (did you mean \"\($0)\"?)" } ?? ""
            log.error(path, node.position, "must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), got \(describe(node))\(hint)")
            return nil
        case .image:
            if case .null = node.value { return .some(nil) }
            return image(node, path: path)
        case .cells:
            if case .null = node.value { return .some(nil) }
            guard let elements = node.elements else {
                log.error(path, node.position, "must be an array of cells, got \(describe(node))")
                return nil
            }
            var cells: [EmitterCell] = []
            for (i, element) in elements.enumerated() {
                if let cell = decodeCell(element, path: "\(path)[\(i)]") { cells.append(cell) }
            }
            return cells
        case .bursts:
            return bursts(node, path: path)
        case .numbers:
            if case .null = node.value { return .some(nil) }
            return numbers(node, path: path)
        case .colors:
            return colors(node, path: path)
        case .strings:
            if case .null = node.value { return .some(nil) }
            return strings(node, path: path)
        }
    }

    /// A number, in the property's unit (degrees converted to radians), checked against its rule.
    mutating func number(_ node: JSONNode, info: EffectPropertyInfo, path: String, float: Bool) -> Double? {
        let isAngle = info.unit == .angle || info.unit == .angularSpeed
        var value: Double
        switch node.value {
        case let .number(d, text):
            if isAngle && angleUnit == .degrees {
                value = d * .pi / 180
            } else if float {
                // Parse the text as a Float directly: no double rounding through Double.
                value = Double(Float(text) ?? Float(d))
            } else {
                value = d
            }
        case let .string(s):
            let lowered = s.lowercased()
            if ["infinity", "+infinity", "inf"].contains(lowered) {
                value = .infinity
            } else if ["-infinity", "-inf"].contains(lowered) {
                value = -.infinity
            } else if isAngle, let radians = Self.angleString(s) {
                value = radians
            } else {
                let hint = isAngle ? " (an angle may be a number or a string such as \"90deg\" or \"1.57rad\")" : ""
                log.error(path, node.position, "must be a number, got \(describe(node))\(hint)")
                return nil
            }
        default:
            log.error(path, node.position, "must be a number, got \(describe(node))")
            return nil
        }
        if value.isNaN || (value.isInfinite && !info.allowsInfinity) {
            log.error(path, node.position, "must be finite, got \(describe(node))")
            return nil
        }
        if float && value.isFinite && Float(value).isInfinite {
            log.error(path, node.position, "is out of range for a 32-bit float, got \(describe(node))")
            return nil
        }
        if !info.accepts(value), let rule = info.rule {
            log.error(path, node.position, "\(rule), got \(describe(node))")
            return nil
        }
        return value
    }

    /// `"90deg"`, `"-45 deg"`, `"1.5rad"`: radians.
    static func angleString(_ s: String) -> Double? {
        let t = s.trimmingCharacters(in: .whitespaces).lowercased()
        for (suffix, factor) in [("deg", Double.pi / 180), ("°", Double.pi / 180), ("rad", 1.0)] where t.hasSuffix(suffix) {
            guard let v = Double(t.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), v.isFinite else { return nil }
            return factor == 1 ? v : v * factor
        }
        return nil
    }

    mutating func vector(_ node: JSONNode, count: Int, names: String, path: String) -> [Double]? {
        guard let elements = node.elements, elements.count == count else {
            log.error(path, node.position, "must be an array \(names) of \(count) numbers, got \(describe(node))")
            return nil
        }
        var values: [Double] = []
        for (i, e) in elements.enumerated() {
            guard let d = e.number?.value, d.isFinite else {
                log.error("\(path)[\(i)]", e.position, "must be a finite number, got \(describe(e))")
                return nil
            }
            values.append(d)
        }
        return values
    }

    mutating func color(_ node: JSONNode, path: String) -> Color? {
        if let s = node.string {
            if let c = Self.hexColor(s) { return c }
            log.error(path, node.position, "a colour string must be \"#rrggbb\" or \"#rrggbbaa\", got \(describe(node))")
            return nil
        }
        guard let elements = node.elements, elements.count == 3 || elements.count == 4 else {
            log.error(path, node.position, "a colour must be [r, g, b, a] (or [r, g, b]) or \"#rrggbbaa\", got \(describe(node))")
            return nil
        }
        var c: [Float] = []
        for (i, e) in elements.enumerated() {
            guard let (d, text) = e.number, let f = Float(text), f.isFinite, d.isFinite else {
                log.error("\(path)[\(i)]", e.position, "must be a finite number, got \(describe(e))")
                return nil
            }
            c.append(f)
        }
        return Color(red: c[0], green: c[1], blue: c[2], alpha: c.count == 4 ? c[3] : 1)
    }

    static func hexColor(_ s: String) -> Color? {
        guard s.hasPrefix("#"), s.count == 7 || s.count == 9, let v = UInt64(s.dropFirst(), radix: 16) else { return nil }
        let bytes = s.count == 9 ? v : (v << 8 | 0xFF)
        func channel(_ shift: UInt64) -> Float { Float((bytes >> shift) & 0xFF) / 255 }
        return Color(red: channel(24), green: channel(16), blue: channel(8), alpha: channel(0))
    }

    /// A short rendering of a node for messages.
    func describe(_ node: JSONNode) -> String {
        switch node.value {
        case .null: return "null"
        case let .bool(b): return "\(b)"
        case let .number(_, text): return text
        case let .string(s): return "\"\(s.count > 40 ? s.prefix(40) + "…" : s)\""
        case let .array(a): return "an array of \(a.count)"
        case .object: return "an object"
        }
    }
}

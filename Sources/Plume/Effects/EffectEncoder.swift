import Foundation

/// Writes a layer as an effect document: every property that differs from its default, cells
/// at any depth, animations.
struct EffectEncoder {
    var log: IssueLog
    let options: EffectFile.WriteOptions
    var builtins: [SpriteImage: (kind: SpriteImage.Builtin, size: Int)?] = [:]
    var visiting = Set<ObjectIdentifier>()

    init(options: EffectFile.WriteOptions, file: String) {
        self.options = options
        log = IssueLog(file: file)
    }

    private var degrees: Bool { options.angleUnit == .degrees }

    mutating func encodeDocument(_ layer: EmitterLayer) -> JSONOut {
        var members: [(String, JSONOut)] = []
        if let schema = options.schema { members.append(("$schema", .string(schema))) }
        members.append(("format", .string(EffectFile.format)))
        members.append(("version", .number(String(EffectFile.version))))
        if let text = options.description { members.append(("description", .string(text))) }
        if degrees { members.append(("angleUnit", .string("degrees"))) }
        if let n = options.maxParticlesPerCell { members.append(("maxParticlesPerCell", .number(String(n)))) }
        var layerMembers = encodeProperties(layer, properties: EffectModel.layer.properties, path: "$.layer")
        if let behaviors = layer.emitterBehaviors {
            layerMembers.append(("emitterBehaviors", encodeBehaviors(behaviors, path: "$.layer.emitterBehaviors")))
        }
        if !layer.animationEntries.isEmpty {
            layerMembers.append(("animations", .array(layer.animationEntries.enumerated().map { i, entry in
                encodeAnimation(entry.animation, key: entry.key, layer: layer, path: "$.layer.animations[\(i)]")
            })))
        }
        members.append(("layer", .object(layerMembers)))
        return .object(members)
    }

    mutating func encodeProperties<Root: AnyObject>(_ object: Root, properties: [EffectProperty<Root>], path: String) -> [(String, JSONOut)] {
        var members: [(String, JSONOut)] = []
        for property in properties {
            let value = property.accessor.get(object)
            if Self.isDefault(value, property.defaultValue, kind: property.kind) { continue }
            if let json = encodeValue(value, kind: property.kind, info: property.info, path: path + "." + property.key) {
                members.append((property.key, json))
            }
        }
        return members
    }

    static func isDefault(_ value: Any?, _ defaultValue: Any?, kind: EffectValueKind) -> Bool {
        switch (value, defaultValue) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case let (a?, b?):
            switch kind {
            case .float, .cgFloat, .double:
                guard let x = double(a), let y = double(b) else { return false }
                return x == y
            case .bool: return (a as? Bool) == (b as? Bool)
            case .seed: return (a as? UInt32) == (b as? UInt32)
            case .string: return (a as? String) == (b as? String)
            case .point: return (a as? CGPoint) == (b as? CGPoint)
            case .size: return (a as? CGSize) == (b as? CGSize)
            case .rect: return (a as? CGRect) == (b as? CGRect)
            case .color: return (a as? Color) == (b as? Color)
            case .enumeration: return rawString(a) == rawString(b)
            case .image, .cells: return false
            case .numbers, .colors, .strings: return sameArray(a, b, kind: kind)
            case .bursts: return (a as? [EmitterBurst]) != nil && (a as? [EmitterBurst]) == (b as? [EmitterBurst])
            }
        }
    }

    static func double(_ v: Any) -> Double? {
        switch v {
        case let f as Float: return Double(f)
        case let c as CGFloat: return Double(c)
        case let d as Double: return d
        default: return nil
        }
    }

    static func rawString(_ v: Any) -> String? {
        if let s = v as? String { return s }
        return (v as? any RawRepresentable)?.rawValue as? String
    }

    mutating func encodeValue(_ value: Any?, kind: EffectValueKind, info: EffectPropertyInfo, path: String) -> JSONOut? {
        guard let value else { return .null }
        switch kind {
        case .float, .cgFloat, .double:
            let isAngle = info.unit == .angle || info.unit == .angularSpeed
            if let f = value as? Float, !(isAngle && degrees) { return number(f, path: path) }
            guard let d = Self.double(value) else { return mismatch(path, value) }
            return isAngle ? angle(d, path: path) : number(d, path: path)
        case .bool:
            guard let b = value as? Bool else { return mismatch(path, value) }
            return .bool(b)
        case .seed:
            guard let s = value as? UInt32 else { return mismatch(path, value) }
            return .number(String(s))
        case .string:
            guard let s = value as? String else { return mismatch(path, value) }
            return .string(s)
        case .point:
            guard let p = value as? CGPoint else { return mismatch(path, value) }
            return vector([p.x, p.y].map(Double.init), path: path)
        case .size:
            guard let s = value as? CGSize else { return mismatch(path, value) }
            return vector([s.width, s.height].map(Double.init), path: path)
        case .rect:
            guard let r = value as? CGRect else { return mismatch(path, value) }
            return vector([r.origin.x, r.origin.y, r.size.width, r.size.height].map(Double.init), path: path)
        case .color:
            guard let c = value as? Color else { return mismatch(path, value) }
            let parts = [c.red, c.green, c.blue, c.alpha].map { number($0, path: path) }
            return parts.contains { $0 == nil } ? nil : .array(parts.compactMap { $0 })
        case .enumeration:
            guard let s = Self.rawString(value) else { return mismatch(path, value) }
            return .string(s)
        case .image:
            guard let image = value as? SpriteImage else { return mismatch(path, value) }
            return encodeImage(image, path: path)
        case .cells:
            guard let cells = value as? [EmitterCell] else { return mismatch(path, value) }
            return .array(cells.enumerated().compactMap { i, cell in encodeCell(cell, path: "\(path)[\(i)]") })
        case .numbers, .colors, .strings:
            return encodeArray(value, kind: kind, path: path)
        case .bursts:
            return encodeBursts(value, path: path)
        }
    }

    mutating func encodeCell(_ cell: EmitterCell, path: String) -> JSONOut? {
        let id = ObjectIdentifier(cell)
        guard visiting.insert(id).inserted else {
            log.error(path, nil, "the cell contains itself (a cycle of emitterCells cannot be written)")
            return nil
        }
        defer { visiting.remove(id) }
        return .object(encodeProperties(cell, properties: EffectModel.cell.properties, path: path))
    }

    mutating func mismatch(_ path: String, _ value: Any) -> JSONOut? {
        log.error(path, nil, "unexpected value \(value)")
        return nil
    }

    mutating func number(_ f: Float, path: String) -> JSONOut? {
        if f.isNaN { log.error(path, nil, "NaN cannot be written"); return nil }
        if f.isInfinite { return .string(f > 0 ? "infinity" : "-infinity") }
        return .number(f)
    }

    mutating func number(_ d: Double, path: String) -> JSONOut? {
        if d.isNaN { log.error(path, nil, "NaN cannot be written"); return nil }
        if d.isInfinite { return .string(d > 0 ? "infinity" : "-infinity") }
        return .number(d)
    }

    mutating func vector(_ values: [Double], path: String) -> JSONOut? {
        let parts = values.map { number($0, path: path) }
        return parts.contains { $0 == nil } ? nil : .array(parts.compactMap { $0 })
    }

    /// An angle in the file's unit. Degrees are written with the fewest digits that read back
    /// to the same radians; where none does, the radians are written as a `"…rad"` string.
    mutating func angle(_ radians: Double, path: String) -> JSONOut? {
        guard degrees, radians.isFinite else { return number(radians, path: path) }
        let deg = radians * 180 / .pi
        for digits in 1...17 {
            let text = String(format: "%.\(digits)g", deg)
            if let back = Double(text), back * .pi / 180 == radians {
                return .number(JSONOut.formatNumber(back))
            }
        }
        return .string("\(radians)rad")
    }

    mutating func encodeImage(_ image: SpriteImage, path: String) -> JSONOut? {
        if builtins[image] == nil { builtins[image] = .some(image.builtinMatch) }
        if let match = builtins[image] ?? nil {
            return match.size == 64 ? .string(match.kind.rawValue)
                : .object([("builtin", .string(match.kind.rawValue)), ("size", .number(String(match.size)))])
        }
        if let relative = options.imagePaths[image] { return .object([("path", .string(relative))]) }
        do {
            return .object([("png", .string(try image.pngData().base64EncodedString()))])
        } catch {
            log.error(path, nil, "the image cannot be encoded as PNG (\(error))")
            return nil
        }
    }

    /// The animations as written, for comparing two layers' animations.
    static func animationsSignature(_ layer: EmitterLayer) -> String {
        guard !layer.animationEntries.isEmpty else { return "" }
        var encoder = EffectEncoder(options: .init(), file: "")
        return JSONOut.array(layer.animationEntries.enumerated().map { i, entry in
            encoder.encodeAnimation(entry.animation, key: entry.key, layer: layer, path: "\(i)")
        }).text()
    }
}

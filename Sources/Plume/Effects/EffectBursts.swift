import Foundation

// Bursts in effect files (Semantics §13): a cell's `"bursts"`, an array of objects with the
// members of ``EmitterBurst`` that differ from their defaults:
//
//     "bursts": [
//       { "count": 40 },
//       { "time": 0.5, "count": 10, "cycles": 3, "interval": 0.25, "probability": 0.8 }
//     ]

/// The members of a burst object: key, description, whether a whole number, lower bound.
enum EffectBurstFormat {
    static let members: [(key: String, doc: String, integer: Bool, minimum: Double, maximum: Double?)] = [
        ("time", "When the first cycle fires, seconds of the cell's own time after its beginTime. Default 0.", false, 0, nil),
        ("count", "Particles born at each firing (× the layer's birthRate). Default 1.", true, 0, Double(ResolvedBurst.maxCount)),
        ("cycles", "How many times the burst fires; 0 repeats while the cell is active. Default 1.", true, 0, nil),
        ("interval", "Seconds of the cell's own time between cycles (at least 2⁻¹⁶ to repeat). Default 1.", false, 0, nil),
        ("probability", "The chance that a cycle fires, 0…1. Default 1.", false, 0, 1),
    ]

    /// The schema of one burst object.
    static func schema() -> JSONOut {
        let properties: [(String, JSONOut)] = members.map { m in
            var fields: [(String, JSONOut)] = [("description", .string(m.doc)),
                                               ("type", .string(m.integer ? "integer" : "number")),
                                               ("minimum", .number(m.minimum))]
            if let max = m.maximum { fields.append(("maximum", .number(max))) }
            return (m.key, .object(fields))
        }
        return .object([("type", .string("object")), ("properties", .object(properties)),
                        ("additionalProperties", .bool(false))])
    }
}

extension EffectDecoder {
    /// `"bursts"`: an array of burst objects; a bad member is reported and keeps its default.
    mutating func bursts(_ node: JSONNode, path: String) -> [EmitterBurst]? {
        guard let elements = node.elements else {
            log.error(path, node.position, "must be an array of bursts, got \(describe(node))")
            return nil
        }
        var bursts: [EmitterBurst] = []
        for (i, element) in elements.enumerated() {
            let elementPath = "\(path)[\(i)]"
            guard let members = element.members else {
                log.error(elementPath, element.position, "a burst must be an object, got \(describe(element))")
                continue
            }
            var burst = EmitterBurst()
            for (key, value, position) in members {
                let memberPath = elementPath + "." + key
                guard let format = EffectBurstFormat.members.first(where: { $0.key == key }) else {
                    unknownKey(key, position: position, path: memberPath, known: EffectBurstFormat.members.map(\.key))
                    continue
                }
                guard let (d, _) = value.number, d >= format.minimum, d <= (format.maximum ?? .greatestFiniteMagnitude),
                      !format.integer || d == d.rounded() else {
                    let range = format.maximum.map { "\(JSONOut.formatNumber(format.minimum))…\(JSONOut.formatNumber($0))" }
                        ?? "≥ \(JSONOut.formatNumber(format.minimum))"
                    log.error(memberPath, value.position,
                              "must be \(format.integer ? "a whole number" : "a number") \(range), got \(describe(value))")
                    continue
                }
                switch key {
                case "time": burst.time = d
                case "count": burst.count = Int(d)
                case "cycles": burst.cycles = Int(min(d, Double(Int32.max)))
                case "interval": burst.interval = d
                default: burst.probability = d
                }
            }
            bursts.append(burst)
        }
        return bursts
    }
}

extension EffectEncoder {
    /// A cell's bursts, each with the members that differ from their defaults.
    mutating func encodeBursts(_ value: Any, path: String) -> JSONOut? {
        guard let bursts = value as? [EmitterBurst] else { return mismatch(path, value) }
        let fresh = EmitterBurst()
        return .array(bursts.enumerated().map { i, b in
            var members: [(String, JSONOut)] = []
            func add(_ key: String, _ v: Double, _ d: Double) {
                if v != d, let json = number(v, path: "\(path)[\(i)].\(key)") { members.append((key, json)) }
            }
            add("time", b.time, fresh.time)
            if b.count != fresh.count { members.append(("count", .number(String(b.count)))) }
            if b.cycles != fresh.cycles { members.append(("cycles", .number(String(b.cycles)))) }
            add("interval", b.interval, fresh.interval)
            add("probability", b.probability, fresh.probability)
            return .object(members)
        })
    }
}

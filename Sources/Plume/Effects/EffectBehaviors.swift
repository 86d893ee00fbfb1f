import Foundation

// Behaviours in effect files: `"emitterBehaviors"` on the layer, an array of objects, each with its
// `"type"` first and then the inputs that differ from their defaults, under their Core Animation
// keys (the behaviour's key table is the one declaration, as for layers and cells):
//
//     "emitterBehaviors": [
//       { "type": "drag", "name": "air", "drag": 1.5 },
//       { "type": "colorOverLife", "colors": [[1, 1, 1, 1], "#ff800000"], "cellNames": ["spark"] }
//     ]

extension EffectModel {
    static let behaviorOrder = ["name", "isEnabled", "cellNames", "keyPath", "values", "colors", "locations", "additive",
                                "drag", "force", "frequency", "attractorType", "position", "zPosition", "stiffness",
                                "radius", "falloff", "falloffDistance", "orientationLatitude", "orientationLongitude",
                                "rotation", "acceleration", "accelerationRange", "startRadius", "startRadiusRange",
                                "endRadius", "endRadiusRange", "turnsPerSecond", "turnsPerSecondRange"]
}

extension EffectDecoder {
    /// `"emitterBehaviors"`: an array of behaviour objects (or null).
    mutating func decodeBehaviors(_ node: JSONNode, path: String, into layer: EmitterLayer) {
        if case .null = node.value { layer.emitterBehaviors = nil; return }
        guard let elements = node.elements else {
            log.error(path, node.position, "must be an array of behaviours, got \(describe(node))")
            return
        }
        var behaviors: [EmitterBehavior] = []
        for (i, element) in elements.enumerated() {
            if let behavior = decodeBehavior(element, path: "\(path)[\(i)]") { behaviors.append(behavior) }
        }
        layer.emitterBehaviors = behaviors
    }

    mutating func decodeBehavior(_ node: JSONNode, path: String) -> EmitterBehavior? {
        guard let members = node.members else {
            log.error(path, node.position, "a behaviour must be an object, got \(node.kindName)")
            return nil
        }
        guard let typeNode = node["type"] else {
            log.error(path, node.position, "\"type\" is missing (one of \(EmitterBehavior.types.joined(separator: ", ")))")
            return nil
        }
        guard let type = typeNode.string else {
            log.error(path + ".type", typeNode.position, "must be a string, got \(describe(typeNode))")
            return nil
        }
        if EmitterBehavior.Kind(rawValue: type) == nil {
            // Kept, as the model keeps it (it does nothing), so writing the file back loses nothing.
            let hint = nearestKey(to: type, in: EmitterBehavior.types).map { " (did you mean \"\($0)\"?)" } ?? ""
            log.warning(path + ".type", typeNode.position, "unknown behaviour type \"\(type)\"\(hint): it does nothing")
        }
        let behavior = EmitterBehavior(type: type)
        decodeProperties(members, path: path, into: behavior, properties: EffectModel.behavior.properties,
                         extraKeys: ["type", "distanceMask"], aliases: EffectProperty<EmitterBehavior>.aliasTargets)
        if let mask = node["distanceMask"] {
            decodeDistanceMask(mask, path: path + ".distanceMask", behaviorNode: node, into: behavior)
        }
        return behavior
    }

    static let distanceMaskKeys = ["image", "threshold"]

    /// `"distanceMask": {"image": <image>, "threshold": 128}` on a collider: its samples made from
    /// the mask's alpha (`EmitterBehavior.setDistanceField(mask:threshold:spacing:)`, at the
    /// behaviour's `sampleSpacing` points per pixel), instead of inline `"samples"`. The image
    /// takes any image form (a path relative to the file, embedded PNG, built-in sprite); the
    /// threshold is a whole number 0…255 (default 128). A mask of more pixels than a field holds
    /// (`EmitterBehavior.maxColliderSamples`) is an error, as is a mask on another type of
    /// behaviour, beside `"samples"` or `"sampleColumns"`, or with a `"colliderShape"` other than
    /// `"distanceField"`. Written back, the field is its samples.
    mutating func decodeDistanceMask(_ node: JSONNode, path: String, behaviorNode: JSONNode, into behavior: EmitterBehavior) {
        guard let members = node.members else {
            log.error(path, node.position, "must be an object {\"image\": …, \"threshold\": 0…255}, got \(describe(node))")
            return
        }
        warnUnknownKeys(members, known: Self.distanceMaskKeys, path: path)
        if let type = behaviorNode["type"]?.string, type != EmitterBehavior.Kind.collider.rawValue {
            log.error(path, node.position, "only a \"collider\" takes a distance mask, not a \"\(type)\"")
            return
        }
        for key in ["samples", "sampleColumns"] where behaviorNode[key] != nil {
            log.error(path, node.position, "a collider takes \"\(key)\" or \"distanceMask\" (which sets it), not both")
            return
        }
        if let shape = behaviorNode["colliderShape"], shape.string != "distanceField" {
            log.error(path, node.position, "makes a \"distanceField\" collider, but \"colliderShape\" is \(describe(shape))")
            return
        }
        var threshold: UInt8 = 128
        if let t = node["threshold"] {
            guard let n = t.number?.value, n == n.rounded(), (0...255).contains(n) else {
                log.error(path + ".threshold", t.position, "must be a whole number in 0…255 (an alpha), got \(describe(t))")
                return
            }
            threshold = UInt8(n)
        }
        guard let imageNode = node["image"] else {
            log.error(path, node.position, "\"image\" is missing")
            return
        }
        guard let mask = image(imageNode, path: path + ".image") else { return }
        if let problem = EmitterBehavior.maskTooLarge(width: mask.width, height: mask.height) {
            log.error(path + ".image", imageNode.position, problem)
            return
        }
        behavior.setDistanceField(mask: mask, threshold: threshold, spacing: behavior.sampleSpacing)
    }

    /// An array of finite numbers (`force`: two or three of them).
    mutating func numbers(_ node: JSONNode, path: String) -> [CGFloat]? {
        guard let elements = node.elements else {
            log.error(path, node.position, "must be an array of numbers, got \(describe(node))")
            return nil
        }
        var values: [CGFloat] = []
        for (i, e) in elements.enumerated() {
            guard let d = e.number?.value, d.isFinite else {
                log.error("\(path)[\(i)]", e.position, "must be a finite number, got \(describe(e))")
                return nil
            }
            values.append(CGFloat(d))
        }
        if path.hasSuffix(".force"), !(2...3).contains(values.count) {
            log.error(path, node.position, "must be [x, y] or [x, y, z], got \(describe(node))")
            return nil
        }
        return values
    }

    mutating func colors(_ node: JSONNode, path: String) -> [Color]? {
        guard let elements = node.elements else {
            log.error(path, node.position, "must be an array of colours, got \(describe(node))")
            return nil
        }
        var colors: [Color] = []
        for (i, e) in elements.enumerated() {
            guard let c = color(e, path: "\(path)[\(i)]") else { return nil }
            colors.append(c)
        }
        return colors
    }

    mutating func strings(_ node: JSONNode, path: String) -> [String]? {
        guard let elements = node.elements else {
            log.error(path, node.position, "must be an array of strings, got \(describe(node))")
            return nil
        }
        var strings: [String] = []
        for (i, e) in elements.enumerated() {
            guard let s = e.string else {
                log.error("\(path)[\(i)]", e.position, "must be a string, got \(describe(e))")
                return nil
            }
            strings.append(s)
        }
        return strings
    }
}

extension EffectEncoder {
    mutating func encodeBehaviors(_ behaviors: [EmitterBehavior], path: String) -> JSONOut {
        .array(behaviors.enumerated().map { i, behavior in
            .object([("type", .string(behavior.type))]
                + encodeProperties(behavior, properties: EffectModel.behavior.properties, path: "\(path)[\(i)]"))
        })
    }

    /// Behaviours as written, for comparing two layers' behaviours.
    static func behaviorsSignature(_ layer: EmitterLayer) -> String {
        guard let behaviors = layer.emitterBehaviors else { return "null" }
        var encoder = EffectEncoder(options: .init(), file: "")
        return encoder.encodeBehaviors(behaviors, path: "").text()
    }

    /// Arrays of numbers, colours and strings; nil for another kind.
    mutating func encodeArray(_ value: Any, kind: EffectValueKind, path: String) -> JSONOut? {
        switch kind {
        case .numbers:
            if let v = value as? [CGFloat] { return vector(v.map(Double.init), path: path) }
            if let v = value as? [Double] { return vector(v, path: path) }
        case .colors:
            if let v = value as? [Color] {
                let parts = v.map { encodeValue($0, kind: .color, info: EffectPropertyInfo(), path: path) }
                return parts.contains { $0 == nil } ? nil : .array(parts.compactMap { $0 })
            }
        case .strings:
            if let v = value as? [String] { return .array(v.map(JSONOut.string)) }
        default: break
        }
        log.error(path, nil, "unexpected value \(value)")
        return nil
    }

    static func sameArray(_ a: Any, _ b: Any, kind: EffectValueKind) -> Bool {
        switch kind {
        case .numbers:
            func numbers(_ v: Any) -> [Double]? { (v as? [CGFloat]).map { $0.map(Double.init) } ?? (v as? [Double]) }
            return numbers(a) != nil && numbers(a) == numbers(b)
        case .colors: return (a as? [Color]) != nil && (a as? [Color]) == (b as? [Color])
        case .strings: return (a as? [String]) != nil && (a as? [String]) == (b as? [String])
        default: return false
        }
    }
}

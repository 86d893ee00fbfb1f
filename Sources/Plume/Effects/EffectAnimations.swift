import Foundation

/// Animations in effect files, under `"layer"` → `"animations"`:
///
/// ```json
/// { "key": "sweep", "type": "basic", "keyPath": "emitterPosition",
///   "from": [100, 400], "to": [700, 400], "duration": 2, "autoreverses": true,
///   "repeatCount": "infinity", "timingFunction": "easeInEaseOut" }
/// { "key": "pulse", "type": "keyframe", "keyPath": "emitterCells.fire.birthRate",
///   "values": [10, 80, 10], "keyTimes": [0, 0.3, 1], "duration": 1.5 }
/// ```
///
/// Values have the type of the animated property (numbers, `[x, y]`, `[w, h]`,
/// `[x, y, w, h]`, colours); angles follow the document's `angleUnit`. A timing function is a
/// name (`linear`, `easeIn`, `easeOut`, `easeInEaseOut`, `default`) or four control-point numbers.
enum EffectAnimationFormat {
    static let namedTimingFunctions: [(String, TimingFunction)] = [
        ("linear", .linear), ("easeIn", .easeIn), ("easeOut", .easeOut), ("easeInEaseOut", .easeInEaseOut), ("default", .default),
    ]

    static let timingProperties = EffectProperty<Animation>.properties(
        of: KeyPathAccessor<Animation>.timing().merging(["isRemovedOnCompletion": .bool(\.isRemovedOnCompletion)]) { a, _ in a },
        fresh: { BasicAnimation(keyPath: "") }, order: ["beginTime", "duration", "speed", "timeOffset", "repeatCount",
                                                        "repeatDuration", "autoreverses", "fillMode", "isRemovedOnCompletion"])

    static let valueKeys = ["key", "type", "keyPath", "from", "to", "by", "values", "keyTimes", "timingFunctions", "timingFunction"]
    static var keys: [String] { valueKeys + timingProperties.properties.map(\.key) }

    /// Whether the last component of a key path is an angle (so degrees apply).
    static func isAngle(_ keyPath: String) -> Bool {
        let last = String(keyPath.split(separator: ".").last ?? "")
        guard keyPath.hasPrefix("emitterCells.") || keyPath.hasPrefix("emitterCells[") else { return false }   // layer angles are multipliers
        let unit = EffectPropertyInfo.table[last]?.unit
        return unit == .angle || unit == .angularSpeed
    }
}

extension EffectDecoder {
    mutating func decodeAnimations(_ node: JSONNode, path: String, into layer: EmitterLayer) {
        guard let elements = node.elements else {
            log.error(path, node.position, "must be an array of animations, got \(describe(node))")
            return
        }
        for (i, element) in elements.enumerated() {
            let itemPath = "\(path)[\(i)]"
            guard let members = element.members else {
                log.error(itemPath, element.position, "an animation must be an object, got \(describe(element))")
                continue
            }
            if let (key, animation) = decodeAnimation(element, members: members, path: itemPath, layer: layer) {
                layer.add(animation, forKey: key)
            }
        }
    }

    private mutating func decodeAnimation(_ node: JSONNode, members: [(key: String, value: JSONNode, keyPosition: SourcePosition)],
                                          path: String, layer: EmitterLayer) -> (String?, Animation)? {
        let type = node["type"]?.string ?? "basic"
        guard type == "basic" || type == "keyframe" else {
            log.error(path + ".type", node["type"]!.position, "must be \"basic\" or \"keyframe\", got \(describe(node["type"]!))")
            return nil
        }
        var key: String?
        if let k = node["key"] {
            guard let s = k.string else {
                log.error(path + ".key", k.position, "must be a string, got \(describe(k))")
                return nil
            }
            key = s
        }
        guard let keyPathNode = node["keyPath"], let keyPath = keyPathNode.string else {
            log.error(path, node.position, "\"keyPath\" (a string) is missing")
            return nil
        }
        let model: Any?
        do {
            model = try layer.validatedValue(forKeyPath: keyPath)
        } catch {
            log.error(path + ".keyPath", keyPathNode.position, "\(error)")
            return nil
        }
        guard let shape = AnimatableValue(model) else {
            log.error(path + ".keyPath", keyPathNode.position, "\"\(keyPath)\" is not animatable (numbers, points, sizes, rectangles and colours are)")
            return nil
        }
        let animation: Animation
        let valueKeys = type == "basic" ? ["from", "to", "by"] : ["values", "keyTimes", "timingFunctions"]
        for other in (["from", "to", "by", "values", "keyTimes", "timingFunctions"].filter { !valueKeys.contains($0) }) {
            if let n = node[other] { log.error(path + "." + other, n.position, "not a key of a \(type) animation") }
        }
        if type == "basic" {
            let basic = BasicAnimation(keyPath: keyPath)
            basic.fromValue = node["from"].flatMap { animationValue($0, like: shape, keyPath: keyPath, path: path + ".from") }
            basic.toValue = node["to"].flatMap { animationValue($0, like: shape, keyPath: keyPath, path: path + ".to") }
            basic.byValue = node["by"].flatMap { animationValue($0, like: shape, keyPath: keyPath, path: path + ".by") }
            animation = basic
        } else {
            let frames = KeyframeAnimation(keyPath: keyPath)
            if let values = node["values"] {
                if let elements = values.elements, !elements.isEmpty {
                    frames.values = elements.enumerated().compactMap { j, e in
                        animationValue(e, like: shape, keyPath: keyPath, path: "\(path).values[\(j)]")
                    }
                } else {
                    log.error(path + ".values", values.position, "must be a non-empty array, got \(describe(values))")
                }
            } else {
                log.error(path, node.position, "a keyframe animation needs \"values\"")
            }
            if let times = node["keyTimes"] {
                let parsed = times.elements?.map { $0.number?.value } ?? []
                if let list = parsed as? [Double], list.count == frames.values.count, list.allSatisfy({ $0.isFinite && (0...1).contains($0) }),
                   zip(list, list.dropFirst()).allSatisfy({ $0 <= $1 }) {
                    frames.keyTimes = list
                } else {
                    log.error(path + ".keyTimes", times.position, "must be one number per value, in 0…1, not decreasing, got \(describe(times))")
                }
            }
            if let functions = node["timingFunctions"] {
                if let elements = functions.elements {
                    frames.timingFunctions = elements.enumerated().compactMap { j, e in
                        timingFunction(e, path: "\(path).timingFunctions[\(j)]")
                    }
                } else {
                    log.error(path + ".timingFunctions", functions.position, "must be an array, got \(describe(functions))")
                }
            }
            animation = frames
        }
        if let f = node["timingFunction"] { animation.timingFunction = timingFunction(f, path: path + ".timingFunction") }
        decodeProperties(members, path: path, into: animation, properties: EffectAnimationFormat.timingProperties.properties,
                         extraKeys: EffectAnimationFormat.valueKeys)
        return (key, animation)
    }

    private mutating func animationValue(_ node: JSONNode, like shape: AnimatableValue, keyPath: String, path: String) -> Any? {
        let angle = EffectAnimationFormat.isAngle(keyPath)
        switch shape {
        case .number:
            let info = EffectPropertyInfo(unit: angle ? .angle : .none)
            return number(node, info: info, path: path, float: false)
        case .vector(_, kind: 2):
            return vector(node, count: 2, names: "[x, y]", path: path).map { CGPoint(x: $0[0], y: $0[1]) }
        case .vector(_, kind: 3):
            return vector(node, count: 2, names: "[width, height]", path: path).map { CGSize(width: $0[0], height: $0[1]) }
        case .vector(_, kind: 4):
            return vector(node, count: 4, names: "[x, y, width, height]", path: path).map { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        case .vector:
            return color(node, path: path)
        }
    }

    private mutating func timingFunction(_ node: JSONNode, path: String) -> TimingFunction? {
        if let s = node.string {
            if let named = EffectAnimationFormat.namedTimingFunctions.first(where: { $0.0 == s }) { return named.1 }
            let names = EffectAnimationFormat.namedTimingFunctions.map(\.0)
            let hint = nearestKey(to: s, in: names).map { " (did you mean \"\($0)\"?)" } ?? ""
            log.error(path, node.position, "must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")) or four numbers, got \(describe(node))\(hint)")
            return nil
        }
        guard let v = vector(node, count: 4, names: "[c1x, c1y, c2x, c2y]", path: path) else { return nil }
        return TimingFunction(controlPoints: v[0], v[1], v[2], v[3])
    }
}

extension EffectEncoder {
    mutating func encodeAnimation(_ animation: Animation, key: String, layer: EmitterLayer, path: String) -> JSONOut {
        var members: [(String, JSONOut)] = [("key", .string(key))]
        let angle = EffectAnimationFormat.isAngle(animation.keyPath)
        func value(_ v: Any?, _ p: String) -> JSONOut? {
            guard let v else { return nil }
            switch AnimatableValue(v) {
            case let .number(d)?: return angle ? self.angle(d, path: p) : number(d, path: p)
            case let .vector(parts, 5)?:
                return .array(parts.compactMap { number(Float($0), path: p) })
            case let .vector(parts, _)?: return vector(parts, path: p)
            case nil:
                log.error(p, nil, "the value \(v) is not animatable")
                return nil
            }
        }
        if let basic = animation as? BasicAnimation {
            members.append(("type", .string("basic")))
            members.append(("keyPath", .string(animation.keyPath)))
            for (name, v) in [("from", basic.fromValue), ("to", basic.toValue), ("by", basic.byValue)] {
                if let json = value(v, path + "." + name) { members.append((name, json)) }
            }
        } else if let frames = animation as? KeyframeAnimation {
            members.append(("type", .string("keyframe")))
            members.append(("keyPath", .string(animation.keyPath)))
            members.append(("values", .array(frames.values.enumerated().compactMap { i, v in value(v, "\(path).values[\(i)]") })))
            if let times = frames.keyTimes { members.append(("keyTimes", .array(times.compactMap { number($0, path: path + ".keyTimes") }))) }
            if let functions = frames.timingFunctions {
                members.append(("timingFunctions", .array(functions.map(Self.timingFunction))))
            }
        }
        if let f = animation.timingFunction { members.append(("timingFunction", Self.timingFunction(f))) }
        let fresh = animation is KeyframeAnimation ? KeyframeAnimation(keyPath: "") as Animation : BasicAnimation(keyPath: "")
        for property in EffectAnimationFormat.timingProperties.properties {
            let v = property.accessor.get(animation)
            if Self.isDefault(v, property.accessor.get(fresh), kind: property.kind) { continue }
            if let json = encodeValue(v, kind: property.kind, info: property.info, path: path + "." + property.key) {
                members.append((property.key, json))
            }
        }
        return .object(members)
    }

    static func timingFunction(_ f: TimingFunction) -> JSONOut {
        if let named = EffectAnimationFormat.namedTimingFunctions.first(where: { $0.1 == f }) { return .string(named.0) }
        let c = f.controlPoints
        return .array([c.0, c.1, c.2, c.3].map { JSONOut.number($0) })
    }
}

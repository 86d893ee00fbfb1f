import Foundation

/// The value kinds an effect-file property can have, found from the property's value on a fresh
/// object (so the key-path table stays the one declaration of what a layer or cell has).
enum EffectValueKind: Hashable, Sendable {
    case float, cgFloat, double, bool, seed, string, point, size, rect, color, image, cells
    /// A cell's ``EmitterBurst``s.
    case bursts
    /// Arrays (behaviours' inputs): of numbers, of colours, of strings.
    case numbers, colors, strings
    case enumeration([String])

    /// JSON Schema / documentation name.
    var summary: String {
        switch self {
        case .float, .cgFloat, .double: return "number"
        case .bool: return "boolean"
        case .seed: return "integer 0…4294967295"
        case .string: return "string"
        case .point: return "[x, y]"
        case .size: return "[width, height]"
        case .rect: return "[x, y, width, height]"
        case .color: return "[r, g, b, a] or \"#rrggbbaa\""
        case .image: return "image"
        case .cells: return "array of cells"
        case .bursts: return "array of bursts"
        case .numbers: return "array of numbers"
        case .colors: return "array of colours"
        case .strings: return "array of strings"
        case let .enumeration(names): return names.map { "\"\($0)\"" }.joined(separator: " | ")
        }
    }

    var isNumber: Bool { self == .float || self == .cgFloat || self == .double }
}

/// A string enum the effect format can read and write (its raw values are the file's words).
protocol EffectEnumeration {
    static var effectCaseNames: [String] { get }
}

extension EffectEnumeration where Self: CaseIterable & RawRepresentable, RawValue == String {
    static var effectCaseNames: [String] { allCases.map(\.rawValue) }
}

extension EmitterShape: EffectEnumeration {}
extension EmitterMode: EffectEnumeration {}
extension EmitterRenderMode: EffectEnumeration {}
extension FillMode: EffectEnumeration {}
extension ContentsFilter: EffectEnumeration {}
extension EmitterBehavior.AttractorType: EffectEnumeration {}
extension EmitterBehavior.ColliderShape: EffectEnumeration {}
extension EmitterBehavior.CollisionResponse: EffectEnumeration {}
extension EmitterEvent: EffectEnumeration {}

/// What the format knows about a property beyond its type: its unit, its valid range and a
/// one-line description for the schema. Properties without an entry are plain, unbounded values.
struct EffectPropertyInfo: Sendable {
    enum Unit: String, Sendable {
        case none = ""
        case turnsPerSecond = "turns per second"
        case perSecondSquared = "per second²"
        /// An angle: radians, or degrees where the file says `"angleUnit": "degrees"`.
        case angle = "radians (or degrees, see angleUnit)"
        /// An angular speed: radians per second, or degrees per second.
        case angularSpeed = "radians per second (or degrees per second, see angleUnit)"
        case seconds, points, perSecond = "per second", pointsPerSecond = "points per second", perPoint = "per point"
        case pointsPerSecondSquared = "points per second²", factor = "multiplier", pixelsPerPoint = "pixels per point"
    }

    var unit: Unit = .none
    /// Inclusive lower bound, if any.
    var minimum: Double?
    /// Exclusive lower bound, if any.
    var above: Double?
    var doc: String = ""
    /// Whether the number may be infinite (written as the string "infinity").
    var allowsInfinity = false

    /// The rule in words, for errors ("must be ≥ 0").
    var rule: String? {
        if let m = minimum { return "must be ≥ \(JSONOut.formatNumber(m))" }
        if let a = above { return "must be > \(JSONOut.formatNumber(a))" }
        return nil
    }

    func accepts(_ v: Double) -> Bool {
        if let m = minimum, !(v >= m) { return false }
        if let a = above, !(v > a) { return false }
        return true
    }

    /// The ``Layer`` properties a file may carry (Core Animation's `CALayer`, not declared with
    /// `@Property`).
    static let layerTable: [String: EffectPropertyInfo] = [
        "name": .init(doc: "Identifies the layer for the host (CALayer.name)."),
        "opacity": .init(unit: .factor, minimum: 0, doc: "Multiplies the alpha of everything the layer draws, 0…1."),
        "isHidden": .init(doc: "When true the layer is not drawn (it keeps simulating)."),
        "masksToBounds": .init(doc: "When true drawing is clipped to bounds."),
        "allowsGroupOpacity": .init(doc: "Whether a faded layer fades the emitter layers below it as one image (CALayer.allowsGroupOpacity)."),
        "bounds": .init(unit: .points, doc: "The layer's own coordinate space (emitter geometry lives in it), points."),
        "position": .init(unit: .points, doc: "Where anchorPoint lies in the superlayer, points."),
        "anchorPoint": .init(doc: "The point of bounds that position refers to, in unit coordinates."),
    ]

    /// What each class's `@Property` declarations say, by class and key.
    static let declared: [ObjectIdentifier: [String: EffectPropertyInfo]] = {
        func infos<Root>(_ list: [PropertyDeclaration<Root>]) -> [String: EffectPropertyInfo] {
            Dictionary(list.map { ($0.key, $0.info) }) { a, _ in a }
        }
        return [ObjectIdentifier(EmitterCell.self): infos(EmitterCell.declaredProperties),
                ObjectIdentifier(EmitterLayer.self): infos(EmitterLayer.declaredProperties),
                ObjectIdentifier(EmitterBehavior.self): infos(EmitterBehavior.declaredProperties)]
    }()

    /// Units, ranges and descriptions by key, where the key means the same on a layer and a cell
    /// (a cell's declaration wins where they differ): what an animation's key path names.
    static let table: [String: EffectPropertyInfo] = {
        let cell = declared[ObjectIdentifier(EmitterCell.self)] ?? [:]
        return cell.merging(declared[ObjectIdentifier(EmitterLayer.self)] ?? [:]) { a, _ in a }
    }()
}

/// One property of a layer or cell as the effect format sees it: its key, its kind, its default
/// and how to read and write it (the key-path accessor).
/// `@unchecked Sendable`: immutable; the default is a value type (or nil) read once from a fresh object.
struct EffectProperty<Root: AnyObject>: @unchecked Sendable {
    let key: String
    let kind: EffectValueKind
    let accessor: KeyPathAccessor<Root>
    /// The value on a fresh object.
    let defaultValue: Any?
    var info: EffectPropertyInfo {
        if let declared = EffectPropertyInfo.declared[ObjectIdentifier(Root.self)]?[key] { return declared }
        if Root.self == EmitterBehavior.self { return EffectPropertyInfo() }
        return EffectPropertyInfo.layerTable[key] ?? EffectPropertyInfo.table[key] ?? EffectPropertyInfo()
    }

    /// Component keys (`emitterPosition.x`) and aliases (`enabled`) are reachable by key path but
    /// are not properties of their own in the file.
    static var aliases: Set<String> { Set(aliasTargets.keys) }
    /// Each alias and the property it names (Core Animation's getter names).
    static var aliasTargets: [String: String] { ["enabled": "isEnabled", "hidden": "isHidden"] }
    /// Properties computed from others (a layer's `frame` from `bounds` and `position`): written
    /// through what they derive from, so a file never holds two values for one thing.
    /// A behaviour's `degreesPerSecond` is its `turnsPerSecond` in another unit.
    static var derived: Set<String> { ["frame", "degreesPerSecond", "degreesPerSecondRange"] }

    /// Builds the list from a key-path table, in a stable order: `order` first, the rest
    /// alphabetically. Keys whose kind cannot be found are returned in `unknown`.
    static func properties(of table: [String: KeyPathAccessor<Root>], fresh: () -> Root,
                           order: [String]) -> (properties: [EffectProperty], unknown: [String]) {
        let keys = table.keys.filter { !$0.contains(".") && !aliases.contains($0) && !derived.contains($0) }
        let sorted = keys.sorted { a, b in
            let ia = order.firstIndex(of: a) ?? Int.max, ib = order.firstIndex(of: b) ?? Int.max
            return ia != ib ? ia < ib : a < b
        }
        var list: [EffectProperty] = []
        var unknown: [String] = []
        for key in sorted {
            guard let accessor = table[key] else { continue }
            let probe = fresh()
            let value = accessor.get(probe)
            guard let kind = explicitKinds[key] ?? kind(of: value, accessor: accessor, probe: probe, key: key) else {
                unknown.append(key)
                continue
            }
            list.append(EffectProperty(key: key, kind: kind, accessor: accessor, defaultValue: value))
        }
        return (list, unknown)
    }

    /// Kinds that cannot be found from a value: arrays (an empty array casts to any array type)
    /// and optional arrays that are nil by default.
    private static var explicitKinds: [String: EffectValueKind] {
        if Root.self == EmitterCell.self {
            return ["bursts": .bursts, "trailWidths": .numbers, "trailWidthLocations": .numbers, "trailColors": .colors,
                    "trailColorLocations": .numbers]
        }
        guard Root.self == EmitterBehavior.self else { return [:] }
        return ["values": .numbers, "locations": .numbers, "force": .numbers, "colors": .colors, "cellNames": .strings,
                "samples": .numbers]
    }

    private static func kind(of value: Any?, accessor: KeyPathAccessor<Root>, probe: Root, key: String) -> EffectValueKind? {
        switch value {
        case is Float: return .float
        case is CGFloat: return .cgFloat
        case is Double: return .double
        case is Bool: return .bool
        case is UInt32: return .seed
        case is String: return .string
        case is CGPoint: return .point
        case is CGSize: return .size
        case is CGRect: return .rect
        case is Color: return .color
        case is SpriteImage: return .image
        case is [EmitterCell]: return .cells
        case let e as any EffectEnumeration: return .enumeration(type(of: e).effectCaseNames)
        case nil:
            // An optional that is nil by default: find its type by what the setter accepts.
            let candidates: [(Any, EffectValueKind)] = [("probe", .string), (SpriteImage.builtin(.softDot, size: 2), .image),
                                                        ([EmitterCell](), .cells), (Color.white, .color),
                                                        (CGRect.zero, .rect), (CGPoint.zero, .point), (CGSize.zero, .size)]
            for (candidate, kind) in candidates where (try? accessor.set(probe, candidate, key)) != nil {
                return kind
            }
            return nil
        default: return nil
        }
    }
}

/// The effect format's view of the model: every property of a layer and of a cell.
enum EffectModel {
    static let layerOrder = ["emitterPosition", "emitterZPosition", "emitterSize", "emitterDepth", "emitterShape",
                             "emitterMode", "renderMode", "preservesDepth", "birthRate", "lifetime", "velocity",
                             "scale", "spin", "seed"]
    static let cellOrder = ["name", "isEnabled", "birthRate", "lifetime", "lifetimeRange", "velocity", "velocityRange",
                            "emissionLongitude", "emissionLatitude", "emissionRange", "xAcceleration", "yAcceleration",
                            "zAcceleration", "scale", "scaleRange", "scaleSpeed", "spin", "spinRange", "rotation",
                            "rotationRange", "color", "redRange", "greenRange", "blueRange", "alphaRange", "redSpeed",
                            "greenSpeed", "blueSpeed", "alphaSpeed", "contents", "contentsRect", "contentsScale",
                            "spriteColumns", "spriteRows", "spriteFrameCount", "spriteFrameRate", "spriteLoops",
                            "spriteRandomStart"]

    static let layer = EffectProperty<EmitterLayer>.properties(
        of: EmitterLayer.keyTable, fresh: { EmitterLayer() }, order: layerOrder)
    static let cell = EffectProperty<EmitterCell>.properties(
        of: EmitterCell.keyTable, fresh: { EmitterCell() }, order: cellOrder)

    /// The inputs of a behaviour (its `type` is written apart, first).
    static let behavior = EffectProperty<EmitterBehavior>.properties(
        of: EmitterBehavior.keyTable, fresh: { EmitterBehavior(type: "") }, order: behaviorOrder)

    /// Properties whose kind the format does not know (a test keeps this empty).
    static var unknownKeys: [String] {
        layer.unknown.map { "layer.\($0)" } + cell.unknown.map { "cell.\($0)" } + behavior.unknown.map { "behavior.\($0)" }
    }
}

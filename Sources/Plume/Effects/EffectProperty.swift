import Foundation

/// The value kinds an effect-file property can have, found from the property's value on a fresh
/// object (so the key-path table stays the one declaration of what a layer or cell has).
enum EffectValueKind: Hashable, Sendable {
    case float, cgFloat, double, bool, seed, string, point, size, rect, color, image, cells
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
        case seconds, points, perSecond = "per second", pointsPerSecond = "points per second"
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

    /// Keys that mean something else on the layer (multipliers) than on a cell.
    static let layerTable: [String: EffectPropertyInfo] = [
        "birthRate": .init(unit: .factor, minimum: 0, doc: "Multiplies every top-level cell's birthRate."),
        "lifetime": .init(unit: .factor, minimum: 0, doc: "Multiplies every particle lifetime, at every level."),
        "velocity": .init(unit: .factor, doc: "Multiplies every sampled speed, at every level."),
        "scale": .init(unit: .factor, doc: "Multiplies top-level cells' scales."),
        "spin": .init(unit: .factor, doc: "Multiplies every sampled spin."),
        "name": .init(doc: "Identifies the layer for the host (CALayer.name)."),
        "opacity": .init(unit: .factor, minimum: 0, doc: "Multiplies the alpha of everything the layer draws, 0…1."),
        "isHidden": .init(doc: "When true the layer is not drawn (it keeps simulating)."),
        "masksToBounds": .init(doc: "When true drawing is clipped to bounds."),
        "bounds": .init(unit: .points, doc: "The layer's own coordinate space (emitter geometry lives in it), points."),
        "position": .init(unit: .points, doc: "Where anchorPoint lies in the superlayer, points."),
        "anchorPoint": .init(doc: "The point of bounds that position refers to, in unit coordinates."),
    ]


    /// Units, ranges and descriptions by key (shared by layer and cell where the key means the
    /// same). A new property needs no entry to be read and written; an entry adds its rule.
    static let table: [String: EffectPropertyInfo] = [
        "name": .init(doc: "Name used in key paths (emitterCells.<name>.birthRate)."),
        "isEnabled": .init(doc: "When false the cell simulates but neither it nor its sub-cells are drawn."),
        "birthRate": .init(unit: .perSecond, minimum: 0, doc: "Particles born per second (cell); a multiplier of top-level cells' rates (layer)."),
        "lifetime": .init(unit: .seconds, minimum: 0, doc: "Mean particle lifetime in seconds (cell); a multiplier at every level (layer)."),
        "lifetimeRange": .init(unit: .seconds, minimum: 0, doc: "Full width of the uniform lifetime spread, seconds."),
        "emissionLongitude": .init(unit: .angle, doc: "Emission angle in the xy-plane from +x towards +y (y down: -90° is up)."),
        "emissionLatitude": .init(unit: .angle, doc: "Emission angle out of the xy-plane, towards -z."),
        "emissionRange": .init(unit: .angle, doc: "Full apex angle of the emission cone."),
        "velocity": .init(unit: .pointsPerSecond, doc: "Initial speed, points per second (cell); a multiplier (layer)."),
        "velocityRange": .init(unit: .pointsPerSecond, doc: "Full width of the uniform speed spread."),
        "xAcceleration": .init(unit: .pointsPerSecondSquared, doc: "Acceleration along +x, points/s²."),
        "yAcceleration": .init(unit: .pointsPerSecondSquared, doc: "Acceleration along +y (down: gravity is positive), points/s²."),
        "zAcceleration": .init(unit: .pointsPerSecondSquared, doc: "Acceleration along +z (towards the viewer), points/s²."),
        "scale": .init(unit: .factor, doc: "Mean image scale (cell); a multiplier of top-level scales (layer)."),
        "scaleRange": .init(unit: .factor, doc: "Full width of the uniform scale spread."),
        "scaleSpeed": .init(unit: .perSecond, doc: "Change of scale per second."),
        "spin": .init(unit: .angularSpeed, doc: "Mean rotation speed, clockwise on screen (cell); a multiplier (layer, unitless)."),
        "spinRange": .init(unit: .angularSpeed, doc: "Full width of the uniform spin spread."),
        "rotation": .init(unit: .angle, doc: "Initial rotation angle (Plume extension)."),
        "rotationRange": .init(unit: .angle, doc: "Full width of the uniform initial-angle spread (Plume extension)."),
        "color": .init(doc: "Mean colour, straight RGBA in [0, 1], multiplied with the image."),
        "redRange": .init(doc: "Full width of the red spread."), "greenRange": .init(doc: "Full width of the green spread."),
        "blueRange": .init(doc: "Full width of the blue spread."), "alphaRange": .init(doc: "Full width of the alpha spread."),
        "redSpeed": .init(unit: .perSecond, doc: "Change of red per second."),
        "greenSpeed": .init(unit: .perSecond, doc: "Change of green per second."),
        "blueSpeed": .init(unit: .perSecond, doc: "Change of blue per second."),
        "alphaSpeed": .init(unit: .perSecond, doc: "Change of alpha per second."),
        "contents": .init(doc: "The particle image: a built-in sprite, a PNG path relative to the file, or embedded base64 PNG."),
        "contentsRect": .init(doc: "Part of the image drawn, unit coordinates [x, y, width, height]."),
        "contentsScale": .init(unit: .pixelsPerPoint, above: 0, doc: "Image pixels per point."),
        "magnificationFilter": .init(doc: "Filter when drawn larger than the image."),
        "minificationFilter": .init(doc: "Filter when drawn smaller than the image."),
        "minificationFilterBias": .init(doc: "Level-of-detail bias for trilinear minification."),
        "emitterCells": .init(doc: "Cells: top-level (layer) or emitted by every particle of this cell (cell)."),
        "spriteColumns": .init(doc: "Columns of the sprite-sheet grid over contentsRect, 1…4096 (rounded down; below 1 reads as 1)."),
        "spriteRows": .init(doc: "Rows of the sprite-sheet grid over contentsRect, 1…4096 (rounded down; below 1 reads as 1)."),
        "spriteFrameCount": .init(minimum: 0, doc: "Frames played, at most columns × rows; 0: all of them."),
        "spriteFrameRate": .init(unit: .perSecond, minimum: 0, doc: "Frames per second of age; 0: the frames span the lifetime."),
        "spriteLoops": .init(doc: "At a frame rate: wrap around (true) or hold the last frame (false)."),
        "spriteRandomStart": .init(doc: "Each particle starts at a random frame drawn from its key."),
        "emitterPosition": .init(doc: "Centre of the emission shape, points [x, y] (y down)."),
        "emitterZPosition": .init(unit: .points, doc: "z of the emission shape's centre, points."),
        "emitterSize": .init(doc: "Width and height of the emission shape, points."),
        "emitterDepth": .init(unit: .points, doc: "Depth of the cuboid, points."),
        "emitterShape": .init(doc: "Shape particles are born on."),
        "emitterMode": .init(doc: "Which part of the shape is used."),
        "renderMode": .init(doc: "Drawing order and blending."),
        "preservesDepth": .init(doc: "Keep particles' z when drawn (3-D) instead of flattening."),
        "seed": .init(doc: "Seed of the particle random numbers."),
        "interpolatesEmitterMotion": .init(doc: "Births follow an emitter the host moves, along the line from its previous position."),
        "emitterTeleportDistance": .init(unit: .points, doc: "A host move longer than this is a jump: births are not spread along it."),
        "beginTime": .init(unit: .seconds, doc: "Start of the active period in the parent's time."),
        "duration": .init(unit: .seconds, minimum: 0, doc: "Length of one cycle; \"infinity\" (the default) never ends.",
                         allowsInfinity: true),
        "speed": .init(unit: .factor, minimum: 0, doc: "Time scale; 0 pauses."),
        "timeOffset": .init(unit: .seconds, doc: "Added to local time (a positive offset pre-warms)."),
        "repeatCount": .init(minimum: 0, doc: "Number of cycles; 0 means one; may be fractional or \"infinity\".",
                            allowsInfinity: true),
        "repeatDuration": .init(unit: .seconds, minimum: 0, doc: "Total active time; overrides repeatCount when positive.",
                              allowsInfinity: true),
        "autoreverses": .init(doc: "Each cycle plays forwards then backwards."),
        "fillMode": .init(doc: "What is shown outside the active period."),
    ]
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
        if Root.self == EmitterLayer.self, let layerInfo = EffectPropertyInfo.layerTable[key] { return layerInfo }
        if Root.self == EmitterBehavior.self { return EffectPropertyInfo.behaviorTable[key] ?? EffectPropertyInfo() }
        return EffectPropertyInfo.table[key] ?? EffectPropertyInfo()
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
        guard Root.self == EmitterBehavior.self else { return [:] }
        return ["values": .numbers, "locations": .numbers, "force": .numbers, "colors": .colors, "cellNames": .strings]
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

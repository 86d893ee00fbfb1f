import Foundation

/// Marks a stored property of a `@DeclaredProperties` class as a declared property: reachable by
/// key path, copied by `copy()`, read and written by effect files with its unit and range in the
/// schema, and (with `gpu:`) set as a uniform of the GPU programs. Its key is the property's name,
/// its default the initial value, its documentation the doc comment's first sentence.
///
/// ```swift
/// /// Full width of the uniform speed spread, points per second. Default 0.
/// @Property(unit: .pointsPerSecond, gpu: .cell)
/// public var velocityRange: CGFloat = 0
/// ```
///
/// - Parameters:
///   - unit: the unit, for the schema and the documentation.
///   - minimum: the inclusive lower bound effect files check (nil: none).
///   - above: the exclusive lower bound effect files check (nil: none).
///   - allowsInfinity: whether files may write "infinity".
///   - animatable: whether explicit animations interpolate it (false: it is set, not blended).
///   - gpu: where the GPU programs read its resolved value (nil: the GPU does not read it as such).
@attached(peer)
macro Property(unit: EffectPropertyInfo.Unit = .none, minimum: Double? = nil, above: Double? = nil,
               allowsInfinity: Bool = false, animatable: Bool = true, gpu: GPUParameter? = nil) =
    #externalMacro(module: "PlumeMacros", type: "PropertyMacro")

/// Generates `static let declaredProperties` and `copyDeclaredProperties(to:)` from the class's
/// `@Property` stored properties (see ``PropertyDeclaration``), and, when some are declared
/// `gpu:`, the struct `GPUParameters` of their resolved values.
@attached(member, names: named(declaredProperties), named(copyDeclaredProperties), named(GPUParameters))
macro DeclaredProperties() = #externalMacro(module: "PlumeMacros", type: "DeclaredPropertiesMacro")

/// Where the GPU programs read a declared number.
///
/// - `cell`: a `float` field of the birth and spawn programs' `CellParams` uniform struct, named as
///   the property (`u_cell.velocityRange`), holding the value ``ResolvedCell`` resolved (finite,
///   flushed; a bad value stops the cell's emission and is reported), as a 32-bit float. The GLSL
///   struct gets the field and the host sets it from this declaration: the shader only uses it.
/// - `births`: a `float` of the cell's `BirthParams` table (`table … declared float`), the birth
///   parameters a particle's generation keeps and the draws read after birth (`g.scale` in
///   `plume_attributes`), resolved as `cell` values and written into each generation's row by the
///   host. Use it for an attribute drawn from the particle's key where it is read (scale, spin,
///   rotation and their ranges), so live particles keep the values they were born with.
/// - `wave`, `attractor`, `acceleration`, `turbulence`, `vortex` (on ``EmitterBehavior``): a
///   `float` of the behaviour table's `Wave`, `Attractor`, `Acceleration`, `Turbulence` or
///   `Vortex` entry (`layout … declared float` in
///   `Shaders/plume.contract`; `acceleration`: radial and tangential accelerations), read in GLSL
///   as `plume_Wave_phase(t, e)`, holding the value the behaviour resolved by its declaration (a
///   bad value — NaN, an infinity it does not allow, beyond ±1e9, below its minimum — is reported
///   and read as the property's default), as a 32-bit float. The reference reads the same value as
///   a member of the resolved behaviour (``ResolvedWave``, ``ResolvedAttractor``,
///   ``ResolvedCentralAcceleration``, ``ResolvedTurbulence``, ``ResolvedVortex``).
package enum GPUParameter: Sendable, Hashable, CaseIterable {
    case cell
    case births
    case wave
    case attractor
    case acceleration
    case turbulence
    case vortex

    /// The contract block that holds it: the `CellParams` struct or the `layout` of that name.
    package var contractName: String {
        switch self {
        case .cell: "CellParams"
        case .births: "BirthParams"
        case .wave: "Wave"
        case .attractor: "Attractor"
        case .acceleration: "Acceleration"
        case .turbulence: "Turbulence"
        case .vortex: "Vortex"
        }
    }
}

/// One declared property of `Root`: what `@Property` on a stored property says about it. The key
/// table, `copy()`, the effect-file table and schema, ``ResolvedCell``'s numbers and the GPU's
/// `CellParams` fields are all built from these, so a property is written in one place: where
/// it is stored.
///
/// `@unchecked Sendable`: immutable; the accessors capture only key paths.
struct PropertyDeclaration<Root: AnyObject>: @unchecked Sendable {
    /// The key (the property's name).
    let key: String
    /// The key and, for points, sizes, rectangles and colours, their component keys.
    let accessors: [String: KeyPathAccessor<Root>]
    /// Unit, range and one-line description (effect files, schema).
    let info: EffectPropertyInfo
    /// Whether explicit animations interpolate it.
    let animatable: Bool
    /// Where the GPU reads its resolved value; nil when it does not.
    let gpu: GPUParameter?
    /// Reads the value as a `Double` (numbers only; nil otherwise): what ``ResolvedCell`` resolves.
    let number: ((Root) -> Double)?

    private init(key: String, accessors: [String: KeyPathAccessor<Root>], doc: String, unit: EffectPropertyInfo.Unit,
                 minimum: Double?, above: Double?, allowsInfinity: Bool, animatable: Bool, gpu: GPUParameter?,
                 number: ((Root) -> Double)? = nil) {
        precondition(gpu == nil || number != nil, "\(key): only numbers can be GPU parameters")
        self.key = key
        self.accessors = accessors
        self.info = EffectPropertyInfo(unit: unit, minimum: minimum, above: above, doc: doc, allowsInfinity: allowsInfinity)
        self.animatable = animatable
        self.gpu = gpu
        self.number = number
    }

    init<V: BinaryFloatingPoint>(key: String, _ kp: ReferenceWritableKeyPath<Root, V>, doc: String,
                                 unit: EffectPropertyInfo.Unit = .none, minimum: Double? = nil, above: Double? = nil,
                                 allowsInfinity: Bool = false, animatable: Bool = true, gpu: GPUParameter? = nil) {
        self.init(key: key, accessors: [key: .number(kp)], doc: doc, unit: unit, minimum: minimum, above: above,
                  allowsInfinity: allowsInfinity, animatable: animatable, gpu: gpu, number: { Double($0[keyPath: kp]) })
    }

    init(key: String, _ kp: ReferenceWritableKeyPath<Root, CGFloat>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, minimum: Double? = nil, above: Double? = nil,
         allowsInfinity: Bool = false, animatable: Bool = true, gpu: GPUParameter? = nil) {
        self.init(key: key, accessors: [key: .cgFloat(kp)], doc: doc, unit: unit, minimum: minimum, above: above,
                  allowsInfinity: allowsInfinity, animatable: animatable, gpu: gpu, number: { Double($0[keyPath: kp]) })
    }

    init(key: String, _ kp: ReferenceWritableKeyPath<Root, Bool>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = true) {
        self.init(key: key, accessors: [key: .bool(kp)], doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    init<E: RawRepresentable & CaseIterable>(key: String, _ kp: ReferenceWritableKeyPath<Root, E>, doc: String,
                                             unit: EffectPropertyInfo.Unit = .none, animatable: Bool = false)
        where E.RawValue == String {
        self.init(key: key, accessors: [key: .enumeration(kp)], doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    /// A seed: a whole number in 0…2³² − 1.
    init(key: String, _ kp: ReferenceWritableKeyPath<Root, UInt32>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = false) {
        let accessor = KeyPathAccessor<Root>(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = try KeyPathValue.seed($1, $2) })
        self.init(key: key, accessors: [key: accessor], doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    /// An optional value (`String?`, `SpriteImage?`, `[EmitterCell]?`): nil or exactly that type.
    init<V>(key: String, _ kp: ReferenceWritableKeyPath<Root, V?>, doc: String,
            unit: EffectPropertyInfo.Unit = .none, animatable: Bool = false) {
        self.init(key: key, accessors: [key: .optional(kp, Self.typeName(V.self))], doc: doc, unit: unit, minimum: nil,
                  above: nil, allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    init(key: String, _ kp: ReferenceWritableKeyPath<Root, CGPoint>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = true) {
        self.init(key: key, accessors: KeyPathAccessor.point(key, kp), doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    init(key: String, _ kp: ReferenceWritableKeyPath<Root, CGSize>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = true) {
        self.init(key: key, accessors: KeyPathAccessor.size(key, kp), doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    init(key: String, _ kp: ReferenceWritableKeyPath<Root, CGRect>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = true) {
        self.init(key: key, accessors: KeyPathAccessor.rect(key, kp), doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    init(key: String, _ kp: ReferenceWritableKeyPath<Root, Color>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = true) {
        self.init(key: key, accessors: KeyPathAccessor.color(key, kp), doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    /// An array of strings, or nil.
    init(key: String, _ kp: ReferenceWritableKeyPath<Root, [String]?>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = false) {
        let accessor = KeyPathAccessor<Root>(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = try KeyPathValue.strings($1, $2) })
        self.init(key: key, accessors: [key: accessor], doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    /// An array of numbers (nil reads as empty).
    init(key: String, _ kp: ReferenceWritableKeyPath<Root, [CGFloat]>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = false) {
        let accessor = KeyPathAccessor<Root>(get: { $0[keyPath: kp] },
                                             set: { $0[keyPath: kp] = try KeyPathValue.numbers($1, $2) ?? [] })
        self.init(key: key, accessors: [key: accessor], doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    /// An array of numbers, or nil.
    init(key: String, _ kp: ReferenceWritableKeyPath<Root, [CGFloat]?>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = false) {
        let accessor = KeyPathAccessor<Root>(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = try KeyPathValue.numbers($1, $2) })
        self.init(key: key, accessors: [key: accessor], doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    /// An array of colours.
    init(key: String, _ kp: ReferenceWritableKeyPath<Root, [Color]>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = false) {
        let accessor = KeyPathAccessor<Root>(get: { $0[keyPath: kp] }, set: { $0[keyPath: kp] = try KeyPathValue.colors($1, $2) })
        self.init(key: key, accessors: [key: accessor], doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    /// An array of bursts (``EmitterBurst``).
    init(key: String, _ kp: ReferenceWritableKeyPath<Root, [EmitterBurst]>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = false) {
        let accessor = KeyPathAccessor<Root>(get: { $0[keyPath: kp] },
                                             set: { $0[keyPath: kp] = try KeyPathValue.exact($1, $2, "[EmitterBurst]") })
        self.init(key: key, accessors: [key: accessor], doc: doc, unit: unit, minimum: nil, above: nil,
                  allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    /// A 3-vector: an array of two or three numbers or a `CGPoint`; `.x`, `.y`, `.z` components.
    init(key: String, _ kp: ReferenceWritableKeyPath<Root, SIMD3<Double>>, doc: String,
         unit: EffectPropertyInfo.Unit = .none, animatable: Bool = true) {
        let whole = KeyPathAccessor<Root>(get: { v in let f = v[keyPath: kp]; return [f.x, f.y, f.z] },
                                          set: { $0[keyPath: kp] = try KeyPathValue.vector3($1, $2) })
        self.init(key: key, accessors: [key: whole, key + ".x": .double(kp.appending(path: \.x)),
                                         key + ".y": .double(kp.appending(path: \.y)),
                                         key + ".z": .double(kp.appending(path: \.z))],
                  doc: doc, unit: unit, minimum: nil, above: nil, allowsInfinity: false, animatable: animatable, gpu: nil)
    }

    /// `Array<EmitterCell>` reads as `[EmitterCell]` in errors.
    private static func typeName(_ type: Any.Type) -> String {
        let name = String(describing: type)
        guard name.hasPrefix("Array<"), name.hasSuffix(">") else { return name }
        return "[" + name.dropFirst(6).dropLast() + "]"
    }
}

extension Array {
    /// The key table of declared properties: every key and component key.
    func keyTable<Root>() -> [String: KeyPathAccessor<Root>] where Element == PropertyDeclaration<Root> {
        var table: [String: KeyPathAccessor<Root>] = [:]
        for declaration in self {
            table.merge(declaration.accessors) { a, _ in a }
        }
        return table
    }
}

/// A declared number as an editor shows it (the playground's inspector lists every declared
/// number it does not lay out by hand, so a new property is editable without editing it).
package struct DeclaredNumber: Sendable {
    /// The key (`setValue(_:forKeyPath:)`).
    package let key: String
    /// A short unit label (`"pt/s"`; empty for none).
    package let unit: String
    /// Stored in radians (or radians per second): shown in degrees.
    package let isAngle: Bool
    /// The inclusive lower bound, if any.
    package let minimum: Double?

    static func list<Root>(_ declarations: [PropertyDeclaration<Root>]) -> [DeclaredNumber] {
        declarations.compactMap { d in
            d.number == nil ? nil : DeclaredNumber(key: d.key, unit: d.info.unit.symbol,
                                                   isAngle: d.info.unit == .angle || d.info.unit == .angularSpeed,
                                                   minimum: d.info.minimum)
        }
    }
}

extension EmitterCell {
    /// The declared numbers of a cell, in declaration order.
    package static let declaredNumbers = DeclaredNumber.list(declaredProperties)
}

extension EmitterLayer {
    /// The declared numbers of a layer, in declaration order.
    package static let declaredNumbers = DeclaredNumber.list(declaredProperties)
}

extension EmitterBehavior {
    /// The declared numbers of a behaviour, in declaration order.
    package static let declaredNumbers = DeclaredNumber.list(declaredProperties)
}

extension EffectPropertyInfo.Unit {
    /// A short label for editors.
    var symbol: String {
        switch self {
        case .none: return ""
        case .turnsPerSecond: return "turns/s"
        case .perSecondSquared: return "/s²"
        case .angle: return "°"
        case .angularSpeed: return "°/s"
        case .seconds: return "s"
        case .points: return "pt"
        case .perSecond: return "/s"
        case .pointsPerSecond: return "pt/s"
        case .pointsPerSecondSquared: return "pt/s²"
        case .factor: return "×"
        case .pixelsPerPoint: return "px/pt"
        case .perPoint: return "/pt"
        }
    }
}

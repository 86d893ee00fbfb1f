import Foundation

/// A `wave` as one update uses it (Semantics §12): the acceleration `force · sin(omega·age + phase)`.
public struct ResolvedWave: DeclaredBehaviorParameters, Hashable, Sendable {
    /// The amplitude, points/s².
    public var force: SIMD3<Double>
    /// The angular frequency `2π·frequency`, radians per second.
    public var omega: Double
    /// The behaviour's parameters declared `@Property(gpu: .wave)` (the others 0), resolved by
    /// their declarations: what the GPU's `Wave` entry holds.
    public var parameters = EmitterBehavior.GPUParameters()

    /// A wave with its declared parameters at `parameters` (every one 0 by default).
    public init(force: SIMD3<Double>, omega: Double, parameters: EmitterBehavior.GPUParameters = .init()) {
        self.force = force
        self.omega = omega
        self.parameters = parameters
    }
}

/// An attractor as one update uses it (Semantics §12): the pull on a particle at `p` is
/// `d̂ · (stiffness · (r − radius) + falloff)` where `d` is the vector from `p` to the nearest point
/// of the point, line or plane, `r = |d|`; zero where `r = 0` or `r > falloffDistance`.
public struct ResolvedAttractor: DeclaredBehaviorParameters, Hashable, Sendable {
    /// Pulls towards a point (radial), a line (axial) or a plane (planar).
    public var type: EmitterBehavior.AttractorType
    /// The point, a point of the line or of the plane, in layer points.
    public var position: SIMD3<Double>
    /// Unit axis (axial) or normal (planar).
    public var orientation: SIMD3<Double>
    /// Pull per point of distance beyond ``radius``, 1/s² (negative pushes).
    public var stiffness: Double
    /// The distance at which the spring part of the pull is zero, points.
    public var radius: Double
    /// A constant pull added at every distance, points/s².
    public var falloff: Double
    /// Beyond this distance the attractor does nothing, points.
    public var falloffDistance: Double
    /// The behaviour's parameters declared `@Property(gpu: .attractor)` (the others 0), resolved by
    /// their declarations: what the GPU's `Attractor` entry holds.
    public var parameters = EmitterBehavior.GPUParameters()

    /// The acceleration at `p`, points/s².
    public func acceleration(at p: SIMD3<Double>) -> SIMD3<Double> {
        let toP = position - p
        let d: SIMD3<Double>
        switch type {
        case .radial: d = toP
        case .axial: d = toP - orientation * dot(toP, orientation)
        case .planar: d = orientation * dot(toP, orientation)
        }
        let r = length(d)
        guard r > 0, r <= falloffDistance else { return .zero }
        return d * ((stiffness * (r - radius) + falloff) / r)
    }
}

/// A radial or tangential acceleration about the emitter position with a per-particle spread.
public struct ResolvedCentralAcceleration: DeclaredBehaviorParameters, Hashable, Sendable {
    /// The mean acceleration away from (radial) or around (tangential) the centre, points/s².
    public var acceleration: Double
    /// The per-particle spread, drawn as `acceleration ± range/2`.
    public var range: Double
    /// The random draw index of the spread (Semantics §2): `BehaviorDraw.base + 4·behaviour index`.
    public var draw: UInt32
    /// The behaviour's parameters declared `@Property(gpu: .acceleration)` (the others 0), resolved
    /// by their declarations: what the GPU's `Acceleration` entry holds.
    public var parameters = EmitterBehavior.GPUParameters()

}

/// A `turbulence` as one update uses it (Semantics §12): the curl-noise acceleration of
/// ``CurlNoise``, from the behaviour's declared parameters (`strength`, `noiseFrequency`,
/// `octaves`, `scrollSpeed`).
public struct ResolvedTurbulence: DeclaredBehaviorParameters, Hashable, Sendable {
    /// The layer's seed.
    public var seed: UInt32
    /// The behaviour's draw index (`BehaviorDraw.base + 4·behaviour index`): its own noise.
    public var draw: UInt32
    /// The behaviour's parameters declared `@Property(gpu: .turbulence)` (the others 0), resolved
    /// by their declarations: what the GPU's `Turbulence` entry holds.
    public var parameters = EmitterBehavior.GPUParameters()

    /// Its lattice key (``CurlNoise``: the layer's seed and the draw index, mixed twice), which
    /// the GPU's `Turbulence` entry holds.
    public var key: UInt32 { CurlNoise.key(seed: seed, draw: draw) }

    /// The acceleration at `p` (layer points) when the particle is `age` seconds old, points/s².
    public func acceleration(at p: SIMD3<Double>, age: Double) -> SIMD3<Double> {
        CurlNoise.acceleration(at: p, age: age, strength: parameters.strength, frequency: parameters.noiseFrequency,
                               octaves: parameters.octaves, scrollSpeed: parameters.scrollSpeed, seed: seed, draw: draw)
    }
}

/// A `vortex` as one update uses it (Semantics §12): with `d = p − position` and `r = |d_xy|` the
/// distance from the axis, the acceleration is
/// `(swirl · g(r) · (−d_y, d_x, 0) − pull · (d_x, d_y, 0)) / r` for `0 < r ≤ falloffDistance`
/// (else 0), `g(r) = min(r/coreRadius, coreRadius/r)` (1 when `coreRadius` is 0).
public struct ResolvedVortex: DeclaredBehaviorParameters, Hashable, Sendable {
    /// A point of the axis, layer points.
    public var position: SIMD3<Double>
    /// Beyond this distance from the axis the vortex does nothing, points.
    public var falloffDistance: Double
    /// The behaviour's parameters declared `@Property(gpu: .vortex)` (`swirl`, `coreRadius`,
    /// `pull`; the others 0), resolved by their declarations: what the GPU's `Vortex` entry holds.
    public var parameters = EmitterBehavior.GPUParameters()

    /// The acceleration at `p`, points/s².
    public func acceleration(at p: SIMD3<Double>) -> SIMD3<Double> {
        let d = p - position
        let r = (d.x * d.x + d.y * d.y).squareRoot()
        guard r > 0, r <= falloffDistance else { return .zero }
        let core = parameters.coreRadius
        let g = core > 0 ? Swift.min(r / core, core / r) : 1
        return (SIMD3(-d.y, d.x, 0) * (parameters.swirl * g) - SIMD3(d.x, d.y, 0) * parameters.pull) / r
    }
}

/// cocos2d's radius mode as one update uses it.
public struct ResolvedOrbit: Hashable, Sendable {
    /// The radius at birth, points, and its per-particle range (`± range/2`).
    public var startRadius: Double, startRadiusRange: Double
    /// The radius at death, points, and its per-particle range; the radius moves linearly in age.
    public var endRadius: Double, endRadiusRange: Double
    /// Radians per second.
    public var angularSpeed: Double, angularSpeedRange: Double
    /// First random draw index (start radius, end radius, angular speed follow).
    public var draw: UInt32
}

/// Random draw indices of behaviours (Semantics §2): behaviour `i` of the layer uses
/// `base + 4·i … base + 4·i + 3`, clear of the birth draws of ``DrawIndex``.
public enum BehaviorDraw {
    /// The first draw index behaviours use (64).
    public static let base: UInt32 = 64
}

/// The behaviours that act on one cell, resolved for one update (Semantics §12).
public struct CellBehaviors: Hashable, Sendable {
    /// `valueOverLife` curves: the first behaviour per property wins (later ones are reported).
    public var scale: BehaviorCurve?
    /// Whether the scale curve adds to the particle's scale (else it multiplies it).
    public var scaleAdditive = false
    /// The `valueOverLife` curve of alpha, over normalised age.
    public var alpha: BehaviorCurve?
    /// Whether the alpha curve adds to the particle's alpha (else it multiplies it).
    public var alphaAdditive = false
    /// The `valueOverLife` curve of spin, radians per second, over normalised age.
    public var spin: BehaviorCurve?
    /// Whether the spin curve adds to the particle's spin (else it multiplies it).
    public var spinAdditive = false
    /// A speed factor: `dp/dt = velocity(x) · v`.
    public var velocity: BehaviorCurve?
    /// `colorOverLife`: one curve per channel (r, g, b, a), multiplying the particle's colour.
    public var color: [BehaviorCurve]?
    /// Sum of the `drag` coefficients, 1/s.
    public var drag = 0.0
    /// `wave` forces, in the layer's order.
    public var resolvedWaves: [ResolvedWave] = []
    /// ``resolvedWaves`` as amplitude (points/s²) and angular frequency `2π·f` (rad/s); set this
    /// way, their declared parameters (``ResolvedWave/parameters``) are 0.
    public var waves: [(force: SIMD3<Double>, omega: Double)] {
        get { resolvedWaves.map { ($0.force, $0.omega) } }
        set { resolvedWaves = newValue.map { ResolvedWave(force: $0.force, omega: $0.omega) } }
    }
    /// `attractor` behaviours, in the layer's order.
    public var attractors: [ResolvedAttractor] = []
    /// `radialAcceleration` behaviours (away from ``center``).
    public var radial: [ResolvedCentralAcceleration] = []
    /// `tangentialAcceleration` behaviours (around ``center``).
    public var tangential: [ResolvedCentralAcceleration] = []
    /// Centre of radial and tangential accelerations: the emitter position of this update.
    public var center: SIMD3<Double> = .zero
    /// `turbulence` behaviours, in the layer's order.
    public var turbulences: [ResolvedTurbulence] = []
    /// `vortex` behaviours, in the layer's order.
    public var vortices: [ResolvedVortex] = []
    /// `collider` behaviours, in the layer's order (the first one a chord enters is hit).
    public var colliders: [ResolvedCollider] = []
    /// How each of ``colliders`` moves over the update (Semantics §12 "Moving colliders"), by
    /// index; empty when none moves (the update planner sets them). Beside the colliders, not in
    /// them: a collider is copied for each test of a chord, and these would double its size.
    public var colliderSweeps: [ColliderSweep] = []
    /// Whether one of ``colliders`` moves over the update.
    public var collidersMove: Bool { !colliderSweeps.isEmpty }
    /// An `orbit` behaviour (cocos2d's radius mode), the first one that acts on the cell.
    public var orbit: ResolvedOrbit?
    /// `alignToMotion`: the offset added to the direction of motion, radians.
    public var align: Double?

    public static func == (a: CellBehaviors, b: CellBehaviors) -> Bool {
        a.scale == b.scale && a.scaleAdditive == b.scaleAdditive && a.alpha == b.alpha
            && a.alphaAdditive == b.alphaAdditive && a.spin == b.spin && a.spinAdditive == b.spinAdditive
            && a.velocity == b.velocity && a.color == b.color && a.drag == b.drag
            && a.resolvedWaves == b.resolvedWaves
            && a.attractors == b.attractors && a.radial == b.radial && a.tangential == b.tangential
            && a.center == b.center && a.orbit == b.orbit && a.align == b.align && a.turbulences == b.turbulences
            && a.vortices == b.vortices && a.colliders == b.colliders && a.colliderSweeps == b.colliderSweeps
    }

    public func hash(into h: inout Hasher) {
        h.combine(drag)
        h.combine(attractors)
        h.combine(orbit)
    }

    /// How the cell's particles move (Semantics §12 "Motion").
    public enum Motion: Sendable {
        /// No motion behaviour: constant acceleration, closed form (Semantics §5).
        case ballistic
        /// Drag and waves on top of the constant acceleration, and/or a velocity curve alone:
        /// closed form from any state.
        case closedForm
        /// Forces with no closed form (attractors, radial, tangential, turbulence, vortices,
        /// colliders, or a velocity curve with drag or waves): integrated on the fixed grid of layer time of ``BehaviorMotion/gridStep``.
        case grid
        /// An orbit about the birth point: closed form from birth; other motion is ignored.
        case orbit
    }

    /// Which of the four motion classes the cell's behaviours put it in.
    public var motion: Motion {
        if orbit != nil { return .orbit }
        if !attractors.isEmpty || !radial.isEmpty || !tangential.isEmpty || !turbulences.isEmpty
            || !vortices.isEmpty || !colliders.isEmpty { return .grid }
        let forces = drag != 0 || !resolvedWaves.isEmpty
        if velocity != nil && forces { return .grid }
        return forces || velocity != nil ? .closedForm : .ballistic
    }

    /// True when no behaviour acts on the cell.
    public var isEmpty: Bool {
        scale == nil && alpha == nil && spin == nil && velocity == nil && color == nil && motion == .ballistic
            && align == nil
    }

    /// No behaviour.
    public init() {}
}

/// The layer's behaviours, validated once per update; each cell then takes the ones that name it.
struct ResolvedBehaviorList {
    struct Entry {
        var cellNames: [String]?
        var apply: (inout CellBehaviors) -> Void
    }

    var entries: [Entry] = []

    init(_ behaviors: [EmitterBehavior]?, center: SIMD3<Double>, seed: UInt32, report: inout DiagnosticCollector) {
        var uses: [String: Int] = [:]
        for b in behaviors ?? [] { if let name = b.name { uses[name, default: 0] += 1 } }
        for (index, b) in (behaviors ?? []).enumerated() {
            // `.name` when unique and dot-free, else `[index]` (Semantics §9): never another behaviour.
            let prefix = "emitterBehaviors" + (b.name.flatMap { $0.isEmpty || $0.contains(".") || uses[$0] != 1 ? nil : "." + $0 }
                                               ?? "[\(index)]") + "."
            guard b.isEnabled else { continue }
            guard let kind = b.kind else {
                report.add(prefix + "type", b.type, "is not a known behaviour type (\(EmitterBehavior.types.joined(separator: ", "))); the behaviour does nothing", .ignored)
                continue
            }
            if let entry = Self.entry(b, kind: kind, index: index, prefix: prefix, center: center, seed: seed, report: &report) {
                entries.append(Entry(cellNames: b.cellNames, apply: entry))
            }
        }
    }

    /// The behaviours acting on a cell named `name`, in array order.
    func behaviors(forCellNamed name: String?) -> CellBehaviors {
        var c = CellBehaviors()
        for e in entries where e.cellNames.map({ names in name.map(names.contains) ?? false }) ?? true {
            e.apply(&c)
        }
        return c
    }

    private static func entry(_ b: EmitterBehavior, kind: EmitterBehavior.Kind, index: Int, prefix: String,
                              center: SIMD3<Double>, seed: UInt32,
                              report: inout DiagnosticCollector) -> ((inout CellBehaviors) -> Void)? {
        func number(_ key: String, _ v: CGFloat, default fallback: Double = 0) -> Double {
            let d = Double(v)
            if ResolvedLayer.isSane(d) { return ResolvedLayer.flushed(d) }
            report.add(prefix + key, v, "must be finite, magnitude ≤ \(ResolvedLayer.maxMagnitude); \(fallback) is used", .replaced)
            return fallback
        }
        func nonNegative(_ key: String, _ v: CGFloat) -> Double {
            let d = number(key, v)
            if d < 0 {
                report.add(prefix + key, v, "must not be negative; 0 is used", .replaced)
                return 0
            }
            return d
        }
        func locations(count: Int) -> [Double]? {
            guard let list = b.locations else { return nil }
            let d = list.map(Double.init)
            var ok = d.count == count
            var rule = "must have as many entries as the values (\(count))"
            if ok, !d.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) {
                ok = false
                rule = "must be finite and within 0…1"
            }
            if ok, zip(d, d.dropFirst()).contains(where: { $0 > $1 }) {
                ok = false
                rule = "must not decrease"
            }
            if ok { return d }
            report.add(prefix + "locations", list, rule + "; evenly spaced locations are used", .replaced)
            return nil
        }
        /// The parameters of `table` declared `@Property(gpu:)`, each resolved by its declaration.
        func declared(_ table: GPUParameter) -> EmitterBehavior.GPUParameters {
            EmitterBehavior.GPUParameters(b, table: table) { key, v in
                EmitterBehavior.resolveDeclared(key, v) { rule, fallback in
                    report.add(prefix + key, v, rule + "; \(fallback) is used", .replaced)
                }
            }
        }
        func falloffDistance() -> Double {
            let d = Double(b.falloffDistance)
            if d.isNaN || d < 0 {
                report.add(prefix + "falloffDistance", b.falloffDistance, "must not be negative or NaN; infinity is used", .replaced)
                return .infinity
            }
            return d
        }
        let draw = BehaviorDraw.base + 4 * UInt32(truncatingIfNeeded: index)

        switch kind {
        case .valueOverLife:
            guard !b.values.isEmpty else {
                report.add(prefix + "values", b.values, "is empty; the behaviour does nothing", .ignored)
                return nil
            }
            let values = b.values.enumerated().map { i, v in number("values[\(i)]", v) }
            let curve = BehaviorCurve(values: values, locations: locations(count: values.count))
            let additive = b.additive
            switch b.keyPath {
            case "scale":
                return { c in if c.scale == nil { c.scale = curve; c.scaleAdditive = additive } }
            case "alpha", "color.alpha", "opacity":
                return { c in if c.alpha == nil { c.alpha = curve; c.alphaAdditive = additive } }
            case "spin":
                return { c in if c.spin == nil { c.spin = curve; c.spinAdditive = additive } }
            case "velocity":
                if additive {
                    report.add(prefix + "additive", true, "has no meaning for velocity (a speed factor); the curve multiplies", .defined)
                }
                return { c in if c.velocity == nil { c.velocity = curve } }
            default:
                report.add(prefix + "keyPath", b.keyPath ?? "nil",
                           "must be scale, alpha (color.alpha, opacity), velocity or spin; the behaviour does nothing", .ignored)
                return nil
            }
        case .colorOverLife:
            guard !b.colors.isEmpty else {
                report.add(prefix + "colors", b.colors, "is empty; the behaviour does nothing", .ignored)
                return nil
            }
            let at = locations(count: b.colors.count)
            let channels: [BehaviorCurve] = (0..<4).map { ch in
                let values = b.colors.enumerated().map { i, color -> Double in
                    let v = [color.red, color.green, color.blue, color.alpha][ch]
                    return number("colors[\(i)]", CGFloat(v), default: 1)
                }
                return BehaviorCurve(values: values, locations: at)
            }
            return { c in if c.color == nil { c.color = channels } }
        case .drag:
            let k = nonNegative("drag", b.drag)
            return { c in c.drag += k }
        case .wave:
            let f = SIMD3(number("force.x", CGFloat(b.force.x)), number("force.y", CGFloat(b.force.y)),
                          number("force.z", CGFloat(b.force.z)))
            let w = ResolvedWave(force: f, omega: 2 * .pi * number("frequency", b.frequency), parameters: declared(.wave))
            return { c in c.resolvedWaves.append(w) }
        case .attractor:
            let falloffDistance = falloffDistance()
            let orientation = BirthSampler.emissionVector(longitude: number("orientationLongitude", b.orientationLongitude),
                                                          latitude: number("orientationLatitude", b.orientationLatitude))
            let a = ResolvedAttractor(type: b.attractorType,
                                      position: SIMD3(number("position.x", b.position.x), number("position.y", b.position.y),
                                                      number("zPosition", b.zPosition)),
                                      orientation: orientation, stiffness: nonNegative("stiffness", b.stiffness),
                                      radius: nonNegative("radius", b.radius), falloff: number("falloff", b.falloff),
                                      falloffDistance: falloffDistance, parameters: declared(.attractor))
            return { c in c.attractors.append(a) }
        case .alignToMotion:
            let r = number("rotation", b.rotation)
            return { c in c.align = r }
        case .radialAcceleration, .tangentialAcceleration:
            let a = ResolvedCentralAcceleration(acceleration: number("acceleration", b.acceleration),
                                                range: number("accelerationRange", b.accelerationRange), draw: draw,
                                                parameters: declared(.acceleration))
            let radial = kind == .radialAcceleration
            return { c in
                c.center = center
                if radial { c.radial.append(a) } else { c.tangential.append(a) }
            }
        case .orbit:
            let o = ResolvedOrbit(startRadius: number("startRadius", b.startRadius),
                                  startRadiusRange: number("startRadiusRange", b.startRadiusRange),
                                  endRadius: number("endRadius", b.endRadius),
                                  endRadiusRange: number("endRadiusRange", b.endRadiusRange),
                                  angularSpeed: 2 * .pi * number("turnsPerSecond", b.turnsPerSecond),
                                  angularSpeedRange: 2 * .pi * number("turnsPerSecondRange", b.turnsPerSecondRange),
                                  draw: draw)
            return { c in if c.orbit == nil { c.orbit = o } }
        case .turbulence:
            let t = ResolvedTurbulence(seed: seed, draw: draw, parameters: declared(.turbulence))
            return { c in c.turbulences.append(t) }
        case .vortex:
            let v = ResolvedVortex(position: SIMD3(number("position.x", b.position.x), number("position.y", b.position.y),
                                                   number("zPosition", b.zPosition)),
                                   falloffDistance: falloffDistance(), parameters: declared(.vortex))
            return { c in c.vortices.append(v) }
        case .collider:
            let longitude = number("orientationLongitude", b.orientationLongitude)
            let normal = BirthSampler.emissionVector(longitude: longitude,
                                                     latitude: number("orientationLatitude", b.orientationLatitude))
            var c = ResolvedCollider(shape: b.colliderShape, response: b.collisionResponse,
                                     position: SIMD3(number("position.x", b.position.x), number("position.y", b.position.y),
                                                     number("zPosition", b.zPosition)),
                                     normal: normal, radius: nonNegative("radius", b.radius),
                                     across: SIMD3(-sin(longitude), cos(longitude), 0), parameters: declared(.collider))
            c.trackKey = ResolvedCollider.trackKey(index: index, name: b.name, shape: b.colliderShape)
            if b.colliderShape == .heightfield || b.colliderShape == .distanceField {
                switch ColliderField.make(b.samples, columns: Double(b.sampleColumns), spacing: c.sampleSpacing) {
                case let .success(field): c.field = field
                case let .failure(error):
                    report.add(prefix + "samples", b.samples.count, error.rule + "; the collider does nothing", .ignored)
                    return nil
                }
            }
            return { c2 in c2.colliders.append(c) }
        }
    }
}

extension ResolvedCell {
    /// Whether the simulators walk this cell's contacts every update (Semantics §14
    /// "Collisions"): grid motion with colliders, and something that needs the contacts — a
    /// `kill` collider (the particle dies at its hit) or a `collision` sub-cell (its serials count
    /// them in the record's `contacts`). Without either, colliders only move the particles: no
    /// update walks the step that holds its end, and `contacts` is not counted (host collision
    /// reports walk on their own).
    public var countsContacts: Bool {
        behaviors.motion == .grid && !behaviors.colliders.isEmpty
            && (behaviors.colliders.contains { $0.response == .kill } || children.contains { $0.event == .collision })
    }

    /// Gives this cell and its descendants the behaviours that name them.
    mutating func attach(_ list: ResolvedBehaviorList) {
        behaviors = list.behaviors(forCellNamed: name)
        for i in children.indices { children[i].attach(list) }
    }
}

extension EmitterBehavior {
    /// Each number declared `@Property(gpu:)`: its declaration's range and its default.
    private static let declaredGPUNumbers: [String: (info: EffectPropertyInfo, fallback: Double)] = {
        let defaults = EmitterBehavior(type: "")
        var out: [String: (info: EffectPropertyInfo, fallback: Double)] = [:]
        for d in declaredProperties where d.gpu != nil {
            if let number = d.number { out[d.key] = (d.info, number(defaults)) }
        }
        return out
    }()

    /// A declared GPU parameter's value as both simulators read it: flushed (Semantics §11) when
    /// it is a number within ±``ResolvedLayer/maxMagnitude`` (or +infinity where its declaration
    /// allows infinity) and within its declared range; otherwise its default, with `bad(rule,
    /// default)` called to report it.
    static func resolveDeclared(_ key: String, _ v: Double, bad: (String, Double) -> Void) -> Double {
        let (info, fallback) = declaredGPUNumbers[key] ?? (EffectPropertyInfo(), 0)
        var rule: String?
        if v == .infinity && info.allowsInfinity {
            rule = nil
        } else if !ResolvedLayer.isSane(v) {
            rule = "must be finite, magnitude ≤ \(ResolvedLayer.maxMagnitude)" + (info.allowsInfinity ? ", or infinity" : "")
        } else if let m = info.minimum, v < m {
            rule = info.rule
        } else if let a = info.above, !(v > a) {
            rule = info.rule
        }
        if let rule {
            bad(rule, fallback)
            return fallback
        }
        return ResolvedLayer.flushed(v)
    }
}

/// A resolved behaviour that holds its parameters declared `@Property(gpu: …)` (``ResolvedWave``,
/// ``ResolvedAttractor``, …) and reads them as members, as the GPU reads its table entry:
/// `wave.phase`, `collider.restitution`.
@dynamicMemberLookup
public protocol DeclaredBehaviorParameters {
    /// The behaviour's declared parameters (those of other tables 0), resolved by their declarations.
    var parameters: EmitterBehavior.GPUParameters { get set }
}

extension DeclaredBehaviorParameters {
    /// A declared parameter by name.
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<EmitterBehavior.GPUParameters, T>) -> T {
        get { parameters[keyPath: keyPath] }
        set { parameters[keyPath: keyPath] = newValue }
    }
}

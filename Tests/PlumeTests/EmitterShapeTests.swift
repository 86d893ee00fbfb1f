import Foundation
import Testing
@testable import Plume

/// SPEC §4's shape × mode table: where a top-level particle is born and its base direction `b`.
///
/// Births are sampled directly with `BirthSampler.sample` (the one definition both simulators use)
/// for serials 1…n of cell 0, and once per combination through the reference simulator. The base
/// direction is observed through the velocity: with longitude = latitude = range = 0 and speed 1
/// the velocity must *be* `b`. The expected sets and directions are computed here from the table,
/// independently of `EmitterGeometry`.
@Suite struct EmitterShapeTests {
    typealias V3 = SIMD3<Double>

    // MARK: Fixture

    /// Emitter position. Dyadic values, so `P ± W/2` etc. are exact in Double: corners, end points
    /// and planes are compared with `==`.
    static let P = V3(100.5, 200.25, -30.75)
    /// `(W, H, D)`, all different: a swapped axis, ρ = H/2 or the docs' ρ = W would show.
    static let size = V3(120, 60, 40)
    static var half: V3 { size / 2 }
    /// Radius of circle and sphere: ρ = W/2 (SPEC §4, differs from the docs).
    static var ρ: Double { size.x / 2 }
    static let seed: UInt32 = 0x00C0_FFEE
    static let n = 24_000
    /// Positions are `P + offset` with |P| ≈ 200: rounding is ~1e-13; 1e-9 is far below any
    /// feature of the fixture (≥ 20 points), so only a wrong set can fail it.
    static let posTol = 1e-9
    /// Directions are unit vectors after one rotation: rounding is ~1e-16.
    static let dirTol = 1e-12
    /// Kolmogorov–Smirnov acceptance `D ≤ 2.5/√n`: for a truly uniform sample
    /// P(√n·D > 2.5) ≈ 2·e^(−2·2.5²) ≈ 7e-6 per check, while every plausible bug (r = ρu instead
    /// of ρ√u, edges chosen uniformly instead of by length, …) gives D ≥ 0.05 ≫ 2.5/√24000 ≈ 0.016.
    static let ksFactor = 2.5

    static func makeLayer(_ shape: EmitterShape, _ mode: EmitterMode, seed: UInt32 = seed,
                          configure: (EmitterCell) -> Void = { _ in }) -> EmitterLayer {
        let cell = EmitterCell(name: "c")
        cell.birthRate = 2000
        cell.lifetime = 10
        cell.velocity = 1
        configure(cell)
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: P.x, y: P.y)
        layer.emitterZPosition = P.z
        layer.emitterSize = CGSize(width: size.x, height: size.y)
        layer.emitterDepth = size.z
        layer.emitterShape = shape
        layer.emitterMode = mode
        layer.seed = seed
        layer.emitterCells = [cell]
        return layer
    }

    struct Birth {
        var key: ParticleKey
        var offset: V3      // position − P
        var velocity: V3
    }

    /// Births of cell 0, serials 1…count (a nil sample, impossible with lifetime 10, is left out).
    static func births(_ layer: EmitterLayer, count: Int = n) -> [Birth] {
        let resolved = ResolvedLayer(layer)
        return (1...count).compactMap { serial in
            let key = ParticleKey.child(of: .root, cellIndex: 0, serial: UInt32(serial))
            return BirthSampler.sample(cell: resolved.cells[0], layer: resolved, key: key, parent: nil)
                .map { Birth(key: key, offset: $0.position - P, velocity: $0.velocity) }
        }
    }

    static func maxNorm(_ v: V3) -> Double { max(abs(v.x), abs(v.y), abs(v.z)) }
    static func norm(_ v: V3) -> Double { (v * v).sum().squareRoot() }

    static func ksDistance(_ xs: [Double]) -> Double {
        let s = xs.sorted(), m = Double(s.count)
        var d = 0.0
        for (i, x) in s.enumerated() { d = max(d, Double(i + 1) / m - x, x - Double(i) / m) }
        return d
    }

    // MARK: The table, written independently of the sources

    /// A part of the birth set (corner, end point, edge, face, or the whole set) with the base
    /// direction the table gives there. `index` numbers the parts for the coverage tests.
    struct Feature {
        var index: Int
        var base: V3
    }

    /// The parts of the `shape`/`mode` birth set that contain offset `o` (several only on
    /// measure-zero seams such as a corner of an outline); empty when `o` is not on the set.
    static func features(_ shape: EmitterShape, _ mode: EmitterMode, _ o: V3) -> [Feature] {
        let x = V3(1, 0, 0)
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= posTol }
        func within(_ a: Double, _ h: Double) -> Bool { abs(a) <= h + posTol }
        func whole(_ ok: Bool, _ base: V3 = x) -> [Feature] { ok ? [Feature(index: 0, base: base)] : [] }
        /// Exact corners of the box spanned by the first `dims` axes (the others at 0); b = +x.
        func corners(_ dims: Int) -> [Feature] {
            (0..<(1 << dims)).compactMap { c in
                var corner = V3.zero
                for a in 0..<dims { corner[a] = (c >> a) & 1 == 0 ? -half[a] : half[a] }
                return o == corner ? Feature(index: c, base: x) : nil
            }
        }
        let r2 = (o.x * o.x + o.y * o.y).squareRoot(), r3 = norm(o)
        switch (shape, mode) {
        case (.point, _), (.circle, .points), (.sphere, .points):
            return whole(o == .zero)
        case (.line, .points):
            return corners(1)
        case (.line, _):
            return whole(o.y == 0 && o.z == 0 && within(o.x, half.x), V3(0, -1, 0))
        case (.rectangle, .points):
            return corners(2)
        case (.rectangle, .outline):
            guard o.z == 0 else { return [] }
            // top (−y), right (+x), bottom (+y), left (−x): outward normals on the y-down layer.
            let edges: [(axis: Int, sign: Double)] = [(1, -1), (0, 1), (1, 1), (0, -1)]
            return edges.enumerated().compactMap { i, e in
                var normal = V3.zero
                normal[e.axis] = e.sign
                return near(o[e.axis], e.sign * half[e.axis]) && within(o[1 - e.axis], half[1 - e.axis])
                    ? Feature(index: i, base: normal) : nil
            }
        case (.rectangle, _):
            return whole(o.z == 0 && within(o.x, half.x) && within(o.y, half.y))
        case (.cuboid, .points):
            return corners(3)
        case (.cuboid, .outline):
            // The edge running along `axis` at the signs `bits` of the two other axes: index axis·4 + bits.
            return (0..<12).compactMap { e in
                let axis = e / 4
                var ok = within(o[axis], half[axis]), normal = V3.zero
                for (k, a) in (0..<3).filter({ $0 != axis }).enumerated() {
                    let s: Double = (e >> k) & 1 == 0 ? -1 : 1
                    ok = ok && near(o[a], s * half[a])
                    normal[a] = s
                }
                return ok ? Feature(index: e, base: normal / 2.0.squareRoot()) : nil
            }
        case (.cuboid, .surface):
            // Face with normal ±axis: index axis·2 + (sign > 0).
            return (0..<6).compactMap { f in
                let axis = f / 2, s: Double = f & 1 == 0 ? -1 : 1
                var normal = V3.zero
                normal[axis] = s
                let ok = near(o[axis], s * half[axis]) && (0..<3).allSatisfy { $0 == axis || within(o[$0], half[$0]) }
                return ok ? Feature(index: f, base: normal) : nil
            }
        case (.cuboid, .volume):
            return whole((0..<3).allSatisfy { within(o[$0], half[$0]) })
        case (.circle, .outline):
            return whole(o.z == 0 && near(r2, ρ), o / r2)
        case (.circle, _):
            return whole(o.z == 0 && r2 <= ρ + posTol)
        case (.sphere, .outline), (.sphere, .surface):
            return whole(near(r3, ρ), o / r3)
        case (.sphere, .volume):
            return whole(r3 <= ρ + posTol)
        }
    }

    /// The part of the set a birth is on, checking its velocity against that part's `b` when
    /// `checkDirection`; a description of the problem when it is off the set or wrongly directed.
    static func classify(_ shape: EmitterShape, _ mode: EmitterMode, _ b: Birth,
                         checkDirection: Bool = true) -> Result<Int, ShapeError> {
        let candidates = features(shape, mode, b.offset)
        guard let first = candidates.first else {
            return .failure(ShapeError("offset from P \(b.offset) is not on the \(shape)/\(mode) set"))
        }
        guard checkDirection else { return .success(first.index) }
        if let f = candidates.first(where: { maxNorm(b.velocity - $0.base) <= dirTol }) { return .success(f.index) }
        return .failure(ShapeError("velocity \(b.velocity) ≠ base direction \(candidates.map(\.base)) at offset \(b.offset)"))
    }

    struct ShapeError: Error, CustomStringConvertible {
        var description: String
        init(_ d: String) { description = d }
    }

    /// Classifies all births; records one issue naming the first few offenders.
    static func indices(_ shape: EmitterShape, _ mode: EmitterMode, _ all: [Birth], checkDirection: Bool = true,
                        context: String = "") -> [Int] {
        var out: [Int] = [], problems: [String] = []
        for b in all {
            switch classify(shape, mode, b, checkDirection: checkDirection) {
            case .success(let i): out.append(i)
            case .failure(let e): problems.append("key \(b.key): \(e)")
            }
        }
        #expect(problems.isEmpty, "\(shape)/\(mode) seed \(seed)\(context): \(problems.count) of \(all.count) births wrong; first: \(problems.prefix(3).joined(separator: "; "))")
        return out
    }

    // MARK: Every combination: on the set, with the table's base direction

    @Test(arguments: EmitterShape.allCases, EmitterMode.allCases)
    func everyBirthLiesOnItsSetWithTheTableBaseDirection(shape: EmitterShape, mode: EmitterMode) {
        let all = Self.births(Self.makeLayer(shape, mode))
        #expect(all.count == Self.n, "\(shape)/\(mode) seed \(Self.seed): \(all.count) of \(Self.n) births created with lifetime 10")
        _ = Self.indices(shape, mode, all)
    }

    /// The reference simulator places its particles on the same set, at exactly the position
    /// `BirthSampler` gives their key (velocity 0: they stay where born).
    @Test(arguments: EmitterShape.allCases, EmitterMode.allCases)
    func simulatorBirthsLieOnTheSet(shape: EmitterShape, mode: EmitterMode) throws {
        let layer = Self.makeLayer(shape, mode) { $0.velocity = 0 }
        let sim = ReferenceSimulator(layer: layer)
        for f in 0...15 { try sim.advance(to: Double(f) / 60) }
        let particles = try sim.snapshot().particles
        // 2000/s for 0.25 s on the regular grid (§3): 500 births, all alive (lifetime 10).
        #expect(particles.count == 500, "\(shape)/\(mode) seed \(Self.seed): \(particles.count) particles, expected 500")
        let all = particles.map { Birth(key: $0.identity.key, offset: $0.position - Self.P, velocity: $0.velocity) }
        _ = Self.indices(shape, mode, all, checkDirection: false, context: " (simulator)")
        let resolved = ResolvedLayer(layer)
        for p in particles {
            let sampled = BirthSampler.sample(cell: resolved.cells[0], layer: resolved, key: p.identity.key, parent: nil)
            #expect(sampled?.position == p.position && p.velocity == .zero,
                    "\(shape)/\(mode) seed \(Self.seed) key \(p.identity.key): simulator position \(p.position) velocity \(p.velocity), sampler \(String(describing: sampled?.position))")
        }
    }

    // MARK: Coverage and proportions of the discrete parts

    struct DiscreteCase: Sendable, CustomStringConvertible {
        var shape: EmitterShape, mode: EmitterMode
        /// Relative weight of each part, in `features` index order.
        var weights: [Double]
        var description: String { "\(shape)/\(mode)" }
    }

    static let discreteCases: [DiscreteCase] = [
        DiscreteCase(shape: .line, mode: .points, weights: [1, 1]),                         // end points 50/50
        DiscreteCase(shape: .rectangle, mode: .points, weights: Array(repeating: 1, count: 4)),
        DiscreteCase(shape: .rectangle, mode: .outline, weights: [size.x, size.y, size.x, size.y]), // by length
        DiscreteCase(shape: .cuboid, mode: .points, weights: Array(repeating: 1, count: 8)),
        DiscreteCase(shape: .cuboid, mode: .outline, weights: Array(repeating: 1, count: 12)), // equal, not by length
        DiscreteCase(shape: .cuboid, mode: .surface, weights: Array(repeating: 1, count: 6)),  // equal, not by area
    ]

    /// Every part is hit, each with its share: |fraction − p| ≤ 5·√(p(1−p)/n), five binomial
    /// standard errors (≈ 6e-7 two-sided per part for the fixed seed and n = 24000).
    @Test(arguments: discreteCases)
    func everyPartIsHitInProportion(_ c: DiscreteCase) {
        let idx = Self.indices(c.shape, c.mode, Self.births(Self.makeLayer(c.shape, c.mode)), checkDirection: false)
        var counts = Array(repeating: 0, count: c.weights.count)
        for i in idx { counts[i] += 1 }
        let total = c.weights.reduce(0, +), m = Double(idx.count)
        for (i, w) in c.weights.enumerated() {
            let p = w / total, fraction = Double(counts[i]) / m
            let tolerance = 5 * (p * (1 - p) / m).squareRoot()
            #expect(counts[i] > 0 && abs(fraction - p) <= tolerance,
                    "\(c) seed \(Self.seed): part \(i) has \(counts[i]) of \(idx.count) births (\(fraction)), expected \(p) ± \(tolerance); all counts \(counts)")
        }
    }

    // MARK: Uniformity along the continuous parts

    /// Coordinates that are uniform on [0, 1) when births are uniform on the set (given the part).
    static func uniformCoordinates(_ shape: EmitterShape, _ mode: EmitterMode, _ o: V3, _ part: Int) -> [(String, Double)] {
        let angle = { (y: Double, x: Double) in (atan2(y, x) / (2 * .pi) + 1).truncatingRemainder(dividingBy: 1) }
        let r2 = (o.x * o.x + o.y * o.y).squareRoot(), r3 = norm(o)
        func across(_ a: Int) -> Double { o[a] / size[a] + 0.5 }
        switch (shape, mode) {
        case (.line, _): return [("x along the segment", across(0))]
        case (.rectangle, .outline):
            // Arc length walked top → right → bottom → left, normalised by the perimeter.
            let W = size.x, H = size.y
            let s = [across(0) * W, W + across(1) * H, W + H + across(0) * W, 2 * W + H + across(1) * H][part]
            return [("perimeter position", s / (2 * (W + H)))]
        case (.rectangle, _): return [("x", across(0)), ("y", across(1))]
        case (.cuboid, .outline): return [("along the edge", across(part / 4))]
        case (.cuboid, .surface):
            let others = (0..<3).filter { $0 != part / 2 }
            return [("first face coordinate", across(others[0])), ("second face coordinate", across(others[1]))]
        case (.cuboid, _): return [("x", across(0)), ("y", across(1)), ("z", across(2))]
        case (.circle, .outline): return [("angle", angle(o.y, o.x))]
        case (.circle, _): return [("(r/ρ)²", (r2 / ρ) * (r2 / ρ)), ("angle", angle(o.y, o.x))]
        case (.sphere, .volume):
            return [("(r/ρ)³", pow(r3 / ρ, 3)), ("(cos polar + 1)/2", (o.z / r3 + 1) / 2), ("azimuth", angle(o.y, o.x))]
        case (.sphere, _): // Archimedes: z uniform on [−ρ, ρ] on the sphere
            return [("(z/ρ + 1)/2", (o.z / ρ + 1) / 2), ("azimuth", angle(o.y, o.x))]
        default: return []
        }
    }

    static let continuousCases: [(EmitterShape, EmitterMode)] =
        [(.line, .outline), (.line, .surface), (.line, .volume), (.rectangle, .outline), (.rectangle, .surface),
         (.rectangle, .volume), (.cuboid, .outline), (.cuboid, .surface), (.cuboid, .volume), (.circle, .outline),
         (.circle, .surface), (.circle, .volume), (.sphere, .outline), (.sphere, .surface), (.sphere, .volume)]

    @Test(arguments: continuousCases)
    func birthsAreUniformOnTheirSet(shape: EmitterShape, mode: EmitterMode) {
        let all = Self.births(Self.makeLayer(shape, mode))
        let idx = Self.indices(shape, mode, all, checkDirection: false)   // directions: first test
        guard idx.count == all.count else { return }
        let coords = zip(all, idx).map { Self.uniformCoordinates(shape, mode, $0.offset, $1) }
        for (k, (name, _)) in coords[0].enumerated() {
            let d = Self.ksDistance(coords.map { $0[k].1 }), limit = Self.ksFactor / Double(all.count).squareRoot()
            #expect(d <= limit, "\(shape)/\(mode) seed \(Self.seed): \(name) is not uniform, KS distance \(d) > \(limit)")
        }
    }

    /// Disk: P(r ≤ ρ/2) = 1/4; ball: 1/8. Tolerance: five binomial standard errors.
    @Test(arguments: [(EmitterShape.circle, EmitterMode.surface, 0.25), (.circle, .volume, 0.25), (.sphere, .volume, 0.125)])
    func areaAndVolumeFractionWithinHalfTheRadius(shape: EmitterShape, mode: EmitterMode, expected p: Double) {
        let all = Self.births(Self.makeLayer(shape, mode))
        let inside = all.filter { Self.norm($0.offset) <= Self.ρ / 2 }.count
        let fraction = Double(inside) / Double(all.count), tolerance = 5 * (p * (1 - p) / Double(all.count)).squareRoot()
        #expect(abs(fraction - p) <= tolerance,
                "\(shape)/\(mode) seed \(Self.seed): fraction within ρ/2 = \(fraction), expected \(p) ± \(tolerance)")
    }

    // MARK: Base directions other than +x

    /// The line's b = (0, −1, 0) is up; the rotation mapping +x onto it turns the longitude φ
    /// into (sin φ, −cos φ, 0): φ = π emits (0, +1, 0), down on the y-down layer: snow falls.
    @Test(arguments: [Double.pi, 0, Double.pi / 2, -Double.pi / 2, 0.6, -2.5])
    func lineLongitudeTurnsFromUp(longitude φ: Double) {
        let expected = V3(sin(φ), -cos(φ), 0)
        for mode in [EmitterMode.outline, .surface, .volume] {
            let all = Self.births(Self.makeLayer(.line, mode) { $0.emissionLongitude = φ }, count: 500)
            for b in all where Self.maxNorm(b.velocity - expected) > Self.dirTol {
                Issue.record("line/\(mode) seed \(Self.seed) key \(b.key) longitude \(φ): velocity \(b.velocity), expected \(expected)")
                break
            }
        }
    }

    /// Rectangle outline: the emission vector v(φ, λ) is rotated per edge by the rotation taking
    /// +x to the edge normal — about z for these in-plane normals — and on the left edge
    /// (b = −x) SPEC §4 says to use −v.
    @Test(arguments: [(0.0, 0.0), (Double.pi / 2, 0.0), (0.7, 0.3), (-2.0, -0.9)])
    func rectangleOutlineRotatesTheEmissionVectorPerEdge(longitude φ: Double, latitude λ: Double) {
        let v = V3(cos(λ) * cos(φ), cos(λ) * sin(φ), -sin(λ))
        // top (b = −y), right (+x), bottom (+y), left (−x)
        let expected = [V3(v.y, -v.x, v.z), v, V3(-v.y, v.x, v.z), -v]
        let layer = Self.makeLayer(.rectangle, .outline) {
            $0.emissionLongitude = φ
            $0.emissionLatitude = λ
        }
        var perEdge = [0, 0, 0, 0]
        for b in Self.births(layer, count: 4000) {
            let parts = Self.features(.rectangle, .outline, b.offset).map(\.index)
            guard parts.count == 1, let edge = parts.first else {
                Issue.record("rectangle/outline seed \(Self.seed) key \(b.key): offset \(b.offset) on parts \(parts)")
                continue
            }
            perEdge[edge] += 1
            #expect(Self.maxNorm(b.velocity - expected[edge]) <= Self.dirTol,
                    "rectangle/outline seed \(Self.seed) key \(b.key) φ \(φ) λ \(λ) edge \(edge) at \(b.offset): velocity \(b.velocity), expected \(expected[edge])")
        }
        #expect(perEdge.allSatisfy { $0 > 0 }, "rectangle/outline seed \(Self.seed): births per edge \(perEdge)")
    }
}

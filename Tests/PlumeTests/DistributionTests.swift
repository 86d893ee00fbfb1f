import Foundation
import Testing
@testable import Plume

/// Statistics of the birth attributes (Semantics §2, §4): `M ± R` ranges and layer multipliers, cone
/// directions, and the determinism of the draws. Births are sampled with `BirthSampler.sample`
/// for serials 1…n of cell 0 with a fixed seed, so every test is deterministic; the tolerances
/// are chosen so that a correct implementation passes with overwhelming probability for *any*
/// seed, and each is stated where it is used.
@Suite struct DistributionTests {
    typealias V3 = SIMD3<Double>

    static let n = 20_000
    static let seed: UInt32 = 0x5EED_2024
    /// Kolmogorov–Smirnov acceptance `D ≤ 2.5/√n`: P(√n·D > 2.5) ≈ 2·e^(−12.5) ≈ 7e-6 for a
    /// truly uniform sample; at n = 20000 the limit is 0.018.
    static let ksFactor = 2.5

    static func key(_ serial: Int) -> ParticleKey { .child(of: .root, cellIndex: 0, serial: UInt32(serial)) }

    /// Births (nil: not created) of the layer's first cell for serials 1…count.
    static func sample(_ layer: EmitterLayer, count: Int = n, parent: ParentState? = nil) -> [(key: ParticleKey, birth: BirthState?)] {
        let resolved = ResolvedLayer(layer)
        return (1...count).map { s in
            (key(s), BirthSampler.sample(cell: resolved.cells[0], layer: resolved, key: key(s), parent: parent))
        }
    }

    static func layer(seed: UInt32 = seed, _ configure: (EmitterCell, EmitterLayer) -> Void) -> EmitterLayer {
        let cell = EmitterCell(name: "c")
        cell.birthRate = 100
        cell.lifetime = 10
        cell.velocity = 1
        let layer = EmitterLayer()
        layer.seed = seed
        layer.emitterCells = [cell]
        configure(cell, layer)
        return layer
    }

    /// Every ranged attribute at once, all values exact in Float; a point emitter, so b = +x and
    /// `velocity.x` is the signed speed.
    static func rangeLayer(multipliers: Bool, seed: UInt32 = seed) -> EmitterLayer {
        layer(seed: seed) { c, l in
            c.lifetime = 4; c.lifetimeRange = 3
            c.velocity = 10; c.velocityRange = 40
            c.scale = 1.5; c.scaleRange = 1
            c.spin = 0.5; c.spinRange = 2
            c.rotation = 1; c.rotationRange = 3
            c.color = Color(red: 0.5, green: 0.25, blue: 0.75, alpha: 0.625)
            c.redRange = 0.25; c.greenRange = 0.5; c.blueRange = 0.125; c.alphaRange = 0.75
            if multipliers { l.lifetime = 1.5; l.velocity = 2; l.scale = 2; l.spin = 3 }
        }
    }

    static func mean(_ xs: [Double]) -> Double { xs.reduce(0, +) / Double(xs.count) }
    static func variance(_ xs: [Double]) -> Double { let m = mean(xs); return xs.reduce(0) { $0 + ($1 - m) * ($1 - m) } / Double(xs.count - 1) }
    static func ksDistance(_ xs: [Double]) -> Double {
        let s = xs.sorted(), m = Double(s.count)
        var d = 0.0
        for (i, x) in s.enumerated() { d = max(d, Double(i + 1) / m - x, x - Double(i) / m) }
        return d
    }
    static func dot(_ a: V3, _ b: V3) -> Double { (a * b).sum() }
    static func cross(_ a: V3, _ b: V3) -> V3 { V3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x) }
    static func normalize(_ a: V3) -> V3 { a / dot(a, a).squareRoot() }
    static func emission(_ φ: Double, _ λ: Double) -> V3 { V3(cos(λ) * cos(φ), cos(λ) * sin(φ), -sin(λ)) }

    // MARK: (a) M ± R is uniform on [M − R/2, M + R/2], times the layer multiplier

    struct RangeCase: Sendable, CustomStringConvertible {
        var name: String, mean: Double, range: Double, multiplier: Double
        var value: @Sendable (BirthState) -> Double
        var description: String { name }
        /// The support `[(M − R/2)·k, (M + R/2)·k]` (k > 0).
        var bounds: (Double, Double) { ((mean - range / 2) * multiplier, (mean + range / 2) * multiplier) }
    }

    static let rangeCases: [RangeCase] = [
        RangeCase(name: "lifetime × layer.lifetime", mean: 4, range: 3, multiplier: 1.5) { $0.lifetime },
        RangeCase(name: "velocity × layer.velocity", mean: 10, range: 40, multiplier: 2) { $0.velocity.x },
        RangeCase(name: "scale × layer.scale", mean: 1.5, range: 1, multiplier: 2) { $0.scale },
        RangeCase(name: "spin × layer.spin", mean: 0.5, range: 2, multiplier: 3) { $0.spin },
        RangeCase(name: "rotation (no multiplier)", mean: 1, range: 3, multiplier: 1) { $0.angle },
        RangeCase(name: "red", mean: 0.5, range: 0.25, multiplier: 1) { $0.color.x },
        RangeCase(name: "green", mean: 0.25, range: 0.5, multiplier: 1) { $0.color.y },
        RangeCase(name: "blue", mean: 0.75, range: 0.125, multiplier: 1) { $0.color.z },
        RangeCase(name: "alpha", mean: 0.625, range: 0.75, multiplier: 1) { $0.color.w },
    ]

    @Test(arguments: rangeCases)
    func rangeIsUniformOnMeanPlusMinusHalfRange(_ c: RangeCase) {
        let births = Self.sample(Self.rangeLayer(multipliers: true))
        let values = births.compactMap { $0.birth.map(c.value) }
        #expect(values.count == Self.n, "\(c) seed \(Self.seed): \(values.count) of \(Self.n) created")
        let (lo, hi) = c.bounds, w = hi - lo, m = Double(values.count)
        // Bounds are exact up to rounding of one multiply-add (1e-12 of the width).
        for (k, b) in births.enumerated() {
            guard let x = b.birth.map(c.value), !(x >= lo - 1e-12 * w && x <= hi + 1e-12 * w) else { continue }
            Issue.record("\(c) seed \(Self.seed) key \(b.key) (serial \(k + 1)): \(x) outside [\(lo), \(hi)]")
            break
        }
        // The extremes come within 1e-3·w of the bounds: P(miss) = (1 − 1e-3)^n ≈ e^−20.
        let (mn, mx) = (values.min() ?? .nan, values.max() ?? .nan)
        #expect(mn - lo <= 1e-3 * w && hi - mx <= 1e-3 * w, "\(c) seed \(Self.seed): min \(mn) max \(mx), bounds [\(lo), \(hi)]")
        // Mean within 5 standard errors, σ/√n with σ = w/√12.
        let meanTol = 5 * w / (12 * m).squareRoot()
        #expect(abs(Self.mean(values) - (lo + hi) / 2) <= meanTol,
                "\(c) seed \(Self.seed): mean \(Self.mean(values)), expected \((lo + hi) / 2) ± \(meanTol)")
        // Variance w²/12 within 5 standard errors of the sample variance, √((μ₄ − σ⁴)/n) = w²/√(180n).
        let varTol = 5 * w * w / (180 * m).squareRoot()
        #expect(abs(Self.variance(values) - w * w / 12) <= varTol,
                "\(c) seed \(Self.seed): variance \(Self.variance(values)), expected \(w * w / 12) ± \(varTol)")
        let d = Self.ksDistance(values.map { ($0 - lo) / w }), limit = Self.ksFactor / m.squareRoot()
        #expect(d <= limit, "\(c) seed \(Self.seed): not uniform on [\(lo), \(hi)], KS distance \(d) > \(limit)")
    }

    /// The multiplier scales the *sampled* value (lifetime: differs from the docs, which scale
    /// the range): per particle, value(k) = k·value(1). Rotation and colour have no multiplier.
    @Test func layerMultipliersScaleTheSampledValue() {
        let scaled = Self.sample(Self.rangeLayer(multipliers: true), count: 2000)
        let plain = Self.sample(Self.rangeLayer(multipliers: false), count: 2000)
        for ((key, a), (_, b)) in zip(scaled, plain) {
            guard let a, let b else { Issue.record("seed \(Self.seed) key \(key): not created"); continue }
            for c in Self.rangeCases {
                let got = c.value(a), want = c.value(b) * c.multiplier
                // two roundings; lifetimes are whole ticks (Ticks): the scaled one within a tick
                let limit = c.name.hasPrefix("lifetime") ? Ticks.seconds * (1 + c.multiplier) : 1e-12 * max(1, abs(want))
                #expect(abs(got - want) <= limit,
                        "\(c) seed \(Self.seed) key \(key): \(got) with multipliers, \(c.value(b)) × \(c.multiplier) = \(want) without")
            }
        }
    }

    /// `L ≤ 0`: not created. With 1 ± 4, L ≤ 0 ⇔ u ≤ 1/4: the fraction not created is 1/4 within
    /// five binomial standard errors; every created particle has L > 0.
    @Test func lifetimeAtOrBelowZeroIsNotCreated() {
        let births = Self.sample(Self.layer { c, _ in c.lifetime = 1; c.lifetimeRange = 4 })
        let missing = Double(births.filter { $0.birth == nil }.count) / Double(Self.n)
        let tol = 5 * (0.25 * 0.75 / Double(Self.n)).squareRoot()
        #expect(abs(missing - 0.25) <= tol, "seed \(Self.seed): \(missing) not created, expected 0.25 ± \(tol)")
        for (key, birth) in births {
            if let birth, !(birth.lifetime > 0) {
                Issue.record("seed \(Self.seed) key \(key): created with lifetime \(birth.lifetime)")
            }
        }
        let negative = Self.sample(Self.layer { c, l in c.lifetime = 2; l.lifetime = -1 }, count: 200)
        #expect(negative.allSatisfy { $0.birth == nil }, "layer.lifetime −1 must create nothing")
    }

    /// Sub-particles: base scale and colour are the parent's current values, not layer.scale and
    /// white: scale = parent.scale × (scale ± range), colour = parent ⊙ (colour ± range).
    @Test func subParticlesScaleAndColourOnTheParent() {
        let parent = ParentState(position: V3(1, 2, 3), velocity: .zero, scale: 3, color: SIMD4(0.5, 1, 0.25, 0.5))
        let layer = Self.rangeLayer(multipliers: true)
        let subs = Self.sample(layer, count: 2000, parent: parent), tops = Self.sample(layer, count: 2000)
        for ((key, s), (_, t)) in zip(subs, tops) {
            guard let s, let t else { continue }
            let scale = t.scale / 2 * 3, color = t.color * parent.color  // undo layer.scale 2, apply parent
            #expect(abs(s.scale - scale) <= 1e-12 && Self.maxAbs4(s.color - color) <= 1e-12 && s.position == parent.position,
                    "seed \(Self.seed) key \(key): sub scale \(s.scale) colour \(s.color) at \(s.position), expected \(scale) \(color) at \(parent.position)")
        }
    }
    static func maxAbs4(_ v: SIMD4<Double>) -> Double { max(abs(v.x), abs(v.y), abs(v.z), abs(v.w)) }

    /// Each attribute has its own draw: pairwise Pearson correlations of the nine attributes are
    /// within 5/√n of 0 (the standard error of r under independence is 1/√n; 36 pairs).
    @Test func attributeDrawsAreUncorrelated() {
        let births = Self.sample(Self.rangeLayer(multipliers: true)).compactMap(\.birth)
        let columns = Self.rangeCases.map { c in births.map(c.value) }
        let limit = 5 / Double(births.count).squareRoot()
        for i in columns.indices { for j in columns.indices where j > i {
            let (a, b) = (columns[i], columns[j]), (ma, mb) = (Self.mean(columns[i]), Self.mean(columns[j]))
            let cov = zip(a, b).reduce(0) { $0 + ($1.0 - ma) * ($1.1 - mb) } / Double(a.count - 1)
            let r = cov / (Self.variance(a) * Self.variance(b)).squareRoot()
            #expect(abs(r) <= limit, "seed \(Self.seed): corr(\(Self.rangeCases[i]), \(Self.rangeCases[j])) = \(r), limit \(limit)")
        } }
    }

    // MARK: (b) Directions

    /// `v = (cos λ·cos φ, cos λ·sin φ, −sin λ)` on a point emitter (b = +x): φ = −π/2 is up
    /// (0, −1, 0); λ = π/2 is away from the viewer (0, 0, −1). Tolerance: rounding only.
    @Test(arguments: [0, Double.pi / 2, -Double.pi / 2, Double.pi, 0.7, -2.1], [0, 0.4, -0.9, Double.pi / 2])
    func emissionVectorFollowsLongitudeAndLatitude(longitude φ: Double, latitude λ: Double) {
        let expected = Self.emission(φ, λ)
        for (key, b) in Self.sample(Self.layer { c, _ in c.emissionLongitude = φ; c.emissionLatitude = λ }, count: 50) {
            #expect(b.map { Self.maxAbs3($0.velocity - expected) <= 1e-12 } == true,
                    "seed \(Self.seed) key \(key) φ \(φ) λ \(λ): velocity \(String(describing: b?.velocity)), expected \(expected)")
        }
    }
    static func maxAbs3(_ v: V3) -> Double { max(abs(v.x), abs(v.y), abs(v.z)) }

    /// Sub-particles rotate v by the rotation taking +x onto the parent's flight direction b. The
    /// Semantics §4 fixes it for b = −x (−v); otherwise the reference uses the rotation about x × b (the one
    /// that is singular exactly at −x), which the frame check below pins: v's components along
    /// (x, k, x × k) become the components along (b, k, b × k), k = unit(x × b).
    /// The last two parents fly 1e-3 and 1e-4 rad away from −x: still a rotation, not −v.
    @Test(arguments: [V3(3, -4, 12), V3(0, 0, -2), V3(-1, 5, 0), V3(-5, 0, 0), V3(0, 0, 0), V3(2, 0, 0),
                      V3(-1, 1e-3, 0), V3(-1, 0, -1e-4)])
    func subParticlesRotateOntoTheParentDirection(parentVelocity: V3) {
        let speed = Self.dot(parentVelocity, parentVelocity).squareRoot()
        let b = speed > 0 ? parentVelocity / speed : V3(1, 0, 0)     // at rest: +x (Semantics §6)
        let x = V3(1, 0, 0), k = Self.cross(x, b)
        let parent = ParentState(position: .zero, velocity: parentVelocity, scale: 1, color: SIMD4(1, 1, 1, 1))
        for (φ, λ) in [(0.0, 0.0), (0.6, 0.2), (-2.2, 1.1), (Double.pi / 2, -0.5)] {
            let v = Self.emission(φ, λ)
            let expected: V3
            if b.x < -1 + 1e-9 { expected = -v }
            else if Self.dot(k, k) < 1e-18 { expected = v }
            else {
                let kh = Self.normalize(k)
                expected = v.x * b + Self.dot(v, kh) * kh + Self.dot(v, Self.cross(x, kh)) * Self.cross(b, kh)
            }
            let layer = Self.layer { c, _ in c.emissionLongitude = φ; c.emissionLatitude = λ }
            // Range 0: the direction draws nothing, so a few keys suffice; one issue per (φ, λ).
            for (key, s) in Self.sample(layer, count: 5, parent: parent)
            where !(s.map { Self.maxAbs3($0.velocity - expected) <= 1e-12 } ?? false) {
                Issue.record("seed \(Self.seed) key \(key) parent velocity \(parentVelocity) φ \(φ) λ \(λ): velocity \(String(describing: s?.velocity)), expected \(expected)")
                break
            }
        }
    }

    struct ConeCase: Sendable, CustomStringConvertible {
        var range: Double, longitude: Double = 0, latitude: Double = 0
        /// nil: top-level on a point emitter (axis v(φ, λ)); else a sub-particle with φ = λ = 0 (axis = b).
        var parentVelocity: V3? = nil
        var description: String { "range \(range) φ \(longitude) λ \(latitude) parent velocity \(parentVelocity.map { "\($0)" } ?? "none")" }
    }

    static let coneCases: [ConeCase] = [
        ConeCase(range: .pi / 6, longitude: 0.4, latitude: 0.3), ConeCase(range: .pi / 2),
        ConeCase(range: 1, longitude: -2, latitude: -0.7), ConeCase(range: .pi, longitude: .pi / 2),
        ConeCase(range: 3 * .pi / 2, longitude: 0.4, latitude: 0.3), ConeCase(range: -.pi / 2, longitude: 1),  // sign ignored
        ConeCase(range: .pi / 3, parentVelocity: V3(3, -4, 12)),
        // range ≥ 2π: the whole sphere (cos θ uniform on [−1, 1])
        ConeCase(range: 2 * .pi, longitude: 0.4, latitude: 0.3), ConeCase(range: 7), ConeCase(range: -100, longitude: 2),
    ]

    /// Uniform over the solid angle of the cone of full apex angle |range|: cos θ to the axis is
    /// uniform on [cos(min(|range|, 2π)/2), 1] and the azimuth about the axis uniform on [0, 2π):
    /// KS tests (limit above); every direction a unit vector inside the cone; the extreme angle
    /// reaches within 1e-3 of the rim (P(miss) = (1 − 1e-3)^n ≈ e^−20).
    @Test(arguments: coneCases)
    func coneDirectionsAreUniformOverTheSolidAngle(_ c: ConeCase) {
        let layer = Self.layer { cell, _ in
            cell.emissionRange = c.range; cell.emissionLongitude = c.longitude; cell.emissionLatitude = c.latitude
        }
        let parent = c.parentVelocity.map { ParentState(position: .zero, velocity: $0, scale: 1, color: SIMD4(1, 1, 1, 1)) }
        let axis = c.parentVelocity.map(Self.normalize) ?? Self.emission(c.longitude, c.latitude)
        let cosRim = cos(min(abs(c.range), 2 * .pi) / 2)
        let helper = abs(axis.z) < 0.9 ? V3(0, 0, 1) : V3(1, 0, 0)
        let e1 = Self.normalize(Self.cross(axis, helper)), e2 = Self.cross(axis, e1)
        var heights: [Double] = [], azimuths: [Double] = [], zs: [Double] = []
        for (key, b) in Self.sample(layer, parent: parent) {
            guard let d = b?.velocity else { Issue.record("\(c) seed \(Self.seed) key \(key): not created"); continue }
            let cosθ = Self.dot(d, axis)
            if abs(Self.dot(d, d) - 1) > 1e-12 || cosθ < cosRim - 1e-12 {
                Issue.record("\(c) seed \(Self.seed) key \(key): direction \(d) (|d|² \(Self.dot(d, d)), cos θ \(cosθ)) outside the cone, cos rim \(cosRim)")
            }
            heights.append((1 - cosθ) / (1 - cosRim))
            zs.append((d.z + 1) / 2)
            if 1 - cosθ > 1e-12 {   // the azimuth is undefined on the axis itself
                azimuths.append((atan2(Self.dot(d, e2), Self.dot(d, e1)) / (2 * .pi) + 1).truncatingRemainder(dividingBy: 1))
            }
        }
        let limit = Self.ksFactor / Double(heights.count).squareRoot()
        let dh = Self.ksDistance(heights), da = Self.ksDistance(azimuths)
        #expect(dh <= limit, "\(c) seed \(Self.seed): cos θ not uniform on [\(cosRim), 1], KS \(dh) > \(limit)")
        #expect(da <= limit, "\(c) seed \(Self.seed): azimuth not uniform, KS \(da) > \(limit)")
        #expect((heights.max() ?? 0) >= 1 - 1e-3, "\(c) seed \(Self.seed): widest direction at \(heights.max() ?? 0) of the cone")
        if abs(c.range) >= 2 * .pi {   // the whole sphere: also z uniform on [−1, 1] (Archimedes)
            let dz = Self.ksDistance(zs)
            #expect(dz <= limit, "\(c) seed \(Self.seed): z not uniform on [−1, 1], KS \(dz) > \(limit)")
        }
    }

    // MARK: (c) Determinism of the draws

    static func fields(_ b: BirthState?) -> [Double] {
        guard let b else { return [] }
        return [b.lifetime, b.position.x, b.position.y, b.position.z, b.velocity.x, b.velocity.y, b.velocity.z,
                b.scale, b.scaleSpeed, b.angle, b.spin, b.color.x, b.color.y, b.color.z, b.color.w]
    }

    /// A layer whose every birth attribute is random (cone and cuboid position included).
    static func randomLayer(seed: UInt32) -> EmitterLayer {
        let l = rangeLayer(multipliers: true, seed: seed)
        l.emitterShape = .cuboid
        l.emitterSize = CGSize(width: 30, height: 20)
        l.emitterDepth = 10
        l.emitterCells?[0].emissionRange = 1
        return l
    }

    @Test func sameSeedAndIdentityGiveIdenticalBirths() {
        let a = Self.sample(Self.randomLayer(seed: Self.seed), count: 2000)
        let b = Self.sample(Self.randomLayer(seed: Self.seed), count: 2000)
        for ((key, x), (_, y)) in zip(a, b) {
            #expect(Self.fields(x) == Self.fields(y) && !Self.fields(x).isEmpty,
                    "seed \(Self.seed) key \(key): \(Self.fields(x)) vs \(Self.fields(y))")
        }
    }

    /// Another seed, or another identity, gives other draws: a draw is 24 bits, so two equal
    /// draws happen with probability 2⁻²⁴ per pair; at most 1 of 2000 equal values is allowed
    /// per attribute (expected 1e-4).
    @Test(arguments: [(DistributionTests.seed &+ 1, 0), (DistributionTests.seed, 1)])
    func otherSeedOrIdentityGivesOtherBirths(otherSeed: UInt32, serialShift: Int) {
        let a = Self.sample(Self.randomLayer(seed: Self.seed), count: 2001).map { Self.fields($0.birth) }
        let b = Self.sample(Self.randomLayer(seed: otherSeed), count: 2001).map { Self.fields($0.birth) }
        let pairs = (0..<2000).map { (a[$0], b[$0 + serialShift]) }
        for attribute in 0..<15 where ![8].contains(attribute) {   // 8 = scaleSpeed, not random
            let equal = pairs.filter { $0.0[attribute] == $0.1[attribute] }.count
            #expect(equal <= 1, "seed \(Self.seed) vs \(otherSeed), serial shift \(serialShift): attribute \(attribute) equal in \(equal) of 2000 particles")
        }
    }

    /// The simulator inherits it: the same layer and host times give the same particles; another
    /// seed other ones.
    @Test func simulatorIsAPureFunctionOfSeedAndTimes() throws {
        func positions(_ seed: UInt32) throws -> [V3] {
            let sim = ReferenceSimulator(layer: Self.randomLayer(seed: seed))
            for f in 0...30 { try sim.advance(to: Double(f) / 60) }
            return try sim.snapshot().particles.map(\.position)
        }
        let (a, b, c) = (try positions(Self.seed), try positions(Self.seed), try positions(Self.seed &+ 1))
        #expect(!a.isEmpty && a == b, "seed \(Self.seed): \(a.count) vs \(b.count) particles, or positions differ")
        #expect(a.count == c.count && zip(a, c).allSatisfy { $0 != $1 },
                "seeds \(Self.seed) and \(Self.seed &+ 1) share a particle position (\(a.count) vs \(c.count) particles)")
    }

    /// `U(h) = (h >> 8)·2⁻²⁴` lies in [0, 1) and is exact in Float; every draw of every attribute
    /// is in [0, 1) with mean ½ within 5 standard errors (1/√(12n)) and passes the KS test.
    @Test func unitDrawsAreInTheHalfOpenUnitInterval() {
        #expect(ParticleHash.unit(0) == 0 && ParticleHash.unit(0xFF) == 0 && ParticleHash.unit(0x100) == 0x1p-24)
        #expect(ParticleHash.unit(.max) == 1 - 0x1p-24, "U(0xFFFFFFFF) = \(ParticleHash.unit(.max))")
        for draw in DrawIndex.allCases {
            let us = (1...Self.n).map { ParticleHash.uniform(seed: Self.seed, key: Self.key($0), draw: draw) }
            if let bad = us.firstIndex(where: { !($0 >= 0 && $0 < 1) || Double(Float($0)) != $0 }) {
                Issue.record("draw \(draw) seed \(Self.seed) key \(Self.key(bad + 1)): u = \(us[bad])")
            }
            let tol = 5 / (12 * Double(Self.n)).squareRoot(), d = Self.ksDistance(us)
            #expect(abs(Self.mean(us) - 0.5) <= tol, "draw \(draw) seed \(Self.seed): mean \(Self.mean(us)), expected 0.5 ± \(tol)")
            #expect(d <= Self.ksFactor / Double(Self.n).squareRoot(), "draw \(draw) seed \(Self.seed): KS distance \(d)")
        }
    }
}

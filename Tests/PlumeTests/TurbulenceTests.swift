import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Issue 26 item 2: the `turbulence` behaviour (Semantics §12, <doc:Behaviors>): a seeded curl-noise
/// field, divergence-free, integrated on the motion grid.
struct TurbulenceTests {
    static func field(seed: UInt32 = 9, draw: UInt32 = BehaviorDraw.base, octaves: Double = 3, scroll: Double = 0.7)
        -> (SIMD3<Double>, Double) -> SIMD3<Double> {
        { p, age in
            CurlNoise.acceleration(at: p, age: age, strength: 50, frequency: 0.013, octaves: octaves, scrollSpeed: scroll,
                                   seed: seed, draw: draw)
        }
    }

    /// Points spread over a few hundred points, deterministic.
    static let samples: [SIMD3<Double>] = (0..<400).map { i in
        let u = ParticleHash.unit(ParticleHash.hash(seed: 1, key: ParticleKey(lo: UInt32(i), hi: 0), draw: 0))
        let v = ParticleHash.unit(ParticleHash.hash(seed: 1, key: ParticleKey(lo: UInt32(i), hi: 0), draw: 1))
        return SIMD3(-300 + 900 * u, -200 + 700 * v, 0)
    }

    /// Divergence-free: `∂a_x/∂x + ∂a_y/∂y = 0` (central differences, h = 1e-3 points), while the
    /// field's own derivatives are of order strength · frequency.
    @Test func theFieldIsDivergenceFree() {
        let a = Self.field()
        let h = 1e-3
        var worst = 0.0, typical = 0.0
        for p in Self.samples {
            let dx = (a(p + SIMD3(h, 0, 0), 1.3) - a(p - SIMD3(h, 0, 0), 1.3)) / (2 * h)
            let dy = (a(p + SIMD3(0, h, 0), 1.3) - a(p - SIMD3(0, h, 0), 1.3)) / (2 * h)
            worst = max(worst, abs(dx.x + dy.y))
            typical = max(typical, abs(dx.x), abs(dy.y))
        }
        #expect(typical > 0.1, "the field barely varies: largest ∂a/∂x \(typical)")
        #expect(worst < 1e-6 * typical * 1e3, "divergence \(worst) against derivatives of \(typical)")
        print("turbulence: largest |div a| \(worst) /s², largest |∂a_x/∂x| \(typical) /s²")
    }

    /// The field's size: `strength` is the scale of the acceleration (largest magnitude over the
    /// samples between 0.5 and 3 × strength, measured 1.42 for 3 octaves), and it is the same for
    /// the same seed and behaviour and different for another seed or behaviour index.
    @Test func theFieldIsSeededAndScaledByStrength() {
        let a = Self.field(), same = Self.field(), other = Self.field(seed: 10), next = Self.field(draw: BehaviorDraw.base + 4)
        var largest = 0.0, differs = 0.0, differsByIndex = 0.0
        for p in Self.samples {
            #expect(a(p, 0.4) == same(p, 0.4))
            largest = max(largest, length(a(p, 0.4)))
            differs = max(differs, length(a(p, 0.4) - other(p, 0.4)))
            differsByIndex = max(differsByIndex, length(a(p, 0.4) - next(p, 0.4)))
        }
        #expect(largest > 25 && largest < 150, "largest acceleration \(largest) for strength 50")
        #expect(differs > 10 && differsByIndex > 10, "another seed: \(differs), another behaviour: \(differsByIndex)")
        print("turbulence: largest |a| \(largest / 50) × strength (3 octaves)")
    }

    /// The motion grid (1/64 s, leapfrog) follows the field: against a 1e-3 s Runge–Kutta step over
    /// 3 s, within the grid's leading-order bound (`leapfrogBounds`, BehaviorFormulaTests.theGridIsAccurate)
    /// from the accelerations along the fine path.
    @Test func theGridFollowsTheField() {
        var b = CellBehaviors()
        var t = ResolvedTurbulence(seed: 9, draw: BehaviorDraw.base)
        t.strength = 80; t.noiseFrequency = 0.01; t.octaves = 2; t.scrollSpeed = 0.5
        b.turbulences = [t]
        #expect(b.motion == .grid)
        let particle = BehaviorParticle(behaviors: b, lifetime: 10, seed: 9, key: .root)
        let start = MotionAnchor(age: 0, position: SIMD3(100, 50, 0), velocity: SIMD3(40, -10, 0))
        let grid = BehaviorMotion.evaluate(start, at: 3, acceleration: SIMD3(0, 10, 0), behaviors: b, particle: particle)
        var s = start
        let g = SIMD3<Double>(0, 10, 0)
        var accelerations = [BehaviorMotion.force(s.position, s.velocity, 0, acceleration: g, behaviors: b, particle: particle)]
        for i in 0..<3000 {
            s = BehaviorMotion.rk4(s, to: Double(i + 1) * 1e-3, acceleration: g, behaviors: b, particle: particle)
            accelerations.append(BehaviorMotion.force(s.position, s.velocity, s.age, acceleration: g, behaviors: b, particle: particle))
        }
        let bound = leapfrogBounds(accelerations, every: 1e-3, over: 3).position
        #expect(maxAbs(grid.0 - s.position) <= bound, "grid \(grid.0) vs fine steps \(s.position) (bound \(bound))")
        print("turbulence: grid vs 1 ms steps after 3 s: \(maxAbs(grid.0 - s.position)) pt (bound \(bound))")
    }

    /// The field's constants are written as hexadecimal `Double`s (so they fold to constants):
    /// each must be exactly the `Float` that the shader's decimal literal rounds to
    /// (`plume_noise_gradient`, `plume_noise_corner`, `plume_curl_noise`), read from the shader.
    @Test func theConstantsAreTheShadersFloats() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let shader = try String(contentsOf: root.appendingPathComponent("Shaders/plume_motion_behaviors.glsl"), encoding: .utf8)
        // Each constant and the text its literal follows in the shader.
        let pairs: [(String, Double, String)] = [("skew", CurlNoise.skew, "F = "), ("unskew", CurlNoise.unskew, "G = "),
                                                 ("large", CurlNoise.large, "? vec2(0.38268343236, "),
                                                 ("small", CurlNoise.small, "? vec2("),
                                                 ("turnCos", CurlNoise.turnCos, "C = "), ("turnSin", CurlNoise.turnSin, "S = ")]
        for (name, value, prefix) in pairs {
            let literal = try #require(shader.range(of: prefix).map { range in
                String(shader[range.upperBound...].prefix { "-0123456789.".contains($0) })
            }, "\(name): no `\(prefix)` in the shader")
            let float = try #require(Float(literal), "\(name): `\(literal)` after `\(prefix)`")
            #expect(value == Double(float), "\(name): \(value) against the shader's \(literal) (Float \(float))")
        }
    }

    /// The lattice hash (`CurlNoise.cornerHash`, two multiply–xorshift rounds): over 256 × 256
    /// cells for several seeds, behaviours and octaves, the gradients are uniform over the 8
    /// directions (χ² with 7 degrees of freedom below 30: p < 10⁻⁴ for a uniform draw), and
    /// neighbouring cells (along i, j and the diagonal), the same cell in the next octave, and the
    /// same cell under another seed pick the same direction with chance 1/8 ± 0.01 and have
    /// gradients with mean dot product 0 ± 0.02.
    @Test func theLatticeHashIsUniformAndDecorrelated() {
        let keys: [(String, UInt32)] = [(9, 64), (10, 64), (9, 68), (0, 0), (0xFFFF_FFFF, 92)].map { seed, draw in
            ("seed \(seed) draw \(draw)", CurlNoise.key(seed: seed, draw: draw))
        }
        func direction(_ i: Int32, _ j: Int32, _ key: UInt32) -> UInt32 { CurlNoise.cornerHash(i, j, key: key) >> 29 }
        func grad(_ i: Int32, _ j: Int32, _ key: UInt32) -> SIMD2<Double> { CurlNoise.gradient(CurlNoise.cornerHash(i, j, key: key)) }
        let range = Int32(-128)..<Int32(128)
        let cells = Double(range.count * range.count)
        for (name, base) in keys {
            for octave in UInt32(0)..<3 {
                let key = base ^ (octave &* 0x9E37_79B9)
                let nextOctave = base ^ ((octave + 1) &* 0x9E37_79B9)
                let otherSeed = CurlNoise.key(seed: 12345, draw: 64) ^ (octave &* 0x9E37_79B9)
                var counts = [Double](repeating: 0, count: 8)
                let pairs: [(String, (Int32, Int32) -> (UInt32, SIMD2<Double>))] = [
                    ("i + 1", { i, j in (direction(i + 1, j, key), grad(i + 1, j, key)) }),
                    ("j + 1", { i, j in (direction(i, j + 1, key), grad(i, j + 1, key)) }),
                    ("diagonal", { i, j in (direction(i + 1, j + 1, key), grad(i + 1, j + 1, key)) }),
                    ("next octave", { i, j in (direction(i, j, nextOctave), grad(i, j, nextOctave)) }),
                    ("another seed", { i, j in (direction(i, j, otherSeed), grad(i, j, otherSeed)) }),
                ]
                var same = [Double](repeating: 0, count: pairs.count), dot = [Double](repeating: 0, count: pairs.count)
                for i in range {
                    for j in range {
                        let k = direction(i, j, key), g = grad(i, j, key)
                        counts[Int(k)] += 1
                        #expect(abs((g * g).sum().squareRoot() - 1) < 1e-6, "gradient \(g) of cell (\(i), \(j)), \(name), octave \(octave)")
                        for (n, pair) in pairs.enumerated() {
                            let (k2, g2) = pair.1(i, j)
                            if k2 == k { same[n] += 1 }
                            dot[n] += (g * g2).sum()
                        }
                    }
                }
                let expected = cells / 8
                let chi2 = counts.map { ($0 - expected) * ($0 - expected) / expected }.reduce(0, +)
                #expect(chi2 < 30, "χ² \(chi2) of the directions \(counts), \(name), octave \(octave)")
                for (n, pair) in pairs.enumerated() {
                    #expect(abs(same[n] / cells - 0.125) < 0.01,
                            "\(pair.0): same direction in \(same[n] / cells) of the cells, \(name), octave \(octave)")
                    #expect(abs(dot[n] / cells) < 0.02, "\(pair.0): mean gradient dot \(dot[n] / cells), \(name), octave \(octave)")
                }
                if name == keys[0].0, octave == 0 {
                    print("turbulence hash: directions \(counts.map { Int($0) }) χ² \(chi2); same as neighbour " +
                          zip(pairs, same).map { "\($0.0) \($1 / cells)" }.joined(separator: ", "))
                }
            }
        }
    }

    /// Octaves add finer detail: with 3 octaves the field differs from 1 octave's by a fraction of
    /// its size, and it varies over shorter distances (its RMS derivative over its RMS size, about
    /// 1.5 times 1 octave's: the octaves' slopes add, their sizes shrink as 2^-o); the scroll changes
    /// it with age, and without scroll it does not depend on age.
    @Test func octavesAddDetailAndTheScrollChangesTheFieldWithAge() {
        let one = Self.field(octaves: 1), three = Self.field(octaves: 3), still = Self.field(scroll: 0)
        let h = 1e-2
        var differs = 0.0, size = 0.0, aged = 0.0, stillAged = 0.0
        var sizes = SIMD2<Double>.zero, slopes = SIMD2<Double>.zero   // sums of squares: 1 octave, 3
        for p in Self.samples {
            let a1 = one(p, 0.4), a3 = three(p, 0.4)
            differs = max(differs, length(a1 - a3))
            size = max(size, length(a1))
            sizes += SIMD2((a1 * a1).sum(), (a3 * a3).sum())
            let d1 = (one(p + SIMD3(h, 0, 0), 0.4) - a1) / h, d3 = (three(p + SIMD3(h, 0, 0), 0.4) - a3) / h
            slopes += SIMD2((d1 * d1).sum(), (d3 * d3).sum())
            aged = max(aged, length(a3 - three(p, 2.4)))
            stillAged = max(stillAged, length(still(p, 0.4) - still(p, 2.4)))
        }
        let detail = (slopes / sizes).squareRoot()   // 1/pt: RMS slope over RMS size
        #expect(differs > 0.2 * size, "3 octaves differ from 1 by \(differs), the field's size \(size)")
        #expect(detail.y > 1.25 * detail.x, "RMS slope ÷ RMS size: 3 octaves \(detail.y) /pt, 1 octave \(detail.x) /pt")
        #expect(aged > 0.5 * size, "the field changed by \(aged) in 2 s of age (scroll 0.7)")
        #expect(stillAged == 0, "without scroll the field changed by \(stillAged) with age")
        print("turbulence: RMS slope ÷ RMS size, 1 octave \(detail.x) /pt, 3 octaves \(detail.y) /pt")
    }

    static func layer(seed: UInt32 = 4) -> EmitterLayer {
        let layer = EmitterLayer()
        layer.seed = seed
        layer.emitterPosition = CGPoint(x: 300, y: 300)
        layer.emitterShape = .circle
        layer.emitterSize = CGSize(width: 100, height: 100)
        let cell = EmitterCell(name: "smoke")
        cell.birthRate = 30; cell.lifetime = 3; cell.lifetimeRange = 1
        cell.velocity = 30; cell.emissionRange = 2 * .pi
        let b = EmitterBehavior(type: .turbulence, name: "swirl")
        b.strength = 120; b.noiseFrequency = 0.008; b.octaves = 3; b.scrollSpeed = 0.4
        layer.emitterCells = [cell]
        layer.emitterBehaviors = [b]
        return layer
    }

    /// Semantics §12: the same particles at any update rate, after a time offset and after a seek.
    @Test func sameParticlesAtAnyFrameRateAndAfterJumps() throws {
        let reference = try expectSameParticlesAtAnyRateAndAfterJumps({ Self.layer() }, "turbulence")
        expectSameParticles(reference, try simulate(Self.layer(), times: irregularTimes(until: 4, seed: 8)),
                            tolerance: 1e-6, "turbulence: 60 updates/s vs irregular")
        let still = try simulate({ let l = Self.layer(); l.emitterBehaviors = []; return l }(), times: frames(fps: 60, until: 4))
        let moved = zip(reference.particles, still.particles).map { maxAbs($0.position - $1.position) }.max() ?? 0
        #expect(moved > 5, "turbulence moved the particles by at most \(moved) points")
    }

    /// Semantics §11: bad inputs are read as their defaults (reported); octaves above 8 act as 8.
    @Test func badInputsAreReportedAndReadAsDefaults() throws {
        let layer = Self.layer()
        let b = layer.emitterBehaviors![0]
        b.noiseFrequency = -1; b.octaves = .nan; b.strength = .infinity; b.scrollSpeed = 3e9
        let resolved = ResolvedLayer(layer)
        let paths = Set(resolved.diagnostics.map(\.keyPath))
        for key in ["noiseFrequency", "octaves", "strength", "scrollSpeed"] {
            #expect(paths.contains("emitterBehaviors.swirl." + key), "no diagnostic for \(key): \(resolved.diagnostics)")
        }
        let t = resolved.cells[0].behaviors.turbulences[0]
        #expect(t.noiseFrequency == 0.01 && t.octaves == 1 && t.strength == 0 && t.scrollSpeed == 0)
        let eight = CurlNoise.acceleration(at: SIMD3(10, 20, 0), age: 1, strength: 1, frequency: 0.1, octaves: 8,
                                           scrollSpeed: 1, seed: 1, draw: 64)
        let twenty = CurlNoise.acceleration(at: SIMD3(10, 20, 0), age: 1, strength: 1, frequency: 0.1, octaves: 20,
                                            scrollSpeed: 1, seed: 1, draw: 64)
        #expect(eight == twenty)
        #expect(CurlNoise.acceleration(at: SIMD3(.nan, 1e300, 0), age: 1, strength: 1, frequency: 1, octaves: 2,
                                       scrollSpeed: 1, seed: 1, draw: 64).x.isFinite)
    }
}

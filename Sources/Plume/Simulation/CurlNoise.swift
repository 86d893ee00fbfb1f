import Foundation

/// The `turbulence` behaviour's field (Semantics §12, <doc:Behaviors>): the curl of a 2-D simplex
/// noise potential in the layer plane, each octave drifting along its own direction as the
/// particle ages. Its GPU twin is `plume_curl_noise` in `Shaders/plume_motion_behaviors.glsl`; both
/// use the same 32-bit lattice hash and the same `Float` constants, so they agree to rounding, and
/// neither uses `sin` or `cos`.
///
/// One octave's noise is Perlin's simplex noise in 2-D: the point `X` lies in one triangle of the
/// simplex lattice (skew `F = (√3 − 1)/2`, unskew `G = (3 − √3)/6`); each of its 3 corners `c`
/// gets one of 8 unit gradients `g_c` (at 22.5° + k·45°, `gradient(_:)`) from the lattice
/// hash (`cornerHash(_:_:key:)`), and `n = Σ t_c⁴ · g_c·d_c` with `d_c = X − c` (unskewed) and
/// `t_c = max(½ − |d_c|², 0)`. `t_c` is 0 on the triangle's far edge, so `n` is continuous across
/// triangles with 3 continuous derivatives (smooth for the motion grid's integrator); its
/// gradient is `∇n = Σ t_c⁴ g_c − 8 t_c³ (g_c·d_c) d_c`, exact. Octave `o` samples
/// `2^o (f·(x, y) + s·age·D_o)` with weight `2^-o` on its gradient, `D_0 = (1, 0)` and each next
/// direction the last turned by the golden angle (137.5°): the octaves drift apart, so the sum
/// changes shape with age instead of sliding rigidly. The acceleration is
/// `strength · K · (∂ψ/∂Y, −∂ψ/∂X, 0) / Σ 2^-o`: a 2-D curl, divergence-free; `K` = `gain` (27)
/// makes one octave's RMS gradient about 1 (as the 3-D Perlin noise this field replaced).
public enum CurlNoise {
    /// The most octaves a turbulence sums.
    public static let maxOctaves = 8
    /// Noise coordinates are clamped to ±2²⁴ (beyond, the field is constant): the lattice index
    /// is then an exact 32-bit integer on both simulators, and no position traps.
    static let limit = 16_777_216.0
    /// The constants, rounded to `Float` as the GPU's literals are: both simulators use the same
    /// values. Written as the `Float`s' exact hexadecimal values (`Double(Float(0.36602540378))` is
    /// `0x1.76cf5ep-2`; `TurbulenceTests` checks each), so the optimizer makes them constants: an
    /// initializer it cannot fold is a lazy global, and its `swift_once` check ran at every use in
    /// the reference's hot loop (3 % of a turbulence bench run's time).
    static let skew: Double = 0x1.76cf5ep-2             // F = (√3 − 1)/2: Float(0.36602540378)
    static let unskew: Double = 0x1.b0cb18p-3           // G = (3 − √3)/6: Float(0.21132486540)
    static let large: Double = 0x1.d906bcp-1            // cos 22.5°: Float(0.92387953251)
    static let small: Double = 0x1.87de2ap-2            // sin 22.5°: Float(0.38268343236)
    static let turnCos: Double = -0x1.79886ap-1         // cos 137.5078°, the golden angle: Float(-0.73736887808)
    static let turnSin: Double = 0x1.59d9dep-1          // sin 137.5078°: Float(0.67549029350)
    /// One octave's gradient scale: its RMS `|∇n|` is 0.0367 (measured over 10⁵ points), × 27 ≈ 1.
    static let gain = 27.0

    /// The lattice key of one turbulence (Semantics §2's `mix`, twice): the layer's seed and the
    /// behaviour's draw index; octave `o` uses `key ^ (o · 0x9E3779B9)`.
    static func key(seed: UInt32, draw: UInt32) -> UInt32 {
        ParticleHash.mix(ParticleHash.mix(seed ^ 0x9E37_79B9) ^ draw)
    }

    /// The hash of lattice corner `(i, j)` under `key`: the row's and the column's products with
    /// two odd constants (`r = i · 0x9E3779B1 ^ key`, `c = j · 0x85EBCA77`, shared by the corners in
    /// that row or column: the next row's and column's are one addition on), then one
    /// xorshift–multiply round for the corner (`x = r ^ c`, `h = (x ^ x >> 16) · 0xC2B2AE3D`): 5
    /// integer multiplies an octave for its 3 corners (8 with the two rounds a corner this hash
    /// replaced). Its top 3 bits pick the gradient: the last multiply carries every bit of `x` into
    /// them, and the xorshift before it is needed (without it the directions' χ² reached 29.7 for
    /// 7 degrees of freedom over 256 × 256 cells under 20 keys; with it 16.4);
    /// `TurbulenceTests.theLatticeHashIsUniformAndDecorrelated` measures them uniform over the 8
    /// directions and independent between neighbouring cells, octaves and seeds.
    static func cornerHash(_ i: Int32, _ j: Int32, key: UInt32) -> UInt32 {
        cornerHash(row: row(i, key: key), column: column(j))
    }

    /// Row `i`'s part of `cornerHash(_:_:key:)`, shared by the corners in that row.
    static func row(_ i: Int32, key: UInt32) -> UInt32 { (UInt32(bitPattern: i) &* 0x9E37_79B1) ^ key }

    /// Column `j`'s part of `cornerHash(_:_:key:)`, shared by the corners in that column.
    static func column(_ j: Int32) -> UInt32 { UInt32(bitPattern: j) &* 0x85EB_CA77 }

    /// The corner's round from its row's and column's parts.
    static func cornerHash(row: UInt32, column: UInt32) -> UInt32 {
        let x = row ^ column
        return (x ^ (x >> 16)) &* 0xC2B2_AE3D
    }

    /// The lattice gradient of hash `h`: one of the 8 unit directions at 22.5° + k·45°, from its
    /// top 3 bits. Bit 29 swaps the components of `(cos 22.5°, sin 22.5°)`, bit 31 is the sign of
    /// the first, bit 30 of the second (the GPU flips the sign bits directly).
    static func gradient(_ h: UInt32) -> SIMD2<Double> {
        let g = h & 0x2000_0000 != 0 ? SIMD2(small, large) : SIMD2(large, small)
        return SIMD2(h & 0x8000_0000 != 0 ? -g.x : g.x, h & 0x4000_0000 != 0 ? -g.y : g.y)
    }

    /// The gradient `∇n(X)` of one octave's noise under lattice key `key`.
    static func noiseGradient(_ x: SIMD2<Double>, key: UInt32) -> SIMD2<Double> {
        let v = SIMD2(x.x.isFinite ? Swift.min(Swift.max(x.x, -limit), limit) : 0,
                      x.y.isFinite ? Swift.min(Swift.max(x.y, -limit), limit) : 0)
        let s = (v.x + v.y) * skew
        let fi = (v.x + s).rounded(.down), fj = (v.y + s).rounded(.down)
        let t = (fi + fj) * unskew
        let d0 = SIMD2(v.x - (fi - t), v.y - (fj - t))
        let i = Int32(fi), j = Int32(fj)
        let first = d0.x > d0.y
        let o1 = first ? SIMD2<Double>(1, 0) : SIMD2<Double>(0, 1)
        let d1 = d0 - o1 + unskew
        let d2 = d0 - 1 + 2 * unskew
        let row0 = row(i, key: key), row1 = row(i &+ 1, key: key)
        let column0 = column(j), column1 = column(j &+ 1)
        let h0 = cornerHash(row: row0, column: column0)
        let h1 = cornerHash(row: first ? row1 : row0, column: first ? column0 : column1)
        let h2 = cornerHash(row: row1, column: column1)
        return corner(h0, d0) + corner(h1, d1) + corner(h2, d2)
    }

    /// One corner's term of `∇n`: `t⁴ g − 8 t³ (g·d) d = t³ (t g − 8 (g·d) d)`, `t = max(½ − |d|², 0)`.
    static func corner(_ h: UInt32, _ d: SIMD2<Double>) -> SIMD2<Double> {
        let t = Swift.max(0.5 - d.x * d.x - d.y * d.y, 0)
        let g = gradient(h)
        let value = g.x * d.x + g.y * d.y
        return (g * t - d * (8 * value)) * (t * t * t)
    }

    /// The octaves a turbulence sums for its `octaves` parameter: read as the GPU's table holds it,
    /// a Float, rounded down and clamped to 1…``maxOctaves`` (1 for NaN). The GPU program of a
    /// cell with one turbulence compiles this count in.
    public static func octaveCount(_ octaves: Double) -> Int {
        let f = Double(Float(octaves))
        return f.isNaN ? 1 : Int(Swift.min(Swift.max(f, 1), Double(maxOctaves)).rounded(.down))
    }

    /// The acceleration at `p` (layer points) and age `age` (seconds), points/s² (``octaveCount(_:)``
    /// octaves).
    public static func acceleration(at p: SIMD3<Double>, age: Double, strength: Double, frequency: Double,
                                    octaves: Double, scrollSpeed: Double, seed: UInt32, draw: UInt32) -> SIMD3<Double> {
        guard strength != 0 else { return .zero }
        let n = octaveCount(octaves)
        let base = key(seed: seed, draw: draw)
        let x = SIMD2(p.x * frequency, p.y * frequency)
        let drift = scrollSpeed * age
        var direction = SIMD2<Double>(1, 0)
        var sum = SIMD2<Double>.zero
        var norm = 0.0
        var scale = 1.0, weight = 1.0
        for o in 0..<n {
            let octaveKey = base ^ (UInt32(o) &* 0x9E37_79B9)
            sum += noiseGradient((x + direction * drift) * scale, key: octaveKey) * weight
            norm += weight
            scale *= 2
            weight *= 0.5
            direction = SIMD2(direction.x * turnCos - direction.y * turnSin, direction.x * turnSin + direction.y * turnCos)
        }
        return SIMD3(sum.y, -sum.x, 0) * (strength * gain / norm)
    }
}

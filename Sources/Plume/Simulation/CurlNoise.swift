import Foundation

/// The `turbulence` behaviour's field (Semantics §12, <doc:Behaviors>): the curl of a gradient-noise
/// potential in the layer plane. Its GPU twin is `plume_curl_noise` in
/// `Shaders/plume_motion_behaviors.glsl`; both pick the lattice gradients with the particle hash
/// (Semantics §2), so they agree to rounding, and neither uses `sin` or `cos`.
///
/// The potential of one octave is Perlin's gradient noise `n(X)`: each lattice corner `c` of the
/// cell holding `X` gets one of the 12 cube-edge directions `g_c`, and `n = Σ w_c(u)·g_c·(X − c)`
/// with the weights `w_c` trilinear in `u = fade(X − ⌊X⌋)`, `fade(t) = t³(6t² − 15t + 10)` (so `n`
/// has continuous second derivatives and the motion's Runge–Kutta step stays accurate). Octave `o`
/// samples `X·2^o` with weight `2^-o` on its gradient. The acceleration is
/// `strength · (∂ψ/∂Y, −∂ψ/∂X, 0)`: a 2-D curl, divergence-free.
public enum CurlNoise {
    /// The most octaves a turbulence sums.
    public static let maxOctaves = 8
    /// Noise coordinates are clamped to ±2²⁴ (beyond, the field is constant): the lattice index
    /// is then an exact 32-bit integer on both simulators, and no position traps.
    static let limit = 16_777_216.0

    /// The lattice gradient of hash `h`: one of the 12 directions to the midpoints of a cube's
    /// edges, `(±1, ±1, 0)`, `(±1, 0, ±1)`, `(0, ±1, ±1)`.
    static func gradient(_ h: UInt32) -> SIMD3<Double> {
        let k = h % 12
        let a: Double = k & 1 == 0 ? 1 : -1, b: Double = k & 2 == 0 ? 1 : -1
        switch k >> 2 {
        case 0: return SIMD3(a, b, 0)
        case 1: return SIMD3(a, 0, b)
        default: return SIMD3(0, a, b)
        }
    }

    /// The gradient `∇n(X)` of one octave's noise (`octave` picks its own lattice gradients).
    static func noiseGradient(_ x: SIMD3<Double>, seed: UInt32, draw: UInt32, octave: UInt32) -> SIMD3<Double> {
        var cell = SIMD3<Int32>(repeating: 0)
        var f = SIMD3<Double>.zero
        for i in 0..<3 {
            let v = x[i].isFinite ? Swift.min(Swift.max(x[i], -limit), limit) : 0
            let fl = v.rounded(.down)
            cell[i] = Int32(fl)
            f[i] = v - fl
        }
        let u = f * f * f * (f * (f * 6 - 15) + 10)
        let du = 30 * f * f * (f * (f - 2) + 1)
        var g = SIMD3<Double>.zero
        for c in 0..<8 {
            let o = SIMD3<Int32>(Int32(c & 1), Int32(c >> 1 & 1), Int32(c >> 2 & 1))
            let corner = cell &+ o
            let key = ParticleKey(lo: UInt32(bitPattern: corner.x), hi: UInt32(bitPattern: corner.y))
            let h = ParticleHash.hash(seed: seed, key: key,
                                      draw: draw ^ (UInt32(bitPattern: corner.z) &* 0x9E37_79B1) ^ (octave << 24))
            let gc = gradient(h)
            let d = f - SIMD3<Double>(Double(o.x), Double(o.y), Double(o.z))
            let value = gc.x * d.x + gc.y * d.y + gc.z * d.z
            // weight per axis: u (corner 1) or 1 − u (corner 0); its derivative ±du
            var w = SIMD3<Double>.zero, dw = SIMD3<Double>.zero
            for i in 0..<3 {
                w[i] = o[i] == 1 ? u[i] : 1 - u[i]
                dw[i] = o[i] == 1 ? du[i] : -du[i]
            }
            let weight = w.x * w.y * w.z
            g += gc * weight + SIMD3(dw.x * w.y * w.z, w.x * dw.y * w.z, w.x * w.y * dw.z) * value
        }
        return g
    }

    /// The acceleration at `p` (layer points) and age `age` (seconds), points/s².
    public static func acceleration(at p: SIMD3<Double>, age: Double, strength: Double, frequency: Double,
                                    octaves: Double, scrollSpeed: Double, seed: UInt32, draw: UInt32) -> SIMD3<Double> {
        guard strength != 0 else { return .zero }
        let n = Int(Swift.min(Swift.max(octaves, 1), Double(maxOctaves)).rounded(.down))
        let x = SIMD3(p.x * frequency, p.y * frequency, scrollSpeed * age)
        var sum = SIMD3<Double>.zero
        var norm = 0.0
        var scale = 1.0, weight = 1.0
        for o in 0..<n {
            sum += noiseGradient(x * scale, seed: seed, draw: draw, octave: UInt32(o)) * weight
            norm += weight
            scale *= 2
            weight *= 0.5
        }
        return SIMD3(sum.y, -sum.x, 0) * (strength / norm)
    }
}

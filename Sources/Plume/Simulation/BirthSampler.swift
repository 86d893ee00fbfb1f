import Foundation

/// The attributes a particle is born with (Semantics §4), before it is advanced to the current time.
public struct BirthState: Sendable {
    /// Seconds: ``lifetimeTicks`` · 2⁻¹⁶.
    public var lifetime: Double
    /// The lifetime in ticks (``LifetimeTicks``), > 0.
    public var lifetimeTicks: Int64
    /// Where the particle is born, layer points.
    public var position: SIMD3<Double>
    /// Its velocity at birth, points per second.
    public var velocity: SIMD3<Double>
    /// Its scale at birth (`scale ± scaleRange/2`, × the parent's scale, or the layer's for a top-level cell).
    public var scale: Double
    /// Its scale's change per second of age (the cell's resolved `scaleSpeed`).
    public var scaleSpeed: Double
    /// Its angle at birth, radians.
    public var angle: Double
    /// Its spin, radians per second.
    public var spin: Double
    /// Its colour at birth, straight RGBA (× the parent's where it has one).
    public var color: SIMD4<Double>
}

/// What a sub-particle inherits from its parent at its birth time (Semantics §6).
public struct ParentState: Sendable {
    /// The parent's position at the child's birth time, layer points.
    public var position: SIMD3<Double>
    /// The parent's velocity then, points per second (its direction is the child's base direction).
    public var velocity: SIMD3<Double>
    /// The parent's scale then.
    public var scale: Double
    /// The parent's colour then, straight RGBA.
    public var color: SIMD4<Double>
}

/// Birth sampling: the one definition of Semantics §4 (the GLSL in `Shaders/` mirrors it line by line).
public enum BirthSampler {
    /// Samples the birth attributes of the particle `key`, or nil when its lifetime is ≤ 0
    /// (it is then not created; its serial is still consumed).
    /// - Parameters:
    ///   - cell: the cell the particle is born in, resolved at the birth time.
    ///   - layer: the emitter layer, resolved at the birth time (its shape, position, scale).
    ///   - key: the particle's identity (seed, cell, serial), which every random draw hashes.
    ///   - parent: nil for top-level particles (born on the layer's shape).
    public static func sample(cell: ResolvedCell, layer: ResolvedLayer, key: ParticleKey,
                              parent: ParentState?) -> BirthState? {
        let seed = layer.seed
        func u(_ d: DrawIndex) -> Double { ParticleHash.uniform(seed: seed, key: key, draw: d) }
        func spread(_ mean: Double, _ range: Double, _ d: DrawIndex) -> Double {
            range == 0 ? mean : mean + (u(d) - 0.5) * range
        }

        let lifetimeTicks = cell.lifetimeTicks.lifetime(hash: ParticleHash.hash(seed: seed, key: key,
                                                                                 draw: DrawIndex.lifetime.rawValue))
        guard lifetimeTicks > 0 else { return nil }
        let lifetime = Ticks.time(lifetimeTicks)

        let origin: (position: SIMD3<Double>, base: SIMD3<Double>)
        if let parent {
            let speed = length(parent.velocity)
            origin = (parent.position, speed > 0 ? parent.velocity / speed : SIMD3(1, 0, 0))
        } else {
            origin = EmitterGeometry.sample(layer: layer, u: u)
        }
        var direction = rotate(emissionVector(longitude: cell.longitude, latitude: cell.latitude),
                               mappingXOnto: origin.base)
        let range = min(abs(cell.emissionRange), 2 * .pi)
        if range != 0 {
            let s = sin(range / 4)
            direction = deviate(direction, oneMinusCosMax: 2 * s * s, u(.coneTheta), u(.conePsi))
        }
        let speed = spread(cell.velocity, cell.velocityRange, .velocity) * layer.velocity

        let (baseScale, baseColor) = parent.map { inherited($0, cell: cell, layer: layer) } ?? (layer.scale, SIMD4(1, 1, 1, 1))
        let color = SIMD4(spread(cell.color.x, cell.colorRange.x, .red),
                          spread(cell.color.y, cell.colorRange.y, .green),
                          spread(cell.color.z, cell.colorRange.z, .blue),
                          spread(cell.color.w, cell.colorRange.w, .alpha))
        return BirthState(lifetime: lifetime, lifetimeTicks: lifetimeTicks,
                          position: origin.position,
                          velocity: direction * speed
                              + (parent.map { $0.velocity * cell.parentVelocityFraction }
                                 ?? layer.emitterVelocity * cell.emitterVelocityFraction),
                          scale: baseScale * spread(cell.scale, cell.scaleRange, .scale),
                          scaleSpeed: cell.scaleSpeed,
                          angle: spread(cell.rotation, cell.rotationRange, .rotation),
                          spin: spread(cell.spin, cell.spinRange, .spin) * layer.spin,
                          color: baseColor * color)
    }

    /// The parent's scale and colour as a child takes them (Semantics §14): `parentScaleFraction`
    /// of the way from the layer's scale to the parent's, `parentColorFraction` of the way from
    /// white to the parent's colour (a fraction of 1 takes the parent's exactly).
    static func inherited(_ parent: ParentState, cell: ResolvedCell, layer: ResolvedLayer) -> (Double, SIMD4<Double>) {
        let fs = cell.parentScaleFraction, fc = cell.parentColorFraction
        let scale = fs == 1 ? parent.scale : layer.scale + (parent.scale - layer.scale) * fs
        let color = fc == 1 ? parent.color : SIMD4(repeating: 1) + (parent.color - SIMD4(repeating: 1)) * fc
        return (scale, color)
    }

    /// `(cos λ·cos φ, cos λ·sin φ, −sin λ)`: the emission direction before the base rotation.
    public static func emissionVector(longitude φ: Double, latitude λ: Double) -> SIMD3<Double> {
        SIMD3(cos(λ) * cos(φ), cos(λ) * sin(φ), -sin(λ))
    }

    /// Rotates `v` by the smallest rotation that maps +x onto the unit vector `b`
    /// (Rodrigues' formula with the unnormalised axis `x × b`); exactly `b = −x` gives `−v`
    /// (Semantics §4). Near −x, `1 + cos θ` is computed as `sin²θ / (1 − cos θ)` to stay accurate.
    public static func rotate(_ v: SIMD3<Double>, mappingXOnto b: SIMD3<Double>) -> SIMD3<Double> {
        let c = b.x
        let s2 = b.y * b.y + b.z * b.z
        if s2 == 0 { return c < 0 ? -v : v }
        let onePlusC = c >= 0 ? 1 + c : s2 / (1 - c)
        let k = SIMD3(0, -b.z, b.y)                  // x × b, |k| = sin θ
        return v * c + cross(k, v) + k * (dot(k, v) / onePlusC)
    }

    /// Deviates the unit vector `d` uniformly over the solid angle of a cone around it:
    /// `θ = acos(1 + (cos(range/2) − 1)·u₁)`, `ψ = 2π·u₂`, in the branchless orthonormal basis of
    /// Duff et al. (2017). `oneMinusCosMax` is `1 − cos(range/2) = 2·sin²(range/4)`; working with
    /// `1 − cos θ` keeps small angles accurate in single precision on the GPU.
    public static func deviate(_ d: SIMD3<Double>, oneMinusCosMax: Double, _ u1: Double, _ u2: Double) -> SIMD3<Double> {
        let x = oneMinusCosMax * u1                  // 1 − cos θ
        let cosθ = 1 - x
        let sinθ = max(0, x * (2 - x)).squareRoot()
        let ψ = 2 * Double.pi * u2
        let (e1, e2) = basis(d)
        return d * cosθ + (e1 * cos(ψ) + e2 * sin(ψ)) * sinθ
    }

    /// Two unit vectors completing the unit vector `n` to an orthonormal basis.
    ///
    /// The branch (which pole the basis avoids) is taken on `z` rounded to `Float`, as the GPU
    /// holds it: a tiny negative `z` that is −0 in float (such as `−sin 1e-300`) takes the `z ≥ 0`
    /// branch on both simulators.
    public static func basis(_ n: SIMD3<Double>) -> (SIMD3<Double>, SIMD3<Double>) {
        let sign: Double = Float(n.z) >= 0 ? 1 : -1
        let a = -1 / (sign + n.z)
        let b = n.x * n.y * a
        return (SIMD3(1 + sign * n.x * n.x * a, sign * b, -sign * n.x),
                SIMD3(b, sign + n.y * n.y * a, -n.y))
    }
}

@inline(__always) func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
@inline(__always) func length(_ a: SIMD3<Double>) -> Double { dot(a, a).squareRoot() }
@inline(__always) func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

import Foundation

/// Built-in procedural sprites, so effects (and the presets) need no image files.
///
/// All are white with an alpha mask, so the particle colour tints them exactly (Semantics §10).
extension SpriteImage {
    /// The built-in sprite kinds.
    public enum Builtin: String, CaseIterable, Sendable {
        /// A round dot with a soft (Gaussian-like) edge: fire, glows, sparks' trails.
        case softDot
        /// A disc with a crisp anti-aliased edge: confetti, balls.
        case hardDisc
        /// A bright core with a thin streak: fireworks sparks.
        case spark
        /// A lumpy soft cloud: smoke.
        case smokePuff
        /// A six-armed flake: snow.
        case snowflake
        /// A five-pointed star.
        case star
        /// A 4 × 4 sprite sheet of an explosion (frames left to right, top to bottom): a fireball
        /// that swells, breaks into lumps and thins into a ring of smoke. For
        /// `spriteColumns = spriteRows = 4` (Semantics §10).
        case explosionSheet
    }

    /// A built-in sprite, `size × size` pixels (clamped to 2…1024; default 64).
    public static func builtin(_ kind: Builtin, size: Int = 64) -> SpriteImage {
        let n = min(max(size, 2), 1024)
        return procedural(size: n) { x, y in
            let r = (x * x + y * y).squareRoot()
            switch kind {
            case .softDot:
                return exp(-r * r * 4.5) * smoothEdge(r, 1.0, 0.15)
            case .hardDisc:
                return smoothEdge(r, 0.92, 2.0 / Float(n))
            case .spark:
                let core = exp(-r * r * 18)
                let streak = exp(-y * y * 120) * max(0, 1 - abs(x))
                return min(1, core + 0.6 * streak)
            case .smokePuff:
                let a = atan2(y, x)
                let lumpy = 0.78 + 0.1 * sin(3 * a + 0.5) + 0.07 * sin(5 * a + 1.3)
                return 0.85 * exp(-r * r * 2.2) * smoothEdge(r, lumpy, 0.25)
            case .snowflake:
                let a = atan2(y, x)
                let arms = pow(abs(cos(3 * a)), 40) * smoothEdge(r, 0.95, 0.08)
                let hub = smoothEdge(r, 0.22, 0.06)
                return min(1, arms + hub)
            case .explosionSheet:
                return explosionFrame(x, y)
            case .star:
                // Five points: the radius swings linearly between an inner and an outer value.
                let turns = (atan2(y, x) + .pi / 2) * 5 / (2 * .pi)
                let d = abs(turns - turns.rounded(.down) - 0.5) * 2   // 1 at a tip, 0 between
                return smoothEdge(r, 0.4 + 0.55 * d, 2.0 / Float(n))
            }
        }
    }

    /// Builds a white sprite from an alpha function over `[-1, 1]²` (y down, row 0 at the top).
    static func procedural(size n: Int, alpha: (Float, Float) -> Float) -> SpriteImage {
        var pixels = [UInt8](repeating: 255, count: n * n * 4)
        for row in 0..<n {
            for col in 0..<n {
                let x = (Float(col) + 0.5) / Float(n) * 2 - 1
                let y = (Float(row) + 0.5) / Float(n) * 2 - 1
                let a = min(max(alpha(x, y), 0), 1)
                pixels[(row * n + col) * 4 + 3] = UInt8((a * 255).rounded())
            }
        }
        // The size is clamped to a valid range and the buffer is built to match it.
        guard let image = try? SpriteImage(width: n, height: n, pixels: pixels) else {
            preconditionFailure("procedural sprite of \(n)×\(n) must be valid")
        }
        return image
    }
}

/// The explosion sheet's alpha at `(x, y)` of the whole sheet (`[-1, 1]²`): the 4 × 4 grid's frame
/// `k` (0…15) at its own coordinates, the fireball at stage `t = k ÷ 15`.
private func explosionFrame(_ x: Float, _ y: Float) -> Float {
    let gx = min((x + 1) * 2, 3.999), gy = min((y + 1) * 2, 3.999)
    let k = Float(Int(gy) * 4 + Int(gx))
    let u = (gx - gx.rounded(.down)) * 2 - 1, v = (gy - gy.rounded(.down)) * 2 - 1
    let t = k / 15
    let r = (u * u + v * v).squareRoot(), a = atan2(v, u)
    let outer = (0.3 + 0.6 * t.squareRoot()) * (1 + 0.1 * sin(5 * a + 7 * t) + 0.06 * sin(9 * a + 3 * t))
    let hole = max(0, t - 0.35) * 1.1 * outer
    let lumps = 0.8 + 0.2 * sin(13 * u + 5 * t) * sin(11 * v - 4 * t)
    let body = smoothEdge(r, outer, 0.18) * (1 - smoothEdge(r, hole, 0.25) * min(1, t * 1.5))
    return (1 - 0.7 * t) * lumps * body
}

/// 1 inside `radius`, falling linearly to 0 over `width`.
private func smoothEdge(_ r: Float, _ radius: Float, _ width: Float) -> Float {
    min(max((radius - r) / width + 0.5, 0), 1)
}

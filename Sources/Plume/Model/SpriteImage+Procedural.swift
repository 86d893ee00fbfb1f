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

/// 1 inside `radius`, falling linearly to 0 over `width`.
private func smoothEdge(_ r: Float, _ radius: Float, _ width: Float) -> Float {
    min(max((radius - r) / width + 0.5, 0), 1)
}

import Foundation

extension SnapshotParticle {
    /// Applies the over-life curves and the alignment of Semantics §12 to a particle whose scale,
    /// angle and colour are its linear values at ``age``: `x = age / lifetime`;
    /// scale `s·g(x)` (additive: `s + g(x)`); colour `c·C(x)` per channel, then alpha `α·g(x)`
    /// (additive: `α + g(x)`); angle `θ₀ + spin·L·G(x)` with `G = ∫₀^x g` (additive:
    /// `θ₀ + spin·age + L·G(x)`); aligned: `atan2(vy, vx) + rotation` while the velocity is not zero.
    package mutating func applyBehaviors(_ b: CellBehaviors, spin: Double) {
        let x = age / lifetime
        if let g = b.scale { scale = b.scaleAdditive ? scale + g.value(at: x) : scale * g.value(at: x) }
        if let c = b.color { color *= SIMD4(c[0].value(at: x), c[1].value(at: x), c[2].value(at: x), c[3].value(at: x)) }
        if let g = b.alpha { color.w = b.alphaAdditive ? color.w + g.value(at: x) : color.w * g.value(at: x) }
        if let g = b.spin {
            let angle0 = angle - spin * age
            angle = b.spinAdditive ? angle + lifetime * g.integral(to: x) : angle0 + spin * lifetime * g.integral(to: x)
        }
        if let offset = b.align, velocity.x != 0 || velocity.y != 0 {
            angle = atan2(velocity.y, velocity.x) + offset
        }
    }
}

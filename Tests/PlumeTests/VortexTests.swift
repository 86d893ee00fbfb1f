import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Issue 26 item 2: the `vortex` behaviour (Semantics §12, <doc:Behaviors>): a swirl about the
/// axis perpendicular to the layer through ``EmitterBehavior/position``, on the motion grid.
struct VortexTests {
    static func resolved(_ configure: (EmitterBehavior) -> Void) throws -> ResolvedVortex {
        let layer = EmitterLayer()
        layer.emitterCells = [EmitterCell(name: "c")]
        let b = EmitterBehavior(type: .vortex, name: "whirl")
        b.position = CGPoint(x: 100, y: 200)
        configure(b)
        layer.emitterBehaviors = [b]
        let resolved = ResolvedLayer(layer)
        return try #require(resolved.cells[0].behaviors.vortices.first)
    }

    /// The formula: across the radius, clockwise on the y-down layer, `swirl·r/R` inside the core,
    /// `swirl·R/r` outside, `pull` towards the axis, nothing beyond `falloffDistance` or on the axis.
    @Test func theSwirlPeaksAtTheCoresEdge() throws {
        let v = try Self.resolved { b in b.swirl = 60; b.coreRadius = 40; b.pull = 7; b.falloffDistance = 300 }
        #expect(v.coreRadius == 40 && v.swirl == 60 && v.pull == 7)
        for (r, swirl) in [(10.0, 15.0), (40, 60), (80, 30), (299, 60 * 40 / 299.0)] {
            let a = v.acceleration(at: SIMD3(100 + r, 200, 5))
            // at +x from the axis: the swirl is along +y (clockwise on screen), the pull along −x
            #expect(abs(a.y - swirl) < 1e-12 && abs(a.x + 7) < 1e-12 && a.z == 0, "r = \(r): \(a), expected (−7, \(swirl), 0)")
        }
        #expect(v.acceleration(at: SIMD3(100, 200, 50)) == .zero, "on the axis")
        #expect(v.acceleration(at: SIMD3(100, 501, 0)) == .zero, "beyond falloffDistance")
        let flat = try Self.resolved { b in b.swirl = 60; b.coreRadius = 0 }
        #expect(abs(flat.acceleration(at: SIMD3(100, 1200, 0)).x + 60) < 1e-12, "coreRadius 0: the same swirl everywhere")
    }

    /// The pull is a central force: a particle at radius `r` moving across it at `√(pull·r)`
    /// circles at that radius, angular speed `ω = √(pull/r)`. The grid's leapfrog keeps a modified
    /// energy, so its radius does not drift; it swings about the circle by `O((ωh)²)·r`: at most
    /// `r·(ωh)²/4`, the swing of leapfrog's orbit of a harmonic oscillator (an ellipse with axes in
    /// the ratio `1/√(1 − (ωh/2)²) ≈ 1 + (ωh)²/8` about the circle), 1.2e-3 points here over 9 s.
    @Test func aPullWithTheRightSpeedCircles() throws {
        var b = CellBehaviors()
        var v = try Self.resolved { b in b.pull = 20; b.coreRadius = 0 }
        v.position = .zero
        b.vortices = [v]
        #expect(b.motion == .grid)
        let r = 80.0, speed = (20 * r).squareRoot()
        let particle = BehaviorParticle(behaviors: b, lifetime: 100, seed: 0, key: .root)
        let start = MotionAnchor(age: 0, position: SIMD3(r, 0, 0), velocity: SIMD3(0, speed, 0))
        for t in [1.0, 4.0, 9.0] {
            let (p, _) = BehaviorMotion.evaluate(start, at: t, acceleration: .zero, behaviors: b, particle: particle)
            let omega = speed / r, h = BehaviorMotion.gridStep
            let bound = r * (omega * h) * (omega * h) / 4
            #expect(abs(length(p) - r) <= bound, "age \(t): radius \(length(p)), expected \(r) within \(bound)")
        }
    }

    static func layer() -> EmitterLayer {
        let layer = EmitterLayer()
        layer.seed = 6
        layer.emitterPosition = CGPoint(x: 300, y: 300)
        layer.emitterShape = .circle
        layer.emitterSize = CGSize(width: 200, height: 200)
        let cell = EmitterCell(name: "dust")
        cell.birthRate = 40; cell.lifetime = 3; cell.lifetimeRange = 1
        cell.velocity = 20; cell.emissionRange = 2 * .pi
        let b = EmitterBehavior(type: .vortex, name: "whirl")
        b.position = CGPoint(x: 300, y: 300)
        b.swirl = 90; b.coreRadius = 40; b.pull = 15; b.falloffDistance = 250
        layer.emitterCells = [cell]
        layer.emitterBehaviors = [b]
        return layer
    }

    /// Semantics §12: the same particles at any update rate, after a time offset and after a seek.
    @Test func sameParticlesAtAnyFrameRateAndAfterJumps() throws {
        try expectSameParticlesAtAnyRateAndAfterJumps({ Self.layer() }, "vortex")
    }

    /// Semantics §11: bad inputs are read as their defaults (reported).
    @Test func badInputsAreReportedAndReadAsDefaults() throws {
        let layer = Self.layer()
        let b = layer.emitterBehaviors![0]
        b.swirl = .nan; b.coreRadius = -1; b.pull = -.infinity; b.falloffDistance = -5
        let resolved = ResolvedLayer(layer)
        let paths = Set(resolved.diagnostics.map(\.keyPath))
        for key in ["swirl", "coreRadius", "pull", "falloffDistance"] {
            #expect(paths.contains("emitterBehaviors.whirl." + key), "no diagnostic for \(key): \(resolved.diagnostics)")
        }
        let v = resolved.cells[0].behaviors.vortices[0]
        #expect(v.swirl == 0 && v.coreRadius == 50 && v.pull == 0 && v.falloffDistance == .infinity)
    }
}

import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Semantics §5: motion, scale, angle and colour over life, death, and live edits.
@Suite struct MotionTests {
    /// One particle with everything varying, born at 1/r = 0.5 s.
    static func layer() -> (EmitterLayer, EmitterCell) {
        singleCellLayer {
            $0.birthRate = 2
            $0.lifetime = 3
            $0.velocity = 50
            $0.emissionLongitude = 0.3
            $0.emissionLatitude = -0.2
            $0.xAcceleration = 4
            $0.yAcceleration = 30
            $0.zAcceleration = -2
            $0.scale = 0.5
            $0.scaleSpeed = 0.25
            $0.spin = 1.5
            $0.rotation = 0.2
            $0.color = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 1)
            $0.redSpeed = 0.1
            $0.alphaSpeed = -0.3
        }
    }

    @Test func closedFormAtAnyAge() throws {
        let (layer, cell) = Self.layer()
        layer.emitterPosition = CGPoint(x: 10, y: 20)
        let s = try simulate(layer, times: frames(fps: 50, until: 2))
        let p = try #require(s.particles.first { $0.identity.serial == 1 })
        let a = 1.5
        let v0 = BirthSampler.emissionVector(longitude: 0.3, latitude: -0.2) * 50
        let acc = SIMD3<Double>(4, 30, -2)
        let expected = SIMD3<Double>(10, 20, 0) + v0 * a + 0.5 * acc * a * a
        #expect(p.age == a)
        #expect(maxAbs(p.position - expected) < 1e-9, "position \(p.position), closed form \(expected)")
        #expect(maxAbs(p.velocity - (v0 + acc * a)) < 1e-9)
        #expect(abs(p.scale - (0.5 + 0.25 * a)) < 1e-12)
        #expect(abs(p.angle - (0.2 + 1.5 * a)) < 1e-12)
        #expect(maxAbs(p.color - SIMD4(0.2 + 0.1 * a, 0.4, 0.6, 1 - 0.3 * a)) < 1e-6)
        _ = cell
    }

    @Test func accelerationIsReadLive() throws {
        let (layer, cell) = Self.layer()
        let sim = ReferenceSimulator(layer: layer)
        for t in frames(fps: 60, until: 1) { try sim.advance(to: t) }
        let before = try #require(try sim.snapshot().particles.first)
        cell.yAcceleration = -100
        try sim.advance(to: 1.5)
        let after = try #require(try sim.snapshot().particles.first)
        let dt = 0.5
        let acc = SIMD3<Double>(4, -100, -2)
        let expected = before.position + before.velocity * dt + 0.5 * acc * dt * dt
        #expect(maxAbs(after.position - expected) < 1e-9, "live acceleration: \(after.position) vs \(expected)")
    }

    @Test func colourSpeedIsReadLiveAndAlphaZeroDoesNotKill() throws {
        let (layer, cell) = Self.layer()
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 0)   // the layer starts at host time 0 (Semantics §8)
        try sim.advance(to: 1)
        cell.alphaSpeed = -2
        try sim.advance(to: 2)
        let p = try #require(try sim.snapshot().particles.first { $0.identity.serial == 1 })
        #expect(abs(p.color.w - (1 - 2 * 1.5)) < 1e-6, "alpha \(p.color.w) must be unclamped 1 − 2·age")
    }

    @Test func aParticleLivesWhileAgeIsBelowItsLifetime() throws {
        let (layer, _) = singleCellLayer { $0.birthRate = 1; $0.lifetime = 2 }
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 0)   // the layer starts at host time 0 (Semantics §8)
        try sim.advance(to: 3 - Ticks.seconds)   // a tick before (host times round to ticks)
        #expect(try sim.snapshot().particles.map(\.identity.serial) == [1, 2])
        try sim.advance(to: 3)
        #expect(try sim.snapshot().particles.map(\.identity.serial) == [2, 3], "serial 1 dies at age 2 exactly")
    }

    @Test func subParticlesInheritPositionScaleColourAndFlightDirection() throws {
        let child = EmitterCell(name: "child")
        child.birthRate = 4
        child.lifetime = 10
        child.velocity = 10
        child.scale = 0.5
        child.color = Color(red: 1, green: 0.5, blue: 1, alpha: 1)
        let (layer, parent) = singleCellLayer {
            $0.birthRate = 1; $0.lifetime = 10; $0.velocity = 20; $0.emissionLongitude = .pi / 2
            $0.yAcceleration = -10; $0.xAcceleration = 3; $0.scale = 2; $0.scaleSpeed = 0.5
            $0.color = Color(red: 0.5, green: 0.8, blue: 0.2, alpha: 1); $0.greenSpeed = -0.1
            $0.emitterCells = [child]
        }
        _ = parent
        let s = try simulate(layer, times: frames(fps: 30, until: 2))
        let p = try #require(s.particles(inCell: [0]).first { $0.identity.serial == 1 })
        let c = try #require(s.particles(inCell: [0, 0]).first { $0.identity.serial == 1 && $0.identity.parent == p.identity.key })
        // The child is born at parent age 0.25, i.e. t = 1.25.
        #expect(abs(c.birthTime - 1.25) < 1e-12)
        let a = 0.25
        let pv0 = SIMD3<Double>(0, 20, 0), acc = SIMD3<Double>(3, -10, 0)
        let ppos = pv0 * a + 0.5 * acc * a * a
        let pvel = pv0 + acc * a
        let dir = pvel / pvel.magnitude
        let expectedPosition = ppos + dir * 10 * c.age
        #expect(maxAbs(c.position - expectedPosition) < 1e-9, "child at \(c.position), expected \(expectedPosition)")
        #expect(abs(c.scale - (2 + 0.5 * a) * 0.5) < 1e-12, "child scale \(c.scale)")
        #expect(maxAbs(c.color - SIMD4(0.5, 0.8 - 0.1 * a, 0.2, 1) * SIMD4(1, 0.5, 1, 1)) < 1e-6, "child colour \(c.color)")
    }
}

extension SIMD3 where Scalar == Double {
    var magnitude: Double { (self * self).sum().squareRoot() }
}

import Foundation
import Testing
@testable import Plume

/// Semantics §12: grid motion steps at the layer times that are multiples of the grid step (a
/// particle's grid points are the ages `n·h − o`, `o` its birth tick mod 1024), so all the
/// particles of a layer step together.
@Suite struct GridOnLayerTimeTests {
    private static func gridCell() -> CellBehaviors {
        var b = CellBehaviors()
        b.attractors = [ResolvedAttractor(type: .radial, position: SIMD3(40, 10, 0), orientation: SIMD3(0, 0, 1),
                                          stiffness: 3, radius: 0, falloff: 1, falloffDistance: 0)]
        #expect(b.motion == .grid)
        return b
    }

    /// A particle born at any tick: its grid points (where `advance` leaves the anchor) fall at
    /// layer ticks that are multiples of 1024, the first one step or less after birth.
    @Test(arguments: [0, 1, 186, 1023, 1024, 5000, -77, 65_536_000_000_000_333] as [Int64])
    func gridPointsLieOnLayerTime(_ birthTick: Int64) {
        let b = Self.gridCell()
        let particle = BehaviorParticle(behaviors: b, lifetime: 10, seed: 5, key: .root, birthTick: birthTick)
        #expect(particle.gridOffset == ((birthTick % 1024) + 1024) % 1024, "birth tick \(birthTick): offset \(particle.gridOffset)")
        let birth = MotionAnchor(age: 0, position: SIMD3(1, 2, 0), velocity: SIMD3(30, -10, 0))
        var previous = 0.0
        for ticks in [Int64(1), 700, 1024, 1500, 4096, 9999] {
            let age = Ticks.time(ticks)
            let a = BehaviorMotion.advance(birth, to: age, acceleration: SIMD3(0, 25, 0), behaviors: b, particle: particle)
            let anchorTick = Ticks.from(a.age)
            if a.age > 0 {
                #expect((birthTick + anchorTick) % 1024 == 0, "birth tick \(birthTick), age \(ticks): anchor at age \(anchorTick) ticks is off layer time's grid")
                #expect(BehaviorMotion.holdsHalfStep(a, particle), "birth tick \(birthTick): a grid point after birth holds a half-step velocity")
            }
            #expect(a.age <= age && age - a.age < BehaviorMotion.gridStep, "birth tick \(birthTick), age \(ticks): anchor at \(a.age)")
            #expect(a.age >= previous)
            previous = a.age
        }
        #expect(!BehaviorMotion.holdsHalfStep(birth, particle), "birth holds the birth velocity")
    }

    /// Two particles born a few ticks apart step at the same layer times: advanced to the same
    /// layer time, their anchors lie at the same layer tick.
    @Test func particlesOfALayerStepTogether() {
        let b = Self.gridCell()
        let birth = MotionAnchor(age: 0, position: .zero, velocity: SIMD3(50, 0, 0))
        var anchors = Set<Int64>()
        let now: Int64 = 3 * 65_536 + 4321
        for birthTick: Int64 in [65_536, 65_629, 65_722, 70_000, 100_001] {
            let particle = BehaviorParticle(behaviors: b, lifetime: 10, seed: 5, key: .root, birthTick: birthTick)
            let a = BehaviorMotion.advance(birth, to: Ticks.time(now - birthTick), acceleration: .zero, behaviors: b,
                                           particle: particle)
            anchors.insert(birthTick + Ticks.from(a.age))
        }
        #expect(anchors == [now / 1024 * 1024], "anchors at layer ticks \(anchors.sorted())")
    }
}

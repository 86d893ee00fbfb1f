import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Semantics §3 (emission grid, first birth, catch-up) and §6 (sub-cell clocks).
@Suite struct EmissionTests {
    @Test(arguments: [1.0, 3.0, 7.5, 30.0, 1000.0])
    func firstBirthIsExactlyOneOverRate(rate: Double) throws {
        let (layer, _) = singleCellLayer { $0.birthRate = Float(rate); $0.lifetime = 100 }
        let sim = ReferenceSimulator(layer: layer)
        // Times are ticks (2⁻¹⁶ s): the birth lands on the tick nearest 1/r, where the host time 1/r lands too.
        let tick = Ticks.from(1 / Double(Float(rate)))
        try sim.advance(to: 0)
        try sim.advance(to: Ticks.time(tick - 1))
        #expect(try sim.snapshot().particles.isEmpty, "rate \(rate): a particle a tick before 1/r")
        try sim.advance(to: 1 / rate)
        let s = try sim.snapshot()
        #expect(s.particles.count == 1, "rate \(rate): expected one particle at t = 1/r, got \(s.particles.count)")
        if let p = s.particles.first {
            #expect(p.birthTime == Ticks.time(tick), "rate \(rate): born at \(p.birthTime)")
            #expect(p.identity.serial == 1)
            #expect(p.age == 0)
        }
    }

    @Test func birthsLieOnTheGridWhateverTheSteps() throws {
        let rate = 7.0
        for (name, times) in [("60 fps", frames(fps: 60, until: 3)), ("irregular", irregularTimes(until: 3, seed: 9))] {
            let (layer, _) = singleCellLayer { $0.birthRate = Float(rate); $0.lifetime = 100 }
            let s = try simulate(layer, times: times)
            #expect(s.particles.count == 21, "\(name): \(s.particles.count) births in 3 s at 7/s")
            for p in s.particles {
                let expected = Double(p.identity.serial) / rate
                #expect(abs(p.birthTime - expected) <= Ticks.seconds / 2,   // the nearest tick
                        "\(name): serial \(p.identity.serial) born at \(p.birthTime), grid says \(expected)")
            }
        }
    }

    @Test func aRateChangeContinuesTheClock() throws {
        let (layer, cell) = singleCellLayer { $0.birthRate = 2; $0.lifetime = 100 }
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 0)
        try sim.advance(to: 1.2)             // clock 2.4: births at 0.5 and 1.0
        cell.birthRate = 5
        try sim.advance(to: 2)               // clock 2.4 + 4 = 6.4: crossings 3…6
        let times = try sim.snapshot().particles.map(\.birthTime)
        let expected = [0.5, 1.0, 1.2 + 0.6 / 5, 1.2 + 1.6 / 5, 1.2 + 2.6 / 5, 1.2 + 3.6 / 5]
        #expect(times.count == expected.count, "births \(times)")
        // ticks: the update at 1.2 s and each birth are rounded to the nearest tick (half a tick each)
        for (t, e) in zip(times, expected) { #expect(abs(t - e) <= Ticks.seconds, "born \(t), expected \(e)") }
    }

    @Test func aStoppedRateResetsTheClock() throws {
        let (layer, cell) = singleCellLayer { $0.birthRate = 2; $0.lifetime = 100 }
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 0)   // the layer starts at host time 0 (Semantics §8)
        try sim.advance(to: 0.8)             // clock 1.6: one birth
        cell.birthRate = 0
        try sim.advance(to: 1.0)
        cell.birthRate = 2
        try sim.advance(to: 1.4)             // fresh clock from 1.0: next birth at 1.5
        #expect(try sim.snapshot().particles.count == 1)
        try sim.advance(to: 1.5)
        let last = try #require(try sim.snapshot().particles.last)
        #expect(last.birthTime == 1.5 && last.identity.serial == 2, "\(last)")
    }

    @Test func cellBeginTimeAndDurationBoundEmission() throws {
        let (layer, _) = singleCellLayer {
            $0.birthRate = 4; $0.lifetime = 100; $0.beginTime = 0.5; $0.duration = 1
        }
        let s = try simulate(layer, times: frames(fps: 60, until: 3))
        let times = s.particles.map(\.birthTime)
        #expect(times == [0.75, 1.0, 1.25], "births \(times): first at begin + 1/r, none at or after begin + duration")
    }

    @Test(arguments: [24.0, 60.0, 144.0, 0.0])
    func parentOf102SecondsWithSubCellRateOneHasExactlyOneChild(fps: Double) throws {
        let child = EmitterCell(name: "burst")
        child.birthRate = 1
        child.lifetime = 20
        let (layer, parent) = singleCellLayer { $0.birthRate = 3; $0.lifetime = 1.02; $0.emitterCells = [child] }
        _ = parent
        let times = fps == 0 ? irregularTimes(until: 6, seed: 3) : frames(fps: fps, until: 6)
        let s = try simulate(layer, times: times)
        let children = s.particles(inCell: [0, 0])
        // Parents are born at k/3; each one's child comes at parent age 1.0, so by t = 6 the
        // parents k = 1…15 (born ≤ 5) have one child each and no parent has two.
        #expect(children.count == 15, "\(fps) fps: \(children.count) children")
        #expect(children.allSatisfy { $0.identity.serial == 1 }, "\(fps) fps: a second child: \(children.filter { $0.identity.serial != 1 })")
        #expect(Set(children.map(\.identity.parent)).count == children.count)
        for c in children {
            // the parent's birth k/3 lies on its nearest tick (half a tick off at most), the child exactly 1 s later
            let k = (c.birthTime - 1.0) * 3
            #expect(abs(k - k.rounded()) <= 3 * Ticks.seconds / 2 + 1e-9, "\(fps) fps: child \(c.identity) born at \(c.birthTime), not parent birth + 1")
        }
    }

    @Test func catchUpJumpsWhenMoreThanOneLifetimeAndMoreThan32Behind() throws {
        let (layer, _) = singleCellLayer { $0.birthRate = 10; $0.lifetime = 2 }
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 0)   // the layer starts at host time 0 (Semantics §8)
        try sim.advance(to: 100)
        let s = try sim.snapshot()
        // Births at k/10; alive at t = 100 are those born after 98: k = 981…1000.
        #expect(s.particles.map(\.identity.serial) == Array(981...1000))
        #expect(s.counters.skipped == 979, "skipped \(s.counters.skipped)")
        #expect(s.counters.born == 21, "created \(s.counters.born): the 20 alive plus the one born exactly at 98")
    }

    @Test func noCatchUpWithin32Births() throws {
        let (layer, _) = singleCellLayer { $0.birthRate = 10; $0.lifetime = 1 }
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 0)   // the layer starts at host time 0 (Semantics §8)
        try sim.advance(to: 3)              // 30 births behind: all created at their ages
        let s = try sim.snapshot()
        #expect(s.counters.skipped == 0)
        #expect(s.counters.born == 30)
        #expect(s.particles.map(\.identity.serial) == Array(21...30))
    }

    @Test func catchUpKeepsEverythingThatCanBeAlive() throws {
        // A jump with catch-up gives the same live particles as stepping (no sub-cells).
        let make = { () -> EmitterLayer in
            let (layer, _) = singleCellLayer {
                $0.birthRate = 50; $0.lifetime = 1.5; $0.lifetimeRange = 1; $0.velocity = 30; $0.emissionRange = 2
                $0.yAcceleration = 9
            }
            return layer
        }
        let jumped = try simulate(make(), times: [40])
        let stepped = try simulate(make(), times: frames(fps: 60, until: 40))
        #expect(jumped.counters.skipped > 0)
        expectSameParticles(jumped, stepped, tolerance: 1e-6, "catch-up vs stepping")
    }

    @Test func layerBirthRateMultipliesTopLevelCellsOnly() throws {
        let sub = EmitterCell(name: "sub")
        sub.birthRate = 2
        sub.lifetime = 50
        let (layer, _) = singleCellLayer { $0.birthRate = 1; $0.lifetime = 50; $0.emitterCells = [sub] }
        layer.birthRate = 3
        let s = try simulate(layer, times: frames(fps: 60, until: 2))
        #expect(s.particles(inCell: [0]).count == 6)
        // Parents born at 1/3, 2/3, …, 2: children at parent age 0.5, 1.0, 1.5.
        // Parents born at 1/3, 2/3, 1, 4/3, 5/3 (and 2) have had 2/3, 4/3, 1, 2/3, 1/3 (and 0)
        // seconds to emit at 2/s: children at parent ages 0.5, 1.0, 1.5 → 3 + 2 + 2 + 1 + 0 = 8.
        #expect(s.particles(inCell: [0, 0]).count == 8)
    }

    @Test func subCellBeginTimeCountsInParentAge() throws {
        let sub = EmitterCell(name: "late")
        sub.birthRate = 20
        sub.lifetime = 0.5
        sub.beginTime = 2.4
        let (layer, _) = singleCellLayer { $0.birthRate = 1; $0.lifetime = 2.5; $0.emitterCells = [sub] }
        let sim = ReferenceSimulator(layer: layer)
        var perParent: [ParticleKey: Set<UInt32>] = [:]
        var parents: [ParticleKey: Double] = [:]
        for t in frames(fps: 60, until: 8) {
            try sim.advance(to: t)
            let s = try sim.snapshot()
            for p in s.particles(inCell: [0]) { parents[p.identity.key] = p.birthTime }
            for c in s.particles(inCell: [0, 0]) {
                perParent[c.identity.parent, default: []].insert(c.identity.serial)
                let parentBirth = try #require(parents[c.identity.parent])
                let age = c.birthTime - parentBirth
                #expect(age > 2.4 && age < 2.5, "child \(c.identity) at parent age \(age)")
            }
        }
        // Window [2.4, 2.5) of parent age at 20/s: a child at 2.45; the crossing at 2.5 is
        // excluded (the parent is dead then).
        #expect(!perParent.isEmpty && perParent.values.allSatisfy { $0 == [1] }, "\(perParent)")
    }

    /// Huge times (rate × time near 2⁶⁴ births) count saturating instead of trapping; times beyond
    /// the accepted range are reported and replaced.
    @Test func absurdTimesDoNotTrap() throws {
        for offset in [1e12, 1e20, 1e300] {
            let (layer, _) = singleCellLayer { $0.birthRate = 1e6; $0.lifetime = 0.001 }
            layer.timeOffset = offset
            let s = try simulate(layer, times: [0, 1e-3])
            if offset <= 1e12 {
                #expect(s.counters.skipped > 0, "timeOffset \(offset)")
            } else {
                #expect(s.diagnostics.contains { $0.keyPath == "timeOffset" && $0.effect == .replaced },
                        "timeOffset \(offset): \(s.diagnostics)")
            }
            #expect(s.particles.allSatisfy { $0.position.x.isFinite && $0.age >= 0 })
        }
    }
}

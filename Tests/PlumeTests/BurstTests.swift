import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Semantics §13 "Bursts": one-shot and repeating emissions at exact ticks, the same at every
/// frame rate, under a seek and under the catch-up rule.
@Suite struct BurstTests {
    /// A cell that only bursts: 5 at 0.25 s, then 3 every 0.5 s from 1 s (4 cycles), then 2 every
    /// 0.3 s from 0.1 s forever with probability 0.5.
    static func burstLayer(lifetime: Float = 10, configure: (EmitterCell) -> Void = { _ in }) -> (EmitterLayer, EmitterCell) {
        singleCellLayer { c in
            c.lifetime = lifetime
            c.velocity = 40
            c.emissionRange = .pi
            c.bursts = [EmitterBurst(time: 0.25, count: 5),
                        EmitterBurst(time: 1, count: 3, cycles: 4, interval: 0.5),
                        EmitterBurst(time: 0.1, count: 2, cycles: 0, interval: 0.3, probability: 0.5)]
            configure(c)
        }
    }

    @Test func aBurstBornsItsCountAtOneTick() throws {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 10
            c.bursts = [EmitterBurst(time: 0.25, count: 5)]
        }
        let s = try simulate(layer, times: frames(fps: 60, until: 1))
        #expect(s.particles.count == 5, "expected 5 particles from one burst, got \(s.particles.count)")
        for p in s.particles {
            #expect(p.birthTime == Ticks.time(Ticks.from(0.25)), "\(p.identity) born at \(p.birthTime), not 0.25 s")
            #expect(p.identity.serial >= BurstClock.firstSerial, "\(p.identity): a burst serial below 2³¹")
        }
        #expect(Set(s.particles.map(\.identity.key)).count == 5, "burst particles share keys")
    }

    @Test func repeatingBurstsFireAtTheirCyclesOnly() throws {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 10
            c.bursts = [EmitterBurst(time: 1, count: 3, cycles: 4, interval: 0.5)]
        }
        let s = try simulate(layer, times: frames(fps: 60, until: 5))
        let times = Dictionary(grouping: s.particles, by: \.birthTime).mapValues(\.count)
        let expected = [1.0, 1.5, 2.0, 2.5].map { Ticks.time(Ticks.from($0)) }
        #expect(times.keys.sorted() == expected, "cycles at \(times.keys.sorted()), expected \(expected)")
        #expect(times.values.allSatisfy { $0 == 3 }, "counts per cycle \(times)")
    }

    /// The same particles (identities, birth times, positions) at 24, 60 and 144 fps and under
    /// irregular steps; with a `birthRate` beside the bursts.
    @Test func theSameParticlesAtEveryFrameRate() throws {
        func run(_ times: [Double]) throws -> ParticleSnapshot {
            let (layer, _) = Self.burstLayer { $0.birthRate = 3 }
            return try simulate(layer, times: times)
        }
        let reference = try run(frames(fps: 60, until: 6))
        #expect(reference.particles.count > 20, "only \(reference.particles.count) particles")
        #expect(reference.particles.contains { $0.identity.serial < BurstClock.firstSerial }, "no birthRate births")
        for (name, times) in [("24 fps", frames(fps: 24, until: 6)), ("144 fps", frames(fps: 144, until: 6)),
                              ("irregular", irregularTimes(until: 6, seed: 25))] {
            expectSameParticles(try run(times), reference, tolerance: 1e-9, "bursts at \(name) vs 60 fps")
        }
    }

    /// A seek (a rebuild from all history) gives what stepping there gives (Semantics §8).
    @Test func aSeekGivesWhatSteppingGives() throws {
        let (stepped, _) = Self.burstLayer(lifetime: 1.2)
        let a = try simulate(stepped, times: frames(fps: 60, until: 7.3))
        let (sought, _) = Self.burstLayer(lifetime: 1.2)
        let sim = ReferenceSimulator(layer: sought)
        try sim.advance(to: 0)
        try sim.advance(to: 9)
        try sim.advance(to: 3)        // backwards: rebuilt
        try sim.advance(to: 7.3)
        expectSameParticles(try sim.snapshot(), a, tolerance: 1e-9, "seek vs stepping")
        #expect(!a.particles.isEmpty, "nothing alive at 7.3 s")
    }

    /// Catch-up: a burst before the layer's `timeOffset` whose particles are dead by then creates
    /// nothing (counted as skipped); one whose particles live still makes them.
    @Test func burstsBeforeTimeOffsetCreateOnlyWhatIsAlive() throws {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 2
            c.bursts = [EmitterBurst(time: 1, count: 7), EmitterBurst(time: 9, count: 4)]
        }
        layer.timeOffset = 10
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 0)
        let s = try sim.snapshot()
        #expect(s.particles.count == 4, "expected the 4 of the burst at 9 s alive at 10 s, got \(s.particles.count)")
        #expect(s.counters.skipped == 7, "the dead burst's 7 particles are skipped, counters \(s.counters)")
        #expect(s.counters.born == 4, "counters \(s.counters)")
    }

    /// A dead burst's particles' sub-cells may still be alive: the catch-up keeps the burst.
    @Test func catchUpKeepsBurstsWhoseChildrenLive() throws {
        func layer() -> EmitterLayer {
            let child = EmitterCell(name: "child")
            child.birthRate = 10
            child.lifetime = 5
            let (layer, _) = singleCellLayer { c in
                c.lifetime = 1
                c.velocity = 30
                c.bursts = [EmitterBurst(time: 0.5, count: 3)]
                c.emitterCells = [child]
            }
            return layer
        }
        let stepped = try simulate(layer(), times: frames(fps: 60, until: 3))
        let l = layer()
        l.timeOffset = 3
        let sim = ReferenceSimulator(layer: l)
        try sim.advance(to: 0)
        let caughtUp = try sim.snapshot()
        #expect(stepped.particles.count == 27, "3 parents × 9 children (ages 0.1 … 0.9) alive at 3 s, got \(stepped.particles.count)")
        expectSameParticles(caughtUp, stepped, tolerance: 1e-9, "catch-up vs stepping")
    }

    @Test func probabilityIsDrawnPerCycleFromTheSeed() throws {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 1000
            c.bursts = [EmitterBurst(count: 1, cycles: 0, interval: 0.01, probability: 0.3)]
        }
        let s = try simulate(layer, times: frames(fps: 30, until: 20))
        let fraction = Double(s.particles.count) / 2000
        #expect(abs(fraction - 0.3) < 0.03, "\(s.particles.count) of 2000 cycles fired with probability 0.3")
        layer.seed = 77
        let other = try simulate(layer, times: frames(fps: 30, until: 20))
        #expect(Set(other.particles.map(\.birthTime)) != Set(s.particles.map(\.birthTime)), "the seed changes nothing")
    }

    @Test func layerBirthRateScalesTheCountAndZeroStopsBursts() throws {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 10
            c.bursts = [EmitterBurst(time: 0.5, count: 10)]
        }
        layer.birthRate = 0.5
        #expect(try simulate(layer, times: frames(fps: 60, until: 1)).particles.count == 5)
        layer.birthRate = 0
        #expect(try simulate(layer, times: frames(fps: 60, until: 1)).particles.isEmpty)
    }

    @Test func aBurstFiresOnlyInTheCellsWindow() throws {
        let (layer, cell) = singleCellLayer { c in
            c.lifetime = 10
            c.beginTime = 1
            c.duration = 2
            c.bursts = [EmitterBurst(time: 0.5, count: 2, cycles: 0, interval: 1)]
        }
        _ = cell
        let s = try simulate(layer, times: frames(fps: 60, until: 6))
        let times = Set(s.particles.map(\.birthTime)).sorted()
        #expect(times == [1.5, 2.5].map { Ticks.time(Ticks.from($0)) }, "cycles at \(times): the window is [1, 3)")
    }

    @Test func badBurstValuesAreReported() throws {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 10
            c.bursts = [EmitterBurst(time: .nan, count: 3), EmitterBurst(count: -2),
                        EmitterBurst(count: 1, cycles: 3, interval: 0), EmitterBurst(count: 1, probability: .nan)]
        }
        let s = try simulate(layer, times: [0, 0.5])
        let keys = Set(s.diagnostics.map(\.keyPath))
        for key in ["emitterCells.c.bursts[0].time", "emitterCells.c.bursts[1].count",
                    "emitterCells.c.bursts[2].interval", "emitterCells.c.bursts[3].probability"] {
            #expect(keys.contains(key), "no diagnostic for \(key): \(s.diagnostics)")
        }
        #expect(s.particles.count == 1, "only the interval-0 burst fires (once): \(s.particles.count)")
    }

    @Test func aSubCellsBurstsAreReportedAndIgnored() throws {
        let child = EmitterCell(name: "child")
        child.lifetime = 5
        child.bursts = [EmitterBurst(count: 4)]
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 5
            c.bursts = [EmitterBurst(count: 1)]
            c.emitterCells = [child]
        }
        let s = try simulate(layer, times: [0, 1])
        #expect(s.particles.count == 1, "got \(s.particles.count)")
        #expect(s.diagnostics.contains { $0.keyPath == "emitterCells.c.emitterCells.child.bursts" }, "\(s.diagnostics)")
    }

    @Test func burstsGoThroughKeyPathsAndEffectFiles() throws {
        let (layer, cell) = singleCellLayer { $0.lifetime = 1 }
        let bursts = [EmitterBurst(time: 0.5, count: 12, cycles: 0, interval: 0.25, probability: 0.75), EmitterBurst()]
        try layer.validateAndSetValue(bursts, forKeyPath: "emitterCells.c.bursts")
        #expect(cell.bursts == bursts)
        #expect(try layer.validatedValue(forKeyPath: "emitterCells.c.bursts") as? [EmitterBurst] == bursts)
        let data = try EffectFile.encode(layer)
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"bursts\""), "the file has no bursts: \(text)")
        let back = try EffectFile.decode(data).layer
        #expect(back.emitterCells?.first?.bursts == bursts, "read back \(back.emitterCells?.first?.bursts ?? [])")
    }
}

extension BurstTests {
    /// Capacity (Semantics §3): a burst beyond the cell's capacity makes what fits and counts the
    /// rest as dropped, reported.
    @Test func aBurstBeyondCapacityDropsTheRestCounted() throws {
        let (layer, _) = singleCellLayer { c in
            c.lifetime = 10
            c.birthRate = 4
            c.bursts = [EmitterBurst(time: 0.5, count: 300)]
        }
        let s = try simulate(layer, times: frames(fps: 60, until: 1), limits: SimulationLimits(maxParticlesPerCell: 100))
        #expect(s.particles.count == 100, "got \(s.particles.count)")
        #expect(s.counters.dropped == 204, "2 clock births before the burst, 204 of 304 dropped: \(s.counters)")
        #expect(s.diagnostics.contains { $0.effect == .birthsDropped }, "\(s.diagnostics)")
    }
}

import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Semantics §15 "Events to the game": per subscription and update, the count of births or deaths
/// of a cell and a bounded sample (identity, time, position, velocity), without a snapshot.
@Suite struct EventReportTests {
    /// The shells of EventSubCellTests: `shells` born at 0, dying at 1.013 s, sparks at their deaths.
    static func layer(shells: Int = 3) -> EmitterLayer { EventSubCellTests.shellLayer(shells: shells) }

    @Test func deathsAreReportedInTheirUpdateWhereTheChildrenStart() throws {
        let sim = ReferenceSimulator(layer: Self.layer())
        sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .death),
                                  ParticleEventSubscription(cellPath: [0], event: .birth)]
        var deaths: [ParticleEventReport] = []
        var births: UInt64 = 0
        for t in frames(fps: 60, until: 1.2) {
            try sim.advance(to: t)
            let reports = sim.takeEventReports(wait: false)
            #expect(reports.count == 2, "one report per subscription and update, got \(reports.count)")
            deaths += reports.filter { $0.subscription.event == .death && $0.count > 0 }
            births += reports.filter { $0.subscription.event == .birth }.reduce(0) { $0 + $1.count }
        }
        #expect(births == 3, "3 shells born, reported \(births)")
        #expect(deaths.count == 1 && deaths.first?.count == 3, "3 deaths in one update: \(deaths.map(\.count))")
        guard let report = deaths.first else { return }
        #expect(report.layerTime >= 1.013 && report.layerTime < 1.013 + 1.0 / 60, "reported at \(report.layerTime)")
        let sparks = try sim.snapshot().particles.filter { $0.identity.cellPath == [0, 0] }
        for e in report.sample {
            #expect(e.time == Ticks.time(Ticks.from(1.013)), "\(e.identity) died at \(e.time)")
            let children = sparks.filter { $0.identity.parent == e.identity.key }
            #expect(children.count == 5, "\(e.identity): \(children.count) sparks")
            for c in children {
                #expect(maxAbs(c.position - e.position) < 1e-9, "\(c.identity) at \(c.position), its shell died at \(e.position)")
            }
        }
    }

    @Test func theCountIsWholeAndTheSampleBounded() throws {
        let sim = ReferenceSimulator(layer: Self.layer(shells: 500))
        sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .birth, sampleLimit: 16),
                                  ParticleEventSubscription(cellPath: [0, 0], event: .birth, sampleLimit: 0)]
        try sim.advance(to: 0)
        try sim.advance(to: 1.1)
        let reports = sim.takeEventReports(wait: true)
        #expect(reports.map(\.count) == [500, 0, 0, 2500], "\(reports.map(\.count))")
        #expect(reports[0].sample.count == 16 && reports[3].sample.isEmpty)
        #expect(sim.takeEventReports(wait: true).isEmpty, "reports are taken once")
    }

    /// The same events, whatever the frame rate (counts summed; every event sampled).
    @Test func theSameEventsAtEveryFrameRate() throws {
        func events(_ times: [Double]) throws -> (UInt64, Set<ParticleEvent>) {
            let sim = ReferenceSimulator(layer: Self.layer())
            sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .death),
                                      ParticleEventSubscription(cellPath: [0, 0], event: .birth)]
            var count: UInt64 = 0
            var all = Set<ParticleEvent>()
            for t in times {
                try sim.advance(to: t)
                for r in sim.takeEventReports(wait: false) {
                    count += r.count
                    all.formUnion(r.sample)
                }
            }
            return (count, all)
        }
        let (count, reference) = try events(frames(fps: 60, until: 2))
        #expect(count == 18, "3 deaths and 15 spark births, got \(count)")
        for (name, times) in [("24 fps", frames(fps: 24, until: 2)), ("144 fps", frames(fps: 144, until: 2)),
                              ("irregular", irregularTimes(until: 2, seed: 8))] {
            let (c, e) = try events(times)
            #expect(c == count, "\(name): \(c) events")
            let a = reference.sorted { $0.identity < $1.identity }, b = e.sorted { $0.identity < $1.identity }
            #expect(a.map(\.identity) == b.map(\.identity), "\(name): other particles")
            for (x, y) in zip(a, b) {
                #expect(x.time == y.time && maxAbs(x.position - y.position) < 1e-9, "\(name): \(x) vs \(y)")
            }
        }
    }
}

import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Issue 26 items 1 and 4: the `kill` response and the collision event (Semantics §12
/// "Collisions", §14 "Event sub-cells", §15 "Events to the game") on the reference simulator.
struct CollisionEventTests {
    /// One particle a second (born at 1, 2, 3 … s) dropped from rest at (100, 0) onto the floor at
    /// y = 100 under g = 100 pt/s² (it hits √2 s after its birth, at 100√2 pt/s), with the floor's
    /// `response`.
    static func drop(response: EmitterBehavior.CollisionResponse = .bounce, restitution: CGFloat = 0.5,
                     sub: EmitterCell? = nil) -> EmitterLayer {
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 100, y: 0)
        let cell = EmitterCell(name: "drop")
        cell.birthRate = 1; cell.lifetime = 10; cell.yAcceleration = 100
        if let sub { cell.emitterCells = [sub] }
        layer.emitterCells = [cell]
        layer.emitterBehaviors = [ColliderTests.floor(restitution: restitution, response: response)]
        return layer
    }

    /// `count` particles at each event, at rest and without acceleration: they stay where the event put them.
    static func marker(_ event: EmitterEvent, count: Int64 = 2) -> EmitterCell {
        let c = EmitterCell(name: "mark")
        c.emissionEvent = event; c.eventCount = Float(count); c.lifetime = 20
        c.parentVelocityFraction = 0
        return c
    }

    /// The hit of a particle dropped from rest: `T = 1 + √2 s`, y = 100, and each collision event
    /// makes `eventCount` children there (they stay: no velocity, no acceleration).
    @Test func aCollisionSubCellFiresAtTheHit() throws {
        let sim = ReferenceSimulator(layer: Self.drop(sub: Self.marker(.collision)))
        sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .collision)]
        var hits: [ParticleEvent] = []
        for t in frames(fps: 60, until: 2.6) {
            try sim.advance(to: t)
            for r in sim.takeEventReports(wait: true) { hits += r.sample }
        }
        let first = try #require(hits.first, "no collision reported by 2.6 s")
        #expect(hits.count == 1 && abs(first.time - 1 - 2.0.squareRoot()) < 1e-4 && abs(first.position.y - 100) < 1e-9
                && first.collider == 0 && abs(first.velocity.y - 100 * 2.0.squareRoot()) < 0.01,
                "collisions by 2.6 s (seed 0): \(hits)")
        #expect(abs(first.time * Ticks.perSecond - (first.time * Ticks.perSecond).rounded()) < 1e-9,
                "the event's time is a tick: \(first.time)")
        let marks = try sim.snapshot().particles.filter { $0.identity.cellPath == [0, 0] }
        #expect(marks.count == 2 && marks.allSatisfy { abs($0.position.y - 100) < 1e-9 && abs($0.position.x - 100) < 1e-9 },
                "children of the hit at 2.6 s: \(marks.map(\.position))")
        #expect(Set(marks.map(\.identity.serial)) == [1, 2], "serials of the first event: \(marks.map(\.identity))")
    }

    /// Kill: the particle dies at the hit's tick; its death event and death sub-cell are there.
    @Test func aKillColliderEndsTheParticleAtTheHit() throws {
        let sim = ReferenceSimulator(layer: Self.drop(response: .kill, sub: Self.marker(.death, count: 1)))
        sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .death),
                                  ParticleEventSubscription(cellPath: [0], event: .collision)]
        var deaths: [ParticleEvent] = [], collisions: [ParticleEvent] = []
        for t in frames(fps: 30, until: 2.6) {
            try sim.advance(to: t)
            let alive = try sim.snapshot().particles.filter { $0.identity.cellPath == [0] }
            #expect(alive.allSatisfy { $0.position.y <= 100 + Collisions.tolerance }, "t = \(t): \(alive.map(\.position))")
            for r in sim.takeEventReports(wait: true) {
                if r.subscription.event == .death { deaths += r.sample } else { collisions += r.sample }
            }
        }
        let death = try #require(deaths.first, "no death by 2.6 s")
        #expect(deaths.count == 1 && abs(death.time - 1 - 2.0.squareRoot()) < 1e-4 && abs(death.position.y - 100) < 1e-9,
                "deaths: \(deaths)")
        #expect(collisions.count == 1 && collisions[0].time == death.time, "the kill is a collision too: \(collisions)")
        let snapshot = try sim.snapshot()
        let marks = snapshot.particles.filter { $0.identity.cellPath == [0, 0] }
        #expect(marks.count == 1 && abs(marks[0].position.y - 100) < 1e-9, "death children: \(marks.map(\.position))")
        #expect(snapshot.particles.filter { $0.identity.cellPath == [0] }.count == 1, "only the second drop is alive")
    }

    /// Swept: a particle at 20 000 pt/s (330 points an update at 60 updates/s, 10⁵ times a
    /// tolerance's thickness) is killed at the floor at every rate, its death on the floor.
    @Test func aFastParticleIsKilledAtTheFloor() throws {
        for fps in [30.0, 60, 144, 240] {
            let deaths = try ColliderTests.deaths(of: ColliderTests.bullets([ColliderTests.floor(response: .kill)]),
                                                  fps: fps) { snapshot, t in
                #expect(snapshot.particles.allSatisfy { $0.position.y <= 100 + Collisions.tolerance }, "t = \(t)")
            }
            // born at k/20 s, 50 points above the floor: dead 1/400 s later (19 by 1 s)
            #expect(deaths.count == 19 && deaths.allSatisfy { abs($0.position.y - 100) < 1e-9 },
                    "\(fps) updates/s: \(deaths.count) deaths, first \(deaths.prefix(2))")
            for d in deaths {
                let born = Double(d.identity.serial) / 20
                #expect(abs(d.time - born - 1.0 / 400) < 2 / Ticks.perSecond, "\(fps) updates/s: \(d)")
            }
        }
    }

    /// A particle that comes to rest on the floor (restitution 0) meets it at every grid step but
    /// makes one collision event: the chord that reaches it from clear of it.
    @Test func aRestingParticleMakesOneEvent() throws {
        let sim = ReferenceSimulator(layer: Self.drop(restitution: 0))
        sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .collision)]
        var count: UInt64 = 0
        for t in frames(fps: 60, until: 4.5) {
            try sim.advance(to: t)
            count += sim.takeEventReports(wait: true).reduce(0) { $0 + $1.count }
        }
        #expect(count == 3, "collision events of the drops born at 1, 2 and 3 s by 4.5 s: \(count)")
    }

    static func sparks(response: EmitterBehavior.CollisionResponse = .bounce) -> EmitterLayer {
        let layer = ColliderTests.layer()
        let spark = EmitterCell(name: "spark")
        spark.emissionEvent = .collision; spark.eventCount = 2; spark.lifetime = 0.6
        spark.velocity = 60; spark.emissionRange = .pi; spark.emissionLongitude = -.pi / 2
        spark.parentVelocityFraction = 0.2
        let ash = EmitterCell(name: "ash")
        ash.emissionEvent = .death; ash.eventCount = 1; ash.lifetime = 0.5
        let drop = layer.emitterCells![0]
        drop.emitterCells = [spark, ash]
        // alive longer than the jumps of expectSameParticlesAtAnyRateAndAfterJumps (4 s): the
        // catch-up rule skips the parents dead by then, and their children with them (Semantics §14)
        drop.lifetime = 5; drop.lifetimeRange = 1
        for b in layer.emitterBehaviors! { b.cellNames = ["drop"] }    // the sparks fly free
        if response == .kill { layer.emitterBehaviors![1].collisionResponse = .kill }
        return layer
    }

    /// The sub-cells of collisions and kills are frame-rate independent: the same particles at
    /// 30/60/144/240 updates/s, after a time offset and after a seek.
    @Test func collisionAndKillChildrenAreTheSameAtAnyRateAndAfterJumps() throws {
        for response in [EmitterBehavior.CollisionResponse.bounce, .kill] {
            let snapshot = try expectSameParticlesAtAnyRateAndAfterJumps({ Self.sparks(response: response) },
                                                                      "collision sub-cells, floor \(response)")
            let sparks = snapshot.particles.filter { $0.identity.cellPath == [0, 0] }
            #expect(sparks.count > 10, "\(response): \(sparks.count) sparks at 4 s")
            if response == .kill {
                let ash = snapshot.particles.filter { $0.identity.cellPath == [0, 1] }
                #expect(ash.count > 5, "ash of the killed drops: \(ash.count)")
                #expect(ash.allSatisfy { abs($0.position.y - 400) < 1e-9 }, "ash away from the floor: \(ash.prefix(2))")
            }
        }
    }

    /// The collision reports are the same events at any rate (spread over other updates): the
    /// same particles, ticks and colliders, points within 1e-9.
    @Test func collisionReportsAreTheSameAtAnyRate() throws {
        func reports(_ times: [Double]) throws -> [ParticleEvent] {
            let sim = ReferenceSimulator(layer: Self.sparks())
            sim.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .collision, sampleLimit: 4096)]
            var all: [ParticleEvent] = []
            for t in times {
                try sim.advance(to: t)
                for r in sim.takeEventReports(wait: true) {
                    #expect(r.count == UInt64(r.sample.count))
                    all += r.sample
                }
            }
            return all.sorted { ($0.identity, $0.time) < ($1.identity, $1.time) }
        }
        let reference = try reports(frames(fps: 60, until: 3))
        #expect(reference.count > 40 && Set(reference.compactMap(\.collider)) == [0, 1],
                "\(reference.count) collisions, colliders \(Set(reference.compactMap(\.collider)))")
        for (name, times) in [("30", frames(fps: 30, until: 3)), ("144", frames(fps: 144, until: 3)),
                              ("240", frames(fps: 240, until: 3)), ("irregular", irregularTimes(until: 3, seed: 7))] {
            let other = try reports(times)
            #expect(other.count == reference.count, "\(name) updates/s: \(other.count) vs \(reference.count) collisions")
            for (a, b) in zip(reference, other) where a.identity != b.identity || a.time != b.time || a.collider != b.collider
                || maxAbs(a.position - b.position) > 1e-9 {
                Issue.record("\(name) updates/s: \(b) differs from 60's \(a)")
                break
            }
        }
    }
}

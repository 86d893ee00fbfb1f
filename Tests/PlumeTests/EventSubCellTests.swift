import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Semantics §14 "Event sub-cells": sub-cells that emit at their parents' birth or death, at the
/// event's exact tick and place, any number per cell and at any depth, none dropped below capacity.
@Suite struct EventSubCellTests {
    /// A shell born at 0 (a burst of `shells`) living 1.013 s, flying at 100 pt/s under gravity,
    /// with a death sub-cell of `count` sparks that keep still (to read where they were born).
    static func shellLayer(shells: Int = 3, count: Float = 5, configure: (EmitterCell) -> Void = { _ in }) -> EmitterLayer {
        let spark = EmitterCell(name: "spark")
        spark.emissionEvent = .death
        spark.eventCount = count
        spark.lifetime = 2
        spark.velocity = 0
        configure(spark)
        let shell = EmitterCell(name: "shell")
        shell.lifetime = 1.013
        shell.velocity = 100
        shell.emissionRange = 2 * .pi
        shell.yAcceleration = 50
        shell.bursts = [EmitterBurst(count: shells)]
        shell.emitterCells = [spark]
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 100, y: 200)
        layer.emitterCells = [shell]
        return layer
    }

    @Test func deathChildrenStartAtTheDeathsTickAndPlace() throws {
        let layer = Self.shellLayer()
        let before = try simulate(layer, times: frames(fps: 60, until: 1))
        let shells = before.particles.filter { $0.identity.cellPath == [0] }
        #expect(shells.count == 3)
        let after = try simulate(Self.shellLayer(), times: frames(fps: 60, until: 1.5))
        let sparks = after.particles.filter { $0.identity.cellPath == [0, 0] }
        #expect(sparks.count == 15, "3 shells × 5 sparks, got \(sparks.count)")
        let death = Ticks.time(Ticks.from(1.013))
        for spark in sparks {
            #expect(spark.birthTime == death, "\(spark.identity) born at \(spark.birthTime), the shell died at \(death)")
            guard let shell = shells.first(where: { $0.identity.key == spark.identity.parent }) else {
                Issue.record("\(spark.identity): no shell is its parent")
                continue
            }
            // The shell's closed-form motion (Semantics §5) from 1 s to its death.
            let dt = death - 1.0
            let expected = shell.position + shell.velocity * dt + 0.5 * SIMD3(0, 50, 0) * dt * dt
            #expect(maxAbs(spark.position - expected) < 1e-9, "\(spark.identity) at \(spark.position), the shell died at \(expected)")
            #expect((1...5).contains(spark.identity.serial), "serial \(spark.identity.serial)")
        }
    }

    /// The same children at 24, 60 and 144 fps and under irregular steps (the death at 1.013 s
    /// falls between frames at each rate).
    @Test func theSameChildrenAtEveryFrameRate() throws {
        let reference = try simulate(Self.shellLayer(), times: frames(fps: 60, until: 2.5))
        #expect(reference.particles.count == 15)
        for (name, times) in [("24 fps", frames(fps: 24, until: 2.5)), ("144 fps", frames(fps: 144, until: 2.5)),
                              ("irregular", irregularTimes(until: 2.5, seed: 14)), ("one step", [0, 2.5])] {
            expectSameParticles(try simulate(Self.shellLayer(), times: times), reference, tolerance: 1e-9,
                                "death children at \(name) vs 60 fps")
        }
    }

    @Test func birthChildrenStartWhereTheParentIsBorn() throws {
        let flash = EmitterCell(name: "flash")
        flash.emissionEvent = .birth
        flash.eventCount = 2
        flash.lifetime = 5
        let layer = Self.shellLayer { _ in }
        layer.emitterCells![0].emitterCells!.append(flash)
        layer.emitterCells![0].birthRate = 2
        let s = try simulate(layer, times: frames(fps: 30, until: 0.9))
        let parents = s.particles.filter { $0.identity.cellPath == [0] }
        let flashes = s.particles.filter { $0.identity.cellPath == [0, 1] }
        #expect(parents.count == 4, "3 from the burst, 1 at 0.5 s: \(parents.count)")
        #expect(flashes.count == 2 * parents.count, "2 per parent: \(flashes.count)")
        for f in flashes {
            let parent = parents.first { $0.identity.key == f.identity.parent }
            #expect(parent?.birthTime == f.birthTime, "\(f.identity) born at \(f.birthTime), its parent at \(parent?.birthTime ?? .nan)")
            #expect(maxAbs(f.position - SIMD3(100, 200, 0)) < 1e-9, "born at the emitter, at \(f.position)")
        }
    }

    /// Any depth: sparks that die spawn smoke at their death; a cell has several event sub-cells
    /// beside a life one.
    @Test func eventsAtAnyDepthAndSeveralPerCell() throws {
        let smoke = EmitterCell(name: "smoke")
        smoke.emissionEvent = .death
        smoke.eventCount = 2
        smoke.lifetime = 3
        let layer = Self.shellLayer { spark in
            spark.lifetime = 0.5
            spark.velocity = 20
            spark.emitterCells = [smoke]
        }
        let trail = EmitterCell(name: "trail")
        trail.birthRate = 10
        trail.lifetime = 3
        let flash = EmitterCell(name: "flash")
        flash.emissionEvent = .birth
        flash.eventCount = 1
        flash.lifetime = 3
        layer.emitterCells![0].emitterCells! += [trail, flash]
        let s = try simulate(layer, times: frames(fps: 60, until: 2))
        let count = Dictionary(grouping: s.particles, by: \.identity.cellPath).mapValues(\.count)
        #expect(count[[0, 0, 0]] == 30, "3 shells × 5 sparks × 2 smoke, got \(count)")
        #expect(count[[0, 2]] == 3, "one flash per shell, got \(count)")
        #expect(count[[0, 1]] == 30, "3 shells × 10 trail births in 1.013 s, got \(count)")
        expectSameParticles(try simulate(layer, times: irregularTimes(until: 2, seed: 3)), s, tolerance: 1e-9, "irregular")
    }

    /// None dropped (issue 25 item 3): 10⁵ parents dying in one frame give exactly N·k children.
    @Test func hundredThousandDeathsInOneFrameGiveEveryChild() throws {
        let layer = Self.shellLayer(shells: 100_000, count: 3)
        let s = try simulate(layer, times: [0, 0.5, 1.0, 1.02])
        #expect(s.particles.filter { $0.identity.cellPath == [0, 0] }.count == 300_000)
        #expect(s.counters.dropped == 0, "\(s.counters)")
    }

    /// Beyond capacity: an exact count of drops, counted and reported.
    @Test func beyondCapacityTheDropsAreCountedExactly() throws {
        let layer = Self.shellLayer(shells: 1000, count: 3)
        let s = try simulate(layer, times: [0, 0.5, 1.0, 1.02], limits: SimulationLimits(maxParticlesPerCell: 2000))
        #expect(s.particles.filter { $0.identity.cellPath == [0, 0] }.count == 2000)
        #expect(s.counters.dropped == 1000, "3000 children, 2000 fit: \(s.counters)")
        #expect(s.diagnostics.contains { $0.keyPath == "emitterCells.shell.emitterCells.spark" && $0.effect == .birthsDropped },
                "\(s.diagnostics)")
    }

    @Test func childrenTakeTheInheritedFractions() throws {
        func spark(_ configure: @escaping (EmitterCell) -> Void) throws -> SnapshotParticle? {
            let layer = Self.shellLayer(shells: 1, count: 1) { s in
                s.scale = 1
                configure(s)
            }
            layer.scale = 0.5
            let shell = layer.emitterCells![0]
            shell.scale = 3
            shell.color = Color(red: 0.2, green: 0.4, blue: 0.6, alpha: 0.8)
            return try simulate(layer, times: [0, 1.1]).particles.first { $0.identity.cellPath == [0, 0] }
        }
        let whole = try spark { _ in }
        #expect(whole?.scale == 1.5, "the parent's scale (3 × layer 0.5), got \(whole?.scale ?? .nan)")
        let none = try spark { $0.parentScaleFraction = 0; $0.parentColorFraction = 0 }
        #expect(none?.scale == 0.5, "the layer's scale, got \(none?.scale ?? .nan)")
        #expect(none.map { maxAbs($0.color - SIMD4(1, 1, 1, 1)) < 1e-7 } == true, "own colour, got \(String(describing: none?.color))")
        let half = try spark { $0.parentColorFraction = 0.5; $0.parentVelocityFraction = 1 }
        #expect(half.map { maxAbs($0.color - SIMD4(0.6, 0.7, 0.8, 0.9)) < 1e-7 } == true, "half way, got \(String(describing: half?.color))")
        #expect(half.map { length($0.velocity) > 50 } == true, "the shell's velocity, got \(String(describing: half?.velocity))")
    }

    @Test func collisionAndTopLevelEventsFireNothing() throws {
        let layer = Self.shellLayer { $0.emissionEvent = .collision }
        layer.emitterCells![0].emissionEvent = .death
        let s = try simulate(layer, times: frames(fps: 30, until: 2))
        #expect(s.particles.filter { $0.identity.cellPath == [0, 0] }.isEmpty)
        #expect(s.diagnostics.contains { $0.keyPath == "emitterCells.shell.emissionEvent" }, "\(s.diagnostics)")
    }
}

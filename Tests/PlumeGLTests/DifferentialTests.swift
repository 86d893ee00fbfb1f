import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// The heart of the GPU path's correctness: every scenario runs on the GPU simulator and on the
/// CPU reference through the same host times, and their snapshots must agree particle by particle
/// (same identities, attributes within `Tolerance`). Runs on Mesa llvmpipe in CI.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct DifferentialTests {
    @Test(arguments: Scenarios.all)
    func gpuMatchesReference(_ scenario: Scenario) throws {
        try Self.run(scenario)
    }

    /// Motion behaviours (Semantics §12), in their own test so they can be run alone.
    @Test(arguments: Scenarios.motion)
    func gpuMatchesReferenceUnderMotion(_ scenario: Scenario) throws {
        try Self.run(scenario)
    }

    /// Bursts (Semantics §13), in their own test so they can be run alone.
    @Test(arguments: Scenarios.bursts)
    func gpuMatchesReferenceWithBursts(_ scenario: Scenario) throws {
        try Self.run(scenario)
    }

    /// Event sub-cells (Semantics §14), in their own test so they can be run alone.
    @Test(arguments: Scenarios.events)
    func gpuMatchesReferenceWithEvents(_ scenario: Scenario) throws {
        try Self.run(scenario)
    }

    /// Collision events and kills (Semantics §12 "Collisions", §14), in their own test so they can
    /// be run alone.
    @Test(arguments: Scenarios.collisions)
    func gpuMatchesReferenceWithCollisions(_ scenario: Scenario) throws {
        try Self.run(scenario)
    }

    /// Heightfield and distance-field colliders (Semantics §12 "Collisions"): bounce, stick, kill
    /// and collision events on each, in their own test so they can be run alone.
    @Test(arguments: Scenarios.fieldCollisions)
    func gpuMatchesReferenceWithFieldColliders(_ scenario: Scenario) throws {
        try Self.run(scenario)
    }

    /// Moving colliders (Semantics §12 "Moving colliders"): animated and host-moved floors that
    /// lift, carry and bounce particles, in their own test so they can be run alone.
    @Test(arguments: Scenarios.movingColliders)
    func gpuMatchesReferenceWithMovingColliders(_ scenario: Scenario) throws {
        try Self.run(scenario)
    }

    /// Issue 26 item 4: the colliders' gaps in the scenarios above (the box at every rate and
    /// under both jumps, the sphere caught up, the field colliders and the vortex under a seek), in
    /// their own test so they can be run alone.
    @Test(arguments: Scenarios.colliderCoverage)
    func gpuMatchesReferenceAcrossColliders(_ scenario: Scenario) throws {
        try Self.run(scenario)
    }

    /// Trails (Semantics §10 "Trails"): every trail point of every particle, at 30, 60, 144 and
    /// 240 updates/s, irregular steps, under catch-up and seek, under each motion class.
    @Test(arguments: Scenarios.trails)
    func gpuMatchesReferenceWithTrails(_ scenario: Scenario) throws {
        try Self.run(scenario)
    }

    /// The presets of issue 26's families (bouncing sparks, curling smoke, comets), as shipped.
    @Test(arguments: Scenarios.familyPresets)
    func gpuMatchesReferenceOnTheFamilyPresets(_ scenario: Scenario) throws {
        try Self.run(scenario)
    }

    static func run(_ scenario: Scenario) throws {
        let worst = try GPU.run { context -> WorstErrors in
            let gpuLayer = scenario.make(), cpuLayer = scenario.make()
            let gpu = try GPUSimulator(layer: gpuLayer, context: context)
            let cpu = ReferenceSimulator(layer: cpuLayer)
            var worst = WorstErrors()
            var compared = 0
            for (i, t) in scenario.times.enumerated() {
                scenario.edit(gpuLayer, t)
                scenario.edit(cpuLayer, t)
                try gpu.advance(to: t)
                try cpu.advance(to: t)
                if i % scenario.compareEvery == 0 || i == scenario.times.count - 1 {
                    let g = try gpu.snapshot(), c = try cpu.snapshot()
                    worst.merge(compareSnapshots(gpu: g, cpu: c, configuration: scenario.name, seed: gpuLayer.seed,
                                                 birthTicks: scenario.birthTicks, position: scenario.position,
                                                 velocity: scenario.velocity))
                    #expect(g.diagnostics == c.diagnostics, "\(scenario.name) at \(t): diagnostics differ")
                    // the draws reach a grid record's age from its anchor without a grid step
                    let behind = try gpu.gridAnchorsBehind()
                    #expect(behind.isEmpty, "\(scenario.name) (seed \(gpuLayer.seed)) at \(t): \(behind.count) records past their anchor's grid step, e.g. \(behind.prefix(3))")
                    compared += 1
                }
            }
            #expect(compared >= 4)
            return worst
        }
        #expect(worst.compared > 0, "\(scenario.name): no particle was ever compared")
        if scenario.name.hasPrefix("trail") || scenario.name.hasPrefix("preset comet") {
            #expect(worst.trailPoints > 0, "\(scenario.name): no trail point was ever compared")
        }
        print("differential \(scenario.name): \(worst)")
    }

    /// The scenarios together set every layer and cell property away from its default.
    @Test func scenariosTouchEveryProperty() throws {
        var touched = Set<String>()
        let freshLayer = EmitterLayer(), freshCell = EmitterCell()
        func differs(_ a: Any?, _ b: Any?) -> Bool { "\(a ?? "nil")" != "\(b ?? "nil")" }
        func visit(_ cell: EmitterCell) throws {
            for key in EmitterCell.keyTable.keys where !key.contains(".") {
                if differs(try cell.validatedValue(forKeyPath: key), try freshCell.validatedValue(forKeyPath: key)) { touched.insert("cell." + key) }
            }
            try cell.emitterCells?.forEach(visit)
        }
        for scenario in Scenarios.all + Scenarios.bursts + Scenarios.events + Scenarios.trails {
            let layer = scenario.make()
            for t in scenario.times.prefix(700) { scenario.edit(layer, t) }
            for key in EmitterLayer.keyTable.keys where !key.contains(".") {
                if differs(try layer.validatedValue(forKeyPath: key), try freshLayer.validatedValue(forKeyPath: key)) { touched.insert("layer." + key) }
            }
            try layer.emitterCells?.forEach(visit)
        }
        // The Layer properties (name, geometry, opacity, isHidden, masksToBounds) only place and
        // fade the picture: the renderer tests cover them, the simulators never read them.
        let all = Set(EmitterLayer.keyTable.keys.filter { !$0.contains(".") && !EmitterLayer.drawingKeys.contains($0) }
                      .map { "layer." + $0 }
                      + EmitterCell.keyTable.keys.filter { !$0.contains(".") && $0 != "enabled" }.map { "cell." + $0 })
        let untouched = all.subtracting(touched).sorted()
        #expect(untouched.isEmpty, "properties no scenario sets: \(untouched)")
    }
}

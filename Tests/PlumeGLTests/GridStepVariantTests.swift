import Foundation
@testable import Plume
@testable import PlumeGL
import Testing

/// Semantics §12: every record of an update crosses the same grid points (the layer times in it
/// that are multiples of 1/64 s), so a steady grid update compiles their count
/// (`ProgramFeatures.gridSteps`, `GRID_STEPS`): 1 to 3 steps written out, and an update that crosses
/// none takes the plain update. The variants give the reference's particles at the rates that take
/// each of them.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct GridStepVariantTests {
    @Test func theGridPointsOfAnUpdateAreCounted() {
        let h = Int64(BehaviorMotion.gridTicks)
        let cases: [(Int64, Int64, Int64)] = [(0, 1023, 0), (0, 1024, 1), (1023, 1024, 1), (1024, 2047, 0), (-1, 0, 1),
                                              (-2048, -1, 1), (-2049, -1, 2), (0, 1092, 1), (1000, 2200, 2),
                                              (5 * h - 1, 7 * h, 3), (0, 100 * h, 100)]
        for (t0, t1, k) in cases {
            #expect(GPUSimulator.gridSteps(from: t0, to: t1) == k, "grid points in (\(t0), \(t1)]")
        }
    }

    /// A turbulence cell at 30, 60 and 144 updates/s (2 or 3, 1 or 2, and 0 or 1 grid points an
    /// update): every steady update takes the variant of the grid points it crosses (0: the plain
    /// update), and the particles are the reference's within the differential bound, every
    /// record's anchor in the grid step that holds its age.
    @Test(arguments: [30.0, 60, 144])
    func compiledStepsGiveTheReferencesParticles(_ fps: Double) throws {
        try GPU.run { context in
            let make = { Scenarios.behaviorLayer([Scenarios.turbulence()]) }
            let gpuLayer = make(), cpuLayer = make()
            let gpu = try GPUSimulator(layer: gpuLayer, context: context)
            let cpu = ReferenceSimulator(layer: cpuLayer)
            var taken = Set<Int>()
            var t0 = Ticks.from(0.0)
            for (i, t) in steps(fps: fps, until: 3).enumerated() {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
                let t1 = Ticks.from(t)
                // the first updates build the cell (not steady: it loops) and may hold no record yet
                if i > 1, let steps = gpu.lastGridSteps["emitterCells.curved"] {
                    let crossed = Int(GPUSimulator.gridSteps(from: t0, to: t1))
                    #expect(steps == crossed, "at \(fps)/s, \(t) s: the update took \(String(describing: steps)) compiled steps, it crossed \(crossed) grid points")
                    if let steps { taken.insert(steps) }
                }
                t0 = t1
            }
            let expected: Set<Int> = fps == 30 ? [2, 3] : fps == 60 ? [1, 2] : [0, 1]
            #expect(taken == expected, "at \(fps)/s: steps \(taken.sorted())")
            let worst = compareSnapshots(gpu: try gpu.snapshot(), cpu: try cpu.snapshot(), configuration: "turbulence at \(fps)/s",
                                         seed: gpuLayer.seed)
            #expect(worst.compared > 50)
            let behind = try gpu.gridAnchorsBehind()
            #expect(behind.isEmpty, "\(behind.prefix(3))")
            print("compiled grid steps at \(fps) updates/s: \(taken.sorted()); \(worst)")
        }
    }
}

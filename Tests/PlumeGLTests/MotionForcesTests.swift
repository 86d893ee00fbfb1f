import Foundation
@testable import Plume
@testable import PlumeGL
import Testing

/// The force terms a grid cell's program variant compiles (MotionForces, `MOTION_FORCES` in
/// Shaders/plume_motion_behaviors.glsl): a single turbulence's octave count is compiled in as the
/// shader reads the table's Float, `int(floor(clamp(octaves, 1, 8)))`; two turbulences keep the
/// loop over the table's count. The GPU = reference checks of the variants are the differential
/// turbulence scenarios and DeclaredBehaviorParameterGPUTests.
@Suite struct MotionForcesTests {
    private func forces(_ octaves: [CGFloat]) -> MotionForces {
        let layer = EmitterLayer()
        let cell = EmitterCell(name: "smoke")
        cell.birthRate = 1
        cell.contents = .builtin(.softDot, size: 16)
        layer.emitterCells = [cell]
        layer.emitterBehaviors = octaves.map { n in
            let b = EmitterBehavior(type: .turbulence)
            b.strength = 50
            b.octaves = n
            return b
        }
        return ResolvedLayer(layer).cells[0].behaviors.motionForces
    }

    @Test(arguments: [(CGFloat(1), 1), (3, 3), (2.999, 2), (2.99999999, 3), (8, 8), (12, 8), (0.5, 1), (.nan, 1), (.infinity, 1)])
    func aSingleTurbulencesOctavesAreCompiledIn(_ octaves: CGFloat, _ expected: Int) {
        let f = forces([octaves])
        #expect(f.contains([.turbulences, .oneTurbulence]), "octaves \(octaves): \(f.rawValue)")
        #expect((f.define >> 14) & 15 == expected, "octaves \(octaves): TURBULENCE_OCTAVES \((f.define >> 14) & 15), expected \(expected)")
    }

    @Test func twoTurbulencesReadTheirCountsFromTheTable() {
        let f = forces([2, 3])
        #expect(f.contains(.turbulences) && !f.contains(.oneTurbulence) && (f.define >> 14) & 15 == 0, "\(f.rawValue)")
        #expect(MotionForces.all.define >> 14 == 0, "the draw programs' variant reads the table's count")
    }

    /// The grid step is one constant of the contract (GRID_TICKS), not a table entry: the shaders'
    /// divisions of ages by it compile to shifts.
    @Test func theGridStepIsTheContractsConstant() {
        #expect(BehaviorMotion.gridTicks == ShaderConstant.GRID_TICKS)
        #expect(ShaderConstant.GRID_TICKS > 0 && ShaderConstant.GRID_TICKS & (ShaderConstant.GRID_TICKS - 1) == 0, "a power of two")
    }
}

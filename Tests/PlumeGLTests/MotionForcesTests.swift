import Foundation
@testable import Plume
@testable import PlumeGL
import Testing

/// The force terms a grid cell's program variant compiles (MotionForces, `MOTION_FORCES` in
/// Shaders/plume_motion_behaviors.glsl): a single turbulence's octave count is compiled in as the
/// shader reads the table's Float, `int(floor(clamp(octaves, 1, 8)))`; two turbulences keep the
/// loop over the table's count; a single collider is tested without a loop. The update's uniform
/// list starts are the table's. The GPU = reference checks of the variants are the differential
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
        #expect((MotionForces.all.define >> 14) & 15 == 0, "the draw programs' variant reads the table's count")
    }

    /// A cell's behaviours: over-life curves (before the motion section), a wave, an attractor, a
    /// turbulence, a vortex (lists before the colliders) and the colliders.
    private func behaviors(colliders: [(EmitterBehavior.ColliderShape, CGPoint, CGFloat)]) -> CellBehaviors {
        let layer = EmitterLayer()
        let cell = EmitterCell(name: "spark")
        cell.birthRate = 1
        cell.contents = .builtin(.softDot, size: 16)
        layer.emitterCells = [cell]
        let fade = EmitterBehavior(type: .valueOverLife)
        fade.keyPath = "opacity"
        fade.values = [1, 0.5, 0]
        let wave = EmitterBehavior(type: .wave)
        wave.force = SIMD3(10, 0, 0)
        wave.frequency = 1
        let pull = EmitterBehavior(type: .attractor)
        pull.position = CGPoint(x: 50, y: 60)
        pull.stiffness = 1
        let noise = EmitterBehavior(type: .turbulence)
        noise.strength = 20
        let swirl = EmitterBehavior(type: .vortex)
        swirl.swirl = 30
        layer.emitterBehaviors = [fade, wave, pull, noise, swirl] + colliders.map { shape, position, radius in
            let b = EmitterBehavior(type: .collider)
            b.colliderShape = shape
            b.position = position
            b.radius = radius
            return b
        }
        return ResolvedLayer(layer).cells[0].behaviors
    }

    /// The table's word that the shader's generated reader `plume_Layout_field(t, e)` (of
    /// plume_contract.glsl: `texelFetch(t, e + k).c`, maybe converted) reads for the entry at texel `e`.
    private func word(_ layout: String, _ field: String, entry e: Int) throws -> Int {
        let contract = try #require(ShaderLibrary.source("plume_contract.glsl"))
        let pattern = "plume_\(layout)_\(field)\\(usamplerBuffer t, int e\\) \\{ return (?:[A-Za-z]+\\()?texelFetch\\(t, e \\+ ([0-9]+)\\)\\.([xyzw])[;)]"
        let regex = try NSRegularExpression(pattern: pattern)
        let match = try #require(regex.firstMatch(in: contract, range: NSRange(contract.startIndex..., in: contract)),
                                 "the reader of \(layout).\(field)")
        let k = Int(contract[Range(match.range(at: 1), in: contract)!])!
        let c = "xyzw".firstIndex(of: contract[Range(match.range(at: 2), in: contract)!].first!)!
        return 4 * (e + k) + "xyzw".distance(from: "xyzw".startIndex, to: c)
    }

    /// The update takes the starts of the attractor, turbulence, vortex and collider lists (and the
    /// colliders' count) from uniforms set to ``CellBehaviors/motionLists(first:)`` at
    /// ``CellBehaviors/motionSectionStart``: they must be the values the other passes and the
    /// draws read from the table's MotionHeader, and the first collider's entry must be there. A
    /// single collider is tested without the loop.
    @Test(arguments: [1, 2])
    func theUpdatesListUniformsAreTheTablesHeader(_ count: Int) throws {
        let shapes: [(EmitterBehavior.ColliderShape, CGPoint, CGFloat)] =
            [(.sphere, CGPoint(x: 300, y: 200), 40), (.plane, CGPoint(x: 0, y: 500), 0)]
        let b = behaviors(colliders: Array(shapes.prefix(count)))
        let table = try #require(b.drawTable(seed: 7, recordsTick: 0))
        let m = b.motionSectionStart
        #expect(Int(table[try word("BehaviorHeader", "motionStart", entry: 0)]) == m)
        let lists = b.motionLists(first: m)
        for (field, value) in [("attractorStart", lists.attractors), ("turbulenceStart", lists.turbulences),
                               ("vortexStart", lists.vortices), ("colliderStart", lists.colliders), ("colliders", count)] {
            let read = Int(Int32(bitPattern: table[try word("MotionHeader", field, entry: m)]))
            #expect(read == value, "MotionHeader.\(field): the table holds \(read), the uniform \(value)")
        }
        for (i, (shape, _, radius)) in shapes.prefix(count).enumerated() {
            let e = lists.colliders + ColliderEntry.vectors * i
            #expect(table[try word("Collider", "shape", entry: e)] == UInt32(bitPattern: shape.tableOrdinal), "collider \(i)")
            #expect(table[try word("Collider", "radius", entry: e)] == Float(radius).bitPattern, "collider \(i)")
        }
        let f = b.motionForces
        #expect(f.contains(.colliders) && f.contains(.oneCollider) == (count == 1), "\(f.rawValue)")
    }

    /// The grid step is one constant of the contract (GRID_TICKS), not a table entry: the shaders'
    /// divisions of ages by it compile to shifts.
    @Test func theGridStepIsTheContractsConstant() {
        #expect(BehaviorMotion.gridTicks == ShaderConstant.GRID_TICKS)
        #expect(ShaderConstant.GRID_TICKS > 0 && ShaderConstant.GRID_TICKS & (ShaderConstant.GRID_TICKS - 1) == 0, "a power of two")
    }
}

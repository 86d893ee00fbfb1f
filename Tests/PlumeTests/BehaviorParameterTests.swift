import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Behaviour parameters declared `@Property(gpu:)` (issue 24 item 1) as the reference reads them,
/// and the one added to check the count: the wave's ``EmitterBehavior/phase`` (Semantics §12).
struct BehaviorParameterTests {
    /// Every `gpu:` declaration of ``EmitterBehavior`` names a behaviour table and lands in its
    /// resolved behaviour's parameters; a behaviour resolves only its own table's.
    @Test func declarationsFormTheTables() {
        let declared = EmitterBehavior.declaredProperties.filter { $0.gpu != nil }
        #expect(declared.map(\.key) == EmitterBehavior.GPUParameters.names)
        for d in declared {
            #expect(d.gpu != .cell && d.gpu != .births,
                    "\(d.key): a behaviour parameter is read by a behaviour table, not CellParams or BirthParams")
            #expect(EmitterBehavior.GPUParameters.tables[d.gpu!]?.contains(d.key) == true, "\(d.key) is not in its table")
        }
        let wave = EmitterBehavior(type: .wave)
        wave.phase = 0.5
        #expect(EmitterBehavior.GPUParameters(wave, table: .wave) { $1 }.values(in: .wave) == [0.5])
        #expect(EmitterBehavior.GPUParameters(wave, table: .attractor) { $1 }.phase == 0)
    }

    /// Semantics §12: `a = force · sin(2π·f·age + φ)`. From rest without drag the velocity is
    /// `force · (cos φ − cos(ωt + φ)) / ω`; at φ = π/2 that is `force · sin(ωt) / ω`.
    @Test func thePhaseShiftsTheWave() throws {
        var b = CellBehaviors()
        b.resolvedWaves = [ResolvedWave(force: SIMD3(40, 0, 0), omega: 2 * .pi * 0.8)]
        b.resolvedWaves[0].phase = .pi / 2
        let particle = BehaviorParticle(behaviors: b, lifetime: 10, seed: 0, key: .root)
        let w = 2 * Double.pi * 0.8
        for t in [0.1, 0.37, 1.3, 4.2] {
            let (_, v) = BehaviorMotion.evaluate(MotionAnchor(age: 0, position: .zero, velocity: .zero), at: t,
                                                 acceleration: .zero, behaviors: b, particle: particle)
            let expected = 40 * sin(w * t) / w
            #expect(abs(v.x - expected) < 1e-9, "φ = π/2, age \(t): velocity \(v.x), expected \(expected)")
        }
    }

    /// The closed form with phases (and a frequency-0 wave: the constant force `force · sin φ`)
    /// agrees with Runge–Kutta at a fine step, which reads the phase only through the force.
    @Test func closedFormWithPhasesAgreesWithNumericalIntegration() {
        var b = CellBehaviors()
        b.drag = 0.7
        b.resolvedWaves = [ResolvedWave(force: SIMD3(30, -50, 8), omega: 2 * .pi * 0.9),
                           ResolvedWave(force: SIMD3(0, 10, 0), omega: 0)]
        b.resolvedWaves[0].phase = 1.1
        b.resolvedWaves[1].phase = -0.6
        let particle = BehaviorParticle(behaviors: b, lifetime: 10, seed: 0, key: .root)
        let a = SIMD3<Double>(0, 25, 0)
        let start = MotionAnchor(age: 0.3, position: SIMD3(1, 2, 3), velocity: SIMD3(80, -20, 4))
        let closed = BehaviorMotion.closedForm(start, to: 7.3, acceleration: a, behaviors: b, lifetime: 10)
        var s = start
        for i in 0..<7000 {
            s = BehaviorMotion.rk4(s, to: 0.3 + Double(i + 1) * 1e-3, acceleration: a, behaviors: b, particle: particle)
        }
        #expect(maxAbs(closed.position - s.position) < 1e-6, "closed \(closed.position) vs RK4 \(s.position)")
        #expect(maxAbs(closed.velocity - s.velocity) < 1e-6, "closed \(closed.velocity) vs RK4 \(s.velocity)")
    }

    /// Semantics §11: a bad declared parameter is read as its default (0 for the phase), reported
    /// under its key path; a good one is used as given.
    @Test func aBadPhaseIsReportedAndReadAsItsDefault() throws {
        for bad in [CGFloat.nan, .infinity, -.infinity, 2e9] {
            let layer = EmitterLayer()
            let cell = EmitterCell(name: "c")
            cell.birthRate = 10; cell.lifetime = 2; cell.velocity = 20
            layer.emitterCells = [cell]
            let wave = EmitterBehavior(type: .wave, name: "sway")
            wave.force = SIMD3(10, 0, 0)
            wave.phase = bad
            layer.emitterBehaviors = [wave]
            let sim = ReferenceSimulator(layer: layer)
            try sim.advance(to: 0.5)
            let hit = sim.diagnostics.first { $0.keyPath == "emitterBehaviors.sway.phase" }
            #expect(hit?.effect == .replaced, "phase \(bad): \(sim.diagnostics)")
            let resolved = ResolvedLayer(layer)
            #expect(resolved.cells[0].behaviors.resolvedWaves.first?.phase == 0, "phase \(bad) read as 0")
        }
        let layer = EmitterLayer()
        let cell = EmitterCell(name: "c")
        layer.emitterCells = [cell]
        let wave = EmitterBehavior(type: .wave)
        wave.phase = -7.5
        layer.emitterBehaviors = [wave]
        let resolved = ResolvedLayer(layer)
        #expect(resolved.diagnostics.isEmpty && resolved.cells[0].behaviors.resolvedWaves.first?.phase == -7.5)
    }

    /// The phase is a declared property: a key path, copied, animatable, in effect files.
    @Test func thePhaseIsADeclaredKey() throws {
        let layer = EmitterLayer()
        let wave = EmitterBehavior(type: .wave, name: "sway")
        layer.emitterBehaviors = [wave]
        layer.setValue(1.25, forKeyPath: "emitterBehaviors.sway.phase")
        #expect(wave.phase == 1.25)
        #expect(wave.copy().phase == 1.25)
        #expect(EmitterBehavior.declaredProperties.first { $0.key == "phase" }?.animatable == true)
    }
}

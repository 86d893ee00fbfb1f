import Foundation
import Testing
@testable import Plume
@testable import PlumeGL
import PlumeTestSupport

/// Issue 24 item 1: a behaviour parameter declared `@Property(gpu: .wave)` (`.attractor`,
/// `.acceleration`) reaches the GPU's behaviour table through its declaration alone. For every
/// declared behaviour parameter, a layer whose behaviours read it, with it moved away from its base
/// value, gives different particles on the reference (so the reference reads it) and the same
/// particles on the GPU as on the reference (so the GPU reads the same value from the same place
/// of the table: had it read a neighbour or nothing, it would show other particles).
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct DeclaredBehaviorParameterGPUTests {
    /// Every declared behaviour parameter with the table that reads it.
    static let parameters: [String] = GPUParameter.allCases.filter { $0 != .cell && $0 != .births }
        .flatMap { EmitterBehavior.GPUParameters.tables[$0] ?? [] }

    /// The behaviours that read `table`, with their other inputs non-zero: on a cell of their own
    /// ("closed": the closed-form motion when the table allows it) and, with an attractor that
    /// puts it on the grid, on another ("grid"), so both GLSL uses are run.
    static func behaviors(reading table: GPUParameter) -> [EmitterBehavior] {
        func wave() -> EmitterBehavior {
            let b = EmitterBehavior(type: .wave)
            b.force = SIMD3(40, -30, 6)
            b.frequency = 1.3
            return b
        }
        func attractor() -> EmitterBehavior {
            let b = EmitterBehavior(type: .attractor)
            b.position = CGPoint(x: 160, y: 120)
            b.stiffness = 1.5
            b.falloff = 10
            return b
        }
        func central(_ kind: EmitterBehavior.Kind) -> EmitterBehavior {
            let b = EmitterBehavior(type: kind)
            b.acceleration = 25
            b.accelerationRange = 10
            return b
        }
        func turbulence() -> EmitterBehavior {
            let b = EmitterBehavior(type: .turbulence)
            b.strength = 60
            b.noiseFrequency = 0.01
            b.octaves = 2
            b.scrollSpeed = 0.5
            return b
        }
        func vortex() -> EmitterBehavior {
            let b = EmitterBehavior(type: .vortex)
            b.position = CGPoint(x: 140, y: 110)
            b.swirl = 40
            b.coreRadius = 30
            b.pull = 5
            b.falloffDistance = 400
            return b
        }
        func collider(_ shape: EmitterBehavior.ColliderShape) -> EmitterBehavior {
            let b = EmitterBehavior(type: .collider)
            b.colliderShape = shape
            b.position = shape == .plane ? CGPoint(x: 0, y: 140) : CGPoint(x: 150, y: 150)
            b.orientationLongitude = -.pi / 2          // a floor: the normal points up the y-down layer
            b.radius = 25
            b.restitution = 0.6
            b.friction = 0.2
            if shape == .box {                        // 30 × 20 × 20 points, right of the emitter
                b.position = CGPoint(x: 140, y: 115)  // (the particles' cone passes it in z too)
                b.boxWidth = 30
                b.boxHeight = 20
                b.boxDepth = 20
            }
            if shape == .heightfield {                // hills from x = 90 above the plane
                b.position = CGPoint(x: 90, y: 132)
                b.samples = [0, 8, 20, 5, 12, 25, 3, 10]
            }
            return b
        }
        let list: [EmitterBehavior] = switch table {
        case .cell, .births: []
        case .wave: [wave(), wave(), attractor()]
        case .attractor: [attractor(), attractor()]
        case .acceleration: [central(.radialAcceleration), central(.tangentialAcceleration), central(.radialAcceleration)]
        case .turbulence: [turbulence(), turbulence()]
        case .vortex: [vortex(), vortex()]
        case .collider: [collider(.plane), collider(.sphere), collider(.box), collider(.heightfield)]
        }
        // the first on "closed", the rest on "grid" (an attractor or central acceleration puts it there)
        list.first?.cellNames = ["closed"]
        list.dropFirst().forEach { $0.cellNames = ["grid"] }
        return list
    }

    static func table(of key: String) -> GPUParameter {
        GPUParameter.allCases.first { $0 != .cell && $0 != .births && EmitterBehavior.GPUParameters.tables[$0]?.contains(key) == true }!
    }

    /// Two cells of a moving emitter under the behaviours reading `key`'s table; `key` changed on
    /// every behaviour (`base · 1.5 + 0.25`) unless nil.
    static func layer(for key: String, changing: Bool) -> EmitterLayer {
        let layer = EmitterLayer()
        layer.seed = 11
        layer.emitterPosition = CGPoint(x: 100, y: 100)
        layer.emitterCells = ["closed", "grid"].map { name in
            let cell = EmitterCell(name: name)
            cell.birthRate = 60; cell.lifetime = 1.5; cell.lifetimeRange = 0.5
            cell.emissionRange = .pi / 2
            cell.yAcceleration = 20
            cell.velocity = 50; cell.velocityRange = 20
            return cell
        }
        let behaviors = Self.behaviors(reading: table(of: key))
        if changing {
            for b in behaviors {
                let base = (b.value(forKey: key) as? CGFloat).map(Double.init) ?? 0
                b.setValue(base * 1.5 + 0.25, forKey: key)
            }
        }
        layer.emitterBehaviors = behaviors
        return layer
    }

    @Test func everyDeclaredBehaviorParameterIsTested() {
        #expect(!Self.parameters.isEmpty)
        for key in Self.parameters {
            #expect(!Self.behaviors(reading: Self.table(of: key)).isEmpty, "\(key): no behaviour reads its table here")
        }
    }

    /// The GLSL use: every declared float of a layout is read by a shader (its generated reader
    /// `plume_LAYOUT_NAME(` is called somewhere besides its definition).
    @Test func theShadersReadEveryDeclaredFloat() {
        let sources = ShaderLibrary.fileNames.compactMap(ShaderLibrary.source).joined(separator: "\n")
        for (layout, names) in DeclaredParameters.layoutFields {
            for name in names {
                #expect(sources.contains("plume_\(layout)_\(name)("), "no shader reads \(layout).\(name) (plume_\(layout)_\(name)(t, e))")
            }
        }
        #expect(DeclaredParameters.glslDefines.contains("#define WAVE_VECS"))
    }

    @Test(arguments: Self.parameters)
    func theGPUAndTheReferenceReadTheParameter(_ key: String) throws {
        let times = (1...60).map { Double($0) / 60 }
        func run(_ layer: EmitterLayer, _ simulator: any ParticleSimulator) throws -> ParticleSnapshot {
            for t in times {
                layer.emitterPosition.x = 100 + 100 * t
                try simulator.advance(to: t)
            }
            return try simulator.snapshot()
        }
        let baseLayer = Self.layer(for: key, changing: false)
        let base = try run(baseLayer, ReferenceSimulator(layer: baseLayer))
        let changedLayer = Self.layer(for: key, changing: true)
        let changed = try run(changedLayer, ReferenceSimulator(layer: changedLayer))
        #expect(base.particles.count == changed.particles.count && !base.particles.isEmpty)
        let moved = DeclaredParameterGPUTests.change(base, changed)
        #expect(moved > 100 * Tolerance.position, "\(key): the reference's particles did not change (worst \(moved))")
        let worst = try GPU.run { context -> WorstErrors in
            let layer = Self.layer(for: key, changing: true)
            let gpu = try run(layer, try GPUSimulator(layer: layer, context: context))
            return compareSnapshots(gpu: gpu, cpu: changed, configuration: "\(key) changed", seed: layer.seed)
        }
        #expect(worst.compared > 0)
        print("declared behaviour parameter \(key): reference moved by \(moved); GPU vs reference \(worst)")
    }
}

import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// The presets behave as their articles say.
@Suite struct PresetTests {
    let scene = Preset.defaultSize

    @Test func fireRises() throws {
        let layer = Preset.fire.makeLayer(size: scene)
        let s = try simulate(layer, times: frames(fps: 60, until: 4))
        let origin = scene.height / 2
        let above = s.particles.filter { $0.position.y < origin - 20 }.count
        #expect(s.particles.count > 60)
        #expect(Double(above) > 0.9 * Double(s.particles.count), "only \(above) of \(s.particles.count) flames rose")
        #expect(s.particles.allSatisfy { $0.velocity.y < 0 }, "every flame moves up (negative y) at every age")
        #expect(layer.renderMode == .additive)
    }

    @Test func snowFallsAndCoversTheLayerFromTheFirstFrame() throws {
        let now = 1234.5
        let layer = Preset.snow.makeLayer(size: scene, beginTime: now)
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: now)
        let first = try sim.snapshot()
        #expect(first.layerTime == 10)
        // Every tenth of the view's height holds flakes at the first frame.
        var bands = Array(repeating: 0, count: 10)
        for p in first.particles where p.position.y >= 0 && p.position.y < scene.height && p.position.x >= 0 && p.position.x < scene.width {
            bands[Int(p.position.y / scene.height * 10)] += 1
        }
        #expect(bands.allSatisfy { $0 >= 5 }, "flakes per band at the first frame: \(bands)")
        #expect(Set(first.particles.map(\.cellName)) == ["flake", "blurryFlake"])
        try sim.advance(to: now + 5)
        let later = try sim.snapshot()
        let falling = later.particles.filter { $0.velocity.y > 0 }.count
        #expect(Double(falling) > 0.95 * Double(later.particles.count), "\(falling) of \(later.particles.count) falling")
    }

    @Test func colourBallChildrenAppearOnlyAfterFiveSecondsOfParentAge() throws {
        let sim = ReferenceSimulator(layer: Preset.colorBalls.makeLayer(size: scene))
        var births: [ParticleKey: Double] = [:]
        var sawChild = false
        for t in frames(fps: 30, until: 9) {
            try sim.advance(to: t)
            let s = try sim.snapshot()
            for p in s.particles(inCell: [0]) { births[p.identity.key] = p.birthTime }
            for c in s.particles(inCell: [0, 0]) {
                sawChild = true
                let parentBirth = try #require(births[c.identity.parent], "child \(c.identity) of an unknown parent")
                // (births land on the nearest tick: half a tick early at most)
                #expect(c.birthTime - parentBirth >= 5 + 1.0 / 3 - Ticks.seconds / 2 - 1e-9, "child \(c.identity) at parent age \(c.birthTime - parentBirth)")
            }
            if t < 5 + 1.0 / 3 + 1.0 / 20 - 1e-9 { #expect(s.particles(inCell: [0, 0]).isEmpty, "a child at t = \(t)") }
        }
        #expect(sawChild)
    }

    /// Semantics §14: each rocket bursts into 150 sparks at its death (1.02 s after its birth),
    /// and each spark leaves one puff of smoke where it dies.
    @Test func fireworksBurstOncePerRocketIntoSparks() throws {
        let s = try simulate(Preset.fireworks.makeLayer(size: scene), times: frames(fps: 60, until: 6))
        let rockets = s.particles(inCell: [0]), sparks = s.particles(inCell: [0, 1]), smoke = s.particles(inCell: [0, 1, 0])
        #expect(!rockets.isEmpty && !sparks.isEmpty && !smoke.isEmpty)
        let perRocket = Dictionary(grouping: sparks, by: \.identity.parent)
        for (rocket, list) in perRocket {
            #expect(list.count <= 150 && list.allSatisfy { $0.identity.serial <= 150 }, "rocket \(rocket): \(list.count) sparks")
            #expect(Set(list.map(\.birthTime)).count == 1, "rocket \(rocket): sparks born at several times")
        }
        #expect(smoke.allSatisfy { $0.identity.serial == 1 }, "one puff per spark")
        #expect(sparks.allSatisfy { $0.position.y < scene.height }, "sparks burst above the ground")
        #expect(s.counters.born > 1000)
    }

    @Test func everyPresetRunsCleanly() throws {
        for preset in Preset.allCases {
            let s = try simulate(preset.makeLayer(size: scene), times: frames(fps: 30, until: 5))
            #expect(s.diagnostics.isEmpty, "\(preset): \(s.diagnostics)")
            #expect(!s.particles.isEmpty, "\(preset) shows nothing after 5 s")
            #expect(s.particles.allSatisfy { $0.position.x.isFinite && $0.position.y.isFinite })
        }
    }
}

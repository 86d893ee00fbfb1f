import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Semantics §8: CAMediaTiming mapping of layer and cells.
@Suite struct TimingTests {
    final class Timed: MediaTiming {
        var beginTime: TimeInterval = 0
        var duration: TimeInterval = .infinity
        var speed: Float = 1
        var timeOffset: TimeInterval = 0
        var repeatCount: Float = 0
        var repeatDuration: TimeInterval = 0
        var autoreverses = false
        var fillMode: FillMode = .removed
    }

    static func model(_ configure: (Timed) -> Void) -> TimingModel {
        let t = Timed()
        configure(t)
        return TimingModel(t)
    }

    @Test func linearMapping() {
        let m = Self.model { $0.beginTime = 2; $0.speed = 2; $0.timeOffset = 10 }
        #expect(m.localTime(at: 2) == 10)
        #expect(m.localTime(at: 3.5) == 13)
        #expect(m.localTime(at: 1) == nil, "before begin without backwards fill: inactive")
        let filled = Self.model { $0.beginTime = 2; $0.fillMode = .backwards }
        #expect(filled.localTime(at: 0) == 0)
    }

    @Test func durationRepeatAutoreverseAndFill() {
        let m = Self.model { $0.duration = 2; $0.repeatCount = 2; $0.autoreverses = true }
        #expect(m.activeDuration == 8)
        #expect(m.localTime(at: 1) == 1)
        #expect(m.localTime(at: 3) == 1, "second half of the cycle plays backwards")
        #expect(m.localTime(at: 5) == 1)
        #expect(m.localTime(at: 8) == nil, "after the active duration, fill removed")
        let forwards = Self.model { $0.duration = 2; $0.fillMode = .forwards }
        #expect(forwards.localTime(at: 5) == 2, "forward fill holds the end of the cycle")
        let byDuration = Self.model { $0.duration = 1; $0.repeatDuration = 2.5 }
        #expect(byDuration.activeWindow.end == 2.5)
        #expect(byDuration.localTime(at: 2.25) == 0.25)
    }

    @Test func pausedAndDegenerateValues() {
        let paused = Self.model { $0.speed = 0; $0.timeOffset = 4 }
        #expect(paused.localTime(at: 100) == 4, "speed 0 holds timeOffset")
        #expect(paused.activeWindow.start == paused.activeWindow.end, "a paused cell emits nothing")
        let zero = Self.model { $0.duration = 0 }
        #expect(zero.duration == .infinity, "duration 0 means unbounded")
        let negative = Self.model { $0.speed = -1; $0.duration = -3; $0.repeatCount = .nan }
        #expect(negative.speed == 0 && negative.duration == .infinity && negative.repeatCount == 0)
    }

    @Test func layerBeginTimeAtHostNowStartsFromNothing() throws {
        let now = 5000.0
        let layer = Preset.fire.makeLayer()
        layer.beginTime = now
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: now)
        #expect(try sim.snapshot().particles.isEmpty, "beginTime = now: nothing at the first frame")
        try sim.advance(to: now + 1)
        #expect(try sim.snapshot().particles.count == 30)

        let warm = Preset.fire.makeLayer()   // beginTime 0, started at host time 0: pre-warmed at 5000
        let s = try simulate(warm, times: [now])
        #expect(s.particles.count > 60, "a layer whose local time is large appears pre-warmed (\(s.particles.count))")
        #expect(s.counters.skipped > 100_000)
    }

    @Test func layerSpeedZeroPausesAndSpeedTwoRunsTwiceAsFast() throws {
        let layer = Preset.fire.makeLayer()
        let sim = ReferenceSimulator(layer: layer)
        for t in frames(fps: 60, until: 2) { try sim.advance(to: t) }
        let before = try sim.snapshot()
        layer.speed = 0
        layer.timeOffset = 2
        try sim.advance(to: 3)
        let paused = try sim.snapshot()
        #expect(paused.layerTime == 2)
        expectSameParticles(before, paused, tolerance: 0, "paused layer")

        let fast = Preset.fire.makeLayer()
        fast.speed = 2
        let a = try simulate(fast, times: frames(fps: 60, until: 1))
        let b = try simulate(Preset.fire.makeLayer(), times: frames(fps: 60, until: 2))
        expectSameParticles(a, b, tolerance: 1e-9, "speed 2 for 1 s vs speed 1 for 2 s")
    }

    @Test func inactiveLayerShowsNothing() throws {
        let layer = Preset.fire.makeLayer()
        layer.beginTime = 10
        let sim = ReferenceSimulator(layer: layer)
        try sim.advance(to: 5)
        let s = try sim.snapshot()
        #expect(s.layerTime == nil && s.particles.isEmpty)
        layer.duration = 2
        try sim.advance(to: 11)
        #expect(try sim.snapshot().particles.count == 30)
        try sim.advance(to: 12.5)
        #expect(try sim.snapshot().particles.isEmpty, "after its duration (fill removed) the layer shows nothing")
    }
}

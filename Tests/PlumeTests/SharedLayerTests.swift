import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Several simulators reading one layer (issue 23 items 9 and 12): reading a layer at an update
/// changes nothing a simulator sees, so the simulators agree whatever their order or thread.
struct SharedLayerTests {
    /// A sprite-sheet cell (frames over the lifetime) whose layer runs an animation of `velocity`
    /// that finishes at 0.5 s and is removed on completion.
    private func animatedSpriteLayer(animated: Bool) -> EmitterLayer {
        let (layer, cell) = singleCellLayer {
            $0.birthRate = 40; $0.lifetime = 2; $0.velocity = 30
            $0.spriteColumns = 4; $0.spriteRows = 2; $0.spriteRandomStart = true
        }
        _ = cell
        if animated {
            let a = BasicAnimation(keyPath: "velocity")
            a.fromValue = 1
            a.toValue = 1
            a.beginTime = 0.1
            a.duration = 0.4
            layer.add(a, forKey: "steady")
        }
        return layer
    }

    /// Item 9: two reference simulators of one layer, taking turns which updates first, report the
    /// same sprite frames as a simulator of the same layer without the (frame-neutral) animation,
    /// at every update and in particular at the one where the animation finishes.
    @Test func twoSimulatorsOfOneLayerReportTheFramesOfTheModel() throws {
        let shared = animatedSpriteLayer(animated: true)
        let a = ReferenceSimulator(layer: shared), b = ReferenceSimulator(layer: shared)
        let control = ReferenceSimulator(layer: animatedSpriteLayer(animated: false))
        for (i, t) in frames(fps: 20, until: 1).enumerated() {
            if i % 2 == 0 { try a.advance(to: t); try b.advance(to: t) } else { try b.advance(to: t); try a.advance(to: t) }
            try control.advance(to: t)
            let expected = Dictionary(uniqueKeysWithValues: try control.snapshot().particles.map { ($0.identity, $0.frame) })
            #expect(expected.values.contains { $0 != 0 } || t < 0.3, "the control draws only frame 0 at \(t) s")
            for (name, simulator) in [("first", a), ("second", b)] {
                let particles = try simulator.snapshot().particles
                #expect(particles.count == expected.count, "\(name) simulator: \(particles.count) particles at \(t) s, control \(expected.count)")
                for p in particles where expected[p.identity] != p.frame {
                    Issue.record("\(name) simulator at \(t) s: \(p.identity) draws frame \(p.frame), the model says \(expected[p.identity].map(String.init) ?? "no such particle")")
                    break
                }
            }
        }
        #expect(shared.animationKeys().isEmpty, "the finished animation was not removed")
    }

    /// A presentation copies every cell property, sprite sheet included.
    @Test func presentationKeepsTheSpriteSheet() {
        let layer = animatedSpriteLayer(animated: true)
        let cell = layer.emitterCells![0]
        cell.spriteFrameCount = 5; cell.spriteFrameRate = 12; cell.spriteLoops = false
        let presented = layer.presentation(at: 0.2).emitterCells![0]
        #expect(presented !== cell)
        #expect(presented.spriteColumns == 4 && presented.spriteRows == 2 && presented.spriteFrameCount == 5
                && presented.spriteFrameRate == 12 && !presented.spriteLoops && presented.spriteRandomStart,
                "sprite sheet lost in the presentation: \(presented.spriteColumns)×\(presented.spriteRows), \(presented.spriteFrameCount) frames at \(presented.spriteFrameRate)")
    }

    /// Item 12: `presented(at:)` is a pure read: the layer keeps its animations (even finished
    /// ones), their start times and its pending delegate reports; only an update (or the host's
    /// `presentation(at:)`) settles them.
    @Test func aPresentedReadLeavesTheLayerUnchanged() {
        final class Listener: AnimationDelegate, @unchecked Sendable {
            var events: [String] = []
            func animationDidStart(_ anim: Animation) { events.append("start") }
            func animationDidStop(_ anim: Animation, finished flag: Bool) { events.append("stop \(flag)") }
        }
        let layer = EmitterLayer()
        let listener = Listener()
        let a = BasicAnimation(keyPath: "birthRate")
        a.fromValue = 0
        a.toValue = 10
        a.duration = 1
        a.delegate = listener
        layer.add(a, forKey: "ramp")
        let removed = BasicAnimation(keyPath: "velocity")
        removed.delegate = listener
        layer.add(removed, forKey: "gone")
        layer.removeAnimation(forKey: "gone")

        for t in [0.0, 0.5, 2, 5] { _ = layer.presented(at: t) }
        #expect(layer.animationKeys() == ["ramp"], "a read removed an animation: \(layer.animationKeys())")
        #expect(listener.events.isEmpty, "a read told the delegate: \(listener.events)")
        #expect(layer.animationEntries[0].animation.startedAt == nil, "a read started the animation")
        #expect(layer.stoppedAnimations.count == 1, "a read delivered the removed animation's stop")
        #expect(layer.presented(at: 5).layer.birthRate == 0, "an animation not yet started starts at the read's time")

        layer.settleAnimations(at: 0.25)
        #expect(listener.events == ["stop false", "start"])
        #expect(layer.presented(at: 0.75).layer.birthRate == 5, "started at 0.25 s by the first update")
        layer.settleAnimations(at: 1.5)
        #expect(layer.animationKeys().isEmpty && listener.events == ["stop false", "start", "stop true"])
        #expect(layer.presented(at: 1.5).layer.birthRate == 1, "a finished animation counts as removed")
        #expect(layer.presented(at: 0.75).layer.birthRate == 5, "a simulator behind still sees the removed animation")
    }

    /// Item 12: two threads updating one simulator each of one animated layer (with a layout pass)
    /// see the same particles as a single simulator does; run under ThreadSanitizer
    /// (`swift test --sanitize=thread --filter SharedLayerTests`) it reports no race.
    @Test func simulatorsOfOneLayerOnTwoThreads() throws {
        final class Sized: EmitterLayer, @unchecked Sendable {
            override func layoutSublayers() {
                super.layoutSublayers()
                emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
            }
        }
        func make(_ layer: EmitterLayer) -> EmitterLayer {
            let cell = EmitterCell(name: "c")
            cell.birthRate = 200; cell.lifetime = 1; cell.velocity = 40; cell.emissionRange = .pi
            cell.spriteColumns = 2
            layer.emitterCells = [cell]
            layer.bounds = CGRect(x: 0, y: 0, width: 200, height: 100)
            let move = BasicAnimation(keyPath: "emitterCells.c.velocity")
            move.fromValue = 10
            move.toValue = 90
            move.duration = 0.5
            layer.add(move, forKey: "v")
            return layer
        }
        let shared = make(Sized())
        let control = make(Sized())
        let times = frames(fps: 60, until: 1)
        let results = UnsafeSendableBox<[ParticleSnapshot?]>([nil, nil])
        let errors = UnsafeSendableBox<[String]>([])
        let lock = NSLock()
        // Two threads of their own, released together, so their updates overlap.
        let ready = DispatchSemaphore(value: 0), go = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        for i in 0..<2 {
            Thread {
                let simulator = ReferenceSimulator(layer: shared)
                ready.signal()
                go.wait()
                do {
                    for t in times { try simulator.advance(to: t) }
                    let s = try simulator.snapshot()
                    lock.withLock { results.value[i] = s }
                } catch {
                    lock.withLock { errors.value.append("\(error)") }
                }
                done.signal()
            }.start()
        }
        ready.wait(); ready.wait()
        go.signal(); go.signal()
        done.wait(); done.wait()
        #expect(errors.value.isEmpty, "\(errors.value)")
        let single = try simulate(control, times: times)
        for i in 0..<2 {
            let s = try #require(results.value[i])
            expectSameParticles(s, single, tolerance: 0, "thread \(i) against one simulator")
        }
    }
}

/// The run-time check of single-thread ownership (ReferenceSimulator's story, issue 23 item 12).
@Suite struct ExclusiveUseTests {
    @Test func sequentialUseFromAnyThreadIsFine() {
        let use = ExclusiveUse("Thing")
        use.begin("a()"); use.end()
        let done = DispatchSemaphore(value: 0)
        Thread { use.begin("b()"); use.end(); done.signal() }.start()
        done.wait()
        use.begin("c()"); use.end()
    }

    /// A second entry while one is inside traps (in a child process).
    @Test func aSecondEntryWhileInsideTraps() async {
        await #expect(processExitsWith: .failure) {
            let use = ExclusiveUse("ReferenceSimulator")
            use.begin("advance(to:)")
            use.begin("snapshot()")
        }
    }
}

/// A box whose accesses the test serialises itself (with a lock or by joining the threads).
final class UnsafeSendableBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

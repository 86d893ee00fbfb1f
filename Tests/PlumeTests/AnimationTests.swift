import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Semantics §9: explicit animations, the presentation layer, and births along an animated emitter's
/// path.
@Suite struct AnimationTests {
    @Test func timingFunctions() {
        for x in stride(from: 0.0, through: 1, by: 0.125) {
            #expect(abs(TimingFunction.linear.value(at: x) - x) < 1e-12)
        }
        for f in [TimingFunction.linear, .easeIn, .easeOut, .easeInEaseOut, .default] {
            #expect(abs(f.value(at: 0)) < 1e-12 && abs(f.value(at: 1) - 1) < 1e-12, "\(f.controlPoints) endpoints")
            var last = -1.0
            for x in stride(from: 0.0, through: 1, by: 0.01) {
                let y = f.value(at: x)
                #expect(y >= last - 1e-12, "\(f.controlPoints) must be monotonic at \(x)")
                last = y
            }
        }
        #expect(abs(TimingFunction.easeInEaseOut.value(at: 0.5) - 0.5) < 1e-9)
        #expect(TimingFunction.easeInEaseOut.value(at: 0.25) < 0.25)
        #expect(TimingFunction.easeIn.value(at: 0.5) < 0.5 && TimingFunction.easeOut.value(at: 0.5) > 0.5)
        // CSS's published value for its `ease` (= Core Animation's default curve) at x = 0.5.
        #expect(abs(TimingFunction.default.value(at: 0.5) - 0.8024033877399112) < 1e-6)
    }

    static func moving(fill: FillMode = .forwards, removed: Bool = false) -> (EmitterLayer, BasicAnimation) {
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 1, y: 2)
        let move = BasicAnimation(keyPath: "emitterPosition")
        move.fromValue = CGPoint(x: 100, y: 400)
        move.toValue = CGPoint(x: 700, y: 400)
        move.beginTime = 2
        move.duration = 1
        move.fillMode = fill
        move.isRemovedOnCompletion = removed
        layer.add(move, forKey: "position")
        return (layer, move)
    }

    @Test func basicAnimationPresentsWithoutChangingTheModel() {
        let (layer, _) = Self.moving()
        #expect(layer.presentation(at: 1).emitterPosition == CGPoint(x: 1, y: 2), "before begin: the model value")
        #expect(layer.presentation(at: 2).emitterPosition == CGPoint(x: 100, y: 400))
        #expect(layer.presentation(at: 2.25).emitterPosition == CGPoint(x: 250, y: 400))
        #expect(layer.presentation(at: 5).emitterPosition == CGPoint(x: 700, y: 400), "forward fill holds the end")
        #expect(layer.emitterPosition == CGPoint(x: 1, y: 2), "the model is unchanged")
        let (removed, _) = Self.moving(fill: .removed, removed: true)
        #expect(removed.presentation(at: 5).emitterPosition == CGPoint(x: 1, y: 2))
        #expect(removed.animationKeys().isEmpty, "a finished animation with isRemovedOnCompletion is removed")
    }

    @Test func fromToByFollowCoreAnimation() {
        let layer = EmitterLayer()
        layer.birthRate = 10
        func at(_ configure: (BasicAnimation) -> Void, _ t: Double) -> Float {
            let a = BasicAnimation(keyPath: "birthRate")
            a.beginTime = 1
            a.duration = 2
            configure(a)
            layer.add(a, forKey: "rate")
            return layer.presentation(at: t).birthRate
        }
        #expect(at({ $0.fromValue = 0; $0.toValue = 4 }, 2) == 2)
        #expect(at({ $0.fromValue = 2; $0.byValue = 4 }, 2) == 4)
        #expect(at({ $0.toValue = 20; $0.byValue = 4 }, 2) == 18)
        #expect(at({ $0.fromValue = 0 }, 2) == 5, "from alone animates to the model value")
        #expect(at({ $0.toValue = 30 }, 2) == 20, "to alone animates from the model value")
        #expect(at({ $0.byValue = 4 }, 2) == 12)
        #expect(at({ $0.fromValue = 0; $0.toValue = 4; $0.timingFunction = .easeIn }, 2) < 2)
        #expect(layer.animationKeys() == ["rate"], "add(_:forKey:) replaces the animation with the same key")
    }

    @Test func keyframesWithKeyTimesAndSegmentTimings() {
        let layer = EmitterLayer()
        let k = KeyframeAnimation(keyPath: "emitterCells.0.color")
        k.values = [Color(red: 0, green: 0, blue: 0), Color(red: 1, green: 0, blue: 0), Color(red: 1, green: 1, blue: 0)]
        k.keyTimes = [0, 0.25, 1]
        k.timingFunctions = [.linear, .easeIn]
        k.beginTime = 0.5
        k.duration = 4
        let cell = EmitterCell()
        layer.emitterCells = [cell]
        layer.add(k, forKey: "colour")
        _ = layer.presentation(at: 0.5)
        let c1 = layer.presentation(at: 1).emitterCells![0].color     // progress 0.125: halfway in segment 1
        #expect(abs(c1.red - 0.5) < 1e-6 && c1.green == 0)
        let c2 = layer.presentation(at: 3).emitterCells![0].color     // progress 0.625: halfway in segment 2, eased in
        #expect(c2.red == 1 && c2.green < 0.5 && c2.green > 0.2, "\(c2)")
        #expect(cell.color == .white)
    }

    @Test func beginTimeZeroMeansTheNextUpdate() throws {
        let layer = EmitterLayer()
        let a = BasicAnimation(keyPath: "emitterPosition.x")
        a.fromValue = 0
        a.toValue = 100
        a.duration = 1
        layer.add(a, forKey: nil)
        #expect(layer.presentation(at: 7).emitterPosition.x == 0, "starts at the first time it is seen")
        #expect(layer.presentation(at: 7.5).emitterPosition.x == 50)
    }

    @Test func badAnimationsAreReportedNotApplied() throws {
        let (layer, _) = singleCellLayer { $0.birthRate = 10; $0.lifetime = 1 }
        let a = BasicAnimation(keyPath: "emitterCells.c.birthRate")
        a.fromValue = "fast"
        a.toValue = CGPoint(x: 1, y: 1)
        layer.add(a, forKey: "bad")
        let b = BasicAnimation(keyPath: "emitterCells.nobody.velocity")
        b.fromValue = 1
        b.toValue = 2
        layer.add(b, forKey: "missing")
        let s = try simulate(layer, times: [0, 0.1])
        #expect(s.diagnostics.contains { $0.keyPath == "emitterCells.c.birthRate" && $0.effect == .ignored })
        #expect(s.diagnostics.contains { $0.keyPath == "emitterCells.nobody.velocity" && $0.rule.contains("nobody") })
        #expect(s.particles.count == 1)
    }

    /// An animated emitter leaves a continuous trail: each birth at its exact place on the path,
    /// whatever the frame rate (a linear path is interpolated exactly).
    @Test func birthsFollowAnAnimatedEmitterContinuously() throws {
        func run(fps: Double) throws -> ParticleSnapshot {
            let (layer, _) = singleCellLayer { $0.birthRate = 120; $0.lifetime = 10 }
            let move = BasicAnimation(keyPath: "emitterPosition")
            move.fromValue = CGPoint(x: 100, y: 300)
            move.toValue = CGPoint(x: 700, y: 300)
            move.beginTime = 1
            move.duration = 1
            move.fillMode = .both
            move.isRemovedOnCompletion = false
            layer.add(move, forKey: "move")
            return try simulate(layer, times: frames(fps: fps, until: 2.5))
        }
        let slow = try run(fps: 10), fast = try run(fps: 60)
        expectSameParticles(slow, fast, tolerance: 1e-6, "animated emitter at 10 vs 60 fps")
        for p in slow.particles where p.birthTime > 1 && p.birthTime <= 2 {
            let expected = 100 + 600 * (p.birthTime - 1)
            #expect(abs(p.position.x - expected) < 1e-6, "\(p.identity) born at \(p.birthTime) sits at x \(p.position.x), path says \(expected)")
        }
        // Without the path, births of one 0.1 s update would clump at 10 positions.
        let xs = Set(slow.particles.filter { $0.birthTime > 1 && $0.birthTime <= 2 }.map { ($0.position.x * 1000).rounded() })
        #expect(xs.count > 100, "only \(xs.count) distinct birth places: clumps")
    }

    /// Seed 002 animates `emitterCells.colorBallCell.scale`: new particles take the animated value.
    @Test func animatingACellPropertyAffectsNewParticles() throws {
        let layer = Preset.colorBalls.makeLayer()
        layer.emitterCells![0].scaleRange = 0
        let grow = BasicAnimation(keyPath: "emitterCells.colorBallCell.scale")
        grow.fromValue = 0.2
        grow.toValue = 0.5
        grow.beginTime = 1
        grow.duration = 1
        grow.fillMode = .forwards
        grow.isRemovedOnCompletion = false
        layer.add(grow, forKey: nil)
        let s = try simulate(layer, times: frames(fps: 30, until: 3))
        let late = s.particles(inCell: [0]).filter { $0.birthTime > 2.05 }
        #expect(!late.isEmpty && late.allSatisfy { abs($0.scale - (0.5 + 0.02 * $0.age)) < 1e-6 }, "\(late.prefix(2))")
        let early = s.particles(inCell: [0]).filter { $0.birthTime < 0.95 }
        #expect(!early.isEmpty && early.allSatisfy { abs($0.scale - (0.2 + 0.02 * $0.age)) < 1e-6 }, "\(early.prefix(2))")
    }

    /// `add` copies, as Core Animation does: the same object can be added again and starts afresh,
    /// and later edits to it do not reach the running copy.
    @Test func addingCopiesTheAnimation() {
        let layer = EmitterLayer()
        let pulse = BasicAnimation(keyPath: "birthRate")
        pulse.fromValue = 0
        pulse.toValue = 10
        pulse.duration = 1
        layer.add(pulse, forKey: "p")
        #expect(layer.presentation(at: 0).birthRate == 0)
        pulse.toValue = 1000
        #expect(layer.presentation(at: 0.5).birthRate == 5, "an edit after add must not change the running animation")
        _ = layer.presentation(at: 2)
        #expect(layer.animationKeys().isEmpty)
        layer.add(pulse, forKey: "p")
        #expect(layer.presentation(at: 5).birthRate == 0 && layer.presentation(at: 5.5).birthRate == 500,
                "added again, it starts at the next update")
        #expect(layer.presentation(at: 9).birthRate == 1, "and a presentation is a copy, never the model")
        let presented = layer.presentation(at: 9)
        presented.birthRate = 77
        #expect(layer.birthRate == 1)
    }
}

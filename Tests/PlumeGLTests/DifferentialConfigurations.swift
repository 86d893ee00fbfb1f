import Foundation
@testable import Plume

/// One differential scenario: how to build the layer, the host times to step through, edits made
/// between frames, and when to compare.
struct Scenario: Sendable, CustomStringConvertible {
    var name: String
    var make: @Sendable () -> EmitterLayer
    var times: [Double]
    /// Called on each simulator's layer before advancing to `time`.
    var edit: @Sendable (EmitterLayer, Double) -> Void = { _, _ in }
    /// Compare at every `compareEvery`-th time and at the last.
    var compareEvery = 120
    /// Ticks a birth time may differ by (``Tolerance/hitTicks`` for births at collisions).
    var birthTicks = 0.0
    /// The position and velocity bounds (``Tolerance/position``, ``Tolerance/velocity`` unless the
    /// scene's own derivation gives more: ``Tolerance/sphereBounce(radius:)``).
    var position = Tolerance.position
    var velocity = Tolerance.velocity
    var description: String { name }
}

/// Host times at `fps` from `start` to `end`.
func steps(fps: Double = 60, until end: Double = 10.5, from start: Double = 0) -> [Double] {
    let n = Int(((end - start) * fps).rounded())
    return (0...n).map { start + Double($0) / fps }
}

/// Deterministic irregular steps of 2–70 ms.
func irregularSteps(until end: Double = 10.5, seed: UInt32) -> [Double] {
    var t = 0.0, out = [0.0], i: UInt32 = 0
    while t < end {
        i += 1
        t = min(end, t + 0.002 + 0.068 * ParticleHash.unit(ParticleHash.mix(seed &+ i &* 0x9E37_79B9)))
        out.append(t)
    }
    return out
}

enum Scenarios {
    /// A cell that exercises every birth attribute, varied by `k`.
    static func busyCell(_ k: Int, name: String = "busy") -> EmitterCell {
        let c = EmitterCell(name: name)
        let f = CGFloat(k)
        c.birthRate = 23 + Float(k % 5) * 7
        c.lifetime = 2.5 + Float(k % 3)
        c.lifetimeRange = 1.5
        c.emissionLongitude = 0.3 * f - 1
        c.emissionLatitude = k.isMultiple(of: 3) ? 0 : 0.25 * CGFloat(k % 4) - 0.4
        c.emissionRange = CGFloat(k % 4) * 0.6
        c.velocity = 60 + 5 * f
        c.velocityRange = 40
        c.xAcceleration = CGFloat(k % 3) * 4 - 4
        c.yAcceleration = 25
        c.zAcceleration = CGFloat(k % 2) * 6 - 3
        c.scale = 0.4
        c.scaleRange = 0.3
        c.scaleSpeed = -0.05
        c.spin = 0.7
        c.spinRange = 1.2
        c.rotation = 0.3
        c.rotationRange = 0.5
        c.color = Color(red: 0.8, green: 0.5, blue: 0.3, alpha: 0.9)
        c.redRange = 0.2
        c.greenRange = 0.3
        c.blueRange = 0.4
        c.alphaRange = 0.1
        c.redSpeed = -0.05
        c.greenSpeed = 0.04
        c.blueSpeed = 0.03
        c.alphaSpeed = -0.08
        return c
    }

    /// Every shape × mode on a 1000-point scene.
    static let shapes: [Scenario] = EmitterShape.allCases.flatMap { shape in
        EmitterMode.allCases.map { mode in
            let k = EmitterShape.allCases.firstIndex(of: shape)! * 4 + EmitterMode.allCases.firstIndex(of: mode)!
            return Scenario(name: "shape \(shape.rawValue) × \(mode.rawValue)", make: {
                let layer = EmitterLayer()
                layer.emitterShape = shape
                layer.emitterMode = mode
                layer.emitterPosition = CGPoint(x: 500, y: 520)
                layer.emitterZPosition = 15
                layer.emitterSize = CGSize(width: 300, height: 140)
                layer.emitterDepth = 90
                layer.seed = UInt32(1000 + k)
                layer.emitterCells = [busyCell(k)]
                return layer
            }, times: steps(fps: 60, until: 10.2))
        }
    }

    static let others: [Scenario] = [
        Scenario(name: "preset fire", make: { Preset.fire.makeLayer(size: CGSize(width: 1000, height: 1000)) },
                 times: steps()),
        Scenario(name: "preset smoke", make: { Preset.smoke.makeLayer(size: CGSize(width: 1000, height: 1000)) },
                 times: steps()),
        Scenario(name: "preset snow (timeOffset 10 fast-forward)", make: { Preset.snow.makeLayer(size: CGSize(width: 1000, height: 1000)) },
                 times: steps()),
        Scenario(name: "preset colour balls (sub-cell beginTime 5)", make: { Preset.colorBalls.makeLayer(size: CGSize(width: 1000, height: 1000)) },
                 times: steps(until: 12)),
        Scenario(name: "preset fireworks (three levels)", make: { Preset.fireworks.makeLayer(size: CGSize(width: 1000, height: 1000)) },
                 times: steps()),
        Scenario(name: "preset confetti (six cells, drawing properties)", make: {
            let layer = Preset.confetti.makeLayer(size: CGSize(width: 1000, height: 1000))
            let c = layer.emitterCells![1]
            c.isEnabled = false
            c.contentsRect = CGRect(x: 0.25, y: 0, width: 0.5, height: -1)
            c.contentsScale = 2
            c.magnificationFilter = .nearest
            c.minificationFilter = .trilinear
            c.minificationFilterBias = 0.5
            layer.renderMode = .backToFront
            layer.preservesDepth = true
            return layer
        }, times: steps()),
        Scenario(name: "sprite sheets (over the lifetime, looping and clamped rates, random start)", make: {
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 500, y: 500)
            layer.seed = 0x5EED
            let sheet = SpriteImage.builtin(.softDot, size: 8)
            func cell(_ name: String, _ setUp: (EmitterCell) -> Void) -> EmitterCell {
                let c = busyCell(name.count, name: name)
                c.contents = sheet
                c.spriteColumns = 4
                c.spriteRows = 3
                setUp(c)
                return c
            }
            layer.emitterCells = [
                cell("life") { $0.spriteFrameCount = 10 },
                cell("looping") { $0.spriteFrameRate = 7.5; $0.spriteRandomStart = true },
                cell("clamped") { $0.spriteFrameRate = 3; $0.spriteLoops = false; $0.spriteFrameCount = 5 },
            ]
            return layer
        }, times: steps(), edit: { layer, t in
            // An animated frame rate: the frame follows the current rate (read at every update).
            layer.emitterCells?[1].spriteFrameRate = t < 5 ? 7.5 : 2
        }),
        Scenario(name: "layer multipliers and seed (children inherit velocity)", make: {
            let layer = EmitterLayer()
            layer.birthRate = 2.5
            layer.lifetime = 1.4
            layer.velocity = 0.7
            layer.scale = 1.3
            layer.spin = -2
            layer.seed = 0xDEAD
            layer.emitterShape = .circle
            layer.emitterPosition = CGPoint(x: 500, y: 500)
            layer.emitterSize = CGSize(width: 200, height: 0)
            let sub = busyCell(3, name: "child")
            sub.birthRate = 4
            sub.parentVelocityFraction = 0.75   // children leave with most of their parent's velocity
            let c = busyCell(7)
            c.emitterCells = [sub]
            layer.emitterCells = [c]
            return layer
        }, times: steps()),
        Scenario(name: "layer media timing (begin, speed, offset, duration, fill)", make: {
            let layer = EmitterLayer()
            layer.beginTime = 0.75
            layer.speed = 1.25
            layer.timeOffset = 3
            layer.duration = 11
            layer.fillMode = .forwards
            layer.emitterPosition = CGPoint(x: 500, y: 300)
            layer.emitterCells = [busyCell(2)]
            return layer
        }, times: steps()),
        Scenario(name: "layer repeat and autoreverse (local time runs back: rebuilds)", make: {
            let layer = EmitterLayer()
            layer.duration = 3
            layer.repeatCount = 2
            layer.autoreverses = true
            layer.fillMode = .forwards
            layer.emitterPosition = CGPoint(x: 500, y: 300)
            layer.emitterCells = [busyCell(20)]
            return layer
        }, times: steps(fps: 30, until: 13), compareEvery: 25),
        Scenario(name: "layer repeatDuration (wraps: rebuilds)", make: {
            let layer = EmitterLayer()
            layer.duration = 2.5
            layer.repeatDuration = 8
            layer.emitterPosition = CGPoint(x: 500, y: 300)
            layer.emitterCells = [busyCell(21)]
            return layer
        }, times: steps(fps: 30, until: 10.5), compareEvery: 20),
        Scenario(name: "cell media timing (begin, duration, speed, repeat, autoreverse)", make: {
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 500, y: 300)
            let a = busyCell(4, name: "a")
            a.beginTime = 1.5
            a.duration = 2
            a.repeatCount = 2
            a.autoreverses = true
            a.speed = 1.5
            let b = busyCell(5, name: "b")
            b.beginTime = 0.4
            b.duration = 1.2
            b.timeOffset = 0.3
            b.repeatDuration = 3
            b.fillMode = .both
            let sub = busyCell(6, name: "sub")
            sub.birthRate = 6
            sub.beginTime = 0.5
            sub.duration = 1
            b.emitterCells = [sub]
            layer.emitterCells = [a, b]
            return layer
        }, times: steps()),
        Scenario(name: "key-path edits between frames", make: {
            let layer = Preset.fireworks.makeLayer(size: CGSize(width: 1000, height: 1000))
            layer.emitterCells![0].emitterCells![0].redSpeed = 0.2
            return layer
        }, times: steps(), edit: { layer, t in
            if t == 2 { layer.setValue(3, forKeyPath: "emitterCells.rocket.birthRate") }
            if t == 3 { layer.setValue(-60, forKeyPath: "emitterCells.rocket.yAcceleration") }
            if t == 3.5 { layer.setValue(40, forKeyPath: "emitterCells.rocket.emitterCells.burst.emitterCells.spark.xAcceleration") }
            if t == 4 { layer.setValue(-1.2, forKeyPath: "emitterCells.rocket.emitterCells.trail.alphaSpeed") }
            if t == 4.5 { layer.setValue(0.4, forKeyPath: "emitterCells.0.emitterCells.1.emitterCells.0.blueSpeed") }
            if t == 5 { layer.setValue(900, forKeyPath: "emitterCells.rocket.emitterCells.burst.emitterCells.spark.birthRate") }
            if t == 6 { layer.setValue(0, forKeyPath: "emitterCells.rocket.emitterCells.trail.birthRate") }
            if t == 7 { layer.setValue(80, forKeyPath: "emitterCells.rocket.emitterCells.trail.birthRate") }
            if t == 8 { layer.setValue(1.5, forKeyPath: "velocity") }
        }),
        Scenario(name: "emitter moved every frame", make: {
            let layer = EmitterLayer()
            layer.emitterShape = .rectangle
            layer.emitterSize = CGSize(width: 30, height: 10)
            layer.emitterCells = [busyCell(8)]
            return layer
        }, times: steps(), edit: { layer, t in
            layer.emitterPosition = CGPoint(x: 500 + 300 * cos(t), y: 500 + 200 * sin(1.3 * t))
            layer.emitterZPosition = CGFloat(20 * sin(t))
            // Semantics §9: births follow the moved emitter; from 3 s a short teleport distance makes
            // the faster moves teleports; from 6 s the layer does not interpolate at all.
            layer.emitterTeleportDistance = t < 3 ? 1000 : 4
            layer.interpolatesEmitterMotion = t < 6
        }),
        Scenario(name: "explicit animations: emitter path, cell properties", make: {
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 200, y: 500)
            let cell = busyCell(24, name: "anim")
            cell.birthRate = 90
            let sub = busyCell(25, name: "spark")
            sub.birthRate = 3
            cell.emitterCells = [sub]
            layer.emitterCells = [cell]
            return layer
        }, times: irregularSteps(until: 10.5, seed: 5), edit: { layer, t in
            guard layer.animationKeys().isEmpty, t >= 1 else { return }
            let path = KeyframeAnimation(keyPath: "emitterPosition")
            path.values = [CGPoint(x: 200, y: 500), CGPoint(x: 800, y: 300), CGPoint(x: 500, y: 800), CGPoint(x: 200, y: 500)]
            path.keyTimes = [0, 0.3, 0.7, 1]
            path.timingFunctions = [.easeIn, .linear, .easeInEaseOut]
            path.duration = 3
            path.repeatCount = 2
            layer.add(path, forKey: "path")
            let scale = BasicAnimation(keyPath: "emitterCells.anim.scale")
            scale.fromValue = 0.2
            scale.toValue = 1.2
            scale.duration = 2
            scale.autoreverses = true
            scale.repeatCount = .infinity
            scale.timingFunction = .default
            layer.add(scale, forKey: "scale")
            let rate = BasicAnimation(keyPath: "emitterCells.anim.emitterCells.spark.birthRate")
            rate.byValue = 5
            rate.duration = 4
            rate.fillMode = .forwards
            rate.isRemovedOnCompletion = false
            layer.add(rate, forKey: "rate")
        }, compareEvery: 40),
        // Records name their cell's birth parameters by generation instead of storing their
        // attributes (BirthHistory): every parameter of the attributes changes at every update, so
        // each update is a new generation, the ring of rows doubles several times, rows are reused
        // once their particles are dead, and a sub-cell's children inherit the parents' values.
        Scenario(name: "birth parameters changed every frame", make: {
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 500, y: 500)
            let cell = busyCell(30, name: "gen")
            cell.lifetime = 3.5
            let sub = busyCell(31, name: "child")
            sub.birthRate = 4
            sub.lifetime = 0.8
            cell.emitterCells = [sub]
            layer.emitterCells = [cell]
            return layer
        }, times: steps(until: 9), edit: { layer, t in
            let cell = layer.emitterCells![0], sub = cell.emitterCells![0]
            let w = Float(t)
            cell.color = Color(red: 0.5 + 0.4 * sin(w), green: 0.5 + 0.4 * cos(1.3 * w), blue: 0.6, alpha: 0.8 + 0.1 * sin(2 * w))
            cell.redRange = 0.2 + 0.1 * sin(w)
            cell.scale = CGFloat(0.5 + 0.3 * sin(0.7 * t))
            cell.scaleRange = CGFloat(0.2 + 0.1 * cos(t))
            cell.scaleSpeed = CGFloat(-0.05 * cos(t))
            cell.rotation = CGFloat(t)
            cell.spin = CGFloat(sin(t))
            cell.spinRange = CGFloat(0.5 + 0.4 * cos(t))
            sub.scale = CGFloat(0.8 + 0.2 * sin(3 * t))
            sub.color = Color(red: 1, green: 0.9 + 0.1 * sin(w), blue: 0.8, alpha: 1)
            layer.scale = Float(1 + 0.3 * sin(0.5 * t))
            layer.spin = Float(1 + 0.5 * cos(0.4 * t))
        }, compareEvery: 30),
        Scenario(name: "irregular steps with sub-cells", make: { Preset.colorBalls.makeLayer(size: CGSize(width: 1000, height: 1000)) },
                 times: irregularSteps(until: 10.5, seed: 11), compareEvery: 40),
        Scenario(name: "irregular steps, fireworks", make: { Preset.fireworks.makeLayer(size: CGSize(width: 1000, height: 1000)) },
                 times: irregularSteps(until: 10.5, seed: 12), compareEvery: 40),
        Scenario(name: "timeOffset fast-forward with catch-up", make: {
            let layer = Preset.fireworks.makeLayer(size: CGSize(width: 1000, height: 1000))
            layer.timeOffset = 40
            return layer
        }, times: steps(until: 10)),
        Scenario(name: "seek backwards rebuilds", make: { Preset.colorBalls.makeLayer(size: CGSize(width: 1000, height: 1000)) },
                 times: steps(fps: 30, until: 9) + steps(fps: 30, until: 11, from: 6), compareEvery: 45),
        Scenario(name: "three sub-cells three levels deep", make: {
            let leaf = busyCell(9, name: "leaf")
            leaf.birthRate = 12
            leaf.lifetime = 1
            let mid1 = busyCell(10, name: "mid1")
            mid1.birthRate = 2
            mid1.emitterCells = [leaf]
            let mid2 = busyCell(11, name: "mid2")
            mid2.birthRate = 1.5
            mid2.beginTime = 0.5
            let mid3 = busyCell(12, name: "mid3")
            mid3.birthRate = 3
            mid3.duration = 1
            let top = busyCell(13, name: "top")
            top.birthRate = 4
            top.emitterCells = [mid1, mid2, mid3]
            let layer = EmitterLayer()
            layer.emitterShape = .sphere
            layer.emitterMode = .surface
            layer.emitterPosition = CGPoint(x: 500, y: 500)
            layer.emitterSize = CGSize(width: 100, height: 100)
            layer.emitterCells = [top]
            return layer
        }, times: steps()),
        Scenario(name: "birth rate stopped and resumed, cells replaced", make: {
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 400, y: 400)
            layer.emitterCells = [busyCell(14, name: "x"), busyCell(15, name: "y")]
            return layer
        }, times: steps(), edit: { layer, t in
            if t == 2 { layer.birthRate = 0 }
            if t == 3.5 { layer.birthRate = 1 }
            if t == 5 { layer.emitterCells = [layer.emitterCells![0], busyCell(16, name: "y2"), busyCell(17, name: "z")] }
            if t == 7 { layer.emitterCells![0].emitterCells = [busyCell(18, name: "late")] }
        }),
        Scenario(name: "sub-cell stopped and restarted, rate changed while paused", make: {
            let sub = busyCell(22, name: "sub")
            sub.birthRate = 10
            let parent = busyCell(23, name: "parent")
            parent.birthRate = 3
            parent.lifetime = 6
            parent.emitterCells = [sub]
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 500, y: 400)
            layer.emitterCells = [parent]
            return layer
        }, times: steps(), edit: { layer, t in
            let sub = layer.emitterCells![0].emitterCells?.first
            if t == 2 { sub?.birthRate = 0 }
            if t == 3 { sub?.birthRate = 10 }
            if t == 4 { layer.speed = 0; layer.timeOffset = 4 }          // pause at local time 4
            if t == 4.5 { sub?.birthRate = 30 }                         // edited while paused
            if t == 5 { layer.speed = 1; layer.beginTime = 5 }           // resume at local time 4
            if t == 7 { layer.emitterCells![0].emitterCells = nil }      // sub-cells removed …
            if t == 8 {                                                   // … and restored
                let again = busyCell(22, name: "sub")
                again.birthRate = 30
                layer.emitterCells![0].emitterCells = [again]
            }
        }),
        Scenario(name: "lifetimes at or below zero are not created", make: {
            let c = busyCell(19)
            c.lifetime = 0.5
            c.lifetimeRange = 2.5
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 500, y: 500)
            layer.emitterCells = [c]
            return layer
        }, times: steps()),
    ]

    static let all: [Scenario] = shapes + others + behaviors
}

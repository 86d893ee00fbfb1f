import Foundation
@testable import Plume

/// Differential scenarios of bursts (Semantics §13): one-shot, repeating and probable cycles beside
/// a `birthRate`, with sub-cells, at 24, 60 and 144 fps, under irregular steps, a catch-up
/// (`timeOffset`), a seek backwards and edits of the bursts between frames.
extension Scenarios {
    static func burstLayer() -> EmitterLayer {
        let spark = busyCell(30, name: "spark")
        spark.birthRate = 9
        spark.lifetime = 0.8
        spark.parentVelocityFraction = 0.5
        let shell = busyCell(31, name: "shell")
        shell.birthRate = 0
        shell.lifetime = 1.1
        shell.lifetimeRange = 0.6
        shell.bursts = [EmitterBurst(time: 0, count: 60),
                        EmitterBurst(time: 0.731, count: 25, cycles: 0, interval: 1.37, probability: 0.6),
                        EmitterBurst(time: 2.1, count: 40, cycles: 4, interval: 0.413)]
        shell.emitterCells = [spark]
        let steady = busyCell(32, name: "steady")
        steady.birthRate = 6
        steady.bursts = [EmitterBurst(time: 1.013, count: 15, cycles: 3, interval: 2.5)]
        let layer = EmitterLayer()
        layer.emitterShape = .circle
        layer.emitterPosition = CGPoint(x: 500, y: 500)
        layer.emitterSize = CGSize(width: 120, height: 120)
        layer.seed = 0xB0B5
        layer.emitterCells = [shell, steady]
        return layer
    }

    static let bursts: [Scenario] = [24.0, 60, 144].map { fps in
        Scenario(name: "bursts at \(Int(fps)) fps", make: burstLayer, times: steps(fps: fps, until: 8),
                 compareEvery: Int(fps) * 2)
    } + [
        Scenario(name: "bursts under irregular steps", make: burstLayer, times: irregularSteps(until: 8, seed: 25),
                 compareEvery: 40),
        Scenario(name: "bursts caught up (timeOffset 37)", make: {
            let layer = burstLayer()
            layer.timeOffset = 37
            return layer
        }, times: steps(fps: 60, until: 6)),
        Scenario(name: "bursts under a seek backwards", make: burstLayer,
                 times: steps(fps: 30, until: 7) + steps(fps: 30, until: 9, from: 2.5), compareEvery: 45),
        Scenario(name: "bursts edited between frames (count, layer rate, beginTime)", make: burstLayer, times: steps(fps: 60, until: 8),
                 edit: { layer, t in
                     let shell = layer.emitterCells![0]
                     if t == 3 { shell.setValue([EmitterBurst(time: 0.2, count: 5000, cycles: 0, interval: 0.9)], forKeyPath: "bursts") }
                     if t == 5 { layer.birthRate = 0.5 }
                     if t == 6 { shell.beginTime = 6.2 }
                 }),
    ]
}

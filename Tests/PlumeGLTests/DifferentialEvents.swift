import Foundation
@testable import Plume

/// Differential scenarios of event sub-cells (Semantics §14): shells bursting sparks on death,
/// sparks leaving smoke on death, flashes at birth, beside a sub-cell over life, at 24, 60 and
/// 144 fps, under irregular steps, a catch-up (`timeOffset`) and a seek backwards.
extension Scenarios {
    static func eventLayer() -> EmitterLayer {
        let smoke = busyCell(40, name: "smoke")
        smoke.emissionEvent = .death
        smoke.eventCount = 2
        smoke.lifetime = 1.5
        smoke.parentScaleFraction = 0
        let spark = busyCell(41, name: "spark")
        spark.emissionEvent = .death
        spark.eventCount = 6
        spark.lifetime = 0.7
        spark.parentVelocityFraction = 0.3
        spark.parentColorFraction = 0.5
        spark.parentScaleFraction = 0.7
        spark.emitterCells = [smoke]
        let flash = busyCell(42, name: "flash")
        flash.emissionEvent = .birth
        flash.eventCount = 3
        flash.lifetime = 0.4
        let trail = busyCell(43, name: "trail")
        trail.birthRate = 7
        trail.lifetime = 0.6
        let shell = busyCell(44, name: "shell")
        shell.birthRate = 1.3
        shell.lifetime = 1.013
        shell.lifetimeRange = 0.4
        shell.bursts = [EmitterBurst(time: 0.2, count: 12)]
        shell.emitterCells = [spark, flash, trail]
        let layer = EmitterLayer()
        layer.emitterShape = .line
        layer.emitterPosition = CGPoint(x: 500, y: 700)
        layer.emitterSize = CGSize(width: 300, height: 0)
        layer.seed = 0xE7E7
        layer.emitterCells = [shell]
        return layer
    }

    static let events: [Scenario] = [24.0, 60, 144].map { fps in
        Scenario(name: "event sub-cells at \(Int(fps)) fps", make: eventLayer, times: steps(fps: fps, until: 8),
                 compareEvery: Int(fps) * 2)
    } + [
        Scenario(name: "event sub-cells under irregular steps", make: eventLayer, times: irregularSteps(until: 8, seed: 26),
                 compareEvery: 40),
        Scenario(name: "event sub-cells caught up (timeOffset 23)", make: {
            let layer = eventLayer()
            layer.timeOffset = 23
            return layer
        }, times: steps(fps: 60, until: 6)),
        Scenario(name: "event sub-cells under a seek backwards", make: eventLayer,
                 times: steps(fps: 30, until: 7) + steps(fps: 30, until: 9, from: 2.5), compareEvery: 45),
        Scenario(name: "event sub-cells edited between frames (event, count)", make: eventLayer, times: steps(fps: 60, until: 8),
                 edit: { layer, t in
                     let spark = layer.emitterCells![0].emitterCells![0]
                     if t == 3 { spark.setValue(11, forKeyPath: "eventCount") }
                     if t == 5 { spark.emissionEvent = .birth }
                     if t == 6.5 { spark.emissionEvent = .life; spark.birthRate = 12 }
                 }),
    ]
}

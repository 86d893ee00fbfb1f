import Foundation
import Plume

/// The workload of the long-session checks (issue 22 item 2): `LongSessionTests` and
/// `plume session`.
package enum LongSession {
    /// A continuous emitter of shells under gravity, each throwing sparks (a sub-cell: the GPU's
    /// emission clocks), a few dozen live at a time; `timeOffset` is the layer's.
    package static func layer(timeOffset: Double = 0) -> EmitterLayer {
        let spark = EmitterCell(name: "spark")
        spark.birthRate = 3
        spark.lifetime = 0.7
        spark.velocity = 40
        spark.emissionRange = .pi * 2
        let shell = EmitterCell(name: "shell")
        shell.birthRate = 7
        shell.lifetime = 1.9
        shell.lifetimeRange = 0.6
        shell.velocity = 150
        shell.velocityRange = 40
        shell.emissionRange = 0.8
        shell.emissionLongitude = -.pi / 2
        shell.yAcceleration = 90
        shell.emitterCells = [spark]
        let layer = EmitterLayer()
        layer.seed = 11
        layer.emitterPosition = CGPoint(x: 400, y: 500)
        layer.emitterCells = [shell]
        layer.timeOffset = timeOffset
        return layer
    }
}

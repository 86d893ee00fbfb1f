import Foundation
import Plume
import PlumeGL

/// The layers the benchmarks run: steady states reached on the first update (pre-warmed by
/// `timeOffset`, so no warm-up simulation is timed or needed).
enum Workloads {
    static let lifetime = 2.0

    /// `live` particles spread over `cells` cells, additive 8-pixel soft sprites on 1280×720.
    static func steady(live: Int, cells: Int = 1) -> EmitterLayer {
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 640, y: 360)
        layer.emitterShape = .circle
        layer.emitterSize = CGSize(width: 200, height: 0)
        layer.renderMode = .additive
        layer.timeOffset = lifetime                 // the first update creates a full lifetime of births
        let sprite = SpriteImage.builtin(.softDot, size: 8)
        layer.emitterCells = (0..<cells).map { i in
            let cell = EmitterCell(name: "c\(i)")
            cell.contents = sprite
            cell.birthRate = Float(Double(live) / Double(cells) / lifetime)
            cell.lifetime = Float(lifetime)
            cell.velocity = 120
            cell.velocityRange = 60
            cell.emissionRange = 2 * .pi
            cell.yAcceleration = 30
            cell.color = Color(red: 1, green: 0.6, blue: 0.3, alpha: 0.6)
            cell.alphaSpeed = -0.25
            return cell
        }
        return layer
    }

    /// Gives every cell of `layer` a trail of `points` grid positions over `points`/60 s, tapering
    /// to nothing (trailWidths [1, 0]): the trail rows of `--only trails` and `--only families`.
    static func trail(_ layer: EmitterLayer, points: Int) {
        for cell in layer.emitterCells ?? [] {
            cell.trailPointCount = Float(points)
            cell.trailDuration = Double(points) / 60
            cell.trailWidths = [1, 0]
        }
    }

    /// Fireworks-style nesting at scale: rockets → 150 sparks each at its death, smoke at theirs, plus trails (run
    /// 3 s untimed to reach the steady state).
    static func fireworks(rocketsPerSecond: Float) -> EmitterLayer {
        let layer = Preset.fireworks.makeLayer(size: CGSize(width: 1280, height: 720))
        layer.emitterCells![0].birthRate = rocketsPerSecond
        layer.timeOffset = 0
        return layer
    }

    /// Limits that never drop births in these workloads.
    static func limits(_ live: Int) -> SimulationLimits { SimulationLimits(maxParticlesPerCell: max(2 * live, 1 << 20)) }
}

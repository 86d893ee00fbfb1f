import Foundation

/// Presets that show trails (Semantics §10 "Trails").
extension Presets {
    /// Comets thrown up from the lower left that arc over under gravity: each draws a trail of
    /// its last 0.8 s (24 positions on its age grid, so the same at any frame rate) that tapers
    /// from the comet's width to nothing and cools from white to a transparent blue; additive.
    public static func comet(size: CGSize) -> EmitterLayer {
        let comet = EmitterCell(name: "comet")
        comet.contents = .builtin(.softDot, size: 32)
        comet.birthRate = 3
        comet.lifetime = 4
        comet.velocity = 300
        comet.velocityRange = 80
        comet.emissionLongitude = -.pi / 4        // up and to the right on the y-down layer
        comet.emissionRange = 0.5
        comet.yAcceleration = 110
        comet.scale = 0.7
        comet.scaleRange = 0.3
        comet.color = Color(red: 0.85, green: 0.95, blue: 1, alpha: 1)
        comet.trailPointCount = 24
        comet.trailDuration = 0.8
        comet.trailWidths = [0.9, 0.45, 0]
        comet.trailWidthLocations = [0, 0.4, 1]
        comet.trailColors = [.white, Color(red: 0.55, green: 0.75, blue: 1, alpha: 0.7),
                             Color(red: 0.3, green: 0.4, blue: 1, alpha: 0)]

        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: size.width * 0.15, y: size.height * 0.85)
        layer.emitterShape = .circle
        layer.emitterSize = CGSize(width: size.width * 0.1, height: size.width * 0.1)
        layer.renderMode = .additive
        layer.emitterCells = [comet]
        return layer
    }
}

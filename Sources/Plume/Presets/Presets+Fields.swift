import Foundation

/// Presets that show the force fields (Semantics §12 "Turbulence", "Vortex").
extension Presets {
    /// Smoke that curls as it rises: a `turbulence` (curl noise, three octaves, scrolling with each
    /// puff's age) breaks the column into swirls, and a `vortex` above and beside the source bends
    /// it over into an eddy; `drag` makes the puffs follow the air instead of racing off. Sorted
    /// oldest first, so the newest puffs are drawn over the older ones.
    ///
    /// Speeds, accelerations and the noise's scale follow the scene's height (600 points: as
    /// written), so the picture is the same at any size.
    public static func curlingSmoke(size: CGSize) -> EmitterLayer {
        let k = size.height / Preset.defaultSize.height
        let puff = EmitterCell(name: "puff")
        puff.contents = .builtin(.smokePuff, size: 64)
        puff.birthRate = 40
        puff.lifetime = 5
        puff.lifetimeRange = 1
        puff.velocity = 110 * k
        puff.velocityRange = 20 * k
        puff.emissionLongitude = 0                    // up: a line's base direction
        puff.emissionRange = .pi / 10
        puff.yAcceleration = -50 * k                  // buoyancy: 62.5 points/s up against the drag
        puff.scale = 0.3 * k
        puff.scaleRange = 0.1 * k
        puff.scaleSpeed = 0.3 * k
        puff.spin = 0.3
        puff.spinRange = 0.8
        puff.color = Color(red: 0.78, green: 0.8, blue: 0.86, alpha: 0.5)
        puff.alphaSpeed = -0.1

        let curl = EmitterBehavior(type: .turbulence, name: "curl")
        curl.strength = 70 * k
        curl.noiseFrequency = 0.012 / k
        curl.octaves = 3
        curl.scrollSpeed = 0.5
        let eddy = EmitterBehavior(type: .vortex, name: "eddy")
        eddy.position = CGPoint(x: size.width * 0.52, y: size.height * 0.56)
        eddy.swirl = 300 * k
        eddy.coreRadius = 100 * k
        eddy.pull = 60 * k
        let drag = EmitterBehavior(type: .drag, name: "air")
        drag.drag = 0.8

        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: size.width * 0.47, y: size.height * 0.95)
        layer.emitterSize = CGSize(width: size.width * 0.08, height: 0)
        layer.emitterShape = .line
        layer.emitterCells = [puff]
        layer.emitterBehaviors = [curl, eddy, drag]
        layer.renderMode = .oldestFirst
        return layer
    }
}

import Foundation

/// Presets that show colliders (Semantics §12 "Collisions").
extension Presets {
    /// Sparks from a grinder that fall to a floor and bounce along it: a plane `collider` (a line
    /// across the scene at 85 % of its height, normal up) with `restitution` 0.6 and `friction`
    /// 0.15, so each spark hops lower and slides slower with each hit; the hits are swept on the
    /// motion grid, so none falls through at any frame rate. `alignToMotion` turns the streaks
    /// along their paths, `colorOverLife` cools them from white to a dark red.
    ///
    /// Speeds and accelerations scale with the scene's height (600 points: as written), so the
    /// picture is the same at any size.
    public static func bouncingSparks(size: CGSize) -> EmitterLayer {
        let k = size.height / Preset.defaultSize.height
        let spark = EmitterCell(name: "spark")
        spark.contents = Self.streak
        spark.birthRate = 120
        spark.lifetime = 2.6
        spark.lifetimeRange = 0.8
        spark.velocity = 240 * k
        spark.velocityRange = 80 * k
        spark.emissionLongitude = -.pi / 6            // up and to the right
        spark.emissionRange = .pi / 6
        spark.yAcceleration = 520 * k
        spark.scale = 0.7
        spark.scaleRange = 0.25
        spark.color = Color(red: 1, green: 0.85, blue: 0.55)

        let floor = EmitterBehavior(type: .collider, name: "floor")
        floor.position = CGPoint(x: 0, y: size.height * 0.85)
        floor.orientationLongitude = -.pi / 2         // the normal points up: particles come from above
        floor.restitution = 0.6
        floor.friction = 0.15
        let align = EmitterBehavior(type: .alignToMotion, name: "align")
        let cool = EmitterBehavior(type: .colorOverLife, name: "cool")
        cool.colors = [.white, Color(red: 1, green: 0.6, blue: 0.2), Color(red: 0.6, green: 0.06, blue: 0.02, alpha: 0)]
        cool.locations = [0, 0.5, 1]

        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: size.width * 0.12, y: size.height * 0.35)
        layer.emitterCells = [spark]
        layer.emitterBehaviors = [floor, align, cool]
        layer.renderMode = .additive
        return layer
    }

    /// Rain splashing on the ground: drops fall from a line above the scene and stop on a plane
    /// `collider` (a floor at 85 % of the scene's height, `stick`); each drop's lifetime is its
    /// fall time plus 40 ms, so it dies on the floor, and a death event sub-cell throws a splash
    /// of six droplets up from where it lies, which fall back and settle on the same floor.
    /// `alignToMotion` (on the drops only) draws each drop as a streak along its fall.
    ///
    /// Speeds and accelerations scale with the scene's height (600 points: as written), so the
    /// picture is the same at any size.
    public static func rain(size: CGSize) -> EmitterLayer {
        let k = size.height / Preset.defaultSize.height
        let top = -10 * k, floorY = size.height * 0.85
        let speed = 400 * k, gravity = 900 * k
        // The time to fall from the line to the floor: top + speed·t + gravity·t²/2 = floorY.
        let fall = ((speed * speed + 2 * gravity * (floorY - top)).squareRoot() - speed) / gravity

        let splash = EmitterCell(name: "splash")
        splash.contents = .builtin(.softDot, size: 16)
        splash.emissionEvent = .death
        splash.eventCount = 6
        splash.lifetime = 0.45
        splash.lifetimeRange = 0.1
        splash.velocity = 190 * k
        splash.velocityRange = 70 * k
        splash.emissionLongitude = -.pi / 2          // up from where the drop lies
        splash.emissionRange = .pi * 0.6
        splash.yAcceleration = 800 * k
        splash.scale = 0.45
        splash.scaleRange = 0.15
        splash.color = Color(red: 0.75, green: 0.88, blue: 1, alpha: 1)
        splash.alphaSpeed = -1.6

        let drop = EmitterCell(name: "drop")
        drop.contents = Self.streak
        drop.birthRate = 90
        drop.lifetime = Float(fall) + 0.04
        drop.velocity = speed
        drop.emissionLongitude = .pi                  // down, from a line (base direction up)
        drop.yAcceleration = gravity
        drop.scale = 0.9
        drop.color = Color(red: 0.7, green: 0.82, blue: 1, alpha: 0.9)
        drop.emitterCells = [splash]

        let ground = EmitterBehavior(type: .collider, name: "ground")
        ground.position = CGPoint(x: 0, y: floorY)
        ground.orientationLongitude = -.pi / 2        // the normal points up: particles come from above
        ground.collisionResponse = .stick
        let align = EmitterBehavior(type: .alignToMotion, name: "align")
        align.cellNames = ["drop"]

        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: size.width / 2, y: top)
        layer.emitterSize = CGSize(width: size.width * 1.1, height: 0)
        layer.emitterShape = .line
        layer.emitterCells = [drop]
        layer.emitterBehaviors = [ground, align]
        layer.renderMode = .additive
        return layer
    }
}

import Foundation

/// Presets that show colliders (Semantics §12 "Collisions").
extension Presets {
    /// Sparks from a grinder that fall to a floor and bounce along it: a plane `collider` (a line
    /// across the scene at 85 % of its height, normal up) with `restitution` 0.6 and `friction`
    /// 0.15, so each spark hops lower and slides slower with each hit; the hits are swept on the
    /// motion grid, so none falls through at any frame rate. `alignToMotion` turns the streaks
    /// along their paths, `colorOverLife` cools them from white to a dark red, and each spark
    /// draws a trail of its last 0.2 s (10 points) that bends at every bounce.
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
        spark.trailPointCount = 10
        spark.trailDuration = 0.2
        spark.trailWidths = [0.8, 0.3, 0]
        spark.trailWidthLocations = [0, 0.5, 1]
        spark.trailColors = [.white, Color(red: 1, green: 0.55, blue: 0.15, alpha: 0.6), Color(red: 1, green: 0.3, blue: 0.05, alpha: 0)]

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

    /// Rain splashing on a roof and the ground: drops fall from a line above the scene onto a
    /// `heightfield` collider (33 heights across the scene: a gabled roof in the middle of
    /// low rolling ground) and die where they hit it (`kill`); a `collision` event sub-cell
    /// throws a splash of five droplets back up from each hit, which fall back and die on the same
    /// terrain. `alignToMotion` (on the drops only) draws each drop as a streak along its fall.
    ///
    /// Speeds and accelerations scale with the scene's height (600 points: as written), so the
    /// picture is the same at any size.
    public static func rain(size: CGSize) -> EmitterLayer {
        let k = size.height / Preset.defaultSize.height
        let top = -10 * k
        let speed = 400 * k, gravity = 900 * k

        let splash = EmitterCell(name: "splash")
        splash.contents = .builtin(.softDot, size: 16)
        splash.emissionEvent = .collision
        splash.eventCount = 5
        splash.lifetime = 0.6
        splash.lifetimeRange = 0.1
        splash.velocity = 190 * k
        splash.velocityRange = 70 * k
        splash.emissionLongitude = .pi                // back up along the drop's fall
        splash.emissionRange = .pi * 0.6
        splash.yAcceleration = 800 * k
        splash.scale = 0.45
        splash.scaleRange = 0.15
        splash.color = Color(red: 0.75, green: 0.88, blue: 1, alpha: 1)
        splash.alphaSpeed = -1.6

        let drop = EmitterCell(name: "drop")
        drop.contents = Self.streak
        drop.birthRate = 90
        drop.lifetime = 2                             // they die on the terrain first
        drop.velocity = speed
        drop.emissionLongitude = .pi                  // down, from a line (base direction up)
        drop.yAcceleration = gravity
        drop.scale = 0.9
        drop.color = Color(red: 0.7, green: 0.82, blue: 1, alpha: 0.9)
        drop.emitterCells = [splash]

        let terrain = EmitterBehavior(type: .collider, name: "terrain")
        terrain.colliderShape = .heightfield
        terrain.position = CGPoint(x: 0, y: size.height * 0.92)
        terrain.orientationLongitude = -.pi / 2       // heights go up the screen: particles come from above
        terrain.samples = Self.roofline.map { $0 * size.height }
        terrain.sampleSpacing = size.width / CGFloat(Self.roofline.count - 1)
        terrain.collisionResponse = .kill
        let align = EmitterBehavior(type: .alignToMotion, name: "align")
        align.cellNames = ["drop"]

        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: size.width / 2, y: top)
        layer.emitterSize = CGSize(width: size.width * 1.1, height: 0)
        layer.emitterShape = .line
        layer.emitterCells = [drop]
        layer.emitterBehaviors = [terrain, align]
        layer.renderMode = .additive
        return layer
    }

    /// The rain's terrain: 33 heights across the scene, fractions of its height: low rolling
    /// ground (4–9 %) with a house in the middle (walls to 22 %, a gable to 36 %), above 8 % of the
    /// scene from its bottom.
    static let roofline: [CGFloat] = (0...32).map { i in
        let ground = 0.065 + 0.025 * sin(Double(i) * 0.8)
        let roof = (12...20).contains(i) ? 0.36 - 0.035 * Double(abs(i - 16)) : 0
        return CGFloat(max(ground, roof))
    }
}

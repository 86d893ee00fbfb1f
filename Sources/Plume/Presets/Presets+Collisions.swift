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
}

import Foundation

extension Presets {
    /// Plume's own flipbook explosion: fireballs that each play the 4 × 4 built-in explosion sheet
    /// over their life (Semantics §10 "Sprite sheets"), starting orange and cooling to dark red
    /// smoke, with a random start rotation, over a spray of sparks falling under gravity.
    public static func flipbookExplosion(size: CGSize) -> EmitterLayer {
        let fireball = EmitterCell(name: "fireball")
        fireball.contents = .builtin(.explosionSheet, size: 256)
        fireball.spriteColumns = 4
        fireball.spriteRows = 4
        fireball.birthRate = 9
        fireball.lifetime = 1.6
        fireball.lifetimeRange = 0.4
        fireball.velocity = 25
        fireball.velocityRange = 20
        fireball.emissionRange = 2 * .pi
        fireball.scale = 1.3
        fireball.scaleRange = 0.5
        fireball.scaleSpeed = 0.2
        fireball.rotationRange = 2 * .pi
        fireball.spinRange = 0.6
        fireball.color = Color(red: 1, green: 0.78, blue: 0.4, alpha: 0.95)
        fireball.greenSpeed = -0.35
        fireball.blueSpeed = -0.25
        fireball.alphaSpeed = -0.3

        let spark = EmitterCell(name: "spark")
        spark.contents = .builtin(.spark, size: 32)
        spark.birthRate = 90
        spark.lifetime = 1.1
        spark.lifetimeRange = 0.4
        spark.velocity = 230
        spark.velocityRange = 90
        spark.emissionRange = 2 * .pi
        spark.yAcceleration = 260
        spark.scale = 0.4
        spark.scaleRange = 0.2
        spark.spinRange = 4
        spark.color = Color(red: 1, green: 0.9, blue: 0.55, alpha: 1)
        spark.greenSpeed = -0.5
        spark.blueSpeed = -0.6
        spark.alphaSpeed = -0.8

        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: size.width / 2, y: size.height * 0.55)
        layer.emitterSize = CGSize(width: min(size.width, size.height) * 0.25, height: 0)
        layer.emitterShape = .circle
        layer.renderMode = .additive
        layer.emitterCells = [fireball, spark]
        return layer
    }
}

import Foundation
import Plume

// Ported sample: Lv-249iOS/BomberMan — BomberMan/FireView.swift (additive flames rising from a line).
// Renames: UIView → HostView, CAEmitterLayer → EmitterLayer, CAEmitterCell → EmitterCell,
// UIColor → Color, UIImage → SpriteImage (image "fire" drawn by Port.installImages).
// Lines that differ beyond those renames: none.
enum FireSample {
class FireView: HostView {

    func createFire() {
        let fireEmitter = EmitterLayer()
        fireEmitter.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
        fireEmitter.emitterSize = CGSize(width: bounds.width / 2, height: bounds.height / 2)
        fireEmitter.renderMode = kCAEmitterLayerAdditive
        fireEmitter.emitterShape = kCAEmitterLayerLine
        fireEmitter.emitterCells = [createFireCell()]

        layer.addSublayer(fireEmitter)
    }

    func createFireCell() -> EmitterCell {
        let fire = EmitterCell()

        fire.alphaSpeed = -0.3
        fire.birthRate = 300
        fire.lifetime = 1.0
        fire.lifetimeRange = 0.5
        fire.color = Color(colorLiteralRed: 0.8, green: 0.4, blue: 0.2, alpha: 0.6).cgColor
        fire.contents = SpriteImage(named: "fire")?.cgImage
        fire.emissionLongitude = CGFloat(CGFloat.pi)
        fire.velocity = 20
        fire.velocityRange = 5
        fire.emissionRange = 0.5
        fire.yAcceleration = -100
        fire.scaleSpeed = 0.3

        return fire
    }
}
}

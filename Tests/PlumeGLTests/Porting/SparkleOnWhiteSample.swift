import Foundation
import Plume

// Sample written for this suite (issue 27 item 5) the way iOS code is written, then renamed: a
// "magic wand" sparkle on a white card, additive, as apps with light backgrounds use it. Core
// Animation sums the particles in the layer's own image and composites that over the card, so
// the warm sparkle shows on white (adding straight into the white framebuffer would leave white).
// Renames: UIView → HostView, CAEmitterLayer → EmitterLayer, CAEmitterCell → EmitterCell,
// UIColor → Color, UIImage → SpriteImage ("sparkle" drawn by Port.installImages). Lines that
// differ beyond those renames: none.
enum SparkleOnWhiteSample {
final class WandView: HostView {
    func sparkle() {
        let emitter = EmitterLayer()
        emitter.emitterPosition = CGPoint(x: bounds.midX, y: bounds.midY)
        emitter.emitterShape = .circle
        emitter.emitterSize = CGSize(width: 60, height: 60)
        emitter.renderMode = .additive

        let cell = EmitterCell()
        cell.contents = SpriteImage(named: "sparkle")?.cgImage
        cell.birthRate = 120
        cell.lifetime = 1.2
        cell.velocity = 40
        cell.velocityRange = 20
        cell.emissionRange = .pi * 2
        cell.scale = 0.6
        cell.alphaSpeed = -0.8
        cell.color = Color(red: 1, green: 0.55, blue: 0.1, alpha: 0.9).cgColor
        emitter.emitterCells = [cell]
        layer.addSublayer(emitter)
    }
}
}

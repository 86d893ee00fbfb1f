import Foundation
import Plume

// Ported sample: charliewilliams/FindingAVoice — FindingAVoice/Sparkling.swift (a burst of
// sparkles: the emitter stops after 0.3 s and is removed 1.5 s later).
// Renames: UIView → HostView, CAEmitterLayer → EmitterLayer, CAEmitterCell → EmitterCell,
// UIColor → Color (image literal "sparkle" drawn by Port.installImages; `delay` is the app's own
// helper, provided by PortingSupport). Lines that differ beyond those renames: none; the view that
// adopts the protocol (`SparkleView`) is the app's, added here.
enum SparkleSample {
protocol Sparkling {
    func sparkle()
}

final class SparkleView: HostView, Sparkling {}
}

extension SparkleSample.Sparkling where Self: HostView {

    func sparkle() {

        // particles
        let layer = EmitterLayer()
        layer.emitterSize = CGSize(width: 25, height: 25)
        layer.emitterPosition = CGPoint(x: center.x, y: center.y - frame.origin.y)
        layer.renderMode = kCAEmitterLayerAdditive

        let cell = EmitterCell()
        cell.birthRate = 20
        cell.lifetime = 1
        cell.lifetimeRange = 0.5
        cell.color = Color(white: 1.0, alpha: 1.0).cgColor
        cell.contents = #imageLiteral(resourceName: "sparkle").cgImage
        cell.scaleSpeed = 0.3
        cell.spin = 0.5
        cell.velocity = 100
        cell.velocityRange = 200
        cell.emissionRange = .pi * 2

        layer.emitterCells = [cell]

        self.layer.addSublayer(layer)

        delay(0.3) {

            layer.birthRate = 0

            delay(1.5) {

                layer.removeFromSuperlayer()
            }
        }
    }
}

import Foundation
import Plume

// Sample written for this suite (issue 27 item 5) the way iOS code is written, then renamed: a
// one-second burst of confetti, the widely copied way — an animation made without a key path,
// added under the key "birthRate", fades the layer's birth rate from 1 to 0 while the model
// value is already 0, so the burst stops by itself (Core Animation animates the key).
// Renames: UIView → HostView, CAEmitterLayer → EmitterLayer, CAEmitterCell → EmitterCell,
// UIColor → Color, UIImage → SpriteImage, CABasicAnimation → BasicAnimation ("Box" and
// "Triangle" drawn by Port.installImages). Lines that differ beyond those renames: none.
enum ConfettiBurstSample {
final class CelebrationView: HostView {
    func celebrate() {
        let confetti = EmitterLayer()
        confetti.emitterPosition = CGPoint(x: bounds.midX, y: -20)
        confetti.emitterShape = .line
        confetti.emitterSize = CGSize(width: bounds.width, height: 1)

        let colors: [Color] = [.systemRed, .systemBlue, .systemGreen, .systemYellow, .systemPurple]
        confetti.emitterCells = colors.enumerated().map { index, color in
            let cell = EmitterCell()
            cell.contents = SpriteImage(named: index % 2 == 0 ? "Box" : "Triangle")?.cgImage
            cell.birthRate = 30
            cell.lifetime = 6
            cell.velocity = 150
            cell.velocityRange = 50
            cell.emissionLongitude = .pi
            cell.emissionRange = .pi / 4
            cell.spin = 3
            cell.spinRange = 2
            cell.scale = 0.5
            cell.color = color.cgColor
            return cell
        }
        layer.addSublayer(confetti)

        let burst = BasicAnimation()
        burst.fromValue = 1
        burst.toValue = 0
        burst.duration = 1
        confetti.add(burst, forKey: "birthRate")
        confetti.birthRate = 0
    }
}
}

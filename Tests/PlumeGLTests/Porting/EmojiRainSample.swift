import Foundation
import Plume
import PlumeDrawing

// Sample written for this suite (issue 27 item 5) the way iOS code is written, then renamed:
// reactions raining down as emoji sprites, each emoji drawn into an image at the screen's scale
// (UIGraphicsImageRenderer's default format) and sized by NSString.size(withAttributes:). A
// thumbs-up with a skin tone is one glyph, as on iOS, not a hand and a colour swatch.
// Renames: UIView → HostView, CAEmitterLayer → EmitterLayer, CAEmitterCell → EmitterCell,
// UIImage → SpriteImage, UIGraphicsImageRenderer → ImageRenderer, UIFont → Font, plus
// `import PlumeDrawing`. Lines that differ beyond those renames: none.
enum EmojiRainSample {
final class ReactionsView: HostView {
    static let reactions = ["👍🏽", "❤️", "🎉"]

    static func image(of emoji: String, pointSize: CGFloat) -> SpriteImage {
        let attributes: [NSAttributedString.Key: Any] = [.font: Font.systemFont(ofSize: pointSize)]
        let size = emoji.size(withAttributes: attributes)
        return ImageRenderer(size: size).image { _ in
            emoji.draw(at: .zero, withAttributes: attributes)
        }
    }

    func startRain() {
        let rain = EmitterLayer()
        rain.emitterPosition = CGPoint(x: bounds.midX, y: -30)
        rain.emitterShape = .line
        rain.emitterSize = CGSize(width: bounds.width, height: 1)
        rain.emitterCells = Self.reactions.map { emoji in
            let cell = EmitterCell()
            cell.contents = Self.image(of: emoji, pointSize: 32).cgImage
            cell.birthRate = 4
            cell.lifetime = 5
            cell.velocity = 120
            cell.velocityRange = 30
            cell.emissionLongitude = .pi
            cell.spinRange = 1
            return cell
        }
        layer.addSublayer(rain)
    }
}
}

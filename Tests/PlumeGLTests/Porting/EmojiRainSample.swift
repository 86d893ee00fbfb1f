import Foundation
import Plume
import PlumeDrawing

// Sample written for this suite (issue 27 item 5) the way iOS code is written, then renamed:
// reactions raining down as emoji sprites. Two recipes, as iOS code makes them: each emoji drawn
// into an image at the screen's scale (UIGraphicsImageRenderer's default format) and sized by
// NSString.size(withAttributes:); and the older one, a CATextLayer rendered into an image context
// begun with UIGraphicsBeginImageContextWithOptions(size, false, 0) (scale 0: the screen's). A
// thumbs-up with a skin tone is one glyph, as on iOS, not a hand and a colour swatch.
// Renames: UIView → HostView, CAEmitterLayer → EmitterLayer, CAEmitterCell → EmitterCell,
// CATextLayer → TextLayer, UIImage → SpriteImage, UIGraphicsImageRenderer → ImageRenderer,
// UIFont → Font, plus `import PlumeDrawing`. Lines that differ beyond those renames: none.
enum EmojiRainSample {
final class ReactionsView: HostView {
    static let reactions = ["👍🏽", "❤️", "🎉"]
    static let textLayerReactions = ["🔥"]

    static func image(of emoji: String, pointSize: CGFloat) -> SpriteImage {
        let attributes: [NSAttributedString.Key: Any] = [.font: Font.systemFont(ofSize: pointSize)]
        let size = emoji.size(withAttributes: attributes)
        return ImageRenderer(size: size).image { _ in
            emoji.draw(at: .zero, withAttributes: attributes)
        }
    }

    static func textLayerImage(of emoji: String, pointSize: CGFloat) -> SpriteImage? {
        let textLayer = TextLayer()
        textLayer.string = emoji
        textLayer.fontSize = pointSize
        textLayer.alignmentMode = .center
        textLayer.frame = CGRect(x: 0, y: 0, width: pointSize * 1.25, height: pointSize * 1.25)
        UIGraphicsBeginImageContextWithOptions(textLayer.frame.size, false, 0)
        defer { UIGraphicsEndImageContext() }
        guard let context = UIGraphicsGetCurrentContext() else { return nil }
        textLayer.render(in: context)
        return UIGraphicsGetImageFromCurrentImageContext()
    }

    func startRain() {
        let rain = EmitterLayer()
        rain.emitterPosition = CGPoint(x: bounds.midX, y: -30)
        rain.emitterShape = .line
        rain.emitterSize = CGSize(width: bounds.width, height: 1)
        let images = Self.reactions.map { Self.image(of: $0, pointSize: 32) }
            + Self.textLayerReactions.compactMap { Self.textLayerImage(of: $0, pointSize: 32) }
        rain.emitterCells = images.map { image in
            let cell = EmitterCell()
            cell.contents = image.cgImage
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

import Foundation
import Plume

// Sample written for this suite (issue 27 item 5) the way iOS code is written, then renamed: an
// ember effect whose image comes from the app's asset catalogue, `Assets.xcassets/Ember.imageset`,
// whose 1x and 2x files have names of their own (`ember-small.png`, `ember-large.png`, as Xcode
// keeps whatever the designer dropped in). `UIImage(named: "Ember")` picks the file for the
// screen's scale. Port.installCatalogue writes the catalogue.
// Renames: UIView → HostView, CAEmitterLayer → EmitterLayer, CAEmitterCell → EmitterCell,
// UIColor → Color, UIImage → SpriteImage. Lines that differ beyond those renames: none.
enum AssetCatalogSample {
final class EmbersView: HostView {
    func ignite() {
        let embers = EmitterLayer()
        embers.emitterPosition = CGPoint(x: bounds.midX, y: bounds.maxY - 40)
        embers.emitterShape = .line
        embers.emitterSize = CGSize(width: 120, height: 1)

        let ember = EmitterCell()
        ember.contents = SpriteImage(named: "Ember")?.cgImage
        ember.birthRate = 60
        ember.lifetime = 2
        ember.velocity = 90
        ember.velocityRange = 30
        ember.emissionRange = .pi / 6
        ember.color = Color(red: 1, green: 0.5, blue: 0.2, alpha: 1).cgColor
        embers.emitterCells = [ember]
        layer.addSublayer(embers)
    }
}
}

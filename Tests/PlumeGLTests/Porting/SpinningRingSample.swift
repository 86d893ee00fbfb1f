import Foundation
import Plume

// Sample written for this suite (issue 27 item 5) the way iOS code is written, then renamed: a view
// whose emitter — a ring of sparkles — spins about its vertical axis in perspective, with the
// perspective on the view's layer (`sublayerTransform.m34`) and the spin as a cumulative,
// endless `transform.rotation.y` animation.
// Renames: UIView → HostView, CAEmitterLayer → EmitterLayer, CAEmitterCell → EmitterCell,
// UIColor → Color, UIImage → SpriteImage, CATransform3DIdentity → Transform3DIdentity,
// CABasicAnimation → BasicAnimation
// ("sparkle" drawn by Port.installImages). Lines that differ beyond those renames: none.
enum SpinningRingSample {
final class RingView: HostView {
    let ring = EmitterLayer()

    func startSpinning() {
        var perspective = Transform3DIdentity
        perspective.m34 = -1.0 / 500
        layer.sublayerTransform = perspective

        ring.frame = CGRect(x: 60, y: 140, width: 200, height: 200)
        ring.emitterPosition = CGPoint(x: ring.bounds.midX, y: ring.bounds.midY)
        ring.emitterSize = CGSize(width: 160, height: 160)
        ring.emitterShape = .circle
        ring.emitterMode = .outline
        ring.renderMode = .additive

        let spark = EmitterCell()
        spark.contents = SpriteImage(named: "sparkle")?.cgImage
        spark.birthRate = 300
        spark.lifetime = 3
        spark.velocity = 0
        spark.scale = 0.5
        spark.color = Color(red: 0.4, green: 0.8, blue: 1.0, alpha: 1.0).cgColor
        ring.emitterCells = [spark]

        let spin = BasicAnimation(keyPath: "transform.rotation.y")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi / 3
        spin.duration = 1
        spin.repeatCount = .infinity
        spin.isCumulative = true
        ring.add(spin, forKey: "spin")

        layer.addSublayer(ring)
    }
}
}


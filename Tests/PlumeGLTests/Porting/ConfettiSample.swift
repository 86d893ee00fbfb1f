import Foundation
import Plume

// Ported sample: emanet29/confettis — confettis/Lanceur.swift, confettis/Confetti.swift and the
// emitter lines of confettis/ViewController.swift (a CAEmitterLayer subclass launching 31
// CAEmitterCell subclasses with random images and colours).
// Renames: UIViewController → HostViewController, CAEmitterLayer → EmitterLayer,
// CAEmitterCell → EmitterCell, UIColor → Color (image literals "Box", "Triangle", "Circle" drawn
// by Port.installImages). Lines that differ beyond those renames: none in Lanceur and Confetti;
// in ViewController the button (`@IBOutlet bouton`, its `cornerRadius`, `isEnabled`) and the
// `Timer` that clears the cells after 5 s are left out (UIKit controls and a run loop, not
// emitter code), and `@IBAction` is dropped from `boutonAction`.
enum ConfettiSample {
class Lanceur: EmitterLayer, @unchecked Sendable {   // Swift 6: a subclass restates its Sendable base

    override init(layer: Any) {
        super.init(layer: layer)
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
    }


    func setup(frame: CGRect) {
        emitterPosition = CGPoint(x: frame.width/2, y: -10)
        emitterShape = kCAEmitterLayerLine
        emitterSize = CGSize(width: frame.width, height: 2)

    }

    func lancerConfettis() {
        // CAEmitterCell
        emitterCells = creerCell()
    }

    func creerCell() -> [Confetti] {
        var confettis = [Confetti]()
        for _ in (0...30){
            confettis.append(Confetti())
        }
        return confettis
    }
}

class Confetti: EmitterCell, @unchecked Sendable {

    var images = [#imageLiteral(resourceName: "Box"),#imageLiteral(resourceName: "Triangle"),#imageLiteral(resourceName: "Circle")]

    override init() {
        super.init()
        setup()
    }

    required init?(coder aDecoder: NSCoder) {
        super.init(coder: aDecoder)
        setup()
    }

    func setup() {
        contents = images[Int(arc4random_uniform(UInt32(images.count)))].cgImage
        color = Color(red: floatAleatoire(), green: floatAleatoire(), blue: floatAleatoire(), alpha: 1).cgColor
        birthRate = 4
        lifetime = 10
        lifetimeRange = 3
        velocity = 100
        velocityRange = 100
        spin = 4
        spinRange = 4
        scale = 0.25
        scaleRange = 0.7
        emissionLongitude = CGFloat(Double.pi)// 180 degrés
        emissionRange = 0.75
    }

    func floatAleatoire() -> CGFloat {
        return CGFloat(arc4random_uniform(255)) / 255
    }

}

class ViewController: HostViewController {

    var lanceur: Lanceur!

    override func viewDidLoad() {
        super.viewDidLoad()
        lanceur = Lanceur(layer: self)
        lanceur.setup(frame: view.frame)
        view.layer.addSublayer(lanceur)
    }

    func boutonAction(_ sender: Any) {
        lanceur.lancerConfettis()
    }
}
}

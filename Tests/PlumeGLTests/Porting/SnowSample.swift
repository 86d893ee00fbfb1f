import Foundation
import Plume

// Ported sample: ankitjaiswal1994/EmitterDemo — EmitterLayerDemo/EmitterLayerDemo/ViewController.swift
// (snow drops falling from a line along the top of the screen).
// Renames: UIViewController → HostViewController, CAEmitterLayer → EmitterLayer,
// CAEmitterCell → EmitterCell, UIImage → SpriteImage (image "drop" drawn by Port.installImages).
// Lines that differ beyond those renames: none (the sample sits in `enum SnowSample` so that its
// class name `ViewController` does not collide with the other samples').
enum SnowSample {
class ViewController: HostViewController {

    override func viewDidLoad() {
        super.viewDidLoad()
        animateSnow()
    }

    func animateSnow() {
        let emitter = EmitterLayer()
        let cell = EmitterCell()
        cell.birthRate = 2
        cell.lifetime = 50
        cell.contents = SpriteImage(named: "drop")?.cgImage
        cell.velocity = 40
        cell.emissionLongitude = 180 * (.pi/180)
        cell.emissionRange = 45 * (.pi/180)
        cell.scale = 0.5
        cell.scaleRange = 0.2

        emitter.emitterCells = [cell]
        emitter.emitterShape = CAEmitterLayerEmitterShape.line
        emitter.emitterPosition = CGPoint(x: view.frame.width/2, y: 0)
        emitter.emitterSize = CGSize.init(width: view.frame.width, height: 2)

        view.layer.addSublayer(emitter)
    }
}
}

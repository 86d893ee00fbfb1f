import Foundation
import Plume

// Ported sample: dsunhk/CAEmitterCell — CAEmitterCell.swift (images drifting down from above the
// view; `beginTime = CACurrentMediaTime()` with `timeOffset = 5`, so the first frame already shows
// five seconds of emission).
// Renames: UIView → HostView, CAEmitterLayer → EmitterLayer, CAEmitterCell → EmitterCell,
// UIImage → SpriteImage (the test passes "leaf": a colour emoji drawn at 2× into leaf@2x.png).
// Lines that differ beyond those renames: none.
extension HostView {
    //
    func addEmitter(imagename: String){
    //
    let instanceEmitterCell = EmitterCell()
    instanceEmitterCell.contents = SpriteImage(named: imagename)?.cgImage
    instanceEmitterCell.scale = 0.1
    instanceEmitterCell.scaleRange = 0.1
    instanceEmitterCell.emissionRange = .pi
    instanceEmitterCell.lifetime = 10
    instanceEmitterCell.birthRate = 2
    instanceEmitterCell.velocity = -10
    instanceEmitterCell.velocityRange = -10
    instanceEmitterCell.yAcceleration = 5
    instanceEmitterCell.xAcceleration = 2
    instanceEmitterCell.spin = -0.5
    instanceEmitterCell.spinRange = 1.0
    //
    let imageLayer = EmitterLayer()
    imageLayer.emitterPosition = CGPoint(x: self.bounds.width / 2.0, y: -40)
    imageLayer.emitterSize = CGSize(width: self.bounds.width, height: 0)
    imageLayer.emitterShape = CAEmitterLayerEmitterShape.line
    imageLayer.beginTime = CACurrentMediaTime()
    imageLayer.timeOffset = 5
    imageLayer.emitterCells = [instanceEmitterCell]
    //
    self.layer.addSublayer(imageLayer)
    }



}

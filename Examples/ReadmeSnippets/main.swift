// The Swift snippets of README.md, in order and as written (issue 28, item 12): top-level code in
// Swift 6 mode, as in a fresh package's main.swift. `swift build` compiles it; it is never run
// (its render loop needs a GL context). ReadmeSnippetsTests checks that the rest of this file is
// exactly the README's ```swift blocks; after editing one, regenerate everything below this header:
//   awk '/^```swift$/{f=1;next} /^```$/{if(f)print "";f=0} f' README.md

import Foundation                        // CGPoint, CGSize, CGRect
import Plume

let cell = EmitterCell()                 // CAEmitterCell
cell.name = "fire"
cell.birthRate = 30
cell.lifetime = 3
cell.velocity = 120
cell.emissionLongitude = -.pi / 2        // up: the layer is y-down, as on iOS
cell.emissionRange = .pi / 4
cell.color = Color(red: 1, green: 0.2, blue: 0.1, alpha: 0.5).cgColor   // UIColor → Color
cell.contents = SpriteImage(named: "smoke")?.cgImage   // UIImage → SpriteImage; or .builtin(.smokePuff)

let layer = EmitterLayer()               // CAEmitterLayer
layer.emitterPosition = CGPoint(x: 400, y: 300)
layer.emitterShape = kCAEmitterLayerRectangle     // or .rectangle
layer.emitterCells = [cell]
layer.setValue(60, forKeyPath: "emitterCells.fire.birthRate")   // does not throw, as on iOS

let reference = ReferenceSimulator(layer: layer)   // the GPU one has the same protocol
try reference.advance(to: CACurrentMediaTime())    // your clock, in seconds

let now = CACurrentMediaTime()               // the clock the simulator is advanced with
let tap = CGPoint(x: 200, y: 120)            // where the player tapped, in layer points
let move = BasicAnimation(keyPath: "emitterPosition")
move.fromValue = layer.presentation(at: now).emitterPosition
move.toValue = tap
move.duration = 1
move.fillMode = .forwards
move.isRemovedOnCompletion = false
layer.add(move, forKey: "position")          // replaces the previous "position" animation

let wave = EmitterBehavior(type: "wave")           // iOS: CAEmitterBehavior(type: "wave")
wave.setValue([90, 0], forKey: "force")             // points/s²
wave.setValue(0.6, forKey: "frequency")             // Hz
let drag = EmitterBehavior(type: .drag, name: "air")
drag.drag = 1.5                                     // 1/s
layer.emitterBehaviors = [wave, drag]

import PlumeGL

let context = try GLContext.current()                     // wraps your context; or .headless(), .window()
let simulator = try GPUSimulator(layer: layer, context: context)
let renderer = try ParticleRenderer(context: context)
let projection = Matrix4.layer(width: 320, height: 240)   // y down, like UIKit; yUp: true for y-up worlds
for frame in 1...90 {
    let now = Double(frame) / 60                          // your clock
    try simulator.advance(to: now)                        // O(cells) host work, no readback
    // … bind and clear your framebuffer, draw your scene …
    try renderer.draw(simulator, viewProjection: projection)
}


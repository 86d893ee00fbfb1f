// MovingEmitter: a game moving an emitter every frame (Semantics §9). The emitter follows a circle
// of radius 300 pt at 2 turns a second, set by the host 30 times a second while its cell emits 3,000
// sparks a second; the program draws the trail one second in, with the layer's
// `interpolatesEmitterMotion` off (15 clumps: every birth of an update at the new position) and on
// (the default: births spread along the straight line from the previous position).
//
//   swift run MovingEmitter --out Docs        # writes moving-emitter-off.png and moving-emitter-on.png
import Foundation
import Plume
import PlumeGL

let arguments = CommandLine.arguments
let directory = arguments.firstIndex(of: "--out").flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil } ?? "."
let size = 700, radius = 300.0, turnsPerSecond = 2.0, framesPerSecond = 30.0

func makeLayer(interpolates: Bool) -> EmitterLayer {
    let cell = EmitterCell()
    cell.birthRate = 3000
    cell.lifetime = 0.5                     // one turn
    cell.scale = 0.25
    cell.alphaSpeed = -0.6                  // the trail fades behind the emitter
    cell.color = Color(red: 1, green: 0.8, blue: 0.4, alpha: 0.3)
    cell.contents = .builtin(.softDot)
    let layer = EmitterLayer()
    layer.seed = 3
    layer.renderMode = .additive
    layer.emitterCells = [cell]
    layer.interpolatesEmitterMotion = interpolates
    return layer
}

do {
    let context = try GLContext.headless()
    let renderer = try ParticleRenderer(context: context)
    renderer.backdrop = .black      // every frame clears to black: additive layers draw straight in
    let target = try OffscreenTarget(context: context, width: size, height: size)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for interpolates in [false, true] {
        let layer = makeLayer(interpolates: interpolates)
        let simulator = try GPUSimulator(layer: layer, context: context)
        for frame in 0...Int(framesPerSecond) {            // the game loop: move, then advance
            let t = Double(frame) / framesPerSecond
            let angle = 2 * Double.pi * turnsPerSecond * t
            layer.emitterPosition = CGPoint(x: Double(size) / 2 + radius * cos(angle), y: Double(size) / 2 + radius * sin(angle))
            try simulator.advance(to: t)
        }
        try target.begin(clearTo: .black)
        try renderer.draw(simulator, viewProjection: .layer(width: Float(size), height: Float(size)))
        let path = "\(directory)/moving-emitter-\(interpolates ? "on" : "off").png"
        try target.image().writePNG(to: path)
        print("wrote \(path): interpolatesEmitterMotion = \(interpolates), \(try simulator.particleCount) particles")
    }
} catch {
    print("MovingEmitter: \(error)")
    exit(1)
}

// ExportFrames: a preset rendered headlessly (EGL, no window) to a PNG sequence, 60 frames a
// second: the path for baking an effect into a sprite sheet or a video.
//
//   swift run ExportFrames fireworks --frames 120 --out frames --size 640x360 --start 2
import Foundation
import Plume
import PlumeGL

let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? arguments[$0 + 1] : nil }
}
let preset = arguments.dropFirst().first.flatMap(Preset.init(rawValue:)) ?? .fireworks
let frames = option("--frames").flatMap(Int.init) ?? 60
let directory = option("--out") ?? "frames"
let start = option("--start").flatMap(Double.init) ?? 1
let size = (option("--size") ?? "640x360").split(separator: "x").compactMap { Int($0) }
guard size.count == 2, size.allSatisfy({ $0 > 0 }), frames > 0 else {
    print("usage: ExportFrames [preset] [--frames N] [--out DIR] [--size WxH] [--start SECONDS]")
    exit(2)
}

do {
    let context = try GLContext.headless()
    let layer = preset.makeLayer(size: CGSize(width: size[0], height: size[1]))
    let simulator = try GPUSimulator(layer: layer, context: context)
    let renderer = try ParticleRenderer(context: context)
    renderer.backdrop = .black      // every frame clears to black: additive layers draw straight in
    let target = try OffscreenTarget(context: context, width: size[0], height: size[1])
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    // A layer starts at the first time it is advanced to (Core Animation's "now"): play it from
    // 0 up to the first picture.
    for step in 0..<Int((start * 60).rounded(.down)) { try simulator.advance(to: Double(step) / 60) }
    for frame in 0..<frames {
        try simulator.advance(to: start + Double(frame) / 60)
        try target.begin(clearTo: .black)
        try renderer.draw(simulator, viewProjection: .layer(width: Float(size[0]), height: Float(size[1])))
        try target.image().writePNG(to: String(format: "%@/%@-%04d.png", directory, preset.rawValue, frame + 1))
    }
    print("wrote \(frames) frames of \(preset.rawValue) (\(size[0])×\(size[1])) to \(directory)/ on \(context.info.renderer)")
} catch {
    print("ExportFrames: \(error)")
    exit(1)
}

// ShipGame: Plume in a plain GLFW game loop. Arrow keys steer the ship (Up thrusts), it leaves an
// exhaust trail, X blows it up into fragments that shed debris (sub-cells), Esc quits.
//
//   swift run ShipGame                 play
//   swift run ShipGame --seconds 4     quit after 4 s of game time (or at Esc) and print what is alive (for tests)
//   … --trace                          print where the ship is each frame, and the explosion
//
// It imports only Plume's products: the window, its keys, the viewport and the clear come from
// PlumeGL's GLContext (see the article *Embedding in a game*).
import Foundation
import Plume
import PlumeGL
import PlumeWindow
import ShipEffects

let arguments = CommandLine.arguments
func option(_ name: String) -> Double? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Double(arguments[$0 + 1]) : nil }
}
let maxFrames = option("--frames").map(Int.init)
let maxSeconds = option("--seconds")
let trace = arguments.contains("--trace")   // a line a frame: where the ship is, and the explosion
let (width, height) = (640, 480)

do {
    // 1. A window with a GL 3.3+ core context, and Plume's simulator and renderer in it.
    let context = try GLContext.window(width: width, height: height, title: "Plume ShipGame")
    context.setSwapInterval(1)
    let effects = ShipEffects()
    var ship = Ship(x: Double(width) / 2, y: Double(height) * 0.7)
    effects.follow(x: ship.x, y: ship.y, heading: ship.heading, thrusting: false)
    let simulator = try GPUSimulator(layer: effects.layer, context: context)
    let renderer = try ParticleRenderer(context: context)
    // The game's clock: the host clock (the machine's uptime, far from 0; the layer starts at the
    // first update whatever it reads) moved on by each frame's step, capped at 0.1 s. A hitch (a
    // shader compiled on first use, a dragged window) then moves the ship and its effects on
    // together by at most that, instead of the effects jumping ahead of the game.
    let start = CACurrentMediaTime()
    var last = start
    var gameTime = 0.0
    var frames = 0
    let startPoint = (ship.x, ship.y)

    // 2. The game loop: input, game state, then the effects advanced to the game's clock.
    // A key pressed for less than a frame still counts once (isKeyDown's sticky keys).
    while !context.shouldClose && !context.isKeyDown(.escape) {
        context.pollEvents()
        let clock = CACurrentMediaTime()
        let dt = min(clock - last, 0.1)
        last = clock
        gameTime += dt
        let thrust = context.isKeyDown(.up)
        if effects.explodedAt == nil {
            ship.update(dt: dt, left: context.isKeyDown(.left), right: context.isKeyDown(.right), thrust: thrust,
                        width: Double(width), height: Double(height))
        }
        // A top-level cell's beginTime is layer time: the burst starts at the layer's time now.
        if context.isKeyDown(.character("x")!), effects.explodedAt == nil {
            effects.explode(atLayerTime: simulator.layerTime ?? 0)
            if trace { print(String(format: "explosion at layer time %.2f s", effects.explodedAt ?? 0)) }
        }
        effects.follow(x: ship.x, y: ship.y, heading: ship.heading, thrusting: thrust)
        try simulator.advance(to: start + gameTime)

        // 3. Draw into the window: the projection maps the layer's points onto the window.
        let pixels = context.framebufferSize ?? (width, height)   // more pixels than points on HiDPI
        try context.setViewport(width: pixels.width, height: pixels.height)
        try context.clear(to: Color(red: 0.02, green: 0.02, blue: 0.06, alpha: 1))
        try renderer.draw(simulator, viewProjection: .layer(width: Float(width), height: Float(height)))
        context.swapBuffers()

        if frames == 0 { print("running: the first frame is on screen") }   // keys sent from now on count
        if trace { print(String(format: "frame %d: ship at (%.1f, %.1f)", frames, ship.x, ship.y)) }
        if frames == 0 || trace { fflush(nil) }   // every stream: stdout is a file under a test, fully buffered
        frames += 1
        if let maxFrames, frames >= maxFrames { break }
        if let maxSeconds, gameTime >= maxSeconds { break }
    }

    let snapshot = try simulator.snapshot()
    print(String(format: "ship moved from (%.0f, %.0f) to (%.0f, %.0f) in %d frames", startPoint.0, startPoint.1, ship.x, ship.y, frames))
    print(effects.explodedAt.map { String(format: "exploded at %.2f s", $0) } ?? "not exploded")
    print("live: \(ShipEffects.summary(snapshot))")
    simulator.release()
    renderer.release()
} catch {
    print("ShipGame: \(error)")
    exit(1)
}

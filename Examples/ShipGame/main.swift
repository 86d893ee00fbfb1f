// ShipGame: Plume in a plain GLFW game loop. Arrow keys steer the ship (Up thrusts), it leaves an
// exhaust trail, X blows it up into fragments that shed debris (sub-cells), Esc quits.
//
//   swift run ShipGame                 play
//   swift run ShipGame --seconds 4     quit after 4 s and print what is alive (for tests)
import CEpoxy
import CGLFW
import Foundation
import Plume
import PlumeGL
import ShipEffects

let arguments = CommandLine.arguments
func option(_ name: String) -> Double? {
    arguments.firstIndex(of: name).flatMap { arguments.indices.contains($0 + 1) ? Double(arguments[$0 + 1]) : nil }
}
let maxFrames = option("--frames").map(Int.init)
let maxSeconds = option("--seconds")
let (width, height) = (640, 480)

do {
    // 1. A window with a GL 3.3+ core context, and Plume's simulator and renderer in it.
    let context = try GLContext.window(width: width, height: height, title: "Plume ShipGame")
    let window = context.glfwWindow!
    glfwSetInputMode(window, GLFW_STICKY_KEYS, GLFW_TRUE)   // a short press of X is never missed
    glfwSwapInterval(1)
    let effects = ShipEffects()
    var ship = Ship(x: Double(width) / 2, y: Double(height) * 0.7)
    effects.follow(x: ship.x, y: ship.y, heading: ship.heading, thrusting: false)
    let simulator = try GPUSimulator(layer: effects.layer, context: context)
    let renderer = try ParticleRenderer(context: context)
    // The host clock, as in the README's loop: the machine's uptime, far from 0. The layer starts
    // at the first update whatever it reads; the ship and --seconds use the time since the start.
    let start = CACurrentMediaTime()
    var last = 0.0
    var frames = 0
    let startPoint = (ship.x, ship.y)

    // 2. The game loop: input, game state, then the effects advanced to the game's clock.
    while glfwWindowShouldClose(window) == 0 && glfwGetKey(window, GLFW_KEY_ESCAPE) != GLFW_PRESS {
        glfwPollEvents()
        let clock = CACurrentMediaTime()
        let now = clock - start
        let dt = min(now - last, 0.1)
        last = now
        func held(_ key: Int32) -> Bool { glfwGetKey(window, key) == GLFW_PRESS }
        if effects.explodedAt == nil {
            ship.update(dt: dt, left: held(GLFW_KEY_LEFT), right: held(GLFW_KEY_RIGHT), thrust: held(GLFW_KEY_UP),
                        width: Double(width), height: Double(height))
        }
        // A top-level cell's beginTime is layer time: the burst starts at the layer's time now.
        if held(GLFW_KEY_X) { effects.explode(atLayerTime: simulator.layerTime ?? 0) }
        effects.follow(x: ship.x, y: ship.y, heading: ship.heading, thrusting: held(GLFW_KEY_UP))
        try simulator.advance(to: clock)

        // 3. Draw into the window: the projection maps the layer's points onto the window.
        var fw: Int32 = 0, fh: Int32 = 0
        glfwGetFramebufferSize(window, &fw, &fh)
        plume_glViewport(0, 0, fw, fh)
        plume_glClearColor(0.02, 0.02, 0.06, 1)
        plume_glClear(GLbitfield(GL_COLOR_BUFFER_BIT))
        try renderer.draw(simulator, viewProjection: .layer(width: Float(width), height: Float(height)))
        glfwSwapBuffers(window)

        frames += 1
        if let maxFrames, frames >= maxFrames { break }
        if let maxSeconds, now >= maxSeconds { break }
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

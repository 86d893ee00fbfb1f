// SDLEmbed: the ship's effects inside an SDL2 window whose OpenGL context SDL made. Plume wraps
// the current context (`GLContext.current()`) and draws into SDL's framebuffer; SDL keeps the
// window, the events and the swap. Arrow keys steer, X explodes, Esc quits; with no key the
// ship flies a circle on its own.
//
//   swift run SDLEmbed                 play
//   swift run SDLEmbed --frames 90     quit after 90 frames and print what is alive (for tests)
//   … --explode-at 80                  explode at frame 80, printing what is alive just before
//
// SDL is the game's own library: `CSDL2` is this example's system-library module (beside it in
// Examples/CSDL2), as a game declares one in its own package. Of Plume it imports only the
// products; the viewport and the clear come from GLContext (article *Embedding in a game*).
import CSDL2
import Foundation
import Plume
import PlumeGL
import ShipEffects

let arguments = CommandLine.arguments
let maxFrames = arguments.firstIndex(of: "--frames").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
let explodeAtFrame = arguments.firstIndex(of: "--explode-at").flatMap { arguments.indices.contains($0 + 1) ? Int(arguments[$0 + 1]) : nil }
let (width, height) = (640, 480)

func fail(_ message: String) -> Never {
    print("SDLEmbed: \(message)")
    exit(1)
}

// 1. SDL makes the window and an OpenGL 3.3 core context.
guard SDL_Init(SDL_INIT_VIDEO) == 0 else { fail("SDL_Init: \(String(cString: SDL_GetError()))") }
SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1)
guard let window = SDL_CreateWindow("Plume in SDL2", Int32(SDL_WINDOWPOS_UNDEFINED_MASK), Int32(SDL_WINDOWPOS_UNDEFINED_MASK),
                                    Int32(width), Int32(height), SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_RESIZABLE.rawValue)
else { fail("SDL_CreateWindow: \(String(cString: SDL_GetError()))") }
guard let glContext = SDL_GL_CreateContext(window) else { fail("SDL_GL_CreateContext: \(String(cString: SDL_GetError()))") }
SDL_GL_SetSwapInterval(1)

do {
    // 2. Plume in the host's context: it never makes it current or destroys it.
    let context = try GLContext.current()
    let effects = ShipEffects()
    var ship = Ship(x: Double(width) / 2, y: Double(height) / 2)
    let simulator = try GPUSimulator(layer: effects.layer, context: context)
    let renderer = try ParticleRenderer(context: context)
    // The game's clock, as ShipGame's: the host clock (the machine's uptime, far from 0) moved on
    // by each frame's step, capped at 0.1 s, so a hitch moves the ship and its effects together.
    let start = CACurrentMediaTime()
    var last = start
    var gameTime = 0.0
    var frames = 0
    var running = true
    var event = SDL_Event()

    while running {
        while SDL_PollEvent(&event) != 0 {
            if event.type == SDL_QUIT.rawValue { running = false }
            if event.type == SDL_KEYDOWN.rawValue && event.key.keysym.sym == Int32(SDLK_ESCAPE.rawValue) { running = false }
        }
        let keys = SDL_GetKeyboardState(nil)!
        func held(_ key: SDL_Scancode) -> Bool { keys[Int(key.rawValue)] != 0 }
        let clock = CACurrentMediaTime()
        let dt = min(clock - last, 0.1)
        last = clock
        gameTime += dt
        let steering = held(SDL_SCANCODE_LEFT) || held(SDL_SCANCODE_RIGHT) || held(SDL_SCANCODE_UP)
        if effects.explodedAt == nil {
            // The autopilot turns and thrusts, so the trail shows without a player.
            ship.update(dt: dt, left: held(SDL_SCANCODE_LEFT), right: steering ? held(SDL_SCANCODE_RIGHT) : true,
                        thrust: steering ? held(SDL_SCANCODE_UP) : true, width: Double(width), height: Double(height))
        }
        if frames == explodeAtFrame, effects.explodedAt == nil {
            // --explode-at (for tests): what is alive just before, as the end prints it.
            print("live before the explosion: \(ShipEffects.summary(try simulator.snapshot()))")
        }
        if held(SDL_SCANCODE_X) || frames == explodeAtFrame { effects.explode(atLayerTime: simulator.layerTime ?? 0) }
        effects.follow(x: ship.x, y: ship.y, heading: ship.heading, thrusting: true)
        try simulator.advance(to: start + gameTime)

        // 3. Draw into SDL's framebuffer, then SDL swaps.
        var fw: Int32 = 0, fh: Int32 = 0
        SDL_GL_GetDrawableSize(window, &fw, &fh)
        try context.setViewport(width: Int(fw), height: Int(fh))
        try context.clear(to: Color(red: 0.05, green: 0.02, blue: 0.02, alpha: 1))
        try renderer.draw(simulator, viewProjection: .layer(width: Float(width), height: Float(height)))
        SDL_GL_SwapWindow(window)
        frames += 1
        if let maxFrames, frames >= maxFrames { running = false }
    }
    let snapshot = try simulator.snapshot()
    print("\(frames) frames on \(context.info.renderer)")
    print(effects.explodedAt.map { String(format: "exploded at %.2f s", $0) } ?? "not exploded")
    print("live: \(ShipEffects.summary(snapshot))")
    simulator.release()
    renderer.release()
} catch {
    fail("\(error)")
}
SDL_GL_DeleteContext(glContext)
SDL_DestroyWindow(window)
SDL_Quit()

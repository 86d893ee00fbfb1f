import CSDL2
import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// A host's own GLX context (SDL2 on X11 makes GLX contexts by default) wrapped with
/// `GLContext.current()` (issue 23 item 3): Plume recognises it by its GLX handle, so a call from
/// another thread, or after the host unbinds it, throws `contextNotCurrent` instead of reaching
/// libepoxy, which aborts the process on a GL call without a current context.
///
/// In `WindowContextTests` (serialised) because both set `DISPLAY` for their private X server.
extension WindowContextTests {
    @Test func aGLXHostContextIsCurrentOnlyWhereTheHostMadeIt() throws {
        let x = try PrivateXServer()
        SDL_SetHint(SDL_HINT_NO_SIGNAL_HANDLERS, "1")
        SDL_SetHint(SDL_HINT_VIDEODRIVER, "x11")
        // Xvfb needs a moment to accept connections.
        var initialised = false
        for _ in 0..<50 where !initialised {
            initialised = SDL_InitSubSystem(UInt32(SDL_INIT_VIDEO)) == 0
            if !initialised { usleep(100_000) }
        }
        try #require(initialised, "SDL on \(x.display): \(String(cString: SDL_GetError()))")
        defer { SDL_QuitSubSystem(UInt32(SDL_INIT_VIDEO)) }
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3)
        SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, Int32(SDL_GL_CONTEXT_PROFILE_CORE.rawValue))
        let window = try #require(SDL_CreateWindow("plume", 0, 0, 64, 64, SDL_WINDOW_OPENGL.rawValue | SDL_WINDOW_HIDDEN.rawValue),
                                  "SDL_CreateWindow: \(String(cString: SDL_GetError()))")
        defer { SDL_DestroyWindow(window) }
        let sdlContext = try #require(SDL_GL_CreateContext(window), "SDL_GL_CreateContext: \(String(cString: SDL_GetError()))")
        defer { SDL_GL_DeleteContext(sdlContext) }
        #expect(SDL_GL_MakeCurrent(window, sdlContext) == 0)

        var wrapped: GLContext? = try GLContext.current()
        let context = try #require(wrapped)
        guard case .host(.glx) = context.backend else {
            Issue.record("SDL's context was not recognised as GLX: \(context.backend)")
            return
        }
        var gpu: GPUSimulator? = try GPUSimulator(layer: Preset.colorBalls.makeLayer(), context: context)
        let simulator = try #require(gpu)
        try simulator.advance(to: 0)
        try simulator.advance(to: 0.5)
        #expect(try simulator.snapshot().particles.count > 0)

        // Another thread: not current there.
        let failures = UnsafeBox<[String]>([])
        let done = DispatchSemaphore(value: 0)
        let other = Thread {
            defer { done.signal() }
            guard !context.isCurrent else {
                failures.value.append("the GLX context counts as current on another thread (no GL call made: libepoxy would abort)")
                return
            }
            do {
                try simulator.advance(to: 1)
                failures.value.append("advance on another thread returned normally")
            } catch GLError.contextNotCurrent {
            } catch { failures.value.append("advance on another thread threw \(error)") }
            do {
                _ = try simulator.snapshot()
                failures.value.append("snapshot on another thread returned normally")
            } catch GLError.contextNotCurrent {
            } catch { failures.value.append("snapshot on another thread threw \(error)") }
        }
        other.start()
        done.wait()
        #expect(failures.value.isEmpty, "\(failures.value)")

        // The host unbinds its context on this thread: not current here either.
        #expect(SDL_GL_MakeCurrent(window, nil) == 0)
        if context.isCurrent {
            Issue.record("the GLX context counts as current after the host unbound it")
        } else {
            #expect(throws: GLError.contextNotCurrent("GPUSimulator.advance")) { try simulator.advance(to: 1) }
            #expect(throws: GLError.contextNotCurrent("GPUSimulator.snapshot")) { try simulator.snapshot() }
        }

        // Bound again, everything works and the GL objects go away with the context current.
        #expect(SDL_GL_MakeCurrent(window, sdlContext) == 0)
        try simulator.advance(to: 1)
        #expect(try simulator.snapshot().particles.count > 0)
        gpu = nil
        wrapped = nil
    }
}

/// A box the test serialises itself (a semaphore joins the threads).
final class UnsafeBox<T>: @unchecked Sendable {
    var value: T
    init(_ value: T) { self.value = value }
}

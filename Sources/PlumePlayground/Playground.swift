import CEpoxy
import CGLFW
import Foundation
import Plume
import PlumeGL
import PlumeWindow

/// The live playground behind `plume play`: a GLFW window (OpenGL 3.3+ core, resizable) running an
/// effect in real time on the GPU path, with the seed article's app (a click moves the emitter, a
/// slider sets a cell's birth rate), a Dear ImGui inspector of every property, and a HUD.
///
/// The layer is laid out in window points, y down (as on iOS): the projection follows the window
/// size, so a resize shows more or less of the scene without stretching it, and the viewport uses
/// the framebuffer's pixels (HiDPI screens have more pixels than points).
///
/// Keys: Space pause, `.` single step (1/60 s), `+`/`-` speed, R restart, N next seed, F12
/// screenshot (PNG), Tab inspector on/off, Esc quit (or close the file browser).
///
/// Files: Save writes the effect's own file, or `<saveDirectory>/<preset>.json` for a preset
/// (``PlaygroundOptions/saveDirectory``), angles in degrees; Open… and Save As… show a file
/// browser (folders, `.json` and `.plist` files, a name field).
public final class Playground {
    public let options: PlaygroundOptions
    let context: GLContext
    let window: OpaquePointer
    let input: WindowInput
    let renderer: ParticleRenderer
    /// The effect being played; the inspector edits it in place.
    public internal(set) var layer: EmitterLayer
    var simulator: GPUSimulator
    /// What `--state-file` writes; kept current every frame.
    public internal(set) var state = PlaygroundState()

    // Clock: host time advances by real time × speed unless paused.
    var time = 0.0
    var lastWallTime: Double?
    var startWallTime: Double?
    var stepRequested = false
    var frameTimes: [Double] = []
    var lastCount = -Double.infinity
    /// Sums over the run, for ``summary``.
    var totals = (frames: 0, simulation: 0.0, render: 0.0, first: nil as Double?, last: 0.0)

    // Interface.
    var showsInspector: Bool
    var inspector = InspectorState()
    /// The colour behind the effect (opaque).
    var background = SIMD4<Float>(0, 0, 0, 1)
    /// The rate bar's cell (a path of cell indices) and the value the slider shows.
    var rateCellPath: [Int]? = nil
    var rate: Float = 30
    /// The effect file played and watched (hot reload), the watcher, and the document as last
    /// loaded (its image paths, angle unit and capacity are kept when saving).
    var effectFilePath: String?
    var watcher: EffectWatcher?
    var document: EffectDocument?
    var pendingScreenshot = false
    var recordedFrames = 0
    /// Whether the particles are drawn into ``scene`` and copied to the window: on llvmpipe when
    /// the window's colour buffer is not B8G8R8A8, so that unrotated cells take the quad-list
    /// path (`DrawPath.quadList`), which costs about 0.7 of point sprites there.
    let drawsOffscreen: Bool
    /// The B8G8R8A8 target of the framebuffer's size the particles are drawn into.
    var scene: OffscreenTarget?
    var quitRequested = false

    /// Opens the window and loads the effect.
    /// - Throws: `GLError` when no window can be made (no X display, no OpenGL 3.3),
    ///   ``PlaygroundError`` when the effect cannot be loaded or ImGui cannot start.
    public init(options: PlaygroundOptions) throws {
        self.options = options
        showsInspector = options.showsInspector && !options.hidesInterface
        context = try GLContext.window(width: options.width, height: options.height, title: options.title)
        guard let window = context.glfwWindow else { throw PlaygroundError.window("GLFW made no window") }
        self.window = window
        glfwSwapInterval(options.vsync && options.recordFrames == nil ? 1 : 0)
        input = WindowInput(window: window)
        renderer = try ParticleRenderer(context: context)
        GL.bindFramebuffer(.both, 0)
        drawsOffscreen = renderer.prefersQuadLists && !context.drawFramebufferIsBGRA()
        let loaded = try Playground.load(options.effect, size: CGSize(width: options.width, height: options.height))
        layer = loaded.layer
        if let seed = options.seed { layer.seed = seed }
        simulator = try GPUSimulator(layer: layer, context: context, limits: loaded.limits)
        state.effectLoads = 1
        chooseRateCell()
        inspector.selected = (layer.emitterCells ?? []).isEmpty ? nil : [0]
        guard ImGui.start(window: window) else {
            input.detach()
            throw PlaygroundError.window("Dear ImGui could not start its GLFW and OpenGL 3 back ends")
        }
        // HiDPI: the monitor's content scale (from Xft.dpi on X11) scales the interface too.
        var scaleX: Float = 1, scaleY: Float = 1
        glfwGetWindowContentScale(window, &scaleX, &scaleY)
        if max(scaleX, scaleY) > 1.01 { ImGui.scale(max(scaleX, scaleY)) }
        state.interfaceScale = max(scaleX, scaleY)
        state.screenScale = Double(Screen.main.scale)
        state.renderer = context.info.renderer
        switch options.effect {
        case let .file(path): opened(path, loaded)
        case let .preset(preset): inspector.filePath = savePath(for: preset)
        }
    }

    /// Closes ImGui and the window.
    public func close() {
        try? context.makeCurrent()
        ImGui.stop()
        input.detach()
        simulator.release()
        renderer.release()
        scene?.release()
    }

    deinit { close() }

    /// Runs frames until the window closes, Esc, `maxFrames` or the end of a recording.
    public func run() throws {
        while !quitRequested && glfwWindowShouldClose(window) == 0 {
            if let maxFrames = options.maxFrames, state.frame >= maxFrames { break }
            if let maxSeconds = options.maxSeconds, let first = startWallTime, Playground.wallClock() - first >= maxSeconds { break }
            try frame()
        }
    }

    /// One frame: events, interface, simulation, drawing, captures, state.
    public func frame() throws {
        glfwPollEvents()
        let now = Playground.wallClock()
        let dt = lastWallTime.map { min(now - $0, 0.25) } ?? 0
        lastWallTime = now
        if startWallTime == nil { startWallTime = now }
        frameTimes.append(now)
        frameTimes.removeAll { now - $0 > 1 }

        ImGui.newFrame()
        state.controls = [:]
        state.colliderOutlinePieces = 0
        handle(input.take())
        checkHotReload()
        if !options.hidesInterface {
            drawRateBar()
            drawHUD()
            if showsInspector {
                drawInspector()
                drawEmitterOutline()
                drawColliderOutlines()
            }
            drawFileBrowser()
        }
        drawErrorBanner()

        // Simulation: real time × speed, a fixed 1/60 s per frame while recording.
        if options.recordFrames != nil {
            time += 1.0 / 60
        } else if !state.paused {
            time += dt * Double(state.speed)
        } else if stepRequested {
            time += 1.0 / 60
        }
        stepRequested = false
        let simStart = Playground.wallClock()
        try simulator.advance(to: time)
        try context.finish()
        state.simulationMilliseconds = (Playground.wallClock() - simStart) * 1000

        let renderStart = Playground.wallClock()
        let sizes = input.sizes
        let projection = Matrix4.layer(width: Float(max(sizes.window.x, 1)), height: Float(max(sizes.window.y, 1)))
        let scene = try sceneTarget(size: sizes.framebuffer)
        // What lies under the layers: additive layers over a black background then draw direct.
        renderer.backdrop = Color(SIMD4(background.x, background.y, background.z, 1))
        if let scene {
            // The copy covers the whole window: only the scene is cleared.
            try scene.begin(clearTo: Color(SIMD4(background.x, background.y, background.z, 1)))
        } else {
            GL.bindFramebuffer(.both, 0)
            GL.viewport(x: 0, y: 0, width: sizes.framebuffer.x, height: sizes.framebuffer.y)
            GL.clearColor(SIMD4(background.x, background.y, background.z, 1))
            GL.clear()
        }
        if options.checksGLState {
            try checkedDraw(projection)
        } else {
            try renderer.draw(simulator, viewProjection: projection)
        }
        if let scene {
            try scene.copy(toFramebuffer: 0)
            GL.viewport(x: 0, y: 0, width: sizes.framebuffer.x, height: sizes.framebuffer.y)
        }
        ImGui.render()
        try context.finish()
        state.renderMilliseconds = (Playground.wallClock() - renderStart) * 1000
        state.drawPaths = Set(renderer.lastDrawPaths.values.map(\.rawValue)).sorted()
        state.drawsOffscreen = scene != nil

        if time >= options.measureAfter {
            totals.frames += 1
            totals.simulation += state.simulationMilliseconds
            totals.render += state.renderMilliseconds
            if totals.first == nil { totals.first = now }
            totals.last = now
        }
        try capture(framebuffer: sizes.framebuffer)
        glfwSwapBuffers(window)
        updateState(sizes: sizes, now: now)
        if let path = options.stateFile { writeState(to: path) }
    }

    /// The scene target (``drawsOffscreen``), made again when the framebuffer's size changes;
    /// nil when the particles are drawn straight into the window.
    private func sceneTarget(size: SIMD2<Int>) throws -> OffscreenTarget? {
        guard drawsOffscreen, size.x > 0, size.y > 0 else { return nil }
        if let scene, scene.width == size.x, scene.height == size.y { return scene }
        scene?.release()
        scene = try OffscreenTarget(context: context, width: size.x, height: size.y)
        return scene
    }

    /// Frames, mean frame time and the mean simulation and render milliseconds of the run so far.
    public var summary: String {
        let n = max(totals.frames, 1)
        let span = totals.last - (totals.first ?? totals.last)
        let frameMs = totals.frames > 1 ? span / Double(totals.frames - 1) * 1000 : 0
        return String(format: "%d frames at %d×%d: %.2f ms a frame (%.1f fps), simulation %.2f ms, render %.2f ms (%@)",
                      totals.frames, state.framebufferSize[0], state.framebufferSize[1], frameMs,
                      frameMs > 0 ? 1000 / frameMs : 0, totals.simulation / Double(n), totals.render / Double(n),
                      context.info.renderer)
    }

    // MARK: State

    private func updateState(sizes: (window: SIMD2<Int>, framebuffer: SIMD2<Int>), now: Double) {
        state.frame += 1
        state.time = time
        state.keyboardCaptured = ImGui.wantsKeyboard
        state.seed = layer.seed
        state.cells = CellPath.all(in: layer).map(\.name)
        state.behaviors = (layer.emitterBehaviors ?? []).enumerated().map { "\($1.name ?? "#\($0)") (\($1.type))" }
        state.selectedCell = showsInspector ? inspector.selected.map { CellPath.name(of: $0, in: layer) } : nil
        state.windowSize = [sizes.window.x, sizes.window.y]
        state.framebufferSize = [sizes.framebuffer.x, sizes.framebuffer.y]
        let presented = layer.presentation(at: time).emitterPosition
        state.emitterPosition = [Double(presented.x), Double(presented.y)]
        if frameTimes.count > 1, let first = frameTimes.first, let last = frameTimes.last, last > first {
            state.fps = Double(frameTimes.count - 1) / (last - first)
        }
        // Counting reads the particles back: four times a second is enough for the HUD.
        if now - lastCount >= 0.25 || state.paused {
            lastCount = now
            countParticles()
        }
    }

    func countParticles() {
        guard let snapshot = try? simulator.snapshot() else { return }
        var counts: [String: Int] = [:]
        for cell in CellPath.all(in: layer) { counts[cell.name] = 0 }
        for p in snapshot.particles {
            counts[CellPath.name(of: p.identity.cellPath, in: layer), default: 0] += 1
        }
        state.liveCounts = counts
        state.liveTotal = snapshot.particles.count
        state.countTime = time
    }

    private func writeState(to path: String) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(state) else { return }
        // Write then rename, so a reader never sees half a file.
        let temporary = path + ".tmp"
        if FileManager.default.createFile(atPath: temporary, contents: data) {
            _ = rename(temporary, path)
        }
    }

    static func wallClock() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// What can stop the playground from starting, or fail while it runs.
public enum PlaygroundError: Error, CustomStringConvertible, Equatable {
    /// The window or ImGui could not start.
    case window(String)
    /// An effect could not be loaded or saved: the file and the reason.
    case effect(path: String, reason: String)
    /// A screenshot or recorded frame could not be written.
    case capture(path: String, reason: String)

    public var description: String {
        switch self {
        case let .window(reason): return "playground window: \(reason)"
        case let .effect(path, reason): return "\(path): \(reason)"
        case let .capture(path, reason): return "could not write \(path): \(reason)"
        }
    }
}

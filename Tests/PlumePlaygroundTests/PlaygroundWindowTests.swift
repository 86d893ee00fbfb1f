import Foundation
import Plume
import PlumePlayground
import PlumeWindow
import Testing

/// `plume play` in a real window under a private Xvfb, driven by real X input (xdotool), checked
/// through its state file and screenshots taken from its own framebuffer (F12).
@Suite(.serialized, .disabled(if: ProcessInfo.processInfo.environment["PLUME_SKIP_GPU"] == "1", "PLUME_SKIP_GPU=1"))
struct PlaygroundWindowTests {
    /// Starts `plume play` and waits for its first frames; returns the session, the window and
    /// the state file.
    private func launch(_ arguments: [String], title: String, dpi: Int? = nil) throws -> (XSession, String, StateFile) {
        let session = try XSession(dpi: dpi)
        let state = StateFile(path: session.directory.appendingPathComponent("state.json").path)
        try session.start(try XSession.product("plume"),
                          ["play"] + arguments + ["--state-file", state.path, "--no-vsync"])
        // GLFW may make and drop windows while it finds a GL version: look once frames are drawn.
        try state.wait("the first frames") { $0.frame >= 5 }
        let window = try session.window(titled: title)
        return (session, window, state)
    }

    /// A missing `--screenshot-directory` is created, as `--record-directory` is (issue 28, item 5).
    @Test func theScreenshotFolderIsCreated() throws {
        let (session, window, state) = try launch(["fire", "--size", "320x240", "--no-inspector",
                                                   "--screenshot-directory", "shots/today"], title: "Plume Playground")
        let picture = try session.screenshot(window: window, state: state, pointer: (100, 100))
        #expect(picture.image.width == 320, "screenshot \(picture.image.width) wide")
        let last = try #require(state.read())
        #expect(last.error == nil, "error: \(last.error ?? "")")
        #expect(last.screenshots.first?.hasPrefix("shots/today/") == true, "\(last.screenshots)")
    }

    @Test func clickMovesTheFireToThePointWithinASecond() throws {
        let (session, window, state) = try launch(["fire", "--size", "640x480", "--no-inspector"], title: "Plume Playground")
        let start = try state.wait("a second of fire") { $0.time > 1 }
        #expect(start.emitterPosition == [320, 240], "fire starts in the middle: \(start.emitterPosition)")
        let target = (x: 150.0, y: 330.0)
        let before = try session.screenshot(window: window, state: state, pointer: (600, 40))
        let dark = before.meanBrightness(x: 130...170, y: 300...335)

        try session.click(window: window, x: target.x, y: target.y)
        let moving = try state.wait("the animation to start") { $0.emitterPosition != [320, 240] }
        // Part way through, the emitter is between where it was and the click (presented position).
        // A quarter second on: `moving` is already up to a frame in, and the state seen may be
        // later still on a loaded machine, but well before the second's end.
        let partWay = try state.wait("a quarter second") { $0.time >= moving.time + 0.25 }
        #expect(partWay.emitterPosition[0] < 320 && partWay.emitterPosition[0] > target.x,
                "at t+\(partWay.time - moving.time) s the emitter is at \(partWay.emitterPosition)")
        let arrived = try state.wait("one second") { $0.time >= moving.time + 1.0 }
        #expect(abs(arrived.emitterPosition[0] - target.x) < 0.5 && abs(arrived.emitterPosition[1] - target.y) < 0.5,
                "1 s after the click the emitter is at \(arrived.emitterPosition), clicked \(target)")
        try state.wait("fire at the new place") { $0.time >= moving.time + 1.6 }
        let after = try session.screenshot(window: window, state: state, pointer: (600, 40))
        let lit = after.meanBrightness(x: 130...170, y: 300...335)
        #expect(lit > 60 && lit > dark * 3, "around the click: brightness \(dark) before, \(lit) after")
        // The fire rises from the click: just above it, the picture is brightest near its column.
        let column = try #require(after.centroidX(rows: 280...330), "no fire above the click")
        #expect(abs(column - target.x) < 40, "fire centred at x = \(column), clicked x = \(target.x)")
    }

    @Test func rateSliderSetsTheLiveCount() throws {
        let (session, window, state) = try launch(["fire", "--size", "640x480", "--no-inspector"], title: "Plume Playground")
        let initial = try state.wait("the fire to settle") { $0.time > 0.5 && $0.controls["Rate slider"] != nil }
        #expect(initial.rate == 30 && initial.rateCell == "fire")
        // Four times faster, so the count settles in about a second of wall time.
        try session.xdotool("mousemove", "--window", window, "320", "100")
        try session.xdotool("key", "equal", "equal")
        try state.wait("speed ×4") { $0.speed == 4 }
        let r = initial.controls["Rate slider"]!
        try session.click(window: window, x: Double(r[0] + r[2] * 0.8), y: Double(r[1] + r[3] / 2))
        let set = try state.wait("the slider to move") { $0.rate > 60 }
        // Steady state: rate × mean lifetime (3 s) live particles; the oldest live at most 4 s.
        let settled = try state.wait("4.5 s at the new rate") { $0.countTime >= set.time + 4.5 }
        let expected = Double(set.rate) * 3
        let live = Double(settled.liveCounts["fire"] ?? 0)
        #expect(abs(live - expected) < expected * 0.2,
                "rate \(set.rate)/s (slider at 80 %): \(live) live, expected about \(expected)")
        #expect(initial.liveTotal < Int(expected * 0.6), "before: \(initial.liveTotal) live at 30/s")
        #expect(settled.emitterPosition == [320, 240], "a click on the slider moved the emitter: \(settled.emitterPosition)")
    }

    @Test func resizeFollowsTheWindowWithoutStretching() throws {
        let (session, window, state) = try launch(["fire", "--size", "640x480", "--clean"], title: "Plume Playground")
        try state.wait("fire") { $0.time > 1.5 }
        let wide = try session.screenshot(window: window, state: state, pointer: (600, 40))
        try session.xdotool("windowsize", window, "960", "360")
        let resized = try state.wait("the new size") { $0.windowSize == [960, 360] && $0.framebufferSize == [960, 360] }
        let later = try state.wait("frames at the new size") { $0.frame > resized.frame + 3 }
        // On llvmpipe the unrotated fire is drawn as a quad list into a B8G8R8A8 scene of the
        // window's size (the window's own colour buffer reads as RGBA), copied to the window.
        if later.renderer.contains("llvmpipe") {
            #expect(later.drawPaths == ["quadList"] && later.drawsOffscreen, "\(later.drawPaths), offscreen \(later.drawsOffscreen)")
        }
        let after = try session.screenshot(window: window, state: state, pointer: (900, 20))
        #expect(after.image.width == 960 && after.image.height == 360)
        // One point is one pixel at any size: the fire stays at x = 320 (stretched it would be at 480).
        let columnBefore = try #require(wide.centroidX(rows: 200...240), "no fire before the resize")
        let columnAfter = try #require(after.centroidX(rows: 200...240), "no fire after the resize")
        #expect(abs(columnBefore - 320) < 25 && abs(columnAfter - 320) < 25,
                "fire at x = \(columnBefore) in 640×480, \(columnAfter) in 960×360")
        // And vertically: the emitter (y = 240 points) is still 240 pixels from the top.
        #expect(after.meanBrightness(x: 300...340, y: 225...245) > 40, "no fire at the emitter after the resize")
    }

    /// HiDPI: on a 192-dpi screen (Xft.dpi, as a 2× monitor reports it on X11) the interface is
    /// drawn twice as large as on a 96-dpi one, and the scene still maps one point to one pixel.
    @Test func aHiDPIScreenScalesTheInterface() throws {
        func controlHeight(dpi: Int?) throws -> (PlaygroundState, Float) {
            let (session, _, state) = try launch(["fire", "--size", "640x480"], title: "Plume Playground", dpi: dpi)
            let shown = try state.wait("the inspector's controls") { !$0.controls.isEmpty && $0.frame >= 10 }
            withExtendedLifetime(session) {}   // the X server and the app live until here
            let name = try #require(shown.controls.keys.sorted().first { shown.controls[$0]![3] > 0 }, "no control drawn")
            return (shown, shown.controls[name]![3])
        }
        let (normal, normalHeight) = try controlHeight(dpi: nil)
        let (hidpi, hidpiHeight) = try controlHeight(dpi: 192)
        #expect(normal.interfaceScale == 1 && hidpi.interfaceScale == 2, "scales \(normal.interfaceScale), \(hidpi.interfaceScale)")
        #expect(normal.screenScale == 1 && hidpi.screenScale == 2,
                "Screen.main.scale follows the window's content scale: \(normal.screenScale), \(hidpi.screenScale)")
        #expect(abs(hidpiHeight / normalHeight - 2) < 0.25, "control height \(normalHeight) → \(hidpiHeight) points at 2×")
        #expect(hidpi.framebufferSize == hidpi.windowSize, "X11 windows are in pixels: \(hidpi.windowSize) vs \(hidpi.framebufferSize)")
    }

    @Test func keysPauseStepChangeSpeedRestartAndReseed() throws {
        let (session, window, state) = try launch(["fire", "--size", "640x480", "--no-inspector"], title: "Plume Playground")
        try state.wait("a second") { $0.time > 1 }
        try session.xdotool("mousemove", "--window", window, "320", "100")
        try session.xdotool("key", "space")
        let paused = try state.wait("pause") { $0.paused }
        let still = try state.wait("frames while paused") { $0.frame >= paused.frame + 5 }
        #expect(still.time == paused.time, "time went on while paused: \(paused.time) → \(still.time)")
        try session.xdotool("key", "period")
        let stepped = try state.wait("one step") { $0.time > paused.time }
        #expect(abs(stepped.time - paused.time - 1.0 / 60) < 1e-9, "a step moved time by \(stepped.time - paused.time) s")
        try session.xdotool("key", "minus")
        try state.wait("half speed") { $0.speed == 0.5 }
        try session.xdotool("key", "space", "r")
        // A restart and a new seed start the time again: below what it was before each (not a
        // fixed bound, as the state may be read a while after on a loaded machine).
        let restarted = try state.wait("a restart") { !$0.paused && $0.effectLoads == 2 }
        #expect(restarted.time < paused.time, "restart left time at \(restarted.time), paused at \(paused.time)")
        let running = try state.wait("time to run on") { $0.time > 0.6 }
        try session.xdotool("key", "n")
        let reseeded = try state.wait("the next seed") { $0.seed == 1 && $0.effectLoads == 3 }
        #expect(reseeded.time < running.time, "the new seed left time at \(reseeded.time), from \(running.time)")
    }

    @Test func particleRendererKeepsTheGLStateContractWithImGui() throws {
        let session = try XSession()
        let state = StateFile(path: session.directory.appendingPathComponent("state.json").path)
        let process = try session.start(try XSession.product("plume"),
                                        ["play", "fireworks", "--size", "640x480", "--check-gl-state",
                                         "--state-file", state.path, "--no-vsync"])
        // Rockets, trails, sparks and their smoke drawn, with the HUD, rate bar and inspector over them.
        let final = try state.wait("40 checked frames with sparks") {
            $0.glStateChecks >= 40 && ($0.liveCounts["rocket.spark"] ?? 0) > 0
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(final.glStateMismatches.isEmpty, "not restored: \(final.glStateMismatches)")
        #expect(final.glStateChecks == final.frame)
    }

    @Test func recordWritesAPNGSequence() throws {
        let session = try XSession()
        let result = try session.run(try XSession.product("plume"),
                                     ["play", "fire", "--size", "320x240", "--clean", "--record", "30",
                                      "--record-directory", "frames"])
        #expect(result.status == 0, "plume play --record failed: \(result.output)")
        let frames = try [1, 15, 30].map { try Picture(session.directory.appendingPathComponent(String(format: "frames/frame-%05d.png", $0)).path) }
        #expect(frames.allSatisfy { $0.image.width == 320 && $0.image.height == 240 })
        #expect(!FileManager.default.fileExists(atPath: session.directory.appendingPathComponent("frames/frame-00031.png").path))
        // 1/60 s apart: half a second of fire rising from the middle by the last one.
        #expect(frames[2].meanBrightness(x: 130...190, y: 60...125) > 10, "no fire above the emitter after 0.5 s")
        #expect(frames[0].image.pixels != frames[2].image.pixels)
    }
}

/// The inspector's cell tree, clicked with real X input.
@Suite(.serialized, .disabled(if: ProcessInfo.processInfo.environment["PLUME_SKIP_GPU"] == "1", "PLUME_SKIP_GPU=1"))
struct InspectorWindowTests {
    @Test func cellTreeAddsDuplicatesAndRemovesSubCells() throws {
        let session = try XSession()
        let state = StateFile(path: session.directory.appendingPathComponent("state.json").path)
        try session.start(try XSession.product("plume"), ["play", "fire", "--size", "1280x720", "--state-file", state.path, "--no-vsync"])
        let first = try state.wait("the inspector") { $0.frame >= 5 && $0.controls["Add sub-cell"] != nil }
        let window = try session.window(titled: "Plume Playground")
        #expect(first.cells == ["fire"] && first.selectedCell == "fire")

        func press(_ control: String, until what: String, _ condition: @escaping (PlaygroundState) -> Bool) throws -> PlaygroundState {
            try session.press(control, in: window, state: state, until: what, condition)
        }
        let added = try press("Add sub-cell", until: "a sub-cell") { $0.cells.count == 2 }
        #expect(added.cells == ["fire", "fire.cell"] && added.selectedCell == "fire.cell")
        // Every fire particle emits the new sub-cell: its particles appear.
        let emitting = try state.wait("sub-cell particles") { ($0.liveCounts["fire.cell"] ?? 0) > 0 }
        #expect((emitting.liveCounts["fire"] ?? 0) > 0)
        let duplicated = try press("Duplicate", until: "a copy") { $0.cells.count == 3 }
        #expect(duplicated.cells == ["fire", "fire.cell", "fire.cell-2"] && duplicated.selectedCell == "fire.cell-2")
        let removed = try press("Remove", until: "the copy removed") { $0.cells.count == 2 }
        #expect(removed.cells == ["fire", "fire.cell"])
        let top = try press("Add cell", until: "a top-level cell") { $0.cells.count == 3 }
        #expect(top.cells.last == "cell-2" && top.selectedCell == "cell-2", "\(top.cells)")
        try state.wait("the new cell's particles") { ($0.liveCounts["cell-2"] ?? 0) > 0 }
    }
}

/// The inspector's behaviours, opened with real X input: the rain's heightfield collider shows its
/// shape's numbers (not a box's or a sphere's).
@Suite(.serialized, .disabled(if: ProcessInfo.processInfo.environment["PLUME_SKIP_GPU"] == "1", "PLUME_SKIP_GPU=1"))
struct BehaviorInspectorWindowTests {
    @Test func theRainsHeightfieldShowsItsNumbers() throws {
        let session = try XSession()
        let state = StateFile(path: session.directory.appendingPathComponent("state.json").path)
        try session.start(try XSession.product("plume"), ["play", "rain", "--size", "1280x720", "--state-file", state.path, "--no-vsync",
                                                          "--screenshot-directory", "shots"])
        let first = try state.wait("the inspector") { $0.frame >= 5 && $0.controls["Behaviors"] != nil }
        let window = try session.window(titled: "Plume Playground")
        #expect(first.controls["behavior terrain"] == nil)
        // The terrain's outline over the scene (ColliderOutline): a line between each two heights,
        // orange, where the rain does not draw.
        let heights = Preset.rain.makeLayer().emitterBehaviors?.first { $0.name == "terrain" }?.samples.count ?? 0
        #expect(heights > 2 && first.colliderOutlinePieces == heights - 1, "\(first.colliderOutlinePieces) strokes, \(heights) heights")
        let picture = try session.screenshot(window: window, state: state, pointer: (1270, 10))
        var orange = 0
        for i in stride(from: 0, to: picture.image.pixels.count, by: 4) {
            let (r, g, b) = (picture.image.pixels[i], picture.image.pixels[i + 1], picture.image.pixels[i + 2])
            if r > 200 && g > 100 && g < 200 && b < 120 { orange += 1 }
        }
        #expect(orange > 300, "\(orange) orange outline pixels")
        let listed = try session.press("Behaviors", in: window, state: state, until: "the behaviours listed") {
            $0.controls["behavior terrain"] != nil
        }
        #expect(listed.controls["behavior align"] != nil)
        // the behaviours' nodes open as listed (the cell tree's do too)
        let open = try state.wait("the collider's numbers") { $0.controls["sampleSpacing terrain"] != nil }
        for key in ["position.y", "orientationLongitude", "restitution", "friction"] {
            #expect(open.controls["\(key) terrain"] != nil, "\(key) not shown: \(open.controls.keys.sorted())")
        }
        #expect(open.controls["boxWidth terrain"] == nil && open.controls["radius terrain"] == nil)
        // Mask… opens the browser on PNG masks (FileBrowserTests loads one); Cancel closes it.
        let browsing = try session.press("Mask terrain", in: window, state: state, until: "the mask browser") {
            $0.fileBrowser != nil && $0.controls["Browser Load"] != nil
        }
        #expect(browsing.error == nil)
        _ = try session.press("Browser Cancel", in: window, state: state, until: "the browser closed") { $0.fileBrowser == nil }
    }

    /// The Add menu adds a behaviour of any kind to a running effect, its numbers show, and Remove
    /// takes it away again (issue 26 item 1: colliders and fields in the playground).
    @Test func addAndRemoveBehaviors() throws {
        let session = try XSession()
        let state = StateFile(path: session.directory.appendingPathComponent("state.json").path)
        try session.start(try XSession.product("plume"), ["play", "fire", "--size", "1280x720", "--state-file", state.path, "--no-vsync"])
        let first = try state.wait("the inspector") { $0.frame >= 5 && $0.controls["Add menu"] != nil }
        #expect(first.behaviors.isEmpty, "fire has behaviours: \(first.behaviors)")
        let window = try session.window(titled: "Plume Playground")
        for (kind, key) in [("collider", "restitution"), ("turbulence", "strength")] {
            _ = try session.press("Add menu", in: window, state: state, until: "the Add menu open") { $0.controls["add \(kind)"] != nil }
            let added = try session.press("add \(kind)", in: window, state: state, until: "\(kind) added") {
                $0.behaviors.contains("\(kind) (\(kind))")
            }
            #expect(added.error == nil, "\(String(describing: added.error))")
            if added.controls["behavior \(kind)"] == nil {
                _ = try session.press("Behaviors", in: window, state: state, until: "the behaviours listed") {
                    $0.controls["behavior \(kind)"] != nil
                }
            }
            try state.wait("\(kind)'s numbers") { $0.controls["\(key) \(kind)"] != nil }
        }
        let both = try state.wait("both behaviours") { $0.behaviors == ["collider (collider)", "turbulence (turbulence)"] }
        #expect((both.liveCounts["fire"] ?? 0) > 0 && both.error == nil)
        // the frame that handles the click drew the collider's controls before its Remove button:
        // wait for one drawn without it
        let removed = try session.press("Remove behavior collider", in: window, state: state, until: "the collider removed") {
            $0.behaviors == ["turbulence (turbulence)"] && $0.controls["restitution collider"] == nil
        }
        #expect(removed.controls["strength turbulence"] != nil && removed.error == nil)
        try state.wait("fire still burning") { ($0.liveCounts["fire"] ?? 0) > 0 && $0.frame > removed.frame + 10 }
    }
}

extension XSession {
    /// Presses F12 with the pointer in the window and returns the screenshot.
    func screenshot(window: String, state: StateFile, pointer: (Int, Int)) throws -> Picture {
        let before = state.read()?.screenshots.count ?? 0
        try xdotool("mousemove", "--window", window, "\(pointer.0)", "\(pointer.1)")
        try xdotool("key", "F12")
        let after = try state.wait("a screenshot") { $0.screenshots.count > before }
        let path = directory.appendingPathComponent(after.screenshots[before]).path
        return try Picture(path)
    }

    /// Clicks the middle of the inspector control `control` (as the state file places it, read
    /// once the layout has settled: a frame after a change) and waits until `condition`.
    func press(_ control: String, in window: String, state: StateFile, until what: String,
               _ condition: @escaping (PlaygroundState) -> Bool) throws -> PlaygroundState {
        let seen = try #require(state.read())
        let now = try state.wait("a frame drawn with the current layout") { $0.frame >= seen.frame + 2 }
        let r = try #require(now.controls[control], "\(control) is not shown: \(now.controls.keys.sorted())")
        try click(window: window, x: Double(r[0] + r[2] / 2), y: Double(r[1] + r[3] / 2))
        return try state.wait(what, until: condition)
    }
}

/// `plume play` where it cannot run: a clear message and a failing exit status, never a crash.
@Suite struct PlaygroundBadInputTests {
    private func play(_ arguments: [String], display: String?) throws -> (status: Int32, output: String) {
        try CommandLineTests.plume(["play"] + arguments, environment: ["DISPLAY": display])
    }

    @Test func noDisplayIsAClearError() throws {
        let result = try play(["fire", "--frames", "1"], display: nil)
        #expect(result.status != 0 && result.status < 128, "exit status \(result.status)")
        #expect(result.output.contains("GLFW") && result.output.contains("DISPLAY"), "message: \(result.output)")
    }

    @Test func badOptionsAreRefused() throws {
        for arguments in [["fire", "--size", "10x10"], ["fire", "--record", "0"], ["fire", "--seconds", "-1"]] {
            let result = try play(arguments, display: nil)
            #expect(result.status != 0 && result.status < 128, "\(arguments): exit status \(result.status)")
            #expect(result.output.contains("Error"), "\(arguments): \(result.output)")
        }
    }
}

import Foundation
import Plume
import Testing

/// The programs in Examples/, run as a person would: in a window on a private Xvfb (the GLFW one
/// steered with real key presses), or headless.
@Suite(.serialized, .disabled(if: ProcessInfo.processInfo.environment["PLUME_SKIP_GPU"] == "1", "PLUME_SKIP_GPU=1"))
struct ExamplesTests {
    /// Numbers after a label in a line of output: "ship moved from (320, 336) to (320, 252)".
    private func numbers(in output: String, line prefix: String) -> [Double] {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }) else { return [] }
        return line.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
    }

    /// The live count of `cell` in the first line of `output` that starts with `label` ("hull 4,
    /// exhaust 90, …" after it).
    private func liveCount(_ output: String, _ cell: String, label: String = "live:") -> Int? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix(label) }) else { return nil }
        for part in line.dropFirst(label.count).split(separator: ",") {
            let words = part.split(separator: " ")
            if words.count == 2, words[0] == cell { return Int(words[1]) }
        }
        return nil
    }

    @Test func shipGameSteersAndExplodesWithTheKeyboard() throws {
        let session = try XSession()
        // Each key waits for what the game printed (--trace), not for the clock: on a loaded machine
        // with a cold shader cache a frame that compiles a cell's programs takes seconds, and key
        // presses then land in one frame. Up is held until the ship has moved 10 points, X until
        // the explosion, and Esc ends the game half a second later while the debris (0.6 s) lives:
        // the game's clock steps at most 0.1 s a frame. --seconds (game time) is a backstop.
        let game = try session.start(try XSession.product("ShipGame"), ["--seconds", "30", "--trace"])
        try session.waitForOutput(of: "ShipGame", index: 0, containing: "running")
        let window = try session.window(titled: "Plume ShipGame")
        try session.xdotool("mousemove", "--window", window, "20", "20")   // focus follows the pointer
        try session.xdotool("keydown", "Up")
        try session.waitForOutput(of: "ShipGame", index: 0, "a frame with the ship 10 points up") { output in
            guard let line = output.split(separator: "\n").last(where: { $0.hasPrefix("frame ") }) else { return false }
            let y = self.numbers(in: String(line), line: "frame").last ?? 336
            return y < 326
        }
        try session.xdotool("keyup", "Up")
        try session.xdotool("key", "x")
        try session.waitForOutput(of: "ShipGame", index: 0, containing: "explosion at")
        usleep(500_000)
        try session.xdotool("key", "Escape")
        while game.isRunning { usleep(50_000) }
        let log = try String(contentsOf: session.log(of: "ShipGame", index: 0), encoding: .utf8)
        #expect(game.terminationStatus == 0, "ShipGame failed: \(log)")
        // It starts at (320, 336) heading up: thrust moves it up the screen, and only up.
        let moved = numbers(in: log, line: "ship moved")
        #expect(moved.count >= 4 && moved[3] < moved[1] - 5 && moved[2] == moved[0], "Up did not move the ship up: \(log)")
        #expect(log.contains("exploded at"), "X did not explode the ship: \(log)")
        #expect((liveCount(log, "fragments.debris") ?? 0) > 0, "no sub-cell debris alive: \(log)")
        #expect(liveCount(log, "hull") == 0, "the hull survived the explosion: \(log)")
    }

    /// Its clock is the host's (CACurrentMediaTime(), far from 0), so the explosion appears only
    /// because its cell's `beginTime` is the layer's time (issue 28, item 1).
    @Test func sdlEmbeddingDrawsTheSameEffects() throws {
        let session = try XSession()
        // The exhaust (0.9 ± 0.15 s) stops at the explosion, so it is counted just before it; the
        // fragments (2 s, born over 0.15 s from the explosion) and their debris at the end, 10
        // frames later: at most 1 s of game time (its clock steps at most 0.1 s a frame), at least
        // 1/300 s (the first fragment's birth) below 3000 frames a second.
        let result = try session.run(try XSession.product("SDLEmbed"), ["--frames", "90", "--explode-at", "80"])
        #expect(result.status == 0, "SDLEmbed failed: \(result.output)")
        #expect(result.output.contains("90 frames on"))
        #expect(result.output.contains("exploded at"))
        #expect((liveCount(result.output, "exhaust", label: "live before the explosion:") ?? 0) > 0,
                "no exhaust trail: \(result.output)")
        #expect((liveCount(result.output, "fragments") ?? 0) + (liveCount(result.output, "fragments.debris") ?? 0) > 0,
                "no explosion: \(result.output)")
    }

    @Test func exportFramesWritesAPNGSequenceHeadless() throws {
        let session = try XSession()   // only for its temporary directory: EGL needs no display
        let result = try session.run(try XSession.product("ExportFrames"),
                                     ["fireworks", "--frames", "3", "--out", "out", "--size", "320x180", "--start", "3"])
        #expect(result.status == 0, "ExportFrames failed: \(result.output)")
        let pictures = try (1...3).map { try Picture(session.directory.appendingPathComponent(String(format: "out/fireworks-%04d.png", $0)).path) }
        #expect(pictures.allSatisfy { $0.image.width == 320 && $0.image.height == 180 })
        #expect(pictures[2].meanBrightness(x: 0...319, y: 0...179) > 1, "3 s of fireworks drew nothing")
    }
}

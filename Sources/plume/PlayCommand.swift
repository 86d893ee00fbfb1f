import ArgumentParser
import Foundation
import Plume
import PlumePlayground

/// `plume play [PRESET | FILE]`: the live playground window.
struct Play: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Open a window playing an effect live, with the inspector and HUD.",
        discussion: """
            Click to move the emitter (a one-second animation from where it is on screen); the bottom \
            slider sets the chosen cell's birth rate. Keys: Space pause, . step, +/- speed, R restart, \
            N next seed, F12 screenshot, Tab inspector, Ctrl+S save, Esc quit. Needs an X display \
            (Xvfb on a headless machine).
            """)

    @Argument(help: "A preset (\(Preset.allCases.map(\.rawValue).joined(separator: ", "))) or an effect file.")
    var effect: String = Preset.fire.rawValue

    @Option(help: "Window size in points, as WxH.")
    var size: String = "1280x720"

    @Option(parsing: .unconditional, help: "Layer seed (default: the effect's own).")
    var seed: UInt32?

    @Option(parsing: .unconditional, help: "Write N frames (1/60 s apart) as a PNG sequence, then quit.")
    var record: Int?

    @Option(help: "Directory of the --record frames.")
    var recordDirectory: String = "plume-frames"

    @Option(help: "Directory where F12 writes screenshots (created when missing).")
    var screenshotDirectory: String = "."

    @Option(help: "Folder where Save puts an effect opened from a preset (default: $XDG_DATA_HOME/plume/effects, else ~/.local/share/plume/effects).")
    var saveDirectory: String?

    @Option(parsing: .unconditional, help: "Quit after this many frames.")
    var frames: Int?

    @Option(parsing: .unconditional, help: "Quit after this many seconds.")
    var seconds: Double?

    @Option(parsing: .unconditional, help: "The timing summary printed at the end counts frames from this effect time on (seconds).")
    var measureAfter: Double = 0

    @Option(help: "Write the playground's state (positions, counts, timings, errors) as JSON after every frame.")
    var stateFile: String?

    @Flag(help: "Draw as fast as possible instead of waiting for the display's refresh.")
    var noVsync = false

    @Flag(help: "Check every frame that the particle renderer restores the GL state, with ImGui drawing too.")
    var checkGLState = false

    @Flag(help: "Start with the inspector hidden (Tab shows it).")
    var noInspector = false

    @Flag(help: "Hide the HUD, rate bar and inspector: the effect alone.")
    var clean = false

    func validate() throws {
        if Preset(rawValue: effect) == nil && !FileManager.default.fileExists(atPath: effect) {
            throw ValidationError(EffectSource.unknown(effect))
        }
        _ = try windowSize()
        if let record, !(1...100_000).contains(record) { throw ValidationError("--record must be in 1…100000") }
        if let frames, frames < 1 { throw ValidationError("--frames must be positive") }
        if let seconds, !(seconds > 0 && seconds.isFinite) { throw ValidationError("--seconds must be positive") }
        guard measureAfter.isFinite, measureAfter >= 0 else { throw ValidationError("--measure-after must be ≥ 0") }
    }

    func windowSize() throws -> (Int, Int) {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (64...16_384).contains($0) }) else {
            throw ValidationError("--size must look like 1280x720 (64…16384 each)")
        }
        return (parts[0], parts[1])
    }

    func run() throws {
        var options = PlaygroundOptions()
        options.effect = Preset(rawValue: effect).map(PlaygroundEffect.preset) ?? .file(effect)
        (options.width, options.height) = try windowSize()
        options.title = "Plume Playground — \(effect)"
        options.seed = seed
        options.recordFrames = record
        options.recordDirectory = recordDirectory
        options.screenshotDirectory = screenshotDirectory
        if let saveDirectory { options.saveDirectory = saveDirectory }
        options.maxFrames = frames
        options.maxSeconds = seconds
        options.measureAfter = measureAfter
        options.stateFile = stateFile
        options.vsync = !noVsync
        options.checksGLState = checkGLState
        options.showsInspector = !noInspector
        options.hidesInterface = clean
        let playground = try Playground(options: options)
        defer { playground.close() }
        try playground.run()
        print(playground.summary)
        if let record { print("wrote \(record) frames to \(recordDirectory)/frame-00001.png …") }
    }
}

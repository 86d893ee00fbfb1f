import Foundation
import Plume

/// What the playground opens: a preset, or an effect file (reloaded when it changes on disk).
public enum PlaygroundEffect: Sendable, Equatable {
    case preset(Preset)
    case file(String)
}

/// How `plume play` runs. Defaults are the interactive ones; tests and scripts use the others.
public struct PlaygroundOptions: Sendable {
    public var effect: PlaygroundEffect = .preset(.fire)
    /// Window size in points. Default 1280 × 720.
    public var width = 1280
    public var height = 720
    public var title = "Plume Playground"
    /// Whether the inspector window is shown at start (Tab toggles it).
    public var showsInspector = true
    /// Layer seed applied at start (nil: the effect's own).
    public var seed: UInt32?
    /// Write the next `recordFrames` frames as a PNG sequence into ``recordDirectory`` (created,
    /// with its parents, when missing), advancing the simulation by exactly 1/60 s per frame, then quit.
    public var recordFrames: Int?
    public var recordDirectory = "plume-frames"
    /// Where the screenshot key (F12) writes `plume-screenshot-NNNN.png`; created (with its
    /// parents) by the first screenshot.
    public var screenshotDirectory = "."
    /// Where Save puts an effect that came from no file (a preset): `<folder>/<preset>.json`, the
    /// folder made when first saved into. An effect opened from a file saves over that file; an
    /// imported `.plist` saves as the `.json` beside it. Default ``defaultSaveDirectory``.
    public var saveDirectory = PlaygroundOptions.defaultSaveDirectory

    /// `$XDG_DATA_HOME/plume/effects`, else `~/.local/share/plume/effects` (the XDG base
    /// directory convention): never the working folder, which is often a source checkout.
    public static var defaultSaveDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") {
            return (data as NSString).appendingPathComponent("plume/effects")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return (home as NSString).appendingPathComponent(".local/share/plume/effects")
    }
    /// Stop after this many frames (nil: when the window closes or Esc is pressed).
    public var maxFrames: Int?
    /// Stop after this many seconds of wall time (nil: no limit).
    public var maxSeconds: Double?
    /// The run's ``Playground/summary`` counts frames from this host time on (to leave out the
    /// effect's start, before it reaches its steady state).
    public var measureAfter = 0.0
    /// Write ``PlaygroundState`` as JSON to this file after every frame (for scripts and tests).
    public var stateFile: String?
    /// Wait for the display's vertical refresh between frames (off: as fast as the GPU goes).
    public var vsync = true
    /// Check every frame that `ParticleRenderer.draw` leaves the GL state as it found it, with
    /// ImGui drawing in the same frame; mismatches show in the HUD and the state.
    public var checksGLState = false
    /// Hide the HUD, the rate bar and the inspector (a clean picture of the effect).
    public var hidesInterface = false

    public init() {}
}

import Foundation
import PlumeWindow

/// What the playground shows, as numbers: written as JSON by `--state-file` after every frame,
/// so scripts and tests can check the window without reading pixels.
public struct PlaygroundState: Codable, Sendable, Equatable {
    /// Frames drawn so far.
    public var frame = 0
    /// Host time the simulation was last advanced to, seconds (real time × speed, from 0).
    public var time = 0.0
    public var paused = false
    public var speed: Float = 1
    public var seed: UInt32 = 0
    /// The emitter's position as presented (animations applied), points.
    public var emitterPosition: [Double] = [0, 0]
    /// The interface's scale: the window's content scale (HiDPI; from Xft.dpi on X11), 1 on a
    /// 96-dpi screen.
    public var interfaceScale: Float = 1
    /// `Screen.main.scale` once the window is open (the window's content scale, issue 27 item 3).
    public var screenScale: Double = 1
    /// Window size in points and framebuffer size in pixels.
    public var windowSize: [Int] = [0, 0]
    public var framebufferSize: [Int] = [0, 0]
    /// Live particles per cell (key: the cell's name path, "rocket.spark"), counted at `countTime`.
    public var liveCounts: [String: Int] = [:]
    public var liveTotal = 0
    public var countTime = 0.0
    /// The rate bar's cell (its name path) and the value of its slider ("Rate slider" in controls).
    public var rateCell: String?
    public var rate: Float = 0
    /// Where the interface's main controls were drawn this frame, by name ("Save", "Add cell",
    /// "cell fire", …): x, y, width, height in points. Hidden controls are absent.
    public var controls: [String: [Float]] = [:]
    /// The strokes of the colliders' outlines drawn this frame (`ColliderOutline`; 0 with the
    /// inspector closed or no collider).
    public var colliderOutlinePieces = 0
    /// The layer's cells by name path, depth first (sub-cells after their parent).
    public var cells: [String] = []
    /// The layer's behaviours as "name (type)", in order (an unnamed one by its index, "#2").
    public var behaviors: [String] = []
    /// The cell the inspector shows (its name path).
    public var selectedCell: String?
    /// Frame rate and the milliseconds of the last frame's simulation and rendering (each ended
    /// by `glFinish`, so they are the GPU's time too).
    public var fps = 0.0
    public var simulationMilliseconds = 0.0
    public var renderMilliseconds = 0.0
    public var renderer = ""
    /// The draw paths the last frame's cells took (`DrawPath` raw values, sorted, each once), and
    /// whether the particles were drawn into a B8G8R8A8 scene copied to the window (on llvmpipe,
    /// whose quad lists need one, when the window's colour buffer is not).
    public var drawPaths: [String] = []
    public var drawsOffscreen = false
    /// The effect file open (nil for a preset), the number of times an effect was (re)loaded,
    /// and the error shown in the window (a failed load, save or screenshot), if any.
    public var effectFile: String?
    public var effectLoads = 0
    /// Warnings of the file last loaded (unknown keys, approximate imports, …).
    public var warnings: [String] = []
    /// Saves that succeeded.
    public var saves = 0
    /// While the file browser (Open…, Save As…) is open: the path its name field points at
    /// ("" while the field is empty); nil when it is closed.
    public var fileBrowser: String?
    /// Whether the interface has the keyboard (a text field is being edited): keys go to it, not
    /// to the shortcuts.
    public var keyboardCaptured = false
    public var error: String?
    /// PNG files written by the screenshot key, in order.
    public var screenshots: [String] = []
    /// GL state the particle renderer failed to restore (with `--check-gl-state`).
    public var glStateMismatches: [String] = []
    public var glStateChecks = 0

    public init() {}
}

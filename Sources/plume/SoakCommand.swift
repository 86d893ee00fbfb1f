import ArgumentParser
import Foundation
import Plume
import PlumeFuzz
import PlumeGL

/// `plume soak`: long runs of fireworks and snow on the GPU simulator at a fixed frame rate in
/// simulated time, reporting live particles, the context's GL objects and the process's memory,
/// then create/destroy cycles that must leave no GL object behind.
struct Soak: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run fireworks and snow for an hour of simulated time and report growth.")

    @Option(help: "Simulated minutes.")
    var minutes: Double = 60

    @OptionGroup var rate: WholeFrameRate
    var fps: Double { rate.fps }

    @Option(help: "Report every this many simulated minutes.")
    var every: Double = 5

    @Option(help: "Create/destroy cycles of a simulator and a renderer after the run.")
    var cycles: Int = 5_000

    func validate() throws {
        guard minutes.isFinite, minutes > 0, minutes <= 24 * 60 else { throw ValidationError("--minutes must be in (0, 1440]") }
        guard every.isFinite, every > 0 else { throw ValidationError("--every must be positive") }
        guard cycles >= 0 else { throw ValidationError("--cycles must be ≥ 0") }
    }

    func run() throws {
        let context = try GLContext.headless()
        let size = Preset.defaultSize
        let presets: [Preset] = [.fireworks, .snow]
        let simulators = try presets.map { try GPUSimulator(layer: $0.makeLayer(size: size), context: context) }
        let renderer = try ParticleRenderer(context: context)
        renderer.backdrop = .black          // cleared to black; the additive fireworks are drawn first
        let target = try OffscreenTarget(context: context, width: 320, height: 240)
        let projection = Matrix4.layer(width: Float(size.width), height: Float(size.height))
        let frames = Int((minutes * 60 * fps).rounded())
        let reportFrames = max(1, Int((every * 60 * fps).rounded()))
        let started = Date()
        var firstReport: (objects: Int, memory: Double)?
        report("minute  " + presets.map { "\($0.rawValue) live".padding(toLength: 16, withPad: " ", startingAt: 0) }.joined()
              + "GL objects  memory MiB  wall s")
        for frame in 0...frames {
            let t = Double(frame) / fps
            for simulator in simulators { try simulator.advance(to: t) }
            if frame % Int(fps) == 0 {          // draw once per simulated second
                try target.begin(clearTo: .black)
                for simulator in simulators { try renderer.draw(simulator, viewProjection: projection) }
            }
            if frame % reportFrames == 0 {
                let live = try simulators.map { try $0.particleCount }
                let objects = context.objects.total, memory = ProcessMemory.residentMegabytes()
                if frame > 0 && firstReport == nil { firstReport = (objects, memory) }
                report(String(format: "%6.1f  ", t / 60) + live.map { "\($0)".padding(toLength: 16, withPad: " ", startingAt: 0) }.joined()
                      + String(format: "%-10d  %-10.0f  %.0f", objects, memory, Date().timeIntervalSince(started)))
            }
        }
        let endObjects = context.objects.total, endMemory = ProcessMemory.residentMegabytes()
        if let first = firstReport {
            report(String(format: "growth after the first report: GL objects %+d, memory %+.0f MiB",
                         endObjects - first.objects, endMemory - first.memory))
        }
        simulators.forEach { $0.release() }
        renderer.release()
        target.release()
        let baseline = context.objects.total
        let cycleStart = ProcessMemory.residentMegabytes()
        for i in 0..<cycles {
            let simulator = try GPUSimulator(layer: presets[i % 2].makeLayer(size: size), context: context)
            let cycleRenderer = try ParticleRenderer(context: context)
            cycleRenderer.backdrop = .black
            let cycleTarget = try OffscreenTarget(context: context, width: 64, height: 48)
            for f in 0..<10 { try simulator.advance(to: Double(f) / fps) }
            try cycleTarget.begin(clearTo: .black)
            try cycleRenderer.draw(simulator, viewProjection: projection)
            cycleTarget.release()
            cycleRenderer.release()
            simulator.release()
        }
        report(String(format: "%d create/destroy cycles: GL objects %d → %d (%@), memory %.0f → %.0f MiB",
                     cycles, baseline, context.objects.total, context.objects.description, cycleStart,
                     ProcessMemory.residentMegabytes()))
        if context.objects.total != baseline { throw ExitCode(1) }
    }
}

/// `--fps` of the commands that drive simulated time frame by frame (`plume soak`, `plume session`):
/// a whole number of updates per simulated second, so a second and a minute are whole frames.
struct WholeFrameRate: ParsableArguments {
    @Option(help: "Updates per simulated second.")
    var fps: Double = 60

    func validate() throws {
        guard fps.isFinite, fps >= 1, fps <= 1000, fps == fps.rounded() else {
            throw ValidationError("--fps must be a whole number in [1, 1000]")
        }
    }
}

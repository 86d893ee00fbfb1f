import ArgumentParser
import Foundation
import Plume
import PlumeGL

@main
struct PlumeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plume",
        abstract: "Run Plume particle effects.",
        discussion: """
            Exit status: 0 done; 1 a check failed (validate, fuzz, soak, session) or an input could not be read; \
            64 a bad command line; 74 an output could not be written.
            """,
        subcommands: [Run.self, Render.self, List.self, Validate.self, Convert.self, Export.self, Schema.self, FuzzEffects.self,
                      Watch.self, Fuzz.self, Soak.self, Session.self, Play.self],
        defaultSubcommand: Run.self)
}

extension Preset: ExpressibleByArgument {
    public init?(argument: String) { self.init(rawValue: argument) }
}

/// `plume list`: the presets.
struct List: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the preset effects.")

    func run() {
        let width = Preset.allCases.map(\.rawValue.count).max() ?? 0
        for preset in Preset.allCases {
            print("\(preset.rawValue.padding(toLength: width + 2, withPad: " ", startingAt: 0))\(preset.summary)")
        }
    }
}

/// Which simulator `plume run` uses.
enum SimulatorKind: String, ExpressibleByArgument, CaseIterable {
    case reference, gpu
}

/// `plume run <preset>`: simulates and prints what happens.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Simulate a preset or an effect file (.json, .plist) and print a summary over time.")

    @Argument(help: ArgumentHelp(EffectSource.help))
    var preset: EffectSource = EffectSource(argument: Preset.fireworks.rawValue)!

    @OptionGroup var images: ImageAccessOptions

    @Option(parsing: .unconditional, help: "Simulated seconds.")
    var seconds: Double = 6

    @Option(parsing: .unconditional, help: "Updates per second.")
    var fps: Double = 60

    @Option(parsing: .unconditional, help: "Print a summary line every this many seconds.")
    var every: Double = 1

    @Option(help: "Scene width and height in points, as WxH.")
    var size: String = "800x600"

    @Option(parsing: .unconditional, help: "Layer seed (0: the effect's own).")
    var seed: UInt32 = 0

    @Option(help: "reference (the CPU reference simulator) or gpu (transform feedback, headless EGL).")
    var simulator: SimulatorKind = .reference

    func validate() throws {
        guard seconds.isFinite, seconds > 0, seconds <= 3600 else { throw ValidationError("--seconds must be in (0, 3600]") }
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be in [1, 1000]") }
        guard every.isFinite, every > 0 else { throw ValidationError("--every must be positive") }
        try preset.checkExists()
        _ = try sceneSize()
    }

    func sceneSize() throws -> CGSize {
        let parts = size.lowercased().split(separator: "x").compactMap { Double($0) }
        guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= 100_000 }) else {
            throw ValidationError("--size must look like 800x600")
        }
        return CGSize(width: parts[0], height: parts[1])
    }

    func run() throws {
        let scene = try sceneSize()
        let (layer, limits, summary) = try preset.load(size: scene, imageAccess: images.access)
        if seed != 0 { layer.seed = seed }
        print("plume: \(preset.name) — \(summary)")
        switch simulator {
        case .reference:
            print("scene \(Int(scene.width))×\(Int(scene.height)) points, \(fps) updates/s, CPU reference simulator\n")
            try simulate(ReferenceSimulator(layer: layer, limits: limits), scene: scene)
        case .gpu:
            let context = try GLContext.headless()
            print("scene \(Int(scene.width))×\(Int(scene.height)) points, \(fps) updates/s, GPU simulator on "
                  + "\(context.info.renderer) (\(context.info.platform))\n")
            try simulate(try GPUSimulator(layer: layer, context: context, limits: limits), scene: scene)
        }
    }

    private func simulate(_ simulator: some ParticleSimulator, scene: CGSize) throws {
        print(SummaryTable.header)
        let frames = Int((seconds * fps).rounded())
        var nextReport = 0.0
        let clock = ContinuousClock()
        let started = clock.now
        var log = DiagnosticLog()
        for frame in 0...frames {
            let t = Double(frame) / fps
            try simulator.advance(to: t)
            log.add(simulator.diagnostics)
            if t + 1e-9 >= nextReport || frame == frames {
                print(SummaryTable.row(try simulator.snapshot(), scene: scene))
                nextReport += every
            }
        }
        let elapsed = clock.now - started
        let snapshot = try simulator.snapshot()
        let c = snapshot.counters
        print("\nborn \(c.born), died \(c.died), dropped \(c.dropped), skipped by catch-up \(c.skipped); "
              + "\(frames + 1) updates in \(elapsed)")
        log.add(snapshot.diagnostics)
        if log.entries.isEmpty {
            print("diagnostics: none")
        } else {
            print("diagnostics:")
            for d in log.entries { print("  \(d)") }
        }
    }
}

/// The columns `plume run` prints.
enum SummaryTable {
    static let header = "  time    live  per cell                                          mean x   mean y   on-screen  mean alpha"

    static func row(_ s: ParticleSnapshot, scene: CGSize) -> String {
        let live = s.particles
        var perCell: [String: Int] = [:]
        var order: [String] = []
        for p in live {
            let name = p.cellName ?? p.identity.cellPath.map(String.init).joined(separator: ".")
            if perCell[name] == nil { order.append(name) }
            perCell[name, default: 0] += 1
        }
        let cells = order.map { "\($0) \(perCell[$0]!)" }.joined(separator: ", ")
        let n = Double(max(live.count, 1))
        let meanX = live.reduce(0) { $0 + $1.position.x } / n
        let meanY = live.reduce(0) { $0 + $1.position.y } / n
        let onScreen = live.filter {
            $0.position.x >= 0 && $0.position.x <= scene.width && $0.position.y >= 0 && $0.position.y <= scene.height
        }.count
        let alpha = live.reduce(0) { $0 + min(max($1.color.w, 0), 1) } / n
        return String(format: "%6.2f %7d  %@ %8.1f %8.1f %10d %11.2f",
                      s.layerTime ?? 0, live.count, cells.padding(toLength: 48, withPad: " ", startingAt: 0),
                      meanX, meanY, onScreen, alpha)
    }
}

/// `plume render <preset>`: headless pictures of a preset on the GPU.
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Render a preset or an effect file (.json, .plist) headlessly on the GPU path to PNG (one picture, or a sequence).")

    @Argument(help: ArgumentHelp(EffectSource.help))
    var preset: EffectSource

    @OptionGroup var images: ImageAccessOptions

    @Option(parsing: .unconditional, help: "Host time of the (first) picture, seconds.")
    var time: Double = 3

    @Option(help: "Picture width and height in pixels (one pixel per point), as WxH.")
    var size: String = "800x600"

    @Option(help: "Output PNG file (its folder is created when missing); a sequence numbers it: out-0001.png, out-0002.png, …")
    var out: String

    @Option(parsing: .unconditional, help: "Number of pictures.")
    var frames: Int = 1

    @Option(parsing: .unconditional, help: "Pictures per second of a sequence (and simulation updates per second).")
    var fps: Double = 60

    @Option(parsing: .unconditional, help: "Layer seed (0: the effect's own).")
    var seed: UInt32 = 0

    func validate() throws {
        guard time.isFinite, time >= 0, time <= 3600 else { throw ValidationError("--time must be in [0, 3600]") }
        guard (1...100_000).contains(frames) else { throw ValidationError("--frames must be in 1…100000") }
        guard fps.isFinite, fps >= 1, fps <= 1000 else { throw ValidationError("--fps must be in [1, 1000]") }
        guard out.lowercased().hasSuffix(".png") else { throw ValidationError("--out must name a .png file") }
        try preset.checkExists()
        _ = try pixelSize()
    }

    func pixelSize() throws -> (Int, Int) {
        let parts = size.lowercased().split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2, parts.allSatisfy({ (1...16_384).contains($0) }) else {
            throw ValidationError("--size must look like 800x600 (1…16384 each)")
        }
        return (parts[0], parts[1])
    }

    func path(_ index: Int) -> String {
        guard frames > 1 else { return out }
        let stem = out.dropLast(4)
        let number = String(index + 1)
        return "\(stem)-\(String(repeating: "0", count: max(0, 4 - number.count)))\(number).png"
    }

    func run() throws {
        let (width, height) = try pixelSize()
        let context = try GLContext.headless()
        let (layer, limits, _) = try preset.load(size: CGSize(width: width, height: height), imageAccess: images.access)
        if seed != 0 { layer.seed = seed }
        let simulator = try GPUSimulator(layer: layer, context: context, limits: limits)
        let renderer = try ParticleRenderer(context: context)
        renderer.backdrop = .black          // each frame clears to opaque black: additive layers draw direct
        let target = try OffscreenTarget(context: context, width: width, height: height)
        let projection = Matrix4.layer(width: Float(width), height: Float(height))
        // The output's folder, as the playground's --record-directory: `--out seq/a.png` makes seq/.
        let folder = URL(fileURLWithPath: out).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw IOFailure.exit("cannot create the folder \(folder.relativePath) for \(out): \(error.localizedDescription)")
        }
        // Simulate up to the first picture at the given rate (results do not depend on it).
        let warmup = Int((time * fps).rounded(.down))
        var log = DiagnosticLog()
        for step in 0..<warmup {
            try simulator.advance(to: Double(step) / fps)
            log.add(simulator.diagnostics)
        }
        defer {
            // What the simulator reported (a cell that never shows, bad values), each once.
            for d in log.entries { FileHandle.standardError.write(Data("warning: \(d)\n".utf8)) }
        }
        for index in 0..<frames {
            try simulator.advance(to: time + Double(index) / fps)
            log.add(simulator.diagnostics)
            try target.begin(clearTo: .black)
            try renderer.draw(simulator, viewProjection: projection)
            let file = path(index)
            do {
                try target.image().writePNG(to: file)
            } catch {
                throw IOFailure.exit("\(error)")
            }
            if frames > 1 {
                let done = index + 1
                let bar = String(repeating: "#", count: done * 30 / frames).padding(toLength: 30, withPad: ".", startingAt: 0)
                print("\rrendering [\(bar)] \(done)/\(frames) \(file)", terminator: done == frames ? "\n" : "")
                FileHandle.standardOutput.synchronizeFile()
            }
        }
        if frames == 1 { print("wrote \(out) (\(width)×\(height), \(preset.name) at t = \(time) s, \(context.info.renderer))") }
    }
}

import ArgumentParser
import Foundation
import Plume
@_spi(Benchmarks) import PlumeGL

/// When the run started: progress lines and the closing line say the seconds since.
let runStarted = ContinuousClock.now

/// Seconds since the run started.
func elapsed() -> Double {
    let d = ContinuousClock.now - runStarted
    return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}

/// The programs the run's context has linked and the seconds that took, for progress lines (set
/// once the context exists; a driver that compiles at link, like NVIDIA's, spends visible time there).
nonisolated(unsafe) var linkedSoFar: () -> (count: Int, seconds: Double) = { (0, 0) }

/// A progress line on standard error, with the seconds since the start and those spent linking.
func progress(_ text: String) {
    let linked = linkedSoFar()
    FileHandle.standardError.write(Data(String(format: "· %6.1f s  %@  [%d programs linked in %.1f s]\n",
                                               elapsed(), text, linked.count, linked.seconds).utf8))
}

/// The sections `--only` runs alone.
enum Section: String, ExpressibleByArgument, CaseIterable {
    case update, behaviours, maxima, compositing, trails, events, families, hostCost
}

/// plume-bench: maximum particle counts at 60 fps, update throughput against the driver's own
/// transform-feedback ceiling, scaling, host cost per cell, GPU vs CPU, nested sub-cells, frame
/// time and marginal cost per particle by draw path, behaviours.
@main
struct PlumeBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plume-bench",
        abstract: "Measure Plume on this machine's GL driver (headless EGL) and write the figures.",
        discussion: """
            Sections: 0 the update against the driver's copy ceilings, 1 throughput and scaling, 2 maximum live \
            particles at 60 fps, 3 GPU against the CPU reference, 4 host cost per cell, 5 nested sub-cells, \
            6 frame time by draw path, 7 behaviours. It prints the tables, writes results.json, results.md, \
            scaling.png and update.json into --out, lists every file written and the run's duration. \
            --quick measures 10⁴ and 10⁵ live particles with coarse maxima (33 s on Mesa llvmpipe, 2 shared \
            cores); the full run adds 10⁶ and 10⁷ and searches each maximum to 3 %: many minutes on llvmpipe.
            """)

    @Flag(help: "A short run: every section at 10⁴–10⁵ particles with fewer repeats and coarse maximum searches; rougher figures.")
    var quick = false

    @Flag(help: "Only the draw-path rows (section 6).")
    var drawPathsOnly = false

    @Option(help: "Only one section: update (section 0; writes update.json), maxima (section 2, printed), behaviours (section 7; prints its table), compositing (layer images against the direct draw; prints its table), trails (trails of 8 and 32 points against none; prints its table), events (event sub-cells, event readback, 10⁵ deaths in a frame; prints its table) or families (each collider shape, turbulence, vortex, trails of 8 and 32 points ÷ a plain update, and max live at 60 fps with each; prints its table).")
    var only: Section?

    @Option(name: .customLong("row"), help: "With --only behaviours: only these rows of the behaviour table (none, a behaviour's type, all; repeatable). Default: every row.")
    var rows: [String] = []

    @Flag(help: "Time the process's CPU time instead of elapsed time (steadier on a loaded machine).")
    var cpuTime = false

    @Option(help: "With --only update, behaviours or families: the live particle count of their rows (default 10⁵; 10⁶ or more on a hardware GPU, where 10⁵ particles take microseconds and the frame's fixed cost would hide the per-particle cost).")
    var live: Int?

    @Option(help: "The largest live count a maximum search tries (default 2·10⁷; raise it on a hardware GPU).")
    var ceiling: Int?

    @Option(help: "Folder for the files written (created when missing). The default, latest/, is not tracked by git; Benchmarks/results/ holds the published figures: --out results.")
    var out = "latest"

    func run() throws {
        let context = try GLContext.headless(platform: HeadlessPlatform.fromEnvironment())
        linkedSoFar = { (context.programLinkTimes.count, context.programLinkTimes.reduce(0) { $0 + $1.seconds }) }
        let renderer = try ParticleRenderer(context: context)
        renderer.backdrop = .black          // every frame clears to opaque black (Timer)
        let target = try OffscreenTarget(context: context, width: 1280, height: 720)
        var timer = Timer(context: context, renderer: renderer, target: target)
        if quick { timer.repeats = 3 }
        if cpuTime { timer.clock = .processCPU }
        if let ceiling { timer.ceiling = ceiling }
        var written: [String] = []
        defer {
            // Every file the run wrote, and how long it took, even when a section failed.
            for file in written { print("wrote \(file)") }
            let links = context.programLinkTimes
            let slowest = links.sorted { $0.seconds > $1.seconds }.prefix(5)
                .map { String(format: "%@ %.2f s", $0.program, $0.seconds) }.joined(separator: ", ")
            print(String(format: "shader programs linked: %d in %.2f s; slowest: %@", links.count,
                         links.reduce(0) { $0 + $1.seconds }, slowest))
            print(String(format: "plume-bench%@ took %.1f s", quick ? " --quick" : "", elapsed()))
        }

        let machine = Machine.describe(context)
        progress("machine: \(machine.cpu), \(machine.cores) cores; \(context.info.renderer) through \(context.info.platform)")
        var results = Results(machine: machine)
        results.loadAverage = Machine.loadAverage().first
        progress("load average \(results.loadAverage.map { String($0) } ?? "unknown")")

        if only == .behaviours {                // the behaviour rows alone (section 7)
            print(try BehaviorBench.table(timer: timer, quick: quick, rows: rows, live: live))
            return
        }

        if only == .trails {                    // what trails cost (issue 26 items 3 and 6)
            print(try TrailBench.table(timer: timer, quick: quick))
            return
        }
        if only == .families {                  // colliders, fields and trails ÷ plain, max live with each (issue 26 item 6)
            print(try FamilyBench.table(timer: timer, quick: quick, live: live))
            return
        }
        if only == .compositing {               // what layer images cost (issue 27 item 1)
            print(try CompositingBench.table(timer: timer, quick: quick))
            return
        }

        if only == .events {                    // what game events cost (issue 25 item 7)
            print(try EventsBench.table(timer: timer, quick: quick))
            return
        }

        if only == .hostCost {                  // host cost per frame against cells (section 4)
            try hostCost(timer: timer, into: &results)
            print(results.table())
            return
        }

        if only == .maxima {                    // the maxima alone (section 2), at full precision
            try maxima(timer: timer, into: &results)
            print(results.table())
            return
        }

        if !drawPathsOnly {
            // 0. The update against the driver's vertex-only and geometry pass-through copy ceilings.
            written.append(try UpdateThroughput.run(timer: timer, context: context,
                                                    sizes: live.map { [$0] } ?? (quick ? [100_000] : [100_000, 1_000_000, 10_000_000]),
                                                    rounds: quick ? 1 : 5, folder: out))
            if only == .update { return }
            try simulationSections(timer: timer, context: context, into: &results)
        }

        // 6. Frame time by draw path, marginal cost per particle, max live with drawing per path.
        try DrawPathBenchmark.run(timer, quick: quick, into: &results)

        // 7. Behaviours (issue 11): throughput and bytes per particle with none, each and all.
        let behaviourTable = drawPathsOnly ? "" : try BehaviorBench.table(timer: timer, quick: quick)

        print(results.table() + behaviourTable)
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let files = [(out + "/results.json", try results.json()), (out + "/results.md", Data(results.table().utf8))]
        for (path, data) in files {
            try data.write(to: URL(fileURLWithPath: path))
            written.append(path)
        }
        try Chart.scaling(results).writePNG(to: out + "/scaling.png")
        written.append(out + "/scaling.png")
    }

    /// Section 4: host cost per frame with 1, 10, 100, 1000 cells (10 live particles each).
    func hostCost(timer: Timer, into results: inout Results) throws {
        for cells in [1, 10, 100, 1000] {
            progress("host cost with \(cells) cells")
            let frame = try timer.gpuFrame(Workloads.steady(live: 10 * cells, cells: cells), live: 10 * cells, render: false)
            results.hostCost.append(.init(cells: cells, frameSeconds: frame))
        }
    }

    /// Sections 1–5: the simulation alone, on the steady workload and on fireworks.
    func simulationSections(timer: Timer, context: GLContext, into results: inout Results) throws {
        // 1. Throughput and scaling (simulation only), with the driver's copy ceiling at each size.
        let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000, 10_000_000]
        for n in sizes {
            progress("throughput at \(n) live particles")
            let frame = try timer.gpuFrame(Workloads.steady(live: n), live: n, render: false, repeats: n >= 10_000_000 ? 3 : nil)
            let ceiling = try TransformFeedbackCeiling.copyRate(context: context, records: n,
                                                                repeats: n >= 10_000_000 || quick ? 3 : 9)
            results.scaling.append(.init(live: n, frameSeconds: frame, updatesPerSecond: Double(n) / frame, ceilingPerSecond: ceiling))
        }

        try maxima(timer: timer, into: &results)

        // 3. GPU vs CPU on the same configuration.
        let comparisonSize = 100_000
        progress("GPU vs CPU at \(comparisonSize)")
        let cpuFrame = try timer.cpuFrame(Workloads.steady(live: comparisonSize), live: comparisonSize, repeats: quick ? 3 : 5)
        let gpuFrame = try timer.gpuFrame(Workloads.steady(live: comparisonSize), live: comparisonSize, render: false)
        results.gpuVersusCPU = .init(live: comparisonSize, gpuPerSecond: Double(comparisonSize) / gpuFrame,
                                     cpuPerSecond: Double(comparisonSize) / cpuFrame)

        // 4. Host cost per frame against cells.
        try hostCost(timer: timer, into: &results)

        // 5. Nested sub-cells at scale.
        for rockets: Float in quick ? [100] : [100, 400] {
            progress("fireworks with \(rockets) rockets per second")
            var live = 0
            let frame = try timer.gpuFrame(Workloads.fireworks(rocketsPerSecond: rockets), live: 4_000_000, render: false,
                                           preroll: quick ? 60 : 180, observe: { live = try $0.particleCount })
            results.fireworks.append(.init(rocketsPerSecond: Double(rockets), live: live, frameSeconds: frame))
        }
    }

    /// 2. Maximum live particles at 60 fps (--quick: bisected to about 20 % instead of 3 %).
    func maxima(timer: Timer, into results: inout Results) throws {
        let steps = quick ? 1 : 5
        let repeats = quick ? 3 : 5
        progress("maximum live particles at 60 fps: GPU simulation")
        results.maxGPUSimulation = try timer.maxLive({ n in
            try timer.gpuFrame(Workloads.steady(live: n), live: n, render: false, repeats: repeats)
        }, start: quick ? 16_000 : 1_000, steps: steps)
        progress("maximum live particles at 60 fps: GPU simulation + rendering 1280×720")
        results.maxGPURendering = try timer.maxLive({ n in
            try timer.gpuFrame(Workloads.steady(live: n), live: n, render: true, repeats: repeats)
        }, start: quick ? 4_000 : 1_000, steps: steps)
        progress("maximum live particles at 60 fps: CPU reference")
        results.maxCPUReference = try timer.maxLive({ n in
            try timer.cpuFrame(Workloads.steady(live: n), live: n, repeats: repeats)
        }, start: quick ? 16_000 : 500, steps: steps)
    }
}

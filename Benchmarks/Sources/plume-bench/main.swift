import Foundation
import Plume
import PlumeGL

// plume-bench: maximum particle counts at 60 fps, update throughput against the driver's own
// transform-feedback ceiling, scaling, host cost per cell, GPU vs CPU, nested sub-cells, frame
// time and marginal cost per particle by draw path, behaviours.
// Usage: swift run -c release plume-bench [--quick] [--draw-paths-only] [--only update|behaviours] [--cpu-time] [--out DIR]

let arguments = CommandLine.arguments
let quick = arguments.contains("--quick")
/// Only the draw-path rows (section 6), for comparing paths quickly.
let drawPathsOnly = arguments.contains("--draw-paths-only")
let outputFolder = arguments.firstIndex(of: "--out").map { arguments[$0 + 1] } ?? "results"
let only = arguments.firstIndex(of: "--only").map { arguments[$0 + 1] }

func progress(_ text: String) { FileHandle.standardError.write(Data("· \(text)\n".utf8)) }

let context = try GLContext.headless(platform: HeadlessPlatform.fromEnvironment())
let renderer = try ParticleRenderer(context: context)
let target = try OffscreenTarget(context: context, width: 1280, height: 720)
var timer = Timer(context: context, renderer: renderer, target: target)
if quick { timer.repeats = 5 }
if arguments.contains("--cpu-time") { timer.clock = .processCPU }

let machine = Machine.describe(context)
progress("machine: \(machine.cpu), \(machine.cores) cores; \(context.info.renderer) through \(context.info.platform)")
var results = Results(machine: machine)
results.loadAverage = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
    .flatMap { $0.split(separator: " ").first.flatMap { Double($0) } }
progress("load average \(results.loadAverage.map { String($0) } ?? "unknown")")

if only == "behaviours" {                // the behaviour rows alone (section 7)
    print(try BehaviourBench.table(timer: timer, quick: quick))
    exit(0)
}

if !drawPathsOnly {
// 0. The update against the driver's vertex-only and geometry pass-through copy ceilings.
try UpdateThroughput.run(timer: timer, context: context, sizes: quick ? [100_000, 1_000_000] : [100_000, 1_000_000, 10_000_000],
                         folder: outputFolder)
if only == "update" { exit(0) }

// 1. Throughput and scaling (simulation only), with the driver's copy ceiling at each size.
let sizes = quick ? [10_000, 100_000, 1_000_000] : [10_000, 100_000, 1_000_000, 10_000_000]
for n in sizes {
    progress("throughput at \(n) live particles")
    let frame = try timer.gpuFrame(Workloads.steady(live: n), live: n, render: false, repeats: n >= 10_000_000 ? 3 : nil)
    let ceiling = try TransformFeedbackCeiling.copyRate(context: context, records: n, repeats: n >= 10_000_000 ? 3 : 9)
    results.scaling.append(.init(live: n, frameSeconds: frame, updatesPerSecond: Double(n) / frame, ceilingPerSecond: ceiling))
}

// 2. Maximum live particles at 60 fps.
progress("maximum live particles at 60 fps: GPU simulation")
results.maxGPUSimulation = try timer.maxLive { n in try timer.gpuFrame(Workloads.steady(live: n), live: n, render: false, repeats: 5) }
progress("maximum live particles at 60 fps: GPU simulation + rendering 1280×720")
results.maxGPURendering = try timer.maxLive { n in try timer.gpuFrame(Workloads.steady(live: n), live: n, render: true, repeats: 5) }
progress("maximum live particles at 60 fps: CPU reference")
results.maxCPUReference = try timer.maxLive({ n in try timer.cpuFrame(Workloads.steady(live: n), live: n, repeats: 5) }, start: 500)

// 3. GPU vs CPU on the same configuration.
let comparisonSize = 100_000
progress("GPU vs CPU at \(comparisonSize)")
let cpuFrame = try timer.cpuFrame(Workloads.steady(live: comparisonSize), live: comparisonSize, repeats: quick ? 3 : 5)
let gpuFrame = try timer.gpuFrame(Workloads.steady(live: comparisonSize), live: comparisonSize, render: false)
results.gpuVersusCPU = .init(live: comparisonSize, gpuPerSecond: Double(comparisonSize) / gpuFrame,
                             cpuPerSecond: Double(comparisonSize) / cpuFrame)

// 4. Host cost per frame with 1, 10, 100, 1000 cells (10 live particles each).
for cells in [1, 10, 100, 1000] {
    progress("host cost with \(cells) cells")
    let frame = try timer.gpuFrame(Workloads.steady(live: 10 * cells, cells: cells), live: 10 * cells, render: false)
    results.hostCost.append(.init(cells: cells, frameSeconds: frame))
}
// … and with 1 cell at growing particle counts, for contrast (from the scaling run).

// 5. Nested sub-cells at scale.
for rockets: Float in quick ? [100] : [100, 400] {
    progress("fireworks with \(rockets) rockets per second")
    var live = 0
    let frame = try timer.gpuFrame(Workloads.fireworks(rocketsPerSecond: rockets), live: 4_000_000, render: false,
                                   preroll: 180, observe: { live = try $0.particleCount })
    results.fireworks.append(.init(rocketsPerSecond: Double(rockets), live: live, frameSeconds: frame))
}

}

// 6. Frame time by draw path, marginal cost per particle, max live with drawing per path.
try DrawPathBenchmark.run(timer, quick: quick, into: &results)

// 7. Behaviours (issue 11): throughput and bytes per particle with none, each and all.
let behaviourTable = drawPathsOnly ? "" : try BehaviourBench.table(timer: timer, quick: quick)

print(results.table() + behaviourTable)
try FileManager.default.createDirectory(atPath: outputFolder, withIntermediateDirectories: true)
try results.json().write(to: URL(fileURLWithPath: outputFolder + "/results.json"))
try Data(results.table().utf8).write(to: URL(fileURLWithPath: outputFolder + "/results.md"))
try Chart.scaling(results).writePNG(to: outputFolder + "/scaling.png")
print("wrote \(outputFolder)/results.json and \(outputFolder)/scaling.png")

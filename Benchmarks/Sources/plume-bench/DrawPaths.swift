import Foundation
import Plume
@_spi(Benchmarks) import PlumeGL

/// Issue 14's side-by-side rows: frame time at 10⁴, 10⁵ and 10⁶ live particles (the steady
/// workload: 1280×720, 8-pixel additive soft sprites), simulation only and simulation + drawing by
/// each draw path, and the driver's own drawing floors (``DrawFloor``: the same sprites from 16-byte
/// vertices with no arithmetic, as point sprites, and as six-vertex quads, llvmpipe's rectangle and
/// 8-bit linear path on the B8G8R8A8 target); the marginal cost per particle (the slope between sizes),
/// and the maximum live count at 60 fps with drawing for each — all in one run, so old
/// (geometry-shader quads, one call) and new paths compare on the same machine state.
enum DrawPathBenchmark {
    static let paths: [DrawPath] = [.geometryQuads, .instancedQuads, .pointSprites, .quadList, .automatic]
    /// The columns of the driver's floors (drawing only, no simulation).
    static let floor = "driver floor (draw only)"
    static let quadFloor = "driver floor, quads (draw only)"
    static let floors = [floor, quadFloor]
    static var columns: [String] { paths.map(\.rawValue) + floors }

    /// Wall and CPU seconds per frame of one column at `n` live.
    static func frame(_ column: String, live n: Int, timer: Timer, repeats: Int?) throws -> (wall: Double, cpu: Double) {
        if floors.contains(column) {
            let image = SpriteImage.builtin(.softDot, size: 8)
            let r = repeats ?? timer.repeats
            func measure(_ clock: TransformFeedbackCeiling.Clock) throws -> Double {
                column == floor
                    ? try DrawFloor.pointSprites(context: timer.context, target: timer.target, count: n, size: 8, image: image,
                                                 radius: 300, repeats: r, clock: clock)
                    : try DrawFloor.quads(context: timer.context, target: timer.target, count: n, size: 8, image: image,
                                          radius: 300, repeats: r, clock: clock)
            }
            return (try measure(.wall), try measure(.processCPU))
        }
        defer { timer.renderer.drawPath = .automatic }
        timer.renderer.drawPath = DrawPath(rawValue: column)!
        return try timer.gpuFrameTimes(Workloads.steady(live: n), live: n, render: true, repeats: repeats)
    }

    /// Each size measures every column in turn, `rounds` times over, and keeps each column's
    /// median: a machine whose speed drifts during the run (a shared virtual machine) then
    /// shifts every column alike instead of favouring the ones measured in its fast minutes.
    static func run(_ timer: Timer, quick: Bool, into results: inout Results) throws {
        // --quick: 10⁴ and 10⁵ live, one round, maxima bisected once (within 41 %).
        let sizes = quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000]
        for n in sizes {
            let repeats = n >= 1_000_000 ? 5 : nil
            let rounds = n >= 1_000_000 || quick ? 1 : 5
            var wall: [String: [Double]] = [:], cpu: [String: [Double]] = [:]
            var simWall: [Double] = [], simCPU: [Double] = []
            for round in 1...rounds {
                progress("draw paths at \(n) live, round \(round) of \(rounds): simulation only, then each column")
                let sim = try timer.gpuFrameTimes(Workloads.steady(live: n), live: n, render: false, repeats: repeats)
                simWall.append(sim.wall)
                simCPU.append(sim.cpu)
                for column in columns {
                    let times = try frame(column, live: n, timer: timer, repeats: repeats)
                    wall[column, default: []].append(times.wall)
                    cpu[column, default: []].append(times.cpu)
                }
            }
            var row = Results.DrawRow(live: n, simulationSeconds: Timer.median(simWall), simulationCPUSeconds: Timer.median(simCPU))
            for column in columns {
                row.drawSeconds[column] = Timer.median(wall[column] ?? [])
                row.drawCPUSeconds[column] = Timer.median(cpu[column] ?? [])
            }
            results.drawRows.append(row)
        }
        for column in columns where column != DrawPath.automatic.rawValue {
            progress("maximum live particles at 60 fps with drawing: \(column)")
            results.maxLiveByDrawPath[column] = try timer.maxLive({ n in
                try frame(column, live: n, timer: timer, repeats: quick ? 3 : 5).wall
            }, start: quick ? 4_000 : 1_000, steps: quick ? 1 : 5)
        }
    }
}

extension Results {
    /// One size of the side-by-side rows.
    struct DrawRow: Codable {
        var live: Int
        var simulationSeconds: Double
        /// The process's CPU time per frame (Timer.gpuFrameTimes).
        var simulationCPUSeconds: Double
        /// Simulation + drawing, by ``DrawPath`` raw value: wall and CPU time per frame.
        var drawSeconds: [String: Double] = [:]
        var drawCPUSeconds: [String: Double] = [:]
    }

    /// Microseconds per particle per frame between two rows: (t₂ − t₁) ÷ (n₂ − n₁).
    static func marginal(_ a: DrawRow, _ b: DrawRow, _ value: (DrawRow) -> Double?) -> Double? {
        guard let ta = value(a), let tb = value(b), b.live > a.live else { return nil }
        return (tb - ta) / Double(b.live - a.live) * 1e6
    }

    func drawPathTable() -> String {
        guard !drawRows.isEmpty else { return "" }
        let paths = DrawPathBenchmark.columns
        func ms(_ v: Double?) -> String { v.map { String(format: "%.2f ms", $0 * 1000) } ?? "–" }
        func us(_ v: Double?) -> String { v.map { String(format: "%.3f µs", $0) } ?? "–" }
        var out = "| live particles | simulation | "
            + paths.map { DrawPathBenchmark.floors.contains($0) ? $0 : "sim + \($0)" }.joined(separator: " | ") + " |\n"
        out += "|---|---|" + paths.map { _ in "---|" }.joined() + "\n"
        for r in drawRows {
            out += "| \(r.live) | \(ms(r.simulationSeconds)) | " + paths.map { ms(r.drawSeconds[$0]) }.joined(separator: " | ") + " |\n"
        }
        for (a, b) in zip(drawRows, drawRows.dropFirst()) {
            out += "| marginal per particle \(a.live)→\(b.live) | \(us(Self.marginal(a, b) { $0.simulationSeconds })) | "
                + paths.map { p in us(Self.marginal(a, b) { $0.drawSeconds[p] }) }.joined(separator: " | ") + " |\n"
        }
        // Drawing alone (sim + path − sim) against each of the driver's floors at the same count.
        let floorNames = [(DrawPathBenchmark.floor, "driver floor"), (DrawPathBenchmark.quadFloor, "quad floor")]
        for (floor, name) in floorNames {
            for r in drawRows {
                guard let f = r.drawSeconds[floor], f > 0 else { continue }
                out += "| drawing ÷ \(name) at \(r.live) | – | " + paths.map { p in
                    guard !DrawPathBenchmark.floors.contains(p), let t = r.drawSeconds[p] else { return "–" }
                    return String(format: "%.2f", (t - r.simulationSeconds) / f)
                }.joined(separator: " | ") + " |\n"
            }
        }
        out += "| CPU time per frame: |" + String(repeating: " |", count: paths.count + 1) + "\n"
        for r in drawRows {
            out += "| \(r.live) | \(ms(r.simulationCPUSeconds)) | " + paths.map { ms(r.drawCPUSeconds[$0]) }.joined(separator: " | ") + " |\n"
        }
        for (a, b) in zip(drawRows, drawRows.dropFirst()) {
            out += "| CPU time per particle \(a.live)→\(b.live) | \(us(Self.marginal(a, b) { $0.simulationCPUSeconds })) | "
                + paths.map { p in us(Self.marginal(a, b) { $0.drawCPUSeconds[p] }) }.joined(separator: " | ") + " |\n"
        }
        out += "| max live at 60 fps | \(maxGPUSimulation > 0 ? String(maxGPUSimulation) : "–") | "
            + paths.map { p in maxLiveByDrawPath[p].map(String.init) ?? (p == "automatic" && maxGPURendering > 0 ? String(maxGPURendering) : "–") }
                .joined(separator: " | ") + " |\n"
        return out
    }
}

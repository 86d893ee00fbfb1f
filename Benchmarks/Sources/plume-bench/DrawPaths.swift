import Foundation
import Plume
import PlumeGL

/// Issue 14's side-by-side rows: frame time at 10⁴, 10⁵ and 10⁶ live particles (the steady
/// workload: 1280×720, 8-pixel additive soft sprites), simulation only and simulation + drawing by
/// each draw path, the marginal cost per particle (the slope between sizes), and the maximum live
/// count at 60 fps with drawing for each path — all in one run, so old (geometry-shader quads) and
/// new paths compare on the same machine state.
enum DrawPathBenchmark {
    static let paths: [DrawPath] = [.geometryQuads, .instancedQuads, .pointSprites, .automatic]

    static func run(_ timer: Timer, quick: Bool, into results: inout Results) throws {
        let sizes = [10_000, 100_000, 1_000_000]
        for n in sizes {
            let repeats = n >= 1_000_000 ? (quick ? 3 : 5) : nil
            progress("draw paths at \(n) live: simulation only")
            let sim = try timer.gpuFrameTimes(Workloads.steady(live: n), live: n, render: false, repeats: repeats)
            var row = Results.DrawRow(live: n, simulationSeconds: sim.wall, simulationCPUSeconds: sim.cpu)
            for path in paths {
                progress("draw paths at \(n) live: simulation + \(path.rawValue)")
                timer.renderer.drawPath = path
                let times = try timer.gpuFrameTimes(Workloads.steady(live: n), live: n, render: true, repeats: repeats)
                row.drawSeconds[path.rawValue] = times.wall
                row.drawCPUSeconds[path.rawValue] = times.cpu
            }
            results.drawRows.append(row)
        }
        for path in paths where path != .automatic {
            progress("maximum live particles at 60 fps with drawing: \(path.rawValue)")
            timer.renderer.drawPath = path
            results.maxLiveByDrawPath[path.rawValue] = try timer.maxLive { n in
                try timer.gpuFrame(Workloads.steady(live: n), live: n, render: true, repeats: 5)
            }
        }
        timer.renderer.drawPath = .automatic
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
        let paths = DrawPathBenchmark.paths.map(\.rawValue)
        func ms(_ v: Double?) -> String { v.map { String(format: "%.2f ms", $0 * 1000) } ?? "–" }
        func us(_ v: Double?) -> String { v.map { String(format: "%.3f µs", $0) } ?? "–" }
        var out = "| live particles | simulation | " + paths.map { "sim + \($0)" }.joined(separator: " | ") + " |\n"
        out += "|---|---|" + paths.map { _ in "---|" }.joined() + "\n"
        for r in drawRows {
            out += "| \(r.live) | \(ms(r.simulationSeconds)) | " + paths.map { ms(r.drawSeconds[$0]) }.joined(separator: " | ") + " |\n"
        }
        for (a, b) in zip(drawRows, drawRows.dropFirst()) {
            out += "| marginal per particle \(a.live)→\(b.live) | \(us(Self.marginal(a, b) { $0.simulationSeconds })) | "
                + paths.map { p in us(Self.marginal(a, b) { $0.drawSeconds[p] }) }.joined(separator: " | ") + " |\n"
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

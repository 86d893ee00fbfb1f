import Foundation
import Plume
@_spi(Benchmarks) import PlumeGL

/// The update's throughput against the driver's two copy ceilings, taken in the same run at each
/// size (issue 14, items 2–3): the vertex-only copy (the floor for moving a record) and the
/// geometry pass-through copy (the floor for a pass that can drop records, as the update must).
enum UpdateThroughput {
    struct Row: Codable {
        var live: Int
        /// Seconds per 60 Hz simulation frame (birth pass + update pass, no drawing).
        var frameSeconds: Double
        var updatesPerSecond: Double
        /// The same frame with the update reading records as vertex attributes (the engine
        /// before issue 14: `GPUSimulator.readsRecordsThroughTexture = false`).
        var attributeFrameSeconds: Double
        /// Records per second of the bare copies of the same record size.
        var vertexCopyPerSecond: Double
        var geometryCopyPerSecond: Double
        /// … and of the update's own pipeline: a geometry stage fetching the record from a buffer
        /// texture (program `fetchCopy`, as `updateFetch` reads).
        var fetchCopyPerSecond: Double
        /// Bytes of the record (a cell without sub-cells) and records per second of a bare
        /// vertex-only copy of the 64-bit path's 96-byte record (issue 22: the bytes saved).
        var recordBytes: Int
        var oldRecordCopyPerSecond: Double
        /// Bytes the frame's passes read and capture per live particle: the birth pass captures the
        /// births (1/120 of the live count at a 2 s lifetime), the update reads the live records and
        /// the births and captures the survivors.
        var bytesReadPerParticle: Double
        var bytesWrittenPerParticle: Double

        var ofVertexCopy: Double { updatesPerSecond / vertexCopyPerSecond }
        var ofGeometryCopy: Double { updatesPerSecond / geometryCopyPerSecond }
        var ofFetchCopy: Double { updatesPerSecond / fetchCopyPerSecond }
        var ofOldRecordCopy: Double { updatesPerSecond / oldRecordCopyPerSecond }
    }

    struct Report: Codable {
        var load: [Double]
        /// "wall" or "process CPU" (`--cpu-time`).
        var clock: String
        var rows: [Row]
    }

    /// Measures `sizes` live particles of the steady workload (one cell, no sub-cells). The four
    /// figures are taken in interleaved rounds and each keeps its best round, so load from other
    /// processes (which only ever slows a figure down) weighs on none of them alone.
    static func measure(timer: Timer, context: GLContext, sizes: [Int], rounds: Int = 5) throws -> Report {
        let recordBytes = Double(TransformFeedbackCeiling.recordBytes(subCells: 0))
        guard let old = TransformFeedbackCeiling.layout(bytes: 96) else { fatalError("no 96-byte record layout") }
        let birthsPerLive = 1 / (60 * Workloads.lifetime)
        var rows: [Row] = []
        for n in sizes {
            progress("update throughput at \(n) live particles against the copy ceilings")
            let big = n >= 10_000_000
            var frame = Double.infinity, attributeFrame = Double.infinity, vertex = 0.0, geometry = 0.0, fetch = 0.0, oldCopy = 0.0
            for _ in 0..<(big ? 2 : rounds) {
                frame = min(frame, try timer.gpuFrame(Workloads.steady(live: n), live: n, render: false, repeats: 3))
                attributeFrame = min(attributeFrame, try timer.gpuFrame(Workloads.steady(live: n), live: n, render: false, repeats: 3,
                                                                        configure: { $0.readsRecordsThroughTexture = false }))
                vertex = max(vertex, try TransformFeedbackCeiling.copyRate(context: context, records: n, stages: .vertexOnly, repeats: 3,
                                                                           clock: timer.clock))
                geometry = max(geometry, try TransformFeedbackCeiling.copyRate(context: context, records: n,
                                                                               stages: .geometryPassThrough, repeats: 3,
                                                                               clock: timer.clock))
                fetch = max(fetch, try TransformFeedbackCeiling.copyRate(context: context, records: n, stages: .geometryFetch, repeats: 3,
                                                                         clock: timer.clock))
                oldCopy = max(oldCopy, try TransformFeedbackCeiling.copyRate(context: context, records: n, subCells: old.subCells,
                                                                             child: old.child, stages: .vertexOnly, repeats: 3,
                                                                             clock: timer.clock))
            }
            rows.append(Row(live: n, frameSeconds: frame, updatesPerSecond: Double(n) / frame, attributeFrameSeconds: attributeFrame,
                            vertexCopyPerSecond: vertex, geometryCopyPerSecond: geometry, fetchCopyPerSecond: fetch,
                            recordBytes: Int(recordBytes), oldRecordCopyPerSecond: oldCopy,
                            bytesReadPerParticle: recordBytes * (1 + birthsPerLive),
                            bytesWrittenPerParticle: recordBytes * (1 + birthsPerLive)))
        }
        return Report(load: Machine.loadAverage(), clock: timer.clock == .wall ? "wall" : "process CPU", rows: rows)
    }

    static func table(_ report: Report) -> String {
        func f(_ v: Double) -> String { String(format: "%.3g", v) }
        var out = "Update throughput (one cell, no sub-cells; \(report.clock) time; load average "
            + "\(report.load.map { String(format: "%.2f", $0) }.joined(separator: " ")))\n\n"
        out += "| live | record bytes | frame (sim) | before: attribute update | updates/s | vertex-only copy/s | GS pass-through copy/s "
            + "| GS fetch copy/s | ÷ vertex copy | ÷ GS pass-through | ÷ GS fetch | ÷ vertex copy of a 96-byte record "
            + "| bytes read / written per particle per frame |\n"
        out += "|---|---|---|---|---|---|---|---|---|---|---|---|---|\n"
        for r in report.rows {
            out += "| \(r.live) | \(r.recordBytes) | \(String(format: "%.2f ms", r.frameSeconds * 1000)) "
                + "| \(String(format: "%.2f ms (%.2f of the vertex copy)", r.attributeFrameSeconds * 1000, Double(r.live) / r.attributeFrameSeconds / r.vertexCopyPerSecond)) "
                + "| \(f(r.updatesPerSecond)) "
                + "| \(f(r.vertexCopyPerSecond)) | \(f(r.geometryCopyPerSecond)) | \(f(r.fetchCopyPerSecond)) "
                + "| \(String(format: "%.2f", r.ofVertexCopy)) | \(String(format: "%.2f", r.ofGeometryCopy)) "
                + "| \(String(format: "%.2f", r.ofFetchCopy)) | \(String(format: "%.2f", r.ofOldRecordCopy)) "
                + "| \(String(format: "%.1f / %.1f", r.bytesReadPerParticle, r.bytesWrittenPerParticle)) |\n"
        }
        return out
    }

    /// Runs the rows, prints them and writes `update.json` into `folder`; returns its path.
    static func run(timer: Timer, context: GLContext, sizes: [Int], rounds: Int, folder: String) throws -> String {
        let report = try measure(timer: timer, context: context, sizes: sizes, rounds: rounds)
        print(table(report))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let path = folder + "/update.json"
        try encoder.encode(report).write(to: URL(fileURLWithPath: path))
        return path
    }
}

extension Machine {
    /// The 1-, 5- and 15-minute load averages (`/proc/loadavg`); empty where unreadable.
    static func loadAverage() -> [Double] {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }
}

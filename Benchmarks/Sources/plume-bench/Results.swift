import Foundation
@_spi(Benchmarks) import PlumeGL

/// What the machine is.
struct Machine: Codable {
    var renderer: String
    var glVersion: String
    var platform: String
    var cpu: String
    var cores: Int
    var llvmpipeThreads: String?

    static func describe(_ context: GLContext) -> Machine {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { String($0.split(separator: ":", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces) } ?? "unknown CPU"
        return Machine(renderer: context.info.renderer, glVersion: context.info.version, platform: context.info.platform,
                       cpu: model, cores: ProcessInfo.processInfo.activeProcessorCount,
                       llvmpipeThreads: ProcessInfo.processInfo.environment["LP_NUM_THREADS"])
    }
}

/// Every figure of a run.
struct Results: Codable {
    struct Scaling: Codable { var live: Int; var frameSeconds: Double; var updatesPerSecond: Double; var ceilingPerSecond: Double }
    struct Comparison: Codable { var live: Int; var gpuPerSecond: Double; var cpuPerSecond: Double }
    struct HostCost: Codable { var cells: Int; var frameSeconds: Double }
    struct Fireworks: Codable { var rocketsPerSecond: Double; var live: Int; var frameSeconds: Double }

    var machine: Machine
    var recordBytes = TransformFeedbackCeiling.recordBytes(subCells: 0)
    var scaling: [Scaling] = []
    var maxGPUSimulation = 0
    var maxGPURendering = 0
    var maxCPUReference = 0
    var gpuVersusCPU: Comparison?
    var hostCost: [HostCost] = []
    var fireworks: [Fireworks] = []
    /// Frame times by draw path (DrawPaths.swift).
    var drawRows: [DrawRow] = []
    var maxLiveByDrawPath: [String: Int] = [:]
    /// The one-minute load average when the run started (other processes on the machine).
    var loadAverage: Double?

    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    func table() -> String {
        func f(_ v: Double) -> String { String(format: "%.3g", v) }
        func ms(_ v: Double) -> String { String(format: "%.2f ms", v * 1000) }
        var out = "Plume benchmarks on \(machine.renderer) (\(machine.platform)), \(machine.cpu), \(machine.cores) cores"
        out += loadAverage.map { String(format: ", load average %.2f at the start", $0) } ?? ""
        out += "\n\n"
        out += "| measure | value |\n|---|---|\n"
        out += "| max live particles at 60 fps, GPU simulation | \(maxGPUSimulation) |\n"
        out += "| max live particles at 60 fps, GPU simulation + rendering 1280×720 (8 px additive) | \(maxGPURendering) |\n"
        out += "| max live particles at 60 fps, CPU reference | \(maxCPUReference) |\n"
        if let c = gpuVersusCPU {
            out += "| GPU ÷ CPU reference throughput at \(c.live) live | \(f(c.gpuPerSecond / c.cpuPerSecond)) (\(f(c.gpuPerSecond)) vs \(f(c.cpuPerSecond)) particles/s) |\n"
        }
        out += "| GPU state per particle | \(recordBytes) bytes (a sub-cell's \(TransformFeedbackCeiling.recordBytes(subCells: 0, child: true)); "
            + "+12 per sub-cell, padded to 16), double-buffered |\n\n"
        out += "| live particles | frame (simulation) | updates/s | trivial TF copy/s | efficiency |\n|---|---|---|---|---|\n"
        for s in scaling {
            out += "| \(s.live) | \(ms(s.frameSeconds)) | \(f(s.updatesPerSecond)) | \(f(s.ceilingPerSecond)) | \(String(format: "%.2f", s.updatesPerSecond / s.ceilingPerSecond)) |\n"
        }
        out += "\n| cells (10 particles each) | frame |\n|---|---|\n"
        for h in hostCost { out += "| \(h.cells) | \(ms(h.frameSeconds)) |\n" }
        out += "\n| fireworks rockets/s | live particles | frame | updates/s |\n|---|---|---|---|\n"
        for w in fireworks { out += "| \(Int(w.rocketsPerSecond)) | \(w.live) | \(ms(w.frameSeconds)) | \(f(Double(w.live) / w.frameSeconds)) |\n" }
        if !drawRows.isEmpty { out += "\n" + drawPathTable() }
        return out
    }
}

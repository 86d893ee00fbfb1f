import Foundation
import Plume
import PlumeGL

/// `--probe`: per-frame times and passes of the fireworks workload (for profiling).
func probeFireworks(_ context: GLContext, rockets: Float) throws {
    let sim = try GPUSimulator(layer: Workloads.fireworks(rocketsPerSecond: rockets), context: context,
                               limits: Workloads.limits(4_000_000))
    for f in 0..<40 {
        context.finish()
        let start = DispatchTime.now().uptimeNanoseconds
        try sim.advance(to: Double(f) / 60)
        context.finish()
        let ms = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
        if f % 5 == 0 { print("frame \(f): \(String(format: "%.2f", ms)) ms, passes \(sim.lastUpdate.passes), draws \(sim.lastUpdate.draws), live \(sim.particleCount)") }
    }
}

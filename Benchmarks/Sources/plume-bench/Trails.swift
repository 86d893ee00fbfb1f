import Foundation
import Plume
import PlumeGL

/// Issue 26 items 3 and 6: what trails cost. At 10⁵ live particles of `Workloads.steady` (10⁴ with
/// `--quick`): the GPU frame (update + draw 1280×720) with trails of 8 and 32 grid positions
/// against the same particles drawn without, and the update alone (with the trail samples pass
/// that records the trails beside it).
enum TrailBench {
    /// One table row per trail length (0: none).
    static func table(timer: Timer, quick: Bool) throws -> String {
        let live = quick ? 10_000 : 100_000
        var out = "\n| trail (\(live) live) | GPU update | update ÷ plain | GPU update+draw frame | frame ÷ plain | draw ÷ plain draw |\n"
        out += "|---|---|---|---|---|---|\n"
        var plain: (update: Double, frame: Double)?
        for points in [0, 8, 32] {
            progress("trails: \(points) points")
            func make() -> EmitterLayer {
                let layer = Workloads.steady(live: live)
                Workloads.trail(layer, points: points)
                return layer
            }
            let update = try timer.gpuFrame(make(), live: live, render: false)
            let frame = try timer.gpuFrame(make(), live: live, render: true)
            if plain == nil { plain = (update, frame) }
            let draw = frame - update, plainDraw = plain!.frame - plain!.update
            out += "| \(points == 0 ? "none" : "\(points) points") | \(String(format: "%.2f ms", update * 1000)) | "
                + "\(String(format: "%.2f", update / plain!.update)) | \(String(format: "%.2f ms", frame * 1000)) | "
                + "\(String(format: "%.2f", frame / plain!.frame)) | \(String(format: "%.2f", draw / plainDraw)) |\n"
        }
        return out
    }
}

import Foundation
import Plume
@_spi(Benchmarks) import PlumeGL

/// Issue 25 item 7: what game events cost (`--only events`). Three rows, each the median 60 Hz
/// frame of the GPU simulator (simulation only, fenced with `glFinish`):
/// - the update with a death event sub-cell (2 children per death, drawn nowhere) ÷ the same
///   layer without it, at steady states of `n` live particles;
/// - the same layer with a death subscription (sample of 64) read back every frame
///   (`takeEventReports(wait: true)`, the worst case: no frame of latency) ÷ without;
/// - the frame in which 10⁵ particles die together (a burst at 0, lifetime 1 s) with a death
///   sub-cell of 1 child each, against the frame before it.
enum EventsBench {
    /// The steady workload, with a death event sub-cell of 2 children per death (`events`), or
    /// with a sub-cell over life of 1 birth per second of a parent's age (`life`: the spawn pass
    /// of a Core Animation sub-cell, for comparison).
    static func layer(live: Int, events: Bool, life: Bool = false) -> EmitterLayer {
        let layer = Workloads.steady(live: live)
        if events || life {
            let puff = EmitterCell(name: "puff")
            puff.emissionEvent = events ? .death : .life
            puff.eventCount = 2
            puff.birthRate = life ? 1 : 0
            puff.lifetime = 0.2
            layer.emitterCells![0].emitterCells = [puff]
        }
        return layer
    }

    static func table(timer: Timer, quick: Bool) throws -> String {
        var out = "\n| events | live | frame | baseline | ratio |\n|---|---|---|---|---|\n"
        func ms(_ s: Double) -> String { String(format: "%.2f ms", s * 1000) }
        for n in quick ? [10_000, 100_000] : [10_000, 100_000, 1_000_000] {
            progress("events: death sub-cell at \(n) live")
            let plain = try timer.gpuFrame(layer(live: n, events: false), live: n, render: false)
            let withEvents = try timer.gpuFrame(layer(live: n, events: true), live: n, render: false)
            out += "| update with a death event sub-cell (2 per death) | \(n) | \(ms(withEvents)) | \(ms(plain)) | "
                + String(format: "%.2f×", withEvents / plain) + " |\n"
            let withLife = try timer.gpuFrame(layer(live: n, events: false, life: true), live: n, render: false)
            out += "| for comparison: a sub-cell over life (1/s per parent) | \(n) | \(ms(withLife)) | \(ms(plain)) | "
                + String(format: "%.2f×", withLife / plain) + " |\n"
            progress("events: death reports read back every frame at \(n) live")
            let subscription = [ParticleEventSubscription(cellPath: [0], event: .death, sampleLimit: 64)]
            let reported = try frame(timer, layer(live: n, events: false), live: n, subscriptions: subscription)
            let silent = try frame(timer, layer(live: n, events: false), live: n, subscriptions: [])
            out += "| update + death report (sample 64) read back | \(n) | \(ms(reported)) | \(ms(silent)) | "
                + String(format: "%.2f×", reported / silent) + " |\n"
        }
        progress("events: 10⁵ deaths in one frame")
        let (death, before) = try simultaneousDeaths(timer)
        out += "| 10⁵ deaths in one frame, 1 child each | 100000 | \(ms(death)) | \(ms(before)) (frame before) | "
            + String(format: "%.2f×", death / before) + " |\n"
        return out
    }

    /// The median frame with `subscriptions`, each frame's reports taken (waiting for them).
    static func frame(_ timer: Timer, _ layer: EmitterLayer, live: Int, subscriptions: [ParticleEventSubscription]) throws -> Double {
        try timer.gpuFrameTimes(layer, live: live, render: false, configure: { $0.eventSubscriptions = subscriptions },
                                afterAdvance: { _ = try $0.takeEventReports(wait: true) }).wall
    }

    /// The frame holding 10⁵ simultaneous deaths and the frame before it, medians of 5 runs.
    static func simultaneousDeaths(_ timer: Timer) throws -> (Double, Double) {
        var deaths: [Double] = [], before: [Double] = []
        for _ in 0..<5 {
            let child = EmitterCell(name: "child")
            child.emissionEvent = .death
            child.eventCount = 1
            child.lifetime = 0.5
            let cell = EmitterCell(name: "shell")
            cell.lifetime = 1
            cell.velocity = 100
            cell.emissionRange = 2 * .pi
            cell.bursts = [EmitterBurst(count: 100_000)]
            cell.emitterCells = [child]
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 640, y: 360)
            layer.emitterCells = [cell]
            let simulator = try GPUSimulator(layer: layer, context: timer.context, limits: Workloads.limits(200_000))
            defer { simulator.release() }
            var times: [Double] = []
            for t in [0, 0.95, 59.0 / 60, 1.0 + 0.5 / 60] {
                try timer.context.finish()
                let start = timer.clock.now()
                try simulator.advance(to: t)
                try timer.context.finish()
                times.append(Double(timer.clock.now() - start) / 1e9)
            }
            before.append(times[2])
            deaths.append(times[3])
        }
        return (Timer.median(deaths), Timer.median(before))
    }
}

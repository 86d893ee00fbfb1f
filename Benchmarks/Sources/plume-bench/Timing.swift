import Foundation
import Plume
@_spi(Benchmarks) import PlumeGL

/// Frame timings. GPU work is fenced with `glFinish` on both sides of a timed frame, so the host
/// clock never stops around unfinished GL work; each figure is the median of repeated frames
/// after warm-up frames.
struct Timer {
    let context: GLContext
    let renderer: ParticleRenderer
    let target: OffscreenTarget
    var warmup = 3
    var repeats = 9
    /// Elapsed time, or the process's CPU time (`--cpu-time`, for a loaded machine).
    var clock = TransformFeedbackCeiling.Clock.wall
    /// The largest live count a maximum search tries (`--ceiling`): 2·10⁷ suits llvmpipe; a
    /// hardware GPU runs more than that within a 60 Hz frame.
    var ceiling = 20_000_000

    static func median(_ values: [Double]) -> Double {
        let s = values.sorted()
        return s.isEmpty ? .nan : s[s.count / 2]
    }

    /// Seconds per 60 Hz frame of the GPU simulator (and the renderer at 1280×720 when `render`).
    /// `preroll` untimed frames run first (for workloads that reach their steady state by running);
    /// `configure` sets the simulator up before its first update; `observe` sees it after the
    /// timed frames.
    func gpuFrame(_ layer: EmitterLayer, live: Int, render: Bool, repeats: Int? = nil, preroll: Int = 0,
                  configure: (GPUSimulator) -> Void = { _ in },
                  observe: (GPUSimulator) throws -> Void = { _ in }) throws -> Double {
        try gpuFrameTimes(layer, live: live, render: render, repeats: repeats, preroll: preroll, configure: configure,
                          observe: observe).wall
    }

    /// The process's CPU time (all threads, llvmpipe's included), seconds.
    static func processCPUTime() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }

    /// ``gpuFrame`` with the median CPU time the process spent per frame beside the wall time: on
    /// a machine shared with other work the CPU time is the steadier measure of the work done
    /// (llvmpipe runs shaders on the CPU), the wall time what a 60 Hz frame budget sees.
    func gpuFrameTimes(_ layer: EmitterLayer, live: Int, render: Bool, repeats: Int? = nil, preroll: Int = 0,
                       configure: (GPUSimulator) -> Void = { _ in },
                       afterAdvance: (GPUSimulator) throws -> Void = { _ in },
                       observe: (GPUSimulator) throws -> Void = { _ in }) throws -> (wall: Double, cpu: Double) {
        let simulator = try GPUSimulator(layer: layer, context: context, limits: Workloads.limits(live))
        defer { simulator.release() }
        configure(simulator)
        var t = 0.0
        try simulator.advance(to: t)
        for _ in 0..<preroll {
            t += 1.0 / 60
            try simulator.advance(to: t)
        }
        try context.finish()
        var times: [Double] = [], cpuTimes: [Double] = []
        for i in 0..<(warmup + (repeats ?? self.repeats)) {
            t += 1.0 / 60
            try context.finish()
            let cpuStart = Self.processCPUTime()
            let start = clock.now()
            try simulator.advance(to: t)
            try afterAdvance(simulator)
            if render {
                try target.begin(clearTo: .black)
                try renderer.draw(simulator, viewProjection: .layer(width: 1280, height: 720))
            }
            try context.finish()
            if i >= warmup {
                times.append(Double(clock.now() - start) / 1e9)
                cpuTimes.append(Self.processCPUTime() - cpuStart)
            }
        }
        try observe(simulator)
        return (Self.median(times), Self.median(cpuTimes))
    }

    /// Seconds per 60 Hz frame of the CPU reference simulator.
    func cpuFrame(_ layer: EmitterLayer, live: Int, repeats: Int? = nil) throws -> Double {
        let simulator = ReferenceSimulator(layer: layer, limits: Workloads.limits(live))
        var t = 0.0
        try simulator.advance(to: t)
        var times: [Double] = []
        for i in 0..<(warmup + (repeats ?? self.repeats)) {
            t += 1.0 / 60
            let start = clock.now()
            try simulator.advance(to: t)
            if i >= warmup { times.append(Double(clock.now() - start) / 1e9) }
        }
        return Self.median(times)
    }

    /// The largest live count whose frame fits 1/60 s: doubling from `start`, then `steps`
    /// bisections in log space (5: within 3 % of the true maximum; 1: within 41 %, reported as
    /// the lower end).
    func maxLive(_ frame: (Int) throws -> Double, start: Int = 1_000, steps: Int = 5, ceiling: Int? = nil) throws -> Int {
        let ceiling = ceiling ?? self.ceiling
        let budget = 1.0 / 60
        var low = 0, high = start
        while high <= ceiling, try frame(high) <= budget {
            low = high
            high *= 2
        }
        if low == 0 { return 0 }
        if high > ceiling { return low }
        for _ in 0..<steps {
            let mid = Int((Double(low) * Double(high)).squareRoot())
            if try frame(mid) <= budget { low = mid } else { high = mid }
        }
        return low
    }
}

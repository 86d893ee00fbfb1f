import ArgumentParser
import Foundation
import Plume
import PlumeFuzz
import PlumeGL

/// `plume session`: a long session driven frame by frame at a fixed rate in simulated time (the
/// clock is driven, not waited for), on the GPU simulator and the CPU reference together. They are
/// compared every simulated minute, and at the end both are compared with the same layer started at
/// host time 0 with its `timeOffset` set to the session's length less four seconds and driven for
/// those four seconds (one catch-up, then the same frames): the particles of hour ten must be those
/// of a four-second session, on both simulators (issue 22 item 2: no drift, no stall).
struct Session: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Drive a layer for hours at a fixed frame rate on both simulators and check they agree.")

    @Option(help: "Simulated hours.")
    var hours: Double = 10

    @OptionGroup var rate: WholeFrameRate
    var fps: Double { rate.fps }

    @Option(help: "The largest position difference allowed, points (the differential suite's bound).")
    var tolerance: Double = 0.01

    func validate() throws {
        // at least twice the four seconds the end is compared over (a timeOffset of hours − 4 s ≥ 0)
        guard hours.isFinite, hours * 3600 >= 8, hours <= 48 else { throw ValidationError("--hours must be in [8 s, 48 h]") }
        guard tolerance.isFinite, tolerance > 0 else { throw ValidationError("--tolerance must be positive") }
    }

    /// The long-session workload (`LongSession.layer`, shells throwing sparks: the GPU's emission
    /// clocks) under a drag behaviour too.
    static func layer(timeOffset: Double = 0) -> EmitterLayer {
        let drag = EmitterBehavior(type: .drag, name: "air")
        drag.drag = 0.4
        let layer = LongSession.layer(timeOffset: timeOffset)
        layer.emitterBehaviors = [drag]
        return layer
    }

    /// The largest position difference of two snapshots with the same identities, or nil (and a
    /// line saying how they differ) where the identities differ.
    static func difference(_ a: ParticleSnapshot, _ b: ParticleSnapshot, _ what: String) -> Double? {
        let p = a.particles.sorted { $0.identity < $1.identity }, q = b.particles.sorted { $0.identity < $1.identity }
        guard p.map(\.identity) == q.map(\.identity) else {
            let only = Set(p.map(\.identity)).symmetricDifference(q.map(\.identity)).sorted().prefix(3)
            report("\(what): \(p.count) vs \(q.count) particles; not in both: \(only.map(\.description).joined(separator: ", "))")
            return nil
        }
        return zip(p, q).map { x, y in
            let d = x.position - y.position
            return max(abs(d.x), abs(d.y), abs(d.z))
        }.max() ?? 0
    }

    func run() throws {
        let context = try GLContext.headless()
        let frames = Int((hours * 3600 * fps).rounded())
        let layers = (gpu: Self.layer(), cpu: Self.layer())
        let gpu = try GPUSimulator(layer: layers.gpu, context: context)
        let cpu = ReferenceSimulator(layer: layers.cpu)
        let minute = Int(60 * fps)
        var worst = 0.0, failed = false
        let started = Date()
        report("hour  live  worst GPU–reference position difference so far (points)  wall s")
        for frame in 0...frames {
            let t = Double(frame) / fps
            try gpu.advance(to: t)
            try cpu.advance(to: t)
            guard frame % minute == 0 || frame == frames else { continue }
            let g = try gpu.snapshot(), c = try cpu.snapshot()
            guard let d = Self.difference(g, c, String(format: "minute %.0f", t / 60)) else { failed = true; break }
            worst = max(worst, d)
            if frame % (60 * minute) == 0 || frame == frames {
                report(String(format: "%4.1f  %4d  %.2e  %.0f", t / 3600, c.particles.count, worst, Date().timeIntervalSince(started)))
            }
        }
        // The same layer time from a session that starts at host time 0: timeOffset, a catch-up,
        // then the same frames.
        let lead = 4.0
        let end = Double(frames) / fps
        let short = (gpu: try GPUSimulator(layer: Self.layer(timeOffset: end - lead), context: context),
                     cpu: ReferenceSimulator(layer: Self.layer(timeOffset: end - lead)))
        for frame in 0...Int(lead * fps) {
            try short.gpu.advance(to: Double(frame) / fps)
            try short.cpu.advance(to: Double(frame) / fps)
        }
        let long = (gpu: try gpu.snapshot(), cpu: try cpu.snapshot())
        let fresh = (gpu: try short.gpu.snapshot(), cpu: try short.cpu.snapshot())
        // the shells' serials have counted the whole session's births (the sparks' count per shell)
        let shells = long.cpu.particles.filter { $0.identity.parent == .root }.map(\.identity.serial)
        report(String(format: "after %.1f h at %.0f fps (%d updates): %d live, shell serials %d … %d", end / 3600, fps, frames,
                      long.cpu.particles.count, shells.min() ?? 0, shells.max() ?? 0))
        let span = String(format: "%g-hour", hours)
        for (name, a, b) in [("reference, \(span) session vs a \(Int(lead)) s one", long.cpu, fresh.cpu),
                             ("GPU, \(span) session vs a \(Int(lead)) s one", long.gpu, fresh.gpu)] {
            guard let d = Self.difference(a, b, name) else { failed = true; continue }
            report(String(format: "%@: same %d identities, positions within %.2e points", name, a.particles.count, d))
            if d > tolerance { failed = true }
        }
        report(String(format: "GPU vs reference over the session: positions within %.2e points (bound %.2e); %.0f s",
                      worst, tolerance, Date().timeIntervalSince(started)))
        if failed || worst > tolerance || long.cpu.particles.isEmpty { throw ExitCode(1) }
    }
}

import Foundation
import Testing
@testable import Plume
@testable import PlumeGL
import PlumeFuzz

/// Long sessions (Ticks): a host clock that starts at 10⁶ s or 10⁹ s, and a layer 10 hours into
/// its session, give the same particles on both simulators as a session starting at 0 — the GPU
/// keeps only 32-bit ages, so nothing in it grows with the clock, and the host's rounding of large
/// clocks (an ulp of 10⁹ s is 1.2·10⁻⁷ s) is far below half a tick (7.6·10⁻⁶ s).
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct LongSessionTests {
    /// Shells under gravity throwing sparks (`LongSession.layer`, shared with `plume session`).
    static func layer(timeOffset: Double = 0) -> EmitterLayer { LongSession.layer(timeOffset: timeOffset) }

    /// Runs `frames` updates at 60 fps from host time `start` on both simulators, comparing them
    /// every second, and returns the last snapshots.
    static func session(start: Double, frames: Int, timeOffset: Double = 0, context: GLContext) throws
        -> (gpu: ParticleSnapshot, cpu: ParticleSnapshot) {
        let gpuLayer = layer(timeOffset: timeOffset), cpuLayer = layer(timeOffset: timeOffset)
        let gpu = try GPUSimulator(layer: gpuLayer, context: context)
        let cpu = ReferenceSimulator(layer: cpuLayer)
        for frame in 0...frames {
            let t = start + Double(frame) / 60
            try gpu.advance(to: t)
            try cpu.advance(to: t)
            if frame % 60 == 0 || frame == frames {
                compareSnapshots(gpu: try gpu.snapshot(), cpu: try cpu.snapshot(),
                                 configuration: "long session from host \(start), timeOffset \(timeOffset), frame \(frame)",
                                 seed: cpuLayer.seed)
            }
        }
        return (try gpu.snapshot(), try cpu.snapshot())
    }

    @Test(arguments: [1e6, 1e9])
    func aLargeHostClockGivesTheParticlesOfAClockAtZero(_ start: Double) throws {
        try GPU.run { context in
            let zero = try Self.session(start: 0, frames: 240, context: context)
            let late = try Self.session(start: start, frames: 240, context: context)
            #expect(zero.cpu.particles.count > 20, "the scene is not empty")
            // The same ticks: identical on the reference, and on the GPU (its records hold only ages).
            expectIdentical(late.cpu, zero.cpu, "reference from host \(start) vs 0")
            expectIdentical(late.gpu, zero.gpu, "GPU from host \(start) vs 0")
        }
    }

    /// Ten hours into the session: a layer whose local time starts at 36,000 s (`timeOffset`,
    /// pre-warmed by catch-up) and then runs 4 s at 60 fps, on both simulators; and the same layer
    /// driven through the ten hours by the host clock (it starts at host time 5 s), one update per
    /// minute, then the same 4 s at 60 fps. At the end the two sessions are at the same layer time
    /// and hold the same particles on each simulator, and each simulator agrees with the other.
    /// The ten hours driven frame by frame at 60 fps (2,160,000 updates of both simulators,
    /// compared every minute and at the end with a four-second session) take 4–8 minutes in a
    /// release build: `plume session --hours 10` (Reliability article, "Long sessions").
    @Test func tenHoursIntoASession() throws {
        try GPU.run { context in
            let offset = try Self.session(start: 0, frames: 240, timeOffset: 36_000, context: context)
            #expect(offset.cpu.particles.count > 20 && offset.gpu.particles.count == offset.cpu.particles.count)
            #expect(offset.cpu.particles.allSatisfy { $0.birthTime > 36_000 }, "births near the end of ten hours")

            let gpuLayer = Self.layer(), cpuLayer = Self.layer()
            let gpu = try GPUSimulator(layer: gpuLayer, context: context)
            let cpu = ReferenceSimulator(layer: cpuLayer)
            let hour = 3600.0
            var t = 5.0
            try gpu.advance(to: t)
            try cpu.advance(to: t)
            while t < 10 * hour {                       // an update a minute: the clocks cross 10 h
                t += 60
                try gpu.advance(to: t)
                try cpu.advance(to: t)
            }
            for frame in 1...240 {
                try gpu.advance(to: t + Double(frame) / 60)
                try cpu.advance(to: t + Double(frame) / 60)
            }
            let g = try gpu.snapshot(), c = try cpu.snapshot()
            #expect(c.particles.count > 20)
            let worst = compareSnapshots(gpu: g, cpu: c, configuration: "ten hours by the host clock", seed: cpuLayer.seed)
            print("long session, ten hours: \(worst)")
            // The serials have counted ten hours of births; ages and positions are as at the start.
            #expect(c.particles.allSatisfy { $0.identity.serial > 200_000 || $0.identity.parent != .root })
            // The same layer time (36,000 s + 240 frames: the layer started at host time 5 s) as
            // the session that started ten hours in.
            for (long, short) in [(c, offset.cpu), (g, offset.gpu)] {
                #expect(abs((long.layerTime ?? .nan) - (short.layerTime ?? .nan)) < 1e-6,
                        "layer times \(long.layerTime ?? .nan) and \(short.layerTime ?? .nan)")
            }
            let reference = compareSnapshots(gpu: c, cpu: offset.cpu, configuration: "reference: ten hours vs started at 10 h",
                                             seed: cpuLayer.seed)
            let device = compareSnapshots(gpu: g, cpu: offset.gpu, configuration: "GPU: ten hours vs started at 10 h",
                                          seed: gpuLayer.seed)
            print("long session, ten hours against a session started at 10 h: reference \(reference), GPU \(device)")
        }
    }

    func expectIdentical(_ a: ParticleSnapshot, _ b: ParticleSnapshot, _ context: String) {
        #expect(a.particles.map(\.identity) == b.particles.map(\.identity), "\(context): identities differ")
        for (p, q) in zip(a.particles, b.particles) where p.birthTime != q.birthTime || p.position != q.position
            || p.velocity != q.velocity || p.color != q.color {
            Issue.record("\(context): \(p.identity) born \(p.birthTime) at \(p.position) vs born \(q.birthTime) at \(q.position)")
            return
        }
    }
}

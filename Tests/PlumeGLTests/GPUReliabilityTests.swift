import Foundation
import PlumeTestSupport
import Testing
@testable import Plume
@testable import PlumeGL

/// Issue 9's reproductions on the GPU simulator and the GL entry points: each failed (hung,
/// disagreed with the reference, aborted the process or trapped) before the fix.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct GPUReliabilityTests {
    /// The issue's F1 layer: a sub-cell with a huge rate that starts long after its parents die.
    static func hugeSubRateLayer(childRate: Float, childBegin: Double) -> EmitterLayer {
        let parent = EmitterCell(name: "parent")
        parent.birthRate = 10
        parent.lifetime = 2
        parent.velocity = 50
        parent.emissionRange = 6
        let child = EmitterCell(name: "child")
        child.birthRate = childRate
        child.lifetime = 0.2
        child.beginTime = childBegin
        child.velocity = 5
        parent.emitterCells = [child]
        let layer = EmitterLayer()
        layer.seed = 9
        layer.emitterCells = [parent]
        return layer
    }

    /// F1: a 1e9 sub-cell rate costs no more than a frame at capacity — the spawn passes offer
    /// at most about twice the capacity in birth slots — and births without a slot are counted
    /// as dropped; where no child can ever be born (the window opens after the parents die) the
    /// GPU agrees with the reference particle for particle.
    @Test func hugeSubCellRateCostsAtMostAFrameAtCapacity() throws {
        try GPU.run { context in
            // The issue's case: beginTime 1e6, so no child is ever born.
            let gpuLayer = Self.hugeSubRateLayer(childRate: 1e9, childBegin: 1e6)
            let cpuLayer = Self.hugeSubRateLayer(childRate: 1e9, childBegin: 1e6)
            let gpu = try GPUSimulator(layer: gpuLayer, context: context)
            let cpu = ReferenceSimulator(layer: cpuLayer)
            for t in [1.0] + (1...30).map({ 1 + Double($0) / 60 }) {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
                #expect(gpu.lastSpawnSlots == 0, "at \(t): \(gpu.lastSpawnSlots) spawn slots for a sub-cell that never emits")
            }
            compareSnapshots(gpu: try gpu.snapshot(), cpu: try cpu.snapshot(), configuration: "F1 beginTime 1e6", seed: 9)

            // The same rate emitting: bounded work, honest counts.
            let limit = 5_000
            let emitting = try GPUSimulator(layer: Self.hugeSubRateLayer(childRate: 1e8, childBegin: 0), context: context,
                                            limits: SimulationLimits(maxParticlesPerCell: limit))
            for f in 0...30 {
                try emitting.advance(to: 1 + Double(f) / 60)
                #expect(emitting.lastSpawnSlots <= 2 * limit + 64, "frame \(f): \(emitting.lastSpawnSlots) spawn slots")
            }
            let s = try emitting.snapshot()
            #expect(s.particles.filter { $0.identity.cellPath == [0, 0] }.count <= limit)
            #expect(s.counters.dropped > 10_000_000, "births without a slot are counted: \(s.counters)")
            #expect(s.diagnostics.contains { $0.keyPath == "emitterCells.parent.emitterCells.child" && $0.effect == .birthsDropped },
                    "\(s.diagnostics)")
        }
    }

    /// F2: a latitude whose direction has a tiny negative z (−0 in float) gives the same
    /// directions on both simulators.
    @Test func tinyLatitudeGivesTheSameDirections() throws {
        for latitude in [1e-300, -1e-300, 1e-40, -1e-40, 1e-30, -1e-30, 0] {
            func make() -> EmitterLayer {
                let cell = EmitterCell(name: "c")
                cell.birthRate = 30; cell.lifetime = 2; cell.velocity = 100
                cell.emissionRange = 1; cell.emissionLatitude = CGFloat(latitude)
                let layer = EmitterLayer()
                layer.seed = 3
                layer.emitterCells = [cell]
                return layer
            }
            try GPU.run { context in
                let gpu = try GPUSimulator(layer: make(), context: context)
                let cpu = ReferenceSimulator(layer: make())
                for t in frames(until: 1) {
                    try gpu.advance(to: t)
                    try cpu.advance(to: t)
                }
                let worst = compareSnapshots(gpu: try gpu.snapshot(), cpu: try cpu.snapshot(),
                                             configuration: "latitude \(latitude)", seed: 3)
                #expect(worst.compared > 20)
            }
        }
    }

    /// F3: a non-finite host time changes nothing on the GPU either (edits wait for the next
    /// finite time).
    @Test func nonFiniteHostTimeChangesNothing() throws {
        try GPU.run { context in
            let cell = EmitterCell(name: "c")
            cell.birthRate = 20; cell.lifetime = 3; cell.velocity = 30; cell.emissionRange = 1
            let layer = EmitterLayer()
            layer.emitterCells = [cell]
            let gpu = try GPUSimulator(layer: layer, context: context)
            for t in frames(until: 1) { try gpu.advance(to: t) }
            let before = try gpu.snapshot()
            cell.yAcceleration = 500
            for bad in [Double.nan, .infinity, -.infinity] {
                try gpu.advance(to: bad)
                let after = try gpu.snapshot()
                #expect(after.particles == before.particles, "host time \(bad) changed the particles")
                #expect(after.diagnostics.filter { $0.keyPath == "hostTime" }.count == 1)
            }
        }
    }

    /// F5: stepping at t = 10¹² keeps every age non-negative on the GPU, as on the CPU, and the
    /// two agree.
    @Test func agesStayNonNegativeAtHugeTimes() throws {
        func make() -> EmitterLayer {
            let cell = EmitterCell(name: "c")
            cell.birthRate = 37; cell.lifetime = 1; cell.velocity = 10
            let layer = EmitterLayer()
            layer.timeOffset = 1e12
            layer.emitterCells = [cell]
            return layer
        }
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: make(), context: context)
            let cpu = ReferenceSimulator(layer: make())
            for (i, t) in frames(until: 10).enumerated() {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
                guard i % 20 == 0 else { continue }
                let g = try gpu.snapshot()
                for p in g.particles where !(p.age >= 0) {
                    Issue.record("frame \(i), host time \(t): \(p.identity) has age \(p.age) on the GPU")
                }
                compareSnapshots(gpu: g, cpu: try cpu.snapshot(), configuration: "t = 1e12", seed: 0)
            }
        }
    }

    /// F7: without the context current every entry point throws a typed error (no abort), and
    /// nothing changed: with the context current again the simulator matches the reference.
    @Test func noCurrentContextIsATypedErrorAndChangesNothing() throws {
        try GPU.run { context in
            let gpuLayer = Preset.fireworks.makeLayer(), cpuLayer = Preset.fireworks.makeLayer()
            let gpu = try GPUSimulator(layer: gpuLayer, context: context)
            let cpu = ReferenceSimulator(layer: cpuLayer)
            let renderer = try ParticleRenderer(context: context)
            let target = try OffscreenTarget(context: context, width: 8, height: 8)
            for t in frames(until: 1) {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
            }
            context.releaseCurrent()
            #expect(!context.isCurrent)
            #expect(throws: GLError.contextNotCurrent("GPUSimulator.advance")) { try gpu.advance(to: 2) }
            #expect(throws: GLError.contextNotCurrent("GPUSimulator.snapshot")) { try gpu.snapshot() }
            #expect(throws: GLError.contextNotCurrent("GPUSimulator.particleCount")) { try gpu.particleCount }
            #expect(throws: GLError.contextNotCurrent("ParticleRenderer.draw")) {
                try renderer.draw(gpu, viewProjection: .layer(width: 8, height: 8))
            }
            #expect(throws: GLError.contextNotCurrent("OffscreenTarget.begin")) { try target.begin() }
            #expect(throws: GLError.contextNotCurrent("GLContext.finish()")) { try context.finish() }
            #expect(throws: GLError.self) { try GPUSimulator(layer: gpuLayer, context: context) }
            try context.makeCurrent()
            try gpu.advance(to: 2)
            try cpu.advance(to: 2)
            compareSnapshots(gpu: try gpu.snapshot(), cpu: try cpu.snapshot(), configuration: "after no context", seed: 0)
        }
    }

    /// F7: releasing on a thread without the context does not crash: the deletions are deferred
    /// to the context's next use, and then nothing leaks. Two threads on one simulator: the one
    /// without the context gets a typed error, the other carries on.
    @Test func releaseOnAnotherThreadIsDeferredAndThreadsAreSafe() throws {
        // All inside one GPU.run, so no other suite uses the context meanwhile.
        try GPU.run { context in
            let baseline = context.objects.total
            nonisolated(unsafe) var simulator: GPUSimulator? = try GPUSimulator(layer: Preset.fireworks.makeLayer(), context: context)
            for t in frames(until: 1) { try simulator?.advance(to: t) }
            #expect(context.objects.total > baseline)
            let done = DispatchSemaphore(value: 0)
            let worker = Thread {
                simulator?.release()          // no context on this thread: deferred, no abort
                simulator = nil
                done.signal()
            }
            worker.start()
            done.wait()
            #expect(context.deferredDeletionCount > 0, "the release was deferred")
            try context.ensureCurrent("test")
            #expect(context.deferredDeletionCount == 0)
            #expect(context.objects.total == baseline, "GL objects: \(context.objects), \(baseline) before")
        }

        // Two threads, one simulator: only the thread with the context gets through.
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: Preset.snow.makeLayer(), context: context)
            let shared = gpu   // Sendable: the run-time check below is what keeps it safe
            let done = DispatchSemaphore(value: 0)
            nonisolated(unsafe) var otherErrors: [Error] = []
            let other = Thread {
                for i in 0..<50 {
                    do { try shared.advance(to: Double(i) / 60) } catch { otherErrors.append(error) }
                }
                done.signal()
            }
            other.start()
            for i in 0..<50 { try gpu.advance(to: Double(i) / 60) }
            done.wait()
            #expect(otherErrors.count == 50 && otherErrors.allSatisfy { ($0 as? GLError) == .contextNotCurrent("GPUSimulator.advance") })
            #expect(try !gpu.snapshot().particles.isEmpty)
            gpu.release()
        }
    }

    /// F8: with another context current, every entry point throws (snapshot no longer returns an
    /// empty snapshot), and switching back the simulator works and matches the reference.
    @Test func wrongContextIsATypedErrorAndNothingStaysBroken() throws {
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: Preset.fireworks.makeLayer(), context: context)
            let cpu = ReferenceSimulator(layer: Preset.fireworks.makeLayer())
            for t in frames(until: 1) {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
            }
            do {
                let other = try GLContext.headless()        // now current instead
                #expect(other.isCurrent && !context.isCurrent)
                #expect(throws: GLError.contextNotCurrent("GPUSimulator.advance")) { try gpu.advance(to: 2) }
                #expect(throws: GLError.contextNotCurrent("GPUSimulator.snapshot")) { try gpu.snapshot() }
            }
            try context.makeCurrent()
            for t in [2.0, 2.5, 3.0] {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
            }
            compareSnapshots(gpu: try gpu.snapshot(), cpu: try cpu.snapshot(), configuration: "after another context", seed: 0)
        }
    }

    /// F7: a simulator in a wrapped host context that the host destroyed throws a typed error
    /// (no abort), and releasing it then is safe.
    @Test func destroyedHostContextIsATypedError() throws {
        try GPU.run { context in
            var simulator: GPUSimulator?
            do {
                let hostOwned = try GLContext.headless()      // stands for the host's own context
                try withExtendedLifetime(hostOwned) {
                    let wrapped = try GLContext.current()
                    simulator = try GPUSimulator(layer: Preset.snow.makeLayer(), context: wrapped)
                    try simulator?.advance(to: 1)
                }
            }                                                 // the host destroyed its context
            #expect(throws: GLError.contextNotCurrent("GPUSimulator.advance")) { try simulator?.advance(to: 2) }
            #expect(throws: GLError.contextNotCurrent("GPUSimulator.snapshot")) { try simulator?.snapshot() }
            simulator = nil                                   // released without its context: no abort
            try context.makeCurrent()
        }
    }

    /// F9: use after release throws instead of trapping.
    @Test func useAfterReleaseThrows() throws {
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: Preset.snow.makeLayer(), context: context)
            try gpu.advance(to: 1)
            gpu.release()
            gpu.release()       // twice is fine
            #expect(throws: GLError.released("GPUSimulator.advance")) { try gpu.advance(to: 2) }
            #expect(throws: GLError.released("GPUSimulator.snapshot")) { try gpu.snapshot() }
            let renderer = try ParticleRenderer(context: context)
            renderer.release()
            let live = try GPUSimulator(layer: Preset.snow.makeLayer(), context: context)
            #expect(throws: GLError.released("ParticleRenderer.draw")) {
                try renderer.draw(live, viewProjection: .layer(width: 8, height: 8))
            }
            let target = try OffscreenTarget(context: context, width: 4, height: 4)
            target.release()
            #expect(throws: GLError.released("OffscreenTarget.image")) { try target.image() }
        }
    }
}

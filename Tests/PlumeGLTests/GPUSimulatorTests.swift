import CEpoxy
import Foundation
import PlumeTestSupport
import Testing
@testable import Plume
@testable import PlumeGL

/// The GPU simulator's contract beyond matching the reference: records, capacity, host work,
/// readback, bad input and GL object lifetime.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct GPUSimulatorTests {
    static func layer(rate: Float, lifetime: Float = 2, sub: Bool = false) -> EmitterLayer {
        let cell = Scenarios.busyCell(1, name: "c")
        cell.birthRate = rate
        cell.lifetime = lifetime
        cell.lifetimeRange = 0
        if sub {
            let child = Scenarios.busyCell(2, name: "child")
            child.birthRate = 5
            cell.emitterCells = [child]
        }
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 500, y: 500)
        layer.emitterShape = .circle
        layer.emitterSize = CGSize(width: 100, height: 0)
        layer.emitterCells = [cell]
        return layer
    }

    /// The record layout: the sizes the engine promises, a record the GPU's birth pass wrote
    /// decodes to the reference's birth values field by field (the attributes it does not store
    /// as the snapshot's attributes pass evaluates them), and a record Swift encodes with a
    /// distinct value in every field and clock survives GLSL's unpack and pack (the copy pass)
    /// bit for bit, at every sub-cell count, in both layouts, and across a change of sub-cell count.
    @Test func recordLayoutMatchesTheShader() throws {
        #expect(ParticleRecord.bytes(subCells: 0, child: false) == 48)   // 48 bytes (the collision count fills the padding)
        #expect(ParticleRecord.bytes(subCells: 0, child: true) == 80)    // + parent, scale, colour: 76
        #expect(ParticleRecord.bytes(subCells: 1, child: false) == 64)   // + 12 bytes per clock
        #expect(ParticleRecord.bytes(subCells: 3, child: false) == 96)   // 84, padded to 16
        #expect(ParticleRecord.bytes(subCells: 3, child: true) == 112)
        #expect(ParticleRecord.vectors(subCells: ParticleRecord.maxSubCells, child: true) * 4 <= 64,
                "must fit 64 TF components")
        try GPU.run { context in
            let layer = Self.layer(rate: 4, lifetime: 100)
            let gpu = try GPUSimulator(layer: layer, context: context)
            try gpu.advance(to: 0)   // the layer starts at host time 0 (Semantics §8)
            try gpu.advance(to: 0.25)
            let node = gpu.roots[0]
            var words = [UInt32](repeating: 0, count: 12)
            context.download(node.input.buffer, bytes: 48, into: &words)
            let r = words.withUnsafeBufferPointer { ParticleRecord(words: $0, base: 0, subCells: 0, child: false) }
            let resolved = ResolvedLayer(layer)
            let key = ParticleKey.child(of: .root, cellIndex: 0, serial: 1)
            let b = try #require(BirthSampler.sample(cell: resolved.cells[0], layer: resolved, key: key, parent: nil))
            #expect(r.key(cellIndex: 0) == key && r.parentKey == .root && r.serial == 1 && r.inherit == nil)
            #expect(r.age == 0 && Int64(r.lifetime) == b.lifetimeTicks)   // born at 0.25, the record's time
            #expect(r.anchorAge == 0 && r.generation == 0)
            #expect(maxAbs(SIMD3<Double>(r.anchorPos) - b.position) < 1e-3, "\(r.anchorPos) vs \(b.position)")
            #expect(maxAbs(SIMD3<Double>(r.anchorVel) - b.velocity) < 1e-3, "\(r.anchorVel) vs \(b.velocity)")
            let p = try #require(try gpu.snapshot().particles.first)
            #expect(p.age == 0 && abs(p.scale - b.scale) < 1e-6 && abs(p.angle - b.angle) < 1e-6, "\(p) vs \(b)")
            #expect(maxAbs(p.color - b.color) < 1e-6, "\(p.color) vs \(b.color)")

            for child in [false, true] {
                for (sub, csub) in [(0, 0), (1, 1), (3, 3), (ParticleRecord.maxSubCells, ParticleRecord.maxSubCells),
                                    (2, 4), (4, 1)] {
                    let original = Self.distinctRecord(subCells: sub, child: child)
                    let copied = try Self.copyOnTheGPU(original, from: sub, to: csub, child: child, context: context)
                    var expected = original
                    expected.clocks = (0..<csub).map { $0 < sub ? original.clocks[$0]
                        : ClockRecord(fraction: 0, lastSerial: 0, running: 0) }
                    #expect(copied == expected, "SUB \(sub) → CSUB \(csub), CHILD \(child): \(copied) vs \(expected)")
                }
            }
        }
    }

    /// A record whose every field and clock holds a different value.
    static func distinctRecord(subCells: Int, child: Bool) -> ParticleRecord {
        var words = [UInt32](repeating: 0, count: ParticleRecord.words(subCells: subCells, child: child))
        for i in words.indices { words[i] = Float(i + 1).bitPattern }
        var r = words.withUnsafeBufferPointer { ParticleRecord(words: $0, base: 0, subCells: subCells, child: child) }
        if child { r.inherit?.parent = SIMD2(0x3333, 0x4444) }
        r.generation = 0x4242_4242
        r.serial = 0x5555
        r.age = -12345
        r.lifetime = 0x6666_6666
        r.anchorAge = 0x7777
        r.clocks = (0..<subCells).map { (j: Int) -> ClockRecord in
            ClockRecord(fraction: UInt32(0x8000_0000 + j), lastSerial: UInt32(200 + j), running: UInt32(j & 1))
        }
        return r
    }

    /// Uploads `record`, runs the copy pass (GLSL `plume_unpack(SUB)` then `plume_pack(CSUB)`) and
    /// decodes what it wrote.
    static func copyOnTheGPU(_ record: ParticleRecord, from sub: Int, to csub: Int, child: Bool,
                             context: GLContext) throws -> ParticleRecord {
        var words = [UInt32](repeating: 0, count: ParticleRecord.bytes(subCells: sub, child: child) / 4)
        words.withUnsafeMutableBufferPointer { record.encode(into: $0, base: 0) }
        let source = try RecordBuffer(context: context, capacity: 1, subCells: sub, child: child)
        let target = try RecordBuffer(context: context, capacity: 1, subCells: csub, child: child)
        defer {
            source.release(context)
            target.release(context)
        }
        context.upload(words, to: source.buffer)
        let program = try context.programs.program(CopyUniforms.self, sub: sub, csub: csub, child: child)
        program.use()
        context.bind(context.passFramebuffer)
        context.capturingPoints(into: target.feedback, discardingRaster: true) {
            context.bind(source.vertexArray)
            context.drawBoundPoints(count: 1)
        }
        GL.bindVertexArray(0)
        try context.check("the copy probe", pass: "test")
        var out = [UInt32](repeating: 0, count: ParticleRecord.bytes(subCells: csub, child: child) / 4)
        context.download(target.buffer, bytes: out.count * 4, into: &out)
        return out.withUnsafeBufferPointer { ParticleRecord(words: $0, base: 0, subCells: csub, child: child) }
    }

    /// Per-update host work and GPU passes depend on the cells, not on the particles.
    @Test func hostWorkDoesNotGrowWithParticles() throws {
        try GPU.run { context in
            var stats: [GPUSimulator.UpdateStatistics] = []
            for rate: Float in [10, 20_000] {
                let gpu = try GPUSimulator(layer: Self.layer(rate: rate, sub: true), context: context)
                // The GPU finishes each frame, so the live counts the bounds use are always there
                // (on a loaded machine an unfinished count keeps a bound loose and can add an
                // overflow pass: correct, but not the point of this test).
                for f in 0...90 {
                    try gpu.advance(to: Double(f) / 60)
                    try context.finish()
                }
                stats.append(gpu.lastUpdate)
                #expect(try gpu.snapshot().particles.count > Int(rate), "rate \(rate) must have live particles")
            }
            #expect(stats[0] == stats[1], "passes/draws per update: \(stats[0]) with few particles, \(stats[1]) with many")
        }
    }

    /// Updates read nothing back, whatever the cell does: sub-cells (fireworks), trails whose
    /// samples the update records on the GPU (comet), colliders (bouncing sparks), turbulence and a
    /// vortex (curling smoke); only a snapshot does.
    @Test(arguments: [Preset.fireworks, .comet, .bouncingSparks, .curlingSmoke])
    func advanceReadsNothingBackOnlySnapshotDoes(_ preset: Preset) throws {
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: preset.makeLayer(), context: context)
            for f in 0...240 { try gpu.advance(to: Double(f) / 60) }
            #expect(gpu.totalBytesReadBack == 0, "\(preset): \(gpu.totalBytesReadBack) bytes read back by updates")
            let s = try gpu.snapshot()
            // at least each particle's record (48 bytes at the least) and its drawn attributes
            let perParticle = ParticleRecord.bytes(subCells: 0, child: false) + GPUSimulator.attributeBytes
            #expect(!s.particles.isEmpty && gpu.totalBytesReadBack >= s.particles.count * perParticle,
                    "\(preset): \(gpu.totalBytesReadBack) bytes for \(s.particles.count) particles")
            if preset == .comet { #expect(s.particles.contains { $0.trail.count > 2 }, "the comet's trails were recorded") }
        }
    }

    /// Rates and lifetimes go up: buffers grow on the GPU and no live particle is lost.
    @Test func capacityGrowsWithoutLosingParticles() throws {
        try GPU.run { context in
            let gpuLayer = Self.layer(rate: 50, lifetime: 2, sub: true), cpuLayer = Self.layer(rate: 50, lifetime: 2, sub: true)
            let gpu = try GPUSimulator(layer: gpuLayer, context: context)
            let cpu = ReferenceSimulator(layer: cpuLayer)
            let startCapacity = GPUSimulator.initialCapacity
            for f in 0...360 {
                let t = Double(f) / 60
                if f == 60 { for l in [gpuLayer, cpuLayer] { l.setValue(3000, forKeyPath: "emitterCells.c.birthRate") } }
                if f == 180 { for l in [gpuLayer, cpuLayer] { l.setValue(4, forKeyPath: "emitterCells.c.lifetime") } }
                try gpu.advance(to: t)
                try cpu.advance(to: t)
                if f % 60 == 0 {
                    compareSnapshots(gpu: try gpu.snapshot(), cpu: try cpu.snapshot(), configuration: "growth", seed: 0)
                }
            }
            #expect(gpu.roots[0].input.capacity > 10 * startCapacity, "capacity \(gpu.roots[0].input.capacity)")
            let s = try gpu.snapshot()
            #expect(s.counters.dropped == 0)
            #expect(s.particles.count > 10_000)
        }
    }

    @Test func capacityLimitDropsAndReports() throws {
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: Self.layer(rate: 1000, lifetime: 10, sub: true), context: context,
                                       limits: SimulationLimits(maxParticlesPerCell: 300))
            for f in 0...120 { try gpu.advance(to: Double(f) / 60) }
            let s = try gpu.snapshot()
            #expect(s.particles(inCell: [0]).count <= 300)
            #expect(s.particles(inCell: [0, 0]).count <= 300)
            #expect(s.counters.dropped > 0)
            #expect(s.diagnostics.contains { $0.effect == .birthsDropped && $0.keyPath == "emitterCells.c" },
                    "diagnostics: \(s.diagnostics)")
            #expect(s.particles.allSatisfy { $0.position.x.isFinite })
        }
    }

    /// The reference's bad values give the same diagnostics on the GPU, no GL error and no NaN in
    /// the buffers.
    @Test(arguments: GPUBadInputCase.all)
    func badInputIsReportedAndKeepsBuffersFinite(_ badCase: GPUBadInputCase) throws {
        let name = badCase.name
        try GPU.run { context in
            let gpuLayer = Self.layer(rate: 200, sub: true), cpuLayer = Self.layer(rate: 200, sub: true)
            badCase.configure(gpuLayer)
            badCase.configure(cpuLayer)
            let gpu = try GPUSimulator(layer: gpuLayer, context: context)
            let cpu = ReferenceSimulator(layer: cpuLayer)
            for f in 0...150 {
                let t = Double(f) / 60
                if let live = badCase.live, t == live.at {
                    for l in [gpuLayer, cpuLayer] { live.edit(l.emitterCells![0]) }
                }
                try gpu.advance(to: t)
                try cpu.advance(to: t)
            }
            #expect(GL.takeError() == 0, "\(name): a GL error")
            let g = try gpu.snapshot(), c = try cpu.snapshot()
            // A huge timeOffset is valid (the layer is simply far into its life); the rest are reported.
            #expect(!g.diagnostics.isEmpty || name == "absurd timeOffset", "\(name): no diagnostic")
            #expect(g.diagnostics == c.diagnostics, "\(name): GPU \(g.diagnostics) vs reference \(c.diagnostics)")
            compareSnapshots(gpu: g, cpu: c, configuration: name, seed: 0)
            // Every float of every record in the GPU buffers is finite.
            for node in gpu.roots + gpu.roots.flatMap(\.children) where node.input.hasData {
                let n = Int(node.input.lastWrite?.result?.written ?? 0)
                let words = node.input.stride / 4
                var raw = [UInt32](repeating: 0, count: max(n * words, 1))
                context.download(node.input.buffer, bytes: n * words * 4, into: &raw)
                raw.withUnsafeBufferPointer { w in
                    for i in 0..<n {
                        let r = ParticleRecord(words: w, base: i * words, subCells: node.subCells, child: node.isChild)
                        let inherited = r.inherit.map { [$0.scale, $0.color.x, $0.color.y, $0.color.z, $0.color.w] } ?? []
                        let floats = [r.anchorPos.x, r.anchorPos.y, r.anchorPos.z]
                            + [r.anchorVel.x, r.anchorVel.y, r.anchorVel.z] + inherited
                        #expect(floats.allSatisfy(\.isFinite) && r.age >= 0 && r.age < Int32(bitPattern: r.lifetime),
                                "\(name): a non-finite value in record \(i): \(r)")
                    }
                }
            }
        }
    }

    /// Creating and destroying 200 simulators leaves no GL object behind.
    @Test func twoHundredSimulatorsLeakNothing() throws {
        try GPU.run { context in
            // Compile every variant these simulators use first: programs belong to the context.
            // Both layers below, whatever ran before in this context (a filtered run compiles here).
            for layer in [Preset.fireworks.makeLayer(), Self.layer(rate: 300, sub: true)] {
                let warm = try GPUSimulator(layer: layer, context: context)
                for f in 0...130 { try warm.advance(to: Double(f) / 60) }
                _ = try warm.snapshot()
            }
            let before = context.objects
            var names: [GLuint] = []
            for i in 0..<200 {
                let gpu = try GPUSimulator(layer: i.isMultiple(of: 2) ? Preset.fireworks.makeLayer() : Self.layer(rate: 300, sub: true),
                                           context: context)
                for f in stride(from: 0, through: 130, by: 13) { try gpu.advance(to: Double(f) / 60) }
                if i.isMultiple(of: 50) { _ = try gpu.snapshot() }
                names.append(gpu.roots[0].input.buffer.name)
                #expect(context.objects.total > before.total)
            }
            #expect(context.objects == before, "live GL objects before \(before), after \(context.objects)")
            #expect(names.allSatisfy { !GL.isBuffer($0) }, "a deleted buffer name is still a buffer")
            #expect(GL.takeError() == 0)
        }
    }
}

/// At capacity both simulators keep the same particles: a live count never above the limit, the
/// newest births dropped, the same count of drops.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct CapacityParityTests {
    @Test func topLevelCellAtCapacityMatchesTheReference() throws {
        let limits = SimulationLimits(maxParticlesPerCell: 500)
        let make = { () -> EmitterLayer in
            let layer = GPUSimulatorTests.layer(rate: 1000, lifetime: 1)
            layer.emitterCells![0].lifetimeRange = 0.6
            return layer
        }
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: make(), context: context, limits: limits)
            let cpu = ReferenceSimulator(layer: make(), limits: limits)
            for f in 0...240 {
                try gpu.advance(to: Double(f) / 60)
                try cpu.advance(to: Double(f) / 60)
                if f % 40 == 0 {
                    let g = try gpu.snapshot(), c = try cpu.snapshot()
                    compareSnapshots(gpu: g, cpu: c, configuration: "capacity 500", seed: 0)
                    #expect(c.particles.count <= 500)
                    #expect(g.counters.dropped == c.counters.dropped, "drops at frame \(f): GPU \(g.counters.dropped), reference \(c.counters.dropped)")
                }
            }
            #expect(try cpu.snapshot().counters.dropped > 1000)
        }
    }
}

/// One bad-input configuration of `badInputIsReportedAndKeepsBuffersFinite`, named in the test
/// report; `live` edits the top cell while particles are alive, at the given time.
struct GPUBadInputCase: Sendable, CustomTestStringConvertible {
    let name: String
    let configure: @Sendable (EmitterLayer) -> Void
    var live: (at: Double, edit: @Sendable (EmitterCell) -> Void)?

    init(_ name: String, _ configure: @escaping @Sendable (EmitterLayer) -> Void,
         live: (at: Double, edit: @Sendable (EmitterCell) -> Void)? = nil) {
        self.name = name
        self.configure = configure
        self.live = live
    }

    var testDescription: String { name }

    static let all: [GPUBadInputCase] = [
        GPUBadInputCase("NaN velocity") { $0.emitterCells![0].velocity = .nan },
        GPUBadInputCase("infinite emission range") { $0.emitterCells![0].emissionRange = .infinity },
        GPUBadInputCase("negative lifetime") { $0.emitterCells![0].lifetime = -3 },
        GPUBadInputCase("absurd birth rate") { $0.emitterCells![0].birthRate = 1e12 },
        GPUBadInputCase("NaN layer position") { $0.emitterPosition = CGPoint(x: CGFloat.nan, y: 3) },
        GPUBadInputCase("infinite layer velocity") { $0.velocity = .infinity },
        GPUBadInputCase("a cell containing itself") { $0.emitterCells![0].emitterCells = [$0.emitterCells![0]] },
        GPUBadInputCase("NaN colour") { $0.emitterCells![0].color = Color(red: .nan, green: 1, blue: 1, alpha: 1) },
        GPUBadInputCase("negative speed") { $0.emitterCells![0].speed = -2 },
        GPUBadInputCase("live acceleration becomes infinite", { _ in }, live: (1.0, { $0.yAcceleration = .infinity })),
        GPUBadInputCase("live colour speed becomes NaN", { _ in }, live: (1.5, { $0.alphaSpeed = .nan })),
        GPUBadInputCase("huge scale speed") { $0.emitterCells![0].scaleSpeed = 1e30 },
        GPUBadInputCase("absurd timeOffset") { $0.timeOffset = 1e20 },
    ]
}

/// The rows of birth parameters a cell's records name (BirthHistory): one while nothing changes,
/// one per update while something does, and only as many as live particles can still name.
@Suite(.serialized) struct BirthHistoryTests {
    @Test func rowsFollowChangesAndAreReusedOnceTheirParticlesDie() throws {
        try GPU.run { context in
            let layer = EmitterLayer()
            let cell = EmitterCell(name: "c")
            cell.birthRate = 30
            cell.lifetime = 1
            layer.emitterCells = [cell]
            let gpu = try GPUSimulator(layer: layer, context: context)
            let cpu = ReferenceSimulator(layer: layer)
            for i in 0...120 {
                try gpu.advance(to: Double(i) / 60)
                try cpu.advance(to: Double(i) / 60)
            }
            let history = gpu.roots[0].births
            #expect(history.rowsInUse == 1 && history.capacity == 4, "unchanged parameters: \(history.rowsInUse) rows")
            // A colour changed at every update for 3 s: a row per update, each kept while its particles
            // (1 s lifetimes) can live, so about 61 rows in use, in a ring of 64 or 128.
            for i in 121...300 {
                cell.color = Color(red: 0.5 + 0.5 * sin(Double(i)), green: 1, blue: 1, alpha: 1)
                try gpu.advance(to: Double(i) / 60)
                try cpu.advance(to: Double(i) / 60)
            }
            #expect((60...63).contains(history.rowsInUse) && history.capacity <= 128,
                    "\(history.rowsInUse) rows in use, capacity \(history.capacity)")
            let generation = gpu.roots[0].generation
            #expect(generation == 180, "one generation per changed update: \(generation)")
            // The particles' colours are those of their generations.
            compareSnapshots(gpu: try gpu.snapshot(), cpu: try cpu.snapshot(), configuration: "birth history", seed: 0)
        }
    }
}

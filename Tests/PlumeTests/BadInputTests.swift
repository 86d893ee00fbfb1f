import Foundation
import Testing
@testable import Plume

// Semantics §11 on the reference simulator: no bad value crashes or leaks NaN/∞ into particles; each is
// reported with its key path, value and rule, and has its documented effect (a defined meaning,
// or the cell emits nothing) while everything else is unaffected. Semantics §3: capacity overflow.

// MARK: - Helpers

/// fire (0) { ember (0) }, smoke (1), on a 40×20 rectangle.
private func badInputLayer() -> EmitterLayer {
    let fire = EmitterCell(name: "fire")
    fire.birthRate = 30; fire.lifetime = 1.5; fire.lifetimeRange = 0.5
    fire.velocity = 40; fire.velocityRange = 10; fire.emissionLongitude = -.pi / 2; fire.emissionRange = .pi / 4
    fire.yAcceleration = 20; fire.scale = 0.5; fire.scaleRange = 0.1; fire.scaleSpeed = 0.1
    fire.spin = 1; fire.spinRange = 0.5; fire.rotationRange = 1
    fire.color = Color(red: 1, green: 0.5, blue: 0.2, alpha: 1); fire.redRange = 0.1; fire.alphaSpeed = -0.3
    let ember = EmitterCell(name: "ember")
    ember.birthRate = 5; ember.lifetime = 0.5; ember.velocity = 10; ember.emissionRange = .pi
    fire.emitterCells = [ember]
    let smoke = EmitterCell(name: "smoke")
    smoke.birthRate = 20; smoke.lifetime = 2; smoke.velocity = 15; smoke.emissionRange = .pi; smoke.scaleSpeed = 0.2
    let layer = EmitterLayer()
    layer.emitterPosition = CGPoint(x: 100, y: 100)
    layer.emitterSize = CGSize(width: 40, height: 20)
    layer.emitterDepth = 10
    layer.emitterShape = .rectangle
    layer.seed = 7
    layer.emitterCells = [fire, smoke]
    return layer
}

private func badInputFrames(_ seconds: Double = 2, from start: Double = 0) -> [Double] {
    (0...Int((seconds * 60).rounded())).map { start + Double($0) / 60 }
}

private func badInputRun(_ layer: EmitterLayer, seconds: Double = 2) throws -> ParticleSnapshot {
    let sim = ReferenceSimulator(layer: layer)
    for t in badInputFrames(seconds) { try sim.advance(to: t) }
    return try sim.snapshot()
}

/// "particle: attribute = value" for every non-finite number in the snapshot's particles.
private func biNonFiniteAttributes(_ s: ParticleSnapshot) -> [String] {
    var out: [String] = []
    for p in s.particles {
        let values: [(String, [Double])] = [
            ("position", [p.position.x, p.position.y, p.position.z]), ("velocity", [p.velocity.x, p.velocity.y, p.velocity.z]),
            ("scale", [p.scale]), ("angle", [p.angle]), ("color", [p.color.x, p.color.y, p.color.z, p.color.w]),
            ("age", [p.age]), ("lifetime", [p.lifetime]), ("birthTime", [p.birthTime]),
        ]
        for (name, v) in values where !v.allSatisfy(\.isFinite) { out.append("\(p.identity): \(name) = \(v)") }
    }
    return out
}

/// The particles outside (or inside) the cell subtree `path`.
private func biParticles(_ s: ParticleSnapshot, under path: [Int], inside: Bool) -> [SnapshotParticle] {
    s.particles.filter { $0.identity.cellPath.starts(with: path) == inside }
}

private func biMaxAbs(_ v: SIMD3<Double>) -> Double { max(abs(v.x), abs(v.y), abs(v.z)) }
private func biMaxAbs(_ v: SIMD4<Double>) -> Double { max(abs(v.x), abs(v.y), abs(v.z), abs(v.w)) }

/// Same identities and (to rounding) the same attributes.
private func biSameParticles(_ a: [SnapshotParticle], _ b: [SnapshotParticle]) -> String? {
    guard a.map(\.identity) == b.map(\.identity) else { return "\(a.count) particles vs \(b.count) (identities differ)" }
    for (p, q) in zip(a, b) {
        let d = [biMaxAbs(p.position - q.position), biMaxAbs(p.velocity - q.velocity), abs(p.scale - q.scale),
                 abs(p.angle - q.angle), biMaxAbs(p.color - q.color), abs(p.age - q.age), abs(p.lifetime - q.lifetime)]
        if !d.allSatisfy({ $0 <= 1e-9 }) || p.frame != q.frame { return "\(p.identity) differs: \(p) vs \(q)" }
    }
    return nil
}

private func biExpectDiagnostic(_ s: ParticleSnapshot, keyPath: String, _ context: String,
                              sourceLocation: SourceLocation = #_sourceLocation) {
    let hit = s.diagnostics.first { $0.keyPath == keyPath }
    #expect(hit != nil, "\(context): no diagnostic names '\(keyPath)'; got \(s.diagnostics.map(\.description))",
            sourceLocation: sourceLocation)
    if let hit {
        #expect(!hit.value.isEmpty && !hit.rule.isEmpty, "\(context): empty value or rule in \(hit)",
                sourceLocation: sourceLocation)
    }
}

// MARK: - Table of bad values

/// What a bad value must do (besides never producing NaN/∞ and being reported).
enum BadInputEffect: Sendable {
    /// Identical particles to the healthy layer (the value has a defined meaning equal to the default).
    case same
    /// The cell subtree at this index path emits nothing; every other particle is unchanged.
    case silent([Int])
    /// The layer emits nothing.
    case allSilent
    /// Only the rest of the layer is checked: particles outside this subtree are unchanged.
    case othersUnchanged([Int])
}

struct BadInputCase: Sendable, CustomStringConvertible {
    var path: String
    var value: Double
    /// The key path the diagnostic must name; nil when the value is valid (no report needed).
    var diagnostic: String?
    var effect: BadInputEffect
    var description: String { "\(path) = \(value)" }
}

private let biNonFinite: [Double] = [.nan, .infinity, -.infinity]

private func biCases(_ prefix: String, _ keys: [String], _ values: [Double], report: Bool = true,
                   _ effect: BadInputEffect) -> [BadInputCase] {
    keys.flatMap { k in values.map { BadInputCase(path: prefix + k, value: $0, diagnostic: report ? prefix + k : nil, effect: effect) } }
}

/// Numeric cell properties that have no meaning when non-finite: the cell must emit nothing.
private let biCellEmitKeys = [
    "birthRate", "lifetime", "lifetimeRange", "emissionLatitude", "emissionLongitude", "emissionRange", "velocity",
    "velocityRange", "xAcceleration", "yAcceleration", "zAcceleration", "scale", "scaleRange", "scaleSpeed", "spin",
    "spinRange", "rotation", "rotationRange", "color.red", "color.green", "color.blue", "color.alpha", "redRange",
    "greenRange", "blueRange", "alphaRange", "redSpeed", "greenSpeed", "blueSpeed", "alphaSpeed",
]

private let biCellCases: [BadInputCase] = {
    let fire = "emitterCells.fire.", ember = "emitterCells.fire.emitterCells.ember."
    var c = biCases(fire, biCellEmitKeys, biNonFinite, .silent([0]))
    c += biCases(fire, ["birthRate", "lifetime"], [-5], .silent([0]))
    c += biCases(fire, ["birthRate"], [1e12, Double(Float.greatestFiniteMagnitude)], .silent([0]))
    c += biCases(ember, ["birthRate", "lifetime", "velocity", "color.alpha"], biNonFinite + [-1], .silent([0, 0]))
        .filter { !($0.path.hasSuffix("velocity") || $0.path.hasSuffix("alpha")) || !$0.value.isFinite }
    c += biCases(fire, ["contentsScale"], biNonFinite + [0, -2], .same)
    // Drawing-only values: reported; the simulation of the other cells is unaffected.
    c += biCases(fire, ["minificationFilterBias", "contentsRect.origin.x", "contentsRect.origin.y",
                      "contentsRect.size.width", "contentsRect.size.height"], biNonFinite, .othersUnchanged([0]))
    // Sprite sheets (Semantics §10): reported and replaced; positions, scales and colours unchanged.
    c += biCases(fire, ["spriteColumns", "spriteRows"], biNonFinite + [0, -3], .same)
    c += biCases(fire, ["spriteFrameCount", "spriteFrameRate"], biNonFinite + [-2], .same)
    c += biCases(fire, ["spriteFrameCount"], [5], .same)            // more than the 1 × 1 grid holds
    // Media timing (MediaTiming's documented replacements).
    c += biCases(fire, ["beginTime", "timeOffset"], biNonFinite, .same)
    c += biCases(fire, ["duration", "repeatCount", "repeatDuration"], [.nan, -.infinity, -1], .same)
    c += biCases(fire, ["duration", "repeatCount", "repeatDuration"], [.infinity], report: false, .same)
    c += biCases(fire, ["speed"], biNonFinite + [-1], .silent([0]))
    return c
}()

private let biLayerCases: [BadInputCase] = {
    var c = biCases("", ["birthRate", "lifetime", "velocity", "scale", "spin", "emitterPosition.x", "emitterPosition.y",
                       "emitterZPosition", "emitterSize.width", "emitterSize.height", "emitterDepth"], biNonFinite, .allSilent)
    c += biCases("", ["birthRate", "lifetime"], [-1], .allSilent)
    c += [BadInputCase(path: "emitterSize.width", value: -40, diagnostic: "emitterSize.width", effect: .same),
          BadInputCase(path: "emitterSize.height", value: -20, diagnostic: "emitterSize.height", effect: .same),
          BadInputCase(path: "emitterDepth", value: -10, diagnostic: "emitterDepth", effect: .same)]
    c += biCases("", ["beginTime", "timeOffset"], biNonFinite, .same)
    c += biCases("", ["duration", "repeatCount", "repeatDuration"], [.nan, -.infinity, -1], .same)
    c += biCases("", ["speed"], biNonFinite + [-1], .allSilent)
    return c
}()

private func biCheck(_ bad: BadInputCase) throws {
    let baseline = try badInputRun(badInputLayer())
    #expect(!baseline.particles(inCell: [0]).isEmpty && !baseline.particles(inCell: [0, 0]).isEmpty
            && !baseline.particles(inCell: [1]).isEmpty, "healthy layer must show fire, ember and smoke")
    let layer = badInputLayer()
    do { try layer.validateAndSetValue(bad.value, forKeyPath: bad.path) } catch {
        Issue.record("\(bad): setValue threw \(error)")
        return
    }
    let s = try badInputRun(layer)
    let leaks = biNonFiniteAttributes(s)
    #expect(leaks.isEmpty, "\(bad): non-finite particle values: \(leaks.prefix(3))")
    if let keyPath = bad.diagnostic { biExpectDiagnostic(s, keyPath: keyPath, "\(bad)") }
    switch bad.effect {
    case .same:
        let d = biSameParticles(s.particles, baseline.particles)
        #expect(d == nil, "\(bad): expected the healthy layer's particles, \(d ?? "")")
    case let .silent(path):
        let inside = biParticles(s, under: path, inside: true)
        #expect(inside.isEmpty, "\(bad): cell \(path) should emit nothing, has \(inside.count) particles")
        let d = biSameParticles(biParticles(s, under: path, inside: false), biParticles(baseline, under: path, inside: false))
        #expect(d == nil, "\(bad): other cells changed: \(d ?? "")")
    case .allSilent:
        #expect(s.particles.isEmpty, "\(bad): layer should emit nothing, has \(s.particles.count) particles")
    case let .othersUnchanged(path):
        let d = biSameParticles(biParticles(s, under: path, inside: false), biParticles(baseline, under: path, inside: false))
        #expect(d == nil, "\(bad): other cells changed: \(d ?? "")")
    }
}

/// Semantics §11 bad input and §3 capacity, on the reference simulator.
@Suite struct BadInputTests {
    @Test(arguments: biCellCases) func badCellValue(_ bad: BadInputCase) throws { try biCheck(bad) }

    @Test(arguments: biLayerCases) func badLayerValue(_ bad: BadInputCase) throws { try biCheck(bad) }

    @Test func absurdLayerBirthRateEmitsNothingAndIsReported() throws {
        let layer = badInputLayer()
        layer.birthRate = .greatestFiniteMagnitude
        let s = try badInputRun(layer)
        #expect(biNonFiniteAttributes(s).isEmpty, "layer.birthRate = max: non-finite particles")
        #expect(s.particles(inCell: [0]).isEmpty && s.particles(inCell: [1]).isEmpty,
                "layer.birthRate = \(layer.birthRate): \(s.particles.count) particles, expected none")
        #expect(s.diagnostics.contains { $0.keyPath.hasSuffix("birthRate") && !$0.rule.isEmpty },
                "layer.birthRate = max: no birthRate diagnostic in \(s.diagnostics.map(\.description))")
    }

    /// Huge *finite* values (CGFloat near its maximum) must not overflow into ∞/NaN particles
    /// (Semantics §11: live values stay finite) and are reported with their key path.
    @Test(arguments: ["velocity", "xAcceleration", "scaleSpeed", "spin"])
    func hugeFiniteCellValueStaysFiniteAndIsReported(_ key: String) throws {
        let layer = badInputLayer()
        layer.setValue(4, forKeyPath: "emitterCells.fire.lifetime")   // 1e308 × age ≥ 1.8 overflows
        layer.setValue(1e308, forKeyPath: "emitterCells.fire." + key)
        let s = try badInputRun(layer)
        let leaks = biNonFiniteAttributes(s)
        #expect(leaks.isEmpty, "fire.\(key) = 1e308: non-finite particles \(leaks.prefix(2))")
        #expect(s.diagnostics.contains { $0.keyPath == "emitterCells.fire." + key },
                "fire.\(key) = 1e308 is not reported: \(s.diagnostics)")
        #expect(!s.particles.isEmpty, "fire.\(key) = 1e308: the test needs live particles to check")
    }

    // MARK: - Cycles

    @Test func cellContainingItselfIsReportedAndIgnored() throws {
        func make(cycle: Bool) -> EmitterLayer {
            let a = EmitterCell(), b = EmitterCell()
            a.birthRate = 10; a.lifetime = 1; a.velocity = 20
            b.birthRate = 5; b.lifetime = 1
            if cycle { a.emitterCells = [a] }
            let layer = EmitterLayer()
            layer.emitterCells = [a, b]
            return layer
        }
        let s = try badInputRun(make(cycle: true)), clean = try badInputRun(make(cycle: false))
        #expect(biNonFiniteAttributes(s).isEmpty, "self-cycle: non-finite particles")
        biExpectDiagnostic(s, keyPath: "emitterCells[0].emitterCells[0]", "cell inside its own emitterCells")
        #expect(s.particles(inCell: [0, 0]).isEmpty, "self-cycle: the inner reference emitted \(s.particles(inCell: [0, 0]).count)")
        let d = biSameParticles(s.particles, clean.particles)
        #expect(d == nil, "self-cycle: cells 0 and 1 must behave as without the cycle: \(d ?? "")")
        #expect(!s.particles(inCell: [0]).isEmpty, "self-cycle: the outer cell must still emit")
    }

    @Test func indirectCycleIsReportedAndIgnored() throws {
        let a = EmitterCell(name: "a"), b = EmitterCell(name: "b")
        a.birthRate = 10; a.lifetime = 1; a.velocity = 20
        b.birthRate = 4; b.lifetime = 0.5
        a.emitterCells = [b]
        b.emitterCells = [a]
        let layer = EmitterLayer()
        layer.emitterCells = [a]
        let s = try badInputRun(layer)
        #expect(biNonFiniteAttributes(s).isEmpty, "a→b→a: non-finite particles")
        biExpectDiagnostic(s, keyPath: "emitterCells.a.emitterCells.b.emitterCells.a", "a→b→a cycle")
        #expect(s.particles(inCell: [0, 0, 0]).isEmpty, "a→b→a: inner a emitted \(s.particles(inCell: [0, 0, 0]).count)")
        #expect(!s.particles(inCell: [0]).isEmpty && !s.particles(inCell: [0, 0]).isEmpty,
                "a→b→a: a and its sub-cell b must still emit: \(s.particles(inCell: [0]).count), \(s.particles(inCell: [0, 0]).count)")
    }

    // MARK: - Host time and live particles

    @Test func nonFiniteHostTimeIsIgnoredAndReported() throws {
        let sim = ReferenceSimulator(layer: badInputLayer())
        for t in badInputFrames(1) { try sim.advance(to: t) }
        let before = try sim.snapshot()
        for bad in biNonFinite {
            try sim.advance(to: bad)
            let s = try sim.snapshot()
            #expect(biNonFiniteAttributes(s).isEmpty, "advance(to: \(bad)): non-finite particles")
            biExpectDiagnostic(s, keyPath: "hostTime", "advance(to: \(bad))")
            let d = biSameParticles(s.particles, before.particles)
            #expect(d == nil, "advance(to: \(bad)) changed the particles: \(d ?? "")")
            #expect(s.hostTime.isFinite && s.layerTime?.isFinite ?? true, "advance(to: \(bad)): snapshot times \(s.hostTime), \(String(describing: s.layerTime))")
        }
        for t in badInputFrames(1, from: 1) { try sim.advance(to: t) }
        let d = biSameParticles(try sim.snapshot().particles, try badInputRun(badInputLayer()).particles)
        #expect(d == nil, "after ignored non-finite host times the run must match a clean one: \(d ?? "")")
        let fresh = ReferenceSimulator(layer: badInputLayer())
        try fresh.advance(to: .nan)
        #expect(try fresh.snapshot().particles.isEmpty, "a first advance(to: NaN) must create nothing")
    }

    @Test(arguments: ["xAcceleration", "yAcceleration", "zAcceleration", "redSpeed", "alphaSpeed"], biNonFinite)
    func nonFiniteLiveValueKeepsLiveParticlesFinite(_ key: String, _ value: Double) throws {
        let layer = badInputLayer()
        let sim = ReferenceSimulator(layer: layer)
        for t in badInputFrames(1) { try sim.advance(to: t) }
        let live = try sim.snapshot().particles(inCell: [0])
        #expect(!live.isEmpty, "fire must have live particles before the edit")
        let lastSerial = live.map(\.identity.serial).max() ?? 0
        layer.setValue(value, forKeyPath: "emitterCells.fire." + key)
        for t in badInputFrames(1, from: 1) {
            try sim.advance(to: t)
            let leaks = biNonFiniteAttributes(try sim.snapshot())
            #expect(leaks.isEmpty, "fire.\(key) = \(value) at t=\(t): \(leaks.prefix(3))")
            if !leaks.isEmpty { break }
        }
        let s = try sim.snapshot()
        biExpectDiagnostic(s, keyPath: "emitterCells.fire." + key, "live fire.\(key) = \(value)")
        let newer = s.particles(inCell: [0]).filter { $0.identity.serial > lastSerial }
        #expect(newer.isEmpty, "fire.\(key) = \(value): the cell must emit nothing, \(newer.count) new particles")
    }

    // MARK: - Capacity (Semantics §3)

    @Test func capacityKeepsTheOldestCountsAndReportsTheDropped() throws {
        let fire = EmitterCell(name: "fire")
        fire.birthRate = 1000; fire.lifetime = 10
        let other = EmitterCell(name: "other")
        other.birthRate = 10; other.lifetime = 10
        let layer = EmitterLayer()
        layer.emitterCells = [fire, other]
        let limit = 50
        let sim = ReferenceSimulator(layer: layer, limits: SimulationLimits(maxParticlesPerCell: limit))
        var maxLive = 0
        // One 0.1 s update first (100 births at once: 50 fit, the newest 50 must go), then 60 fps.
        for t in [0, 0.1] + badInputFrames(2).filter({ $0 > 0.1 }) {
            try sim.advance(to: t)
            maxLive = max(maxLive, try sim.snapshot().particles(inCell: [0]).count)
        }
        let s = try sim.snapshot()
        #expect(maxLive <= limit, "live fire particles reached \(maxLive) > limit \(limit)")
        let serials = s.particles(inCell: [0]).map(\.identity.serial).sorted()
        #expect(serials == Array(1...UInt32(limit)), "kept serials must be the oldest 1…\(limit): \(serials.prefix(8))…\(serials.suffix(3))")
        // 2 s at 1000/s: 2000 births, 50 created (none die within 10 s), 1950 dropped.
        #expect(s.counters.born == UInt64(limit + 20), "born \(s.counters.born), expected \(limit) fire + 20 other")
        #expect(s.counters.dropped == 2000 - UInt64(limit), "dropped \(s.counters.dropped), expected \(2000 - limit)")
        #expect(s.particles(inCell: [1]).count == 20, "the other cell must be unaffected: \(s.particles(inCell: [1]).count)")
        let d = s.diagnostics.first { $0.effect == .birthsDropped }
        #expect(d?.keyPath == "emitterCells.fire", "birthsDropped diagnostic: \(String(describing: d))")
        #expect(!(d?.value.isEmpty ?? true) && !(d?.rule.isEmpty ?? true), "birthsDropped value/rule: \(String(describing: d))")
        #expect(!s.diagnostics.contains { $0.effect == .birthsDropped && $0.keyPath == "emitterCells.other" },
                "the other cell dropped nothing but was reported")
    }
}

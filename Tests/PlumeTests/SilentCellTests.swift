import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Cells that can never show, and top-level `beginTime`s read off the host clock, are reported once
/// with the key path to change (issue 28, items 1 and 6; Semantics §8 and §11).
@Suite struct SilentCellTests {
    /// A layer with one cell named "spark" that shows: a drawn image, a lifetime, a rate.
    static func layer(_ edit: (EmitterCell) -> Void = { _ in }) -> EmitterLayer {
        let cell = EmitterCell(name: "spark")
        cell.birthRate = 20
        cell.lifetime = 1
        cell.contents = .builtin(.spark, size: 8)
        edit(cell)
        let layer = EmitterLayer()
        layer.emitterCells = [cell]
        return layer
    }

    /// The diagnostics of each update of a reference simulator over `times`.
    static func reports(_ layer: EmitterLayer, times: [Double]) throws -> [[Diagnostic]] {
        let simulator = ReferenceSimulator(layer: layer)
        return try times.map { t in
            try simulator.advance(to: t)
            return simulator.diagnostics
        }
    }

    /// Edits of the cell "spark" of ``layer(_:)``.
    enum Edit: String, CaseIterable, Sendable {
        case lifetime0, birthRate0, noImage, alpha0, alphaBelow0
        case fadingIn, alphaSpread, noImageButSubCells, lifetimeSpread, hiddenOnPurpose

        func apply(_ c: EmitterCell) {
            switch self {
            case .lifetime0: c.lifetime = 0
            case .birthRate0: c.birthRate = 0
            case .noImage: c.contents = nil
            case .alpha0: c.color = Color(red: 1, green: 1, blue: 1, alpha: 0)
            case .alphaBelow0: c.color = Color(red: 1, green: 1, blue: 1, alpha: -0.2); c.alphaRange = 0.4
            case .fadingIn: c.color = Color(red: 1, green: 1, blue: 1, alpha: 0); c.alphaSpeed = 1
            case .alphaSpread: c.color = Color(red: 1, green: 1, blue: 1, alpha: 0); c.alphaRange = 0.5
            case .noImageButSubCells: c.contents = nil; c.emitterCells = [SilentCellTests.layer().emitterCells![0]]
            case .lifetimeSpread: c.lifetime = 0; c.lifetimeRange = 0.5
            case .hiddenOnPurpose: c.contents = nil; c.isEnabled = false
            }
        }

        /// The key path reported, or nil when the cell can show.
        var keyPath: String? {
            switch self {
            case .lifetime0: return "emitterCells.spark.lifetime"
            case .birthRate0: return "emitterCells.spark.birthRate"
            case .noImage: return "emitterCells.spark.contents"
            case .alpha0, .alphaBelow0: return "emitterCells.spark.color.alpha"
            case .fadingIn, .alphaSpread, .noImageButSubCells, .lifetimeSpread, .hiddenOnPurpose: return nil
            }
        }
    }

    @Test(arguments: Edit.allCases)
    func aCellThatCanNeverShowIsReportedOnceAndOnlyThen(_ edit: Edit) throws {
        let updates = try Self.reports(Self.layer(edit.apply), times: frames(fps: 30, until: 1))
        guard let keyPath = edit.keyPath else {
            #expect(updates.allSatisfy { $0.isEmpty }, "\(edit): the cell can show: \(updates.flatMap { $0 })")
            return
        }
        let hits = updates.map { $0.filter { $0.keyPath == keyPath } }
        #expect(hits[0].count == 1 && updates[0].count == 1, "\(edit): the first update does not report \(keyPath) alone: \(updates[0])")
        #expect(hits.dropFirst().allSatisfy { $0.isEmpty }, "\(edit): reported again: \(hits.map(\.count))")
    }

    @Test func theLayersMultipliersAtZeroAreReportedOnTheLayer() throws {
        let noRate = Self.layer()
        noRate.birthRate = 0
        let rate = try Self.reports(noRate, times: [0])[0].map(\.keyPath)
        #expect(rate == ["birthRate"])
        let noLife = Self.layer()
        noLife.lifetime = 0
        let life = try Self.reports(noLife, times: [0])[0].map(\.keyPath)
        #expect(life == ["lifetime"])
    }

    @Test func aCellAlreadyReportedAsInvalidIsNotReportedAgain() throws {
        let updates = try Self.reports(Self.layer { $0.lifetime = -1 }, times: [0])
        #expect(updates[0].map(\.keyPath) == ["emitterCells.spark.lifetime"] && updates[0][0].effect == .cellEmitsNothing,
                "\(updates[0])")
    }

    @Test func noPresetHasACellThatCannotShow() {
        for preset in Preset.allCases {
            let layer = preset.makeLayer()
            #expect(ResolvedLayer(layer).silentCells(of: layer).isEmpty, "\(preset): \(ResolvedLayer(layer).silentCells(of: layer))")
        }
    }

    // MARK: beginTime on the host clock (item 1)

    /// The ship example's explosion with a real clock: the layer starts at host time 5000; at 5010 the
    /// game starts a 0.15 s burst, with `beginTime` from the host clock or from the layer's time.
    private func burst(beginTime: (_ host: Double, _ layerTime: Double) -> Double) throws
        -> (diagnostics: [Diagnostic], born: UInt64) {
        let layer = Self.layer { $0.birthRate = 0 }
        let burst = EmitterCell(name: "burst")
        burst.lifetime = 1
        burst.contents = .builtin(.star, size: 8)
        layer.emitterCells!.append(burst)
        let simulator = ReferenceSimulator(layer: layer)
        var seen: [Diagnostic] = []
        for t in frames(fps: 60, until: 5010, from: 5000) {
            try simulator.advance(to: t)
            seen += simulator.diagnostics
        }
        burst.beginTime = beginTime(5010, try #require(simulator.layerTime))
        burst.duration = 0.15
        burst.birthRate = 300
        for t in frames(fps: 60, until: 5011, from: 5010).dropFirst() {
            try simulator.advance(to: t)
            seen += simulator.diagnostics
        }
        // The cells waiting at birthRate 0 are reported at the first update (and only then).
        let waiting = seen.filter { $0.keyPath.hasSuffix(".birthRate") }
        #expect(waiting.map(\.keyPath) == ["emitterCells.spark.birthRate", "emitterCells.burst.birthRate"], "\(waiting)")
        return (seen.filter { !$0.keyPath.hasSuffix(".birthRate") }, simulator.counters.born)
    }

    @Test func aBeginTimeReadOffTheHostClockIsReportedOnce() throws {
        let (diagnostics, born) = try burst { host, _ in host }
        #expect(born == 0, "the burst is due at layer time 5010")
        #expect(diagnostics.map(\.keyPath) == ["emitterCells.burst.beginTime"], "\(diagnostics)")
        #expect(diagnostics.first?.rule.contains("layer time, not host time") == true, "\(diagnostics)")
    }

    @Test func aBeginTimeInLayerTimeBurstsNow() throws {
        let (diagnostics, born) = try burst { _, layerTime in layerTime }
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect((40...46).contains(born), "300/s for 0.15 s: \(born) births")
    }

    @Test func aCellScheduledInLayerTimeIsNotReported() throws {
        // A game clock from 0 (host ≈ layer time), and one far from it: a cell due at layer time 30.
        for start in [0.0, 5000] {
            let layer = Self.layer()
            layer.emitterCells![0].beginTime = 30
            let updates = try Self.reports(layer, times: frames(fps: 10, until: start + 12, from: start))
            #expect(updates.allSatisfy { $0.isEmpty }, "clock from \(start): \(updates.flatMap { $0 })")
        }
    }

    // MARK: validate (item 6)

    @Test func validateListsASilentCellAsAWarning() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("silent-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: file) }
        try Data(#"""
            { "format": "plume-effect", "version": 1, "layer": { "emitterCells": [
              { "name": "spark", "birthRate": 5, "lifetme": 2, "contents": "spark" } ] } }
            """#.utf8).write(to: file)
        let issues = EffectFile.validate(contentsOf: file)
        let silent = issues.filter { $0.path == "$.layer.emitterCells[0].lifetime" }
        #expect(silent.count == 1 && silent[0].severity == .warning, "\(issues)")
        #expect(silent.first?.message.hasPrefix("emitterCells.spark.lifetime = 0.0: every particle dies at birth") == true,
                "\(issues)")
        let loaded = try EffectFile.read(from: file)
        #expect(loaded.layer.emitterCells?.count == 1, "the file still loads")
    }
}

import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Hot reload: a file rewritten under a running simulator.
@Suite struct EffectWatcherTests {
    func temporaryFile(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plume-watch-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.appendingPathComponent("effect.json")
    }

    @Test func reloadKeepsLiveParticlesAndReportsBadSaves() throws {
        let url = try temporaryFile("reload")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let original = Preset.fire.makeLayer()
        try EffectFile.write(original, to: url)

        let watcher = EffectWatcher(url: url)
        let layer = EmitterLayer()
        guard case .loaded? = watcher.poll(applyingTo: layer) else {
            Issue.record("the first poll loads the file")
            return
        }
        #expect(watcher.poll() == nil, "no change, no event")
        let sim = ReferenceSimulator(layer: layer)
        for t in frames(fps: 30, until: 2) { try sim.advance(to: t) }
        let before = try sim.snapshot()
        #expect(before.particles.count > 40)

        // Save a new acceleration and colour: the live particles stay, and bend from now on.
        let edited = Preset.fire.makeLayer()
        edited.emitterCells?[0].xAcceleration = 400
        edited.emitterCells?[0].color = Color(red: 0, green: 0, blue: 1, alpha: 1)
        try EffectFile.write(edited, to: url)
        guard case .loaded? = watcher.poll(applyingTo: layer) else {
            Issue.record("the edited file reloads")
            return
        }
        #expect(layer.emitterCells?[0].xAcceleration == 400)
        try sim.advance(to: 2 + 1.0 / 30)
        let after = try sim.snapshot()
        let beforeIDs = Set(before.particles.map(\.identity))
        let kept = after.particles.filter { beforeIDs.contains($0.identity) }
        #expect(kept.count >= before.particles.count - 3, "live particles kept: \(kept.count) of \(before.particles.count)")
        let old = Dictionary(uniqueKeysWithValues: before.particles.map { ($0.identity, $0) })
        #expect(kept.allSatisfy { $0.velocity.x > old[$0.identity]!.velocity.x + 10 }, "the new acceleration bends live particles")

        // A bad save is reported; the simulation goes on with the last good values.
        try Data("{\"format\": \"plume-effect\", \"version\": 1, \"layer\": {\"birthRate\": -1,".utf8).write(to: url)
        guard case let .failed(error)? = watcher.poll(applyingTo: layer) else {
            Issue.record("a bad save is reported")
            return
        }
        #expect(error.description.contains("malformed JSON"), "\(error)")
        #expect(layer.birthRate == 1 && layer.emitterCells?[0].xAcceleration == 400)
        try sim.advance(to: 2.5)
        #expect(try sim.snapshot().particles.count > 40, "the simulation keeps running")

        // Repairing the file reloads it; a save with more cells keeps the particles of cell 0.
        let more = Preset.fire.makeLayer()
        more.emitterCells?.append(EmitterCell(name: "extra"))
        try EffectFile.write(more, to: url)
        guard case .loaded? = watcher.poll(applyingTo: layer) else {
            Issue.record("the repaired file reloads")
            return
        }
        #expect(layer.emitterCells?.count == 2 && watcher.lastError == nil)
        let live = Set(try sim.snapshot().particles.map(\.identity))
        try sim.advance(to: 2.5 + 1.0 / 30)
        let next = Set(try sim.snapshot().particles.map(\.identity))
        #expect(live.intersection(next).count >= live.count - 3, "particles of cell 0 survive a structural change")
    }

    /// An editor that saves in place truncates the file, then writes it: the empty file between
    /// the two is not reported (`EffectWatcher.writeSettling`), one that stays empty is.
    @Test func anInPlaceSaveUnderWayIsNotAnError() throws {
        let url = try temporaryFile("in-place")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        try EffectFile.write(Preset.fire.makeLayer(), to: url)
        let watcher = EffectWatcher(url: url)
        watcher.settling = 60   // the default second, on a machine that may stall between two lines
        guard case .loaded? = watcher.poll() else {
            Issue.record("the first poll loads the file")
            return
        }
        // Truncated in place (an empty file just modified): nothing to report yet.
        let handle = try FileHandle(forWritingTo: url)
        try handle.truncate(atOffset: 0)
        #expect(watcher.poll() == nil && watcher.lastError == nil, "an empty file mid-save reported: \(String(describing: watcher.lastError))")
        // The new content, written into the same file: it loads.
        let edited = Preset.fire.makeLayer()
        edited.emitterCells?[0].birthRate = 77
        let data = try EffectFile.encode(edited)
        try handle.write(contentsOf: data)
        try handle.close()
        guard case let .loaded(document)? = watcher.poll() else {
            Issue.record("the save in place loads")
            return
        }
        #expect(document.layer.emitterCells?[0].birthRate == 77 && watcher.lastError == nil)
        // A file left empty past the settling time is a bad save, reported as such.
        try Data().write(to: url)
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -(watcher.settling + 1))],
                                              ofItemAtPath: url.path)
        guard case let .failed(error)? = watcher.poll() else {
            Issue.record("a file left empty is reported")
            return
        }
        #expect(error.description.contains("malformed JSON"), "\(error)")
    }

    @Test func deletedFileIsReportedOnceAndWaitTimesOut() throws {
        let url = try temporaryFile("delete")
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let watcher = EffectWatcher(url: url)
        guard case .failed? = watcher.poll() else {
            Issue.record("a missing file is reported")
            return
        }
        #expect(watcher.poll() == nil, "reported once")
        let clock = ContinuousClock()
        let start = clock.now
        #expect(watcher.wait(timeout: .milliseconds(300), interval: .milliseconds(50)) == nil)
        #expect(clock.now - start >= .milliseconds(300))
        try EffectFile.write(Preset.smoke.makeLayer(), to: url)
        guard case .loaded? = watcher.wait(timeout: .seconds(5)) else {
            Issue.record("the new file is seen")
            return
        }
    }
}

extension EffectWatcher.Event: Equatable {
    public static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.loaded, .loaded): return true
        case let (.failed(x), .failed(y)): return x == y
        default: return false
        }
    }
}

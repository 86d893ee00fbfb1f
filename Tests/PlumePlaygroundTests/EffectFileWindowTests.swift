import Foundation
import Plume
import PlumePlayground
import Testing

/// Effect files in the playground: saving from the inspector, hot reload, and a bad save.
@Suite(.serialized, .disabled(if: ProcessInfo.processInfo.environment["PLUME_SKIP_GPU"] == "1", "PLUME_SKIP_GPU=1"))
struct EffectFileWindowTests {
    private func launch(_ session: XSession, _ arguments: [String]) throws -> (String, StateFile) {
        let state = StateFile(path: session.directory.appendingPathComponent("state.json").path)
        try session.start(try XSession.product("plume"), ["play"] + arguments + ["--state-file", state.path, "--no-vsync"])
        try state.wait("the first frames") { $0.frame >= 5 }
        return (try session.window(titled: "Plume Playground"), state)
    }

    @Test func saveFromTheInspectorWritesAFileThatLoadsAgain() throws {
        let session = try XSession()
        let (window, state) = try launch(session, ["fire", "--size", "960x600"])
        let ready = try state.wait("the inspector and the rate bar") { $0.controls["Save"] != nil && $0.controls["Rate slider"] != nil }
        // Change the rate with the slider, move the fire with a click, then press Save.
        let slider = ready.controls["Rate slider"]!
        try session.click(window: window, x: Double(slider[0] + slider[2] * 0.6), y: Double(slider[1] + slider[3] / 2))
        let rated = try state.wait("the slider") { $0.rate > 40 }
        try session.click(window: window, x: 300, y: 400)
        let moved = try state.wait("the click's animation to end") { $0.emitterPosition == [300, 400] }
        let save = try #require(moved.controls["Save"])
        try session.click(window: window, x: Double(save[0] + save[2] / 2), y: Double(save[1] + save[3] / 2))
        let saved = try state.wait("the save") { $0.saves == 1 }
        let path = session.directory.appendingPathComponent("effect.json").path
        #expect(saved.error == nil, "save failed: \(saved.error ?? "")")
        #expect(saved.effectFile == path, "now playing \(String(describing: saved.effectFile)), saved \(path)")

        // The file loads again, with what the window showed: the slider's rate, the fire where it
        // was clicked, and everything else as in the preset.
        let loaded = try EffectFile.load(from: URL(fileURLWithPath: path))
        let preset = Preset.fire.makeLayer(size: CGSize(width: 960, height: 600))
        let cell = try #require(loaded.emitterCells?.first)
        let original = try #require(preset.emitterCells?.first)
        #expect(cell.name == "fire" && cell.birthRate == rated.rate, "birthRate \(cell.birthRate), slider \(rated.rate)")
        #expect(loaded.emitterPosition == CGPoint(x: 300, y: 400), "saved at \(loaded.emitterPosition)")
        #expect(loaded.renderMode == .additive && loaded.emitterShape == .rectangle && loaded.emitterSize == preset.emitterSize)
        #expect(cell.velocity == original.velocity && cell.emissionLongitude == original.emissionLongitude
                && cell.color == original.color && cell.lifetime == original.lifetime && cell.contents == original.contents)
        #expect(loaded.animationKeys().isEmpty, "the click animation was saved: \(loaded.animationKeys())")

        // And `plume play` plays it.
        let again = try session.run(try XSession.product("plume"), ["play", path, "--frames", "10", "--size", "320x240"])
        #expect(again.status == 0, "plume play \(path): \(again.output)")
    }

    @Test func aBadSaveShowsItsErrorAndTheLastGoodEffectKeepsRunning() throws {
        let session = try XSession()
        let file = session.directory.appendingPathComponent("fire.json")
        try EffectFile.write(Preset.fire.makeLayer(size: CGSize(width: 640, height: 480)), to: file)
        let (window, state) = try launch(session, [file.path, "--size", "640x480", "--no-inspector"])
        let running = try state.wait("fire from the file") { $0.time > 2 && ($0.liveCounts["fire"] ?? 0) > 30 }
        #expect(running.effectFile == file.path && running.rate == 30)

        // An editor saves a broken file: the error shows, the fire goes on.
        try Data("{ \"format\": \"plume-effect\", \"version\": 1, \"emitterCells\": [ { \"birthRate\": ".utf8).write(to: file)
        let broken = try state.wait("the error") { $0.error != nil }
        #expect(broken.error!.contains("reload failed") && broken.error!.contains(file.path), "error: \(broken.error!)")
        let later = try state.wait("fire after the bad save") { $0.time > broken.time + 1 }
        #expect((later.liveCounts["fire"] ?? 0) > 30 && later.rate == 30 && later.error != nil,
                "after the bad save: \(later.liveCounts), rate \(later.rate)")
        // The error is on screen: a reddish title over the effect at the top.
        try session.xdotool("mousemove", "--window", window, "600", "300")
        try session.xdotool("key", "F12")
        let shot = try state.wait("a screenshot") { !$0.screenshots.isEmpty }
        let picture = try Picture(session.directory.appendingPathComponent(shot.screenshots[0]).path)
        var reddish = 0
        for y in 8..<40 { for x in 0..<640 {
            let i = (y * picture.image.width + x) * 4
            if picture.image.pixels[i] > 200 && picture.image.pixels[i + 1] < 120 && picture.image.pixels[i + 2] < 120 { reddish += 1 }
        } }
        #expect(reddish > 20, "no red error title at the top of the window")

        // A good save is applied in place: the error goes, the new rate shows.
        let fixed = Preset.fire.makeLayer(size: CGSize(width: 640, height: 480))
        fixed.emitterCells?.first?.birthRate = 60
        try EffectFile.write(fixed, to: file)
        let reloaded = try state.wait("the good save") { $0.error == nil && $0.rate == 60 }
        #expect(reloaded.effectLoads >= 2)
        try state.wait("more fire at 60/s") { ($0.liveCounts["fire"] ?? 0) > later.liveCounts["fire"]! + 20 }
    }

    @Test func playsTheExampleEffectFilesAndImportsAParticleDesignerFile() throws {
        let session = try XSession()
        let examples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Effects")
        for name in ["campfire.json", "sparkles.plist"] {
            let file = examples.appendingPathComponent(name).path
            let state = StateFile(path: session.directory.appendingPathComponent("\(name).state").path)
            let process = try session.start(try XSession.product("plume"),
                                            ["play", file, "--size", "640x480", "--no-vsync", "--state-file", state.path])
            let running = try state.wait("a second of \(name)") { $0.time > 1 && $0.countTime > 0.9 }
            #expect(running.effectFile == file && running.error == nil, "\(name): \(String(describing: running.error))")
            #expect(running.liveTotal > 0, "\(name) shows no particles after \(running.countTime) s")
            kill(process.processIdentifier, SIGKILL)   // children of the test runner inherit a mask blocking SIGTERM
            process.waitUntilExit()
        }
    }

    @Test func aMissingOrInvalidFileIsAClearError() throws {
        let session = try XSession()
        let bad = session.directory.appendingPathComponent("bad.json")
        try Data("[1, 2".utf8).write(to: bad)
        for path in [bad.path, session.directory.appendingPathComponent("missing.json").path] {
            let result = try session.run(try XSession.product("plume"), ["play", path, "--frames", "3"])
            #expect(result.status != 0 && result.status < 128, "\(path): exit status \(result.status)")
            #expect(result.output.contains(path), "\(path): \(result.output)")
        }
    }
}

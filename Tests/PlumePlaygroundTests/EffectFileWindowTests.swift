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
        // A preset saves into --save-directory (made when missing), never the working folder.
        let folder = session.directory.appendingPathComponent("saved/effects")
        let (window, state) = try launch(session, ["fire", "--size", "960x600", "--save-directory", folder.path])
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
        let path = folder.appendingPathComponent("fire.json").path
        #expect(saved.error == nil, "save failed: \(saved.error ?? "")")
        #expect(saved.effectFile == path, "now playing \(String(describing: saved.effectFile)), saved \(path)")
        #expect(!FileManager.default.fileExists(atPath: session.directory.appendingPathComponent("effect.json").path),
                "Save wrote into the working folder")
        // Angles in degrees, as the inspector shows them and `plume export` writes them.
        let json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any])
        #expect(json["angleUnit"] as? String == "degrees", "angleUnit \(String(describing: json["angleUnit"]))")
        let written = ((json["layer"] as? [String: Any])?["emitterCells"] as? [[String: Any]])?.first
        #expect((written?["emissionLongitude"] as? Double).map { abs($0 + 90) < 1e-6 } == true,
                "emissionLongitude written as \(String(describing: written?["emissionLongitude"])), expected -90 (degrees)")

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
        // F12 writes into a screenshot folder that does not exist yet: it is made.
        let (window, state) = try launch(session, [file.path, "--size", "640x480", "--no-inspector",
                                                   "--screenshot-directory", "shots/new"])
        let running = try state.wait("fire from the file") { $0.time > 2 && ($0.liveCounts["fire"] ?? 0) > 30 }
        #expect(running.effectFile == file.path && running.rate == 30)

        // An editor saves a broken file: the error shows, the fire goes on. Written in one step,
        // so every poll sees this content (a save in place passes through an empty file, which the
        // watcher waits out: EffectWatcherTests.anInPlaceSaveUnderWayIsNotAnError).
        try Data("{ \"format\": \"plume-effect\", \"version\": 1, \"emitterCells\": [ { \"birthRate\": ".utf8)
            .write(to: file, options: .atomic)
        let broken = try state.wait("the error") { $0.error != nil }
        #expect(broken.error!.contains("reload failed") && broken.error!.contains(file.path), "error: \(broken.error!)")
        let later = try state.wait("fire after the bad save") { $0.time > broken.time + 1 }
        #expect((later.liveCounts["fire"] ?? 0) > 30 && later.rate == 30 && later.error != nil,
                "after the bad save: \(later.liveCounts), rate \(later.rate)")
        // The error is on screen (a reddish title in the banner), clear of the HUD.
        try session.xdotool("mousemove", "--window", window, "600", "300")
        try session.xdotool("key", "F12")
        let shot = try state.wait("a screenshot") { !$0.screenshots.isEmpty }
        #expect(shot.error == later.error, "the screenshot failed: \(shot.error ?? "")")
        #expect(shot.screenshots[0].hasPrefix("shots/new/"), "screenshot at \(shot.screenshots[0])")
        let picture = try Picture(session.directory.appendingPathComponent(shot.screenshots[0]).path)
        let banner = try #require(shot.controls["Error banner"], "no banner in \(shot.controls.keys.sorted())")
        let hud = try #require(shot.controls["HUD window"])
        #expect(!overlap(banner, hud), "the error banner \(banner) covers the HUD \(hud)")
        var reddish = 0
        for y in Int(banner[1])..<min(Int(banner[1] + 30), 480) { for x in Int(banner[0])..<min(Int(banner[0] + banner[2]), 640) {
            let i = (y * picture.image.width + x) * 4
            if picture.image.pixels[i] > 200 && picture.image.pixels[i + 1] < 120 && picture.image.pixels[i + 2] < 120 { reddish += 1 }
        } }
        #expect(reddish > 20, "no red error title in the banner at \(banner)")

        // A good save is applied in place: the error goes, the new rate shows.
        let fixed = Preset.fire.makeLayer(size: CGSize(width: 640, height: 480))
        fixed.emitterCells?.first?.birthRate = 60
        try EffectFile.write(fixed, to: file)
        let reloaded = try state.wait("the good save") { $0.error == nil && $0.rate == 60 }
        #expect(reloaded.effectLoads >= 2)
        try state.wait("more fire at 60/s") { ($0.liveCounts["fire"] ?? 0) > later.liveCounts["fire"]! + 20 }
    }

    /// Whether two rectangles (x, y, width, height) overlap.
    private func overlap(_ a: [Float], _ b: [Float]) -> Bool {
        a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
    }

    private func center(_ rect: [Float]) -> (Double, Double) { (Double(rect[0] + rect[2] / 2), Double(rect[1] + rect[3] / 2)) }

    @Test func theFileBrowserNavigatesOpensAndSavesWithATypedName() throws {
        let session = try XSession()
        let folder = session.directory.appendingPathComponent("effects/deeper")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let good = folder.appendingPathComponent("sparks.json")
        let layer = Preset.fire.makeLayer(size: CGSize(width: 1100, height: 700))
        layer.emitterCells?.first?.birthRate = 55
        try EffectFile.write(layer, to: good)
        try Data("{ \"format\": ".utf8).write(to: folder.appendingPathComponent("broken.json"))
        try Data("not an effect".utf8).write(to: folder.appendingPathComponent("notes.txt"))
        let (window, state) = try launch(session, ["fire", "--size", "1100x700", "--save-directory", session.directory.appendingPathComponent("effects").path])
        func press(_ control: String) throws -> PlaygroundState {
            let shown = try state.wait("\(control) on screen") { $0.controls[control] != nil }
            let (x, y) = center(shown.controls[control]!)
            try session.click(window: window, x: x, y: y)
            return shown
        }

        // Open… starts in the save folder: a sub-folder, then the files (text files left out).
        _ = try press("Open")
        let listing = try state.wait("the browser") { $0.controls["Browser folder deeper"] != nil }
        #expect(listing.controls.keys.filter { $0.hasPrefix("Browser file") }.isEmpty)
        _ = try press("Browser folder deeper")
        let inside = try state.wait("the folder's files") { $0.controls["Browser file sparks.json"] != nil }
        #expect(inside.controls["Browser file broken.json"] != nil && inside.controls["Browser file notes.txt"] == nil,
                "listed: \(inside.controls.keys.filter { $0.hasPrefix("Browser") }.sorted())")

        // A broken file: the error banner shows, clear of the HUD and the inspector (its menu too).
        _ = try press("Browser file broken.json")
        try state.wait("broken.json picked") { $0.fileBrowser?.hasSuffix("/deeper/broken.json") == true }
        _ = try press("Browser Open")
        let failed = try state.wait("the error") { $0.error != nil && $0.controls["Error banner"] != nil }
        let banner = failed.controls["Error banner"]!
        for other in ["HUD window", "Inspector window"] {
            let rect = try #require(failed.controls[other], "\(other) not drawn")
            #expect(!overlap(banner, rect), "the error banner \(banner) covers the \(other) \(rect)")
        }
        // The good one opens and plays.
        _ = try press("Browser file sparks.json")
        try state.wait("sparks.json picked") { $0.fileBrowser == good.path }
        _ = try press("Browser Open")
        let opened = try state.wait("sparks.json playing, the browser closed") {
            $0.effectFile == good.path && $0.rate == 55 && $0.fileBrowser == nil
        }
        #expect(opened.error == nil, "after opening: \(opened.error ?? "")")

        // Save As…: a name typed into the field (with a Backspace, and letters that are shortcuts
        // outside a text field: n new seed, r restart, - slower, . step) saves there.
        let before = try #require(state.read())
        _ = try press("Save As")
        let field = try press("Browser name")
        try state.wait("the field to take the click") { $0.frame > field.frame + 3 && $0.keyboardCaptured }
        try session.xdotool("key", "ctrl+a")
        // Two frames before typing: a letter that arrives in Ctrl+A's frame is taken with Ctrl held
        // (Dear ImGui drops it).
        let selecting = try #require(state.read())
        try state.wait("Ctrl+A to be handled") { $0.frame >= selecting.frame + 2 }
        try session.xdotool("type", "--delay", "60", "new-run.jsonx")
        try session.xdotool("key", "BackSpace")
        let target = folder.appendingPathComponent("new-run.json").path
        try state.wait("the typed name \(target)") { $0.fileBrowser == target }
        _ = try press("Browser Save")
        let saved = try state.wait("the save") { $0.saves == 1 }
        #expect(saved.error == nil && saved.effectFile == target,
                "saved as \(String(describing: saved.effectFile)) (error \(saved.error ?? "none")), typed \(target)")
        #expect(saved.seed == before.seed && !saved.paused && saved.speed == before.speed,
                "typing reached the shortcuts: seed \(saved.seed) (was \(before.seed)), paused \(saved.paused), speed \(saved.speed)")
        #expect(FileManager.default.fileExists(atPath: target))
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

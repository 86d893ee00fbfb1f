import Foundation
import Plume
import PlumeTestSupport
import Testing

/// The `plume` command line as a new user types it (issue 28, item 4): a negative number after an
/// option is that option's value, so it reaches the range check and its message, instead of
/// "Missing value for '--time'".
@Suite struct CommandLineTests {
    /// Runs the built `plume` with `arguments` (and `environment` changed: a nil value removes a
    /// variable); returns its exit status and everything it printed.
    static func plume(_ arguments: [String], environment changes: [String: String?] = [:]) throws
        -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        let (process, output) = try runProcess(try XSession.product("plume"), arguments, environment: environment)
        return (process.terminationStatus, output)
    }

    @Test(arguments: [
        (["render", "fire", "--time", "-3", "--out", "x.png"], "--time must be in [0, 3600]"),
        (["render", "fire", "--fps", "-5", "--out", "x.png"], "--fps must be in [1, 1000]"),
        (["run", "fire", "--seconds", "-2"], "--seconds must be in (0, 3600]"),
        (["run", "fire", "--seed", "-1"], "'-1' is invalid for '--seed"),
    ])
    func negativeNumbersReachTheirRangeChecks(_ arguments: [String], _ message: String) throws {
        let (status, output) = try Self.plume(arguments)
        #expect(status == 64, "plume \(arguments.joined(separator: " ")): exit \(status)\n\(output)")
        #expect(output.contains(message) && !output.contains("Missing value"),
                "plume \(arguments.joined(separator: " ")): expected \"\(message)\"\n\(output)")
    }

    /// Issue 23 item 11: image paths stay in the effect's folder unless --image-folder (or
    /// --any-image-path) allows more.
    @Test func imagePathsOutsideTheEffectsFolderNeedAFlag() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plume-cli-\(UUID().uuidString)")
        let effect = root.appendingPathComponent("effect")
        try FileManager.default.createDirectory(at: effect, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        // A 1×1 PNG written by hand (the test target has no image code of its own).
        let png = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==")!
        try png.write(to: root.appendingPathComponent("shared.png"))
        let file = effect.appendingPathComponent("e.json")
        try Data(#"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [{"birthRate": 1, "lifetime": 1, "contents": "../shared.png"}]}}"#.utf8).write(to: file)
        let refused = try Self.plume(["validate", file.path])
        #expect(refused.status == 1 && refused.output.contains("outside the effect's folder"), "exit \(refused.status)\n\(refused.output)")
        let allowed = try Self.plume(["validate", file.path, "--image-folder", root.path])
        #expect(allowed.status == 0, "with --image-folder: exit \(allowed.status)\n\(allowed.output)")
        let anywhere = try Self.plume(["validate", file.path, "--any-image-path"])
        #expect(anywhere.status == 0, "with --any-image-path: exit \(anywhere.status)\n\(anywhere.output)")
    }
}

/// Preset names as a new user meets them (issue 28, item 2): `plume list` prints every name in
/// full, a name that is neither a preset nor a file suggests the preset it likely means, and the
/// README names every preset.
@Suite struct PresetNameTests {
    static let presets = Preset.allCases.map(\.rawValue)

    @Test func listPrintsEveryNameInFull() throws {
        let (status, output) = try CommandLineTests.plume(["list"])
        #expect(status == 0, "plume list: exit \(status)\n\(output)")
        let names = output.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        #expect(names == Self.presets, "plume list:\n\(output)")
    }

    @Test(arguments: [
        (["render", "alignedSpark", "--out", "x.png"], "did you mean the preset alignedSparks?"),
        (["run", "flipbookExpl"], "did you mean the preset flipbookExplosion?"),
        (["play", "fireworx"], "did you mean the preset fireworks?"),
        (["run", "drizzle"], "the presets are fire, smoke,"),
    ])
    func anUnknownNameSuggestsAPreset(_ arguments: [String], _ message: String) throws {
        let (status, output) = try CommandLineTests.plume(arguments)
        let command = "plume \(arguments.joined(separator: " "))"
        #expect(status == 64, "\(command): exit \(status)\n\(output)")
        #expect(output.contains("'\(arguments[1])' is neither a preset nor an existing file") && output.contains(message),
                "\(command): expected \"\(message)\"\n\(output)")
        #expect(!output.contains("does not exist"), "\(command): read as a missing file\n\(output)")
    }

    @Test func theReadmeNamesEveryPreset() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let sentence = try #require(readme.range(of: #"`plume list`\nshows the \w+ presets \("#, options: .regularExpression).map {
            readme[$0.upperBound...].prefix { $0 != ")" } }, "README: no \"`plume list` shows the … presets (…)\"")
        let named = sentence.split(whereSeparator: { ", \n".contains($0) }).map(String.init)
        #expect(named == Self.presets, "README names \(named)")
        // … and shows each one's golden picture.
        let unpictured = Self.presets.filter { !readme.contains("(Tests/PlumeGLTests/Goldens/\($0).png)") }
        #expect(unpictured.isEmpty, "README shows no picture of \(unpictured)")
    }
}

/// Exit statuses and words that agree (issue 28, item 5).
@Suite struct ExitStatusTests {
    /// A fresh folder for one test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("plume-exit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func strictValidationSaysInvalidWhenItFails() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("typo.json")
        try Data(#"{ "format": "plume-effect", "version": 1, "layer": { "birthRatte": 2 } }"#.utf8).write(to: file)
        let lenient = try CommandLineTests.plume(["validate", file.path])
        #expect(lenient.status == 0 && lenient.output.contains("typo.json: valid (0 errors, 1 warning)"), "\(lenient.output)")
        let strict = try CommandLineTests.plume(["validate", "--strict", file.path])
        #expect(strict.status == 1, "validate --strict: exit \(strict.status)\n\(strict.output)")
        #expect(strict.output.contains("typo.json: invalid under --strict (0 errors, 1 warning)") && !strict.output.contains(": valid"),
                "validate --strict:\n\(strict.output)")
    }

    @Test func writingIntoAMissingFolderIsAnIOError() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("missing/fire.json").path
        let plist = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Examples/Effects/sparkles.plist").path
        for arguments in [["export", "fire", out], ["convert", plist, out]] {
            let (status, output) = try CommandLineTests.plume(arguments)
            #expect(status == 74, "\(arguments[0]): exit \(status)\n\(output)")
            #expect(output.contains("Error: cannot write \(out): the folder \(dir.path)/missing does not exist"), "\(output)")
            #expect(!output.contains("Usage"), "an I/O error is no usage mistake:\n\(output)")
        }
    }

    @Test func helpShowsAPresetAsTheDefault() throws {
        let (status, output) = try CommandLineTests.plume(["run", "--help"])
        #expect(status == 0)
        // The help wraps at 80 columns: "(default:" may end a line (the list of presets grows).
        let words = output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(words.contains("(default: fireworks)") && !output.contains("EffectSource"), "run --help:\n\(output)")
    }

    @Test(.disabled(if: ProcessInfo.processInfo.environment["PLUME_SKIP_GPU"] == "1", "PLUME_SKIP_GPU=1"))
    func renderCreatesTheOutputFolder() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let out = dir.appendingPathComponent("seq/deeper/a.png").path
        let (status, output) = try CommandLineTests.plume(["render", "fire", "--time", "0.2", "--size", "32x24",
                                                           "--frames", "2", "--out", out])
        #expect(status == 0, "render: exit \(status)\n\(output)")
        for name in ["a-0001.png", "a-0002.png"] {
            #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("seq/deeper/\(name)").path),
                    "no \(name):\n\(output)")
        }
    }
}

/// A cell that can never show is named once, with its key path, by `validate` (a warning), `run`
/// and `render` (issue 28, item 6).
@Suite struct SilentCellCommandTests {
    @Test func theCommandsNameACellThatCanNeverShow() throws {
        let dir = try ExitStatusTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("typo.json")
        try Data(#"""
            { "format": "plume-effect", "version": 1, "layer": { "emitterCells": [
              { "name": "spark", "birthRate": 5, "lifetme": 2, "contents": "spark" } ] } }
            """#.utf8).write(to: file)
        let message = "emitterCells.spark.lifetime = 0.0: every particle dies at birth"
        let validate = try CommandLineTests.plume(["validate", file.path])
        #expect(validate.status == 0 && validate.output.contains("warning: $.layer.emitterCells[0].lifetime: \(message)")
                    && validate.output.contains("valid (0 errors, 2 warnings)"), "validate:\n\(validate.output)")
        let strict = try CommandLineTests.plume(["validate", "--strict", file.path])
        #expect(strict.status == 1, "validate --strict:\n\(strict.output)")
        let run = try CommandLineTests.plume(["run", file.path, "--seconds", "2"])
        #expect(run.status == 0 && run.output.components(separatedBy: message).count == 2, "run, once:\n\(run.output)")
    }
}

import Foundation
import Testing

/// The `plume` command line as a new user types it (issue 28, item 4): a negative number after an
/// option is that option's value, so it reaches the range check and its message, instead of
/// "Missing value for '--time'".
@Suite struct CommandLineTests {
    /// Runs the built `plume` with `arguments` (and `environment` changed: a nil value removes a
    /// variable); returns its exit status and everything it printed.
    static func plume(_ arguments: [String], environment changes: [String: String?] = [:]) throws
        -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try XSession.product("plume"))
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text)
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

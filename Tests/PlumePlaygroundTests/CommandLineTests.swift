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
}

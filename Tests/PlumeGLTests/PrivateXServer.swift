import Foundation
import Testing

/// A private Xvfb server for one test (Xvfb picks a free display itself and writes its number to
/// stdout, -displayfd 1), with `DISPLAY` pointing at it until the server is dropped.
final class PrivateXServer {
    let display: String
    private let server: Process
    private let previousDisplay: String?

    init() throws {
        let xvfb = try #require(["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "Xvfb is missing: run .ci/setup (Debian package xvfb)")
        server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = ["-displayfd", "1", "-screen", "0", "640x480x24", "-nolisten", "tcp"]
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        var number = ""
        while !number.hasSuffix("\n") {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty { break }
            number += String(decoding: byte, as: UTF8.self)
        }
        display = ":" + number.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(display.count > 1, "Xvfb did not report its display")
        previousDisplay = ProcessInfo.processInfo.environment["DISPLAY"]
        setenv("DISPLAY", display, 1)
    }

    deinit {
        if let previousDisplay { setenv("DISPLAY", previousDisplay, 1) } else { unsetenv("DISPLAY") }
        kill(server.processIdentifier, SIGKILL)   // Xvfb may ignore SIGTERM while a client is connected
        server.waitUntilExit()
    }
}

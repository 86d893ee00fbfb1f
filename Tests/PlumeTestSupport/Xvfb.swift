import Foundation

/// Private X servers for the window suites (PlumeGLTests, PlumePlaygroundTests): Xvfb picks a free
/// display itself and writes its number to stdout (`-displayfd 1`), so suites never collide.
public enum Xvfb {
    /// A missing program or a server that did not start, with what to do about it.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// `name` under /usr/bin or /usr/local/bin, if installed.
    public static func tool(_ name: String) -> String? {
        ["/usr/bin/\(name)", "/usr/local/bin/\(name)"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts Xvfb with one screen of `screen` (`"640x480x24"`) plus `arguments`, listening on no
    /// TCP port, and returns it with its display (`":N"`) once it accepts connections.
    /// - Throws: ``Failure`` when Xvfb is not installed or reports no display.
    public static func start(screen: String, arguments: [String] = []) throws -> (server: Process, display: String) {
        guard let xvfb = tool("Xvfb") else { throw Failure(description: "Xvfb is missing: run .ci/setup (Debian package xvfb)") }
        let server = Process()
        server.executableURL = URL(fileURLWithPath: xvfb)
        server.arguments = ["-displayfd", "1", "-screen", "0", screen, "-nolisten", "tcp"] + arguments
        let output = Pipe()
        server.standardOutput = output
        server.standardError = FileHandle.nullDevice
        try server.run()
        // Xvfb writes the display number once it accepts connections.
        var digits = Data()
        while true {
            let byte = output.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data("\n".utf8) { break }
            digits += byte
        }
        let number = String(decoding: digits, as: UTF8.self).trimmingCharacters(in: .whitespaces)
        guard !number.isEmpty else {
            kill(server.processIdentifier, SIGKILL)
            server.waitUntilExit()
            throw Failure(description: "Xvfb did not report its display")
        }
        return (server, ":" + number)
    }
}

import Foundation
import PlumeTestSupport
import Testing

/// A private Xvfb server for one test (Xvfb picks a free display itself and writes its number to
/// stdout, -displayfd 1), with `DISPLAY` pointing at it until the server is dropped.
final class PrivateXServer {
    let display: String
    private let server: Process
    private let previousDisplay: String?

    init() throws {
        (server, display) = try Xvfb.start(screen: "640x480x24")
        previousDisplay = ProcessInfo.processInfo.environment["DISPLAY"]
        setenv("DISPLAY", display, 1)
    }

    deinit {
        if let previousDisplay { setenv("DISPLAY", previousDisplay, 1) } else { unsetenv("DISPLAY") }
        kill(server.processIdentifier, SIGKILL)   // Xvfb may ignore SIGTERM while a client is connected
        server.waitUntilExit()
    }
}

import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// The windowed path: a GLFW window under a private Xvfb server (Debian 12's GLFW 3.3 has no
/// headless platform), running the same simulation as the headless context.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct WindowContextTests {
    @Test func glfwWindowRunsTheSimulator() throws {
        let xvfb = try #require(["/usr/bin/Xvfb", "/usr/local/bin/Xvfb"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                "Xvfb is missing: run .ci/setup (Debian package xvfb)")
        // Xvfb picks a free display itself and writes its number to stdout (-displayfd 1).
        let server = Process()
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
        let display = ":" + number.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(display.count > 1, "Xvfb did not report its display")
        defer {
            kill(server.processIdentifier, SIGKILL)   // Xvfb may ignore SIGTERM while a client is connected
            server.waitUntilExit()
        }
        let previous = ProcessInfo.processInfo.environment["DISPLAY"]
        setenv("DISPLAY", display, 1)
        defer { if let previous { setenv("DISPLAY", previous, 1) } else { unsetenv("DISPLAY") } }

        // Xvfb needs a moment to accept connections.
        var context: GLContext?
        var lastError: Error?
        for _ in 0..<50 where context == nil {
            do { context = try GLContext.window(width: 320, height: 240, visible: false) } catch {
                lastError = error
                usleep(100_000)
            }
        }
        let window = try #require(context, "no GLFW window: \(String(describing: lastError))")
        #expect(window.info.platform == "GLFW window")
        #expect(window.glfwWindow != nil)
        let (gpuSnapshot, cpuSnapshot) = try window.withCurrent {
            let gpu = try GPUSimulator(layer: Preset.colorBalls.makeLayer(), context: window)
            let cpu = ReferenceSimulator(layer: Preset.colorBalls.makeLayer())
            for f in 0...120 {
                try gpu.advance(to: Double(f) / 30)
                try cpu.advance(to: Double(f) / 30)
            }
            return (try gpu.snapshot(), try cpu.snapshot())
        }
        #expect(gpuSnapshot.particles.count > 50)
        compareSnapshots(gpu: gpuSnapshot, cpu: cpuSnapshot, configuration: "GLFW window", seed: 0)
        try window.withCurrent { context = nil }
    }
}

import Foundation
import PlumeWindow
import Testing
@testable import Plume
@testable import PlumeGL

/// The windowed path: a GLFW window under a private Xvfb server (Debian 12's GLFW 3.3 has no
/// headless platform), running the same simulation as the headless context.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct WindowContextTests {
    @Test func glfwWindowRunsTheSimulator() throws {
        let x = try PrivateXServer()
        _ = x
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

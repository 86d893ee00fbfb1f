import Foundation
import Plume

/// The HUD: live count per cell, frame rate, simulation and render times, the GL renderer and the
/// draw paths taken, and
/// the clock's controls (pause, single step, speed, restart, seed, screenshot).
extension Playground {
    func drawHUD() {
        ImGui.nextWindow(x: 8, y: 8, width: 300, height: 0, always: false)
        ImGui.nextWindowAlpha(0.6)
        ImGui.window("HUD", options: [.autoResize, .noFocusOnAppearing]) {
            mark("HUD window", ImGui.windowRect)
            ImGui.text(String(format: "%.1f fps   sim %.2f ms   render %.2f ms", state.fps,
                              state.simulationMilliseconds, state.renderMilliseconds))
            ImGui.text(state.renderer)
            ImGui.text("drawn as " + (state.drawPaths.isEmpty ? "–" : state.drawPaths.joined(separator: ", "))
                       + (state.drawsOffscreen ? " (B8G8R8A8 scene)" : ""))
            ImGui.text(String(format: "t = %.2f s   speed ×%g   seed %u%@", time, state.speed, layer.seed,
                              state.paused ? "   PAUSED" : ""))
            ImGui.separator()
            ImGui.text("live \(state.liveTotal)")
            for entry in CellPath.all(in: layer) {
                ImGui.text("  \(entry.name): \(state.liveCounts[entry.name] ?? 0)")
            }
            ImGui.separator()
            if ImGui.button(state.paused ? "Resume" : "Pause") { state.paused.toggle() }
            ImGui.sameLine()
            if ImGui.button("Step") {
                state.paused = true
                stepRequested = true
            }
            ImGui.sameLine()
            if ImGui.button("Restart") { perform { try restart() } }
            ImGui.sameLine()
            if ImGui.button("Screenshot") { pendingScreenshot = true }
            var speed = state.speed
            ImGui.itemWidth(150)
            if ImGui.slider("speed", &speed, 0.0625...4, format: "×%.2f") { state.speed = speed }
            var seed = Int32(bitPattern: layer.seed)
            ImGui.itemWidth(150)
            if ImGui.dragInt("seed", &seed, speed: 0.2, range: 0...Int32.max) {
                layer.seed = UInt32(bitPattern: seed)
                perform { try restart() }
            }
            if options.checksGLState {
                let ok = state.glStateMismatches.isEmpty
                ImGui.text("GL state contract: \(ok ? "held" : "BROKEN") in \(state.glStateChecks) frames",
                           color: ok ? (0.5, 1, 0.5) : (1, 0.3, 0.3))
            }
            ImGui.text("Space pause  . step  +/- speed  R restart  N seed  F12 shot  Tab inspector")
        }
    }

    /// The last error (a failed load, reload, save or screenshot), until the next success. Shown
    /// even with the interface hidden. It sits at the bottom left, just above the rate bar and left
    /// of the inspector, so it covers neither the HUD and its buttons (top left) nor the
    /// inspector and its menu (right).
    func drawErrorBanner() {
        guard let error = state.error else { return }
        let sizes = input.sizes
        let interface = !options.hidesInterface
        let right = Float(sizes.window.x) - (interface && showsInspector ? 390 + 16 : 0) - 8
        let width = max(min(right - 8, 720), 160)
        let bottom = Float(sizes.window.y) - (interface ? 64 : 0) - 8
        ImGui.nextWindow(x: 8, y: bottom, pivot: SIMD2(0, 1), width: width)
        ImGui.nextWindowAlpha(0.9)
        ImGui.window("Error", options: [.noTitleBar, .noResize, .noMove, .noFocusOnAppearing]) {
            if !ImGui.windowAppearing { mark("Error banner", ImGui.windowRect) }
            ImGui.text("Error", color: (1, 0.3, 0.25))
            ImGui.wrapped(error)
            if ImGui.button("Dismiss") { state.error = nil }
        }
    }
}

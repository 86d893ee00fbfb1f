import CGLFW
import Foundation
import Plume

/// The seed article's app (seed 000): a click moves the fire there over one second, starting
/// from where it is on screen; a slider sets the birth rate of the chosen cell.
extension Playground {
    /// Moves the emitter to `point` (layer points) as the article does: a one-second basic
    /// animation of `emitterPosition` from the *presented* position, kept at its end
    /// (`fillMode = .forwards`, not removed) and replacing the previous one (key `"position"`).
    public func moveEmitter(to point: CGPoint) {
        let animation = BasicAnimation(keyPath: "emitterPosition")
        animation.fromValue = layer.presentation(at: time).emitterPosition
        animation.toValue = point
        animation.duration = 1
        animation.fillMode = .forwards
        animation.isRemovedOnCompletion = false
        layer.add(animation, forKey: "position")
    }

    /// Sets the chosen cell's birth rate through its key path (`emitterCells.fire.birthRate`),
    /// or directly when a cell on the way has no name.
    public func setRate(_ value: Float) {
        rate = value
        guard let path = rateCellPath else { return }
        if let keyPath = CellPath.keyPath("birthRate", of: path, in: layer) {
            layer.setValue(value, forKeyPath: keyPath)   // as the article does; a bad path is a diagnostic
        } else {
            CellPath.cell(at: path, in: layer)?.birthRate = value
        }
        state.rate = value
    }

    /// The first cell with a birth rate, or the first cell.
    func chooseRateCell() {
        let cells = CellPath.all(in: layer)
        let chosen = cells.first { $0.cell.birthRate > 0 } ?? cells.first
        rateCellPath = chosen?.path
        rate = chosen?.cell.birthRate ?? 0
        state.rateCell = chosen?.name
        state.rate = rate
    }

    /// The article's bottom bar: "Rate:", the slider (1…100, or the cell's rate if higher) and its
    /// value, with a picker for the cell it drives.
    func drawRateBar() {
        let sizes = input.sizes
        let height: Float = 64
        ImGui.nextWindow(x: 0, y: Float(sizes.window.y) - height, width: Float(sizes.window.x), height: height, always: true)
        ImGui.nextWindowAlpha(0.55)
        ImGui.window("Rate", options: [.noTitleBar, .noResize, .noMove, .noFocusOnAppearing]) {
            let cells = CellPath.all(in: layer)
            guard let path = rateCellPath, let cell = CellPath.cell(at: path, in: layer) else {
                ImGui.text("Rate: (no cell)")
                return
            }
            var index = cells.firstIndex { $0.path == path } ?? 0
            ImGui.itemWidth(160)
            if ImGui.combo("##rate-cell", &index, cells.map(\.name)) {
                rateCellPath = cells[index].path
                rate = cells[index].cell.birthRate
                state.rateCell = cells[index].name
            }
            ImGui.sameLine()
            ImGui.text("Rate:")
            ImGui.sameLine()
            // The slider follows edits made elsewhere (the inspector, a reload).
            if abs(cell.birthRate - rate) > 1e-6 { rate = cell.birthRate }
            var value = rate
            ImGui.itemWidth(max(Float(sizes.window.x) - 360, 120))
            if ImGui.slider("##rate", &value, 1...max(100, rate), format: "") { setRate(value) }
            mark("Rate slider")
            ImGui.sameLine()
            ImGui.text(String(format: "%4.2f", rate))
            state.rate = rate
            ImGui.text("Click anywhere to move the emitter there (1 s, from where it is on screen).")
        }
    }

    /// Clicks outside ImGui move the emitter; keys drive the clock and captures.
    func handle(_ events: [WindowEvent]) {
        for event in events {
            switch event {
            case let .press(button, x, y):
                if button == GLFW_MOUSE_BUTTON_LEFT && !ImGui.wantsMouse { moveEmitter(to: CGPoint(x: x, y: y)) }
            case let .key(key, mods):
                guard !ImGui.wantsKeyboard else { continue }
                handleKey(key, mods: mods)
            }
        }
    }

    private func handleKey(_ key: Int32, mods: Int32) {
        switch key {
        case GLFW_KEY_ESCAPE:
            if inspector.browser != nil { inspector.browser = nil } else { quitRequested = true }
        case GLFW_KEY_SPACE: state.paused.toggle()
        case GLFW_KEY_PERIOD:
            state.paused = true
            stepRequested = true
        case GLFW_KEY_EQUAL, GLFW_KEY_KP_ADD: state.speed = min(state.speed * 2, 16)
        case GLFW_KEY_MINUS, GLFW_KEY_KP_SUBTRACT: state.speed = max(state.speed / 2, 1.0 / 16)
        case GLFW_KEY_R: perform { try restart() }
        case GLFW_KEY_N:
            layer.seed &+= 1
            perform { try restart() }
        case GLFW_KEY_F12: pendingScreenshot = true
        case GLFW_KEY_TAB: showsInspector.toggle()
        case GLFW_KEY_S where mods & GLFW_MOD_CONTROL != 0:
            if let path = effectFilePath { saveFile(path) } else { saveFile(inspector.filePath) }
        default: break
        }
    }

    /// Runs an action whose failure is shown in the window rather than ending the program.
    func perform(_ action: () throws -> Void) {
        do { try action() } catch { state.error = "\(error)" }
    }
}

import Foundation
import Plume
import PlumeGL

/// Loading, restarting and hot-reloading the effect.
extension Playground {
    static func load(_ effect: PlaygroundEffect, size: CGSize) throws -> EmitterLayer {
        switch effect {
        case let .preset(preset): return preset.makeLayer(size: size)
        case let .file(path): return try EffectFile.load(path)
        }
    }

    /// Plays `layer` from time 0 with a fresh simulator (animations are removed).
    func play(_ newLayer: EmitterLayer) throws {
        newLayer.removeAllAnimations()
        simulator.release()
        layer = newLayer
        simulator = try GPUSimulator(layer: layer, context: context)
        time = 0
        state.effectLoads += 1
        if let path = rateCellPath, CellPath.cell(at: path, in: layer) != nil {} else { chooseRateCell() }
        inspector.selected = inspector.selected.flatMap { CellPath.cell(at: $0, in: layer) == nil ? nil : $0 }
        countParticles()
    }

    /// Restarts the effect as edited, from time 0.
    func restart() throws { try play(layer) }

    /// Opens a preset in place of the current effect.
    func open(_ preset: Preset) throws {
        let sizes = input.sizes
        effectFilePath = nil
        effectFileStamp = nil
        state.effectFile = nil
        state.error = nil
        let newLayer = preset.makeLayer(size: CGSize(width: sizes.window.x, height: sizes.window.y))
        newLayer.seed = layer.seed
        try play(newLayer)
    }

    /// Opens an effect file; on failure the current effect keeps running and the error is shown.
    func openFile(_ path: String) {
        do {
            let newLayer = try EffectFile.load(path)
            effectFilePath = path
            effectFileStamp = Playground.modificationDate(path)
            state.effectFile = path
            state.error = nil
            try play(newLayer)
        } catch {
            state.error = "\(error)"
        }
    }

    /// Saves the effect as edited (the model values, without animations).
    func saveFile(_ path: String) {
        do {
            try EffectFile.save(layer, to: path)
            effectFilePath = path
            effectFileStamp = Playground.modificationDate(path)
            state.effectFile = path
            state.error = nil
        } catch {
            state.error = "\(error)"
        }
    }

    /// Reloads the open file when its modification date changed. An invalid file leaves the last
    /// good effect running and shows its error until a good version is saved.
    func checkHotReload() {
        guard let path = effectFilePath, state.frame % 10 == 0 else { return }
        let stamp = Playground.modificationDate(path)
        guard stamp != effectFileStamp else { return }
        effectFileStamp = stamp
        do {
            let newLayer = try EffectFile.load(path)
            state.error = nil
            try play(newLayer)
        } catch {
            state.error = "reload failed, the last good effect keeps running: \(error)"
        }
    }
}

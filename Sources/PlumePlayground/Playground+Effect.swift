import Foundation
import Plume
import PlumeGL
import PlumeImport

/// Loading, saving, restarting and hot-reloading the effect.
///
/// An effect file is read with ``EffectFile`` and watched with an ``EffectWatcher``: each save is
/// applied to the running layer in place (live particles go on where the cell structure allows);
/// a bad save shows its problems in the window while the last good effect keeps running.
extension Playground {
    /// What a file holds: the layer, the effect document (nil for an imported `.plist`), the
    /// simulation limits it asks for, and its warnings.
    struct Loaded {
        var layer: EmitterLayer
        var document: EffectDocument?
        var limits: SimulationLimits
        var warnings: [String]
    }

    /// Reads a Plume effect file (`.json`) or imports a Particle Designer / cocos2d property list
    /// (`.plist`, laid out for a scene of `size`).
    static func read(_ path: String, size: CGSize) throws -> Loaded {
        let url = URL(fileURLWithPath: path)
        do {
            if url.pathExtension.lowercased() == "plist" {
                let imported = try ParticleDesignerImport.read(from: url, sceneSize: size)
                return Loaded(layer: imported.layer, document: nil, limits: imported.limits,
                              warnings: imported.warnings.map(\.description))
            }
            let document = try EffectFile.read(from: url)
            return Loaded(layer: document.layer, document: document, limits: document.limits,
                          warnings: document.warnings.map(\.description))
        } catch {
            throw PlaygroundError.effect(path: path, reason: "\(error)")
        }
    }

    /// What the playground opens.
    static func load(_ effect: PlaygroundEffect, size: CGSize) throws -> Loaded {
        switch effect {
        case let .preset(preset): return Loaded(layer: preset.makeLayer(size: size), document: nil, limits: .default, warnings: [])
        case let .file(path): return try read(path, size: size)
        }
    }

    /// Plays `layer` from time 0 with a fresh simulator (animations are removed).
    func play(_ newLayer: EmitterLayer, limits: SimulationLimits = .default) throws {
        newLayer.removeAllAnimations()
        simulator.release()
        layer = newLayer
        simulator = try GPUSimulator(layer: layer, context: context, limits: limits)
        time = 0
        state.effectLoads += 1
        keepSelections()
        countParticles()
    }

    /// Restarts the effect as edited, from time 0.
    func restart() throws { try play(layer, limits: simulator.limits) }

    /// Opens a preset in place of the current effect (and stops watching a file).
    func open(_ preset: Preset) throws {
        let sizes = input.sizes
        watch(nil)
        state.error = nil
        state.warnings = []
        document = nil
        let newLayer = preset.makeLayer(size: CGSize(width: sizes.window.x, height: sizes.window.y))
        newLayer.seed = layer.seed
        try play(newLayer)
        inspector.filePath = savePath(for: preset)
    }

    /// Where Save puts a preset's effect: `<saveDirectory>/<preset>.json`.
    func savePath(for preset: Preset) -> String {
        (options.saveDirectory as NSString).appendingPathComponent("\(preset.rawValue).json")
    }

    /// Opens an effect file and watches it (a `.plist` is imported, not watched); on failure the
    /// current effect keeps running and the error is shown.
    func openFile(_ path: String) {
        do {
            let sizes = input.sizes
            let loaded = try Playground.read(path, size: CGSize(width: sizes.window.x, height: sizes.window.y))
            try play(loaded.layer, limits: loaded.limits)
            opened(path, loaded)
            state.error = nil
        } catch {
            state.error = "\(error)"
        }
    }

    /// Remembers what was opened: its document and warnings; watches a Plume file, and points
    /// Save at a `.json` next to an imported `.plist`.
    func opened(_ path: String, _ loaded: Loaded) {
        document = loaded.document
        state.warnings = loaded.warnings
        if loaded.document == nil {
            watch(nil)
            state.effectFile = URL(fileURLWithPath: path).standardizedFileURL.path
            inspector.filePath = URL(fileURLWithPath: path).deletingPathExtension().appendingPathExtension("json").path
        } else {
            watch(path)
        }
    }

    /// Saves the effect as edited: the model values with the emitter where it is on screen (the
    /// click animation baked in) and the effect's other animations, angles in degrees as the
    /// inspector shows them and `plume export` writes them (`"angleUnit": "degrees"`); then plays
    /// and watches that file. The file's folder is made if missing. A failed save shows its error
    /// and changes nothing.
    func saveFile(_ path: String) {
        let saved = layer.copy()
        saved.emitterPosition = layer.presentation(at: time).emitterPosition
        for key in layer.animationKeys() where key != "position" {
            if let animation = layer.animation(forKey: key) { saved.add(animation, forKey: key) }
        }
        do {
            var options = document?.writeOptions ?? EffectFile.WriteOptions()
            options.angleUnit = .degrees
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            options.maxParticlesPerCell = simulator.limits == .default ? nil : simulator.limits.maxParticlesPerCell
            try EffectFile.write(saved, to: URL(fileURLWithPath: path), options: options)
            state.error = nil
            state.saves += 1
            if effectFilePath != URL(fileURLWithPath: path).standardizedFileURL.path { watch(path) }
        } catch {
            state.error = "saving \(path) failed: \(error)"
        }
    }

    /// Watches `path` (nil: no file), made absolute.
    func watch(_ path: String?) {
        let path = path.map { URL(fileURLWithPath: $0).standardizedFileURL.path }
        effectFilePath = path
        state.effectFile = path
        watcher = path.map { EffectWatcher(url: URL(fileURLWithPath: $0)) }
        _ = watcher?.poll()   // the first poll reports the content just loaded or saved
        if let path { inspector.filePath = path }
    }

    /// Applies the watched file's changes. An invalid save leaves the last good effect running and
    /// shows its problems until a good version is saved.
    func checkHotReload() {
        guard let watcher, let event = watcher.poll() else { return }
        switch event {
        case let .loaded(document):
            let limitsChanged = document.limits != simulator.limits
            layer.apply(document.layer)
            self.document = document
            state.warnings = document.warnings.map(\.description)
            state.error = nil
            state.effectLoads += 1
            keepSelections()
            if limitsChanged { perform { try rebuild(limits: document.limits) } }
        case let .failed(error):
            state.error = "reload failed, the last good effect keeps running:\n\(error)"
        }
    }

    /// The rate bar's cell and the inspector's selection, where they still exist.
    private func keepSelections() {
        if rateCellPath.flatMap({ CellPath.cell(at: $0, in: layer) }) == nil { chooseRateCell() }
        inspector.selected = inspector.selected.flatMap { CellPath.cell(at: $0, in: layer) == nil ? nil : $0 }
    }
}

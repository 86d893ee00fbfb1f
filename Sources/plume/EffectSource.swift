import ArgumentParser
import Foundation
import Plume
import PlumeImport

/// What `plume run` and `plume render` play: a preset name, a Plume effect file (`.json`) or a
/// Particle Designer / cocos2d property list (`.plist`).
struct EffectSource: ExpressibleByArgument {
    enum Kind {
        case preset(Preset)
        case file(URL)
    }

    let kind: Kind

    init?(argument: String) {
        if let preset = Preset(rawValue: argument) {
            kind = .preset(preset)
        } else {
            kind = .file(URL(fileURLWithPath: argument))
        }
    }

    /// What `--help` shows as the default: the preset's name or the file's path.
    var defaultValueDescription: String {
        switch kind {
        case let .preset(p): return p.rawValue
        case let .file(url): return url.relativePath
        }
    }

    static let help = "A preset (\(Preset.allCases.map(\.rawValue).joined(separator: ", "))), an effect file (.json) or a Particle Designer file (.plist)."

    /// Refuses a name that is neither a preset nor an existing file, suggesting the preset it
    /// likely means (`alignedSpark`: "did you mean the preset alignedSparks?"), instead of reading
    /// it as a missing file.
    func checkExists() throws {
        guard case let .file(url) = kind, !FileManager.default.fileExists(atPath: url.path) else { return }
        throw ValidationError(Self.unknown(url.relativePath))
    }

    /// The message for `argument`, which names neither a preset nor an existing file.
    static func unknown(_ argument: String) -> String {
        let hint = Preset.nearest(to: argument).map { "did you mean the preset \($0.rawValue)?" }
            ?? "the presets are \(Preset.allCases.map(\.rawValue).joined(separator: ", ")) (plume list)"
        return "'\(argument)' is neither a preset nor an existing file: \(hint)"
    }

    var name: String {
        switch kind {
        case let .preset(p): return p.rawValue
        case let .file(url): return url.lastPathComponent
        }
    }

    /// The layer for a scene of `size` (presets are laid out for it; files say where they are)
    /// and the simulation limits the file asks for. Warnings go to standard error.
    func load(size: CGSize, imageAccess: ImageAccess = .effectFolder) throws -> (layer: EmitterLayer, limits: SimulationLimits, summary: String) {
        switch kind {
        case let .preset(p):
            return (p.makeLayer(size: size), .default, p.summary)
        case let .file(url):
            if url.pathExtension.lowercased() == "plist" {
                let imported = try ParticleDesignerImport.read(from: url, imageAccess: imageAccess)
                imported.warnings.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
                return (imported.layer, imported.limits, "imported from a Particle Designer file")
            }
            let document = try EffectFile.read(from: url, imageAccess: imageAccess)
            document.warnings.forEach { FileHandle.standardError.write(Data("\($0)\n".utf8)) }
            return (document.layer, document.limits, document.description ?? "effect file")
        }
    }
}

/// A scene size option, `WxH` in points (each in (0, 100000]).
func sceneSize(_ text: String, option: String = "--size") throws -> CGSize {
    let parts = text.lowercased().split(separator: "x").compactMap { Double($0) }
    guard parts.count == 2, parts.allSatisfy({ $0.isFinite && $0 > 0 && $0 <= 100_000 }) else {
        throw ValidationError("\(option) must look like 800x600")
    }
    return CGSize(width: parts[0], height: parts[1])
}

import ArgumentParser
import Foundation
import Plume

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

    static let help = "A preset (\(Preset.allCases.map(\.rawValue).joined(separator: ", "))), an effect file (.json) or a Particle Designer file (.plist)."

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

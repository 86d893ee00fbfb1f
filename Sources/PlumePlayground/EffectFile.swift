import Foundation
import Plume

/// Effect files as the playground reads and writes them.
enum EffectFile {
    static func load(_ path: String) throws -> EmitterLayer {
        throw PlaygroundError.effect(path: path, reason: "effect files are not available in this build")
    }

    static func save(_ layer: EmitterLayer, to path: String) throws {
        throw PlaygroundError.effect(path: path, reason: "effect files are not available in this build")
    }
}

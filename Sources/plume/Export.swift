import ArgumentParser
import Foundation
import Plume

/// `plume export PRESET OUT`: a preset as an effect file.
struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Write a preset as an effect file (angles in degrees).",
        discussion: "The shipped preset files are made with: plume export NAME Sources/Plume/Resources/Effects/NAME.json")

    @Argument(help: "The preset: \(Preset.allCases.map(\.rawValue).joined(separator: ", ")).")
    var preset: Preset

    @Argument(help: "The effect file to write (.json).")
    var out: String

    @Option(help: "Scene width and height in points the preset is laid out for, as WxH.")
    var size: String = "800x600"

    @Option(help: "The \"$schema\" reference written (default: the repository's schema, relative to the shipped preset files; \"\" for none).")
    var schema: String = "../../../../Schemas/plume-effect.schema.json"

    func run() throws {
        let scene = try sceneSize(size)
        let data = try preset.effectFileData(size: scene, schema: schema.isEmpty ? nil : schema)
        let url = URL(fileURLWithPath: out)
        try IOFailure.requireFolder(of: out)
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw IOFailure.exit("cannot write \(out): \(error.localizedDescription)")
        }
        print("wrote \(out) (\(preset.rawValue), \(data.count) bytes)")
    }
}

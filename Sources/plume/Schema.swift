import ArgumentParser
import Plume

/// `plume schema`: the JSON Schema of effect files, generated from the model.
struct Schema: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the effect-file JSON Schema.",
        discussion: "Regenerate the committed copy with: swift run plume schema > Schemas/plume-effect.schema.json")

    func run() {
        print(EffectSchema.text(), terminator: "")
    }
}

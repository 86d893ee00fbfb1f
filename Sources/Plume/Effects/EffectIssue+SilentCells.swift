import Foundation

extension EffectIssue {
    /// Warnings for the cells of `layer` that can never show at their values (lifetime 0,
    /// birthRate 0, transparent, no image where one is needed: ``ResolvedLayer/silentCells(of:)``,
    /// which the simulators report once as diagnostics). The path is the JSON path of the value in
    /// an effect file (`$.layer.emitterCells[0].lifetime`); the message names the key path
    /// (`emitterCells.spark.lifetime = 0.0: …`), which reaches the cell in code.
    ///
    /// `plume validate` lists them after the file's own issues; loading is not affected.
    public static func silentCells(of layer: EmitterLayer, file: String) -> [EffectIssue] {
        ResolvedLayer(layer).silentCells(of: layer).map { d in
            EffectIssue(severity: .warning, file: file, path: jsonPath(d.keyPath, layer), position: nil,
                        message: "\(d.keyPath) = \(d.value): \(d.rule)")
        }
    }

    /// `emitterCells.spark.emitterCells.0.lifetime` → `$.layer.emitterCells[0].emitterCells[0].lifetime`.
    static func jsonPath(_ keyPath: String, _ layer: EmitterLayer) -> String {
        var path = "$.layer"
        var cells = layer.emitterCells ?? []
        var parts = keyPath.split(separator: ".").map(String.init)[...]
        while parts.first == "emitterCells", parts.count >= 2,
              let index = ResolvedCell.keyPathSegments(cells).firstIndex(of: parts[parts.startIndex + 1]) {
            path += ".emitterCells[\(index)]"
            parts = parts.dropFirst(2)
            cells = cells[index].emitterCells ?? []
        }
        return parts.isEmpty ? path : path + "." + parts.joined(separator: ".")
    }
}

import Foundation

extension EffectIssue {
    /// Warnings for the cells of `layer` that can never show at their values (lifetime 0,
    /// birthRate 0, transparent, no image where one is needed: `ResolvedLayer.silentCells(of:)`,
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

    /// `emitterCells.spark.emitterCells[0].lifetime` → `$.layer.emitterCells[0].emitterCells[0].lifetime`
    /// (a cell's segment is `.name` or `[index]`, ``ResolvedCell/keyPathSegments(_:)``).
    static func jsonPath(_ keyPath: String, _ layer: EmitterLayer) -> String {
        var path = "$.layer"
        var cells = layer.emitterCells ?? []
        var rest = Substring(keyPath)
        while rest.hasPrefix("emitterCells") {
            let after = rest.dropFirst("emitterCells".count)
            let segments = ResolvedCell.keyPathSegments(cells)
            // The segment must end where the key path does or where the next one starts.
            guard let index = segments.firstIndex(where: { segment in
                after.hasPrefix(segment) && (after.count == segment.count || ".[".contains(after.dropFirst(segment.count).first!))
            }) else { break }
            path += ".emitterCells[\(index)]"
            rest = after.dropFirst(segments[index].count)
            if rest.hasPrefix(".") { rest = rest.dropFirst() }
            cells = cells[index].emitterCells ?? []
        }
        return rest.isEmpty ? path : path + "." + rest
    }
}

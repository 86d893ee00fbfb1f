import Plume

/// Cells of a layer by their index paths, with names for people ("rocket.spark"; an unnamed cell
/// is "#index").
enum CellPath {
    struct Entry {
        var path: [Int]
        var cell: EmitterCell
        var name: String
    }

    /// Every cell, depth first (a cell before its sub-cells).
    static func all(in layer: EmitterLayer) -> [Entry] {
        var out: [Entry] = []
        func visit(_ cells: [EmitterCell], _ prefix: [Int], _ names: [String], depth: Int) {
            guard depth < 16 else { return }   // a cell used as its own descendant: show 16 levels
            for (i, cell) in cells.enumerated() {
                let names = names + [cell.name ?? "#\(i)"]
                out.append(Entry(path: prefix + [i], cell: cell, name: names.joined(separator: ".")))
                visit(cell.emitterCells ?? [], prefix + [i], names, depth: depth + 1)
            }
        }
        visit(layer.emitterCells ?? [], [], [], depth: 0)
        return out
    }

    static func cell(at path: [Int], in layer: EmitterLayer) -> EmitterCell? {
        var cells = layer.emitterCells ?? []
        var found: EmitterCell?
        for i in path {
            guard cells.indices.contains(i) else { return nil }
            found = cells[i]
            cells = cells[i].emitterCells ?? []
        }
        return found
    }

    static func name(of path: [Int], in layer: EmitterLayer) -> String {
        var cells = layer.emitterCells ?? []
        var names: [String] = []
        for i in path {
            guard cells.indices.contains(i) else { names.append("#\(i)"); continue }
            names.append(cells[i].name ?? "#\(i)")
            cells = cells[i].emitterCells ?? []
        }
        return names.joined(separator: ".")
    }

    /// The key path of a cell property, through names (`emitterCells.fire.birthRate`), as the
    /// article writes it; nil when a cell on the way has no name.
    static func keyPath(_ property: String, of path: [Int], in layer: EmitterLayer) -> String? {
        var cells = layer.emitterCells ?? []
        var parts: [String] = []
        for i in path {
            guard cells.indices.contains(i), let name = cells[i].name, !name.isEmpty, !name.contains(".") else { return nil }
            parts.append("emitterCells.\(name)")
            cells = cells[i].emitterCells ?? []
        }
        return (parts + [property]).joined(separator: ".")
    }
}

import Foundation
import Plume
import PlumeGL

/// Adding, duplicating and removing cells and sub-cells.
extension Playground {
    /// Adds a visible default cell (a soft dot, 20/s for 2 s; as a sub-cell 2/s for 0.5 s, since
    /// every particle of its parent emits it) at the top level or under `parent`, and selects it.
    func addCell(under parent: [Int]?) {
        let cell = EmitterCell(name: uniqueName("cell"))
        cell.birthRate = parent == nil ? 20 : 2
        cell.lifetime = parent == nil ? 2 : 0.5
        cell.velocity = 60
        cell.emissionRange = .pi * 2
        cell.scale = 0.3
        cell.contents = .builtin(.softDot, size: 64)
        inspector.imageLabels[ObjectIdentifier(cell)] = "built-in softDot"
        if let parent, let owner = CellPath.cell(at: parent, in: layer) {
            owner.emitterCells = (owner.emitterCells ?? []) + [cell]
            inspector.selected = parent + [owner.emitterCells!.count - 1]
        } else {
            layer.emitterCells = (layer.emitterCells ?? []) + [cell]
            inspector.selected = [layer.emitterCells!.count - 1]
        }
    }

    /// Inserts a deep copy of the cell (sub-cells included) after it, with a new name.
    func duplicateCell(_ path: [Int]) {
        guard let cell = CellPath.cell(at: path, in: layer) else { return }
        let copy = cell.copy()
        copy.name = uniqueName(cell.name ?? "cell")
        update(siblingsOf: path) { $0.insert(copy, at: path.last! + 1) }
        inspector.selected = Array(path.dropLast()) + [path.last! + 1]
    }

    /// Removes the cell and its sub-cells. The simulation is rebuilt at the current time, so the
    /// remaining cells keep their particles' identities.
    func removeCell(_ path: [Int]) {
        guard CellPath.cell(at: path, in: layer) != nil else { return }
        update(siblingsOf: path) { $0.remove(at: path.last!) }
        inspector.selected = nil
        if let rate = rateCellPath, rate.starts(with: path) { chooseRateCell() }
        perform { try rebuild() }
    }

    /// A fresh simulator of the same layer, to be advanced straight to the current time.
    func rebuild(limits: SimulationLimits? = nil) throws {
        let limits = limits ?? simulator.limits
        simulator.release()
        simulator = try GPUSimulator(layer: layer, context: context, limits: limits)
    }

    private func update(siblingsOf path: [Int], _ change: (inout [EmitterCell]) -> Void) {
        if path.count == 1 {
            var cells = layer.emitterCells ?? []
            change(&cells)
            layer.emitterCells = cells
        } else if let parent = CellPath.cell(at: Array(path.dropLast()), in: layer) {
            var cells = parent.emitterCells ?? []
            change(&cells)
            parent.emitterCells = cells
        }
    }

    private func uniqueName(_ base: String) -> String {
        Self.uniqueName(base, among: Set(CellPath.all(in: layer).compactMap(\.cell.name)))
    }

    /// `base` without a trailing `-n`, if no name in `names` is that, else with the smallest
    /// `-n`, n ≥ 2, that is free (cells, behaviours).
    static func uniqueName(_ base: String, among names: Set<String>) -> String {
        let stem = base.replacingOccurrences(of: #"-\d+$"#, with: "", options: .regularExpression)
        var n = 2
        while names.contains("\(stem)-\(n)") { n += 1 }
        return names.contains(stem) ? "\(stem)-\(n)" : stem
    }
}

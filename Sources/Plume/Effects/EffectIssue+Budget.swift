import Foundation

extension ResolvedLayer {
    /// The live particles each node of the cell tree asks for in the steady state, by key path:
    /// a top-level cell's rate × its longest lifetime, a sub-cell's that many per live parent
    /// (its parent's demand × its own rate × its longest lifetime). An estimate to compare with
    /// the budget (``SimulationLimits``), not a count.
    public var particleDemands: [(keyPath: String, particles: Double)] {
        var out: [(String, Double)] = []
        func visit(_ cells: [ResolvedCell], parents: Double?) {
            for cell in cells where cell.emits {
                let each = max(0, cell.rate) * max(0, cell.maxLifetime)
                let demand = parents.map { $0 * each } ?? each
                out.append((cell.keyPath, demand.isFinite ? demand : .infinity))
                visit(cell.children, parents: demand)
            }
        }
        visit(cells, parents: nil)
        return out
    }
}

extension EffectIssue {
    /// Warnings for the cells of `layer` that ask for more live particles than their share of the
    /// budget `limits` gives them (``SimulationLimits/capacity(nodes:)``): the simulators will
    /// drop the births beyond it (and count them). Loading is not affected; a game that wants
    /// them raises the budget (`"maxParticlesPerCell"` in the file, ``SimulationLimits`` in code).
    public static func budget(of layer: EmitterLayer, limits: SimulationLimits, file: String) -> [EffectIssue] {
        let resolved = ResolvedLayer(layer)
        let capacity = limits.capacity(nodes: resolved.nodeCount)
        return resolved.particleDemands.filter { $0.particles > Double(capacity) }.map { demand in
            let asked = demand.particles.isFinite ? String(format: "%.3g", demand.particles) : "unboundedly many"
            return EffectIssue(severity: .warning, file: file, path: jsonPath(demand.keyPath, layer), position: nil,
                               message: "\(demand.keyPath) asks for about \(asked) live particles (rate × lifetime); "
                                   + "its share of the layer's budget is \(capacity) (\(limits.maxParticles) particles over "
                                   + "\(resolved.nodeCount) cells, at most \(limits.maxParticlesPerCell) a cell): "
                                   + "births beyond it are dropped and counted")
        }
    }
}

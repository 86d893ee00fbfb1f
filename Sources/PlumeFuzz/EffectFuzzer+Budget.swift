import Foundation
import Plume

/// The greedy family of the loader fuzzer (issue 23 item 5): valid effect files whose cells ask
/// for far more live particles than the budget (rates up to 10¹² a second, lifetimes up to 1000 s,
/// sub-cells). Each must load with a budget warning for every cell over its share, and one update
/// of the reference simulator must stay within the budget, count what it dropped, and end quickly.
extension EffectFuzzer {
    /// The budget the greedy cases run under (small, so that a case costs milliseconds).
    static let greedyLimits = SimulationLimits(maxParticlesPerCell: 1 << 20, maxParticles: 20_000)

    /// One greedy file: loaded (with its warnings), then one 1/60 s update. `explained`: every
    /// cell over its share was warned about, and no other; `withinBudget`: the update kept at most
    /// the budget (what it dropped is counted, BudgetTests checks the counts).
    static func greedyCase(_ random: inout FuzzRandom) -> (loaded: Bool, explained: Bool, withinBudget: Bool, particles: Int) {
        let cells = 1 + Int(random.next() % 12)
        var list: [String] = []
        for i in 0..<cells {
            let rate = pow(10, 5 + Double(random.next() % 8))
            let lifetime = pow(10, Double(random.next() % 4))
            var cell = "{\"name\": \"g\(i)\", \"birthRate\": \(rate), \"lifetime\": \(lifetime), \"contents\": \"softDot\""
            if random.next() % 3 == 0 {
                cell += ", \"emitterCells\": [{\"name\": \"s\", \"birthRate\": \(rate / 1000), \"lifetime\": 1, \"contents\": \"spark\"}]"
            }
            list.append(cell + "}")
        }
        let text = #"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": ["# + list.joined(separator: ", ") + "]}}"
        let (document, issues) = EffectFile.check(Data(text.utf8), file: "greedy.json")
        guard let document else { return (false, issues.contains { $0.severity == .error }, true, 0) }
        let resolved = ResolvedLayer(document.layer)
        let share = document.limits.capacity(nodes: resolved.nodeCount)
        let over = resolved.particleDemands.filter { $0.particles > Double(share) }.count
        let warned = document.warnings.filter { $0.message.contains("share of the layer's budget") }.count
        let simulator = ReferenceSimulator(layer: document.layer, limits: greedyLimits)
        guard (try? simulator.advance(to: 0)) != nil, (try? simulator.advance(to: 1.0 / 60)) != nil,
              let snapshot = try? simulator.snapshot() else { return (true, warned == over, false, 0) }
        let live = snapshot.particles.count
        return (true, warned == over, live <= greedyLimits.maxParticles, live)
    }
}

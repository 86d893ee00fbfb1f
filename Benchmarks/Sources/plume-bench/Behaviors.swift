import Foundation
import Plume
import PlumeGL

/// Issues 11 item 6, 22 item 4, 26 item 2: what behaviours cost. At 10⁵ live particles (`--live`) of
/// `Workloads.steady` (`--quick`: fewer rounds and repeats, same count): update
/// throughput of the GPU simulator (with and without drawing 1280×720, which evaluates the curves)
/// and of the CPU reference, and bytes per particle, with no behaviour, each behaviour and all.
enum BehaviorBench {

    static func behaviour(_ kind: EmitterBehavior.Kind) -> EmitterBehavior {
        let b = EmitterBehavior(type: kind, name: kind.rawValue)
        switch kind {
        case .valueOverLife: b.keyPath = "scale"; b.values = [0.5, 1.5, 0.2]; b.locations = [0, 0.3, 1]
        case .colorOverLife: b.colors = [Color(red: 1.0, green: 1.0, blue: 1.0), Color(red: 1.0, green: 0.2, blue: 0.1, alpha: 0.3)]
        case .drag: b.drag = 0.8
        case .wave: b.force = SIMD3(60, -20, 0); b.frequency = 0.7
        case .attractor: b.position = CGPoint(x: 700, y: 300); b.stiffness = 2; b.radius = 30
        case .alignToMotion: b.rotation = 0.25
        case .radialAcceleration, .tangentialAcceleration: b.acceleration = 25; b.accelerationRange = 10
        case .orbit: b.startRadius = 10; b.endRadius = 150; b.turnsPerSecond = 0.5
        case .turbulence: b.strength = 90; b.noiseFrequency = 0.006; b.octaves = 3; b.scrollSpeed = 0.3
        case .vortex: b.position = CGPoint(x: 640, y: 360); b.swirl = 120; b.coreRadius = 60; b.pull = 12
        case .collider: b.position = CGPoint(x: 0, y: 600); b.orientationLongitude = -.pi / 2; b.restitution = 0.6
        }
        return b
    }

    /// The collider row's floor rising and falling 100 points a second, animated: every chord meets
    /// it in its moving frame (`ColliderSweep`), the "collider, moving" row.
    static func moveFloor(_ layer: EmitterLayer) {
        layer.add(oscillation("emitterBehaviors.collider.position.y", from: 600, to: 500), forKey: "move")
    }

    /// The collider row's floor, centred under the particles (x = 640), tilting by 0.15 rad either
    /// way a second, animated: every chord's ends are turned into its frame (`ColliderSweep`'s
    /// turn), the "collider, turning" row.
    static func tiltFloor(_ layer: EmitterLayer) {
        layer.setValue(640, forKeyPath: "emitterBehaviors.collider.position.x")
        layer.add(oscillation("emitterBehaviors.collider.orientationLongitude", from: -.pi / 2 - 0.15, to: -.pi / 2 + 0.15),
                  forKey: "tilt")
    }

    /// `keyPath` from `from` to `to` in a second and back, forever.
    static func oscillation(_ keyPath: String, from: Double, to: Double) -> BasicAnimation {
        let a = BasicAnimation(keyPath: keyPath)
        a.fromValue = from
        a.toValue = to
        a.duration = 1
        a.autoreverses = true
        a.repeatCount = .infinity
        return a
    }

    /// One table row per configuration. The cost ratio is ``PairedRatio``: the behaviour's
    /// update and the plain one in turns, the median of `rounds` ratios and their spread; the
    /// `none` row pairs the plain layer with itself (the noise floor). `rows`: only these
    /// configurations (by name), or all when empty.
    static func table(timer: Timer, quick: Bool, rows: [String] = [], live: Int? = nil) throws -> String {
        let live = live ?? 100_000
        let rounds = quick ? 11 : 31
        // Each configuration makes its behaviours afresh for every layer. The turbulence row takes 3
        // octaves; "turbulence, 1 octave" is its default (each further octave is a further noise
        // evaluation: the difference of the two rows).
        let singleOctave: () -> [EmitterBehavior] = {
            let b = behaviour(.turbulence)
            b.octaves = 1
            return [b]
        }
        let configurations: [(String, () -> [EmitterBehavior])] =
            [("none", { [] })] + EmitterBehavior.Kind.allCases.map { kind in (kind.rawValue, { [behaviour(kind)] }) }
            + [("turbulence, 1 octave", singleOctave), ("collider, moving", { [behaviour(.collider)] }),
               ("collider, turning", { [behaviour(.collider)] }),
               ("all", { EmitterBehavior.Kind.allCases.filter { $0 != .orbit }.map(behaviour) })]
        let chosen = configurations.filter { rows.isEmpty || rows.contains($0.0) }
        var out = "\n| behaviours (\(live) live) | GPU updates/s | GPU update ÷ none, per particle: median (min–max of \(rounds) paired frames) "
            + "| GPU ÷ CPU | GPU update+draw frame | CPU reference updates/s | bytes/particle |\n"
        out += "|---|---|---|---|---|---|---|\n"
        for (name, behaviours) in chosen {
            progress("behaviours: \(name)")
            func make() -> EmitterLayer {
                let layer = Workloads.steady(live: live)
                layer.emitterBehaviors = behaviours()
                if name == "collider, moving" { moveFloor(layer) }
                if name == "collider, turning" { tiltFloor(layer) }
                return layer
            }
            var bytes = 0
            _ = try timer.gpuFrame(make(), live: live, render: false, repeats: 1, observe: { simulator in
                // Bytes per particle as stored: what a snapshot reads back per particle, less the
                // birth attributes it evaluates on the GPU for the readback.
                let before = simulator.totalBytesReadBack
                let count = try simulator.snapshot().particles.count
                bytes = count > 0 ? (simulator.totalBytesReadBack - before) / count - GPUSimulator.attributeBytes : 0
            })
            let ratio = try timer.pairedUpdate(base: Workloads.steady(live: live), other: make(), live: live, rounds: rounds)
            let frame = try timer.gpuFrame(make(), live: live, render: true)
            let cpu = try timer.cpuFrame(make(), live: live, repeats: quick ? 3 : 5)
            let cells: [String] = [name, String(format: "%.3g", Double(live) / ratio.other), ratio.text,
                                   String(format: "%.2f", cpu / ratio.other), String(format: "%.2f ms", frame * 1000),
                                   String(format: "%.3g", Double(live) / cpu), String(bytes)]
            let line = "| " + cells.joined(separator: " | ") + " |"
            progress("behaviours row: " + line)     // kept by a run that is stopped before the table
            out += line + "\n"
        }
        return out
    }
}

import Foundation
import Plume
import PlumeGL

/// Issue 26 item 6: what colliders, turbulence, vortices and trails cost (`--only families`). On
/// `Workloads.steady` at 10⁵ live (10⁴ with `--quick`; `--live` sets it), one run, one machine: the GPU update and
/// the update + draw (1280×720) of each row ÷ the same particles with nothing (per particle: the
/// live count is the same), and the maximum live count at 60 fps, simulation only and with
/// drawing, with each.
enum FamilyBench {
    /// One row: its name and what it adds to the steady workload.
    struct Row {
        var name: String
        var setUp: (EmitterLayer) -> Void
    }

    /// The collider rows, one line per shape: `BehaviorBench`'s collider (bouncing, restitution
    /// 0.6) as `setUp` shapes it. The plane is a floor 240 points below the emitter that the
    /// particles heading down reach; the sphere sits beside the emitter, overlapping the birth
    /// circle (particles born inside it never hit it, those outside heading in do). The box is a
    /// 1280 × 40 slab whose top is the plane's floor; the heightfield a rolling terrain 0–40 points
    /// above that floor (65 heights 20 points apart); the distance field the sphere as 61 × 61
    /// texels of 5 points.
    static let colliders: [(shape: String, setUp: @Sendable (EmitterBehavior) -> Void)] = [
        ("plane", { $0.colliderShape = .plane; $0.position = CGPoint(x: 0, y: 600); $0.orientationLongitude = -.pi / 2 }),
        ("sphere", { $0.colliderShape = .sphere; $0.position = CGPoint(x: 820, y: 360); $0.radius = 120 }),
        ("box", {
            $0.colliderShape = .box; $0.position = CGPoint(x: 640, y: 620); $0.orientationLongitude = -.pi / 2
            $0.boxWidth = 1280; $0.boxHeight = 40
        }),
        ("heightfield", {
            $0.colliderShape = .heightfield; $0.position = CGPoint(x: 0, y: 600); $0.orientationLongitude = -.pi / 2
            $0.samples = (0..<65).map { CGFloat(20 + 20 * sin(Double($0) * 0.4)) }
            $0.sampleSpacing = 20
        }),
        ("distance-field", {
            $0.colliderShape = .distanceField; $0.position = CGPoint(x: 670, y: 210); $0.sampleSpacing = 5
            $0.sampleColumns = 61
            $0.samples = (0..<61).flatMap { j in
                (0..<61).map { i in
                    let x = 670 + 5 * Double(i) - 820, y = 210 + 5 * Double(j) - 360
                    return CGFloat((x * x + y * y).squareRoot() - 120)
                }
            }
        }),
    ]

    /// Every row: nothing, each collider, the plane sticking, moving and turning, the sphere and the box growing,
    /// turbulence and vortex (`BehaviorBench`'s settings), trails
    /// of 8 and 32 points (`Workloads.trail`).
    static var rows: [Row] {
        [Row(name: "plain") { _ in }]
            + colliders.map { shape, setUp in
                Row(name: "\(shape) collider") { layer in
                    let collider = BehaviorBench.behaviour(.collider)
                    setUp(collider)
                    layer.emitterBehaviors = [collider]
                }
            }
            + [Row(name: "plane collider, sticking") { layer in
                // the plane's floor with `stick`: its resting contact test compiles (HAS_STICKY)
                let collider = BehaviorBench.behaviour(.collider)
                colliders[0].setUp(collider)
                collider.collisionResponse = .stick
                layer.emitterBehaviors = [collider]
            }]
            + [Row(name: "plane collider, moving") { layer in
                // the plane's floor, animated: BehaviorBench.moveFloor
                let collider = BehaviorBench.behaviour(.collider)
                colliders[0].setUp(collider)
                layer.emitterBehaviors = [collider]
                BehaviorBench.moveFloor(layer)
            }]
            + [Row(name: "plane collider, turning") { layer in
                // the plane's floor, tilting about the particles' middle: BehaviorBench.tiltFloor
                let collider = BehaviorBench.behaviour(.collider)
                colliders[0].setUp(collider)
                layer.emitterBehaviors = [collider]
                BehaviorBench.tiltFloor(layer)
            }]
            + [Row(name: "sphere collider, growing") { layer in
                // the sphere, its radius animated between 120 and 160 points a second: every
                // chord meets it at its radius there (ColliderSweep.growth(ticksAfterOrigin:))
                let collider = BehaviorBench.behaviour(.collider)
                colliders[1].setUp(collider)
                layer.emitterBehaviors = [collider]
                layer.add(BehaviorBench.oscillation("emitterBehaviors.collider.radius", from: 120, to: 160), forKey: "grow")
            }]
            + [Row(name: "box collider, growing") { layer in
                // the box, its height animated between 40 and 80 points a second: every chord meets
                // each face where it is (ColliderSweep.growthStart…growthVelocity)
                let collider = BehaviorBench.behaviour(.collider)
                colliders[2].setUp(collider)
                layer.emitterBehaviors = [collider]
                layer.add(BehaviorBench.oscillation("emitterBehaviors.collider.boxHeight", from: 40, to: 80), forKey: "grow")
            }]
            + [EmitterBehavior.Kind.turbulence, .vortex].map { kind in
                Row(name: kind.rawValue) { $0.emitterBehaviors = [BehaviorBench.behaviour(kind)] }
            }
            + [8, 32].map { points in Row(name: "trail of \(points) points") { Workloads.trail($0, points: points) } }
    }

    static func table(timer: Timer, quick: Bool, live: Int? = nil) throws -> String {
        let live = live ?? (quick ? 10_000 : 100_000)
        let steps = quick ? 1 : 3, repeats = quick ? 3 : 5
        var out = "\n| family (\(live) live) | GPU update | update ÷ plain | GPU update+draw | frame ÷ plain "
            + "| max live at 60 fps, simulation | max live at 60 fps, with drawing |\n"
        out += "|---|---|---|---|---|---|---|\n"
        var plain: (update: Double, frame: Double)?
        for row in rows {
            func make(_ n: Int) -> EmitterLayer {
                let layer = Workloads.steady(live: n)
                row.setUp(layer)
                return layer
            }
            progress("families: \(row.name)")
            let update = try timer.gpuFrame(make(live), live: live, render: false)
            let frame = try timer.gpuFrame(make(live), live: live, render: true)
            if plain == nil { plain = (update, frame) }
            // kept by a run that is stopped before the table
            progress(String(format: "families: %@: update %.3f ms (%.2f ÷ plain), update+draw %.3f ms (%.2f ÷ plain); maximum live at 60 fps",
                            row.name, update * 1000, update / plain!.update, frame * 1000, frame / plain!.frame))
            let maxSimulation = try timer.maxLive({ n in try timer.gpuFrame(make(n), live: n, render: false, repeats: repeats) },
                                                  start: 4_000, steps: steps)
            let maxDrawn = try timer.maxLive({ n in try timer.gpuFrame(make(n), live: n, render: true, repeats: repeats) },
                                             start: 250, steps: steps)
            out += "| \(row.name) | \(String(format: "%.2f ms", update * 1000)) | \(String(format: "%.2f", update / plain!.update)) | "
                + "\(String(format: "%.2f ms", frame * 1000)) | \(String(format: "%.2f", frame / plain!.frame)) | "
                + "\(maxSimulation) | \(maxDrawn) |\n"
        }
        return out
    }
}

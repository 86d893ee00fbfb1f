import Foundation
@testable import Plume

/// Differential scenarios of the behaviours the GPU simulator applies (Semantics §12): over-life
/// curves of scale, alpha and spin, colour over life and alignment to motion, alone and combined,
/// on a 1000-point scene for 10.5 s. Motion behaviours: `DifferentialMotion.swift`.
extension Scenarios {
    static func behaviorLayer(_ behaviors: [EmitterBehavior]) -> EmitterLayer {
        let cell = busyCell(3, name: "curved")
        cell.contents = .builtin(.softDot, size: 16)
        let plain = busyCell(4, name: "plain")
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 500, y: 500)
        layer.emitterShape = .circle
        layer.emitterSize = CGSize(width: 200, height: 200)
        layer.seed = 21
        layer.emitterCells = [cell, plain]
        for b in behaviors { b.cellNames = ["curved"] }
        layer.emitterBehaviors = behaviors
        return layer
    }

    static func curve(_ keyPath: String, _ values: [CGFloat], _ locations: [CGFloat]? = nil, additive: Bool = false) -> EmitterBehavior {
        let b = EmitterBehavior(type: .valueOverLife, name: keyPath)
        b.keyPath = keyPath
        b.values = values
        b.locations = locations
        b.additive = additive
        return b
    }

    static func colorCurve() -> EmitterBehavior {
        let b = EmitterBehavior(type: .colorOverLife, name: "colors")
        b.colors = [Color(red: 1.0, green: 1.0, blue: 0.2), Color(red: 1.0, green: 0.3, blue: 0.0), Color(red: 0.2, green: 0.0, blue: 0.0, alpha: 0.2)]
        b.locations = [0, 0.4, 1]
        return b
    }

    static func align() -> EmitterBehavior {
        let b = EmitterBehavior(type: .alignToMotion, name: "align")
        b.rotation = 0.3
        return b
    }

    static let behaviors: [Scenario] = [
        Scenario(name: "behaviour valueOverLife scale", make: { behaviorLayer([curve("scale", [0.2, 1.5, 0.5], [0, 0.2, 1])]) },
                 times: steps()),
        Scenario(name: "behaviour valueOverLife alpha (additive)", make: { behaviorLayer([curve("alpha", [0, -0.5], additive: true)]) },
                 times: steps()),
        Scenario(name: "behaviour valueOverLife spin (integrated)", make: { behaviorLayer([curve("spin", [2, -1, 0.5])]) },
                 times: irregularSteps(seed: 4)),
        Scenario(name: "behaviour colorOverLife", make: { behaviorLayer([colorCurve()]) }, times: steps()),
        Scenario(name: "behaviour alignToMotion", make: { behaviorLayer([align()]) }, times: steps(fps: 24)),
        Scenario(name: "behaviours combined, animated, edited", make: {
            let layer = behaviorLayer([curve("scale", [1, 0]), curve("spin", [1, 3], additive: true), colorCurve(), align()])
            let animation = BasicAnimation(keyPath: "emitterBehaviors.align.rotation")
            animation.fromValue = 0
            animation.toValue = 3
            animation.beginTime = 2
            animation.duration = 4
            layer.add(animation, forKey: "turn")
            return layer
        }, times: steps(fps: 144, until: 10.5), edit: { layer, t in
            if abs(t - 5) < 1e-9 { layer.setValue([0.5, 2, 1], forKeyPath: "emitterBehaviors.scale.values") }
        }, compareEvery: 300),
        Scenario(name: "emitter velocity inherited (moved every frame, irregular steps)", make: {
            let layer = EmitterLayer()
            let cell = busyCell(6, name: "trail")
            cell.emitterVelocityFraction = 0.6
            layer.emitterCells = [cell, busyCell(7)]
            return layer
        }, times: irregularSteps(seed: 9), edit: { layer, t in
            layer.emitterPosition = CGPoint(x: 500 + 300 * cos(2 * t), y: 500 + 300 * sin(2 * t))
            layer.emitterTeleportDistance = t < 7 ? 1000 : 10
        }),
    ]
}

import Foundation
@testable import Plume

/// Differential scenarios of trails (Semantics §10 "Trails", issue 26 items 3 and 4): the trail
/// points of every particle on both simulators, at 30, 60, 144 and 240 updates/s and irregular
/// steps, under catch-up (a long update) and seek (time going back), under each motion class
/// (ballistic with an acceleration change, closed form, grid, orbit), under an attractor that moves
/// every update (the recorded points stay where the particles were), when the trail's grid changes
/// (the recordings start again) and on a sub-cell.
extension Scenarios {
    /// A cell with a trail of `count` points over `duration` seconds, width and colour curves.
    static func trailCell(_ k: Int, name: String = "comet", count: Float = 12, duration: Double = 0.4) -> EmitterCell {
        let cell = busyCell(k, name: name)
        cell.contents = .builtin(.softDot, size: 16)
        cell.trailPointCount = count
        cell.trailDuration = duration
        cell.trailWidths = [1, 0.6, 0]
        cell.trailWidthLocations = [0, 0.3, 1]
        cell.trailColors = [.white, Color(red: 1, green: 0.5, blue: 0.2, alpha: 0)]
        cell.trailColorLocations = [0.1, 1]
        return cell
    }

    static func trailLayer(_ behaviors: [EmitterBehavior] = [], count: Float = 12, duration: Double = 0.4) -> EmitterLayer {
        let layer = behaviorLayer(behaviors)
        let plain = trailCell(4, name: "plain", count: count, duration: 0)
        layer.emitterCells = [trailCell(3, name: "curved", count: count, duration: duration), plain]
        return layer
    }

    static let trails: [Scenario] = [30.0, 60, 144, 240].map { fps in
        Scenario(name: "trail at \(Int(fps)) fps", make: { trailLayer() }, times: steps(fps: fps, until: 3.5),
                 compareEvery: Int(fps / 2))
    } + [30.0, 60, 144, 240].map { fps in
        // An attractor sweeping across every update: each update's samples are taken under its
        // own position, and stay.
        Scenario(name: "trail under a moving attractor at \(Int(fps)) fps",
                 make: { trailLayer([attractor(.radial)], count: 16, duration: 0.5) }, times: steps(fps: fps, until: 3),
                 edit: { layer, t in
            layer.setValue(CGPoint(x: 300 + 120 * t, y: 430 - 40 * t), forKeyPath: "emitterBehaviors.magnet.position")
        }, compareEvery: Int(fps / 2))
    } + [
        Scenario(name: "trail irregular steps, acceleration changed", make: { trailLayer(count: 64, duration: 1) },
                 times: irregularSteps(until: 4, seed: 31), edit: { layer, t in
            if t >= 2, t < 2.08 { layer.emitterCells?[0].yAcceleration = -60 }
        }, compareEvery: 10),
        Scenario(name: "trail catch-up", make: { trailLayer() },
                 times: steps(fps: 60, until: 1) + [4.0] + steps(fps: 60, until: 5, from: 4.5), compareEvery: 20),
        Scenario(name: "trail seek", make: { trailLayer() },
                 times: steps(fps: 60, until: 3) + steps(fps: 60, until: 2.5, from: 1.2), compareEvery: 20),
        Scenario(name: "trail closed form (drag, wave, speed curve)", make: {
            trailLayer([drag(0.6), wave(SIMD3(30, -20, 5), 0.7)])
        }, times: steps(fps: 144, until: 3), compareEvery: 60),
        Scenario(name: "trail speed curve", make: { trailLayer([curve("velocity", [1, 0.2, 1.8], [0, 0.3, 0.9])]) },
                 times: irregularSteps(until: 3.5, seed: 33), compareEvery: 15),
        Scenario(name: "trail grid (attractor)", make: { trailLayer([attractor(.radial)], count: 16, duration: 0) },
                 times: steps(fps: 60, until: 3), compareEvery: 30),
        Scenario(name: "trail orbit", make: { trailLayer([orbit()]) }, times: steps(fps: 30, until: 3), compareEvery: 15),
        Scenario(name: "trail grid changed (count, then duration)", make: { trailLayer() },
                 times: irregularSteps(until: 4, seed: 35), edit: { layer, t in
            if t >= 1.5 { layer.emitterCells?[0].trailPointCount = 20 }
            if t >= 2.5 { layer.emitterCells?[1].trailDuration = 0.25 }
        }, compareEvery: 8),
        // Trails that end at the last bounce on a floor (Semantics §10 "Trails"), and on a sticky
        // floor with a ball (the particles at rest draw no trail), caught up.
        Scenario(name: "trail bouncing on a floor at 60 updates/s", make: { trailLayer(colliders()) },
                 times: steps(fps: 60, until: 8), compareEvery: 60),
        Scenario(name: "trail bouncing on a floor at 240 updates/s", make: { trailLayer(colliders()) },
                 times: steps(fps: 240, until: 5), compareEvery: 240),
        Scenario(name: "trail on a sticky floor and a ball, catch-up", make: {
            let list = colliders(ball: true)
            list[1].collisionResponse = .stick
            let layer = trailLayer(list)
            layer.timeOffset = 12
            return layer
        }, times: steps(until: 6), position: ballBounds.position, velocity: ballBounds.velocity),
        Scenario(name: "trail on a sub-cell", make: {
            let layer = trailLayer()
            let child = trailCell(5, name: "spark", count: 6, duration: 0.1)
            child.birthRate = 6
            child.lifetime = 1.2
            layer.emitterCells?[0].birthRate = 8
            layer.emitterCells?[0].emitterCells = [child]
            return layer
        }, times: steps(fps: 60, until: 3), compareEvery: 30),
    ]
}

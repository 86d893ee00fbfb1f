import Foundation
@testable import Plume

/// Differential scenarios of collision events and kills (Semantics §12 "Collisions", §14): a
/// floor the busy cell's particles bounce on (restitution 0.9: they keep bouncing over their lives)
/// or die at, with a collision sub-cell and a death sub-cell, at 30, 60, 144 and 240 updates/s,
/// birth times of the children of hits within ``Tolerance/hitTicks``,
/// under irregular steps, a catch-up (`timeOffset`) and a seek backwards. Identities exact (every
/// child of every hit on both simulators), positions within the differential bound.
extension Scenarios {
    static func collisionLayer(kill: Bool = false, ball: Bool = false) -> EmitterLayer {
        let floor = EmitterBehavior(type: .collider, name: "floor")
        floor.position = CGPoint(x: 0, y: 650)
        floor.orientationLongitude = -.pi / 2
        floor.restitution = 0.9
        floor.collisionResponse = kill ? .kill : .bounce
        var behaviors = [floor]
        if ball {
            // a kill dome 20 points above the floor, 286 points across: the particles fall onto its
            // top, within 16° of its normal (a grazing chord moves a float sphere hit by the
            // square root of the rounding: Behaviors, "collider")
            let sphere = EmitterBehavior(type: .collider, name: "ball")
            sphere.colliderShape = .sphere
            sphere.position = CGPoint(x: 500, y: 1150)
            sphere.radius = 520
            sphere.collisionResponse = .kill
            behaviors.insert(sphere, at: 0)
        }
        let layer = behaviorLayer(behaviors)
        let parent = layer.emitterCells![0]
        parent.yAcceleration = 250
        // a few bounces each: every bounce adds the float hit's error to the path (Behaviors,
        // "collider"); ten at restitution 0.9 reach 0.02 points
        parent.lifetime = 1.8
        parent.lifetimeRange = 0.4
        let spark = busyCell(45, name: "spark")
        spark.emissionEvent = .collision
        spark.eventCount = 3
        spark.lifetime = 0.8
        spark.lifetimeRange = 0.2
        spark.parentVelocityFraction = 0.25
        let ash = busyCell(46, name: "ash")
        ash.emissionEvent = .death
        ash.eventCount = 1
        ash.lifetime = 0.6
        // slow: a child's direction is taken along its parent's flight, so a fast child turns the
        // parent's float velocity error (after bounces) into a larger one of its own
        ash.velocity = 30
        ash.velocityRange = 10
        parent.emitterCells = [spark, ash]
        return layer
    }

    static func collisionRates(fps: Double) -> [Scenario] {
        let times = steps(fps: fps, until: fps > 100 ? 4 : 7)
        let bounce = Scenario(name: "collision events, a bouncing floor at \(Int(fps)) updates/s",
                              make: { collisionLayer() }, times: times, compareEvery: Int(fps), birthTicks: Tolerance.hitTicks)
        let kill = Scenario(name: "collision events, a kill floor and ball at \(Int(fps)) updates/s",
                            make: { collisionLayer(kill: true, ball: true) }, times: times, compareEvery: Int(fps),
                            birthTicks: Tolerance.hitTicks)
        return [bounce, kill]
    }

    static let collisions: [Scenario] = [30.0, 60, 144, 240].flatMap(collisionRates) + [
        Scenario(name: "collision events, a kill floor hit at up to 8 000 pt/s", make: {
            let layer = collisionLayer(kill: true)
            layer.emitterCells?[0].velocity = 8_000     // 270 points an update at 30 updates/s
            layer.emitterCells?[0].velocityRange = 0
            layer.emitterCells?[0].lifetime = 0.5
            // no children: these hits graze the floor (8 000 pt/s along it, ~100 pt/s across, 4 000
            // points out), where a hit point moves along the path by |v|/vₙ times the float path's
            // distance from it (Behaviors, "The bound"): a child born there starts 0.016 points
            // off. The kills (every particle dies at the floor, at the same tick) are compared.
            layer.emitterCells?[0].emitterCells = []
            return layer
        }, times: steps(fps: 30, until: 4), compareEvery: 20, birthTicks: Tolerance.hitTicks),
        // A box the particles die at: a bounce off a box turns the float path's distance from the
        // surface into one along the new direction, and a hit at an edge may leave by another
        // face on each simulator (measured 0.057 points, 0.38 pt/s with restitution 0.7: beyond
        // the bound, Behaviors "collider"); the bouncing box is checked by
        // DeclaredBehaviorParameterGPUTests and BoxColliderTests, a sticky one at every rate and
        // under both jumps by colliderCoverage.
        Scenario(name: "collision events, a rotated kill box (a rectangle) and a kill floor", make: { boxLayer(.kill) },
                 times: irregularSteps(until: 6, seed: 43), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "collision events under irregular steps", make: { collisionLayer(kill: true) },
                 times: irregularSteps(until: 7, seed: 41), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "collision events caught up (timeOffset 20)", make: {
            let layer = collisionLayer()
            layer.timeOffset = 20
            return layer
        }, times: steps(fps: 60, until: 4), compareEvery: 60, birthTicks: Tolerance.hitTicks),
        Scenario(name: "collision events under a seek backwards", make: { collisionLayer(kill: true, ball: true) },
                 times: steps(fps: 30, until: 6) + steps(fps: 30, until: 8, from: 2.5), compareEvery: 45,
                 birthTicks: Tolerance.hitTicks),
    ]
}

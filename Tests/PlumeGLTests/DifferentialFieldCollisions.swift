import Foundation
@testable import Plume

/// Differential scenarios of the field colliders (Semantics §12 "Collisions"): collisionLayer's
/// busy cell (a collision sub-cell, a death sub-cell) on a heightfield terrain instead of its floor,
/// and on a distance-field dome, bouncing, sticking and dying, at several rates, under irregular
/// steps and a catch-up. Identities exact, positions within the differential bound, the births of
/// the hits' children within ``Tolerance/hitTicks``.
extension Scenarios {
    /// Rolling terrain across the scene, 22…38 points above y = 650 (26 heights 40 points apart:
    /// slopes under 0.2). A bounce off a tilted normal turns the float path's error into one along
    /// the new direction (as a box's does, Behaviors "collider"), and the particles that end up
    /// sliding along the slopes graze them: measured 0.0114 points/s after 3 s at restitution 0.9
    /// on slopes of 0.4, 0.036 points and 0.044 points/s after 4 s at 0.6 on these, beyond the
    /// differential bound; so the terrain here kills or holds, and the bouncing heightfield is
    /// checked by DeclaredBehaviorParameterGPUTests (its bounce's restitution, friction, spacing).
    static func terrain(_ response: EmitterBehavior.CollisionResponse, restitution: CGFloat = 0.9) -> EmitterBehavior {
        let b = EmitterBehavior(type: .collider, name: "terrain")
        b.colliderShape = .heightfield
        b.position = CGPoint(x: 0, y: 650)
        b.orientationLongitude = -.pi / 2
        b.samples = (0..<26).map { i in CGFloat(30 + 8 * sin(Double(i) * 0.7)) }
        b.sampleSpacing = 40
        b.restitution = restitution
        b.collisionResponse = response
        return b
    }

    /// collisionLayer's kill dome (radius 520 about (500, 1150)) as a distance field of 8-point
    /// texels over x 300…700, y 560…720 (outside it: the border's distance plus the way to it).
    static func dome(_ response: EmitterBehavior.CollisionResponse) -> EmitterBehavior {
        let b = EmitterBehavior(type: .collider, name: "dome")
        b.colliderShape = .distanceField
        b.position = CGPoint(x: 300, y: 560)
        b.sampleSpacing = 8
        b.sampleColumns = 51
        b.samples = (0..<21).flatMap { j in
            (0..<51).map { i in
                let x = 300 + 8 * Double(i) - 500, y = 560 + 8 * Double(j) - 1150
                return CGFloat((x * x + y * y).squareRoot() - 520)
            }
        }
        b.restitution = 0.9
        b.collisionResponse = response
        return b
    }

    /// collisionLayer with its floor replaced by `colliders`.
    static func fieldLayer(_ colliders: [EmitterBehavior]) -> EmitterLayer {
        let layer = collisionLayer()
        for b in colliders { b.cellNames = ["curved"] }
        layer.emitterBehaviors = colliders
        return layer
    }

    static let fieldCollisions: [Scenario] = [
        Scenario(name: "field colliders: a bouncing distance-field dome over a kill heightfield at 60 updates/s",
                 make: { fieldLayer([dome(.bounce), terrain(.kill)]) }, times: steps(fps: 60, until: 5), compareEvery: 60,
                 birthTicks: Tolerance.hitTicks),
        Scenario(name: "field colliders: a kill heightfield and a kill distance-field dome at 30 updates/s",
                 make: { fieldLayer([dome(.kill), terrain(.kill)]) }, times: steps(fps: 30, until: 6), compareEvery: 30,
                 birthTicks: Tolerance.hitTicks),
        Scenario(name: "field colliders: a bouncing distance-field dome over a kill heightfield at 144 updates/s",
                 make: { fieldLayer([dome(.bounce), terrain(.kill)]) }, times: steps(fps: 144, until: 4), compareEvery: 144,
                 birthTicks: Tolerance.hitTicks),
        // Compared off whole seconds, where on the age grid this cell's resting particles were 186
        // ticks past a grid point: the drift from rest fell the tolerance itself there, before a
        // sticking collider held a particle resting on it (ResolvedCollider.holds).
        Scenario(name: "field colliders: sticking to a heightfield and a distance-field dome at 240 updates/s",
                 make: { fieldLayer([dome(.stick), terrain(.stick)]) }, times: steps(fps: 240, until: 2.95), compareEvery: 170,
                 birthTicks: Tolerance.hitTicks),
        Scenario(name: "field colliders: kills under irregular steps",
                 make: { fieldLayer([dome(.kill), terrain(.kill)]) }, times: irregularSteps(until: 6, seed: 47),
                 compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "field colliders: a bouncing dome and a kill heightfield caught up (timeOffset 20)", make: {
            let layer = fieldLayer([dome(.bounce), terrain(.kill)])
            layer.timeOffset = 20
            return layer
        }, times: steps(fps: 60, until: 3), compareEvery: 60, birthTicks: Tolerance.hitTicks),
    ]
}

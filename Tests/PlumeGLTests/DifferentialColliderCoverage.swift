import Foundation
@testable import Plume

/// Issue 26 item 4: each collider shape compared at 30, 60, 144 and 240 updates/s, under a
/// catch-up (`timeOffset`) and under a seek backwards, where the other collision files leave a
/// gap: the box at every rate and under both jumps, the sphere caught up, the heightfield, the
/// distance field and the vortex under a seek. Identities exact, positions within the
/// differential bound, the births of the hits' children within ``Tolerance/hitTicks``.
extension Scenarios {
    /// collisionLayer's kill floor under the kill-box scenario's rotated 240 × 30 box, which the
    /// particles stick to (about 26 of its 75 particles rest on it from 2 s on, the others die at
    /// the floor). A sticking particle stays at its hit point, at rest, so neither effect of a
    /// box's bounce enters (the float path's distance from the face turned along the new
    /// direction, an edge hit leaving by another face: Behaviors "collider"); a bounce, even a
    /// slow one, does not stay within the bound: at restitution 0.3, 0.049 points and 0.085
    /// points/s on this box, 0.185 points, 0.25 points/s and 3 collision children fewer on the
    /// GPU on an upright one (30 to 240 updates/s, measured on h26d).
    static func stickyBoxLayer() -> EmitterLayer { boxLayer(.stick) }

    /// collisionLayer's kill floor under a rotated 240 × 30 box of the curved cell's with `response`.
    static func boxLayer(_ response: EmitterBehavior.CollisionResponse) -> EmitterLayer {
        let layer = collisionLayer(kill: true)
        let crate = EmitterBehavior(type: .collider, name: "crate")
        crate.colliderShape = .box
        crate.position = CGPoint(x: 520, y: 610)
        crate.orientationLongitude = -.pi / 2 + 0.3
        crate.boxWidth = 240
        crate.boxHeight = 30
        crate.collisionResponse = response
        crate.cellNames = ["curved"]
        layer.emitterBehaviors = [crate] + layer.emitterBehaviors!
        return layer
    }

    static let colliderCoverage: [Scenario] = [30.0, 60, 144, 240].map { fps in
        Scenario(name: "collision events, a sticky rotated box and a kill floor at \(Int(fps)) updates/s",
                 make: { stickyBoxLayer() }, times: steps(fps: fps, until: 4), compareEvery: Int(fps),
                 birthTicks: Tolerance.hitTicks)
    } + [
        // With the death sub-cell: a parent resting on the box that dies where the drift from rest
        // falls the tolerance itself gave its ash (leaving along the parent's flight) 41 points/s
        // apart at layer time 22.0 before a sticking collider held a particle resting on it
        // (ResolvedCollider.holds: without it, 14.8 points apart here).
        Scenario(name: "collision events, a sticky rotated box and a kill floor caught up (timeOffset 20)", make: {
            let layer = stickyBoxLayer()
            layer.timeOffset = 20
            return layer
        }, times: steps(fps: 60, until: 4), compareEvery: 60, birthTicks: Tolerance.hitTicks),
        Scenario(name: "collision events, a sticky rotated box and a kill floor under a seek backwards",
                 make: { stickyBoxLayer() },
                 times: steps(fps: 30, until: 4) + steps(fps: 30, until: 5.5, from: 2), compareEvery: 45,
                 birthTicks: Tolerance.hitTicks),
        Scenario(name: "collision events, a kill floor and ball caught up (timeOffset 20)", make: {
            let layer = collisionLayer(kill: true, ball: true)
            layer.timeOffset = 20
            return layer
        }, times: steps(fps: 60, until: 4), compareEvery: 60, birthTicks: Tolerance.hitTicks),
        Scenario(name: "field colliders: a bouncing dome and a kill heightfield under a seek backwards",
                 make: { fieldLayer([dome(.bounce), terrain(.kill)]) },
                 times: steps(fps: 30, until: 4) + steps(fps: 30, until: 5.5, from: 2), compareEvery: 45,
                 birthTicks: Tolerance.hitTicks),
        // Compared every 1.7 s and at 8.03 s, with the death sub-cell. Before a sticking collider
        // held a particle resting on it (ResolvedCollider.holds), the drift from rest fell within
        // the tolerance for the first 185 ticks past a grid point, so near that phase the float
        // path fell (0.71 points/s) where the reference held it, and a resting parent that died
        // there gave its ash 36 points/s apart: this scenario avoided those phases and had no ash.
        Scenario(name: "field colliders: sticking to a heightfield and a distance-field dome under a seek backwards",
                 make: { fieldLayer([dome(.stick), terrain(.stick)]) },
                 times: steps(fps: 30, until: 6) + steps(fps: 30, until: 8 + 1 / 30, from: 2.5), compareEvery: 51,
                 birthTicks: Tolerance.hitTicks),
        Scenario(name: "motion vortex, seek backwards", make: { behaviorLayer([vortex()]) },
                 times: steps(fps: 30, until: 4) + steps(fps: 30, until: 5.5, from: 2), compareEvery: 45),
    ]
}

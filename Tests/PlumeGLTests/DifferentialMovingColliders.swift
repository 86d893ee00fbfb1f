import Foundation
@testable import Plume

/// Differential scenarios of moving colliders (Semantics §12 "Moving colliders"): a floor that an
/// animation raises under the particles resting and bouncing on it, one the host moves every update
/// (a game's platform), and a sticking one that carries its particles, at 30, 60, 144 and 240
/// updates/s and under irregular steps. A floor that only jumped from update to update let the
/// particles it overtook fall behind it, each simulator deciding which by its rounding (10.5
/// points apart); swept in its own frame, it lifts them on both.
extension Scenarios {
    /// The collision layer's floor (restitution 0.3: particles come to rest on it) raised from
    /// y = 700 to 610 over 3 s from 1 s (clear of the emitter, which reaches y = 600), eased in and out, its restitution keyframed too.
    static func risingFloorLayer(children: Bool = true) -> EmitterLayer {
        let layer = collisionLayer()
        layer.add(held("emitterBehaviors.floor.position.y", from: 700, to: 610, timing: .easeInEaseOut), forKey: "rise")
        let bounce = KeyframeAnimation(keyPath: "emitterBehaviors.floor.restitution")
        bounce.values = [0.9, 0.75, 0.9]
        bounce.duration = 5
        layer.add(bounce, forKey: "bounce")
        if !children { layer.emitterCells?[0].emitterCells = [] }
        slowSparks(layer)
        return layer
    }

    /// An animation of `keyPath` from `from` to `to` over 3 s from 1 s, held at its end.
    static func held(_ keyPath: String, from: Double, to: Double, timing: TimingFunction) -> BasicAnimation {
        let a = BasicAnimation(keyPath: keyPath)
        a.fromValue = from
        a.toValue = to
        a.beginTime = 1
        a.duration = 3
        a.timingFunction = timing
        a.fillMode = .forwards
        a.isRemovedOnCompletion = false
        return a
    }

    /// A moving floor meets particles at any speed, some nearly at rest where it catches them at
    /// the top of their flight, where a direction taken along the parent's flight (a spark's) is
    /// ill-conditioned: the sparks here have no speed of their own and take a quarter of the
    /// parent's velocity (with their own speed, 285 pt/s or 20 pt/s, a parent caught nearly at rest
    /// turned its float velocity's direction error into 0.02 or 0.012 pt/s of the spark's).
    static func slowSparks(_ layer: EmitterLayer) {
        layer.emitterCells?[0].emitterCells?.first?.velocity = 0
        layer.emitterCells?[0].emitterCells?.first?.velocityRange = 0
        layer.emitterCells?[0].emitterCells?.first?.parentVelocityFraction = 0.25
    }

    /// A platform the host moves every update: up and down by 40 points about y = 610, twice a
    /// second and a half, and sideways (a plane's move along itself changes nothing).
    static func platformEdit(_ layer: EmitterLayer, _ t: Double) {
        layer.setValue(610 + 40 * sin(2 * t), forKeyPath: "emitterBehaviors.floor.position.y")
        layer.setValue(30 * t, forKeyPath: "emitterBehaviors.floor.position.x")
    }

    /// The collision layer with its kill dome (radius 520, top at y = 630) growing from 480 to 540
    /// points over 3 s from 1 s (its top from 670, under the floor, to 610, through the particles
    /// resting there) at a steady 20 pt/s; `response` what it does.
    static func growingDomeLayer(_ response: EmitterBehavior.CollisionResponse) -> EmitterLayer {
        let layer = collisionLayer(ball: true)
        layer.emitterBehaviors?[0].radius = 480
        layer.emitterBehaviors?[0].collisionResponse = response
        layer.emitterBehaviors?[0].restitution = 0.3
        layer.add(held("emitterBehaviors.ball.radius", from: 480, to: 540, timing: .linear), forKey: "grow")
        slowSparks(layer)
        return layer
    }

    /// The collision layer with its floor centred under the emitter (x = 500) and tilted from level
    /// by 0.35 rad over 3 s from 1 s, eased in and out, about that centre: a seesaw turning under
    /// the particles resting and bouncing on it (Semantics §12 "Moving colliders", turning).
    static func tiltingFloorLayer(_ response: EmitterBehavior.CollisionResponse) -> EmitterLayer {
        let layer = collisionLayer()
        layer.emitterBehaviors?[0].position = CGPoint(x: 500, y: 650)
        layer.emitterBehaviors?[0].collisionResponse = response
        layer.add(held("emitterBehaviors.floor.orientationLongitude", from: -.pi / 2, to: -.pi / 2 + 0.35,
                       timing: .easeInEaseOut), forKey: "tilt")
        slowSparks(layer)
        return layer
    }

    /// The rotated box of the collider coverage, spinning steadily (a turn in 3 s from 1 s) about its
    /// centre above the kill floor, `response` what it does; slow sparks (born where a parent meets
    /// the box, taking a quarter of its velocity: with their own 45 pt/s along the parent's flight,
    /// the spinning surface's float velocity error reached 0.012–0.019 of theirs).
    static func spinningBoxLayer(_ response: EmitterBehavior.CollisionResponse) -> EmitterLayer {
        let layer = boxLayer(response)
        slowSparks(layer)
        layer.add(held("emitterBehaviors.crate.orientationLongitude", from: -.pi / 2 + 0.3, to: 3 * .pi / 2 + 0.3,
                       timing: .linear), forKey: "spin")
        return layer
    }

    /// The rotated box of the collider coverage growing from 240 × 30 to 300 × 90 points over 3 s
    /// from 1 s (each face moving out at 10 pt/s, through
    /// the particles resting on it), spinning as ``spinningBoxLayer(_:)``'s too where `spins`.
    static func growingBoxLayer(_ response: EmitterBehavior.CollisionResponse, spins: Bool = false) -> EmitterLayer {
        let layer = spins ? spinningBoxLayer(response) : boxLayer(response)
        if !spins { slowSparks(layer) }
        layer.add(held("emitterBehaviors.crate.boxWidth", from: 240, to: 300, timing: .linear), forKey: "widen")
        layer.add(held("emitterBehaviors.crate.boxHeight", from: 30, to: 90, timing: .linear), forKey: "heighten")
        return layer
    }

    /// The field colliders' terrain rising from y = 650 to 610 and their dome sliding 40 points to
    /// the right, both over 3 s from 1 s at a steady speed, through the particles resting on them
    /// (a sampled surface's position is swept as any collider's).
    static func movingFieldLayer(terrain terrainResponse: EmitterBehavior.CollisionResponse,
                                 dome domeResponse: EmitterBehavior.CollisionResponse) -> EmitterLayer {
        let layer = fieldLayer([dome(domeResponse), terrain(terrainResponse)])
        layer.add(held("emitterBehaviors.terrain.position.y", from: 650, to: 610, timing: .linear), forKey: "rise")
        layer.add(held("emitterBehaviors.dome.position.x", from: 300, to: 340, timing: .linear), forKey: "slide")
        slowSparks(layer)
        return layer
    }

    /// The field colliders' kill terrain alone, tilted from level by 0.1 rad over 3 s from 1 s about
    /// its origin (x = 0, y = 650), eased in and out: its far end, 1000 points off, moves 100 points.
    static func tiltingTerrainLayer(_ response: EmitterBehavior.CollisionResponse) -> EmitterLayer {
        let layer = fieldLayer([terrain(response)])
        layer.add(held("emitterBehaviors.terrain.orientationLongitude", from: -.pi / 2, to: -.pi / 2 + 0.1,
                       timing: .easeInEaseOut), forKey: "tilt")
        slowSparks(layer)
        return layer
    }

    static func movingColliderRates(fps: Double) -> [Scenario] {
        let times = steps(fps: fps, until: fps > 100 ? 5 : 7)
        return [
            Scenario(name: "a rising sticking floor at \(Int(fps)) updates/s", make: {
                let layer = risingFloorLayer()
                layer.emitterBehaviors?[0].collisionResponse = .stick
                return layer
            }, times: times, compareEvery: Int(fps), birthTicks: Tolerance.hitTicks),
            // a kill platform: a particle bouncing on an oscillating platform is the bouncing ball on
            // a vibrating table, whose float and double paths part with each bounce (the bounce's
            // velocity takes the hit time's float error times the relative acceleration: measured
            // 0.022 pt/s after a few bounces; Behaviors, "Moving colliders")
            Scenario(name: "a kill platform the host moves at \(Int(fps)) updates/s", make: {
                let layer = collisionLayer()
                layer.emitterBehaviors?[0].collisionResponse = .kill
                slowSparks(layer)
                return layer
            }, times: times, edit: platformEdit, compareEvery: Int(fps), birthTicks: Tolerance.hitTicks),
            Scenario(name: "a growing sticking dome at \(Int(fps)) updates/s", make: { growingDomeLayer(.stick) },
                     times: times, compareEvery: Int(fps), birthTicks: Tolerance.hitTicks),
            // a particle stuck to a turning surface is put on it at each step: held where the
            // straight chord's entry left it (up to the tolerance off the turning surface), float
            // rounding let the GPU's go (97 points apart by 3 s)
            Scenario(name: "a tilting sticking floor at \(Int(fps)) updates/s", make: { tiltingFloorLayer(.stick) },
                     times: times, compareEvery: Int(fps), birthTicks: Tolerance.hitTicks),
        ]
    }

    static let movingColliders: [Scenario] = [30.0, 60, 144, 240].flatMap(movingColliderRates) + [
        Scenario(name: "a rising bouncing floor under irregular steps", make: {
            let layer = risingFloorLayer()
            layer.emitterCells?[0].lifetime = 1.2
            return layer
        }, times: irregularSteps(until: 7, seed: 47), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a rising kill floor under irregular steps", make: {
            let layer = risingFloorLayer()
            layer.emitterBehaviors?[0].collisionResponse = .kill
            return layer
        }, times: irregularSteps(until: 7, seed: 49), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a sticking platform the host moves, irregular steps", make: {
            let layer = collisionLayer()
            layer.emitterBehaviors?[0].collisionResponse = .stick
            slowSparks(layer)
            return layer
        }, times: irregularSteps(until: 6, seed: 48), edit: platformEdit, compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a growing kill dome under irregular steps", make: { growingDomeLayer(.kill) },
                 times: irregularSteps(until: 6, seed: 50), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        // lively bounces (restitution 0.9) over a kill floor: a particle coming to rest on a
        // moving surface in ever smaller bounces parts its float and double paths at each (the
        // bouncing ball on a moving table: Behaviors, "Moving colliders")
        Scenario(name: "a growing bouncing dome over a kill floor, irregular steps", make: {
            let layer = growingDomeLayer(.bounce)
            layer.emitterBehaviors?[0].restitution = 0.9
            layer.emitterBehaviors?[1].collisionResponse = .kill
            layer.emitterCells?[0].lifetime = 1.2
            return layer
        },
                 times: irregularSteps(until: 6, seed: 51), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a tilting kill floor under irregular steps", make: { tiltingFloorLayer(.kill) },
                 times: irregularSteps(until: 6, seed: 52), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a tilting bouncing floor under irregular steps", make: {
            let layer = tiltingFloorLayer(.bounce)
            layer.emitterCells?[0].lifetime = 1.2
            return layer
        }, times: irregularSteps(until: 6, seed: 53), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a spinning kill box over a kill floor, irregular steps", make: { spinningBoxLayer(.kill) },
                 times: irregularSteps(until: 6, seed: 54), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a spinning sticky box over a kill floor at 60 updates/s", make: { spinningBoxLayer(.stick) },
                 times: steps(fps: 60, until: 5), compareEvery: 60, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a growing sticky box over a kill floor at 60 updates/s", make: { growingBoxLayer(.stick) },
                 times: steps(fps: 60, until: 5), compareEvery: 60, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a growing kill box over a kill floor, irregular steps", make: { growingBoxLayer(.kill) },
                 times: irregularSteps(until: 6, seed: 55), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a growing, spinning sticky box over a kill floor, irregular steps", make: {
            growingBoxLayer(.stick, spins: true)
        }, times: irregularSteps(until: 6, seed: 56), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a rising sticking heightfield under a sliding kill dome, irregular steps", make: {
            movingFieldLayer(terrain: .stick, dome: .kill)
        }, times: irregularSteps(until: 6, seed: 57), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a rising kill heightfield under a sliding sticky dome at 60 updates/s", make: {
            movingFieldLayer(terrain: .kill, dome: .stick)
        }, times: steps(fps: 60, until: 5), compareEvery: 60, birthTicks: Tolerance.hitTicks),
        // a parent whose grid step ended 1.4e-3 points in front of the terrain, just past the
        // tolerance: when the distance alone made a hit an arrival, its event was on one simulator
        // only, each rounding its own way under these two update schedules (the GPU's 3 collision
        // sparks at seed 58, the reference's at 121); a hit from on the surface faster than a
        // particle at rest there is an arrival too (Collisions.restingSpeed(acceleration:))
        Scenario(name: "a tilting kill heightfield under irregular steps", make: { tiltingTerrainLayer(.kill) },
                 times: irregularSteps(until: 6, seed: 58), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a tilting kill heightfield under other irregular steps", make: { tiltingTerrainLayer(.kill) },
                 times: irregularSteps(until: 6, seed: 121), compareEvery: 30, birthTicks: Tolerance.hitTicks),
        Scenario(name: "a rising sticking floor caught up (timeOffset 2)", make: {
            let layer = risingFloorLayer()
            layer.emitterBehaviors?[0].collisionResponse = .stick
            layer.timeOffset = 2
            return layer
        }, times: steps(fps: 60, until: 4), compareEvery: 60, birthTicks: Tolerance.hitTicks),
    ]
}

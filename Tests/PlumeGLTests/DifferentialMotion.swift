import Foundation
@testable import Plume

/// Differential scenarios of the motion behaviours (Semantics §12 "Motion"): drag, waves, a speed
/// curve, attractors, radial and tangential accelerations and orbits, alone and combined, with a
/// sub-cell, at 24, 60, 144 updates/s and irregular steps, on a 1000-point scene for 10.5 s. The
/// GPU integrates them in float (Shaders/plume_motion_behaviors.glsl) from float anchors.
extension Scenarios {
    static func drag(_ k: CGFloat) -> EmitterBehavior {
        let b = EmitterBehavior(type: .drag, name: "drag")
        b.drag = k
        return b
    }

    static func wave(_ force: SIMD3<Double>, _ frequency: CGFloat, phase: CGFloat = 0) -> EmitterBehavior {
        let b = EmitterBehavior(type: .wave, name: "wave")
        b.force = force
        b.frequency = frequency
        b.phase = phase
        return b
    }

    static func turbulence(octaves: CGFloat = 3) -> EmitterBehavior {
        let b = EmitterBehavior(type: .turbulence, name: "swirl")
        b.strength = 90
        b.noiseFrequency = 0.006
        b.octaves = octaves
        b.scrollSpeed = 0.3
        return b
    }

    static func vortex() -> EmitterBehavior {
        let b = EmitterBehavior(type: .vortex, name: "whirl")
        b.position = CGPoint(x: 480, y: 520)
        b.swirl = 120
        b.coreRadius = 60
        b.pull = 12
        b.falloffDistance = 400
        return b
    }

    /// A floor across the scene and a ball above it (the 1000-point scene's emitter is at (500, 500)).
    /// The ball only where the particles stick to the floor: a grazing hit on a sphere amplifies
    /// the float rounding of the GPU's chord beyond the 0.01-point bound once the particle bounces
    /// on (Behaviors, "collider": 0.035 points measured).
    static func colliders(ball withBall: Bool = false) -> [EmitterBehavior] {
        let floor = EmitterBehavior(type: .collider, name: "floor")
        floor.position = CGPoint(x: 0, y: 650)
        floor.orientationLongitude = -.pi / 2
        floor.restitution = 0.6
        floor.friction = 0.15
        let ball = EmitterBehavior(type: .collider, name: "ball")
        ball.colliderShape = .sphere
        ball.position = CGPoint(x: 540, y: 580)
        ball.radius = 35
        ball.restitution = 0.9
        return withBall ? [ball, floor] : [floor]
    }

    /// The position and velocity bounds of a scene with ``colliders(ball:)``'s ball: its particles
    /// bounce off it and fly on to the floor (``Tolerance/sphereBounce(radius:)``, at the
    /// scenarios' speeds of at most 300 points/s).
    static var ballBounds: (position: Double, velocity: Double) {
        let r = Double(colliders(ball: true)[0].radius)
        return (Tolerance.sphereBounce(radius: r), Tolerance.sphereBounceVelocity(radius: r, speed: 300))
    }

    static func attractor(_ type: EmitterBehavior.AttractorType, name: String = "magnet") -> EmitterBehavior {
        let b = EmitterBehavior(type: .attractor, name: name)
        b.attractorType = type
        b.position = CGPoint(x: 520, y: 430)
        b.zPosition = 10
        b.stiffness = 1.5
        b.radius = 25
        b.falloff = -12
        b.falloffDistance = 320
        b.orientationLongitude = 0.6
        b.orientationLatitude = 0.35
        return b
    }

    static func central(_ kind: EmitterBehavior.Kind, _ acceleration: CGFloat, range: CGFloat) -> EmitterBehavior {
        let b = EmitterBehavior(type: kind, name: kind.rawValue)
        b.acceleration = acceleration
        b.accelerationRange = range
        return b
    }

    static func orbit() -> EmitterBehavior {
        let b = EmitterBehavior(type: .orbit, name: "orbit")
        b.startRadius = 20
        b.startRadiusRange = 10
        b.endRadius = 160
        b.endRadiusRange = 40
        b.turnsPerSecond = 0.4
        b.turnsPerSecondRange = 0.3
        return b
    }

    /// A parent with motion behaviours whose particles emit a sub-cell with its own wave.
    static func motionWithSubCell() -> EmitterLayer {
        let layer = behaviorLayer([drag(0.8), attractor(.radial), wave(SIMD3(0, 40, 0), 1.3)])
        let cell = layer.emitterCells![0]
        cell.birthRate = 8
        let child = busyCell(5, name: "spark")
        child.birthRate = 6
        child.lifetime = 1.2
        cell.emitterCells = [child]
        layer.emitterBehaviors![2].cellNames = ["spark"]
        return layer
    }

    static let motion: [Scenario] = [
        Scenario(name: "motion drag", make: { behaviorLayer([drag(1.5)]) }, times: steps(fps: 144), compareEvery: 300),
        Scenario(name: "motion wave", make: { behaviorLayer([wave(SIMD3(30, -20, 5), 0.7)]) }, times: steps(fps: 24)),
        Scenario(name: "motion drag + waves", make: {
            behaviorLayer([drag(0.6), wave(SIMD3(30, -20, 5), 0.7), wave(SIMD3(0, 15, 0), 2.5)])
        }, times: irregularSteps(seed: 9)),
        Scenario(name: "motion speed curve", make: {
            behaviorLayer([curve("velocity", [1, 0.2, 1.8], [0, 0.3, 0.9])])
        }, times: irregularSteps(seed: 5)),
        Scenario(name: "motion attractor radial with falloff", make: { behaviorLayer([attractor(.radial)]) },
                 times: steps()),
        Scenario(name: "motion attractor axial", make: { behaviorLayer([attractor(.axial)]) }, times: steps(fps: 24)),
        Scenario(name: "motion attractor planar", make: { behaviorLayer([attractor(.planar)]) }, times: irregularSteps(seed: 6)),
        Scenario(name: "motion radial + tangential", make: {
            behaviorLayer([central(.radialAcceleration, 25, range: 30), central(.tangentialAcceleration, 40, range: 20)])
        }, times: steps()),
        // Issue 23 item 8: both central accelerations with ranges on a full-sphere emitter (every
        // direction, particles starting on the sphere around the centre they accelerate from).
        Scenario(name: "motion radial + tangential, full sphere", make: {
            let layer = behaviorLayer([central(.radialAcceleration, 25, range: 30), central(.tangentialAcceleration, 40, range: 20)])
            layer.emitterShape = .sphere
            layer.emitterMode = .surface
            layer.emitterSize = CGSize(width: 60, height: 60)
            for cell in layer.emitterCells! { cell.emissionRange = 2 * .pi }
            return layer
        }, times: steps()),
        Scenario(name: "motion orbit", make: { behaviorLayer([orbit()]) }, times: steps(fps: 24)),
        Scenario(name: "motion all together, edited", make: {
            behaviorLayer([drag(0.4), wave(SIMD3(10, 25, 0), 0.9), curve("velocity", [1.2, 0.6]), attractor(.radial),
                           attractor(.planar, name: "floor"), central(.radialAcceleration, -10, range: 8),
                           central(.tangentialAcceleration, 30, range: 10)])
        }, times: irregularSteps(seed: 12), edit: { layer, t in
            // the cell's acceleration changes under the behaviours
            if abs(t - 4) < 0.04 { layer.emitterCells?[0].yAcceleration = -40 }
        }),
        Scenario(name: "motion behaviour added and animated", make: {
            let layer = behaviorLayer([])
            let animation = BasicAnimation(keyPath: "emitterBehaviors.magnet.stiffness")
            animation.fromValue = 0.5
            animation.toValue = 3
            animation.beginTime = 5
            animation.duration = 3
            layer.add(animation, forKey: "pull")
            return layer
        }, times: steps(fps: 30), edit: { layer, t in
            // a ballistic cell gains an attractor: motion continues from its ballistic state
            if abs(t - 3) < 1e-9 {
                let a = attractor(.radial)
                a.cellNames = ["curved"]
                layer.emitterBehaviors = [a]
            }
        }),
        Scenario(name: "motion behaviours changed and removed", make: { behaviorLayer([drag(0.7)]) },
                 times: irregularSteps(seed: 17), edit: { layer, t in
            // closed form → orbit → grid (started off the grid, 2–70 ms steps) → none
            func set(_ list: [EmitterBehavior]) {
                list.forEach { $0.cellNames = ["curved"] }
                layer.emitterBehaviors = list
            }
            if t >= 2, t < 2.08, layer.emitterBehaviors?.first?.name == "drag" { set([orbit()]) }
            if t >= 4, t < 4.08, layer.emitterBehaviors?.first?.name == "orbit" { set([attractor(.axial), wave(SIMD3(5, 9, 0), 2)]) }
            if t >= 7, t < 7.08, layer.emitterBehaviors?.first?.name == "magnet" { set([]) }
        }),
        Scenario(name: "motion with a sub-cell", make: { motionWithSubCell() }, times: steps(fps: 30)),
        // Issue 24 item 1: the wave's phase, a behaviour parameter declared `gpu: .wave`: in the
        // closed form (with drag, and a frequency-0 wave, a constant force) and on the grid, animated.
        Scenario(name: "motion waves with phases", make: {
            behaviorLayer([drag(0.3), wave(SIMD3(30, -20, 5), 0.7, phase: 1.2), wave(SIMD3(0, 12, 0), 0, phase: -0.5)])
        }, times: irregularSteps(seed: 23)),
        Scenario(name: "motion wave with an animated phase on the grid", make: {
            let layer = behaviorLayer([attractor(.radial), wave(SIMD3(25, 10, 0), 1.1, phase: 2)])
            let animation = BasicAnimation(keyPath: "emitterBehaviors.wave.phase")
            animation.fromValue = 2
            animation.toValue = -1
            animation.beginTime = 3
            animation.duration = 4
            layer.add(animation, forKey: "phase")
            return layer
        }, times: steps(fps: 60)),
    ] + turbulenceScenarios

    /// Issue 26 item 2: curl-noise turbulence and a vortex on the motion grid at 30, 60, 144 and 240
    /// updates per second, combined with other forces, under a fast-forward with catch-up and a
    /// seek backwards.
    static let turbulenceScenarios: [Scenario] = [30.0, 60, 144, 240].map { fps in
        Scenario(name: "motion turbulence at \(Int(fps)) updates/s", make: { behaviorLayer([turbulence()]) },
                 times: steps(fps: fps, until: fps > 100 ? 5 : 10.5), compareEvery: Int(2 * fps))
    } + [
        Scenario(name: "motion turbulence with drag and an attractor", make: {
            behaviorLayer([drag(0.3), turbulence(octaves: 5), attractor(.radial)])
        }, times: irregularSteps(seed: 29)),
        Scenario(name: "motion turbulence, timeOffset fast-forward with catch-up", make: {
            let layer = behaviorLayer([turbulence()])
            layer.timeOffset = 20
            return layer
        }, times: steps(until: 6)),
        Scenario(name: "motion turbulence, seek backwards", make: { behaviorLayer([turbulence()]) },
                 times: steps(fps: 30, until: 7) + steps(fps: 30, until: 9, from: 4), compareEvery: 45),
        // A single turbulence's octave count is compiled in (1 and 8, the ends of its range); two
        // turbulences loop over the table's counts and keys.
        Scenario(name: "motion turbulence of 1 octave", make: { behaviorLayer([turbulence(octaves: 1)]) },
                 times: irregularSteps(seed: 31)),
        Scenario(name: "motion turbulence of 8 octaves", make: { behaviorLayer([turbulence(octaves: 8)]) },
                 times: irregularSteps(seed: 37)),
        Scenario(name: "motion two turbulences of 2 and 4 octaves", make: {
            let eddies = turbulence(octaves: 4)
            eddies.name = "eddies"
            eddies.noiseFrequency = 0.004
            eddies.strength = 60
            return behaviorLayer([turbulence(octaves: 2), eddies])
        }, times: irregularSteps(seed: 41)),
    ] + [30.0, 60, 144, 240].map { fps in
        Scenario(name: "motion colliders at \(Int(fps)) updates/s", make: { behaviorLayer(colliders()) },
                 times: steps(fps: fps, until: fps > 100 ? 5 : 10.5), compareEvery: Int(2 * fps))
    } + [30.0, 60, 144, 240].map { fps in
        Scenario(name: "motion vortex at \(Int(fps)) updates/s", make: { behaviorLayer([vortex()]) },
                 times: steps(fps: fps, until: fps > 100 ? 5 : 10.5), compareEvery: Int(2 * fps))
    } + [
        Scenario(name: "motion vortex in a turbulence, swirl animated", make: {
            let layer = behaviorLayer([vortex(), turbulence(octaves: 2)])
            let animation = BasicAnimation(keyPath: "emitterBehaviors.whirl.swirl")
            animation.fromValue = 120
            animation.toValue = -60
            animation.beginTime = 2
            animation.duration = 5
            layer.add(animation, forKey: "reverse")
            return layer
        }, times: irregularSteps(seed: 31)),
        Scenario(name: "motion colliders, a floor hit at up to 8 000 pt/s", make: {
            let layer = behaviorLayer(colliders())
            layer.emitterCells?[0].velocity = 8_000     // 270 points an update (beyond, float positions exceed the bound)
            layer.emitterCells?[0].velocityRange = 0
            layer.emitterCells?[0].lifetime = 0.5
            return layer
        }, times: steps(fps: 30, until: 4), compareEvery: 20),
        Scenario(name: "motion colliders with a sticky floor, seek backwards", make: {
            let list = colliders(ball: true)
            list[1].collisionResponse = .stick
            return behaviorLayer(list + [drag(0.2)])
        }, times: steps(fps: 30, until: 7) + steps(fps: 30, until: 9, from: 4), compareEvery: 45,
                 position: ballBounds.position, velocity: ballBounds.velocity),
        Scenario(name: "motion colliders, timeOffset fast-forward with catch-up", make: {
            let layer = behaviorLayer(colliders())
            layer.timeOffset = 20
            return layer
        }, times: steps(until: 6)),
        Scenario(name: "motion vortex, timeOffset fast-forward with catch-up", make: {
            let layer = behaviorLayer([vortex()])
            layer.timeOffset = 20
            return layer
        }, times: steps(until: 6)),
    ]
}

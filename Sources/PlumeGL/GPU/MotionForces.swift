import Plume

/// The force terms of grid motion (Semantics §12) a program variant compiles in
/// (`MOTION_FORCES` in `Shaders/plume_motion_behaviors.glsl`): the update and spawn variants of
/// a grid cell only its own. Mesa llvmpipe runs a loop's body at least once and both sides of
/// every branch for all lanes, so a term compiled in costs its arithmetic and texel reads at each
/// of the grid's force evaluations even where its list is empty; a term left out is one whose
/// list is empty, so the particles are the same. Empty: all of them (the draw programs, and
/// cells without grid motion).
struct MotionForces: OptionSet, Hashable {
    let rawValue: Int
    /// `wave` forces on the grid (waves beside an attractor, say).
    static let waves = MotionForces(rawValue: 1)
    static let attractors = MotionForces(rawValue: 2)
    static let turbulences = MotionForces(rawValue: 4)
    static let vortices = MotionForces(rawValue: 8)
    /// Radial and tangential accelerations (about the emitter position).
    static let central = MotionForces(rawValue: 16)
    /// A speed curve (`valueOverLife` of `velocity`) on the grid.
    static let speedCurve = MotionForces(rawValue: 32)
    static let colliders = MotionForces(rawValue: 64)
    /// Beside ``attractors``, ``vortices``, ``turbulences``: the list holds exactly one, whose parameters the
    /// variant reads once per particle and applies without a loop (a loop's body runs at least once
    /// on llvmpipe, with its texel reads, at every force evaluation).
    static let oneAttractor = MotionForces(rawValue: 128)
    static let oneVortex = MotionForces(rawValue: 256)
    static let oneTurbulence = MotionForces(rawValue: 512)
    /// Beside ``colliders``, the shapes the variant's collision tests compile (each shape's test
    /// runs, masked, for every collider otherwise).
    static let planes = MotionForces(rawValue: 1024)
    static let spheres = MotionForces(rawValue: 2048)
    static let boxes = MotionForces(rawValue: 4096)
    /// Heightfields and distance fields (their samples' march, `Shaders/plume_collider_fields.glsl`).
    static let fields = MotionForces(rawValue: 8192)
    static let shapes: MotionForces = [.planes, .spheres, .boxes, .fields]
    /// Beside ``oneTurbulence``: its octave count `n` (1…8, `CurlNoise.octaveCount`),
    /// compiled in (bits 14–17: `TURBULENCE_OCTAVES`), so the octaves' loop has a fixed length
    /// (llvmpipe runs a loop of a count read at run time as long as any lane needs it, with a test
    /// each turn). `octaves` is not animatable; a new count is a new variant.
    static func octaves(_ n: Int) -> MotionForces { MotionForces(rawValue: Swift.min(Swift.max(n, 1), 8) << 14) }
    /// Beside ``colliders``: the list holds exactly one, which the collision test reads without a
    /// loop, at the address of the update's uniform (`u_colliderStart`): every texel read of the
    /// test and the response is then one load for all lanes, not one per lane (bit 18: `ONE_COLLIDER`).
    static let oneCollider = MotionForces(rawValue: 1 << 18)
    /// Beside ``colliders``: one of them sticks, so the test of a particle it holds at rest
    /// (``ResolvedCollider/holds(_:heading:grow:growing:slack:)``) compiles (bit 19: `HAS_STICKY`).
    static let sticky = MotionForces(rawValue: 1 << 19)
    /// Beside ``colliders``: one of them moves over the update (its ``ColliderSweep`` is not
    /// still), so the chords' test in a collider's moving frame compiles (bit 20: `HAS_MOVING`).
    static let moving = MotionForces(rawValue: 1 << 20)
    /// Beside ``moving``: one of them turns over the update (its sweep does not keep its
    /// orientation), so the chords' ends are turned into its frame (bit 21: `HAS_TURNING`).
    static let turning = MotionForces(rawValue: 1 << 21)
    static let all: MotionForces = [.waves, .attractors, .turbulences, .vortices, .central, .speedCurve, .colliders, .shapes,
                                    .sticky, .moving, .turning]
    /// Each term alone, in bit order, and the single-entry and single-shape forms.
    static let each: [MotionForces] = [.waves, .attractors, .turbulences, .vortices, .central, .speedCurve,
                                       [.colliders, .shapes],
                                       [.attractors, .oneAttractor], [.vortices, .oneVortex],
                                       [.turbulences, .oneTurbulence], [.turbulences, .oneTurbulence, .octaves(3)],
                                       [.turbulences, .oneTurbulence, .octaves(8)],
                                       [.colliders, .planes], [.colliders, .spheres], [.colliders, .boxes],
                                       [.colliders, .fields], [.colliders, .oneCollider, .planes],
                                       [.colliders, .oneCollider, .planes, .sticky], [.colliders, .spheres, .planes, .sticky],
                                       [.colliders, .oneCollider, .planes, .moving], [.colliders, .boxes, .planes, .sticky, .moving],
                                       [.colliders, .oneCollider, .planes, .sticky, .moving, .turning]]

    /// The shape bit of a collider's surface.
    static func shape(_ shape: EmitterBehavior.ColliderShape) -> MotionForces {
        switch shape {
        case .plane: .planes
        case .sphere: .spheres
        case .box: .boxes
        case .heightfield, .distanceField: .fields
        }
    }

    /// The value of `MOTION_FORCES`: the bits, or all of them for an empty set.
    var define: Int { isEmpty ? Self.all.rawValue : rawValue }
}

extension CellBehaviors {
    /// The force terms the grid needs for these behaviours; empty unless the motion is on the grid.
    var motionForces: MotionForces {
        guard motion == .grid else { return [] }
        var f: MotionForces = []
        if !resolvedWaves.isEmpty { f.insert(.waves) }
        if !attractors.isEmpty { f.insert(attractors.count == 1 ? [.attractors, .oneAttractor] : .attractors) }
        if turbulences.count == 1 {
            f.insert([.turbulences, .oneTurbulence, .octaves(CurlNoise.octaveCount(turbulences[0].parameters.octaves))])
        } else if !turbulences.isEmpty {
            f.insert(.turbulences)
        }
        if !vortices.isEmpty { f.insert(vortices.count == 1 ? [.vortices, .oneVortex] : .vortices) }
        if !radial.isEmpty || !tangential.isEmpty { f.insert(.central) }
        if velocity != nil { f.insert(.speedCurve) }
        if !colliders.isEmpty {
            f.insert(colliders.count == 1 ? [.colliders, .oneCollider] : .colliders)
            for c in colliders { f.insert(MotionForces.shape(c.shape)) }
            if colliders.contains(where: { $0.response == .stick }) { f.insert(.sticky) }
            if collidersMove { f.insert(.moving) }
            if colliderSweeps.contains(where: { !$0.keepsOrientation }) { f.insert([.moving, .turning]) }
        }
        // A grid cell with none of them (drag alone with a speed curve is .speedCurve): keep one bit
        // so the set is not read as "all".
        return f.isEmpty ? [.speedCurve] : f
    }
}

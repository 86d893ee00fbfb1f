import Plume

extension CellBehaviors {
    /// The motion section of the behaviour table: a `MotionHeader` entry, then the waves,
    /// attractors, radial and tangential accelerations, speed-curve keys, turbulences, vortices and colliders it names, and the
    /// colliders' field samples (layouts in
    /// `Shaders/plume.contract`), every parameter of ``BehaviorMotion`` as a float, starting at
    /// texel `first` of the table. The GPU update, spawn and draw stages read it
    /// (`plume_motion_behaviors.glsl`); `seed` is the layer's (the per-particle draws of
    /// ``BehaviorParticle``); `recordsTick`: the layer local time (ticks) at which the records
    /// that the reading pass reads have the ages it reads them at (where their grids lie:
    /// ``BehaviorParticle/gridOffset``); `ends`: the cell lost its motion behaviours at this update.
    func motionSection(seed: UInt32, first: Int, recordsTick: Int64, ends: Bool = false) -> [SIMD4<UInt32>] {
        let motionClass: UInt32 = switch motion {
        case .ballistic: 0
        case .closedForm: 1
        case .grid: 2
        case .orbit: 3
        }
        let keys = speedCurveKeys
        let (waveStart, attractorStart, radialStart, tangentialStart, curveStart, turbulenceStart, vortexStart, colliderStart) =
            motionLists(first: first)
        let o = orbit
        let header = MotionHeaderEntry(
            motionClass: motionClass, seed: seed, waves: UInt32(resolvedWaves.count), attractors: UInt32(attractors.count),
            radials: UInt32(radial.count), tangentials: UInt32(tangential.count), keys: UInt32(keys.count),
            orbitDraw: o?.draw ?? 0, waveStart: Int32(waveStart), attractorStart: Int32(attractorStart),
            radialStart: Int32(radialStart), tangentialStart: Int32(tangentialStart), curveStart: Int32(curveStart),
            ends: ends ? 1 : 0, drag: Float(drag),
            center: SIMD3<Float>(center), startRadius: Float(o?.startRadius ?? 0),
            startRadiusRange: Float(o?.startRadiusRange ?? 0), endRadius: Float(o?.endRadius ?? 0),
            endRadiusRange: Float(o?.endRadiusRange ?? 0), angularSpeed: Float(o?.angularSpeed ?? 0),
            angularSpeedRange: Float(o?.angularSpeedRange ?? 0), turbulences: UInt32(turbulences.count),
            turbulenceStart: Int32(turbulenceStart), vortices: UInt32(vortices.count), vortexStart: Int32(vortexStart),
            colliders: UInt32(colliders.count), colliderStart: Int32(colliderStart),
            gridClock: UInt32(BehaviorMotion.gridPhase(recordsTick)))
        var t = header.texels
        // Each entry's declared floats are the resolved behaviour's declared parameters of its layout.
        func declared(_ p: EmitterBehavior.GPUParameters, _ table: GPUParameter) -> [Float] { p.values(in: table).map(Float.init) }
        for w in resolvedWaves {
            t += WaveEntry(force: SIMD3<Float>(w.force), omega: Float(w.omega), declared: declared(w.parameters, .wave)).texels
        }
        for a in attractors {
            let type: Int32 = switch a.type {
            case .radial: 0
            case .axial: 1
            case .planar: 2
            }
            t += AttractorEntry(type: type, falloffDistance: Float(a.falloffDistance), stiffness: Float(a.stiffness),
                                radius: Float(a.radius), position: SIMD3<Float>(a.position), falloff: Float(a.falloff),
                                orientation: SIMD3<Float>(a.orientation), declared: declared(a.parameters, .attractor)).texels
        }
        for c in radial + tangential {
            t += AccelerationEntry(acceleration: Float(c.acceleration), range: Float(c.range), draw: c.draw,
                                   declared: declared(c.parameters, .acceleration)).texels
        }
        for (x, v) in keys { t += CurveKeyEntry(location: Float(x), value: Float(v)).texels }
        for n in turbulences { t += TurbulenceEntry(key: n.key, declared: declared(n.parameters, .turbulence)).texels }
        for v in vortices {
            t += VortexEntry(position: SIMD3<Float>(v.position), falloffDistance: Float(v.falloffDistance),
                             declared: declared(v.parameters, .vortex)).texels
        }
        // a field's samples follow the Collider entries, four floats a texel, each field from a texel
        var samplesStart = colliderStart + ColliderEntry.vectors * colliders.count
        var samples: [SIMD4<UInt32>] = []
        for (i, c) in colliders.enumerated() {
            let f = c.field
            let sweep = colliderSweeps.isEmpty ? ColliderSweep() : colliderSweeps[i]
            t += ColliderEntry(shape: c.shape.tableOrdinal, response: c.response.tableOrdinal,
                               radius: Float(c.radius), position: SIMD3<Float>(c.position), normal: SIMD3<Float>(c.normal),
                               across: SIMD3<Float>(c.across), columns: Int32(f?.columns ?? 0), rows: Int32(f?.rows ?? 0),
                               samples: Int32(f == nil ? 0 : samplesStart), lipschitz: Float(f?.lipschitz ?? 0),
                               sweepShift: Int32(clamping: recordsTick - sweep.origin),
                               sweepStart: SIMD3<Float>(sweep.start), sweepFirst: SIMD3<Float>(sweep.first),
                               sweepSecond: SIMD3<Float>(sweep.second), sweepVelocity: SIMD3<Float>(sweep.velocity),
                               sweepGrowth: sweep.growthPath(0), sweepGrowthHeight: sweep.growthPath(1),
                               sweepGrowthDepth: sweep.growthPath(2),
                               sweepTurnStart: SIMD4<Float>(sweep.turnStart), sweepTurnFirst: SIMD4<Float>(sweep.turnFirst),
                               sweepTurnSecond: SIMD4<Float>(sweep.turnSecond), sweepTurnSpin: SIMD3<Float>(sweep.turnSpin),
                               declared: declared(c.parameters, .collider)).texels
            guard let f else { continue }
            let bits = f.samples.map { Float($0).bitPattern }
            for k in stride(from: 0, to: bits.count, by: 4) {
                samples.append(SIMD4(bits[k], k + 1 < bits.count ? bits[k + 1] : 0,
                                     k + 2 < bits.count ? bits[k + 2] : 0, k + 3 < bits.count ? bits[k + 3] : 0))
            }
            samplesStart += (bits.count + 3) / 4
        }
        return t + samples
    }
}

extension ColliderSweep {
    /// The growth's path along `axis` (0 x, 1 y, 2 z) as the `Collider` entry holds it: its offsets
    /// at the origin, one and two grid steps on, then its rate (`sweepGrowth`, `sweepGrowthHeight`,
    /// `sweepGrowthDepth`).
    func growthPath(_ axis: Int) -> SIMD4<Float> {
        SIMD4<Float>(SIMD4(growthStart[axis], growthFirst[axis], growthSecond[axis], growthVelocity[axis]))
    }
}

extension CellBehaviors {
    /// The speed curve's keys (location, value): the section's `CurveKey` entries.
    var speedCurveKeys: [(Double, Double)] { velocity.map { Array(zip($0.locations, $0.values)) } ?? [] }

    /// The first texel of each list of the motion section that starts at texel `first`: waves,
    /// attractors, radial and tangential accelerations, speed-curve keys, turbulences, vortices,
    /// colliders (``motionSection(seed:first:recordsTick:ends:)``'s layout). In the behaviour table
    /// (``drawTable(seed:recordsTick:motionEnds:)``) the section starts at ``motionSectionStart``; the update
    /// takes the attractors', turbulences', vortices' and colliders' starts from uniforms.
    func motionLists(first: Int) -> (waves: Int, attractors: Int, radials: Int, tangentials: Int, curve: Int,
                                     turbulences: Int, vortices: Int, colliders: Int) {
        let waves = first + MotionHeaderEntry.vectors
        let attractors = waves + WaveEntry.vectors * resolvedWaves.count
        let radials = attractors + AttractorEntry.vectors * self.attractors.count
        let tangentials = radials + AccelerationEntry.vectors * radial.count
        let curve = tangentials + AccelerationEntry.vectors * tangential.count
        let turbulences = curve + CurveKeyEntry.vectors * (velocity?.values.count ?? 0)
        let vortices = turbulences + TurbulenceEntry.vectors * self.turbulences.count
        return (waves, attractors, radials, tangentials, curve, turbulences, vortices,
                vortices + VortexEntry.vectors * self.vortices.count)
    }
}

extension EmitterBehavior.CollisionResponse {
    /// The `response` of a `Collider` entry (`Shaders/plume.contract`): 0 bounce, 1 stick, 2 kill.
    var tableOrdinal: Int32 {
        switch self {
        case .bounce: 0
        case .stick: 1
        case .kill: 2
        }
    }
}

extension EmitterBehavior.ColliderShape {
    /// The `shape` of a `Collider` entry (`Shaders/plume.contract`): 0 plane, 1 sphere, 2 box, 3
    /// heightfield, 4 distance field.
    var tableOrdinal: Int32 {
        switch self {
        case .plane: 0
        case .sphere: 1
        case .box: 2
        case .heightfield: 3
        case .distanceField: 4
        }
    }
}

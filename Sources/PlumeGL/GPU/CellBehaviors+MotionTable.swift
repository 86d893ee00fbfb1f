import Plume

extension CellBehaviors {
    /// The motion section of the behaviour table (layout in `Shaders/plume_motion_behaviors.glsl`):
    /// every parameter of ``BehaviorMotion`` as a float, as RGBA32UI texels starting at texel
    /// `first` of the table. The GPU update, spawn and draw stages read it; `seed` is the layer's
    /// (the per-particle draws of ``BehaviorParticle``).
    func motionSection(seed: UInt32, first: Int) -> [SIMD4<UInt32>] {
        func pair(_ x: Double, _ y: Double = 0) -> SIMD4<UInt32> {
            SIMD4(Float(x).bitPattern, Float(y).bitPattern, 0, 0)
        }
        let kind: UInt32 = switch motion {
        case .ballistic: 0
        case .closedForm: 1
        case .grid: 2
        case .orbit: 3
        }
        let keys = velocity.map { Array(zip($0.locations, $0.values)) } ?? []
        let header = 10
        let waveStart = first + header
        let attractorStart = waveStart + 2 * waves.count
        let radialStart = attractorStart + 6 * attractors.count
        let tangentialStart = radialStart + 2 * radial.count
        let curveStart = tangentialStart + 2 * tangential.count
        let o = orbit
        var t: [SIMD4<UInt32>] = [
            SIMD4(kind, seed, UInt32(waves.count), UInt32(attractors.count)),
            SIMD4(UInt32(radial.count), UInt32(tangential.count), UInt32(keys.count), o?.draw ?? 0),
            SIMD4(UInt32(waveStart), UInt32(attractorStart), UInt32(radialStart), UInt32(tangentialStart)),
            SIMD4(UInt32(curveStart), 0, 0, 0),
            SIMD4(Float(drag).bitPattern, UInt32(BehaviorMotion.gridTicks), 0, 0), pair(center.x, center.y), pair(center.z),
            pair(o?.startRadius ?? 0, o?.startRadiusRange ?? 0), pair(o?.endRadius ?? 0, o?.endRadiusRange ?? 0),
            pair(o?.angularSpeed ?? 0, o?.angularSpeedRange ?? 0),
        ]
        for w in waves { t += [pair(w.force.x, w.force.y), pair(w.force.z, w.omega)] }
        for a in attractors {
            let type: Double = switch a.type {
            case .radial: 0
            case .axial: 1
            case .planar: 2
            }
            t += [pair(type, a.falloffDistance), pair(a.position.x, a.position.y), pair(a.position.z, a.orientation.x),
                  pair(a.orientation.y, a.orientation.z), pair(a.stiffness, a.radius), pair(a.falloff)]
        }
        for c in radial + tangential { t += [pair(c.acceleration, c.range), SIMD4(c.draw, 0, 0, 0)] }
        for (x, v) in keys { t.append(pair(x, v)) }
        return t
    }
}

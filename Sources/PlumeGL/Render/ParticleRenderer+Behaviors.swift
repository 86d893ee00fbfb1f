import CEpoxy
import Plume

extension CellBehaviors {
    /// The behaviour code a draw program needs for this cell: curves and alignment (`CURVES`),
    /// motion behaviours (`MOTION`); none for a plain cell, whose draw then costs nothing more.
    var drawFeatures: ProgramFeatures {
        var features: ProgramFeatures = []
        if scale != nil || alpha != nil || spin != nil || color != nil || align != nil { features.insert(.curves) }
        if motion != .ballistic { features.insert(.motion) }
        return features
    }

    /// The table's seven over-life curves, in order: scale, alpha, spin, red … alpha (nil: none).
    private var tableCurves: [BehaviorCurve?] {
        [scale, alpha, spin] + (color.map { $0.map(Optional.some) } ?? [nil, nil, nil, nil])
    }

    /// The texel of the behaviour table where its motion section starts: after the header, the
    /// curves' descriptors and their keys.
    var motionSectionStart: Int {
        let curves = tableCurves
        return BehaviorHeaderEntry.vectors + CurveEntry.vectors * curves.count
            + CurveKeyEntry.vectors * curves.reduce(0) { $0 + ($1?.values.count ?? 0) }
    }

    /// The cell's behaviour table (its layout: `BehaviorHeader`, `Curve`, `CurveKey` and the
    /// motion section's entries in `Shaders/plume.contract`): what `plume_behaviors.glsl` and
    /// `plume_motion_behaviors.glsl` read. Nil exactly when ``drawFeatures`` is empty (the cell is
    /// drawn by a variant without behaviour code). `recordsTick`: the layer local time (ticks) of
    /// the ages its reader reads the records at (``MotionHeaderEntry/gridClock``); `motionEnds`: the
    /// cell lost its motion behaviours at this update and these are the previous ones
    /// (``MotionHeaderEntry/ends``).
    func drawTable(seed: UInt32, recordsTick: Int64, motionEnds: Bool = false) -> [UInt32]? {
        let curves = tableCurves
        guard !drawFeatures.isEmpty else { return nil }
        var flags: UInt32 = 0
        if scale != nil { flags |= 1 }
        if alpha != nil { flags |= 2 }
        if spin != nil { flags |= 4 }
        if color != nil { flags |= 8 }
        if align != nil { flags |= 16 }
        if scaleAdditive { flags |= 32 }
        if alphaAdditive { flags |= 64 }
        if spinAdditive { flags |= 128 }
        var header = BehaviorHeaderEntry(flags: flags, alignOffset: Float(align ?? 0), motionStart: 0)
        var descriptors: [SIMD4<UInt32>] = []
        var keys: [SIMD4<UInt32>] = []
        let firstKey = BehaviorHeaderEntry.vectors + CurveEntry.vectors * curves.count
        for curve in curves {
            guard let curve else {
                descriptors += CurveEntry(firstKey: 0, count: 0).texels
                continue
            }
            descriptors += CurveEntry(firstKey: Int32(firstKey + keys.count), count: Int32(curve.values.count)).texels
            for (x, v) in zip(curve.locations, curve.values) {
                keys += CurveKeyEntry(location: Float(x), value: Float(v)).texels
            }
        }
        var rest = descriptors + keys
        if motion != .ballistic {
            assert(BehaviorHeaderEntry.vectors + rest.count == motionSectionStart)
            header.motionStart = Int32(motionSectionStart)
            rest += motionSection(seed: seed, first: Int(header.motionStart), recordsTick: recordsTick, ends: motionEnds)
        }
        return (header.texels + rest).flatMap { [$0.x, $0.y, $0.z, $0.w] }
    }
}

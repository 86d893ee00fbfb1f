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

    /// The table `Shaders/plume_behaviors.glsl` reads (RGBA32UI texels, floats as bits): flags
    /// and the alignment offset, one descriptor per curve, then the curves' keys. Nil exactly when
    /// ``drawFeatures`` is empty (the cell is drawn by a variant without behaviour code).
    /// Texel 0 `.z` is the first texel of the motion section (``motionSection(seed:first:)``), 0 without.
    func drawTable(seed: UInt32) -> [UInt32]? {
        let curves: [BehaviorCurve?] = [scale, alpha, spin] + (color.map { $0.map(Optional.some) } ?? [nil, nil, nil, nil])
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
        var texels: [SIMD4<UInt32>] = [SIMD4(flags, Float(align ?? 0).bitPattern, 0, 0)]
        var keys: [SIMD4<UInt32>] = []
        let firstKey = 1 + curves.count
        for curve in curves {
            guard let curve else {
                texels.append(.zero)
                continue
            }
            texels.append(SIMD4(UInt32(firstKey + keys.count), UInt32(curve.values.count), 0, 0))
            for (x, v) in zip(curve.locations, curve.values) { keys.append(SIMD4(Float(x).bitPattern, Float(v).bitPattern, 0, 0)) }
        }
        texels += keys
        if motion != .ballistic {
            texels[0].z = UInt32(texels.count)
            texels += motionSection(seed: seed, first: texels.count)
        }
        return texels.flatMap { [$0.x, $0.y, $0.z, $0.w] }
    }
}

/// The buffer texture holding one cell's behaviour table while it is drawn (texture unit 3).
final class BehaviorTable {
    let context: GLContext
    private var buffer: GLBuffer?
    private var bytes = 0
    private var texture: GLTexture?

    init(context: GLContext) { self.context = context }

    /// Uploads `words` and binds the table to texture unit `unit` (3 unless told; leaving unit 0 active).
    func bind(_ words: [UInt32], unit: Int32 = 3) throws {
        let needed = words.count * 4
        if buffer == nil || needed > bytes {
            if let buffer { context.delete(buffer) }
            bytes = max(needed, 1024)
            buffer = try context.makeBuffer(bytes: bytes, usage: GL_DYNAMIC_DRAW)
        }
        guard let buffer else { return }
        context.upload(words, to: buffer)
        let texture = self.texture ?? context.makeTexture()
        self.texture = texture
        plume_glActiveTexture(GLenum(GL_TEXTURE0 + unit))
        plume_glBindTexture(GLenum(GL_TEXTURE_BUFFER), texture.name)
        plume_glTexBuffer(GLenum(GL_TEXTURE_BUFFER), GLenum(GL_RGBA32UI), buffer.name)
        plume_glActiveTexture(GLenum(GL_TEXTURE0))
    }

    /// Binds the table last uploaded to texture unit `unit` as well, without uploading it again
    /// (leaving unit 0 active).
    func bindAgain(unit: Int32) {
        guard let texture else { return }
        context.bindBufferTexture(texture, unit: unit)
    }

    func release() {
        if let buffer { context.delete(buffer) }
        if let texture { context.delete(texture) }
        buffer = nil
        texture = nil
    }
}

import Plume

/// Trails (Semantics §10 "Trails"): each particle of a cell with a `Trail` is drawn over a
/// ribbon through its position and the samples its updates recorded (`GPUNode.samples`). One
/// point per particle goes to a geometry stage (`Shaders/draw_trail.geom`) that reads the
/// particle's record and samples, evaluates its appearance once, and emits the strip: nothing is
/// read back. A cell's trails come before its particles, in the render
/// mode's order (the sorted modes draw them in the sorted entries' order), with the cell's blending.
extension ParticleRenderer {
    /// Draws the trails of the first `count` particles of `node`: its records in storage order, or
    /// the sorted entries bound to texture units 1 and 2 when `frame.sorted`.
    func drawTrails(_ node: GPUNode, cell: ResolvedCell, trail: Trail, image: SpriteImage, texture: GLTexture,
                    count: Int, frame: FrameValues) throws {
        // Records whose samples were recorded on another grid (the trail changed since the last
        // update) hold none yet: their trails are their heads alone, nothing to draw.
        guard count > 0, node.trailGrid == trail.grid, node.samples.count == 2 else { return }
        try context.preservingBufferTextures(units: [2, 4, 6]) {
            let features = cell.behaviors.drawFeatures, forces = cell.behaviors.motionForces
            let uniforms: any QuadUniforms & TrailUniforms
            if frame.sorted {
                let p = try context.programs.program(DrawTrailSortedUniforms.self, child: node.isChild, features: features,
                                                     forces: forces)
                p.use()
                p.uniforms.entries.set(TextureUnit(index: 1))
                uniforms = p.uniforms
            } else {
                let p = try context.programs.program(DrawTrailUniforms.self, child: node.isChild, features: features,
                                                     forces: forces)
                p.use()
                let records = trailRecords ?? context.makeTexture()
                trailRecords = records
                context.attach(node.input.buffer, to: records, format: .rgba32ui)
                context.bindBufferTexture(records, unit: 2)
                uniforms = p.uniforms
            }
            uniforms.records.set(TextureUnit(index: 2))
            uniforms.recordVecs.set(node.input.vectors)
            try set(uniforms, node: node, cell: cell, image: image, frame: frame)
            try trailTable.bind(trail.table, unit: 4)
            uniforms.trail.set(TextureUnit(index: 4))
            uniforms.trailCount.set(trail.count)
            uniforms.trailSpacing.set(Int(trail.spacing))
            context.bindBufferTexture(node.samples[node.current].texture, unit: 6)
            uniforms.samples.set(TextureUnit(index: 6))
            context.bindTexture(texture)
            context.drawPoints(count: count)
        }
    }

    /// The live records of `records` (waits for the count of the pass that wrote them).
    func liveCount(_ records: RecordBuffer) -> Int {
        guard records.hasData, let counts = records.lastWrite, counts.resolve(wait: true),
              let written = counts.result?.written else { return 0 }
        return Int(written)
    }
}

/// The uniforms of the trail programs.
protocol TrailUniforms {
    var records: Uniform<TextureUnit> { get }
    var recordVecs: Uniform<Int32> { get }
    var trail: Uniform<TextureUnit> { get }
    var trailCount: Uniform<Int32> { get }
    var trailSpacing: Uniform<Int32> { get }
    var samples: Uniform<TextureUnit> { get }
}

extension DrawTrailUniforms: QuadUniforms, TrailUniforms {}
extension DrawTrailSortedUniforms: QuadUniforms, SortedDrawUniforms, TrailUniforms {}

extension Trail {
    /// The trail's curves as a table of the behaviour table's layout (`Curve`, `CurveKey` in
    /// `Shaders/plume.contract`): an unused header texel, a `Curve` each for the width (texel 1) and
    /// the red, green, blue and alpha factors (texels 2–5), then their keys.
    var table: [UInt32] {
        let curves = [width] + color
        var descriptors: [SIMD4<UInt32>] = []
        var keys: [SIMD4<UInt32>] = []
        let firstKey = BehaviorHeaderEntry.vectors + CurveEntry.vectors * curves.count
        for curve in curves {
            descriptors += CurveEntry(firstKey: Int32(firstKey + keys.count), count: Int32(curve.values.count)).texels
            for (x, v) in zip(curve.locations, curve.values) {
                keys += CurveKeyEntry(location: Float(x), value: Float(v)).texels
            }
        }
        let header = BehaviorHeaderEntry(flags: 0, alignOffset: 0, motionStart: 0).texels
        return (header + descriptors + keys).flatMap { [$0.x, $0.y, $0.z, $0.w] }
    }
}

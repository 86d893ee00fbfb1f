import CEpoxy
import Plume

/// Draws a ``GPUSimulator``'s live particles straight from its GPU buffers into whatever
/// framebuffer the host has bound (Semantics §10): no readback, no CPU work per particle.
///
/// ```swift
/// let renderer = try ParticleRenderer(context: context)
/// try simulator.advance(to: now)
/// try renderer.draw(simulator, viewProjection: .layer(width: 800, height: 600))
/// ```
///
/// **Draw paths.** Each cell is drawn as point sprites, a quad list, instanced quads or
/// geometry-shader quads, picked per cell and per frame (``drawPath``, ``DrawPath``); the
/// pictures are the same.
///
/// **GL state.** `draw` sets and then restores: the current program, vertex array, array buffer,
/// `GL_PROGRAM_POINT_SIZE`, `GL_POINT_SPRITE_COORD_ORIGIN`,
/// active texture unit, the 2-D texture bound to unit 0 and the buffer textures of units 0–3, the
/// pixel-unpack and copy buffer bindings, the unpack alignment/row length/skips, `GL_BLEND` and
/// the blend functions, equations and colour, `GL_DEPTH_TEST`, `GL_CULL_FACE`, `GL_RASTERIZER_DISCARD` and the transform-feedback
/// binding. A layer drawn through its own image (``LayerCompositing``) binds that image's
/// framebuffer, viewport and clear colour while its particles are drawn, and restores the host's
/// draw and read framebuffers, viewport, scissor and clear colour before compositing it; a
/// direct draw touches neither the framebuffer binding nor the clear values. The scissor test and box
/// change while a `masksToBounds` layer is drawn (see `ParticleRenderer+Layers.swift`), and the
/// viewport, scissor test and box while a cell is drawn as a quad list (a padded viewport cut
/// back by the scissor box, `ParticleRenderer+QuadList.swift`); all are restored.
///
/// Concurrency: `Sendable` with its ownership checked at run time. Every GL entry point first
/// checks that the context is current on the calling thread (``GLContext/ensureCurrent(_:)``), and
/// a context is current on one thread at a time, so GL work happens on that thread; a call from
/// another throws ``GLError/contextNotCurrent(_:)``. Releasing it is safe on any thread (deferred
/// deletion). Its settings belong to the thread that draws.
public final class ParticleRenderer: @unchecked Sendable {
    /// The context the renderer's programs and textures belong to; draw only where it is current.
    public let context: GLContext
    /// Textures by cell (index path), with the image they were made from.
    private var textures: [[Int]: (image: SpriteImage, texture: GLTexture, filters: [Int32])] = [:]
    /// Ordering state by cell, for the render modes that sort.
    private var orderings: [[Int]: ParticleOrdering] = [:]
    /// A buffer texture over a node's records, for drawing in sorted order.
    private var recordTexture: GLTexture?
    /// The over-life curves of the cell being drawn (Semantics §12).
    private lazy var behaviorTable = BehaviorTable(context: context)
    /// The trail curves of the cell being drawn (Semantics §10 "Trails", texture unit 4).
    lazy var trailTable = BehaviorTable(context: context)
    /// A buffer texture over a node's records, for drawing its trails unordered.
    var trailRecords: GLTexture?
    /// The quads of the cell being drawn as a quad list.
    lazy var quadList = QuadListBuffer(context: context)
    private(set) var released = false
    /// Bounds on each cell's particle scale over the lifetimes still alive (automatic paths).
    private var scaleBounds: [ScaleKey: ScaleBound] = [:]

    /// How cells are drawn: ``DrawPath/automatic`` (the default) picks per cell and per frame;
    /// another value forces that path for every cell (tests, benchmarks, comparisons).
    public var drawPath: DrawPath = .automatic
    /// The path each drawn cell (by key path) took at the last draw call.
    public private(set) var lastDrawPaths: [String: DrawPath] = [:]
    /// The driver's largest point size in pixels (`GL_POINT_SIZE_RANGE`): the automatic choice
    /// draws point sprites only below it.
    public let maxPointSize: Double
    /// Whether the automatic choice lists the quads of unrotated cells drawn into B8G8R8A8
    /// targets (``DrawPath/quadList``): on Mesa's llvmpipe, whose rectangle and 8-bit linear path
    /// draws them for about 0.7 of the cost of point sprites. Other drivers keep the
    /// other paths until they are measured there.
    public let prefersQuadLists: Bool
    /// How each layer's particles reach the framebuffer: through the layer's own image where
    /// that changes the picture (``LayerCompositing/automatic``, the default), always, or never.
    public var compositing: LayerCompositing = .automatic
    /// What lies under the layers this renderer draws, when the host knows it (the colour it
    /// cleared to, premultiplied), else nil (the default). Only an opaque or transparent black
    /// matters: additive layers at full opacity are then drawn straight into the framebuffer,
    /// which gives the same picture for less (``LayerCompositing``). Every layer drawn is taken
    /// to land on it: additive layers drawn over one another then add, as before layer images.
    public var backdrop: Color?
    /// The viewport-sized layer images, made at the first draw that needs one: one per depth of
    /// images open at once (a faded group's image, a layer's own image inside it).
    var layerImages: [LayerImage] = []
    /// How many layer images are open (bound one inside another) now.
    var openLayerImages = 0
    /// Whether a faded source-over layer fades its image while its particles are drawn into it
    /// (each particle scaled by the opacity in the blend) rather than when the image is
    /// composited: the same picture up to 8-bit rounding, for the cost of an unfaded composite
    /// (`ParticleRenderer+Compositing.swift`). True; tests compare both.
    var fadesWhileDrawing = true

    /// A renderer for simulators of `context`, which must be current (programs are compiled on
    /// first use, per cell configuration).
    /// - Throws: ``GLError/contextNotCurrent(_:)`` when it is not.
    public init(context: GLContext) throws {
        self.context = context
        try context.ensureCurrent("ParticleRenderer.init")
        let range = GL.floats(.pointSizeRange)
        maxPointSize = Double(range[1])
        prefersQuadLists = context.info.renderer.contains("llvmpipe")
        _ = try context.programs.program(DrawPointsUniforms.self)
    }

    deinit { release() }

    /// Deletes the textures this renderer made. Safe on any thread: without the context current
    /// the deletions wait for its next use (``GLContext/ensureCurrent(_:)``).
    public func release() {
        guard !released else { return }
        released = true
        for (_, t) in textures { context.delete(t.texture) }
        textures = [:]
        orderings.values.forEach { $0.release() }
        orderings = [:]
        if let recordTexture { context.delete(recordTexture) }
        if let trailRecords { context.delete(trailRecords) }
        releaseLayerImage()
        behaviorTable.release()
        trailTable.release()
        quadList.release()
    }

    /// Draws the simulator's particles at its last advanced time: cells in array order, each cell's
    /// sub-cells after it, skipping disabled cells and cells without contents, faded by `opacity`
    /// (see `ParticleRenderer+Layers.swift` for the public entry points, which place, fade, hide
    /// and clip the layer), each cell by the path ``drawPath`` asks for or picks
    /// (`ParticleRenderer+DrawPath.swift`). Where the picture needs it, the particles go into the
    /// layer's own image first, composited with `opacity` (`ParticleRenderer+Compositing.swift`);
    /// otherwise (and into that image, `direct`) straight into the bound framebuffer, every
    /// particle's alpha multiplied by `opacity`.
    /// `yUp`: the host's projection has y up (images are flipped to stay upright); nil: read it
    /// from `viewProjection` (which must then be the host's, not turned by a layer transform).
    /// `fade` < 1 (source-over modes, into a layer image): every particle is scaled by `fade` in
    /// the blend instead (`GLBlendedDraw.sourceOver(fadedBy:)`), which fades the image they
    /// form as one.
    func drawParticles(_ simulator: GPUSimulator, viewProjection: Matrix4, opacity: Float, yUp: Bool? = nil,
                       direct: Bool = false, fade: Float = 1) throws {
        if released { throw GLError.released("ParticleRenderer.draw") }
        try context.ensureCurrent("ParticleRenderer.draw")
        if simulator.context !== context { throw GLError.contextNotCurrent("ParticleRenderer.draw (the simulator's context)") }
        lastDrawPaths = [:]
        guard let time = simulator.layerTime else { return }
        if !direct && usesLayerImage(simulator, opacity: opacity) {
            return try drawThroughLayerImage(simulator, viewProjection: viewProjection, opacity: opacity, yUp: yUp)
        }
        let saved = SavedState()
        defer { saved.restore() }
        let mode = simulator.resolved.renderMode
        let blend = mode == .additive ? GLBlendedDraw.additive : fade < 1 ? .sourceOver(fadedBy: fade) : .sourceOver
        blend.withPointSprites.apply()
        let viewport = GL.integers(.viewport)
        let frame = FrameValues(time: time, viewProjection: viewProjection, flipImage: yUp ?? (viewProjection.columns[5] > 0),
                                opacity: opacity,
                                preservesDepth: simulator.resolved.preservesDepth,
                                sorted: !(mode == .unordered || mode == .additive), mode: mode,
                                viewport: SIMD4(viewport.map(Double.init)),
                                simulator: ObjectIdentifier(simulator), seed: simulator.resolved.seed,
                                listsQuads: prefersQuadLists && context.drawFramebufferIsBGRA())
        if scaleBounds.count > 4096 { scaleBounds = [:] }
        let cells = simulator.layer.emitterCells ?? []
        for (i, (node, resolved)) in zip(simulator.roots, simulator.resolved.cells).enumerated() where i < cells.count {
            try draw(node, cell: resolved, object: cells[i], parentScale: simulator.resolved.scale, frame: frame)
        }
        try context.check("drawing particles", pass: "particle drawing")
    }

    /// What every cell of one draw shares.
    struct FrameValues {
        var time: Double
        var viewProjection: Matrix4
        /// Images are flipped to stay upright under a y-up host projection.
        var flipImage: Bool
        var opacity: Float
        var preservesDepth: Bool
        var sorted: Bool
        var mode: EmitterRenderMode
        var viewport: SIMD4<Double>
        var simulator: ObjectIdentifier
        /// The layer's seed (the per-particle draws of motion behaviours).
        var seed: UInt32
        /// The automatic choice may list quads (``prefersQuadLists`` and a B8G8R8A8 target).
        var listsQuads: Bool
    }

    private func draw(_ node: GPUNode, cell: ResolvedCell, object: EmitterCell, parentScale: Double,
                      frame: FrameValues) throws {
        let key = ScaleKey(simulator: frame.simulator, path: cell.path)
        let scale = scaleBounds[key, default: ScaleBound()].update(Self.scaleBound(cell, parent: parentScale),
                                                                     time: frame.time, maxLifetime: cell.maxLifetime)
        if cell.isDrawn, let image = object.contents, node.input.hasData {
            let texture = try self.texture(for: cell.path, image: image, cell: object)
            var count = 0
            if frame.sorted {
                let ordering = orderings[cell.path] ?? ParticleOrdering(context: context)
                orderings[cell.path] = ordering
                // backToFront under motion behaviours keys the particles by the z the draws draw:
                // the behaviour table and births bound as for the draw.
                var motion: MotionForces?
                if frame.mode == .backToFront, cell.behaviors.drawFeatures.contains(.motion),
                   let table = cell.behaviors.drawTable(seed: frame.seed, recordsTick: Ticks.from(frame.time)) {
                    try behaviorTable.bind(table)
                    node.births.bind(unit: 5)
                    motion = cell.behaviors.motionForces
                }
                let (entries, n) = try ordering.sort(node.input, order: frame.mode, acceleration: cell.acceleration,
                                                     motion: motion)
                // Sentinel entries sort after every live one: draw only the live ones when known.
                count = min(n, knownLiveCount(node.input) ?? n)
                GL.activeTexture(unit: 1)
                GL.bindTexture(.buffer, entries.name)
                let records = recordTexture ?? context.makeTexture()
                recordTexture = records
                context.bindBufferTexture(records, over: node.input.buffer, format: .rgba32ui, unit: 2)
            }
            if let trail = cell.trail {
                try drawTrails(node, cell: cell, trail: trail, image: image, texture: texture,
                               count: frame.sorted ? count : liveCount(node.input), frame: frame)
            }
            var path = choosePath(image: image, cell: cell, object: object, scale: scale, frame: frame,
                                  records: node.input)
            // Unordered quad lists need no live count where the list can be cleared: they list
            // the update's records as captured, and draw up to the host's bound on them.
            let bounded = path == .quadList && !frame.sorted && context.info.hasClearBuffer
            if bounded { count = min(node.bound.total, node.input.capacity) }
            if path == .quadList && count > quadList.limit { path = .instancedQuads }
            if (path == .instancedQuads || (path == .quadList && !bounded)) && !frame.sorted,
               let counts = node.input.lastWrite, counts.resolve(wait: true), let written = counts.result?.written {
                count = Int(written)
            }
            lastDrawPaths[cell.keyPath] = path
            if path == .quadList {
                GL.bindTexture(.texture2D, texture.name)
                try drawQuadList(node, cell: cell, image: image, scale: scale, count: count,
                                 listing: frame.sorted ? .sorted : bounded ? .captured : .counted, frame: frame)
                return try drawSubCells(node, cell: cell, object: object, scale: scale, frame: frame)
            }
            let (use, program) = try self.program(path, sorted: frame.sorted, child: node.isChild,
                                                  features: cell.behaviors.drawFeatures,
                                                  forces: cell.behaviors.motionForces)
            use()
            try set(program, node: node, cell: cell, image: image, frame: frame)
            if let sorted = program as? SortedDrawUniforms {
                sorted.entries.set(TextureUnit(index: 1))
                sorted.records.set(TextureUnit(index: 2))
                sorted.recordVecs.set(node.input.vectors)
            }
            GL.bindTexture(.texture2D, texture.name)
            switch (path, frame.sorted) {
            case (.instancedQuads, false):
                GL.bindVertexArray(node.input.instancedVertexArray.name)
                GL.drawArraysInstanced(.triangleStrip, count: 4, instances: count)
            case (.instancedQuads, true):
                GL.bindVertexArray(context.emptyVertexArray.name)
                GL.drawArraysInstanced(.triangleStrip, count: 4, instances: count)
            case (_, true):
                context.drawPoints(count: count)
            case (_, false):
                context.drawCaptured(node.input.vertexArray, node.input.feedback)
            }
        }
        try drawSubCells(node, cell: cell, object: object, scale: scale, frame: frame)
    }

    private func drawSubCells(_ node: GPUNode, cell: ResolvedCell, object: EmitterCell, scale: Double,
                              frame: FrameValues) throws {
        let subs = object.emitterCells ?? []
        for (j, (child, sub)) in zip(node.children, cell.children).enumerated() where j < subs.count {
            try draw(child, cell: sub, object: subs[j], parentScale: scale, frame: frame)
        }
    }

    /// The path for one cell at this draw (see ``DrawPath``).
    private func choosePath(image: SpriteImage, cell: ResolvedCell, object: EmitterCell, scale: Double,
                            frame: FrameValues, records: RecordBuffer) -> DrawPath {
        if drawPath != .automatic { return drawPath }
        let countKnown = frame.sorted || (records.lastWrite?.resolve(wait: false) ?? false)
        if frame.listsQuads && (countKnown || context.info.hasClearBuffer) && Self.listsQuadsFast(cell, object: object) {
            return .quadList
        }
        if Self.isAffine(frame.viewProjection),
           Self.pointSizeBound(image: image, cell: cell, scale: scale, viewProjection: frame.viewProjection,
                               viewport: frame.viewport) <= maxPointSize {
            return .pointSprites
        }
        if countKnown { return .instancedQuads }
        return .geometryQuads
    }

    /// The live count of a cell's records when the host already knows it without waiting (its
    /// last pass's query has a result), else nil.
    private func knownLiveCount(_ records: RecordBuffer) -> Int? {
        guard let counts = records.lastWrite, counts.resolve(wait: false), let written = counts.result?.written else {
            return nil
        }
        return Int(written)
    }

    /// The program of a path with the behaviour code the cell needs, used, with its uniforms.
    private func program(_ path: DrawPath, sorted: Bool, child: Bool, features: ProgramFeatures,
                         forces: MotionForces) throws -> (use: () -> Void, uniforms: any QuadUniforms) {
        func get<U: ProgramUniforms & QuadUniforms>(_ type: U.Type) throws -> (use: () -> Void, uniforms: any QuadUniforms) {
            let p = try context.programs.program(type, child: child, features: features, forces: forces)
            return (p.use, p.uniforms)
        }
        switch (path, sorted) {
        case (.pointSprites, false): return try get(DrawPointsUniforms.self)
        case (.pointSprites, true): return try get(DrawPointsSortedUniforms.self)
        case (.instancedQuads, false): return try get(DrawInstancedUniforms.self)
        case (.instancedQuads, true): return try get(DrawInstancedSortedUniforms.self)
        case (.geometryQuads, true): return try get(DrawSortedUniforms.self)
        case (_, false): return try get(DrawUniforms.self)     // automatic and quadList never get here
        case (_, true): return try get(DrawSortedUniforms.self)
        }
    }

    /// Sets the uniforms every program evaluating the appearance shares (and the projection and
    /// image of those that draw), and binds the cell's birth parameters to texture unit 5.
    func set(_ program: any AppearanceUniforms, node: GPUNode, cell: ResolvedCell, image: SpriteImage,
             frame: FrameValues) throws {
        node.births.bind(unit: 5)
        program.births.set(TextureUnit(index: 5))
        if let quad = program as? QuadUniforms {
            quad.viewProjection.set(frame.viewProjection)
            quad.image.set(TextureUnit(index: 0))
        }
        program.preservesDepth.set(frame.preservesDepth)
        program.layerOpacity.set(frame.opacity)
        // Images stay upright: with a y-up projection the first image row goes to local +y.
        program.flipImage.set(frame.flipImage)
        program.acc.set(cell.acceleration)
        program.colorSpeed.set(cell.colorSpeed)
        program.imageSize.set(SIMD2<Double>(Double(image.width), Double(image.height)))
        program.contentsRect.set(cell.contentsRect)
        program.contentsScale.set(cell.contentsScale)
        let sheet = cell.spriteSheet
        program.sheet.columns.set(sheet.columns)
        program.sheet.rows.set(sheet.rows)
        program.sheet.frames.set(sheet.frames)
        program.sheet.rate.set(sheet.rate)
        program.sheet.loops.set(sheet.loops)
        program.sheet.randomStart.set(sheet.randomStart)
        program.sheet.seed.set(sheet.seed)
        if let points = program as? PointDrawUniforms {
            points.viewport.set(frame.viewport)
            points.pointSizeLimit.set(maxPointSize)
        }
        // Over-life curves, alignment and motion behaviours (Semantics §12): the cell's table on texture unit 3.
        if let table = cell.behaviors.drawTable(seed: frame.seed, recordsTick: Ticks.from(frame.time)) {
            try behaviorTable.bind(table)
            program.behaviors.set(TextureUnit(index: 3))
        }
    }

    // MARK: Textures

    /// The cell's texture, uploaded (premultiplied, mipmapped, stored as B8G8R8A8: the layout
    /// llvmpipe samples on its 8-bit linear path, the same colours everywhere) when its image or
    /// filters change.
    private func texture(for path: [Int], image: SpriteImage, cell: EmitterCell) throws -> GLTexture {
        let filters = Self.filters(cell)
        if let t = textures[path], t.image == image, t.filters == filters { return t.texture }
        if let old = textures.removeValue(forKey: path) { context.delete(old.texture) }
        var premultiplied = image.pixels
        for i in stride(from: 0, to: premultiplied.count, by: 4) {
            let a = UInt32(premultiplied[i + 3])
            for c in 0..<3 { premultiplied[i + c] = UInt8((UInt32(premultiplied[i + c]) * a + 127) / 255) }
        }
        let bias = cell.minificationFilterBias.isFinite ? cell.minificationFilterBias : 0
        let texture = try context.makeTexture(width: image.width, height: image.height, rgba: premultiplied,
                                              minify: GLTextureFilter(filters[0]), magnify: GLTextureFilter(filters[1]), lodBias: bias, bgra: true)
        textures[path] = (image, texture, filters)
        return texture
    }

    /// GL min and mag filters for a cell: linear, nearest, trilinear (mipmapped).
    private static func filters(_ cell: EmitterCell) -> [Int32] {
        let minify: Int32
        switch cell.minificationFilter {
        case .linear: minify = GL_LINEAR
        case .nearest: minify = GL_NEAREST
        case .trilinear: minify = GL_LINEAR_MIPMAP_LINEAR
        }
        // The bias is part of the key: changing it re-makes the texture with the new bias.
        let bias = cell.minificationFilterBias.isFinite ? cell.minificationFilterBias : 0
        return [minify, cell.magnificationFilter == .nearest ? GL_NEAREST : GL_LINEAR, Int32(bitPattern: bias.bitPattern)]
    }

}

/// The uniforms every program evaluating the particles' appearance shares (generated from
/// `Shaders/plume.contract`). The particles are drawn at the simulator's time, where its records
/// are: no program takes a time of its own.
protocol AppearanceUniforms {
    var acc: Uniform<SIMD3<Float>> { get }
    var colorSpeed: Uniform<SIMD4<Float>> { get }
    var sheet: SheetParamsUniforms { get }
    var imageSize: Uniform<SIMD2<Float>> { get }
    var contentsRect: Uniform<SIMD4<Float>> { get }
    var contentsScale: Uniform<Float> { get }
    var preservesDepth: Uniform<Bool> { get }
    var flipImage: Uniform<Bool> { get }
    var layerOpacity: Uniform<Float> { get }
    var behaviors: Uniform<TextureUnit> { get }
    var births: Uniform<TextureUnit> { get }
}

/// The uniforms every program drawing particles from their records shares.
protocol QuadUniforms: AppearanceUniforms {
    var viewProjection: Uniform<Matrix4> { get }
    var image: Uniform<TextureUnit> { get }
}

/// The uniforms of the programs that draw in sorted order.
protocol SortedDrawUniforms {
    var entries: Uniform<TextureUnit> { get }
    var records: Uniform<TextureUnit> { get }
    var recordVecs: Uniform<Int32> { get }
}

/// The uniforms of the point-sprite programs.
protocol PointDrawUniforms {
    var viewport: Uniform<SIMD4<Float>> { get }
    var pointSizeLimit: Uniform<Float> { get }
}

/// A cell of one simulator, for the scale bounds the renderer keeps.
struct ScaleKey: Hashable {
    var simulator: ObjectIdentifier
    var path: [Int]
}

extension DrawUniforms: QuadUniforms {}
extension DrawSortedUniforms: QuadUniforms, SortedDrawUniforms {}
extension DrawPointsUniforms: QuadUniforms, PointDrawUniforms {}
extension DrawPointsSortedUniforms: QuadUniforms, SortedDrawUniforms, PointDrawUniforms {}
extension DrawInstancedUniforms: QuadUniforms {}
extension DrawInstancedSortedUniforms: QuadUniforms, SortedDrawUniforms {}
extension QuadListUniforms: AppearanceUniforms {}
extension QuadListSortedUniforms: AppearanceUniforms, SortedDrawUniforms {}

import CEpoxy
import Foundation
import Plume

/// Drawing layers: each at its own frame, with its opacity, hidden or clipped to its bounds.
///
/// * ``draw(_:viewProjection:)`` draws one simulator's layer. The layer's `frame`/`bounds` place
///   it (a layer whose frame and bounds are zero, the default, draws at the projection's origin,
///   exactly where its particles are), turned by its `transform` about its anchor point and
///   moved by its `zPosition` (`LayerGeometry.swift` in Plume); its presented `opacity`
///   multiplies every particle's alpha; `isHidden` draws nothing, and so does
///   `isDoubleSided = false` while the layer's back faces the viewer; `masksToBounds` clips to
///   `bounds` with the scissor test (a turned or perspective layer: to the smallest rectangle
///   holding its bounds' corners).
/// * ``draw(_:viewProjection:)-(ParticleScene,_)`` draws a ``ParticleScene``: every emitter layer
///   of its tree, in order, each at its place in the root layer's coordinates.
/// * ``draw(_:viewProjection:)-([GPUSimulator],_)`` draws a list of layers in order, each at its
///   own frame (the simplest way to compose several emitters without a tree).
///
/// The clip needs a 2-D projection (the scissor rectangle is the projection of the bounds'
/// corners onto the current viewport). The scissor test and box are restored afterwards.
extension ParticleRenderer {
    /// Draws the simulator's layer at its frame, with its opacity, visibility and clip.
    public func draw(_ simulator: GPUSimulator, viewProjection: Matrix4) throws {
        let look = simulator.appearance
        guard !look.isHidden else { return }
        let placement = look.toSuperlayer
        if !look.isDoubleSided && !look.showsFront(placedBy: placement) { return }
        let clip = look.masksToBounds
            ? (placement.isAxisAligned2D ? look.bounds.applying3D(placement) : look.boundsBox(placedBy: placement))
            : nil
        try drawPlaced(simulator, transform: placement, opacity: look.opacity, clip: clip, viewProjection: viewProjection)
    }

    /// Draws layers in order (later ones on top), each at its own frame.
    public func draw(_ simulators: [GPUSimulator], viewProjection: Matrix4) throws {
        for simulator in simulators { try draw(simulator, viewProjection: viewProjection) }
    }

    /// Draws every emitter layer of the scene in order at its place in the root's coordinates.
    /// - Throws: ``GLError`` on GL failures, or `limitExceeded` when an emitter layer of the scene
    ///   is simulated by something other than a ``GPUSimulator`` of this renderer's context.
    ///
    /// A group (`ParticleScene.Item.groups`: a faded layer with more than one emitter layer
    /// below it) is drawn into its own layer image and composited with the group's opacity, as
    /// Core Animation's group opacity does (``LayerCompositing/direct`` fades each layer instead).
    public func draw(_ scene: ParticleScene, viewProjection: Matrix4) throws {
        let items = scene.items
        let simulators = try items.map { item -> GPUSimulator in
            guard let gpu = item.simulator as? GPUSimulator, gpu.context === context else {
                throw GLError.limitExceeded("the scene's layer \(item.layer.name ?? "(unnamed)") is not simulated by a "
                                            + "GPUSimulator of this renderer's context")
            }
            return gpu
        }
        guard !items.isEmpty else { return }
        if released { throw GLError.released("ParticleRenderer.draw") }
        try context.ensureCurrent("ParticleRenderer.draw")
        // The groups' images open now, outermost first (nil: no image could be made; the
        // group's layers are then faded one by one).
        var open: [(group: ParticleScene.Group, frame: LayerImageFrame?)] = []
        do {
            for (item, gpu) in zip(items, simulators) {
                let groups = compositing == .direct ? [] : item.groups
                var shared = 0
                while shared < min(open.count, groups.count), open[shared].group.layer == groups[shared].layer { shared += 1 }
                while open.count > shared {
                    let (group, frame) = open.removeLast()
                    if let frame { try endLayerImage(frame, opacity: group.opacity) }
                }
                for group in groups[shared...] { open.append((group, try beginLayerImage())) }
                // A group without an image (too large a viewport) fades its layers itself.
                let unapplied = open.filter { $0.frame == nil }.reduce(Float(1)) { $0 * $1.group.opacity }
                let opacity = groups.isEmpty ? item.opacity : item.opacityInGroup * unapplied
                try drawPlaced(gpu, transform: item.transform, opacity: opacity, clip: item.clip,
                               viewProjection: viewProjection)
            }
            while let (group, frame) = open.popLast() {
                if let frame { try endLayerImage(frame, opacity: group.opacity) }
            }
        } catch {
            while let (_, frame) = open.popLast() { if let frame { abandonLayerImage(frame) } }
            throw error
        }
    }

    /// Draws with the layer's coordinates placed by `transform` (its space → the projection's),
    /// alpha × `opacity`, clipped to `clip` (in the projection's coordinates) when given.
    private func drawPlaced(_ simulator: GPUSimulator, transform: Transform3D, opacity: Float, clip: CGRect?,
                            viewProjection: Matrix4) throws {
        let placed = viewProjection * Matrix4(transform)
        let yUp = viewProjection.columns[5] > 0
        guard let clip else {
            return try drawParticles(simulator, viewProjection: placed, opacity: opacity, yUp: yUp)
        }
        let saved = GLViewportState()
        defer { saved.restore() }
        let viewport = saved.viewport
        // The clip's corners in window pixels (GL's origin is the bottom left).
        let corners = [CGPoint(x: clip.minX, y: clip.minY), CGPoint(x: clip.maxX, y: clip.maxY)].map { p -> (Double, Double) in
            let c = viewProjection.columns
            let x = Double(c[0]) * p.x + Double(c[4]) * p.y + Double(c[12])
            let y = Double(c[1]) * p.x + Double(c[5]) * p.y + Double(c[13])
            return (Double(viewport[0]) + (x + 1) / 2 * Double(viewport[2]), Double(viewport[1]) + (y + 1) / 2 * Double(viewport[3]))
        }
        var x0 = min(corners[0].0, corners[1].0).rounded(), x1 = max(corners[0].0, corners[1].0).rounded()
        var y0 = min(corners[0].1, corners[1].1).rounded(), y1 = max(corners[0].1, corners[1].1).rounded()
        if saved.scissorTest {   // stay inside the host's own scissor box
            let box = saved.scissorBox
            x0 = max(x0, Double(box[0])); y0 = max(y0, Double(box[1]))
            x1 = min(x1, Double(box[0] + box[2])); y1 = min(y1, Double(box[1] + box[3]))
        }
        guard x1 > x0, y1 > y0, x0.isFinite, y0.isFinite, x1.isFinite, y1.isFinite else { return }
        GL.enable(.scissorTest)
        GL.scissor(x: Int(x0), y: Int(y0), width: Int(x1 - x0), height: Int(y1 - y0))
        try drawParticles(simulator, viewProjection: placed, opacity: opacity, yUp: yUp)
    }
}

extension GPUSimulator: AppearanceReporting {
    /// The layer's presented appearance at the last update.
    public var appearance: LayerAppearance { resolved.appearance }
}

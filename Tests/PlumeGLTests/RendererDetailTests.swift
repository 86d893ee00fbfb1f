import CEpoxy
import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// Filters, isEnabled, preservesDepth and the README's embedding example.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct RendererDetailTests {
    /// One particle at (32, 32) drawing `image` scaled `scale`, into a 64×64 target.
    static func one(_ image: SpriteImage, scale: CGFloat = 1, configure: (EmitterCell, EmitterLayer) -> Void = { _, _ in },
                    projection: Matrix4 = .layer(width: 64, height: 64), path: DrawPath = .automatic) throws -> [UInt8] {
        try GPU.run { context in
            let cell = EmitterCell()
            cell.contents = image
            cell.birthRate = 1
            cell.lifetime = 10
            cell.scale = scale
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 32, y: 32)
            layer.emitterCells = [cell]
            configure(cell, layer)
            let sim = try GPUSimulator(layer: layer, context: context)
            try sim.advance(to: 0)   // the layer starts at host time 0 (Semantics §8)
            try sim.advance(to: 1.5)
            let target = try OffscreenTarget(context: context, width: 64, height: 64)
            try target.begin(clearTo: .clear)
            let renderer = try ParticleRenderer(context: context)
            renderer.drawPath = path
            try renderer.draw(sim, viewProjection: projection)
            return try target.premultipliedPixels()
        }
    }

    /// A 2×2 checker of black and white opaque texels.
    static let checker = try! SpriteImage(width: 2, height: 2, pixels: [0, 0, 0, 255, 255, 255, 255, 255,
                                                                         255, 255, 255, 255, 0, 0, 0, 255])

    @Test(arguments: DrawPath.variants) func nearestKeepsTexelsLinearBlendsThem(_ path: DrawPath) throws {
        // Magnified 16×: nearest shows only black and white; linear shows greys between.
        let nearest = try Self.one(Self.checker, scale: 16, configure: { c, _ in c.magnificationFilter = .nearest }, path: path)
        let linear = try Self.one(Self.checker, scale: 16, configure: { c, _ in c.magnificationFilter = .linear }, path: path)
        func greys(_ px: [UInt8]) -> Int {
            stride(from: 0, to: px.count, by: 4).filter { px[$0 + 3] == 255 && px[$0] > 20 && px[$0] < 235 }.count
        }
        #expect(greys(nearest) == 0, "\(path): nearest produced \(greys(nearest)) grey pixels")
        #expect(greys(linear) > 100, "\(path): linear produced only \(greys(linear)) grey pixels")
    }

    @Test(arguments: DrawPath.variants) func trilinearMinifiesThroughMipmapsAndTheBiasMovesTheLevel(_ path: DrawPath) throws {
        // A 64×64 checker of 1-pixel squares drawn at ~1/8 size (a non-integer ratio, so samples do
        // not fall symmetrically between texels): sampling level 0 aliases into a patchwork of
        // dark and light pixels, the mipmapped filter averages to an even mid grey.
        var pixels = [UInt8]()
        for y in 0..<64 { for x in 0..<64 { let v: UInt8 = (x + y) % 2 == 0 ? 255 : 0; pixels += [v, v, v, 255] } }
        let fine = try SpriteImage(width: 64, height: 64, pixels: pixels)
        func spread(_ configure: @escaping (EmitterCell) -> Void) throws -> (mean: Double, deviation: Double) {
            let px = try Self.one(fine, scale: 0.13, configure: { c, _ in configure(c) }, path: path)
            let values = stride(from: 0, to: px.count, by: 4).filter { px[$0 + 3] == 255 }.map { Double(px[$0]) }
            let mean = values.reduce(0, +) / Double(values.count)
            let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
            return (mean, variance.squareRoot())
        }
        let linear = try spread { $0.minificationFilter = .linear }
        let trilinear = try spread { $0.minificationFilter = .trilinear }
        let biased = try spread { $0.minificationFilter = .trilinear; $0.minificationFilterBias = -6 }
        #expect(abs(trilinear.mean - 128) < 12 && trilinear.deviation < 10, "\(path): trilinear: \(trilinear)")
        #expect(linear.deviation > 25, "linear (no mipmaps) should alias: \(linear)")
        #expect(biased.deviation > 25, "a bias of −6 selects level 0 again: \(biased)")
    }

    @Test func disabledCellsAndTheirSubCellsDrawNothing() throws {
        let white = SpriteImage.builtin(.hardDisc, size: 16)
        let shown = try Self.one(white)
        let hidden = try Self.one(white) { c, _ in c.isEnabled = false }
        #expect(shown[(32 * 64 + 32) * 4 + 3] == 255)
        #expect(hidden.allSatisfy { $0 == 0 }, "a disabled cell drew something")
    }

    @Test(arguments: DrawPath.variants) func preservesDepthKeepsZInTheProjection(_ path: DrawPath) throws {
        // A projection that shifts x by z: flattened particles stay put, depth-preserving ones move.
        var shear = Matrix4.layer(width: 64, height: 64)
        shear.set(column: 2, row: 0, 2.0 / 64)      // x_clip += z · 2/64 (one pixel per point of z)
        let image = SpriteImage.builtin(.hardDisc, size: 8)
        let configure: (EmitterCell, EmitterLayer) -> Void = { cell, layer in
            cell.velocity = 10
            cell.emissionLatitude = -.pi / 2        // towards the viewer: z = 10 at t = 1.5 (age 0.5… 1)
            layer.emitterZPosition = 15
        }
        let flat = try Self.one(image, configure: configure, projection: shear, path: path)
        let deep = try Self.one(image, configure: { c, l in configure(c, l); l.preservesDepth = true }, projection: shear, path: path)
        func centroidX(_ px: [UInt8]) -> Double {
            var sum = 0.0, n = 0.0
            for i in stride(from: 0, to: px.count, by: 4) where px[i + 3] > 128 { sum += Double((i / 4) % 64); n += 1 }
            return sum / max(n, 1)
        }
        #expect(abs(centroidX(flat) - 31.5) < 1, "\(path): flattened: centroid \(centroidX(flat))")
        #expect(centroidX(deep) - centroidX(flat) > 15, "z = 20 must shift the depth-preserving quad: \(centroidX(deep))")
    }

    /// The README's embedding example, verbatim in spirit: a host context, its framebuffer, a
    /// simulator and a renderer, ten lines.
    @Test func readmeEmbeddingExampleRuns() throws {
        let layer = Preset.fire.makeLayer(size: CGSize(width: 320, height: 240))
        try GPU.run { context in
            let target = try OffscreenTarget(context: context, width: 320, height: 240)   // the host's framebuffer
            // --- README example ---
            let simulator = try GPUSimulator(layer: layer, context: context)
            let renderer = try ParticleRenderer(context: context)
            let projection = Matrix4.layer(width: 320, height: 240)     // y down, like UIKit
            for frame in 1...90 {
                let now = Double(frame) / 60                              // your clock
                try simulator.advance(to: now)
                try target.begin(clearTo: .black)                            // bind and clear your framebuffer
                try renderer.draw(simulator, viewProjection: projection)
            }
            // --- end ---
            let image = try target.image()
            #expect(image.pixels.enumerated().contains { $0.offset % 4 == 0 && $0.element > 100 }, "the fire is not visible")
        }
    }
}

/// Embedding in a context the host created: `GLContext.current()` wraps it without owning it.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct HostContextTests {
    @Test func wrapsTheHostsCurrentContext() throws {
        try GPU.run { owned in
            // Pretend `owned` is the game's context: it is current; Plume wraps it.
            let host = try GLContext.current()
            #expect(host.info.renderer == owned.info.renderer && host.info.platform == "host context")
            let simulator = try GPUSimulator(layer: Preset.fire.makeLayer(size: CGSize(width: 64, height: 64)), context: host)
            let renderer = try ParticleRenderer(context: host)
            let target = try OffscreenTarget(context: host, width: 64, height: 64)
            for f in 0...60 { try simulator.advance(to: Double(f) / 60) }
            try target.begin(clearTo: .black)
            try renderer.draw(simulator, viewProjection: .layer(width: 64, height: 64))
            #expect(try target.image().pixels.contains { $0 > 100 && $0 < 255 })
            try host.withCurrent {}                     // a no-op for a host context …
            #expect(try simulator.snapshot().particles.count > 10, "… which stays current")
        }
    }

    @Test func noCurrentContextIsATypedError() throws {
        // GPU.run releases the shared context after each test, so none is current here.
        #expect(throws: GLError.self) { _ = try GLContext.current() }
    }
}

import CEpoxy
import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// Layer compositing as Core Animation does it (issue 27 item 1): particles into the layer's
/// own image in its render mode, that image over what lies below with source-over and the
/// layer's opacity, and the direct draw wherever that is the same picture.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct CompositingTests {
    /// Premultiplied RGBA rows from the top of a `width × height` target cleared to `background`,
    /// with `layers` advanced to `steps` and drawn in order with `compositing`.
    static func picture(_ layers: [EmitterLayer], steps: [Double] = [0, 1, 1.5], width: Int = 64, height: Int = 64,
                        background: Color, compositing: LayerCompositing, backdrop: Color? = nil,
                        host: ((GLContext) -> Void)? = nil) throws -> [UInt8] {
        try GPU.run { context in
            let sims = try layers.map { try GPUSimulator(layer: $0, context: context) }
            for t in steps { try sims.forEach { try $0.advance(to: t) } }
            let target = try OffscreenTarget(context: context, width: width, height: height)
            try target.begin(clearTo: background)
            host?(context)
            let renderer = try ParticleRenderer(context: context)
            renderer.compositing = compositing
            renderer.backdrop = backdrop
            try renderer.draw(sims, viewProjection: .layer(width: Float(width), height: Float(height)))
            GL.disable(.scissorTest)
            return try target.premultipliedPixels()
        }
    }

    static func pixel(_ p: [UInt8], _ x: Int, _ y: Int, width: Int = 64) -> SIMD4<Int> {
        let i = (y * width + x) * 4
        return SIMD4(Int(p[i]), Int(p[i + 1]), Int(p[i + 2]), Int(p[i + 3]))
    }

    /// Opaque 30-pixel discs of `color` at (32, 32), one born a second from 1 s, drawn additively.
    static func additivePair(_ color: Color) -> EmitterLayer {
        let layer = LayerDrawingTests.disc(color)
        layer.emitterPosition = CGPoint(x: 32, y: 32)
        layer.renderMode = .additive
        return layer
    }

    /// Two opaque white discs (30 pixels across) moving right at 10 points a second from
    /// (12, 32), born at 1 s and 2 s: at 2.5 s at x = 27 and x = 17, overlapping between x ≈ 12
    /// and 32.
    static func slidingPair(opacity: Float) -> EmitterLayer {
        let cell = EmitterCell()
        cell.contents = .builtin(.hardDisc, size: 32)
        cell.birthRate = 1
        cell.lifetime = 10
        cell.velocity = 10
        cell.color = .white
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 12, y: 32)
        layer.opacity = opacity
        layer.emitterCells = [cell]
        return layer
    }

    @Test func additiveOnWhiteShowsTheEffect() throws {
        let colour = Color(red: 0.3, green: 0.2, blue: 0.1, alpha: 1)
        let steps = [0, 1, 2, 2.5]   // particles born at 1 s and 2 s
        let composited = try Self.picture([Self.additivePair(colour)], steps: steps, background: .white,
                                          compositing: .automatic)
        let c = Self.pixel(composited, 32, 32)
        // The pair sums to (0.6, 0.4, 0.2, 1) in the layer's image; opaque, it covers the white.
        #expect(abs(c.x - 153) <= 2 && abs(c.y - 102) <= 2 && abs(c.z - 51) <= 2 && c.w == 255,
                "additive particles summed in the layer's image, then over white: \(c)")
        #expect(Self.pixel(composited, 2, 2) == SIMD4(255, 255, 255, 255), "white where no particle lands")
        let direct = try Self.picture([Self.additivePair(colour)], steps: steps, background: .white,
                                      compositing: .direct)
        #expect(Self.pixel(direct, 32, 32) == SIMD4(255, 255, 255, 255),
                "the direct draw adds into white and shows nothing (what the layer image fixes)")
    }

    /// Additive presets over black: the layer image is the direct draw, bit for bit, over an
    /// opaque and over a transparent black.
    @Test(arguments: [Preset.fire, .fireworks, .alignedSparks], [Color.black, .clear])
    func additiveOnBlackIsUnchanged(_ preset: Preset, _ background: Color) throws {
        // Larger than llvmpipe's 64-pixel tiles several times over (a composite shaded on its
        // linear path once lost green and blue in some tiles).
        let make = { preset.makeLayer(size: CGSize(width: 320, height: 240)) }
        let steps = (0...60).map { Double($0) / 30 }
        let direct = try Self.picture([make()], steps: steps, width: 320, height: 240, background: background,
                                      compositing: .direct)
        let image = try Self.picture([make()], steps: steps, width: 320, height: 240, background: background,
                                     compositing: .layerImage)
        #expect(direct.contains { $0 != 0 && $0 != 255 }, "\(preset) draws something")
        let differing = zip(direct, image).filter { $0 != $1 }.count
        #expect(differing == 0, "\(preset) over \(background): \(differing) bytes differ between the direct draw and the layer image")
    }

    /// A large viewport is composited exactly (llvmpipe's linear path lost green and blue in
    /// parts of a viewport-sized rectangle shaded "image × interpolated colour").
    @Test func aLargeViewportIsCompositedExactly() throws {
        let make = { Preset.fire.makeLayer(size: CGSize(width: 1280, height: 720)) }
        let steps = (0...60).map { Double($0) / 30 }
        let direct = try Self.picture([make()], steps: steps, width: 1280, height: 720, background: .black, compositing: .direct)
        let image = try Self.picture([make()], steps: steps, width: 1280, height: 720, background: .black,
                                     compositing: .layerImage)
        #expect(direct.contains { $0 != 0 && $0 != 255 }, "the fire draws something")
        let differing = zip(direct, image).filter { $0 != $1 }.count
        #expect(differing == 0, "1280×720: \(differing) bytes differ between the direct draw and the layer image")
    }

    /// A layer at opacity 0.5 fades as one image: where its two opaque discs overlap, the picture
    /// is the same as where one disc is alone (the direct draw shows the lower disc through).
    @Test(arguments: [Color.clear, .black])
    func groupOpacityFadesOverlappingParticlesAsOneImage(_ background: Color) throws {
        let steps = [0, 1, 2, 2.5]
        let faded = try Self.picture([Self.slidingPair(opacity: 0.5)], steps: steps, background: background,
                                     compositing: .automatic)
        let overlap = Self.pixel(faded, 22, 32), single = Self.pixel(faded, 38, 32), other = Self.pixel(faded, 6, 32)
        #expect(abs(single.x - 128) <= 1 && abs(single.w - (background == .clear ? 128 : 255)) <= 1,
                "a disc alone at half opacity: \(single)")
        #expect(overlap == single && other == single,
                "the overlap (\(overlap)) must look like one disc (\(single), \(other))")
        let direct = try Self.picture([Self.slidingPair(opacity: 0.5)], steps: steps, background: background,
                                      compositing: .direct)
        #expect(Self.pixel(direct, 22, 32).x > single.x + 30, "the direct draw shows the overlap brighter")
    }

    /// The presented opacity is the one composited: a layer whose opacity animates 1 → 0 over 5 s
    /// is, at 2.5 s, the picture of the same layer at opacity 0.5 (one faded image: its overlap
    /// looks like one disc), and its model opacity stays 1.
    @Test func anAnimatedOpacityFadesTheLayerAsOneImage() throws {
        let steps = [0, 1, 2, 2.5]
        let animated = Self.slidingPair(opacity: 1)
        let fade = BasicAnimation(keyPath: "opacity")
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 5
        animated.add(fade, forKey: "fade")
        let faded = try Self.picture([animated], steps: steps, background: .clear, compositing: .automatic)
        let still = try Self.picture([Self.slidingPair(opacity: 0.5)], steps: steps, background: .clear,
                                     compositing: .automatic)
        let overlap = Self.pixel(faded, 22, 32), single = Self.pixel(faded, 38, 32)
        #expect(abs(single.w - 128) <= 1 && overlap == single, "half way through the fade: \(single), overlap \(overlap)")
        #expect(faded == still, "the animated layer at 2.5 s is the layer at opacity 0.5")
        #expect(animated.opacity == 1, "the model is unchanged")
    }

    /// A faded source-over layer fades its image while its particles are drawn into it (each
    /// scaled by the opacity in the blend, so that the composite is the image alone, on
    /// llvmpipe's blit path), not when the image is composited (image × opacity): the same
    /// picture up to 8-bit rounding. Each particle's faded colour is rounded on its own, so the
    /// difference grows with the number of translucent particles over a pixel (measured on
    /// llvmpipe: up to 7 steps where a few dozen of smoke's puffs overlap, 2 elsewhere).
    /// Tolerance: the renderer's contract between draw paths (mean absolute error ≤ 1 step,
    /// PSNR ≥ 40 dB, `RendererTests`), and no byte more than 8 steps apart.
    @Test(arguments: [Preset.smoke, .colorBalls, .confetti], [Color.white, .clear])
    func aLayerFadedWhileDrawnMatchesItsImageFadedWhenComposited(_ preset: Preset, _ background: Color) throws {
        func picture(fadesWhileDrawing: Bool) throws -> [UInt8] {
            try GPU.run { context in
                let layer = preset.makeLayer(size: CGSize(width: 320, height: 240))
                layer.opacity = 0.5
                let sim = try GPUSimulator(layer: layer, context: context)
                for t in (0...90).map({ Double($0) / 30 }) { try sim.advance(to: t) }
                let target = try OffscreenTarget(context: context, width: 320, height: 240)
                try target.begin(clearTo: background)
                let renderer = try ParticleRenderer(context: context)
                renderer.fadesWhileDrawing = fadesWhileDrawing
                try renderer.draw(sim, viewProjection: .layer(width: 320, height: 240))
                return try target.premultipliedPixels()
            }
        }
        let drawn = try picture(fadesWhileDrawing: true), composited = try picture(fadesWhileDrawing: false)
        let empty = try Self.picture([], width: 320, height: 240, background: background, compositing: .direct)
        let drawsSomething = composited != empty
        #expect(drawsSomething, "\(preset) draws something")
        let steps = zip(drawn, composited).map { abs(Int($0) - Int($1)) }
        let worst = steps.indices.max { steps[$0] < steps[$1] } ?? 0
        let mae = Double(steps.reduce(0, +)) / Double(steps.count)
        let squares = steps.reduce(0.0) { $0 + Double($1 * $1) } / Double(steps.count)
        let psnr = squares == 0 ? Double.infinity : 10 * log10(255 * 255 / squares)
        #expect(mae <= 1 && psnr >= 40 && steps[worst] <= 8,
                "\(preset) at opacity 0.5 over \(background), t = 3 s: MAE \(mae), PSNR \(psnr) dB, \(steps.filter { $0 > 0 }.count) of \(steps.count) bytes differ, at most \(steps[worst]) steps (byte \(worst % 4) of pixel (\(worst / 4 % 320), \(worst / 4 / 320)) from the top left: \(drawn[worst]) faded while drawn, \(composited[worst]) faded when composited)")
    }

    /// A scene's `root → container (opacity 0.5) → [blue disc at x = 26, red disc at x = 40]`
    /// (and `extra` added to the container) over `background`, 64×64, at host time 1.5.
    static func fadedContainer(background: Color, compositing: LayerCompositing,
                               extra: [EmitterLayer] = [], allowsGroupOpacity: Bool = true) throws -> [UInt8] {
        let root = Layer(), container = Layer()
        container.opacity = 0.5
        container.allowsGroupOpacity = allowsGroupOpacity
        root.addSublayer(container)
        for (color, x) in [(Color.blue, 26.0), (.red, 40.0)] {
            let disc = LayerDrawingTests.disc(color)
            disc.emitterPosition = CGPoint(x: x, y: 32)
            container.addSublayer(disc)
        }
        extra.forEach(container.addSublayer)
        return try GPU.run { context in
            let scene = ParticleScene(root: root) { try GPUSimulator(layer: $0, context: context) }
            try scene.advance(to: 0)
            try scene.advance(to: 1.5)
            if allowsGroupOpacity {
                #expect(scene.items.allSatisfy { $0.groups.map(\.opacity) == [0.5] && $0.opacityInGroup == 1 },
                        "every disc is in the container's group")
            } else {
                #expect(scene.items.allSatisfy { $0.groups.isEmpty && $0.opacityInGroup == 0.5 },
                        "no group: each disc fades by the container's opacity on its own")
            }
            let target = try OffscreenTarget(context: context, width: 64, height: 64)
            try target.begin(clearTo: background)
            let renderer = try ParticleRenderer(context: context)
            renderer.compositing = compositing
            let before = StateProbe()
            try renderer.draw(scene, viewProjection: .layer(width: 64, height: 64))
            #expect(before == StateProbe(), "after drawing a group: \(before.difference(StateProbe()))")
            return try target.premultipliedPixels()
        }
    }

    /// Core Animation's group opacity: a container at opacity 0.5 holding two emitter layers
    /// composites them into one image first, so where the red disc covers the blue one only red
    /// shows (at half opacity); fading each layer alone lets the blue show through.
    @Test(arguments: [Color.clear, .black])
    func aFadedContainerFadesItsLayersAsOneImage(_ background: Color) throws {
        let grouped = try Self.fadedContainer(background: background, compositing: .automatic)
        let overlap = Self.pixel(grouped, 33, 32), red = Self.pixel(grouped, 50, 32), blue = Self.pixel(grouped, 16, 32)
        let alpha = background == .clear ? 128 : 255
        #expect(abs(red.x - 128) <= 1 && red.y == 0 && red.z == 0 && abs(red.w - alpha) <= 1, "red alone: \(red)")
        #expect(abs(blue.z - 128) <= 1 && blue.x == 0 && abs(blue.w - alpha) <= 1, "blue alone: \(blue)")
        #expect(overlap == red, "where red covers blue, only red (\(red)) shows: \(overlap)")
        let direct = try Self.fadedContainer(background: background, compositing: .direct)
        #expect(Self.pixel(direct, 33, 32).z > 50, "fading each layer alone shows blue through: \(Self.pixel(direct, 33, 32))")
    }

    /// `allowsGroupOpacity = false` (Core Animation's switch): the container's layers fade one by
    /// one, so the blue disc shows through the red where they overlap, the picture of fading each
    /// particle (the direct draw).
    @Test(arguments: [Color.clear, .black])
    func aContainerWithoutGroupOpacityFadesEachLayerAlone(_ background: Color) throws {
        let separate = try Self.fadedContainer(background: background, compositing: .automatic, allowsGroupOpacity: false)
        let direct = try Self.fadedContainer(background: background, compositing: .direct)
        let overlap = Self.pixel(separate, 33, 32)
        #expect(overlap.z > 50 && overlap.x > 50, "blue shows through red: \(overlap)")
        for (x, y) in [(33, 32), (50, 32), (16, 32), (5, 5)] {
            let a = Self.pixel(separate, x, y), b = Self.pixel(direct, x, y)
            #expect(abs(a.x - b.x) <= 1 && abs(a.y - b.y) <= 1 && abs(a.z - b.z) <= 1 && abs(a.w - b.w) <= 1,
                    "(\(x), \(y)): each layer faded alone \(a), each particle faded \(b)")
        }
    }

    /// A layer that needs its own image inside a group: an additive disc in the faded container,
    /// over white, goes into its image, that into the group's, the group's over white.
    @Test func anAdditiveLayerInsideAGroupStillShowsOnWhite() throws {
        let additive = Self.additivePair(Color(red: 0, green: 0.5, blue: 0, alpha: 1))
        additive.emitterPosition = CGPoint(x: 33, y: 48)
        let picture = try Self.fadedContainer(background: .white, compositing: .automatic, extra: [additive])
        // The green disc's image is (0, 0.5, 0, 1); over white at 0.5: (0.5, 0.75, 0.5, 1).
        let g = Self.pixel(picture, 33, 52)
        #expect(abs(g.x - 128) <= 2 && abs(g.y - 191) <= 2 && abs(g.z - 128) <= 2 && g.w == 255, "green on white: \(g)")
    }

    @Test func theDirectDrawStaysWhereItIsTheSamePicture() {
        for mode in [EmitterRenderMode.unordered, .oldestFirst, .oldestLast, .backToFront] {
            #expect(!ParticleRenderer.needsLayerImage(mode: mode, opacity: 1, backdrop: nil), "\(mode) at opacity 1")
            #expect(ParticleRenderer.needsLayerImage(mode: mode, opacity: 0.5, backdrop: .black), "\(mode) at opacity 0.5")
        }
        #expect(ParticleRenderer.needsLayerImage(mode: .additive, opacity: 1, backdrop: nil), "additive, backdrop unknown")
        #expect(ParticleRenderer.needsLayerImage(mode: .additive, opacity: 1, backdrop: .white), "additive over white")
        #expect(ParticleRenderer.needsLayerImage(mode: .additive, opacity: 1, backdrop: Color(red: 0, green: 0, blue: 0, alpha: 0.5)),
                "additive over half-transparent black (the alphas differ)")
        #expect(!ParticleRenderer.needsLayerImage(mode: .additive, opacity: 1, backdrop: .black), "additive over opaque black")
        #expect(!ParticleRenderer.needsLayerImage(mode: .additive, opacity: 1, backdrop: .clear), "additive over transparent black")
        #expect(ParticleRenderer.needsLayerImage(mode: .additive, opacity: 0.5, backdrop: .black),
                "additive at opacity 0.5 (saturated sums fade differently)")
        #expect(!ParticleRenderer.needsLayerImage(mode: .additive, opacity: 0, backdrop: nil), "opacity 0 draws nothing")
    }

    /// The fire preset of an 80 × 80 frame in a layer of `size` at `position` that masks to its bounds.
    static func clippedFire(size: CGSize, position: CGPoint) -> EmitterLayer {
        let layer = Preset.fire.makeLayer(size: CGSize(width: 80, height: 80))
        layer.bounds = CGRect(origin: .zero, size: size)
        layer.position = position
        layer.masksToBounds = true
        return layer
    }

    /// A clipped layer clears only its clip's part of the layer image: what an earlier,
    /// unclipped layer left in the image elsewhere never reaches the picture.
    @Test func aClippedLayerImageShowsNothingAnEarlierLayerLeftOutsideItsClip() throws {
        func clipped() -> EmitterLayer { Self.clippedFire(size: CGSize(width: 30, height: 30), position: CGPoint(x: 40, y: 60)) }
        let steps = (0...45).map { Double($0) / 30 }
        let pictures = try GPU.run { context -> (after: [UInt8], alone: [UInt8], earlier: [UInt8]) in
            let big = try GPUSimulator(layer: Preset.fire.makeLayer(size: CGSize(width: 80, height: 80)), context: context)
            let small = try GPUSimulator(layer: clipped(), context: context)
            for t in steps { try big.advance(to: t); try small.advance(to: t) }
            let projection = Matrix4.layer(width: 80, height: 80)
            let target = try OffscreenTarget(context: context, width: 80, height: 80)
            let renderer = try ParticleRenderer(context: context)
            renderer.compositing = .layerImage
            try target.begin(clearTo: .white)
            try renderer.draw(big, viewProjection: projection)          // fills the layer image
            let earlier = try target.premultipliedPixels()
            try target.begin(clearTo: .white)
            try renderer.draw(small, viewProjection: projection)
            let after = try target.premultipliedPixels()
            let fresh = try ParticleRenderer(context: context)
            fresh.compositing = .layerImage
            try target.begin(clearTo: .white)
            try fresh.draw(small, viewProjection: projection)
            return (after, try target.premultipliedPixels(), earlier)
        }
        let drewBig = pictures.earlier.contains { $0 != 255 }, drewSmall = pictures.alone.contains { $0 != 255 }
        #expect(drewBig && drewSmall, "both layers draw something")
        let differing = zip(pictures.after, pictures.alone).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) bytes differ between the clipped layer after another one and alone")
    }

    /// A host viewport away from the origin, a host scissor box and a `masksToBounds` clip: the
    /// layer image lands where the direct draw does, and the state is the host's afterwards.
    @Test func theLayerImageFollowsTheHostsViewportAndScissor() throws {
        func make() -> EmitterLayer { Self.clippedFire(size: CGSize(width: 80, height: 70), position: CGPoint(x: 40, y: 35)) }
        let host: (GLContext) -> Void = { _ in
            GL.viewport(SIMD4(10, 6, 80, 80))
            GL.scissor(SIMD4(12, 20, 70, 60))
            GL.enable(.scissorTest)
        }
        let steps = (0...45).map { Double($0) / 30 }
        let direct = try Self.picture([make()], steps: steps, width: 100, height: 100, background: .black,
                                      compositing: .direct, host: host)
        let image = try Self.picture([make()], steps: steps, width: 100, height: 100, background: .black,
                                     compositing: .layerImage, host: host)
        #expect(direct.contains { $0 != 0 && $0 != 255 }, "the fire draws something")
        // The image's viewport starts at its origin: llvmpipe's float viewport transform then
        // places edges a hair apart from the host's offset one, so a few edge pixels differ by a step.
        let differing = zip(direct, image).map { abs(Int($0) - Int($1)) }
        #expect(differing.max() ?? 0 <= 1 && differing.filter { $0 > 0 }.count < direct.count / 200,
                "\(differing.filter { $0 > 0 }.count) bytes differ (at most \(differing.max() ?? 0) steps) between the direct draw and the layer image")
        try GPU.run { context in
            let sim = try GPUSimulator(layer: make(), context: context)
            try sim.advance(to: 0)
            try sim.advance(to: 1)
            let target = try OffscreenTarget(context: context, width: 100, height: 100)
            try target.begin(clearTo: .black)
            host(context)
            GL.clearColor(SIMD4(0.25, 0.5, 0.75, 1))
            let renderer = try ParticleRenderer(context: context)
            renderer.compositing = .layerImage
            let before = StateProbe()
            try renderer.draw(sim, viewProjection: .layer(width: 80, height: 80))
            let after = StateProbe()
            #expect(before == after, "after a layer-image draw: \(before.difference(after))")
            let clear = GL.floats(.colorClearValue)
            #expect(clear == [0.25, 0.5, 0.75, 1], "the host's clear colour: \(clear)")
            GL.disable(.scissorTest)
            GL.clearColor(.zero)
        }
    }
}

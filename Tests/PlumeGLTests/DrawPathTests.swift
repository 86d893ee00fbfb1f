import CEpoxy
import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// The draw paths against each other, the automatic choice, and sprite sheets in every path
/// (Semantics §10).
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct DrawPathTests {
    /// A demanding layer for comparing paths: spinning, flipped, sprite-sheet particles with a
    /// random start frame, emitted from a corner so that many cross the viewport's edges.
    static func demanding(_ mode: EmitterRenderMode) -> EmitterLayer {
        let cell = EmitterCell(name: "shards")
        cell.contents = DrawPathTests.sheet(cellPixels: 8)
        cell.birthRate = 40
        cell.lifetime = 3
        cell.velocity = 50
        cell.velocityRange = 40
        cell.emissionRange = 2 * .pi
        cell.scale = 2
        cell.scaleRange = 1
        cell.scaleSpeed = 0.5
        cell.spin = 2
        cell.spinRange = 3
        cell.rotationRange = 6
        cell.color = Color(red: 1, green: 0.9, blue: 0.8, alpha: 0.8)
        cell.contentsRect = CGRect(x: 0, y: 1, width: 1, height: -1)      // flipped vertically
        cell.spriteColumns = 2
        cell.spriteRows = 2
        cell.spriteFrameRate = 3
        cell.spriteRandomStart = true
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 8, y: 10)
        layer.renderMode = mode
        layer.seed = 77
        layer.emitterCells = [cell]
        return layer
    }

    /// A 2×2 sprite sheet of `cellPixels`-square opaque frames: red, green (top row), blue, white.
    static func sheet(cellPixels n: Int) -> SpriteImage {
        let colours: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
        var pixels = [UInt8]()
        for y in 0..<(2 * n) {
            for x in 0..<(2 * n) {
                pixels += colours[(y / n) * 2 + x / n] + [255]
            }
        }
        return try! SpriteImage(width: 2 * n, height: 2 * n, pixels: pixels)
    }

    static func difference(_ a: [UInt8], _ b: [UInt8]) -> (mae: Double, psnr: Double) {
        var sum = 0.0, squares = 0.0
        for (x, y) in zip(a, b) {
            let d = Double(x) - Double(y)
            sum += abs(d)
            squares += d * d
        }
        let n = Double(a.count)
        return (sum / n, squares == 0 ? .infinity : 10 * log10(255 * 255 / (squares / n)))
    }

    /// Point sprites, quad lists and instanced quads draw the geometry-shader path's picture: MAE ≤ 0.25 steps
    /// per channel and PSNR ≥ 40 dB (what differs is which pixel centres exactly on a quad's edge
    /// are in, and float rounding of the corner mapping), in y-down and y-up projections,
    /// unordered and sorted.
    @Test(arguments: [EmitterRenderMode.additive, .oldestFirst], [false, true])
    func pathsDrawTheSamePicture(_ mode: EmitterRenderMode, _ yUp: Bool) throws {
        var pictures: [DrawPath: [UInt8]] = [:]
        for path in DrawPath.variants {
            pictures[path] = try RendererTests.render({ Self.demanding(mode) }, time: 2.6, width: 96, height: 72,
                                                      path: path, yUp: yUp).gpu
        }
        let reference = pictures[.geometryQuads]!
        #expect(reference.enumerated().contains { $0.offset % 4 != 3 && $0.element > 60 }, "the picture is empty")
        for path in [DrawPath.pointSprites, .quadList, .instancedQuads] {
            let (mae, psnr) = Self.difference(pictures[path]!, reference)
            print("paths \(mode) y-up \(yUp): \(path) vs geometryQuads MAE \(String(format: "%.4f", mae)), PSNR \(String(format: "%.1f", psnr)) dB")
            #expect(mae <= 0.25 && psnr >= 40, "\(path) vs geometryQuads (\(mode), y-up \(yUp), seed 77, t = 2.6): MAE \(mae), PSNR \(psnr) dB")
        }
    }

    /// A layer of unrotated 4-px sprites in a box larger than the 96 × 72 viewport: more
    /// than three quad-list draw calls, quads wholly outside (listed as nothing) and quads across
    /// every edge (inside the padded viewport, cut by the scissor box). `alpha` and `density`
    /// set how much the sprites overlap.
    static func unrotated(_ mode: EmitterRenderMode, birthRate: Float, size: CGSize, alpha: Double) -> EmitterLayer {
        let cell = EmitterCell(name: "dots")
        cell.contents = .builtin(.softDot, size: 4)
        cell.birthRate = birthRate
        cell.lifetime = 2
        cell.velocity = 10
        cell.emissionRange = 2 * .pi
        cell.scaleRange = 0.5
        cell.color = Color(red: 0.9, green: 0.6, blue: 0.3, alpha: alpha)
        cell.alphaSpeed = -0.1
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 48, y: 36)
        layer.emitterShape = .rectangle
        layer.emitterSize = size
        layer.renderMode = mode
        layer.seed = 5
        layer.emitterCells = [cell]
        return layer
    }

    /// Quad lists place, texture and cut their quads as the geometry-shader path does, drawn
    /// into an R8G8B8A8 target (where llvmpipe keeps its float arithmetic: its 8-bit linear path,
    /// below, rounds differently), unordered and sorted: MAE ≤ 0.01 steps, no channel more than
    /// 1 step apart.
    @Test(arguments: [EmitterRenderMode.additive, .oldestLast])
    func quadListsPlaceAndCutTheirQuadsAsTheGeometryPathDoes(_ mode: EmitterRenderMode) throws {
        let make = { Self.unrotated(mode, birthRate: 1200, size: CGSize(width: 160, height: 130), alpha: 0.8) }
        let drawn = try RendererTests.render(make, time: 2.6, width: 96, height: 72, path: .quadList, rgba8: true)
        let reference = try RendererTests.render(make, time: 2.6, width: 96, height: 72, path: .geometryQuads,
                                                 rgba8: true).gpu
        let live = drawn.reference.particles.count
        #expect(live > 3 * QuadBatches.quadsPerCall, "\(live) live particles")
        let (mae, psnr) = Self.difference(drawn.gpu, reference)
        let worst = zip(drawn.gpu, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
        print("quad list of \(live) unrotated sprites (\(mode)) vs geometryQuads: MAE \(String(format: "%.4f", mae)), PSNR \(String(format: "%.1f", psnr)) dB, worst \(worst)")
        #expect(reference.enumerated().contains { $0.offset % 4 != 3 && $0.element > 60 }, "the picture is empty")
        #expect(mae <= 0.01 && worst <= 1, "quadList vs geometryQuads (\(mode), seed 5, t = 2.6, \(live) particles): MAE \(mae), worst \(worst) steps")
    }

    /// The one way a quad list's picture may differ on llvmpipe: on a B8G8R8A8 target its 8-bit
    /// linear path computes image × colour in 8 bits and rounds it down, so where translucent
    /// sprites add up the picture is darker by a fraction of a step per sprite. Here about 25
    /// overlap at the centre (measured: MAE 0.52, up to 8 steps darker, 2 brighter): MAE ≤ 1,
    /// at most 2 steps brighter and 12 darker.
    @Test func quadListsOnTheLinearPathRoundDown() throws {
        let make = { Self.unrotated(.additive, birthRate: 1200, size: CGSize(width: 60, height: 40), alpha: 0.3) }
        let list = try RendererTests.render(make, time: 2.6, width: 96, height: 72, path: .quadList).gpu
        let reference = try RendererTests.render(make, time: 2.6, width: 96, height: 72, path: .geometryQuads).gpu
        let differences = zip(list, reference).enumerated().filter { $0.offset % 4 != 3 }.map { Int($0.element.0) - Int($0.element.1) }
        let (mae, _) = Self.difference(list, reference)
        let brighter = differences.max() ?? 0, darker = -(differences.min() ?? 0)
        print("dense quad list vs geometryQuads: MAE \(String(format: "%.4f", mae)), brighter ≤ \(brighter), darker ≤ \(darker)")
        #expect(mae <= 1 && brighter <= 2 && darker <= 12, "dense additive quad list (seed 5, t = 2.6): MAE \(mae), \(brighter) brighter, \(darker) darker")
    }

    /// An unordered quad list draws up to the host's bound on the live count, over a list
    /// cleared to nothing: as the emitter stops and particles die (the bound well above the
    /// live count: lifetimes of 0.5–3.5 s), no quad of an earlier frame is drawn again. Each
    /// frame's quad list lights no pixel the geometry path leaves black, and stays within the
    /// linear path's rounding of it.
    @Test func quadListsDrawNoQuadOfAnEarlierFrame() throws {
        try GPU.run { context in
            let layer = Self.unrotated(.additive, birthRate: 1500, size: CGSize(width: 90, height: 70), alpha: 0.8)
            layer.emitterCells![0].lifetimeRange = 1.5
            let sim = try GPUSimulator(layer: layer, context: context)
            defer { sim.release() }
            let list = try ParticleRenderer(context: context), reference = try ParticleRenderer(context: context)
            list.drawPath = .quadList
            reference.drawPath = .geometryQuads
            let target = try OffscreenTarget(context: context, width: 96, height: 72)
            func picture(_ renderer: ParticleRenderer) throws -> [UInt8] {
                try target.begin(clearTo: .black)
                try renderer.draw(sim, viewProjection: .layer(width: 96, height: 72))
                return try target.premultipliedPixels()
            }
            var counts: [Int] = []
            for f in 0...120 {
                let t = Double(f) / 30
                if t >= 1.5 { layer.emitterCells![0].birthRate = 0 }
                try sim.advance(to: t)
                guard f % 10 == 0 else { continue }
                let live = try sim.snapshot().particles.count
                counts.append(live)
                let a = try picture(list), b = try picture(reference)
                let stray = stride(from: 0, to: a.count, by: 4).filter { i in
                    (0..<3).contains { a[i + $0] > 2 } && (0..<3).allSatisfy { b[i + $0] == 0 }
                }.count
                let (mae, _) = Self.difference(a, b)
                #expect(stray == 0 && mae <= 1, "t = \(t), \(live) live (seed 5): \(stray) pixels lit only by the quad list, MAE \(mae)")
            }
            #expect(counts.max()! > 1500 && counts.last! < counts.max()! / 4, "live counts \(counts)")
        }
    }

    /// A quad list draws in a padded viewport cut back by the scissor box: into a viewport
    /// inside the target, and then also under a host's scissor box, no pixel outside them
    /// changes, the pixels inside are the geometry path's (within the linear path's rounding),
    /// and the host's viewport and scissor state come back.
    @Test func quadListsStayInsideTheViewportAndTheHostsScissorBox() throws {
        try GPU.run { context in
            let target = try OffscreenTarget(context: context, width: 96, height: 72)
            func picture(_ path: DrawPath, scissor: SIMD4<Int32>?) throws -> [UInt8] {
                let sim = try GPUSimulator(layer: Self.unrotated(.additive, birthRate: 600,
                                                                 size: CGSize(width: 160, height: 130), alpha: 0.8),
                                           context: context)
                defer { sim.release() }
                for f in 0...78 { try sim.advance(to: Double(f) / 30) }
                let renderer = try ParticleRenderer(context: context)
                renderer.drawPath = path
                try target.begin(clearTo: .black)
                GL.viewport(SIMD4(10, 8, 60, 50))
                if let scissor {
                    GL.enable(.scissorTest)
                    GL.scissor(scissor)
                }
                defer { GL.disable(.scissorTest) }
                try renderer.draw(sim, viewProjection: .layer(width: 96, height: 72))
                let viewport = GL.integers(.viewport), box = GL.integers(.scissorBox)
                #expect(viewport == [10, 8, 60, 50], "\(path): viewport \(viewport)")
                #expect(GL.isEnabled(.scissorTest) == (scissor != nil))
                if let scissor { #expect(box == [scissor.x, scissor.y, scissor.z, scissor.w], "\(path): scissor box \(box)") }
                #expect(renderer.lastDrawPaths["emitterCells.dots"] == path)
                return try target.premultipliedPixels()
            }
            for scissor in [nil, SIMD4<Int32>(20, 2, 30, 30)] {
                let list = try picture(.quadList, scissor: scissor)
                let reference = try picture(.geometryQuads, scissor: scissor)
                // Window rows from the bottom; premultipliedPixels rows from the top.
                let x0 = max(10, Int(scissor?.x ?? 0)), y0 = max(8, Int(scissor?.y ?? 0))
                let x1 = min(70, Int(scissor.map { $0.x + $0.z } ?? 96)), y1 = min(58, Int(scissor.map { $0.y + $0.w } ?? 72))
                var outside = 0, inside = 0
                for row in 0..<72 {
                    for x in 0..<96 {
                        let y = 71 - row, i = (row * 96 + x) * 4
                        let lit = list[i] > 0 || list[i + 1] > 0 || list[i + 2] > 0
                        if x >= x0 && x < x1 && y >= y0 && y < y1 { inside += lit ? 1 : 0 } else { outside += lit ? 1 : 0 }
                    }
                }
                let (mae, _) = Self.difference(list, reference)
                #expect(outside == 0 && inside > 100 && mae <= 1,
                        "scissor \(String(describing: scissor)): \(outside) lit pixels outside, \(inside) inside, MAE \(mae) against geometryQuads")
            }
            GL.viewport(SIMD4(0, 0, 96, 72))
        }
    }

    /// The automatic choice's scene: 8-px sprites in a 64-px layer, its simulator, a renderer and
    /// a target.
    static func choiceScene(_ context: GLContext) throws
        -> (EmitterLayer, EmitterCell, GPUSimulator, ParticleRenderer, OffscreenTarget) {
        let cell = EmitterCell(name: "c")
        cell.contents = .builtin(.softDot, size: 8)
        cell.birthRate = 20
        cell.lifetime = 2
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 32, y: 32)
        layer.emitterCells = [cell]
        return (layer, cell, try GPUSimulator(layer: layer, context: context), try ParticleRenderer(context: context),
                try OffscreenTarget(context: context, width: 64, height: 64))
    }

    /// The automatic choice of a quad list: on llvmpipe (``ParticleRenderer/prefersQuadLists``),
    /// for unrotated cells with same-filter images drawn into B8G8R8A8 targets, unordered and
    /// sorted; point sprites for spinning or rotated cells, trilinear images and RGBA8 targets.
    /// Elsewhere never. Unordered, without waiting for the GPU's live count (GL 4.3).
    @Test func automaticListsQuadsOfUnrotatedCellsOnBGRATargets() throws {
        try GPU.run { context in
            let (layer, cell, sim, renderer, target) = try Self.choiceScene(context)
            let rgba = context.makeFramebuffer(), colour = context.makeRenderbuffer()
            defer {
                context.delete(rgba)
                context.delete(colour)
            }
            try context.attachColorRenderbuffer(colour, to: rgba, width: 64, height: 64)
            var time = 0.0
            func path(rgba8: Bool = false) throws -> DrawPath? {
                time += 0.25
                try sim.advance(to: time)
                try target.begin(clearTo: .black)
                if rgba8 { context.bind(rgba) }
                #expect(context.drawFramebufferIsBGRA() == !rgba8)
                try renderer.draw(sim, viewProjection: .layer(width: 64, height: 64))
                return renderer.lastDrawPaths["emitterCells.c"]
            }
            let llvmpipe = context.info.renderer.contains("llvmpipe")
            #expect(renderer.prefersQuadLists == llvmpipe)
            #expect(context.info.hasClearBuffer, "llvmpipe and every GL 4.3 driver clear buffers")
            let fast: DrawPath = llvmpipe ? .quadList : .pointSprites
            _ = try path()
            #expect(try path() == fast, "unrotated, linear filters, B8G8R8A8 target (\(context.info.renderer))")
            #expect(try path(rgba8: true) == .pointSprites, "an R8G8B8A8 target")
            cell.spin = 0.5
            #expect(try path() == .pointSprites, "spinning particles")
            cell.spin = 0
            cell.rotationRange = 1
            #expect(try path() == .pointSprites, "rotated particles")
            cell.rotationRange = 0
            cell.minificationFilter = .trilinear
            #expect(try path() == .pointSprites, "a mipmapped image")
            cell.minificationFilter = .linear
            #expect(try path() == fast)
            layer.renderMode = .backToFront
            #expect(try path() == (llvmpipe ? .quadList : .pointSprites), "sorted")
            sim.release()
        }
    }

    /// The automatic choice: point sprites while the largest sprite the cell's values allow fits
    /// the driver's point size; quads for larger sprites (including particles born larger under
    /// earlier values and still alive) and for perspective projections. (The cell spins, so that
    /// a quad list is never chosen.)
    @Test func automaticChoosesPointsOnlyWhereTheyFit() throws {
        try GPU.run { context in
            let (layer, cell, sim, renderer, target) = try Self.choiceScene(context)
            cell.spin = 1
            func path(at t: Double, _ projection: Matrix4 = .layer(width: 64, height: 64)) throws -> DrawPath? {
                try sim.advance(to: t)
                try target.begin(clearTo: .black)
                try renderer.draw(sim, viewProjection: projection)
                return renderer.lastDrawPaths["emitterCells.c"]
            }
            #expect(renderer.maxPointSize >= 1)
            _ = try path(at: 0)
            #expect(try path(at: 0.5) == .pointSprites, "8-px sprites fit any point size limit")
            // Sprites larger than the limit: diagonal 8·s·√2 > maxPointSize.
            let big = CGFloat(renderer.maxPointSize / 8) + 1
            cell.scale = big
            let large = try path(at: 1.0)
            #expect(large != .pointSprites && large != nil, "scale \(big) (limit \(renderer.maxPointSize) px): \(String(describing: large))")
            // Back to small values: particles born large live until 1.0 + 2 s.
            cell.scale = 1
            #expect(try path(at: 1.5) != .pointSprites, "particles born at scale \(big) are still alive at 1.5 s")
            #expect(try path(at: 3.2) == .pointSprites, "every large particle died by 3.0 s")
            // Growth over the lifetime counts.
            cell.scaleSpeed = big
            #expect(try path(at: 3.3) != .pointSprites, "scaleSpeed \(big)/s over a 2 s lifetime")
            cell.scaleSpeed = 0
            _ = try path(at: 6)
            var perspective = Matrix4.layer(width: 64, height: 64)
            perspective.set(column: 2, row: 3, -0.001)      // w = 1 − 0.001·z
            #expect(try path(at: 6.1, perspective) != .pointSprites, "a perspective projection needs quads")
            #expect(try path(at: 6.2) == .pointSprites)
            layer.renderMode = .oldestFirst
            cell.scale = big
            #expect(try path(at: 6.3) == .instancedQuads, "sorted modes always know their count")
            sim.release()
        }
    }

    /// Sprite sheets: a 2×2 sheet of four colours (red, green, blue, white); every particle's
    /// centre pixel shows the colour of the frame the CPU reference gives it, in every path, for
    /// frames over the lifetime, at a looping frame rate, held at the last frame, and from a
    /// random start; over the lifetime the frames are ⌊age ÷ lifetime × 4⌋ and all four appear.
    @Test(arguments: DrawPath.variants, ["lifetime", "rate", "clamped", "randomStart"])
    func spriteSheetFramesAreDrawn(_ path: DrawPath, _ playback: String) throws {
        let make = { () -> EmitterLayer in
            let cell = EmitterCell(name: "sheet")
            cell.contents = Self.sheet(cellPixels: 4)
            cell.magnificationFilter = .nearest
            cell.birthRate = 1
            cell.lifetime = 4
            cell.velocity = 40
            cell.scale = 3                               // 12-px quads, 40 px apart
            cell.spriteColumns = 2
            cell.spriteRows = 2
            switch playback {
            case "rate": cell.spriteFrameRate = 3
            case "clamped": cell.spriteFrameRate = 1.5; cell.spriteLoops = false
            case "randomStart": cell.spriteRandomStart = true
            default: break
            }
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 10, y: 16)
            layer.renderMode = .oldestFirst
            layer.emitterCells = [cell]
            return layer
        }
        let time = 4.55
        let (gpu, _, reference, _) = try RendererTests.render(make, time: time, width: 192, height: 32, path: path)
        let colours: [[UInt8]] = [[255, 0, 0], [0, 255, 0], [0, 0, 255], [255, 255, 255]]
        #expect(reference.particles.count == 4, "\(playback): \(reference.particles.count) particles at t = \(time)")
        var seen = Set<Int>()
        for p in reference.particles {
            let sheet = SpriteSheet(columns: 2, rows: 2, frames: 4, rate: 0, loops: true, randomStart: false, seed: 0)
            if playback == "lifetime" {
                #expect(p.frame == sheet.frame(age: p.age, lifetime: p.lifetime, key: p.identity.key)
                        && p.frame == Int(p.age / p.lifetime * 4), "\(p): frame \(p.frame)")
            }
            if playback == "rate" { #expect(p.frame == Int(p.age * 3) % 4, "\(p)") }
            if playback == "clamped" { #expect(p.frame == min(Int(p.age * 1.5), 3), "\(p)") }
            seen.insert(p.frame)
            let x = Int(p.position.x), y = Int(p.position.y)
            let i = (y * 192 + x) * 4
            let pixel = Array(gpu[i..<i + 3])
            #expect(pixel == colours[p.frame], "\(path), \(playback), seed 0, t = \(time): \(p) shows \(pixel), frame \(p.frame) is \(colours[p.frame])")
        }
        if playback == "lifetime" || playback == "rate" { #expect(seen == [0, 1, 2, 3], "\(playback): frames \(seen)") }
    }
}

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

    /// Point sprites and instanced quads draw the geometry-shader path's picture: MAE ≤ 0.25 steps
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
        for path in [DrawPath.pointSprites, .instancedQuads] {
            let (mae, psnr) = Self.difference(pictures[path]!, reference)
            print("paths \(mode) y-up \(yUp): \(path) vs geometryQuads MAE \(String(format: "%.4f", mae)), PSNR \(String(format: "%.1f", psnr)) dB")
            #expect(mae <= 0.25 && psnr >= 40, "\(path) vs geometryQuads (\(mode), y-up \(yUp), seed 77, t = 2.6): MAE \(mae), PSNR \(psnr) dB")
        }
    }

    /// The automatic choice: point sprites while the largest sprite the cell's values allow fits
    /// the driver's point size; quads for larger sprites (including particles born larger under
    /// earlier values and still alive) and for perspective projections.
    @Test func automaticChoosesPointsOnlyWhereTheyFit() throws {
        try GPU.run { context in
            let cell = EmitterCell(name: "c")
            cell.contents = .builtin(.softDot, size: 8)
            cell.birthRate = 20
            cell.lifetime = 2
            let layer = EmitterLayer()
            layer.emitterPosition = CGPoint(x: 32, y: 32)
            layer.emitterCells = [cell]
            let sim = try GPUSimulator(layer: layer, context: context)
            let renderer = try ParticleRenderer(context: context)
            let target = try OffscreenTarget(context: context, width: 64, height: 64)
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

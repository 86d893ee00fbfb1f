import Foundation
@testable import Plume
@testable import PlumeGL

/// A CPU rasterizer of a *reference* snapshot with the drawing rules of Semantics §10, to check the
/// GPU renderer's pictures: quads centred on the particles, size from image × frame rectangle
/// (contentsRect, or the particle's sprite-sheet frame of it) ÷ contentsScale × scale, rotated by
/// the angle, bilinear texture sampling (texel centres, clamped
/// edges) of the premultiplied image, clamped colour premultiplied, source-over or additive
/// blending into an 8-bit buffer (rounded after every particle, as the GPU's framebuffer is).
struct SoftwareRasterizer {
    let width: Int
    let height: Int
    /// Premultiplied RGBA in [0, 1], rows from the top.
    var pixels: [SIMD4<Double>]

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        pixels = Array(repeating: SIMD4(0, 0, 0, 1), count: width * height)   // opaque black
    }

    /// Draws the snapshot's particles of the layer's cells in Semantics §10 order (one pixel per point,
    /// y down). `unordered` layers draw in `storage` order (the GPU simulator's own,
    /// `GPUSimulator.storageOrder()`), or in the snapshot's when it is nil.
    mutating func draw(_ snapshot: ParticleSnapshot, layer: EmitterLayer, storage: [ParticleIdentity]? = nil) {
        let rank = Dictionary((storage ?? []).enumerated().map { ($1, $0) }) { a, _ in a }
        let resolved = ResolvedLayer(layer)
        let mode = resolved.renderMode
        func walk(_ cell: ResolvedCell, _ object: EmitterCell) {
            if cell.isDrawn, let image = object.contents {
                var list = snapshot.particles(inCell: cell.path)
                switch mode {
                case .oldestFirst: list.sort { $0.birthTime < $1.birthTime }
                case .oldestLast: list.sort { $0.birthTime > $1.birthTime }
                case .backToFront: list.sort { $0.position.z < $1.position.z }
                case .unordered where storage != nil: list.sort { rank[$0.identity, default: .max] < rank[$1.identity, default: .max] }
                case .unordered, .additive: break
                }
                let texture = Texture(image)
                if let trail = cell.trail {
                    for p in list { ribbon(p, trail: trail, cell: cell, texture: texture, additive: mode == .additive) }
                }
                for p in list { splat(p, cell: cell, texture: texture, additive: mode == .additive) }
            }
            for (sub, child) in zip(cell.children, object.emitterCells ?? []) { walk(sub, child) }
        }
        for (cell, object) in zip(resolved.cells, layer.emitterCells ?? []) { walk(cell, object) }
    }

    struct Texture {
        let width: Int, height: Int
        let texels: [SIMD4<Double>]      // premultiplied, in [0, 1]
        init(_ image: SpriteImage) {
            width = image.width
            height = image.height
            texels = (0..<image.width * image.height).map { i in
                let a = Double(image.pixels[i * 4 + 3])
                // Premultiplied and rounded to 8 bits, as uploaded.
                let rgb = (0..<3).map { c in ((Double(image.pixels[i * 4 + c]) * a + 127) / 255).rounded(.down) }
                return SIMD4(rgb[0], rgb[1], rgb[2], a) / 255
            }
        }
        func sample(_ u: Double, _ v: Double) -> SIMD4<Double> {
            let x = u * Double(width) - 0.5, y = v * Double(height) - 0.5
            let x0 = Int(x.rounded(.down)), y0 = Int(y.rounded(.down))
            let fx = x - Double(x0), fy = y - Double(y0)
            func t(_ i: Int, _ j: Int) -> SIMD4<Double> {
                texels[min(max(j, 0), height - 1) * width + min(max(i, 0), width - 1)]
            }
            return (t(x0, y0) * (1 - fx) + t(x0 + 1, y0) * fx) * (1 - fy) + (t(x0, y0 + 1) * (1 - fx) + t(x0 + 1, y0 + 1) * fx) * fy
        }
    }

    private mutating func splat(_ p: SnapshotParticle, cell: ResolvedCell, texture: Texture, additive: Bool) {
        let rect = cell.spriteSheet.frameRect(p.frame, in: cell.contentsRect)
        let half = SIMD2(Double(texture.width) * abs(rect.z), Double(texture.height) * abs(rect.w))
            / cell.contentsScale * p.scale * 0.5
        guard half.x > 0, half.y > 0 else { return }
        let c = cos(p.angle), s = sin(p.angle)
        let reach = (half.x * half.x + half.y * half.y).squareRoot()
        let color = p.color.clamped(lowerBound: .zero, upperBound: .one)
        let tint = SIMD4(color.x * color.w, color.y * color.w, color.z * color.w, color.w)
        let x0 = max(0, Int((p.position.x - reach).rounded(.down))), x1 = min(width - 1, Int((p.position.x + reach).rounded(.up)))
        let y0 = max(0, Int((p.position.y - reach).rounded(.down))), y1 = min(height - 1, Int((p.position.y + reach).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                let d = SIMD2(Double(x) + 0.5 - p.position.x, Double(y) + 0.5 - p.position.y)
                let local = SIMD2(c * d.x + s * d.y, -s * d.x + c * d.y)        // rotate back
                guard abs(local.x) < half.x, abs(local.y) < half.y else { continue }
                let unit = local / half * 0.5 + 0.5
                let src = texture.sample(rect.x + unit.x * rect.z, rect.y + unit.y * rect.w) * tint
                let i = y * width + x
                let out = additive ? pixels[i] + src : src + pixels[i] * (1 - src.w)
                pixels[i] = (out.clamped(lowerBound: .zero, upperBound: .one) * 255).rounded(.toNearestOrAwayFromZero) / 255
            }
        }
    }

    /// A particle's trail (Semantics §10 "Trails"): a triangle strip through the snapshot's trail
    /// points, across each point's direction (the newer minus the older neighbour) as wide as the
    /// particle's drawn height × the width curve, colour factors along `u`, the image's right half
    /// along it (texture x from the frame's centre at `u = 0` to its right edge at `u = 1`).
    private mutating func ribbon(_ p: SnapshotParticle, trail: Trail, cell: ResolvedCell, texture: Texture, additive: Bool) {
        let ages = trail.sampleAges(age: Ticks.from(p.age))
        guard ages.count == p.trail.count, ages.count > 1 else { return }
        let age = Ticks.from(p.age)
        let rect = cell.spriteSheet.frameRect(p.frame, in: cell.contentsRect)
        let drawnHeight = Double(texture.height) * abs(rect.w) / cell.contentsScale * abs(p.scale)
        let color = p.color.clamped(lowerBound: .zero, upperBound: .one)   // the drawn colour (Semantics §10)
        var strip: [Vertex] = []
        for (i, point) in p.trail.enumerated() {
            let newer = p.trail[max(i - 1, 0)], older = p.trail[min(i + 1, p.trail.count - 1)]
            let d = SIMD2(newer.x - older.x, newer.y - older.y)
            let len = (d.x * d.x + d.y * d.y).squareRoot()
            let u = trail.coordinate(age: age, sample: ages[i])
            let moving = len >= Trail.stillDistance   // else no direction, no width
            let width = moving ? drawnHeight * trail.width.value(at: u) : 0
            let across = moving ? SIMD2(-d.y, d.x) / len : .zero
            let factor = SIMD4((0..<4).map { trail.color[$0].value(at: u) })
            let c = (color * factor).clamped(lowerBound: .zero, upperBound: .one)
            let tint = SIMD4(c.x * c.w, c.y * c.w, c.z * c.w, c.w)
            for side in [-0.5, 0.5] {
                strip.append(Vertex(xy: SIMD2(point.x, point.y) + across * (side * width),
                                    uv: SIMD2(rect.x + (0.5 + 0.5 * u) * rect.z, rect.y + (side + 0.5) * rect.w), tint: tint))
            }
        }
        for t in 0..<(strip.count - 2) { triangle(strip[t], strip[t + 1], strip[t + 2], texture: texture, additive: additive) }
    }

    /// A vertex of a trail's strip: position (pixels), texture coordinate, premultiplied colour.
    struct Vertex { var xy: SIMD2<Double>; var uv: SIMD2<Double>; var tint: SIMD4<Double> }

    /// Fills a triangle (pixel centres inside or on its edges), interpolating linearly.
    private mutating func triangle(_ a: Vertex, _ b: Vertex, _ c: Vertex, texture: Texture, additive: Bool) {
        let area = (b.xy.x - a.xy.x) * (c.xy.y - a.xy.y) - (b.xy.y - a.xy.y) * (c.xy.x - a.xy.x)
        guard abs(area) > 1e-12 else { return }
        let x0 = max(0, Int(min(a.xy.x, b.xy.x, c.xy.x).rounded(.down))), x1 = min(width - 1, Int(max(a.xy.x, b.xy.x, c.xy.x).rounded(.up)))
        let y0 = max(0, Int(min(a.xy.y, b.xy.y, c.xy.y).rounded(.down))), y1 = min(height - 1, Int(max(a.xy.y, b.xy.y, c.xy.y).rounded(.up)))
        guard x0 <= x1, y0 <= y1 else { return }
        for y in y0...y1 {
            for x in x0...x1 {
                let q = SIMD2(Double(x) + 0.5, Double(y) + 0.5)
                func edge(_ p: SIMD2<Double>, _ r: SIMD2<Double>) -> Double { (r.x - p.x) * (q.y - p.y) - (r.y - p.y) * (q.x - p.x) }
                let wa = edge(b.xy, c.xy) / area, wb = edge(c.xy, a.xy) / area, wc = edge(a.xy, b.xy) / area
                guard wa >= 0, wb >= 0, wc >= 0 else { continue }
                let uv = a.uv * wa + b.uv * wb + c.uv * wc
                let src = texture.sample(uv.x, uv.y) * (a.tint * wa + b.tint * wb + c.tint * wc)
                let i = y * width + x
                let out = additive ? pixels[i] + src : src + pixels[i] * (1 - src.w)
                pixels[i] = (out.clamped(lowerBound: .zero, upperBound: .one) * 255).rounded(.toNearestOrAwayFromZero) / 255
            }
        }
    }

    /// Mean absolute error per channel (in 8-bit steps) and PSNR (dB) against premultiplied RGBA8.
    func compare(to gpu: [UInt8]) -> (mae: Double, psnr: Double) {
        var sum = 0.0, squares = 0.0
        for i in 0..<width * height {
            for ch in 0..<4 {
                let d = pixels[i][ch] * 255 - Double(gpu[i * 4 + ch])
                sum += abs(d)
                squares += d * d
            }
        }
        let n = Double(width * height * 4)
        let mse = squares / n
        return (sum / n, mse == 0 ? .infinity : 10 * log10(255 * 255 / mse))
    }
}

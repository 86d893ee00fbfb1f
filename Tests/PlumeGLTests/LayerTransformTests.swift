import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// Layers in 3-D (issue 27 item 2), drawn on the GPU and measured: every expected position is
/// worked out by hand from Core Animation's composition (the Programming Guide's layer geometry:
/// a point `p` of a layer maps to its superlayer by `(p − anchor) · transform + position`, a
/// superlayer's `sublayerTransform` applies about its anchor, then the perspective divide).
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct LayerTransformTests {
    static let width = 320, height = 240

    /// An emitter layer (zero frame: its space is its superlayer's) with one opaque disc of
    /// `size` pixels at `point`, born at 1 s and living 100 s.
    static func disc(_ color: Color, at point: CGPoint, size: Int = 8, z: CGFloat = 0) -> EmitterLayer {
        let cell = EmitterCell()
        cell.contents = .builtin(.hardDisc, size: size)
        cell.birthRate = 1
        cell.lifetime = 100
        cell.color = color
        let layer = EmitterLayer()
        layer.emitterPosition = point
        layer.emitterZPosition = z
        layer.emitterCells = [cell]
        return layer
    }

    /// The pixels a disc of `size` covers unturned (its image's alpha summed).
    static func discArea(_ size: Int) -> Double {
        let image = SpriteImage.builtin(.hardDisc, size: size)
        return stride(from: 3, to: image.pixels.count, by: 4).reduce(0.0) { $0 + Double(image.pixels[$1]) / 255 }
    }

    /// Premultiplied RGBA of the scene of `root` at host time `until` (updates at 0 and `until`).
    static func picture(_ root: Layer, until: Double = 1.5) throws -> Picture {
        let pixels = try GPU.run { context -> [UInt8] in
            let scene = ParticleScene(root: root) { try GPUSimulator(layer: $0, context: context) }
            try scene.advance(to: 0)
            try scene.advance(to: until)
            let target = try OffscreenTarget(context: context, width: width, height: height)
            try target.begin(clearTo: .clear)
            try ParticleRenderer(context: context).draw(scene, viewProjection: .layer(width: Float(width), height: Float(height)))
            return try target.premultipliedPixels()
        }
        return Picture(pixels: pixels)
    }

    struct Picture {
        var pixels: [UInt8]
        /// Pixels where channel `c` (0 red, 1 green, 2 blue) is over half and the others are not.
        func spot(_ c: Int) -> [(x: Double, y: Double)] {
            var out: [(Double, Double)] = []
            for y in 0..<LayerTransformTests.height {
                for x in 0..<LayerTransformTests.width {
                    let i = (y * LayerTransformTests.width + x) * 4
                    let lit = (0..<3).map { pixels[i + $0] > 128 }
                    if lit[c] && lit.filter({ $0 }).count == 1 { out.append((Double(x) + 0.5, Double(y) + 0.5)) }
                }
            }
            return out
        }
        /// Centre and extent (width, height) of the spot of channel `c`; nil when nothing is lit.
        func box(_ c: Int) -> (center: SIMD2<Double>, size: SIMD2<Double>)? {
            let s = spot(c)
            guard !s.isEmpty else { return nil }
            let xs = s.map(\.x), ys = s.map(\.y)
            let center = SIMD2(xs.reduce(0, +) / Double(s.count), ys.reduce(0, +) / Double(s.count))
            return (center, SIMD2(xs.max()! - xs.min()! + 1, ys.max()! - ys.min()! + 1))
        }
        /// Covered pixels (alpha / 255 summed) within `radius` of `center`.
        func coverage(near center: SIMD2<Double>, radius: Double) -> Double {
            var sum = 0.0
            for y in 0..<LayerTransformTests.height {
                for x in 0..<LayerTransformTests.width {
                    let d = SIMD2(Double(x) + 0.5, Double(y) + 0.5) - center
                    if (d * d).sum() <= radius * radius { sum += Double(pixels[(y * LayerTransformTests.width + x) * 4 + 3]) / 255 }
                }
            }
            return sum
        }
        var isEmpty: Bool { stride(from: 3, to: pixels.count, by: 4).allSatisfy { pixels[$0] == 0 } }
    }

    static func expectNear(_ got: SIMD2<Double>?, _ want: SIMD2<Double>, within: Double = 1.0, _ what: String) {
        guard let got else {
            Issue.record("\(what): nothing drawn, expected a spot at \(want)")
            return
        }
        let d = got - want
        #expect((d * d).sum().squareRoot() <= within, "\(what): spot at \(got), expected \(want) (worked out from the matrices)")
    }

    /// A container 200 × 200 at (160, 120) turned 60° about y under a perspective `m34 = −1/500`
    /// (`t.m34 = −1/500; t = CATransform3DRotate(t, π/3, 0, 1, 0)`): discs at its corners and
    /// centre land where the matrices put them, and a disc is foreshortened across.
    @Test func aLayerTurnedAboutYInPerspectiveIsForeshortened() throws {
        let container = Layer()
        container.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        container.position = CGPoint(x: 160, y: 120)
        var t = Transform3DIdentity
        t.m34 = -1.0 / 500
        t = Transform3DRotate(t, .pi / 3, 0, 1, 0)
        container.transform = t
        let points = [CGPoint(x: 20, y: 60), CGPoint(x: 180, y: 60), CGPoint(x: 100, y: 100)]
        let colors: [Color] = [.red, .green, .blue]
        for (p, c) in zip(points, colors) { container.addSublayer(Self.disc(c, at: p, size: 16)) }
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))
        root.addSublayer(container)
        let picture = try Self.picture(root)
        // By hand: q = p − anchor (100, 100); turned about y by 60° (row vectors, CATransform3DMakeRotation):
        // x' = q.x cos60, z' = −q.x sin60; perspective w = 1 + z'·m34 = 1 + q.x sin60 / 500;
        // screen = (x'/w + 160, q.y/w + 120).
        for (i, p) in points.enumerated() {
            let qx = Double(p.x) - 100, qy = Double(p.y) - 100
            let w = 1 + qx * sin(Double.pi / 3) / 500
            let want = SIMD2(qx * cos(Double.pi / 3) / w + 160, qy / w + 120)
            Self.expectNear(picture.box(i)?.center, want, "disc \(i) at \(p) of the turned layer")
        }
        // The centre disc (w = 1) covers cos 60° = half its area unturned, and is narrower than tall.
        let ratio = try #require(picture.box(2).map { picture.coverage(near: $0.center, radius: 12) }) / Self.discArea(16)
        #expect(abs(ratio - 0.5) < 0.03, "a disc turned 60° about y covers \(ratio) of its area, expected cos 60° = 0.5")
        let size = try #require(picture.box(2)?.size)
        #expect(size.x < 0.7 * size.y, "foreshortened across: \(size)")
        // The far side (x > 0 turns away: w > 1) is smaller than the near side.
        let near = try #require(picture.box(0)?.size), far = try #require(picture.box(1)?.size)
        #expect(far.y < near.y - 2, "perspective: the far disc \(far) is smaller than the near one \(near)")
    }

    /// An emitter layer's own transform: a rotation of 90° about z turns its space clockwise on
    /// the y-down picture about its anchor point.
    @Test func aRotated2DLayerTurnsItsParticlesAboutItsAnchor() throws {
        let layer = Self.disc(.red, at: CGPoint(x: 80, y: 50))
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 100, y: 75)
        layer.transform = Transform3DMakeRotation(.pi / 2, 0, 0, 1)
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))
        root.addSublayer(layer)
        // (80, 50) − anchor (50, 50) = (30, 0); turned 90° clockwise: (0, 30); + position.
        Self.expectNear(try Self.picture(root).box(0)?.center, SIMD2(100, 105), "the disc of a layer turned 90°")
        layer.transform = .identity
        Self.expectNear(try Self.picture(root).box(0)?.center, SIMD2(130, 75), "the same layer unturned")
    }

    /// A container's `sublayerTransform` with a perspective, about the container's anchor: a
    /// sublayer at `zPosition` 100 looks 1/(1 − 100/500) = 1.25 times farther from the anchor and
    /// larger; the container's own particles are not affected.
    @Test func aSublayerTransformGivesSublayersAPerspectiveAboutTheAnchor() throws {
        let container = Self.disc(.green, at: CGPoint(x: 40, y: 100))
        container.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
        container.position = CGPoint(x: 160, y: 120)
        var perspective = Transform3DIdentity
        perspective.m34 = -1.0 / 500
        container.sublayerTransform = perspective
        let raised = Self.disc(.red, at: CGPoint(x: 140, y: 100), size: 16)
        raised.zPosition = 100
        container.addSublayer(raised)
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))
        root.addSublayer(container)
        let picture = try Self.picture(root)
        // Sublayer: (140, 100) − anchor (100, 100) = (40, 0), z 100: w = 1 − 100/500 = 0.8 → 50 from the anchor.
        Self.expectNear(picture.box(0)?.center, SIMD2(160 + 50, 120), "the raised sublayer's disc")
        let ratio = picture.coverage(near: SIMD2(210, 120), radius: 16) / Self.discArea(16)
        #expect(abs(ratio - 1.5625) < 0.05, "a disc at w = 0.8 covers 1/0.8² = 1.5625 times its area: \(ratio)")
        // The container's own disc: (40, 100) − (100, 100) = (−60, 0), no perspective.
        Self.expectNear(picture.box(1)?.center, SIMD2(160 - 60, 120), "the container's own disc")
    }

    /// `transform.rotation.z` animated 0 → π/2 over 1 s, repeating forever: cumulative, cycle n
    /// starts at n·π/2, so at 2.5 s the turn is 1.25π; without `isCumulative` it is π/4.
    @Test(arguments: [true, false])
    func rotationZAnimatesCumulatively(_ cumulative: Bool) throws {
        let container = Layer()
        container.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        container.position = CGPoint(x: 160, y: 120)
        container.addSublayer(Self.disc(.red, at: CGPoint(x: 90, y: 50)))
        let spin = BasicAnimation(keyPath: "transform.rotation.z")
        spin.fromValue = 0
        spin.toValue = CGFloat.pi / 2
        spin.duration = 1
        spin.repeatCount = .infinity
        spin.isCumulative = cumulative
        container.add(spin, forKey: "spin")
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))
        root.addSublayer(container)
        let angle = cumulative ? 1.25 * Double.pi : 0.25 * Double.pi
        // (90, 50) − anchor (50, 50) = (40, 0), turned clockwise by `angle` (the animation starts at host time 0).
        let want = SIMD2(160 + 40 * cos(angle), 120 + 40 * sin(angle))
        Self.expectNear(try Self.picture(root, until: 2.5).box(0)?.center, want,
                        "isCumulative \(cumulative): the disc at 2.5 s")
        #expect(container.animation(forKey: "spin") != nil, "repeatCount = .infinity never finishes")
    }

    /// `preservesDepth`: a particle at z = 60 in a layer turned 60° about y shows its depth across
    /// the screen (x' = z sin 60°); flattened, it stays at the anchor.
    @Test(arguments: [true, false])
    func preservesDepthPlacesParticlesInTheLayersSpace(_ depth: Bool) throws {
        let layer = Self.disc(.blue, at: CGPoint(x: 50, y: 50), size: 16, z: 60)
        layer.preservesDepth = depth
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 160, y: 120)
        layer.transform = Transform3DMakeRotation(.pi / 3, 0, 1, 0)
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))
        root.addSublayer(layer)
        // Row vectors: (0, 0, 60) · Ry(60°) = (60·m31, 0, 60·m33) = (60 sin 60°, 0, 30).
        let want = SIMD2(160 + (depth ? 60 * sin(Double.pi / 3) : 0), 120)
        Self.expectNear(try Self.picture(root).box(2)?.center, want, "preservesDepth \(depth)")
    }

    /// `isDoubleSided = false`: a layer turned half way round about y shows its back and draws
    /// nothing; double sided (the default) it draws, mirrored.
    @Test func aSingleSidedLayerShowingItsBackIsNotDrawn() throws {
        let layer = Self.disc(.red, at: CGPoint(x: 80, y: 50))
        layer.bounds = CGRect(x: 0, y: 0, width: 100, height: 100)
        layer.position = CGPoint(x: 160, y: 120)
        layer.transform = Transform3DMakeRotation(.pi, 0, 1, 0)
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))
        root.addSublayer(layer)
        Self.expectNear(try Self.picture(root).box(0)?.center, SIMD2(160 - 30, 120), "double sided: mirrored")
        layer.isDoubleSided = false
        #expect(try Self.picture(root).isEmpty, "single sided, back to the viewer: nothing drawn")
        layer.transform = .identity
        Self.expectNear(try Self.picture(root).box(0)?.center, SIMD2(160 + 30, 120), "single sided, facing: drawn")
    }
    /// `CATransformLayer` under a perspective (issue 27 item 2, "true 3D layer hierarchies"): a
    /// container 200 × 200 at (160, 120) with `m34 = −1/500` holds a transform layer of the same
    /// frame turned 60° about y; discs at its centre with `zPosition` +50 (red) and −50 (blue)
    /// keep that depth: (0, 0, ±50) turns to (±43.3, 0, ±25), w = 1 ∓ 25/500, so they land
    /// 45.58 points right and 41.24 left of the centre, each foreshortened as its place in the
    /// perspective makes it. A plain layer in its place
    /// flattens both onto its plane, at the centre.
    @Test func aTransformLayerShowsItsSublayersDepthInPerspective() throws {
        func scene(_ middle: Layer, turn: CGFloat, discs: [(Color, CGFloat, Int)]) -> Layer {
            let container = Layer()
            container.bounds = CGRect(x: 0, y: 0, width: 200, height: 200)
            container.position = CGPoint(x: 160, y: 120)
            var perspective = Transform3DIdentity
            perspective.m34 = -1.0 / 500
            container.sublayerTransform = perspective
            middle.bounds = container.bounds
            middle.position = CGPoint(x: 100, y: 100)
            middle.transform = Transform3DMakeRotation(turn, 0, 1, 0)
            container.addSublayer(middle)
            for (color, z, size) in discs {
                let disc = Self.disc(color, at: CGPoint(x: 100, y: 100), size: size)
                disc.zPosition = z
                middle.addSublayer(disc)
            }
            let root = Layer()
            root.bounds = CGRect(x: 0, y: 0, width: Double(Self.width), height: Double(Self.height))
            root.addSublayer(container)
            return root
        }
        let spread = [(Color.red, CGFloat(50), 16), (Color.blue, CGFloat(-50), 16)]
        let deep = try Self.picture(scene(TransformLayer(), turn: .pi / 3, discs: spread))
        let s = 50 * sin(Double.pi / 3), c = 50 * cos(Double.pi / 3)
        Self.expectNear(deep.box(0)?.center, SIMD2(160 + s / (1 - c / 500), 120), "the near disc, moved right")
        Self.expectNear(deep.box(2)?.center, SIMD2(160 - s / (1 + c / 500), 120), "the far disc, moved left")
        // Each disc lies in the turned plane: its area is the disc's times the Jacobian of the
        // projection there, (cos 60°·w − x·sin 60°/500)/w² across (the plane's x axis turns to
        // (cos 60°, 0, −sin 60°)) times 1/w down: 0.467 for the near disc, 0.518 for the far one.
        for (side, label) in [(1.0, "near"), (-1.0, "far")] {
            let x = side * s, w = 1 - side * c / 500
            let factor = (0.5 * w - x * sin(Double.pi / 3) / 500) / (w * w) / w
            let covered = deep.coverage(near: SIMD2(160 + x / w, 120), radius: 16)
            #expect(abs(covered / (Self.discArea(16) * factor) - 1) < 0.03,
                    "the \(label) disc covers \(covered) pixels, expected \(Self.discArea(16) * factor)")
        }
        let flat = try Self.picture(scene(Layer(), turn: .pi / 3, discs: spread))
        Self.expectNear(flat.box(0)?.center, SIMD2(160, 120), "a plain layer flattens them onto its plane (red on top)")
        // Half a turn: the disc that was in front (red, +10) is behind the green one, which covers
        // it (green first in the array: array order would put red on top).
        let overlap = [(Color.green, CGFloat(-10), 8), (Color.red, CGFloat(10), 16)]
        let turned = try Self.picture(scene(TransformLayer(), turn: .pi, discs: overlap))
        let i = (120 * Self.width + 160) * 4
        #expect(turned.pixels[i + 1] > 200 && turned.pixels[i] < 50, "green in front at the centre: \(Array(turned.pixels[i..<i + 4]))")
        #expect(turned.box(0) != nil, "red around it, behind")
        let plain = try Self.picture(scene(Layer(), turn: .pi, discs: overlap))
        #expect(plain.pixels[i] > 200 && plain.pixels[i + 1] < 50, "a plain layer draws by zPosition: red on top")
    }
}

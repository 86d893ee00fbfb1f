import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// The layer surface when drawing: frame placement, opacity (animated too), isHidden,
/// masksToBounds, and several layers composed in order through a `ParticleScene`.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct LayerDrawingTests {
    /// One opaque 32-pixel disc at (16, 16) of the layer's own space.
    static func disc(_ color: Color) -> EmitterLayer {
        let cell = EmitterCell()
        cell.contents = .builtin(.hardDisc, size: 32)
        cell.birthRate = 1
        cell.lifetime = 10
        cell.color = color
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 16, y: 16)
        layer.emitterCells = [cell]
        return layer
    }

    /// Premultiplied RGBA of a 200×150 picture of the layers drawn in order at host time 1.5.
    static func draw(_ layers: [EmitterLayer], until time: Double = 1.5, steps: [Double] = [0, 1.5]) throws -> (Int, Int) -> SIMD4<Int> {
        let pixels = try GPU.run { context -> [UInt8] in
            let sims = try layers.map { try GPUSimulator(layer: $0, context: context) }
            for t in steps { try sims.forEach { try $0.advance(to: t) } }
            let target = try OffscreenTarget(context: context, width: 200, height: 150)
            try target.begin(clearTo: .clear)
            try ParticleRenderer(context: context).draw(sims, viewProjection: .layer(width: 200, height: 150))
            return try target.premultipliedPixels()
        }
        return { x, y in
            let i = (y * 200 + x) * 4
            return SIMD4(Int(pixels[i]), Int(pixels[i + 1]), Int(pixels[i + 2]), Int(pixels[i + 3]))
        }
    }

    @Test func aLayerIsDrawnAtItsFrame() throws {
        let layer = Self.disc(.white)
        layer.frame = CGRect(x: 100, y: 50, width: 64, height: 64)
        let px = try Self.draw([layer])
        #expect(px(116, 66).w == 255, "the particle at (16, 16) of a layer framed at (100, 50)")
        #expect(px(16, 16).w == 0, "nothing at the layer's own coordinates")
    }

    @Test func opacityHiddenAndMasksToBounds() throws {
        let half = Self.disc(.white)
        half.opacity = 0.5
        #expect(abs(try Self.draw([half])(16, 16).w - 128) <= 1, "opacity 0.5 halves the alpha")
        let hidden = Self.disc(.white)
        hidden.isHidden = true
        #expect(try Self.draw([hidden])(16, 16).w == 0, "a hidden layer draws nothing")
        let masked = Self.disc(.white)
        masked.bounds = CGRect(x: 0, y: 0, width: 20, height: 20)
        masked.position = CGPoint(x: 10, y: 10)
        masked.masksToBounds = true
        let px = try Self.draw([masked])
        #expect(px(10, 10).w == 255 && px(19, 16).w == 255, "inside the bounds")
        #expect(px(25, 16).w == 0 && px(16, 25).w == 0, "clipped outside the 20×20 bounds")
    }

    @Test func opacityIsAnimatable() throws {
        let layer = Self.disc(.white)
        let fade = BasicAnimation(keyPath: \EmitterLayer.opacity)
        fade.fromValue = 1
        fade.toValue = 0
        fade.duration = 2
        layer.add(fade, forKey: "fade")
        // The animation starts at the first update (host time 0): at 1.5 s, opacity 0.25.
        let alpha = try Self.draw([layer])(16, 16).w
        #expect(abs(alpha - 64) <= 1, "opacity animated to 0.25 at 1.5 s: alpha \(alpha)")
    }

    @Test func layersDrawInOrderThroughAScene() throws {
        let root = Layer()
        root.bounds = CGRect(x: 0, y: 0, width: 200, height: 150)
        let red = Self.disc(.red), blue = Self.disc(.blue)
        blue.frame = CGRect(x: 8, y: 0, width: 64, height: 64)
        root.addSublayer(red)
        root.addSublayer(blue)
        let group = Layer()
        group.frame = CGRect(x: 100, y: 80, width: 60, height: 60)
        group.opacity = 0.5
        let green = Self.disc(.green)
        group.addSublayer(green)
        root.addSublayer(group)
        let pixels = try GPU.run { context -> [UInt8] in
            let scene = ParticleScene(root: root) { try GPUSimulator(layer: $0, context: context) }
            try scene.advance(to: 50)
            try scene.advance(to: 51.5)
            let target = try OffscreenTarget(context: context, width: 200, height: 150)
            try target.begin(clearTo: .clear)
            try ParticleRenderer(context: context).draw(scene, viewProjection: .layer(width: 200, height: 150))
            #expect(scene.items.count == 3)
            return try target.premultipliedPixels()
        }
        func px(_ x: Int, _ y: Int) -> [UInt8] { Array(pixels[(y * 200 + x) * 4..<(y * 200 + x) * 4 + 4]) }
        #expect(px(20, 16) == [0, 0, 255, 255], "blue (added last) over red: \(px(20, 16))")
        #expect(px(4, 16) == [255, 0, 0, 255], "red where blue does not reach: \(px(4, 16))")
        let g = px(116, 96)
        #expect(abs(Int(g[1]) - 128) <= 1 && abs(Int(g[3]) - 128) <= 1, "green in a half-opaque group at (100, 80): \(g)")
        root.sublayers?.first?.removeFromSuperlayer()
        #expect(root.sublayers?.count == 2 && red.superlayer == nil)
    }
}

/// SPEC §8 "When a layer starts" on the GPU: the same layer created at host time 0, 100 and 1e6
/// starts empty and then matches the reference particle for particle.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct StartRuleGPUTests {
    @Test(arguments: [0.0, 100.0, 1e6])
    func aLayerStartsEmptyAtAnyHostClockOnTheGPU(_ start: Double) throws {
        try GPU.run { context in
            let gpu = try GPUSimulator(layer: Preset.fire.makeLayer(), context: context)
            let cpu = ReferenceSimulator(layer: Preset.fire.makeLayer())
            for (i, t) in [start, start + 0.5, start + 1].enumerated() {
                try gpu.advance(to: t)
                try cpu.advance(to: t)
                let g = try gpu.snapshot(), c = try cpu.snapshot()
                if i == 0 { #expect(g.particles.isEmpty, "created at host time \(start): \(g.particles.count) particles on frame 1") }
                compareSnapshots(gpu: g, cpu: c, configuration: "fire started at \(start)", seed: 0)
            }
            #expect(try gpu.snapshot().particles.count == 30, "one second of 30/s")
        }
    }
}

import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// A distance-field collider from a texture the game supplies (issue 26 item 1): the red channel
/// of level 0, decoded linearly or from the centred 8-bit encoding, rows in order or flipped; bad
/// textures and a context that is not current are typed errors; particles bounce off the field the
/// same way on both simulators.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct DistanceTextureTests {
    /// A `width × height` 2-D texture of the host's, as a game would keep one: `R32F` from
    /// `floats`, or `R8` from `bytes` (PlumeGL's typed layer makes it: tests call no raw GL).
    static func texture(_ context: GLContext, width: Int, height: Int, floats: [Float]? = nil, bytes: [UInt8]? = nil) -> UInt32 {
        context.makeRedTexture(width: width, height: height, floats: floats, bytes: bytes).name
    }

    static func delete(_ context: GLContext, _ name: UInt32) { context.delete(GLTexture(name: name)) }

    /// The signed distance from texel (i, j)'s centre to a circle of radius 10 texels about
    /// (20, 14), in texels.
    static func circle(_ i: Int, _ j: Int) -> Float {
        Float((Double(i - 20) * Double(i - 20) + Double(j - 14) * Double(j - 14)).squareRoot() - 10)
    }

    @Test func theRedChannelBecomesTheSamples() throws {
        try GPU.run { context in
            let (w, h) = (40, 28)
            let values = (0..<(w * h)).map { Self.circle($0 % w, $0 / w) }
            let name = Self.texture(context, width: w, height: h, floats: values)
            defer { Self.delete(context, name) }
            let hosts = Self.texture(context, width: 1, height: 1, floats: [0])
            defer { Self.delete(context, hosts) }
            GL.bindTexture(.texture2D, hosts)   // the host's binding, restored
            let field = EmitterBehavior(type: .collider, name: "rock")
            try field.setDistanceField(texture: name, in: context, encoding: .linear(scale: 2.5), spacing: 2.5)
            #expect(GL.integer(.texture2DBinding) == Int32(hosts))
            GL.bindTexture(.texture2D, 0)
            #expect(field.colliderShape == .distanceField && field.sampleColumns == CGFloat(w) && field.sampleSpacing == 2.5)
            #expect(field.samples == values.map { CGFloat($0) * 2.5 }, "R32F texels × the scale, rows in order")

            try field.setDistanceField(texture: name, in: context, spacing: 1, flipsRows: true)
            let flipped = (0..<h).reversed().flatMap { j in (0..<w).map { i in CGFloat(values[j * w + i]) } }
            #expect(field.samples == flipped, "the last row first")

            // the 8-bit centred encoding: 0.5 + distance ÷ range
            let bytes: [UInt8] = [0, 64, 128, 255, 200, 10]
            let r8 = Self.texture(context, width: 3, height: 2, bytes: bytes)
            defer { Self.delete(context, r8) }
            try field.setDistanceField(texture: r8, in: context, encoding: .centered(range: 40), spacing: 4)
            let expected = bytes.map { (CGFloat(Float($0) / 255) - 0.5) * 40 }
            #expect(zip(field.samples, expected).allSatisfy { abs($0 - $1) < 1e-5 } && field.samples.count == 6,
                    "\(field.samples) vs \(expected)")
            #expect(field.sampleColumns == 3)
        }
    }

    @Test func badTexturesAndAnotherThreadsContextAreTypedErrors() throws {
        try GPU.run { context in
            let field = EmitterBehavior(type: .collider, name: "rock")
            field.samples = [1, 2, 3, 4]
            field.sampleColumns = 2
            for bad: UInt32 in [0, 4_000_000] {
                #expect(throws: GLError.self) { try field.setDistanceField(texture: bad, in: context, spacing: 1) }
            }
            // a texture that is not a 2-D one: a buffer texture
            let buffer = context.makeTexture().name
            GL.bindTexture(.buffer, buffer)
            GL.bindTexture(.buffer, 0)
            defer { Self.delete(context, buffer) }
            do {
                try field.setDistanceField(texture: buffer, in: context, spacing: 1)
                Issue.record("a buffer texture was read as a 2-D one")
            } catch let GLError.badInput(call, reason) {
                #expect(reason.contains("not a 2-D texture") && call.hasPrefix("EmitterBehavior.setDistanceField"), "\(call): \(reason)")
            }
            #expect(GL.takeError() == 0, "the refused bind's error is not left to the host")
            // more texels than a collider takes
            let big = Self.texture(context, width: 512, height: 512, floats: [Float](repeating: 1, count: 512 * 512))
            defer { Self.delete(context, big) }
            #expect(throws: GLError.self) { try field.setDistanceField(texture: big, in: context, spacing: 1) }
            #expect(field.samples == [1, 2, 3, 4] && field.colliderShape == .plane, "a refused texture changes nothing")

            let name = Self.texture(context, width: 2, height: 2, floats: [1, 2, 3, 4])
            defer { Self.delete(context, name) }
            context.releaseCurrent()
            defer { try? context.makeCurrent() }
            #expect(throws: GLError.contextNotCurrent("EmitterBehavior.setDistanceField(texture:in:encoding:spacing:flipsRows:)")) {
                try field.setDistanceField(texture: name, in: context, spacing: 1)
            }
        }
    }

    /// Sparks falling on a rock whose field came from a texture bounce off it, the same on both
    /// simulators; the field equals the samples the texture held.
    @Test func particlesBounceOffATexturesFieldOnBothSimulators() throws {
        try GPU.run { context in
            let (w, h) = (40, 28)
            let name = Self.texture(context, width: w, height: h, floats: (0..<(w * h)).map { Self.circle($0 % w, $0 / w) })
            defer { Self.delete(context, name) }
            func layer() throws -> EmitterLayer {
                let rock = EmitterBehavior(type: .collider, name: "rock")
                rock.position = CGPoint(x: 100, y: 200)         // texel (0, 0): the circle's centre at (180, 256)
                rock.restitution = 0.7
                try rock.setDistanceField(texture: name, in: context, encoding: .linear(scale: 4), spacing: 4)
                let spark = EmitterCell(name: "spark")
                spark.birthRate = 40
                spark.lifetime = 3
                spark.velocity = 20
                spark.emissionRange = .pi / 3
                spark.emissionLongitude = .pi / 2
                spark.yAcceleration = 150
                let l = EmitterLayer()
                l.seed = 5
                l.emitterPosition = CGPoint(x: 180, y: 120)
                l.emitterSize = CGSize(width: 40, height: 0)
                l.emitterShape = .line
                l.emitterCells = [spark]
                l.emitterBehaviors = [rock]
                return l
            }
            let gpu = try GPUSimulator(layer: try layer(), context: context)
            let cpu = ReferenceSimulator(layer: try layer())
            cpu.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .collision)]
            var hits = 0
            for f in 0...150 {
                try gpu.advance(to: Double(f) / 60)
                try cpu.advance(to: Double(f) / 60)
                hits += Int(cpu.takeEventReports(wait: true).reduce(0) { $0 + $1.count })
            }
            compareSnapshots(gpu: try gpu.snapshot(), cpu: try cpu.snapshot(), configuration: "a distance texture's rock", seed: 5)
            #expect(hits > 20, "the sparks hit the rock: \(hits) collisions")
        }
    }
}

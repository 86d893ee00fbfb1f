import Foundation
import PlumeTestSupport
import Testing
@testable import Plume
@testable import PlumeGL

/// Semantics §9, moving emitters: an emitter the host moves every update (a circle of radius 300
/// at 2 turns/s, 30 updates/s, 3,000 births/s — the Godot complaint) draws a ring, not 15 clumps,
/// on both simulators; turning `interpolatesEmitterMotion` off, or a teleport, gives the clumps.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct MovingEmitterTests {
    static let radius = 300.0, turnsPerSecond = 2.0, fps = 30.0, rate = 3000.0

    static func layer(interpolates: Bool, teleport: CGFloat = 1000) -> EmitterLayer {
        let cell = EmitterCell()
        cell.birthRate = Float(rate)
        cell.lifetime = 0.5                  // one turn: the ring closes
        cell.contents = .builtin(.spark)
        let layer = EmitterLayer()
        layer.seed = 3
        layer.emitterCells = [cell]
        layer.interpolatesEmitterMotion = interpolates
        layer.emitterTeleportDistance = teleport
        return layer
    }

    static func position(at t: Double) -> CGPoint {
        let a = 2 * Double.pi * turnsPerSecond * t
        return CGPoint(x: 500 + radius * cos(a), y: 500 + radius * sin(a))
    }

    /// Runs one second, moving the emitter before each update; births are still (velocity 0).
    static func run(_ layer: EmitterLayer, on simulator: ParticleSimulator) throws -> [SnapshotParticle] {
        for frame in 0...Int(fps) {
            let t = Double(frame) / fps
            layer.emitterPosition = position(at: t)
            try simulator.advance(to: t)
        }
        return try simulator.snapshot().particles.sorted { $0.birthTime < $1.birthTime }
    }

    /// The largest distance between consecutive births.
    static func largestGap(_ particles: [SnapshotParticle]) -> Double {
        zip(particles, particles.dropFirst()).map { a, b in
            let d = a.position - b.position
            return (d * d).sum().squareRoot()
        }.max() ?? .infinity
    }

    @Test func aMovedEmitterDrawsAContinuousRing() throws {
        // The spacing the rate implies along the path: speed / rate (1.26 pt); the births lie on
        // 24° chords, a little shorter than the arc. Allowed: twice that.
        let spacing = 2 * Double.pi * Self.radius * Self.turnsPerSecond / Self.rate
        let cpuLayer = Self.layer(interpolates: true), gpuLayer = Self.layer(interpolates: true)
        let cpu = try Self.run(cpuLayer, on: ReferenceSimulator(layer: cpuLayer))
        let gpu = try GPU.run { context in try Self.run(gpuLayer, on: try GPUSimulator(layer: gpuLayer, context: context)) }
        #expect(cpu.count > 1400 && cpu.count == gpu.count, "CPU \(cpu.count), GPU \(gpu.count) (seed 3)")
        for (name, particles) in [("CPU", cpu), ("GPU", gpu)] {
            let gap = Self.largestGap(particles)
            #expect(gap <= 2 * spacing, "\(name): largest gap \(gap) pt, spacing \(spacing) pt (seed 3)")
            // Every birth lies on the chord of its update, so within the chord's sagitta of the circle;
            // a birth at the tick nearest its time (Ticks) may lie up to half a tick past the chord's
            // end, on its straight continuation.
            let sagitta = Self.radius * (1 - cos(Double.pi * Self.turnsPerSecond / Self.fps))
            let pastTheEnd = 2 * Double.pi * Self.radius * Self.turnsPerSecond * Ticks.seconds / 2
            for p in particles {
                let r = ((p.position.x - 500) * (p.position.x - 500) + (p.position.y - 500) * (p.position.y - 500)).squareRoot()
                #expect(r <= Self.radius + pastTheEnd + 1e-3 && r >= Self.radius - sagitta - 1e-3,
                        "\(name) \(p.identity) born at \(p.birthTime): radius \(r) (seed 3)")
            }
        }
        for (c, g) in zip(cpu, gpu) {
            #expect(c.identity == g.identity && maxAbs(c.position - g.position) < 0.01,
                    "\(c.identity): CPU \(c.position), GPU \(g.position) (seed 3)")
        }
    }

    /// The fraction of the ring's angles (0.5° apart) where a lit pixel lies between the circle
    /// and its chords (the sagitta of a 24° chord is 6.6 px) with 3 px to spare, and the widest run
    /// of dark angles, in degrees.
    static func ringCoverage(_ pixels: [UInt8], size: Int) -> (lit: Double, widestGap: Double) {
        let steps = 720
        var lit = [Bool](repeating: false, count: steps)
        for i in 0..<steps {
            let a = Double(i) * 2 * Double.pi / Double(steps)
            for dr in stride(from: -10.0, through: 3.0, by: 0.5) {
                let x = Int((500 + (radius + dr) * cos(a)).rounded()), y = Int((500 + (radius + dr) * sin(a)).rounded())
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let o = (y * size + x) * 4
                if Int(pixels[o]) + Int(pixels[o + 1]) + Int(pixels[o + 2]) > 60 { lit[i] = true; break }
            }
        }
        var widest = 0, run = 0
        for i in 0..<(2 * steps) { run = lit[i % steps] ? 0 : run + 1; widest = max(widest, min(run, steps)) }
        return (Double(lit.filter { $0 }.count) / Double(steps), Double(widest) * 360 / Double(steps))
    }

    /// The check on the picture itself: the GPU simulation drawn by the renderer at 1 s
    /// (1000×1000, the spark image at scale 0.1, ≈ 3 px) is a continuous ring when the host moves
    /// the emitter every update; without interpolation it is 15 separate clumps.
    @Test func theRenderedRingIsContinuous() throws {
        func picture(interpolates: Bool) throws -> [UInt8] {
            let layer = Self.layer(interpolates: interpolates)
            layer.emitterCells?[0].scale = 0.1
            return try GPU.run { context in
                let simulator = try GPUSimulator(layer: layer, context: context)
                _ = try Self.run(layer, on: simulator)
                let renderer = try ParticleRenderer(context: context)
                let target = try OffscreenTarget(context: context, width: 1000, height: 1000)
                try target.begin(clearTo: .black)
                try renderer.draw(simulator, viewProjection: .layer(width: 1000, height: 1000))
                return try target.premultipliedPixels()
            }
        }
        let ring = Self.ringCoverage(try picture(interpolates: true), size: 1000)
        let clumps = Self.ringCoverage(try picture(interpolates: false), size: 1000)
        print("moving emitter drawn: interpolated \(ring.lit * 100)% of the ring lit, widest gap \(ring.widestGap)°; "
              + "not interpolated \(clumps.lit * 100)% lit, widest gap \(clumps.widestGap)°")
        // Births are 1.26 pt apart along the ring (0.24° at radius 300): no dark angle at all.
        #expect(ring.lit == 1, "interpolated: \(ring.lit * 100)% of the ring lit, widest gap \(ring.widestGap)° (seed 3)")
        // 15 clumps of a few pixels: most of the ring is dark, gaps of about 24°.
        #expect(clumps.lit < 0.3 && clumps.widestGap > 15,
                "not interpolated: \(clumps.lit * 100)% lit, widest gap \(clumps.widestGap)° (seed 3)")
    }

    /// Without interpolation, or with a teleport distance shorter than a frame's move (a chord of
    /// 125 pt), the births of each update are all at the new position: 100-particle clumps.
    @Test(arguments: [(false, CGFloat(1000)), (true, CGFloat(100))])
    func withoutInterpolationBirthsClump(interpolates: Bool, teleport: CGFloat) throws {
        let layer = Self.layer(interpolates: interpolates, teleport: teleport)
        let particles = try Self.run(layer, on: ReferenceSimulator(layer: layer))
        let places = Set(particles.map { SIMD2(($0.position.x * 1000).rounded(), ($0.position.y * 1000).rounded()) })
        #expect(places.count <= 16, "\(places.count) distinct birth positions (seed 3)")
        #expect(Self.largestGap(particles) > 100)
    }
}

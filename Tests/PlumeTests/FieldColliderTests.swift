import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Issue 26 items 1 and 4: the `heightfield` and `distanceField` collider shapes (Semantics §12
/// "Collisions", <doc:Behaviors>): sampled surfaces, swept by marching each chord.
struct FieldColliderTests {
    /// A heightfield: `samples` heights `spacing` apart from `origin`, up the y-down screen
    /// (longitude −90°: a floor's orientation), so the terrain line is `y = origin.y − h(x)`.
    static func heightfield(_ samples: [CGFloat], columns: CGFloat = 0, spacing: CGFloat,
                            origin: CGPoint, restitution: CGFloat = 1) -> EmitterBehavior {
        let b = EmitterBehavior(type: .collider, name: "terrain")
        b.colliderShape = .heightfield
        b.position = origin
        b.orientationLongitude = -.pi / 2
        b.samples = samples
        b.sampleColumns = columns
        b.sampleSpacing = spacing
        b.restitution = restitution
        return b
    }

    /// A distance field of `columns` × `rows` texels `spacing` apart from `origin` (texel (0, 0)'s
    /// centre), sampled from `distance` at each texel's centre.
    static func distanceField(columns: Int, rows: Int, spacing: CGFloat, origin: CGPoint = .zero,
                              restitution: CGFloat = 1, _ distance: (Double, Double) -> Double) -> EmitterBehavior {
        let b = EmitterBehavior(type: .collider, name: "field")
        b.colliderShape = .distanceField
        b.position = origin
        b.sampleSpacing = spacing
        b.sampleColumns = CGFloat(columns)
        b.samples = (0..<rows).flatMap { j in
            (0..<columns).map { i in
                CGFloat(distance(Double(origin.x) + Double(i) * Double(spacing), Double(origin.y) + Double(j) * Double(spacing)))
            }
        }
        b.restitution = restitution
        return b
    }

    /// A wall across the scene, `thickness` points thick about y = 100: the exact distance
    /// `|y − 100| − thickness/2`, sampled every 10 points over 400 × 200 points (linear in y between
    /// samples, so the bilinear field is exact).
    static func wall(thickness: Double) -> EmitterBehavior {
        distanceField(columns: 41, rows: 21, spacing: 10) { _, y in abs(y - 100) - thickness / 2 }
    }

    /// A ramp from (0, 200) rising 20 points over 100 (h = 0.2·x): a ball falling at 100 pt/s from
    /// (50, 0) meets it at y = 190 at 1.9 s and leaves (restitution 1) along the velocity reflected
    /// about the tilted normal `(−0.2, −1)/√1.04`.
    @Test func aRampReflectsAlongItsSlope() {
        let ramp = Self.heightfield([0, 20], spacing: 100, origin: CGPoint(x: 0, y: 200))
        let (p, v) = BoxColliderTests.motion([ramp], from: SIMD3(50, 0, 0), velocity: SIMD3(0, 100, 0), at: 2.4)
        let n = SIMD3<Double>(-0.2, -1, 0) / (1.04).squareRoot()
        let v0 = SIMD3<Double>(0, 100, 0)
        let out = v0 - n * (2 * dot(v0, n))
        let expected = SIMD3<Double>(50, 190, 0) + out * 0.5
        #expect(maxAbs(p - expected) < 1e-4 && maxAbs(v - out) < 1e-6,
                "at 2.4 s \(p) moving \(v); expected \(expected) moving \(out)")
    }

    /// In 3-D a heightfield is bilinear over x–z: heights 0, 10 (x = 100), 20 (z = 100), 30 from
    /// (0, 200, 0) are the plane h = 0.1·x + 0.2·z; outside the grid the edge heights hold.
    @Test func heightsAreBilinearOverTheGridAndHeldBeyondIt() {
        let b = ColliderTests.behaviors([Self.heightfield([0, 10, 20, 30], columns: 2, spacing: 100,
                                                          origin: CGPoint(x: 0, y: 200))])
        let c = b.colliders[0]
        let cases: [(SIMD3<Double>, Double)] = [
            (SIMD3(0, 200, 0), 0), (SIMD3(50, 150, 0), 45), (SIMD3(50, 150, 50), 35), (SIMD3(100, 170, 100), 0),
            (SIMD3(-40, 200, 50), -10), (SIMD3(300, 100, 300), 70), (SIMD3(25, 190, -60), 7.5),
        ]
        for (p, expected) in cases {
            #expect(abs(c.distance(p) - expected) < 1e-9, "height above the terrain at \(p): \(c.distance(p)), expected \(expected)")
        }
        let n = c.normal(at: SIMD3(50, 200 - 15, 50))
        let tilt = SIMD3<Double>(-0.1, -1, -0.2) / (1.05).squareRoot()
        #expect(maxAbs(n - tilt) < 1e-9, "normal \(n), expected \(tilt)")
    }

    /// A circle of radius 50 about (200, 200) given as its distance field (5-point texels): a ball
    /// falling down the sample column x = 200 from y = 0.3 meets it where the circle is (y = 150, at
    /// 1.497 s; not at a grid point, where a chord ending on the surface would leave the hit to the
    /// next chord, which starts on it: no event) and bounces back up.
    @Test func aDistanceFieldCircleIsHitWhereTheCircleIs() {
        let disc = Self.distanceField(columns: 81, rows: 81, spacing: 5) { x, y in
            ((x - 200) * (x - 200) + (y - 200) * (y - 200)).squareRoot() - 50
        }
        let hits = hitsOf([disc], from: SIMD3(200, 0.3, 0), velocity: SIMD3(0, 100, 0), until: 2)
        let (p, v) = BoxColliderTests.motion([disc], from: SIMD3(200, 0.3, 0), velocity: SIMD3(0, 100, 0), at: 2)
        #expect(hits.count == 1 && abs(hits[0].position.y - 150) < 1e-5 && abs(hits[0].age - 1.497) < 1e-7,
                "hits \(hits); at 2 s \(p) moving \(v)")
        #expect(v.y < -99 && abs(v.x) < 10 && p.y < 150, "at 2 s \(p) moving \(v)")
    }

    /// The hits of one particle's grid motion from `p` at `velocity` until `end` (no acceleration).
    func hitsOf(_ list: [EmitterBehavior], from p: SIMD3<Double>, velocity: SIMD3<Double>, until end: Double) -> [CollisionHit] {
        let b = ColliderTests.behaviors(list)
        let particle = BehaviorParticle(behaviors: b, lifetime: 100, seed: 0, key: .root)
        let c = Collisions.contacts(MotionAnchor(age: 0, position: p, velocity: velocity), after: -1,
                                    through: Int64(end * Ticks.perSecond), lifetime: Int64(100 * Ticks.perSecond),
                                    acceleration: .zero, behaviors: b, particle: particle)
        return c.events
    }

    /// Swept: bullets at 20 000 pt/s (312 points a grid step, 666 points a frame at 30 updates/s)
    /// cross a distance-field wall 4 points thick and a heightfield spike 1 point wide where they
    /// pass, and still hit them, at every rate.
    @Test func thinFieldsCannotBeTunnelled() throws {
        let wall = Self.wall(thickness: 4)
        wall.collisionResponse = .kill
        for fps in [30.0, 60, 144, 240] {
            let deaths = try ColliderTests.deaths(of: ColliderTests.bullets([wall], from: 0, lifetime: 1), fps: fps)
            #expect(deaths.count == 19 && deaths.allSatisfy { abs($0.position.y - 98) < 1e-3 },
                    "wall, \(fps) updates/s: \(deaths.count) deaths, \(deaths.prefix(2).map(\.position))")
        }
        // a spike 60 points high on a flat terrain at y = 100, 2 points wide at its foot, 1 point at
        // the bullets' height (y = 70, 30 points up): its side there is at x = 49.5
        var heights = [CGFloat](repeating: 0, count: 101)
        heights[50] = 60
        let spike = Self.heightfield(heights, spacing: 1, origin: CGPoint(x: 0, y: 100))
        spike.collisionResponse = .kill
        for fps in [30.0, 60, 144, 240] {
            let layer = ColliderTests.bullets([spike], from: 70, lifetime: 1)
            layer.emitterPosition = CGPoint(x: 0, y: 70)
            layer.emitterCells?[0].emissionLongitude = 0      // along +x
            let deaths = try ColliderTests.deaths(of: layer, fps: fps)
            #expect(deaths.count == 19 && deaths.allSatisfy { abs($0.position.x - 49.5) < 1e-3 },
                    "spike, \(fps) updates/s: \(deaths.count) deaths, \(deaths.prefix(2).map(\.position))")
        }
    }

    /// Field hits are the grid's: the same particles at any rate, after a time offset and a seek,
    /// on a terrain of hills and on a distance-field disc.
    @Test func sameParticlesAtAnyFrameRateAndAfterJumps() throws {
        let reference = try expectSameParticlesAtAnyRateAndAfterJumps({ Self.hills() }, "field colliders")
        let below = reference.particles.filter { $0.position.y > 420 + Collisions.tolerance }
        #expect(below.isEmpty, "particles below the terrain: \(below.prefix(2))")
    }

    /// A distance field has no orientation (it lies in the layer's x–y plane, Semantics §12): its
    /// `orientationLongitude` animated through a turn changes no particle, although the drops hit
    /// the disc while it turns (the planner gives a distance field no turning frame).
    @Test func aDistanceFieldsOrientationChangesNothing() throws {
        func run(turning: Bool, disc: Bool = true) throws -> [SnapshotParticle] {
            let layer = Self.hills()
            if !disc { layer.emitterBehaviors!.removeFirst() }
            if turning {
                layer.add(MovingColliderTests.linear("emitterBehaviors.field.orientationLongitude", from: 0, to: 1.2, duration: 3),
                          forKey: "turn")
            }
            let sim = ReferenceSimulator(layer: layer)
            for k in 1...180 { try sim.advance(to: Double(k) / 60) }
            return try sim.snapshot().particles
        }
        let still = try run(turning: false), turning = try run(turning: true)
        #expect(try run(turning: false, disc: false) != still, "the drops meet the disc")
        let moved = zip(still, turning).filter { $0 != $1 }
        #expect(still.count == turning.count && moved.isEmpty,
                "\(moved.count) of \(still.count) particles differ; first: \(moved.first.map { "\($0.0) → \($0.1)" } ?? "-")")
    }

    /// ColliderTests' drops falling on a terrain of hills (heights 0…20 every 40 points, from
    /// (0, 420)) past a distance-field disc of radius 40 about (320, 260).
    static func hills() -> EmitterLayer {
        let layer = ColliderTests.layer()
        let heights = (0...15).map { i in CGFloat(10 + 10 * sin(Double(i) * 0.9)) }
        let terrain = heightfield(heights, spacing: 40, origin: CGPoint(x: 0, y: 420), restitution: 0.6)
        terrain.friction = 0.1
        let disc = distanceField(columns: 21, rows: 21, spacing: 6, origin: CGPoint(x: 260, y: 200), restitution: 0.8) { x, y in
            ((x - 320) * (x - 320) + (y - 260) * (y - 260)).squareRoot() - 40
        }
        layer.emitterBehaviors = [disc, terrain]
        return layer
    }

    /// A mask image's alpha makes a distance field: a disc of radius 12 pixels drawn in a 40 × 30
    /// mask gives, at every pixel's centre, the distance to the disc's pixels (within the pixel
    /// grid's half-pixel staircase of the true circle's), negative inside; a ball dropped on it
    /// stops on the disc's top.
    @Test func aMaskMakesADistanceField() throws {
        let (w, h) = (40, 30)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w where (Double(x) - 20) * (Double(x) - 20) + (Double(y) - 15) * (Double(y) - 15) <= 144 {
                pixels[4 * (x + w * y) + 3] = 255
            }
        }
        let b = EmitterBehavior(type: .collider, name: "mask")
        b.position = CGPoint(x: 100, y: 100)
        b.collisionResponse = .stick
        b.setDistanceField(mask: try SpriteImage(width: w, height: h, pixels: pixels), spacing: 2)
        #expect(b.colliderShape == .distanceField && b.samples.count == w * h && b.sampleColumns == 40 && b.sampleSpacing == 2)
        for y in 0..<h {
            for x in 0..<w {
                let exact = ((Double(x) - 20) * (Double(x) - 20) + (Double(y) - 15) * (Double(y) - 15)).squareRoot() - 12
                let d = Double(b.samples[x + w * y]) / 2
                #expect(abs(d - exact) <= 1, "pixel (\(x), \(y)): \(d) pixels, the circle's \(exact)")
            }
        }
        // the disc's top is 12 pixels (24 points) above its centre at (140, 130): y ≈ 106
        let (p, v) = BoxColliderTests.motion([b], from: SIMD3(140, 0.3, 0), velocity: SIMD3(0, 100, 0), at: 2)
        #expect(abs(p.y - 106) <= 2 && v == .zero, "stuck at \(p) moving \(v)")
        let empty = EmitterBehavior(type: .collider)
        empty.setDistanceField(mask: try SpriteImage(width: 3, height: 2, pixels: [UInt8](repeating: 0, count: 24)), spacing: 1)
        #expect(empty.samples.allSatisfy { $0 == 1e6 }, "\(empty.samples)")
    }

    /// An effect file makes a distance field from a mask image (`"distanceMask"`, at the
    /// behaviour's `sampleSpacing` points per pixel): the same samples as
    /// `setDistanceField(mask:threshold:spacing:)`; written back as the samples, it loads the same.
    /// A mask beside samples or sampleColumns, of another collider shape or behaviour type, too
    /// large or with a bad threshold is an error naming its key.
    @Test func anEffectFileMakesADistanceFieldFromAMask() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plume-mask-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let (w, h) = (40, 30)
        var pixels = [UInt8](repeating: 0, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w where (Double(x) - 20) * (Double(x) - 20) + (Double(y) - 15) * (Double(y) - 15) <= 144 {
                pixels[4 * (x + w * y) + 3] = 200
            }
        }
        let mask = try SpriteImage(width: w, height: h, pixels: pixels)
        try mask.writePNG(to: folder.appending(path: "mask.png").path)
        func decode(_ behavior: String) throws(EffectFileError) -> EmitterLayer {
            let text = #"{"format": "plume-effect", "version": 1, "layer": {"emitterBehaviors": ["# + behavior + "]}}"
            return try EffectFile.decode(Data(text.utf8), baseDirectory: folder).layer
        }
        let layer = try decode(#"{"type": "collider", "name": "disc", "sampleSpacing": 2, "position": [100, 100], "distanceMask": {"image": "mask.png", "threshold": 150}}"#)
        let b = try #require(layer.emitterBehaviors?.first)
        let expected = EmitterBehavior(type: .collider)
        expected.setDistanceField(mask: mask, threshold: 150, spacing: 2)
        #expect(b.colliderShape == .distanceField && b.sampleColumns == 40 && b.sampleSpacing == 2 && b.samples == expected.samples)
        let back = try EffectFile.decode(try EffectFile.encode(layer)).layer.emitterBehaviors?.first
        #expect(back?.samples == b.samples && back?.colliderShape == .distanceField && back?.sampleColumns == 40)
        // above the threshold: nothing inside
        let none = try decode(#"{"type": "collider", "distanceMask": {"image": "mask.png", "threshold": 201}}"#)
        #expect(none.emitterBehaviors?.first?.samples.allSatisfy { $0 == 1e6 } == true)
        for (bad, key) in [(#"{"type": "collider", "samples": [1, 2], "distanceMask": {"image": "mask.png"}}"#, "distanceMask"),
                           (#"{"type": "collider", "colliderShape": "box", "distanceMask": {"image": "mask.png"}}"#, "distanceMask"),
                           (#"{"type": "collider", "sampleColumns": 4, "distanceMask": {"image": "mask.png"}}"#, "distanceMask"),
                           (#"{"type": "turbulence", "distanceMask": {"image": "mask.png"}}"#, "distanceMask"),
                           (#"{"type": "collider", "distanceMask": {"image": "mask.png", "threshold": 300}}"#, "distanceMask.threshold"),
                           (#"{"type": "collider", "distanceMask": {"image": {"builtin": "softDot", "size": 512}}}"#, "distanceMask.image"),
                           (#"{"type": "collider", "distanceMask": "mask.png"}"#, "distanceMask")] {
            do {
                _ = try decode(bad)
                Issue.record("accepted: \(bad)")
            } catch {
                #expect(error.errors.contains { $0.path.hasSuffix(key) }, "\(bad): \(error.errors)")
            }
        }
    }

    /// Semantics §11: samples that make no field leave a collider that does nothing (reported);
    /// a bad spacing is read as 10 (reported). Nothing traps.
    @Test func badSamplesAreReportedAndTheColliderDoesNothing() throws {
        let cases: [(String, (EmitterBehavior) -> Void)] = [
            ("empty", { $0.samples = [] }),
            ("NaN", { $0.samples = [0, .nan, 2] }),
            ("infinite", { $0.samples[1] = .infinity }),
            ("not a multiple of the columns", { $0.samples = [1, 2, 3]; $0.sampleColumns = 2 }),
            ("columns NaN", { $0.sampleColumns = .nan }),
            ("columns negative", { $0.sampleColumns = -3 }),
            ("too many", { $0.samples = [CGFloat](repeating: 1, count: EmitterBehavior.maxColliderSamples + 1) }),
        ]
        for shape in [EmitterBehavior.ColliderShape.heightfield, .distanceField] {
            for (name, spoil) in cases {
                let b = Self.heightfield([0, 10, 20, 30], spacing: 10, origin: .zero)
                b.colliderShape = shape
                spoil(b)
                let layer = ColliderTests.layer()
                layer.emitterBehaviors = [b]
                let resolved = ResolvedLayer(layer)
                #expect(resolved.cells[0].behaviors.colliders.isEmpty, "\(shape), \(name): the collider acts")
                #expect(resolved.diagnostics.contains { $0.keyPath == "emitterBehaviors.terrain.samples" },
                        "\(shape), \(name): not reported: \(resolved.diagnostics)")
                let sim = ReferenceSimulator(layer: layer)
                for t in frames(fps: 30, until: 1) { try sim.advance(to: t) }
            }
            let b = Self.heightfield([0, 10], spacing: 0, origin: .zero)
            b.colliderShape = shape
            let layer = ColliderTests.layer()
            layer.emitterBehaviors = [b]
            let resolved = ResolvedLayer(layer)
            #expect(resolved.cells[0].behaviors.colliders.first?.sampleSpacing == 10
                    && resolved.diagnostics.contains { $0.keyPath == "emitterBehaviors.terrain.sampleSpacing" },
                    "\(shape): spacing 0: \(resolved.diagnostics)")
        }
        let b = Self.heightfield([0, 1], spacing: 10, origin: .zero)
        #expect(throws: KeyPathError.self) { try b.validateAndSetValue("hills", forKey: "samples") }
        #expect(throws: KeyPathError.self) { try b.validateAndSetValue(["a", 1] as [Any], forKey: "samples") }
        b.setValue("hills", forKey: "samples")                       // never throws: reported, unchanged
        #expect(b.samples == [0, 1] && b.keyValueDiagnostics.count == 1)
    }

    /// Key paths: the samples are an array of numbers set with `setValue(_:forKeyPath:)`; the
    /// spacing is animatable; effect files write and read them back.
    @Test func keyPathsAnimationsAndEffectFiles() throws {
        let layer = Self.hills()
        layer.setValue([0, 5, 10, 5, 0], forKeyPath: "emitterBehaviors.terrain.samples")
        layer.setValue(80, forKeyPath: "emitterBehaviors.terrain.sampleSpacing")
        let terrain = layer.emitterBehaviors![1]
        #expect(terrain.samples == [0, 5, 10, 5, 0] && terrain.sampleSpacing == 80)
        #expect(EmitterBehavior.declaredProperties.first { $0.key == "sampleSpacing" }?.animatable == true)
        let file = try EffectFile.encode(layer)
        let back = try EffectFile.decode(file).layer
        let t2 = back.emitterBehaviors![1], d2 = back.emitterBehaviors![0]
        let d1 = layer.emitterBehaviors![0]
        #expect(t2.colliderShape == .heightfield && t2.samples == terrain.samples && t2.sampleSpacing == 80)
        #expect(d2.colliderShape == .distanceField && d2.samples == d1.samples && d2.sampleColumns == 21
                && d2.position == d1.position)
    }
}

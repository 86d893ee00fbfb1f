import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Trails on the CPU reference (Semantics §10 "Trails", issue 26 item 3): the sample ages, the
/// points being the particle's own past positions, frame-rate independence, catch-up and seek,
/// the properties' resolution and bad values.
@Suite struct TrailTests {
    /// Ticks, for readability.
    static let s = Int64(BehaviorMotion.gridTicks)

    @Test func sampleAgesAreTheHeadTheGridAgesBetweenAndTheTail() {
        let trail = Trail(count: 4, spacing: Self.s)
        #expect(trail.sampleAges(age: 0) == [0], "a newborn's trail is its position")
        #expect(trail.sampleAges(age: 1) == [1, 0])
        #expect(trail.sampleAges(age: 3000) == [3000, 2048, 1024, 0], "younger than the span: down to the birth")
        #expect(trail.sampleAges(age: 2048) == [2048, 1024, 0], "on a grid age: the head is that age")
        #expect(trail.sampleAges(age: 10000) == [10000, 9216, 8192, 7168, 6144, 5904])
        #expect(trail.sampleAges(age: 8192) == [8192, 7168, 6144, 5120, 4096])
        let article = Trail(count: 4, spacing: 4096)   // the example of Semantics §10 "Trails"
        #expect(article.sampleAges(age: 10000) == [10000, 8192, 4096, 0])
        #expect(article.sampleAges(age: 20000) == [20000, 16384, 12288, 8192, 4096, 3616])
        for age in [Int64(5), 1023, 1024, 1025, 4096, 4097, 70000] {
            let ages = trail.sampleAges(age: age)
            #expect(ages.count <= Trail(count: 4, spacing: Self.s).count + 2)
            #expect(zip(ages, ages.dropFirst()).allSatisfy { $0 > $1 }, "age \(age): \(ages) must decrease")
            #expect(ages.last == max(0, age - trail.span), "age \(age): the tail is max(0, age − span)")
            #expect(ages.dropFirst().dropLast().allSatisfy { $0 % Self.s == 0 }, "age \(age): \(ages) off the grid")
        }
        #expect(trail.coordinate(age: 10000, sample: 10000) == 0)
        #expect(trail.coordinate(age: 10000, sample: 5904) == 1)
    }

    /// A layer with one trail cell `c` (and behaviours acting on it).
    static func layer(_ behaviors: [EmitterBehavior] = [], configure: (EmitterCell) -> Void = { _ in }) -> EmitterLayer {
        let (layer, cell) = singleCellLayer { c in
            c.birthRate = 7
            c.lifetime = 2.5
            c.velocity = 120
            c.velocityRange = 60
            c.emissionRange = 2 * .pi
            c.yAcceleration = 40
            c.trailPointCount = 16
            c.trailDuration = 0.5
        }
        configure(cell)
        layer.emitterPosition = CGPoint(x: 300, y: 300)
        layer.seed = 7
        layer.emitterBehaviors = behaviors
        return layer
    }

    static func drag() -> EmitterBehavior {
        let b = EmitterBehavior(type: .drag, name: "drag")
        b.drag = 1.2
        return b
    }

    static func attractor() -> EmitterBehavior {
        let b = EmitterBehavior(type: .attractor, name: "magnet")
        b.position = CGPoint(x: 380, y: 260)
        b.stiffness = 2
        b.falloff = -20
        b.falloffDistance = 400
        return b
    }

    static func orbit() -> EmitterBehavior {
        let b = EmitterBehavior(type: .orbit, name: "orbit")
        b.startRadius = 10
        b.endRadius = 90
        b.turnsPerSecond = 0.5
        return b
    }

    /// Each trail point is where the particle was at that age, recorded as it got there: the
    /// reference stepped every 1/256 s and snapshotted at every step must have had its particles
    /// there (exact for the closed forms, within the Runge–Kutta step's error for grid motion); the
    /// tail, between two samples, lies on their chord.
    @Test(arguments: [("ballistic", [EmitterBehavior](), 1e-9), ("closed form", [drag()], 1e-9),
                      ("grid", [attractor()], 1e-6), ("orbit", [orbit()], 1e-9)])
    func pointsAreThePositionsTheParticleHad(_ name: String, _ behaviors: [EmitterBehavior], _ tolerance: Double) throws {
        // births every 1/8 s and updates every 1/256 s: every sample age is an update time; the
        // last update, 3/256 s later, puts the tails between samples
        let sim = ReferenceSimulator(layer: Self.layer(behaviors) { $0.birthRate = 8 })
        var history: [ParticleKey: [Int64: SIMD3<Double>]] = [:]
        for f in Array(0...(256 * 2)) + [256 * 2 + 3] {
            try sim.advance(to: Double(f) / 256)
            for p in try sim.snapshot().particles {
                history[p.identity.key, default: [:]][Ticks.from(p.age)] = p.position
            }
        }
        let snapshot = try sim.snapshot()
        let trail = try #require(ResolvedLayer(sim.layer).cells[0].trail)
        var checked = 0, tails = 0
        for p in snapshot.particles {
            let age = Ticks.from(p.age), ages = trail.sampleAges(age: age)
            #expect(p.trail.count == ages.count, "\(name): \(p)")
            #expect(p.trail.first == p.position, "\(name): the head is the particle's position: \(p)")
            for (i, (at, point)) in zip(ages, p.trail).enumerated() {
                var was = history[p.identity.key]?[at]
                if i == ages.count - 1, at % trail.spacing != 0 {
                    // the tail: on the chord of the samples around it
                    let g = at / trail.spacing * trail.spacing
                    guard let older = history[p.identity.key]?[g], let newer = history[p.identity.key]?[g + trail.spacing] else { continue }
                    was = older + (newer - older) * (Double(at - g) / Double(trail.spacing))
                    tails += 1
                }
                guard let was else { continue }
                checked += 1
                #expect(maxAbs(point - was) <= tolerance,
                        "\(name): \(p.identity) at age \(Ticks.time(at)) s: trail \(point), was at \(was) (seed 7)")
            }
        }
        #expect(checked > 100 && tails > 5, "\(name): only \(checked) trail points had a recorded position, \(tails) tails")
    }

    /// A trail is recorded (Semantics §10 "Trails"): after the acceleration and an attractor change,
    /// the points before the change stay where the particle was then (a trail derived from the
    /// current motion would swing round with it).
    @Test func olderPointsStayWhereTheParticleWas() throws {
        let sim = ReferenceSimulator(layer: Self.layer([Self.attractor()]) { $0.birthRate = 8 })
        var history: [ParticleKey: [Int64: SIMD3<Double>]] = [:]
        for f in 0...(256 * 2) {
            if f == 460 {
                sim.layer.emitterCells?[0].yAcceleration = -300
                sim.layer.setValue(CGPoint(x: 100, y: 500), forKeyPath: "emitterBehaviors.magnet.position")
            }
            try sim.advance(to: Double(f) / 256)
            for p in try sim.snapshot().particles { history[p.identity.key, default: [:]][Ticks.from(p.age)] = p.position }
        }
        let trail = try #require(ResolvedLayer(sim.layer).cells[0].trail)
        var before = 0
        for p in try sim.snapshot().particles {
            let age = Ticks.from(p.age), birth = Ticks.from(2.0) - age
            for (at, point) in zip(trail.sampleAges(age: age), p.trail) {
                guard let was = history[p.identity.key]?[at] else { continue }
                if birth + at < Ticks.from(460.0 / 256) { before += 1 }
                #expect(maxAbs(point - was) <= 1e-6, "\(p.identity) at age \(Ticks.time(at)) s: trail \(point), was at \(was) (seed 7)")
            }
        }
        #expect(before > 20, "only \(before) points were recorded before the change")
    }

    /// A trail's recording depends on its grid (count and spacing): when it changes, each
    /// particle's recording starts again (its trail ends at its oldest new sample); other trail
    /// properties (width, colour) change nothing recorded.
    @Test func aNewGridStartsTheRecordingsAgain() throws {
        let sim = ReferenceSimulator(layer: Self.layer { $0.birthRate = 8 })
        // every particle's trail has all its points (ResolvedLayer: the trail as it is now)
        func whole() throws -> Bool {
            let trail = try #require(ResolvedLayer(sim.layer).cells[0].trail)
            return try sim.snapshot().particles.allSatisfy { $0.trail.count == trail.sampleAges(age: Ticks.from($0.age)).count }
        }
        for f in 0...120 { try sim.advance(to: Double(f) / 60) }
        #expect(try whole() && sim.snapshot().particles.contains { $0.trail.count > 10 })
        sim.layer.emitterCells?[0].trailWidths = [2, 0]
        try sim.advance(to: 121.0 / 60)
        #expect(try whole(), "a new width keeps the recordings")
        sim.layer.emitterCells?[0].trailDuration = 0.25
        try sim.advance(to: 122.0 / 60)
        let restarted = try sim.snapshot().particles
        // spacing 1/64 s: an update of 1/60 s reaches one or two samples
        #expect(restarted.allSatisfy { $0.trail.count <= 3 }, "\(restarted.map(\.trail.count))")
        #expect(try !whole())
        for f in 123...180 { try sim.advance(to: Double(f) / 60) }
        #expect(try whole(), "grown back over the new span")
    }

    /// A trail never passes through a collider, and bends where the particle bounced (Semantics
    /// §10 "Trails"): run back through each bounce, every point is where the particle was at that
    /// age (the bounce undone is the grid's own, so exact to rounding under constant forces);
    /// where the particle stuck, the trail ends at the surface.
    @Test(arguments: [EmitterBehavior.CollisionResponse.bounce, .stick])
    func trailsBendAtBouncesAndEndWhereParticlesStick(_ response: EmitterBehavior.CollisionResponse) throws {
        let floor = EmitterBehavior(type: .collider, name: "floor")
        floor.position = CGPoint(x: 0, y: 360)
        floor.orientationLongitude = -.pi / 2
        floor.restitution = 0.7
        floor.friction = 0.1
        floor.collisionResponse = response
        let ball = EmitterBehavior(type: .collider, name: "ball")
        ball.colliderShape = .sphere
        ball.position = CGPoint(x: 360, y: 300)
        ball.radius = 30
        ball.restitution = 0.8
        let sim = ReferenceSimulator(layer: Self.layer([floor, ball]) { c in
            c.birthRate = 8
            c.yAcceleration = 400
        })
        var history: [ParticleKey: [Int64: SIMD3<Double>]] = [:]
        for f in 0...(256 * 3) {
            try sim.advance(to: Double(f) / 256)
            for p in try sim.snapshot().particles { history[p.identity.key, default: [:]][Ticks.from(p.age)] = p.position }
        }
        let resolved = try #require(ResolvedLayer(sim.layer).cells.first)
        let trail = try #require(resolved.trail)
        let colliders = resolved.behaviors.colliders
        #expect(colliders.count == 2)
        var checked = 0, ended = 0, bent = 0
        for p in try sim.snapshot().particles {
            let ages = trail.sampleAges(age: Ticks.from(p.age))
            #expect(p.trail.count == ages.count, "\(p)")
            guard let end = p.trail.last else { continue }
            let onSurface = colliders.contains { abs($0.distance(end)) <= 1e-6 }
            if onSurface && p.trail.count > 1 { ended += 1 }
            if bendsAtABounce(p.trail) { bent += 1 }
            for (age, point) in zip(ages, p.trail) {
                for c in colliders {
                    #expect(c.distance(point) >= -Collisions.tolerance,
                            "\(response): \(p.identity) at age \(Ticks.time(age)) s: trail point \(point) behind the \(c.shape) (seed 7)")
                }
                guard !(response == .stick && onSurface && point == end), let was = history[p.identity.key]?[age] else { continue }
                checked += 1
                #expect(maxAbs(point - was) <= 1e-6,
                        "\(response): \(p.identity) at age \(Ticks.time(age)) s: trail \(point), was at \(was) (seed 7)")
            }
        }
        if response == .bounce {
            // every trail runs its whole span: many through a bounce, none cut at one
            #expect(checked > 200 && bent > 10 && ended == 0, "bounce: \(checked) points checked, \(bent) trails bend, \(ended) end on a surface")
        } else {
            // sticking, most particles are at rest on the floor within a second: fewer points in flight
            #expect(checked > 10 && ended > 5 && bent == 0, "stick: \(checked) points checked, \(ended) trails end on a surface, \(bent) bend")
        }
    }

    /// The same trails at 30, 60, 144 and 240 updates per second and irregular steps, after a
    /// catch-up (one long update) and after a seek back (Semantics §8).
    @Test(arguments: [("ballistic", [EmitterBehavior]()), ("closed form", [drag()]), ("grid", [attractor()]), ("orbit", [orbit()])])
    func trailsDoNotDependOnTheUpdateTimes(_ name: String, _ behaviors: [EmitterBehavior]) throws {
        let end = 3.0
        let base = try simulate(Self.layer(behaviors), times: frames(fps: 240, until: end))
        #expect(base.particles.contains { $0.trail.count > 10 })
        let runs: [(String, [Double])] = [
            ("30 fps", frames(fps: 30, until: end)), ("60 fps", frames(fps: 60, until: end)),
            ("144 fps", frames(fps: 144, until: end)), ("irregular", irregularTimes(until: end, seed: 4)),
            ("catch-up", [0, 0.5, end]), ("seek", frames(fps: 60, until: 4) + [end]),
        ]
        for (label, times) in runs {
            let other = try simulate(Self.layer(behaviors), times: times)
            expectSameParticles(base, other, tolerance: 1e-6, "\(name), \(label)")
            for (a, b) in zip(base.particles, other.particles) {
                let d = a.trail.count == b.trail.count ? zip(a.trail, b.trail).map { maxAbs($0 - $1) }.max() ?? 0 : .infinity
                #expect(d <= 1e-6, "\(name), \(label): \(a.identity) trail differs by \(d): \(a.trail) vs \(b.trail)")
            }
        }
    }

    @Test func propertiesResolve() throws {
        let layer = Self.layer { c in
            c.trailPointCount = 8.9
            c.trailDuration = 0.25
            c.trailWidths = [2, 1]
            c.trailColors = [.white, Color(red: 1, green: 0, blue: 0, alpha: 0)]
            c.trailColorLocations = [0.5, 1]
        }
        let trail = try #require(ResolvedLayer(layer).cells[0].trail)
        #expect(trail.count == 8, "rounded down")
        #expect(trail.spacing == Ticks.from(0.25 / 8))
        #expect(trail.width.value(at: 0.5) == 1.5)
        #expect(trail.color[1].value(at: 0.75) == 0.5)
        #expect(trail.color[0].value(at: 0.2) == 1)
        let plain = try #require(ResolvedLayer(Self.layer { $0.trailDuration = 0 }).cells[0].trail)
        #expect(plain.spacing == Int64(BehaviorMotion.gridTicks), "no duration: the simulation grid step")
        #expect(ResolvedLayer(Self.layer { $0.trailPointCount = 0 }).cells[0].trail == nil)
        // key paths and animation
        let cell = layer.emitterCells![0]
        layer.setValue(Float(20), forKeyPath: "emitterCells.c.trailPointCount")
        #expect(cell.trailPointCount == 20)
        layer.setValue([CGFloat(1), 0.5], forKeyPath: "emitterCells.c.trailWidths")
        #expect(cell.trailWidths == [1, 0.5])
    }

    /// `trailPointCount` and `trailDuration` are declared not animatable (a change restarts the
    /// recording, Semantics §10): an animation steps them as Core Animation's discrete mode does
    /// (§9), so the trails keep growing between its steps, exactly as with the value held, and
    /// restart at each step only. Other numbers still interpolate.
    @Test func animationsStepTheTrailsNumbers() throws {
        #expect(!EmitterLayer.interpolates(keyPath: "emitterCells.c.trailPointCount"))
        #expect(!EmitterLayer.interpolates(keyPath: "emitterCells.a.emitterCells.b.trailDuration"))
        #expect(!EmitterLayer.interpolates(keyPath: "emitterBehaviors.swirl.octaves"))
        #expect(!EmitterLayer.interpolates(keyPath: "emitterBehaviors[0].sampleColumns"))
        #expect(!EmitterLayer.interpolates(keyPath: "emitterCells[0].emitterCells.b.trailPointCount"))
        for path in ["emitterCells.c.birthRate", "birthRate", "emitterBehaviors.swirl.strength", "emitterCells.c",
                     "trailPointCount", "emitterCells[1].scale"] {
            #expect(EmitterLayer.interpolates(keyPath: path), "\(path)")
        }
        // autoreversing: 32 for the cycle's middle half, there and back
        let pulse = Self.layer { $0.trailPointCount = 8 }
        let breathe = MovingColliderTests.linear("emitterCells.c.trailPointCount", from: 8, to: 32, duration: 1)
        breathe.autoreverses = true
        breathe.repeatCount = 2
        breathe.beginTime = 1e-9
        pulse.add(breathe, forKey: "breathe")
        let pulsed = [0.25, 0.75, 1.25, 1.75, 2.25, 2.75].map { pulse.presentation(at: $0).emitterCells![0].trailPointCount }
        #expect(pulsed == [8, 32, 32, 8, 8, 32], "\(pulsed)")
        func run(animated: Bool, until end: Double) throws -> ParticleSnapshot {
            let layer = Self.layer { $0.trailPointCount = 8 }
            if animated {
                let count = MovingColliderTests.linear("emitterCells.c.trailPointCount", from: 8, to: 32, duration: 2)
                let duration = KeyframeAnimation(keyPath: "emitterCells.c.trailDuration")
                duration.values = [0.5, 0.75, 1.0]
                duration.duration = 2
                count.beginTime = 1e-9         // started, so presentation(at:) reads them from 0
                duration.beginTime = 1e-9
                duration.fillMode = .forwards
                duration.isRemovedOnCompletion = false
                layer.add(count, forKey: "count")
                layer.add(duration, forKey: "duration")
                // the count: 8 for the first half, 32 for the second; the duration: each of its
                // three values for a third (0.5 to 0.67 s, 0.75 to 1.33 s, then 1)
                for (t, count, duration) in [(0.6, 8, 0.5), (0.9, 8, 0.75), (1.1, 32, 0.75), (1.5, 32, 1.0), (2.5, 32, 1.0)] {
                    let cell = layer.presentation(at: t).emitterCells![0]
                    #expect(cell.trailPointCount == Float(count) && cell.trailDuration == duration,
                            "at \(t) s: \(cell.trailPointCount) points over \(cell.trailDuration) s")
                }
            }
            let sim = ReferenceSimulator(layer: layer)
            for t in frames(fps: 60, until: end) { try sim.advance(to: t) }
            return try sim.snapshot()
        }
        let held = try run(animated: false, until: 0.65), stepped = try run(animated: true, until: 0.65)
        #expect(stepped.particles == held.particles, "through the first step the trails are the held value's")
        #expect(stepped.particles.contains { $0.trail.count >= 8 }, "they grow: \(stepped.particles.map(\.trail.count).max() ?? 0)")
        let after = try run(animated: true, until: 1.45)
        let longest = after.particles.map(\.trail.count).max() ?? 0
        #expect(longest > 1 && longest <= 8, "restarted at the last step (1.33 s), grown back over 0.12 s: \(longest) points")
        let later = try run(animated: true, until: 3.2)
        #expect((later.particles.map(\.trail.count).max() ?? 0) > 20, "32 points once grown")
    }

    /// Bad values have a documented meaning and are reported (Semantics §11), never a crash.
    @Test func badValuesAreReported() throws {
        func diagnostics(_ configure: @escaping (EmitterCell) -> Void) throws -> (ParticleSnapshot, [String]) {
            let s = try simulate(Self.layer(configure: configure), times: frames(fps: 30, until: 1))
            return (s, s.diagnostics.map(\.keyPath))
        }
        let (nan, keys) = try diagnostics { $0.trailPointCount = .nan }
        #expect(keys.contains("emitterCells.c.trailPointCount") && nan.particles.allSatisfy { $0.trail.isEmpty })
        let (huge, hugeKeys) = try diagnostics { $0.trailPointCount = 1e9 }
        #expect(hugeKeys.contains("emitterCells.c.trailPointCount"))
        #expect(huge.particles.allSatisfy { $0.trail.count <= Trail.maxPoints } && huge.particles.contains { $0.trail.count > 20 })
        let (_, durationKeys) = try diagnostics { $0.trailDuration = -1 }
        #expect(durationKeys.contains("emitterCells.c.trailDuration"))
        let (_, widthKeys) = try diagnostics { $0.trailWidths = [1, .infinity]; $0.trailWidthLocations = [0.5, 0.2] }
        #expect(widthKeys.contains("emitterCells.c.trailWidths[1]") && widthKeys.contains("emitterCells.c.trailWidthLocations"))
        let (tiny, _) = try diagnostics { $0.trailDuration = 1e-9 }
        #expect(tiny.particles.allSatisfy { $0.trail.allSatisfy { $0.x.isFinite } })
    }
}

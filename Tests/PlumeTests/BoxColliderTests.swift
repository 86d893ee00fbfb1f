import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Issue 26 item 1: the `box` collider shape (a rectangle in a 2-D layer), and solids crossed
/// whole within one grid step (Semantics §12 "Collisions", <doc:Behaviors>).
struct BoxColliderTests {
    /// A box centred at (200, 100): `boxHeight` along the orientation (longitude −90°: up the
    /// y-down screen), `boxWidth` across it (the screen's x).
    static func box(width: CGFloat = 100, height: CGFloat = 40, longitude: CGFloat = -.pi / 2,
                    restitution: CGFloat = 1) -> EmitterBehavior {
        let b = EmitterBehavior(type: .collider, name: "box")
        b.colliderShape = .box
        b.position = CGPoint(x: 200, y: 100)
        b.orientationLongitude = longitude
        b.boxWidth = width
        b.boxHeight = height
        b.restitution = restitution
        return b
    }

    static func motion(_ behaviors: [EmitterBehavior], from p: SIMD3<Double>, velocity v: SIMD3<Double>, at age: Double)
        -> (SIMD3<Double>, SIMD3<Double>) {
        let b = ColliderTests.behaviors(behaviors)
        let particle = BehaviorParticle(behaviors: b, lifetime: 100, seed: 0, key: .root)
        return BehaviorMotion.evaluate(MotionAnchor(age: 0, position: p, velocity: v), at: age, acceleration: .zero,
                                       behaviors: b, particle: particle)
    }

    /// Restitution 1: a particle meeting a face head-on comes straight back along that face's
    /// normal, from each of the four sides of the rectangle (x from 150 to 250, y from 80 to 120).
    @Test func eachFaceReflects() {
        let cases: [(from: SIMD3<Double>, v: SIMD3<Double>, expected: SIMD3<Double>)] = [
            (SIMD3(0, 100, 0), SIMD3(100, 0, 0), SIMD3(50, 100, 0)),      // left face x = 150 at 1.5 s, 1 s back
            (SIMD3(400, 100, 0), SIMD3(-100, 0, 0), SIMD3(350, 100, 0)),  // right face x = 250
            (SIMD3(200, -70, 0), SIMD3(0, 100, 0), SIMD3(200, -20, 0)),   // top face y = 80 at 1.5 s
            (SIMD3(200, 270, 0), SIMD3(0, -100, 0), SIMD3(200, 220, 0)),  // bottom face y = 120
        ]
        for c in cases {
            let (p, v) = Self.motion([Self.box()], from: c.from, velocity: c.v, at: 2.5)
            #expect(maxAbs(p - c.expected) < 1e-6 && maxAbs(v + c.v) < 1e-6,
                    "from \(c.from) at \(c.v): at 2.5 s \(p) moving \(v); expected \(c.expected) moving \(-c.v)")
        }
    }

    /// A box turned by 30°: its faces' normals turn with it (a particle moving along the height axis
    /// meets the face across it head-on and comes back).
    @Test func anOrientedBoxTurnsItsFaces() {
        let longitude = -Double.pi / 2 + .pi / 6
        let up = SIMD3(cos(longitude), sin(longitude), 0)
        let start = SIMD3<Double>(200, 100, 0) + up * 120       // 100 points above the face at 20
        let (p, v) = Self.motion([Self.box(longitude: CGFloat(longitude))], from: start, velocity: -up * 100, at: 1.5)
        // reaches the face at 1 s, then 0.5 s back out
        let expected = SIMD3<Double>(200, 100, 0) + up * 70
        #expect(maxAbs(p - expected) < 1e-6 && maxAbs(v - up * 100) < 1e-6, "\(p) moving \(v); expected \(expected)")
    }

    /// Swept: particles at 20 000 pt/s (312 points a grid step) cross a box 2 points thick and a
    /// sphere of radius 3 (a chord passes through them whole) and still hit them, at every rate.
    @Test func thinSolidsCannotBeTunnelled() throws {
        let slab = Self.box(width: 400, height: 2)
        let ball = EmitterBehavior(type: .collider, name: "ball")
        ball.colliderShape = .sphere
        ball.position = CGPoint(x: 50, y: 100)
        ball.radius = 3
        for (name, collider) in [("box", slab), ("sphere", ball)] {
            collider.collisionResponse = .kill
            for fps in [30.0, 60, 144, 240] {
                let deaths = try ColliderTests.deaths(of: ColliderTests.bullets([collider], from: 0, lifetime: 1), fps: fps)
                let top = name == "box" ? 99.0 : 97.0
                // born at k/20 s: 19 dead by 1 s (the last 97 points short of its end)
                #expect(deaths.count == 19 && deaths.allSatisfy { abs($0.position.y - top) < 1e-6 },
                        "\(name), \(fps) updates/s: \(deaths.count) deaths, \(deaths.prefix(2).map(\.position))")
            }
        }
    }

    /// Box hits are the grid's: the same particles at any rate, after a time offset and a seek.
    @Test func sameParticlesAtAnyFrameRateAndAfterJumps() throws {
        let reference = try expectSameParticlesAtAnyRateAndAfterJumps({
            let layer = ColliderTests.layer()
            let crate = Self.box(width: 160, height: 50, longitude: -.pi / 2 + 0.2, restitution: 0.7)
            crate.position = CGPoint(x: 260, y: 300)
            layer.emitterBehaviors = [crate, layer.emitterBehaviors![1]]
            return layer
        }, "box colliders")
        let inside = reference.particles.filter { $0.position.y > 400 + Collisions.tolerance }
        #expect(inside.isEmpty, "particles behind the floor: \(inside.prefix(2))")
    }
}

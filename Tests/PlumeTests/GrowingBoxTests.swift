import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Issue 26 item 1, animatable colliders: a box's `boxWidth`, `boxHeight` and `boxDepth` are swept
/// like its position and a sphere's radius (Semantics §12 "Moving colliders"): each face is met
/// where it is along a chord, moves out at its half extent's rate, and carries what sticks to it.
/// Each test's negative control makes the changes of size jumps (teleport distance 0), the box as
/// it was before: it swallows what it grows over.
struct GrowingBoxTests {
    /// A box under the drops of ``MovingColliderTests/drops(_:lifetime:)``, centred at (100, 400),
    /// its height up the y-down layer and its width across it, growing linearly from
    /// `width.0` × `height.0` to `width.1` × `height.1` over `duration` seconds from the layer's
    /// start, and held.
    static func growingBox(width: (Double, Double), height: (Double, Double), duration: Double,
                           response: EmitterBehavior.CollisionResponse) -> (EmitterBehavior, [BasicAnimation]) {
        let box = EmitterBehavior(type: .collider, name: "crate")
        box.colliderShape = .box
        box.position = CGPoint(x: 100, y: 400)
        box.orientationLongitude = -.pi / 2
        box.boxWidth = width.0
        box.boxHeight = height.0
        box.collisionResponse = response
        box.restitution = 0.2
        return (box, [MovingColliderTests.linear("emitterBehaviors.crate.boxWidth", from: width.0, to: width.1, duration: duration),
                      MovingColliderTests.linear("emitterBehaviors.crate.boxHeight", from: height.0, to: height.1, duration: duration)])
    }

    /// How deep `p` is inside the box of half extents `half` (x across, y up) centred at (100, 400):
    /// the smaller of its depths behind the two nearest faces (negative outside).
    static func depth(_ p: SIMD3<Double>, half: SIMD2<Double>) -> Double {
        min(half.x - abs(p.x - 100), half.y - abs(p.y - 400))
    }

    /// A face moving over a point at rest meets it when it arrives: a box of half height 20 growing
    /// to 40 along a chord meets a point 30 above its centre half-way (the top face's bound), and
    /// its surface there moves out at the half height's rate; a face is chosen by the grown half
    /// extents; a box's half extent shrunk below 0 is 0 (flat along that axis: nothing enters it).
    @Test func aGrowingFaceMeetsAPointAtRestWhenItArrives() throws {
        let box = ResolvedCollider(shape: .box, response: .bounce, position: SIMD3(200, 100, 0),
                                   normal: SIMD3(0, -1, 0), radius: 0, across: SIMD3(1, 0, 0),
                                   parameters: EmitterBehavior.GPUParameters())
        var b = box
        b.boxWidth = 100
        b.boxHeight = 40
        b.boxDepth = 100
        let p = SIMD3<Double>(200, 70, 0)                   // 30 above the centre, 10 above the top face
        let hit = try #require(b.entry(p, p, grow0: .zero, grow1: SIMD3(0, 20, 0)))
        #expect(abs(hit - 0.5) < 1e-12, "the top face reaches the point half-way: \(hit)")
        #expect(b.entry(p, p, grow0: .zero, grow1: SIMD3(40, 0, 40)) == nil, "growing sideways only, it misses the point")
        #expect(b.spread(at: SIMD3(200, 80, 0), grow: .zero, rate: SIMD3(1, 2, 3)) == 2, "the top face moves at the height's rate")
        #expect(b.spread(at: SIMD3(150, 100, 0), grow: .zero, rate: SIMD3(1, 2, 3)) == 1, "a side at the width's")
        #expect(b.normal(at: SIMD3(250, 65, 0), grow: SIMD3(0, 20, 0)) == SIMD3(1, 0, 0),
                "the right face, within the grown height (the top face's corner without the growth)")
        #expect(b.distance(SIMD3(200, 100, 0), grow: SIMD3(0, -30, 0)) == 0, "shrunk past 0: flat, its middle on it")
        #expect(b.entry(SIMD3(200, 90, 0), SIMD3(200, 110, 0), grow0: SIMD3(0, -30, 0), grow1: SIMD3(0, -30, 0)) == nil,
                "nothing enters a flat box")
    }

    /// A box growing from 60 × 100 to 200 × 260 points over 4 s under the drops (its top rising at
    /// 20 pt/s, its sides moving out at 17.5 pt/s through the drops that fall beside it) pushes out
    /// what it meets, sticking or bouncing: at every update of 30, 60, 144 and 240 updates/s
    /// nothing is inside it by more than the tolerance, and stuck drops ride up on its top (a side
    /// carries what it sticks to out at its own speed: gravity, along the side, does not press it
    /// in, so it is not held there). Jumping, it swallows drops.
    @Test(arguments: [EmitterBehavior.CollisionResponse.stick, .bounce])
    func aGrowingBoxPushesOutWhatItMeets(_ response: EmitterBehavior.CollisionResponse) throws {
        for fps in [30.0, 60, 144, 240] {
            for jumps in [false, true] {
                let (box, grow) = Self.growingBox(width: (60, 200), height: (100, 260), duration: 4, response: response)
                let (inside, worst, last) = try MovingColliderTests.behind(box, moved: grow, fps: fps, jumps: jumps) { p, t in
                    let s = min(t / 4, 1)
                    return Self.depth(p, half: SIMD2(30 + 70 * s, 50 + 80 * s))
                }
                let what = "\(response) box at \(Int(fps)) updates/s\(jumps ? ", jumping" : "")"
                if jumps {
                    #expect(inside > 0, "\(what): the jumping box swallows nothing")
                    continue
                }
                #expect(inside == 0, "\(what): \(inside) particle updates inside the box, the deepest \(worst)")
                guard response == .stick else { continue }
                let onTop = last.particles.filter { abs($0.position.y - 270) <= Collisions.tolerance && abs($0.position.x - 100) <= 100 }
                #expect(onTop.count > 10, "\(what): \(onTop.count) particles on the grown box's top")
            }
        }
    }

    /// A kill box growing at a steady 200 pt/s in height and 100 pt/s in width through the falling
    /// drops kills the same drops at the same ticks and points, within 10⁻⁶, at 30, 60, 144 and 240
    /// updates/s; growing by jumps, it swallows drops that live on inside it.
    @Test func aSteadilyGrowingKillBoxIsMetAtTheSameTicksAtAnyRate() throws {
        try MovingColliderTests.expectSameKillsAtAnyRate("the growing kill box") {
            Self.growingBox(width: (20, 420), height: (40, 840), duration: 4, response: .kill)
        } alive: { p, t in
            Self.depth(p, half: SIMD2(10 + 50 * t, 20 + 100 * t)) > Collisions.tolerance
        }
    }
}

import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// Issue 26 item 1 for the sampled shapes (Semantics §12 "Moving colliders"): a heightfield's and a
/// distance field's `position` is swept like any collider's, so a rising terrain lifts what rests
/// on it, and a steadily moving kill field is met at the same ticks at any update rate. The
/// negative control of each test: with every move a jump (teleport distance 0), the field passes
/// over particles, which end up inside it.
struct MovingFieldColliderTests {
    /// Terrain under the drops: heights 0, 15, 0, 15, 0 every 40 points from x = 20 (the drops fall
    /// at x 40…160), its foot at y = `y`, the solid below.
    static func terrain(footY y: Double, response: EmitterBehavior.CollisionResponse) -> EmitterBehavior {
        let b = FieldColliderTests.heightfield(Self.heights, spacing: 40, origin: CGPoint(x: 20, y: y), restitution: 0.2)
        b.collisionResponse = response
        return b
    }

    static let heights: [CGFloat] = [0, 15, 0, 15, 0]

    /// The terrain's surface height above its foot at layer x (linear between samples, the edge
    /// heights held beyond them).
    static func height(atX x: Double) -> Double {
        let u = min(max((x - 20) / 40, 0), Double(heights.count - 1))
        let i = min(Int(u), heights.count - 2), f = u - Double(i)
        return Double(heights[i]) + (Double(heights[i + 1]) - Double(heights[i])) * f
    }

    /// A terrain rising at 40 pt/s (its foot from y = 300 to 140 over 4 s) lifts the drops resting
    /// on it, sticking or bouncing: at every update of 30, 60, 144 and 240 updates/s nothing lies
    /// below its surface by more than the tolerance, and at the end drops rest on it. Jumping, it
    /// overtakes them.
    @Test(arguments: [EmitterBehavior.CollisionResponse.stick, .bounce])
    func aRisingTerrainLiftsWhatRestsOnIt(_ response: EmitterBehavior.CollisionResponse) throws {
        for fps in [30.0, 60, 144, 240] {
            for jumps in [false, true] {
                let rise = MovingColliderTests.linear("emitterBehaviors.terrain.position.y", from: 300, to: 140, duration: 4)
                let (behind, worst, last) = try MovingColliderTests.behind(Self.terrain(footY: 300, response: response),
                                                                           moved: [rise], fps: fps, jumps: jumps) { p, t in
                    let foot = MovingColliderTests.floorY(t, from: 300, to: 140, duration: 4)
                    return p.y - (foot - Self.height(atX: p.x))
                }
                let what = "\(response) terrain at \(Int(fps)) updates/s\(jumps ? ", jumping" : "")"
                if jumps {
                    #expect(behind > 0, "\(what): the jumping terrain leaves no particle below it")
                } else {
                    #expect(behind == 0, "\(what): \(behind) particle updates below the terrain, the deepest \(worst)")
                    let resting = last.particles.filter { abs($0.position.y - (140 - Self.height(atX: $0.position.x))) <= 0.01 }
                    #expect(resting.count > 50, "\(what): \(resting.count) particles rest on the terrain at its end")
                }
            }
        }
    }

    /// A kill terrain rising at 200 pt/s through the falling drops kills each drop it meets at the
    /// same tick and point at any update rate, and none lives below it; jumping, drops live on
    /// below it.
    @Test func aSteadyKillTerrainIsMetAtTheSameTicksAtAnyRate() throws {
        try MovingColliderTests.expectSameKillsAtAnyRate("the kill terrain") {
            (Self.terrain(footY: 700, response: .kill),
             [MovingColliderTests.linear("emitterBehaviors.terrain.position.y", from: 700, to: -100, duration: 4)])
        } alive: { p, t in
            let foot = MovingColliderTests.floorY(t, from: 700, to: -100, duration: 4)
            return p.y > foot - Self.height(atX: p.x) + Collisions.tolerance
        }
    }

    /// A distance-field disc of radius 40 (6-point texels) sliding at 80 pt/s across the drops'
    /// fall (its centre from x = −60 to 260 at y = 250 over 4 s) kills each drop it meets at the
    /// same tick and point at any update rate, and none lives inside it (0.5 points in: the
    /// bilinear field's error on the circle is under 0.2); jumping, drops live on inside it.
    @Test func aSlidingKillFieldIsMetAtTheSameTicksAtAnyRate() throws {
        try MovingColliderTests.expectSameKillsAtAnyRate("the sliding kill disc") {
            let disc = FieldColliderTests.distanceField(columns: 21, rows: 21, spacing: 6, origin: CGPoint(x: -120, y: 190)) { x, y in
                ((x + 60) * (x + 60) + (y - 250) * (y - 250)).squareRoot() - 40
            }
            disc.collisionResponse = .kill
            return (disc, [MovingColliderTests.linear("emitterBehaviors.field.position.x", from: -120, to: 200, duration: 4)])
        } alive: { p, t in
            let cx = MovingColliderTests.floorY(t, from: -60, to: 260, duration: 4)
            let d = SIMD2(p.x - cx, p.y - 250)
            return (d * d).sum().squareRoot() < 40 - 0.5
        }
    }
}

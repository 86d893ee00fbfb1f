import Foundation
import Plume
import Testing
@testable import PlumePlayground

/// The playground's collider overlay (issue 26 item 1, colliders in the playground): each shape's
/// strokes where the collider is, in the layer's x–y plane.
@Suite struct ColliderOutlineTests {
    /// The resolved colliders of a layer with one cell and `behaviors`.
    static func colliders(_ behaviors: [EmitterBehavior]) -> [ResolvedCollider] {
        let layer = EmitterLayer()
        let cell = EmitterCell(name: "dot")
        cell.birthRate = 1
        cell.lifetime = 1
        layer.emitterCells = [cell]
        layer.emitterBehaviors = behaviors
        return ColliderOutline.colliders(of: ResolvedLayer(layer))
    }

    static func collider(_ shape: EmitterBehavior.ColliderShape, name: String, _ configure: (EmitterBehavior) -> Void) -> EmitterBehavior {
        let b = EmitterBehavior(type: .collider, name: name)
        b.colliderShape = shape
        configure(b)
        return b
    }

    static func near(_ a: SIMD2<Double>, _ b: SIMD2<Double>, _ tolerance: Double = 1e-9) -> Bool {
        let d = a - b
        return (d * d).sum().squareRoot() <= tolerance
    }

    @Test func eachShapeIsDrawnWhereItIs() throws {
        let floor = Self.collider(.plane, name: "floor") { $0.position = CGPoint(x: 0, y: 300); $0.orientationLongitude = -.pi / 2 }
        let ball = Self.collider(.sphere, name: "ball") { $0.position = CGPoint(x: 100, y: 50); $0.radius = 30 }
        let crate = Self.collider(.box, name: "crate") {
            $0.position = CGPoint(x: 200, y: 200)
            $0.orientationLongitude = -.pi / 2          // height up the screen
            $0.boxWidth = 60
            $0.boxHeight = 20
        }
        let terrain = Self.collider(.heightfield, name: "terrain") {
            $0.position = CGPoint(x: 0, y: 100)
            $0.orientationLongitude = -.pi / 2
            $0.samples = [0, 10, 0]
            $0.sampleSpacing = 20
        }
        let all = Self.colliders([floor, ball, crate, terrain])
        #expect(all.count == 4)
        let pieces = all.map { ColliderOutline.pieces($0, reach: 1000) }

        // The floor: the line y = 300 across the reach, its tick up the y-down screen (the open side).
        guard case let .line(a, b) = pieces[0][0], case let .line(t0, t1) = pieces[0][1] else {
            Issue.record("the floor's strokes: \(pieces[0])")
            return
        }
        #expect(abs(a.y - 300) < 1e-9 && abs(b.y - 300) < 1e-9 && abs(abs(b.x - a.x) - 2000) < 1e-9, "\(a) – \(b)")
        #expect(Self.near(t0, SIMD2(0, 300)) && Self.near(t1, SIMD2(0, 300 - ColliderOutline.tick)), "tick \(t0) – \(t1)")
        #expect(pieces[1] == [.circle(SIMD2(100, 50), radius: 30)])
        // The crate: 60 wide across x, 20 high along y, about (200, 200).
        let corners = pieces[2].compactMap { piece -> SIMD2<Double>? in
            if case let .line(a, _) = piece { a } else { nil }
        }
        #expect(corners.count == 4)
        for expected in [SIMD2<Double>(170, 190), SIMD2(230, 190), SIMD2(230, 210), SIMD2(170, 210)] {
            #expect(corners.contains { Self.near($0, expected, 1e-6) }, "corner \(expected) in \(corners)")
        }
        // The terrain: up the screen from its foot at y = 100, one line per pair of samples.
        let terrainPoints = pieces[3].compactMap { piece -> SIMD2<Double>? in
            if case let .line(a, _) = piece { a } else { nil }
        }
        #expect(pieces[3].count == 2)
        #expect(terrainPoints.count == 2 && Self.near(terrainPoints[0], SIMD2(0, 100), 1e-6)
                && Self.near(terrainPoints[1], SIMD2(20, 90), 1e-6), "\(pieces[3])")
    }

    /// A distance-field disc of radius 40 (5-point texels): its contour's points lie on the
    /// circle, all the way round; a plane parallel to the layer has no line in it.
    @Test func aDistanceFieldsContourIsItsSurface() {
        let disc = Self.collider(.distanceField, name: "disc") {
            $0.position = CGPoint(x: 0, y: 0)
            $0.sampleSpacing = 5
            $0.sampleColumns = 25
            $0.samples = (0..<25).flatMap { j in
                (0..<25).map { i in
                    let x = Double(i) * 5 - 60, y = Double(j) * 5 - 60
                    return CGFloat((x * x + y * y).squareRoot() - 40)
                }
            }
        }
        let pieces = ColliderOutline.pieces(Self.colliders([disc])[0], reach: 1000)
        var angles = Set<Int>()
        for piece in pieces {
            guard case let .line(a, b) = piece else { Issue.record("not a line: \(piece)"); continue }
            for p in [a, b] {
                let d = p - SIMD2(60, 60), r = (d * d).sum().squareRoot()
                #expect(abs(r - 40) < 0.25, "a contour point \(p) at \(r) from the centre")
                angles.insert(Int((atan2(d.y, d.x) + .pi) / (2 * .pi) * 36) % 36)
            }
        }
        #expect(pieces.count > 40 && angles.count == 36, "\(pieces.count) segments covering \(angles.count) of 36 sectors")
        let flat = Self.collider(.plane, name: "glass") { $0.orientationLatitude = .pi / 2 }
        #expect(ColliderOutline.pieces(Self.colliders([flat])[0], reach: 1000).isEmpty)
    }
}

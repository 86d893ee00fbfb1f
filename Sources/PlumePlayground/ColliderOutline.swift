import Foundation
import Plume

/// What the playground's overlay draws of the colliders (Behaviours, "collider") while the
/// inspector is open, in layer points of the layer's x–y plane, where they are at the presented
/// time: a plane's line (with a tick towards the side particles come from), a sphere's circle, a
/// box's rectangle (its mid-depth section, projected on the layer's plane where the box is turned
/// out of it), a heightfield's terrain line (its first row of samples) and a distance field's
/// zero contour (marching squares over its texels). Made afresh each frame from the presented
/// layer (a field of the most samples takes a few milliseconds).
enum ColliderOutline {
    /// One stroke.
    enum Piece: Equatable {
        case line(SIMD2<Double>, SIMD2<Double>)
        case circle(SIMD2<Double>, radius: Double)
    }

    /// The most pieces one collider draws (a huge distance field's contour is cut there).
    static let maxPieces = 20_000
    /// Length of a plane's tick towards its open side, points.
    static let tick = 12.0

    /// Every collider of `layer` once (one acting on several cells is resolved for each).
    static func colliders(of layer: ResolvedLayer) -> [ResolvedCollider] {
        var seen = Set<Int>(), out: [ResolvedCollider] = []
        func gather(_ cells: [ResolvedCell]) {
            for cell in cells {
                for c in cell.behaviors.colliders where seen.insert(c.trackKey).inserted { out.append(c) }
                gather(cell.children)
            }
        }
        gather(layer.cells)
        return out
    }

    /// The strokes of `c`; a plane's line runs `reach` points either way from its position.
    static func pieces(_ c: ResolvedCollider, reach: Double) -> [Piece] {
        func xy(_ v: SIMD3<Double>) -> SIMD2<Double> { SIMD2(v.x, v.y) }
        let p = xy(c.position)
        switch c.shape {
        case .plane:
            let n = xy(c.normal), length = (n * n).sum().squareRoot()
            guard length > 1e-9 else { return [] }          // parallel to the layer: no line in it
            let u = n / length, along = SIMD2(-u.y, u.x)
            return [.line(p - along * reach, p + along * reach), .line(p, p + u * tick)]
        case .sphere:
            return [.circle(p, radius: max(c.radius, 0))]
        case .box:
            let w = xy(c.across) * max(c.parameters.boxWidth, 0) / 2
            let h = xy(c.normal) * max(c.parameters.boxHeight, 0) / 2
            let corners = [p - w - h, p + w - h, p + w + h, p - w + h]
            return (0..<4).map { .line(corners[$0], corners[($0 + 1) % 4]) }
        case .heightfield:
            guard let f = c.field else { return [] }
            let spacing = c.parameters.sampleSpacing
            let points = (0..<min(f.columns, maxPieces + 1)).map { i in
                xy(c.position + c.across * (Double(i) * spacing) + c.normal * f.samples[i])
            }
            return zip(points, points.dropFirst()).map { .line($0, $1) }
        case .distanceField:
            guard let f = c.field else { return [] }
            return contour(f, origin: p, spacing: c.parameters.sampleSpacing)
        }
    }

    /// The zero contour of a distance field whose sample (i, j) lies at `origin + (i, j)·spacing`:
    /// in each square of four samples, a segment between the points where the bilinear field
    /// crosses 0 along its edges (negative inside); a square crossed on all four edges is split by
    /// the sign of its centre.
    static func contour(_ f: ColliderField, origin: SIMD2<Double>, spacing h: Double) -> [Piece] {
        var out: [Piece] = []
        guard f.columns > 1, f.rows > 1 else { return out }
        func value(_ i: Int, _ j: Int) -> Double { f.samples[i + f.columns * j] }
        func point(_ i: Int, _ j: Int) -> SIMD2<Double> { origin + SIMD2(Double(i), Double(j)) * h }
        for j in 0..<(f.rows - 1) {
            for i in 0..<(f.columns - 1) where out.count + 2 <= maxPieces {
                // corners counter-clockwise from (i, j); the crossing on each edge, if any
                let corners = [(i, j), (i + 1, j), (i + 1, j + 1), (i, j + 1)]
                var crossings: [SIMD2<Double>] = []
                for k in 0..<4 {
                    let (a, b) = (corners[k], corners[(k + 1) % 4])
                    let va = value(a.0, a.1), vb = value(b.0, b.1)
                    guard (va < 0) != (vb < 0) else { continue }
                    let t = va / (va - vb)
                    crossings.append(point(a.0, a.1) + (point(b.0, b.1) - point(a.0, a.1)) * t)
                }
                if crossings.count == 2 {
                    out.append(.line(crossings[0], crossings[1]))
                } else if crossings.count == 4 {
                    // a saddle: the centre's sign says which pairs join
                    let centre = (value(i, j) + value(i + 1, j) + value(i + 1, j + 1) + value(i, j + 1)) / 4
                    let joinsFirst = (centre < 0) == (value(i, j) < 0)
                    // (the first corner's side joins the third's: the second's and the fourth's
                    // corners are cut off; else the first's and the third's)
                    out.append(.line(crossings[0], crossings[joinsFirst ? 1 : 3]))
                    out.append(.line(crossings[2], crossings[joinsFirst ? 3 : 1]))
                }
            }
        }
        return out
    }
}

extension Playground {
    /// The colliders' outlines over the scene while the inspector is open (``ColliderOutline``).
    func drawColliderOutlines() {
        let presented = layer.presentation(at: time)
        guard presented.emitterBehaviors?.contains(where: { $0.kind == .collider }) == true else { return }
        let color = SIMD4<Float>(1, 0.6, 0.2, 0.85)
        for collider in ColliderOutline.colliders(of: ResolvedLayer(presented)) {
            let pieces = ColliderOutline.pieces(collider, reach: 10_000)
            state.colliderOutlinePieces += pieces.count
            for piece in pieces {
                switch piece {
                case let .line(a, b):
                    ImGui.Overlay.line(SIMD2<Float>(a), SIMD2<Float>(b), color: color, thickness: 1.5)
                case let .circle(c, radius):
                    ImGui.Overlay.circle(SIMD2<Float>(c), radius: Float(radius), color: color, thickness: 1.5)
                }
            }
        }
    }
}

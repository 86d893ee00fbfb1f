import Foundation

/// The samples of a `heightfield` or `distanceField` collider as both simulators read them
/// (Semantics §12 "Collisions"): a grid of ``columns`` × ``rows`` values, sample `(i, j)` at
/// `i + columns·j`, rounded to 32-bit floats (the GPU's behaviour table holds them so), read
/// bilinearly between samples with the same arithmetic on both sides (the shader fetches texels
/// and interpolates by hand, `plume_field_bilinear`).
public struct ColliderField: Hashable, Sendable {
    /// The samples, row by row, points.
    public var samples: [Double]
    /// Samples in a row (≥ 1).
    public var columns: Int
    /// Rows (≥ 1).
    public var rows: Int
    /// A bound on how fast the collider's distance function changes along any line, per point of
    /// the line: `1 + √(sᵤ² + s_w²)`, where `sᵤ` and `s_w` are the largest differences of
    /// neighbouring samples along a row and along a column over the spacing. The swept test steps
    /// a chord by the distance over this bound, so it never steps over a surface
    /// (``ResolvedCollider/entry(_:_:grow0:grow1:)``).
    public var lipschitz: Double

    /// The samples of `values` in rows of `columns` (0: one row), `spacing` points apart; nil with
    /// the reason where they cannot make a field: none, a count that is not a multiple of the
    /// columns or above ``EmitterBehavior/maxColliderSamples``, a non-finite sample (or one beyond
    /// ±``ResolvedLayer/maxMagnitude``).
    static func make(_ values: [CGFloat], columns c: Double, spacing: Double) -> Result<ColliderField, FieldError> {
        guard !values.isEmpty else { return .failure(.empty) }
        guard values.count <= EmitterBehavior.maxColliderSamples else { return .failure(.tooMany(values.count)) }
        guard c.isFinite, c >= 0, c < Double(Int32.max) else { return .failure(.columns) }
        let columns = c < 1 ? values.count : Int(c)
        guard values.count % columns == 0 else { return .failure(.count(values.count, columns)) }
        var samples = [Double](repeating: 0, count: values.count)
        for (i, v) in values.enumerated() {
            let d = Double(v)
            guard ResolvedLayer.isSane(d) else { return .failure(.sample(i)) }
            samples[i] = Double(Float(ResolvedLayer.flushed(d)))
        }
        let rows = values.count / columns
        var su = 0.0, sw = 0.0
        for j in 0..<rows {
            for i in 0..<columns {
                let s = samples[i + columns * j]
                if i + 1 < columns { su = Swift.max(su, abs(samples[i + 1 + columns * j] - s)) }
                if j + 1 < rows { sw = Swift.max(sw, abs(samples[i + columns * (j + 1)] - s)) }
            }
        }
        su /= spacing
        sw /= spacing
        return .success(ColliderField(samples: samples, columns: columns, rows: rows,
                                      lipschitz: 1 + (su * su + sw * sw).squareRoot()))
    }

    /// Why samples make no field (reported; the collider does nothing).
    enum FieldError: Error, Equatable {
        case empty
        case tooMany(Int)
        case columns
        case count(Int, Int)
        case sample(Int)

        /// The rule broken, for the diagnostics.
        var rule: String {
            switch self {
            case .empty: "is empty"
            case let .tooMany(n): "has \(n) samples, more than \(EmitterBehavior.maxColliderSamples)"
            case .columns: "sampleColumns must be finite and ≥ 0"
            case let .count(n, c): "has \(n) samples, not a multiple of \(c) columns"
            case let .sample(i): "samples[\(i)] must be finite, magnitude ≤ \(ResolvedLayer.maxMagnitude)"
            }
        }
    }

    /// The bilinear value at grid coordinates `(x, y)` (sample units; clamped to the grid, so the
    /// edge samples extend beyond it) and its derivatives along x and y per sample unit (0 along
    /// an axis where the point is clamped).
    public func bilinear(_ x: Double, _ y: Double) -> (value: Double, dx: Double, dy: Double) {
        let cx = Swift.min(Swift.max(x, 0), Double(columns - 1)), cy = Swift.min(Swift.max(y, 0), Double(rows - 1))
        let i = Swift.min(Int(cx.rounded(.down)), Swift.max(columns - 2, 0))
        let j = Swift.min(Int(cy.rounded(.down)), Swift.max(rows - 2, 0))
        let fx = cx - Double(i), fy = cy - Double(j)
        let i1 = Swift.min(i + 1, columns - 1), j1 = Swift.min(j + 1, rows - 1)
        let s00 = samples[i + columns * j], s10 = samples[i1 + columns * j]
        let s01 = samples[i + columns * j1], s11 = samples[i1 + columns * j1]
        let a = s00 + (s10 - s00) * fx, b = s01 + (s11 - s01) * fx
        let dx = cx == x ? (s10 - s00) + ((s11 - s01) - (s10 - s00)) * fy : 0
        let dy = cy == y ? b - a : 0
        return (a + (b - a) * fy, dx, dy)
    }
}

extension ResolvedCollider {
    /// The swept test of a field steps at least `1/fieldSteps` of the chord at a time (so it ends
    /// within that many steps)…
    public static let fieldSteps = 1024
    /// …and at least this many points.
    public static let fieldMinimumStep = 0.01
    /// Halvings of the step in which a field's swept test finds the chord behind the surface.
    public static let fieldBisections = 20

    /// A heightfield's or a distance field's signed distance at `p`: the height above the terrain
    /// along the orientation, or the field's value (plus the distance to its extent outside it).
    func fieldDistance(_ f: ColliderField, _ p: SIMD3<Double>) -> Double {
        let h = self.sampleSpacing
        if shape == .heightfield {
            let q = boxLocal(p)
            return q.y - f.bilinear(q.x / h, q.z / h).value
        }
        let x = (p.x - position.x) / h, y = (p.y - position.y) / h
        let cx = Swift.min(Swift.max(x, 0), Double(f.columns - 1)), cy = Swift.min(Swift.max(y, 0), Double(f.rows - 1))
        let ox = x - cx, oy = y - cy
        return f.bilinear(x, y).value + h * (ox * ox + oy * oy).squareRoot()
    }

    /// The swept test of a field (`a` in front of it or on it, at distance `da`): the chord (length
    /// `L`) is marched from `a` in steps of the distance over ``ColliderField/lipschitz`` `K` (a
    /// step that cannot pass the surface), at least `max(fieldMinimumStep, L/fieldSteps)`, to its
    /// first point deeper than `deep` behind the surface (``Collisions/depth(from:)``: behind it at
    /// all from clear of it, by more than ``Collisions/tolerance`` from on it); that step is halved
    /// ``fieldBisections`` times about the surface (distance 0) and the hit is the bracket's front
    /// end. A point a step passes over is at most `K·step` below the distance where the step began
    /// (≥ −tolerance), so a chord that passes deeper than `tolerance + K·max(0.01, L/1024)` points
    /// behind the surface anywhere is always found (Semantics §12 "Collisions").
    func fieldEntry(_ f: ColliderField, _ a: SIMD3<Double>, _ b: SIMD3<Double>, from da: Double,
                    deep: Double) -> Double? {
        let chord = b - a, l = length(chord)
        guard l > 0 else { return nil }
        let least = Swift.max(Self.fieldMinimumStep, l / Double(Self.fieldSteps))
        var t = 0.0, d = da
        for i in 0...Self.fieldSteps {
            let next = i == Self.fieldSteps ? 1 : Swift.min(t + Swift.max(d / f.lipschitz, least) / l, 1)
            let dn = fieldDistance(f, a + chord * next)
            if dn < deep {
                var lo = t, hi = next
                for _ in 0..<Self.fieldBisections {
                    let mid = (lo + hi) * 0.5
                    if fieldDistance(f, a + chord * mid) < 0 { hi = mid } else { lo = mid }
                }
                return lo
            }
            if next >= 1 { return nil }
            t = next
            d = dn
        }
        return nil
    }

    /// A field's unit normal at `p`: the distance's gradient (a heightfield's: the orientation
    /// tilted by the terrain's slopes), pointing to the open side; the orientation where it is 0.
    func fieldNormal(_ f: ColliderField, _ p: SIMD3<Double>) -> SIMD3<Double> {
        let h = self.sampleSpacing
        var g: SIMD3<Double>
        if shape == .heightfield {
            let q = boxLocal(p)
            let s = f.bilinear(q.x / h, q.z / h)
            g = normal - across * (s.dx / h) - cross(normal, across) * (s.dy / h)
        } else {
            let x = (p.x - position.x) / h, y = (p.y - position.y) / h
            let cx = Swift.min(Swift.max(x, 0), Double(f.columns - 1)), cy = Swift.min(Swift.max(y, 0), Double(f.rows - 1))
            let s = f.bilinear(x, y)
            let ox = x - cx, oy = y - cy, o = (ox * ox + oy * oy).squareRoot()
            g = SIMD3(s.dx / h, s.dy / h, 0)
            if o > 0 { g += SIMD3(ox / o, oy / o, 0) }
        }
        let l = length(g)
        return l > 0 ? g / l : normal
    }
}

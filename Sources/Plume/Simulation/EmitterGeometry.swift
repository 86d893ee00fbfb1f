import Foundation

/// Where on the layer's shape a top-level particle is born, and its base direction `b`
/// (Semantics §4's shape × mode table). `P` is the emitter position, `W, H` the size, `D` the depth.
public enum EmitterGeometry {
    /// Samples a birth position and base direction. `u` returns the particle's uniform draw for
    /// an index; an axis of zero extent never looks at its draw.
    public static func sample(layer: ResolvedLayer, u: (DrawIndex) -> Double)
        -> (position: SIMD3<Double>, base: SIMD3<Double>) {
        let p = layer.position
        let w = layer.size.x, h = layer.size.y, d = layer.depth
        let plusX = SIMD3<Double>(1, 0, 0)
        /// Uniform coordinate across an extent, centred: `(u − ½)·extent`.
        func across(_ extent: Double, _ i: DrawIndex) -> Double { extent == 0 ? 0 : (u(i) - 0.5) * extent }
        /// One of `n` choices.
        func choice(_ n: Int) -> Int { min(Int(u(.shapeChoice) * Double(n)), n - 1) }

        switch (layer.shape, layer.mode) {
        case (.point, _):
            return (p, plusX)

        case (.line, .points):
            return (p + SIMD3(choice(2) == 0 ? -w / 2 : w / 2, 0, 0), plusX)
        case (.line, _):
            return (p + SIMD3(across(w, .shapeU), 0, 0), SIMD3(0, -1, 0))

        case (.rectangle, .points):
            let c = choice(4)
            return (p + SIMD3(c & 1 == 0 ? -w / 2 : w / 2, c & 2 == 0 ? -h / 2 : h / 2, 0), plusX)
        case (.rectangle, .outline):
            return rectanglePerimeter(p: p, w: w, h: h, s: u(.shapeChoice))
        case (.rectangle, _):
            return (p + SIMD3(across(w, .shapeU), across(h, .shapeV), 0), plusX)

        case (.cuboid, .points):
            let c = choice(8)
            return (p + SIMD3(c & 1 == 0 ? -w / 2 : w / 2, c & 2 == 0 ? -h / 2 : h / 2,
                              c & 4 == 0 ? -d / 2 : d / 2), plusX)
        case (.cuboid, .outline):
            return cuboidEdge(p: p, extent: SIMD3(w, h, d), edge: choice(12), along: u(.shapeU))
        case (.cuboid, .surface):
            return cuboidFace(p: p, extent: SIMD3(w, h, d), face: choice(6), across: across)
        case (.cuboid, .volume):
            return (p + SIMD3(across(w, .shapeU), across(h, .shapeV), across(d, .shapeW)), plusX)

        case (.circle, .points):
            return (p, plusX)
        case (.circle, .outline):
            let ρ = w / 2
            if ρ == 0 { return (p, plusX) }
            let a = 2 * Double.pi * u(.shapeU)
            let n = SIMD3(cos(a), sin(a), 0)
            return (p + ρ * n, n)
        case (.circle, _):
            let ρ = w / 2
            if ρ == 0 { return (p, plusX) }
            let r = ρ * u(.shapeV).squareRoot()
            let a = 2 * Double.pi * u(.shapeU)
            return (p + SIMD3(r * cos(a), r * sin(a), 0), plusX)

        case (.sphere, .points):
            return (p, plusX)
        case (.sphere, .outline), (.sphere, .surface):
            let ρ = w / 2
            if ρ == 0 { return (p, plusX) }
            let n = unitSphere(u(.shapeU), u(.shapeV))
            return (p + ρ * n, n)
        case (.sphere, .volume):
            let ρ = w / 2
            if ρ == 0 { return (p, plusX) }
            let n = unitSphere(u(.shapeU), u(.shapeV))
            return (p + ρ * cbrt(u(.shapeW)) * n, plusX)
        }
    }

    /// A uniform point on the unit sphere: `z = 1 − 2u₁`, azimuth `2πu₂`.
    static func unitSphere(_ u1: Double, _ u2: Double) -> SIMD3<Double> {
        let z = 1 - 2 * u1
        let r = max(0, 1 - z * z).squareRoot()
        let a = 2 * Double.pi * u2
        return SIMD3(r * cos(a), r * sin(a), z)
    }

    /// Uniform by length along the perimeter, walked top (−y), right (+x), bottom (+y), left (−x),
    /// each edge left to right / top to bottom; `b` is the outward edge normal.
    static func rectanglePerimeter(p: SIMD3<Double>, w: Double, h: Double, s u: Double)
        -> (position: SIMD3<Double>, base: SIMD3<Double>) {
        let perimeter = 2 * (w + h)
        if perimeter == 0 { return (p, SIMD3(1, 0, 0)) }
        var s = u * perimeter
        if s < w { return (p + SIMD3(s - w / 2, -h / 2, 0), SIMD3(0, -1, 0)) }
        s -= w
        if s < h { return (p + SIMD3(w / 2, s - h / 2, 0), SIMD3(1, 0, 0)) }
        s -= h
        if s < w { return (p + SIMD3(s - w / 2, h / 2, 0), SIMD3(0, 1, 0)) }
        s -= w
        return (p + SIMD3(-w / 2, min(s, h) - h / 2, 0), SIMD3(-1, 0, 0))
    }

    /// Edge `e` of the box: `e / 4` is the axis it runs along (x, y, z); the two low bits pick the
    /// signs of the other two axes (in x, y, z order). `b` is the normalised sum of the two
    /// adjacent faces' normals.
    static func cuboidEdge(p: SIMD3<Double>, extent: SIMD3<Double>, edge e: Int, along t: Double)
        -> (position: SIMD3<Double>, base: SIMD3<Double>) {
        let axis = e / 4
        let others = otherAxes(axis)
        var offset = SIMD3<Double>.zero
        var normal = SIMD3<Double>.zero
        offset[axis] = extent[axis] == 0 ? 0 : (t - 0.5) * extent[axis]
        for (bit, other) in [(0, others.0), (1, others.1)] {
            let sign: Double = (e >> bit) & 1 == 0 ? -1 : 1
            offset[other] = sign * extent[other] / 2
            normal[other] = sign
        }
        return (p + offset, normal / 2.0.squareRoot())
    }

    /// The two axes other than `axis`, in x, y, z order.
    static func otherAxes(_ axis: Int) -> (Int, Int) { (axis == 0 ? 1 : 0, axis == 2 ? 1 : 2) }

    /// Face `f` of the box: `f / 2` is its normal's axis, `f & 1` the sign (− then +).
    static func cuboidFace(p: SIMD3<Double>, extent: SIMD3<Double>, face f: Int,
                           across: (Double, DrawIndex) -> Double) -> (position: SIMD3<Double>, base: SIMD3<Double>) {
        let axis = f / 2
        let sign: Double = f & 1 == 0 ? -1 : 1
        let others = otherAxes(axis)
        var offset = SIMD3<Double>.zero
        var normal = SIMD3<Double>.zero
        offset[axis] = sign * extent[axis] / 2
        normal[axis] = sign
        offset[others.0] = across(extent[others.0], .shapeU)
        offset[others.1] = across(extent[others.1], .shapeV)
        return (p + offset, normal)
    }
}

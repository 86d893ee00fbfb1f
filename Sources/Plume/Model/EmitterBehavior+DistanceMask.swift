import Foundation

extension EmitterBehavior {
    /// Makes this behaviour a `distanceField` collider of the solid drawn in a mask: the pixels
    /// whose alpha is at least `threshold` (0…255; default 128) are inside. Sets ``colliderShape``,
    /// ``samples`` (the signed distance at each pixel's centre, points: from an outside pixel to
    /// the nearest inside pixel's centre less half a pixel, negative the same way inside, the exact
    /// Euclidean distance transform of the pixel grid), ``sampleColumns`` (the mask's width) and
    /// ``sampleSpacing`` (`spacing`, points per pixel; the samples are in points at this spacing:
    /// a later spacing scales the field, not its distances). ``position`` is left as set: the
    /// layer point of the mask's top-left pixel's centre.
    ///
    /// A mask of more than ``maxColliderSamples`` pixels makes samples the simulators ignore
    /// (reported); a mask with no inside pixel (or no outside one) makes a field of one sign: it
    /// is 1 000 000 points from the surface there.
    public func setDistanceField(mask: SpriteImage, threshold: UInt8 = 128, spacing: CGFloat) {
        let w = mask.width, h = mask.height
        var inside = [Bool](repeating: false, count: w * h)
        for i in 0..<(w * h) { inside[i] = mask.pixels[4 * i + 3] >= threshold }
        let toInside = Self.squaredDistances(w, h) { inside[$0] }
        let toOutside = Self.squaredDistances(w, h) { !inside[$0] }
        let far = 1e6
        samples = (0..<(w * h)).map { i in
            let d = inside[i] ? -(toOutside[i].squareRoot() - 0.5) : toInside[i].squareRoot() - 0.5
            return CGFloat(d.isFinite ? d * Double(spacing) : (inside[i] ? -far : far))
        }
        sampleColumns = CGFloat(w)
        sampleSpacing = spacing
        colliderShape = .distanceField
    }

    /// Why a mask of `width` × `height` pixels cannot make a distance field here (more pixels than
    /// a field holds, ``maxColliderSamples``); nil when it can. What an effect file's
    /// `"distanceMask"` and the playground's *Mask…* report.
    public static func maskTooLarge(width: Int, height: Int) -> String? {
        let pixels = width * height
        guard pixels > maxColliderSamples else { return nil }
        return "a \(width) × \(height) mask has \(pixels) pixels, above the \(maxColliderSamples) samples a field holds "
            + "(scale it down and raise sampleSpacing)"
    }

    /// The squared distance, pixels, from each pixel's centre to the nearest pixel where `seed` is
    /// true (infinity where there is none): Felzenszwalb and Huttenlocher's separable transform, a
    /// lower envelope of parabolas per column, then per row.
    static func squaredDistances(_ w: Int, _ h: Int, seed: (Int) -> Bool) -> [Double] {
        var grid = (0..<(w * h)).map { seed($0) ? 0 : Double.infinity }
        func pass(_ count: Int, _ lines: Int, _ index: (Int, Int) -> Int) {
            var f = [Double](repeating: 0, count: count), out = f
            var v = [Int](repeating: 0, count: count), z = [Double](repeating: 0, count: count + 1)
            for line in 0..<lines {
                for q in 0..<count { f[q] = grid[index(line, q)] }
                var k = -1
                for q in 0..<count where f[q].isFinite {
                    var s = -Double.infinity
                    while k >= 0 {
                        let p = v[k]
                        s = ((f[q] + Double(q * q)) - (f[p] + Double(p * p))) / Double(2 * q - 2 * p)
                        if s > z[k] { break }
                        k -= 1
                    }
                    k += 1
                    v[k] = q
                    z[k] = k == 0 ? -.infinity : s
                    z[k + 1] = .infinity
                }
                if k < 0 { continue }               // no seed on this line: it stays infinite
                var j = 0
                for q in 0..<count {
                    while z[j + 1] < Double(q) { j += 1 }
                    let d = Double(q - v[j])
                    out[q] = d * d + f[v[j]]
                }
                for q in 0..<count { grid[index(line, q)] = out[q] }
            }
        }
        pass(h, w) { x, y in x + w * y }            // columns
        pass(w, h) { y, x in x + w * y }            // rows
        return grid
    }
}

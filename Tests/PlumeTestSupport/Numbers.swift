/// The largest absolute component (the error of a difference of vectors).
public func maxAbs(_ v: SIMD3<Double>) -> Double { max(abs(v.x), abs(v.y), abs(v.z)) }
/// The largest absolute component (the error of a difference of colours).
public func maxAbs(_ v: SIMD4<Double>) -> Double { max(abs(v.x), abs(v.y), abs(v.z), abs(v.w)) }

/// Host times `start, start + 1/fps, …` up to and including `end` (computed by division, so `end`
/// is hit exactly when `(end − start)·fps` is whole).
public func frames(fps: Double = 60, until end: Double, from start: Double = 0) -> [Double] {
    let n = Int(((end - start) * fps).rounded())
    return (0...n).map { start + Double($0) / fps }
}

/// Whether a trail (points head first) turns at a bounce: under gravity alone (down the y-down
/// layer) y is convex in time, so an inner point lower than both its neighbours is one.
public func bendsAtABounce(_ trail: [SIMD3<Double>]) -> Bool {
    trail.count > 2 && (1..<(trail.count - 1)).contains { trail[$0].y > max(trail[$0 - 1].y, trail[$0 + 1].y) }
}

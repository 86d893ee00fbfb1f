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

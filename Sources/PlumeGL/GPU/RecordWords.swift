import Plume

/// Reads the fields of a record from 32-bit words, for the decoders generated from
/// `Shaders/plume.contract` (doubles are two words, low first, as GLSL's `unpackDouble2x32`).
struct RecordWords {
    let words: UnsafeBufferPointer<UInt32>
    let base: Int

    func uint(_ i: Int) -> UInt32 { words[base + i] }
    func int(_ i: Int) -> Int32 { Int32(bitPattern: words[base + i]) }
    func float(_ i: Int) -> Float { Float(bitPattern: words[base + i]) }
    func double(_ i: Int) -> Double { Double(bitPattern: UInt64(words[base + i + 1]) << 32 | UInt64(words[base + i])) }
    func uvec2(_ i: Int) -> SIMD2<UInt32> { SIMD2(uint(i), uint(i + 1)) }
    func vec2(_ i: Int) -> SIMD2<Float> { SIMD2(float(i), float(i + 1)) }
    func vec3(_ i: Int) -> SIMD3<Float> { SIMD3(float(i), float(i + 1), float(i + 2)) }
    func vec4(_ i: Int) -> SIMD4<Float> { SIMD4(float(i), float(i + 1), float(i + 2), float(i + 3)) }
}

/// Writes the fields of a record as 32-bit words (the inverse of ``RecordWords``).
struct RecordWordWriter {
    let words: UnsafeMutableBufferPointer<UInt32>
    let base: Int

    func put(_ v: UInt32, at i: Int) { words[base + i] = v }
    func put(_ v: Int32, at i: Int) { words[base + i] = UInt32(bitPattern: v) }
    func put(_ v: Float, at i: Int) { words[base + i] = v.bitPattern }
    func put(_ v: Double, at i: Int) {
        words[base + i] = UInt32(truncatingIfNeeded: v.bitPattern)
        words[base + i + 1] = UInt32(truncatingIfNeeded: v.bitPattern >> 32)
    }
    func put(_ v: SIMD2<UInt32>, at i: Int) { for k in 0..<2 { put(v[k], at: i + k) } }
    func put(_ v: SIMD2<Float>, at i: Int) { for k in 0..<2 { put(v[k], at: i + k) } }
    func put(_ v: SIMD3<Float>, at i: Int) { for k in 0..<3 { put(v[k], at: i + k) } }
    func put(_ v: SIMD4<Float>, at i: Int) { for k in 0..<4 { put(v[k], at: i + k) } }
}

extension ParticleRecord {
    /// The parent's identity key (the layer's, ``ParticleKey/root``, for a top-level particle).
    var parentKey: ParticleKey { inherit.map { ParticleKey(lo: $0.parent.x, hi: $0.parent.y) } ?? .root }
    /// The particle's identity key, for a record of the cell at `index` among its siblings.
    func key(cellIndex index: Int) -> ParticleKey {
        ParticleKey.child(of: parentKey, cellIndex: UInt32(index), serial: serial)
    }
}

import Plume

/// The GPU particle record: the one declared layout shared with `Shaders/plume_record.glsl`
/// (a test checks that a record written by the GPU decodes field by field).
///
/// A record is `24 + 6·S` 32-bit words for a cell with `S` sub-cells, padded to whole `uvec4`s:
/// 96 bytes without sub-cells, 128 with one, 144 with two, 176 with three.
struct ParticleRecord: Equatable {
    /// Word offsets (32-bit words from the start of a record).
    enum Word {
        static let key = 0, parent = 2, serial = 4, anchorAge = 5, birth = 6, lifetime = 8
        static let anchorPosition = 10, anchorVelocity = 13, scale0 = 16, scaleSpeed = 17
        static let angle0 = 18, spin = 19, color0 = 20
    }
    /// The most sub-cells a cell may have on the GPU (the record must fit 64 transform-feedback
    /// components, the minimum every GL 3.3 driver offers).
    static let maxSubCells = 6

    var key: ParticleKey
    var parent: ParticleKey
    var serial: UInt32
    var anchorAge: Float
    var birth: Double
    var lifetime: Double
    var anchorPosition: SIMD3<Float>
    var anchorVelocity: SIMD3<Float>
    var scale0: Float
    var scaleSpeed: Float
    var angle0: Float
    var spin: Float
    var color0: SIMD4<Float>

    static func words(subCells s: Int) -> Int { 24 + 6 * s }
    static func vectors(subCells s: Int) -> Int { (words(subCells: s) + 3) / 4 }
    static func bytes(subCells s: Int) -> Int { vectors(subCells: s) * 16 }

    /// Decodes the record starting at `words[base]`.
    init(words w: UnsafeBufferPointer<UInt32>, base: Int) {
        func f(_ i: Int) -> Float { Float(bitPattern: w[base + i]) }
        func d(_ i: Int) -> Double { Double(bitPattern: UInt64(w[base + i + 1]) << 32 | UInt64(w[base + i])) }
        key = ParticleKey(lo: w[base + Word.key], hi: w[base + Word.key + 1])
        parent = ParticleKey(lo: w[base + Word.parent], hi: w[base + Word.parent + 1])
        serial = w[base + Word.serial]
        anchorAge = f(Word.anchorAge)
        birth = d(Word.birth)
        lifetime = d(Word.lifetime)
        anchorPosition = SIMD3(f(Word.anchorPosition), f(Word.anchorPosition + 1), f(Word.anchorPosition + 2))
        anchorVelocity = SIMD3(f(Word.anchorVelocity), f(Word.anchorVelocity + 1), f(Word.anchorVelocity + 2))
        scale0 = f(Word.scale0)
        scaleSpeed = f(Word.scaleSpeed)
        angle0 = f(Word.angle0)
        spin = f(Word.spin)
        color0 = SIMD4(f(Word.color0), f(Word.color0 + 1), f(Word.color0 + 2), f(Word.color0 + 3))
    }
}

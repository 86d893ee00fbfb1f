/// A small, fast, seedable generator (SplitMix64): the same seed gives the same fuzz cases on
/// every machine, so a failing case is reproduced from its seed alone.
public struct FuzzRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// True with probability `p`.
    public mutating func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &self) < p }

    /// The seed of case `index` of a run seeded `seed` (cases are independent of each other).
    public static func caseSeed(run seed: UInt64, index: Int) -> UInt64 {
        var r = FuzzRandom(seed: seed ^ (UInt64(index) &* 0xD1B5_4A32_D192_ED03))
        return r.next()
    }
}

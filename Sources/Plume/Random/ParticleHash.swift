/// The project's random numbers: a pure function of seed, particle identity and draw index.
/// Semantics §2.
///
/// No RNG state is carried between particles, frames or threads, so the CPU reference and the
/// GPU shaders produce the same particles at any frame rate. Every operation here is 32-bit
/// unsigned arithmetic with wrap-around (`&*`, `^`, `>>`), which GLSL's `uint` has too: the copy
/// in `Shaders/plume_hash.glsl` is bit-identical and checked against the same test vectors.
public enum ParticleHash {
    /// Chris Wellons' `lowbias32` integer hash: a bijection on 32-bit words with low bias.
    @inlinable
    public static func mix(_ value: UInt32) -> UInt32 {
        var x = value
        x ^= x >> 16
        x = x &* 0x7FEB_352D
        x ^= x >> 15
        x = x &* 0x846C_A68B
        x ^= x >> 16
        return x
    }

    /// The hash of one random draw: `hash(seed, identity, drawIndex)`.
    @inlinable
    public static func hash(seed: UInt32, key: ParticleKey, draw: UInt32) -> UInt32 {
        var h = mix(seed ^ 0x9E37_79B9)
        h = mix(h ^ key.lo)
        h = mix(h ^ key.hi)
        return mix(h ^ draw)
    }

    /// `U(h) = (h >> 8) · 2⁻²⁴`: a uniform number in [0, 1), exact in `Float` and `Double`.
    @inlinable
    public static func unit(_ h: UInt32) -> Double {
        Double(h >> 8) * 0x1p-24
    }

    /// The uniform draw `u` for one attribute of one particle.
    @inlinable
    public static func uniform(seed: UInt32, key: ParticleKey, draw: DrawIndex) -> Double {
        unit(hash(seed: seed, key: key, draw: draw.rawValue))
    }
}

/// A particle's 64-bit identity key, derived from its identity tuple (Semantics §2):
/// `(cell index, serial)` for top-level particles, `(parent, sub-cell index, serial)` below.
///
/// Two independent 32-bit hash chains over every input make accidental collisions between live
/// particles negligible (about 2⁻⁶⁴ per pair). The root (the layer itself) has key `(0, 0)`.
public struct ParticleKey: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Low word.
    public var lo: UInt32
    /// High word.
    public var hi: UInt32

    /// The key with words `lo` and `hi` (keys are normally made by ``child(of:cellIndex:serial:)``).
    public init(lo: UInt32, hi: UInt32) {
        self.lo = lo
        self.hi = hi
    }

    /// The layer, parent of every top-level particle.
    public static let root = ParticleKey(lo: 0, hi: 0)

    /// The key of the `serial`-th particle of sub-cell `index` emitted by `parent` (for a
    /// top-level particle, `parent` is ``root`` and `index` the cell's index in the layer).
    @inlinable
    public static func child(of parent: ParticleKey, cellIndex index: UInt32, serial: UInt32) -> ParticleKey {
        var a = ParticleHash.mix(parent.lo ^ 0x68E3_1DA4)
        a = ParticleHash.mix(a ^ parent.hi)
        a = ParticleHash.mix(a ^ index)
        a = ParticleHash.mix(a ^ serial)
        var b = ParticleHash.mix(parent.hi ^ 0xB529_7A4D)
        b = ParticleHash.mix(b ^ parent.lo)
        b = ParticleHash.mix(b ^ index)
        b = ParticleHash.mix(b ^ serial)
        return ParticleKey(lo: a, hi: b)
    }

    /// The key as one 64-bit number (`hi << 32 | lo`).
    public var value: UInt64 { UInt64(hi) << 32 | UInt64(lo) }

    public static func < (a: ParticleKey, b: ParticleKey) -> Bool { a.value < b.value }

    /// The 64-bit key in hexadecimal (`0x…`, 16 digits).
    public var description: String {
        let hex = String(value, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}

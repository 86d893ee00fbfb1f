import Testing
@testable import Plume

/// The published test vectors of the particle hash (Semantics §2), computed by an independent Python
/// implementation of the same definition. The GLSL copy in `Shaders/` is checked against this
/// same table on the GPU; changing the hash changes every effect, so these values are a
/// contract, not a snapshot to re-record.
@Suite struct HashTests {
    /// `(input, mix(input))` for Wellons' lowbias32.
    static let mixVectors: [(UInt32, UInt32)] = [
        (0x0000_0000, 0x0000_0000), (0x0000_0001, 0x6889_90C0), (0x0000_0002, 0xD113_2181),
        (0x1234_5678, 0xF5E7_1C96), (0xDEAD_BEEF, 0xE628_C683), (0xFFFF_FFFF, 0x6768_824A),
    ]

    /// `(seed, key.lo, key.hi, draw, hash)`.
    static let drawVectors: [(UInt32, UInt32, UInt32, UInt32, UInt32)] = [
        (0, 0, 0, 0, 0x41F3_9E5E), (0, 1, 0, 0, 0x13F9_67EB), (7, 0x1234_5678, 0x9ABC_DEF0, 3, 0x2E33_9E1B),
        (0xFFFF_FFFF, 0xFFFF_FFFF, 0xFFFF_FFFF, 14, 0x03C7_1699), (42, 5, 1, 7, 0x08D5_0272),
    ]

    /// `(parent.lo, parent.hi, cellIndex, serial, child.lo, child.hi)`.
    static let keyVectors: [(UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)] = [
        (0, 0, 0, 1, 0x188C_A8A0, 0xB9E7_4C91), (0, 0, 3, 17, 0xDF5E_D666, 0xDD9B_C340),
        (0xCAFE_F00D, 0x0BAD_BEEF, 2, 0xFFFF_FFFF, 0x5760_E8BE, 0x0561_311E),
    ]

    @Test func mixMatchesVectors() {
        for (input, expected) in Self.mixVectors {
            let got = ParticleHash.mix(input)
            #expect(got == expected, "mix(\(hex(input))) = \(hex(got)), expected \(hex(expected))")
        }
    }

    @Test func drawHashMatchesVectors() {
        for (seed, lo, hi, draw, expected) in Self.drawVectors {
            let got = ParticleHash.hash(seed: seed, key: ParticleKey(lo: lo, hi: hi), draw: draw)
            #expect(got == expected, "hash(seed \(seed), key (\(hex(lo)), \(hex(hi))), draw \(draw)) = \(hex(got))")
        }
    }

    @Test func keyDerivationMatchesVectors() {
        for (plo, phi, index, serial, lo, hi) in Self.keyVectors {
            let got = ParticleKey.child(of: ParticleKey(lo: plo, hi: phi), cellIndex: index, serial: serial)
            #expect(got == ParticleKey(lo: lo, hi: hi),
                    "child(of (\(hex(plo)), \(hex(phi))), index \(index), serial \(serial)) = (\(hex(got.lo)), \(hex(got.hi)))")
        }
    }

    @Test func mixIsABijectionOnASample() {
        var seen = Set<UInt32>()
        for i in 0..<UInt32(200_000) { seen.insert(ParticleHash.mix(i &* 2_654_435_761)) }
        #expect(seen.count == 200_000)
    }

    @Test func unitIsInHalfOpenRangeAndExactInFloat() {
        #expect(ParticleHash.unit(0) == 0)
        #expect(ParticleHash.unit(.max) == 1 - 0x1p-24)
        for h in [UInt32(0x8000_0000), 0x0000_01FF, 0xFFFF_FF00, 0x1234_5678] {
            let u = ParticleHash.unit(h)
            #expect(u >= 0 && u < 1)
            #expect(Double(Float(u)) == u, "U(\(hex(h))) = \(u) must be exact in Float for the GPU")
        }
    }

    @Test func drawIndicesAreDistinctAndDense() {
        let values = DrawIndex.allCases.map(\.rawValue)
        #expect(Set(values).count == values.count)
        #expect(values.sorted() == Array(0..<UInt32(values.count)))
    }

    @Test func topLevelKeysOfDistinctIdentitiesDiffer() {
        var keys = Set<ParticleKey>()
        for cell in 0..<UInt32(8) {
            for serial in 1...UInt32(20_000) { keys.insert(.child(of: .root, cellIndex: cell, serial: serial)) }
        }
        #expect(keys.count == 8 * 20_000)
    }
}

func hex(_ v: UInt32) -> String { "0x" + String(v, radix: 16, uppercase: true) }

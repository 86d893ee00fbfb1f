import Foundation
import Plume

/// Hand-made PNG files (valid ones of every colour type and depth, and ones whose header or
/// chunks lie) and the mutations the PNG fuzzer applies to them.
public enum PNGFixture {
    /// A PNG of `width × height` (colour type 0 grey, 2 RGB, 4 grey+alpha, 6 RGBA; depth 8 or 16)
    /// with `extra` chunks before IDAT. The IDAT holds at most `maxRows` rows (fewer than the
    /// height gives a truncated image: enough for header-level tests).
    public static func file(width: Int, height: Int, colorType: UInt8 = 0, depth: UInt8 = 8,
                            extra: [[UInt8]] = [], maxRows: Int = .max) -> Data {
        var out: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
        out += chunk("IHDR", be32(width) + be32(height) + [depth, colorType, 0, 0, 0])
        for e in extra { out += e }
        let channels = [0: 1, 2: 3, 4: 2, 6: 4][Int(colorType)] ?? 1
        let rowBytes = min(width, 4096) * channels * Int(depth) / 8
        var raw: [UInt8] = []
        for y in 0..<min(height, maxRows, 4096) {
            raw.append(0)
            raw += (0..<rowBytes).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ y &* 11) }
        }
        out += chunk("IDAT", zlibStored(raw))
        out += chunk("IEND", [])
        return Data(out)
    }

    /// A chunk with its length and CRC.
    public static func chunk(_ type: String, _ body: [UInt8]) -> [UInt8] {
        let t = Array(type.utf8)
        return be32(body.count) + t + body + be32(Int(crc(t + body)))
    }

    /// A chunk whose length field claims `length` bytes but carries none.
    public static func chunk(_ type: String, claiming length: UInt32) -> [UInt8] {
        be32(Int(length)) + Array(type.utf8) + [0, 0, 0, 0]
    }

    /// Valid seeds for the fuzzer: every colour type at depths 8 and 16, small sizes.
    public static let seeds: [Data] = [0, 2, 4, 6].flatMap { type in
        [8, 16].map { depth in file(width: 5, height: 3, colorType: UInt8(type), depth: UInt8(depth)) }
    } + [file(width: 1, height: 1, extra: [chunk("tEXt", Array("Comment\0hello".utf8))])]

    /// One random mutation of `data`: flipped or random bytes, a lying length or size field, a
    /// truncation, a duplicated or inserted chunk.
    public static func mutate(_ data: Data, using random: inout FuzzRandom) -> Data {
        var bytes = [UInt8](data)
        guard bytes.count > 8 else { return Data(bytes + [UInt8.random(in: 0...255, using: &random)]) }
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
            for _ in 0..<Int.random(in: 1...8, using: &random) {
                let i = Int.random(in: 0..<bytes.count, using: &random)
                bytes[i] ^= UInt8(1 << Int.random(in: 0..<8, using: &random))
            }
        case 1:
            let i = Int.random(in: 0..<bytes.count, using: &random)
            bytes[i] = UInt8.random(in: 0...255, using: &random)
        case 2:
            bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &random)))
        case 3:   // a lying width or height
            let at = [16, 20].randomElement(using: &random)!
            let v = [0, 1, 16384, 16385, 65535, 0x7FFF_FFFF, 0xFFFF_FFFF].randomElement(using: &random)!
            if bytes.count >= at + 4 { bytes.replaceSubrange(at..<at + 4, with: be32(v)) }
        case 4:   // a lying chunk length (the first chunk after IHDR)
            let v = [0, 1, 1 << 21, (1 << 21) + 1, 0x7FFF_FFFF, 0xFFFF_FFFF].randomElement(using: &random)!
            if bytes.count > 37 { bytes.replaceSubrange(33..<37, with: be32(v)) }
        case 5:   // an inserted ancillary chunk, honest or lying
            let type = ["tEXt", "zTXt", "iCCP", "iTXt", "sPLT", "PLTE", "tRNS", "gAMA", "abcd"].randomElement(using: &random)!
            let body = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }
            let c = random.chance(0.5) ? chunk(type, body) : chunk(type, claiming: UInt32.random(in: 0...UInt32.max, using: &random))
            bytes.insert(contentsOf: c, at: min(33, bytes.count))
        case 6:   // random bytes appended or spliced in
            let i = Int.random(in: 0...bytes.count, using: &random)
            bytes.insert(contentsOf: (0..<Int.random(in: 1...32, using: &random)).map { _ in UInt8.random(in: 0...255, using: &random) }, at: i)
        default:  // the IDAT's zlib stream corrupted
            if bytes.count > 54 {
                let i = Int.random(in: 41..<bytes.count - 12, using: &random)
                bytes[i] = UInt8.random(in: 0...255, using: &random)
            }
        }
        return Data(bytes)
    }

    /// `data` with every complete chunk's CRC recomputed, so the decoder goes past the CRC check
    /// and meets the mutation itself.
    public static func fixingCRCs(_ data: Data) -> Data {
        var bytes = [UInt8](data)
        var at = 8
        while at + 12 <= bytes.count {
            let length = Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
            guard length <= bytes.count - at - 12 else { break }
            let crcAt = at + 8 + length
            bytes.replaceSubrange(crcAt..<crcAt + 4, with: be32(Int(crc(Array(bytes[at + 4..<crcAt])))))
            at = crcAt + 4
        }
        return Data(bytes)
    }

    static func be32(_ v: Int) -> [UInt8] { [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)] }

    /// A zlib stream of stored (uncompressed) blocks.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            let last: UInt8 = i + n >= data.count ? 1 : 0
            out += [last, UInt8(n & 255), UInt8(n >> 8), UInt8(~n & 255), UInt8((~n >> 8) & 255)]
            out += data[i..<i + n]
            i += n
        } while i < data.count
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }
        return out + be32(Int(b << 16 | a))
    }

    static func crc(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            c ^= UInt32(byte)
            for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }
}

/// What decoding one mutated PNG did.
public enum PNGFuzzOutcome: Hashable, Sendable {
    case decoded
    /// A typed error naming the file (the expected failure).
    case rejected
    /// Any other error, or an error that does not name the file: a finding.
    case finding(String)
}

extension PNGFixture {
    /// Decodes case `index` of a run seeded `seed`: a seed file mutated one to three times.
    public static func fuzzCase(seed: UInt64, index: Int) -> PNGFuzzOutcome {
        var random = FuzzRandom(seed: FuzzRandom.caseSeed(run: seed, index: index))
        var data = seeds.randomElement(using: &random)!
        for _ in 0..<Int.random(in: 1...3, using: &random) { data = mutate(data, using: &random) }
        if random.chance(0.5) { data = fixingCRCs(data) }
        let name = "case-\(seed)-\(index).png"
        do {
            let image = try SpriteImage(pngData: data, name: name)
            return image.pixels.count == image.width * image.height * 4
                ? .decoded : .finding("\(name): \(image.width)×\(image.height) with \(image.pixels.count) bytes")
        } catch let error as SpriteImage.FileError {
            return "\(error)".contains(name) ? .rejected : .finding("\(name): error without the file name: \(error)")
        } catch {
            return .finding("\(name): untyped error \(error)")
        }
    }
}

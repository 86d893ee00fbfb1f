import CTIFF
import CZlib
import Foundation
import Plume

/// Textures embedded in Particle Designer files: base64 of gzip or zlib data (or of the bare
/// file) holding a PNG or a TIFF. Every size is checked before the next step allocates.
enum ParticleDesignerTexture {
    /// The most base64 text accepted (48 MiB).
    static let maxBase64 = 48 << 20
    /// The most bytes the compressed data may inflate to (80 MiB: a 4096² RGBA TIFF and headers).
    static let maxInflated = 80 << 20

    struct Failure: Error, CustomStringConvertible {
        var description: String
        /// The data claims more than the limits allow (refused before decoding), as opposed to
        /// data that is merely broken.
        var overLimit = false
    }

    /// Decodes `textureImageData`.
    static func decode(base64 text: String) throws(Failure) -> SpriteImage {
        guard text.utf8.count <= maxBase64 else {
            throw Failure(description: "the embedded texture is \(text.utf8.count >> 20) MiB of base64 (at most \(maxBase64 >> 20) MiB)",
                          overLimit: true)
        }
        guard let raw = Data(base64Encoded: text, options: .ignoreUnknownCharacters), !raw.isEmpty else {
            throw Failure(description: "the embedded texture is not valid base64")
        }
        let bytes = isCompressed(raw) ? try inflate(raw) : raw
        return try image(from: bytes, name: "textureImageData")
    }

    /// gzip (1f 8b) or a zlib header (deflate, valid check bits).
    static func isCompressed(_ d: Data) -> Bool {
        guard d.count >= 2 else { return false }
        let b0 = d[d.startIndex], b1 = d[d.startIndex + 1]
        if b0 == 0x1F && b1 == 0x8B { return true }
        return b0 & 0x0F == 8 && b0 >> 4 <= 7 && (UInt16(b0) << 8 | UInt16(b1)) % 31 == 0
    }

    static func inflate(_ data: Data) throws(Failure) -> Data {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        var message = [CChar](repeating: 0, count: 64)
        let status = data.withUnsafeBytes { raw in
            plume_inflate(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, maxInflated, &out, &size, &message)
        }
        guard status == 0, let out else {
            let reason = text(message)
            throw Failure(description: "the embedded texture cannot be decompressed (\(reason))", overLimit: reason.contains("limit"))
        }
        defer { free(out) }
        return Data(bytes: out, count: size)
    }

    /// PNG or TIFF bytes to an image, sizes checked from the header first.
    static func image(from data: Data, name: String) throws(Failure) -> SpriteImage {
        let maxSide = EffectFile.maxImageSide
        if let (w, h) = SpriteImage.pngDimensions(data) {
            guard (1...maxSide).contains(w), (1...maxSide).contains(h) else {
                throw Failure(description: "\(name): the PNG declares \(w)×\(h) pixels; at most \(maxSide)×\(maxSide) is accepted", overLimit: true)
            }
            do {
                return try SpriteImage.boundedPNG(data, name: name, maxSide: maxSide)
            } catch {
                throw Failure(description: "\(error)")
            }
        }
        let prefix = [UInt8](data.prefix(4))
        guard prefix == [0x49, 0x49, 0x2A, 0x00] || prefix == [0x4D, 0x4D, 0x00, 0x2A] else {
            throw Failure(description: "\(name) is neither a PNG nor a TIFF")
        }
        var width: UInt32 = 0, height: UInt32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 64)
        let status = data.withUnsafeBytes { raw in
            plume_tiff_decode(raw.bindMemory(to: UInt8.self).baseAddress, raw.count, UInt32(maxSide), &width, &height, &pixels, &message)
        }
        guard status == 0, let pixels else {
            let reason = text(message)
            throw Failure(description: "\(name): invalid TIFF (\(reason))", overLimit: reason.hasPrefix("declares"))
        }
        defer { free(pixels) }
        do {
            return try SpriteImage(width: Int(width), height: Int(height),
                                   pixels: Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4)))
        } catch {
            throw Failure(description: "\(name): \(error)")
        }
    }

    static func text(_ message: [CChar]) -> String {
        String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

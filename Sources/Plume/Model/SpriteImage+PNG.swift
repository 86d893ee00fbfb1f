import CPNG
import Foundation

/// PNG files in and out, through libpng: 8- and 16-bit, grey, grey+alpha, RGB, RGBA and palette
/// images load as straight-alpha RGBA8 (16-bit values are scaled, not gamma-converted).
extension SpriteImage {
    /// Why an image file could not be read or written. Every case names the file.
    public enum FileError: Swift.Error, Hashable, CustomStringConvertible {
        /// The file does not exist or cannot be opened.
        case unreadable(path: String, reason: String)
        /// The file is not a PNG, or is truncated or corrupt; carries libpng's message.
        case invalidPNG(path: String, reason: String)
        /// The file could not be written.
        case unwritable(path: String, reason: String)
        /// The header announces an image above ``SpriteImage/maxSide`` on a side or above
        /// ``SpriteImage/maxPNGPixels`` in all: refused before anything is decoded.
        case tooLarge(path: String, width: Int, height: Int)

        /// The file and what is wrong with it, as libpng or the size checks found.
        public var description: String {
            switch self {
            case let .unreadable(p, r): return "\(p): cannot read the file (\(r))"
            case let .invalidPNG(p, r): return "\(p): not a valid PNG image (\(r))"
            case let .unwritable(p, r): return "\(p): cannot write the PNG (\(r))"
            case let .tooLarge(p, w, h):
                return "\(p): a \(w)×\(h) image is above the limits (each side ≤ \(SpriteImage.maxSide), "
                    + "≤ \(SpriteImage.maxPNGPixels) pixels)"
            }
        }
    }

    /// Loads a PNG file.
    /// - Throws: ``FileError`` naming the file when it is missing, not a PNG, truncated or corrupt.
    public init(contentsOfPNGFile path: String) throws {
        switch BoundedFile.read(path, limit: BoundedFile.imageLimit) {
        case let .success(data): try self.init(pngData: data, name: path)
        case let .failure(failure): throw FileError.unreadable(path: path, reason: "\(failure)")
        }
    }

    /// The most pixels a PNG may have (64 Mi, e.g. 8192 × 8192): a larger header is refused
    /// before decoding.
    public static let maxPNGPixels = 1 << 26
    /// The most bytes libpng may allocate for one ancillary chunk (text, ICC profile…), 2 MiB: a
    /// chunk claiming more is an error, not an allocation (`png_set_chunk_malloc_max`).
    public static let maxPNGChunkBytes = 1 << 21

    /// Decodes PNG bytes; `name` is used in errors.
    ///
    /// Limits hold before anything is decoded: the size in the header (``maxSide``,
    /// ``maxPNGPixels``), every ancillary chunk (``maxPNGChunkBytes``, at most 64 kept), and the
    /// memory used is the output plus one row.
    public init(pngData data: Data, name: String = "PNG data") throws {
        // The header, read directly (signature, IHDR length and type, width, height).
        if let (w, h) = Self.pngDimensions(data) {
            if w > Self.maxSide || h > Self.maxSide || w * h > Self.maxPNGPixels {
                throw FileError.tooLarge(path: name, width: w, height: h)
            }
        }
        var width: UInt32 = 0, height: UInt32 = 0
        var pixels: UnsafeMutablePointer<UInt8>?
        var message = [CChar](repeating: 0, count: 64)
        let status = data.withUnsafeBytes { raw -> Int32 in
            guard let base = raw.baseAddress, raw.count > 0 else {
                message.withUnsafeMutableBufferPointer { m in
                    for (i, c) in "empty file".utf8CString.enumerated() where i < 63 { m[i] = c }
                }
                return 1
            }
            return plume_png_read(nil, base, raw.count, UInt32(Self.maxSide), UInt64(Self.maxPNGPixels),
                                  UInt32(Self.maxPNGChunkBytes), &width, &height, &pixels, &message)
        }
        guard status == 0, let pixels else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FileError.invalidPNG(path: name, reason: reason)
        }
        defer { free(pixels) }
        let bytes = Array(UnsafeBufferPointer(start: pixels, count: Int(width) * Int(height) * 4))
        do {
            try self.init(width: Int(width), height: Int(height), pixels: bytes)
        } catch {
            throw FileError.invalidPNG(path: name, reason: "\(error)")
        }
    }

    /// Writes the image as an 8-bit RGBA PNG file.
    public func writePNG(to path: String) throws {
        var message = [CChar](repeating: 0, count: 64)
        let status = pixels.withUnsafeBufferPointer {
            plume_png_write(path, $0.baseAddress, UInt32(width), UInt32(height), &message)
        }
        if status != 0 {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FileError.unwritable(path: path, reason: reason)
        }
    }
}

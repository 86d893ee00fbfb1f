/// An RGBA8 image used as a cell's `contents` (the stand-in for `CGImage`).
///
/// Pixels are stored row by row from the top, four bytes per pixel, **straight** (not
/// premultiplied) alpha; the renderer premultiplies on upload. The first row is drawn at the
/// particle's local −y edge, so images appear upright on the y-down layer.
public struct SpriteImage: Hashable, Sendable {
    /// Width in pixels (≥ 1).
    public let width: Int
    /// Height in pixels (≥ 1).
    public let height: Int
    /// `width × height × 4` bytes, RGBA, rows from the top.
    public let pixels: [UInt8]
    /// Pixels per point of the file or drawing it came from (2 for `name@2x.png`; `UIImage.scale`).
    /// Default 1. Like a `CGImage`, a cell's `contents` ignores it: the particle's size comes
    /// from the pixel size and the cell's `contentsScale` (set `cell.contentsScale = image.scale`
    /// to draw the image at its point size, as iOS code does with `UIScreen.main.scale`).
    public package(set) var scale: Double = 1

    /// Errors building an image from raw pixels.
    public enum Error: Swift.Error, Hashable, CustomStringConvertible {
        /// A dimension is zero, negative, or absurdly large.
        case invalidSize(width: Int, height: Int)
        /// The pixel buffer does not hold `width × height × 4` bytes.
        case pixelCountMismatch(expected: Int, actual: Int)

        /// The size or count that was wrong.
        public var description: String {
            switch self {
            case let .invalidSize(w, h):
                return "SpriteImage: invalid size \(w)×\(h) (each side must be 1…\(SpriteImage.maxSide))"
            case let .pixelCountMismatch(e, a):
                return "SpriteImage: expected \(e) bytes of RGBA pixels, got \(a)"
            }
        }
    }

    /// The largest accepted side, in pixels (GL 3.3 guarantees textures of at least 1024; drivers
    /// go to 16384).
    public static let maxSide = 16_384

    /// Creates an image from straight-alpha RGBA8 pixels, rows from the top.
    /// - Throws: ``Error`` when the size is invalid or the buffer length does not match.
    public init(width: Int, height: Int, pixels: [UInt8]) throws {
        guard (1...Self.maxSide).contains(width), (1...Self.maxSide).contains(height) else {
            throw Error.invalidSize(width: width, height: height)
        }
        guard pixels.count == width * height * 4 else {
            throw Error.pixelCountMismatch(expected: width * height * 4, actual: pixels.count)
        }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The straight RGBA of pixel `(x, y)`, components in [0, 1], `y = 0` the top row.
    public func pixel(x: Int, y: Int) -> SIMD4<Float> {
        let i = (y * width + x) * 4
        return SIMD4(Float(pixels[i]), Float(pixels[i + 1]), Float(pixels[i + 2]), Float(pixels[i + 3])) / 255
    }
}

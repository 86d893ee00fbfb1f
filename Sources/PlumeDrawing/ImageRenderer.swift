import CCairo
import Foundation
import Plume

/// Makes a `SpriteImage` by drawing in code (the stand-in for `UIGraphicsImageRenderer`),
/// with a Cairo-backed ``DrawingContext``:
///
/// ```swift
/// let renderer = ImageRenderer(size: CGSize(width: 20, height: 20))
/// let dot = renderer.image { context in
///     context.cgContext.setFillColor(Color.white.cgColor)
///     context.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
/// }
/// cell.contents = dot.cgImage
/// ```
///
/// Inside `actions` the context is also the *current* one, so UIKit-style calls work:
/// `Color.red.setFill()`, `BezierPath(ovalIn: rect).fill()`, `"🎉".draw(at: .zero, withAttributes:
/// [.font: Font.systemFont(ofSize: 30)])`. The image is `size × format.scale` pixels (at least
/// 1×1), transparent where nothing was drawn, with `SpriteImage.scale` = `format.scale`.
public final class ImageRenderer {
    /// The size in points.
    public let size: CGSize
    /// The pixels per point and whether the image starts opaque: a copy of the format the
    /// renderer was made with (changing it changes nothing here).
    public var format: ImageRendererFormat { kept.copy() }
    private let kept: ImageRendererFormat

    /// The largest side drawn, in pixels (larger requests are clamped to it).
    public static let maxSide = 4096

    /// The pixel size is `size × format.scale`, rounded up, clamped to 1…``maxSide`` (a
    /// non-finite or non-positive size gives 1 pixel).
    public init(size: CGSize, format: ImageRendererFormat = .default()) {
        self.size = size
        kept = format.copy()
    }

    /// `UIGraphicsImageRenderer(bounds:)`: the bounds' size (drawing coordinates start at the
    /// bounds' origin).
    public convenience init(bounds: CGRect, format: ImageRendererFormat = .default()) {
        self.init(size: bounds.size, format: format)
        origin = bounds.origin
    }

    private var origin = CGPoint.zero

    /// Runs `actions` with a fresh context and returns what it drew.
    public func image(actions: (ImageRendererContext) -> Void) -> SpriteImage {
        // Out of memory: Cairo returns an error surface; the image is then a transparent pixel
        // (`actions` is not run).
        guard let surface = ImageSurface(size: size, scale: kept.scale, opaque: kept.opaque, origin: origin) else {
            return ImageSurface.transparentPixel(scale: kept.scale)
        }
        let context = ImageRendererContext(cgContext: surface.context, format: kept.copy())
        DrawingContext.push(surface.context)
        actions(context)
        DrawingContext.pop()
        return surface.image()
    }
}

/// A Cairo image surface of `size × scale` pixels (rounded up, clamped to 1…``ImageRenderer/maxSide``)
/// with its drawing context, for ``ImageRenderer`` and `UIGraphicsBeginImageContextWithOptions`.
final class ImageSurface {
    private let surface: OpaquePointer
    private let cairo: OpaquePointer
    let context: DrawingContext
    let width: Int, height: Int, scale: Double

    /// Nil when Cairo cannot make the surface (out of memory).
    init?(size: CGSize, scale requested: CGFloat, opaque: Bool, origin: CGPoint = .zero) {
        let scale = requested.isFinite && requested > 0 ? Double(requested) : 1
        func pixels(_ v: CGFloat) -> Int {
            let d = Double(v) * scale
            guard d.isFinite, d > 0 else { return 1 }
            return Int(min(d.rounded(.up), Double(ImageRenderer.maxSide)))
        }
        width = pixels(size.width)
        height = pixels(size.height)
        self.scale = scale
        surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, cairo_image_surface_get_data(surface) != nil,
              let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo = cr
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -Double(origin.x), -Double(origin.y))
        if opaque {
            cairo_set_source_rgb(cr, 0, 0, 0)
            cairo_paint(cr)
        }
        context = DrawingContext(cairo: cr)
    }

    deinit {
        cairo_destroy(cairo)
        cairo_surface_destroy(surface)
    }

    /// What has been drawn so far, as straight-alpha RGBA with ``SpriteImage/scale`` = the scale.
    func image() -> SpriteImage {
        cairo_surface_flush(surface)
        return Self.read(surface, width: width, height: height, scale: scale)
    }

    static func transparentPixel(scale: CGFloat) -> SpriteImage {
        read(nil, width: 1, height: 1, scale: scale.isFinite && scale > 0 ? Double(scale) : 1)
    }

    /// Cairo's premultiplied native-endian ARGB32 → straight RGBA8, rows from the top.
    static func read(_ surface: OpaquePointer?, width w: Int, height h: Int, scale: Double) -> SpriteImage {
        var out = [UInt8](repeating: 0, count: w * h * 4)
        if let surface, let data = cairo_image_surface_get_data(surface) {
            let stride = Int(cairo_image_surface_get_stride(surface))
            convert(data, stride: stride, width: w, height: h, into: &out)
        }
        guard var image = try? SpriteImage(width: w, height: h, pixels: out) else {
            preconditionFailure("a \(w)×\(h) image with matching pixels is valid")
        }
        image.scale = scale
        return image
    }

    private static func convert(_ data: UnsafeMutablePointer<UInt8>, stride: Int, width w: Int, height h: Int,
                                into out: inout [UInt8]) {
        for y in 0..<h {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let v = row[x]
                let a = (v >> 24) & 0xFF, r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF
                let i = (y * w + x) * 4
                if a > 0 {
                    out[i] = UInt8(min(255, (r * 255 + a / 2) / a))
                    out[i + 1] = UInt8(min(255, (g * 255 + a / 2) / a))
                    out[i + 2] = UInt8(min(255, (b * 255 + a / 2) / a))
                }
                out[i + 3] = UInt8(a)
            }
        }
    }
}

/// `UIGraphicsImageRendererFormat`: the pixels per point and whether the image starts opaque.
///
/// A class, as UIKit's is, so the usual lines port unchanged:
/// `let format = ImageRendererFormat.default(); format.scale = 1`. A renderer keeps a copy of the
/// format it was made with (UIKit's copies too), so changing a format afterwards changes only the
/// renderers made from it later. Equal when scale and opacity are.
public final class ImageRendererFormat: Equatable {
    /// Pixels per point. Default: the screen's (`Screen.main.scale` when the format is made; 1
    /// headless), as `UIGraphicsImageRendererFormat`'s default is the main screen's.
    public var scale: CGFloat = Screen.main.scale
    /// When true the image starts opaque black instead of transparent. Default false.
    public var opaque = false

    /// The default format: the screen's scale, transparent.
    public init() {}
    /// A format of `scale` pixels per point.
    public init(scale: CGFloat, opaque: Bool = false) {
        self.scale = scale
        self.opaque = opaque
    }
    /// The default format (the screen's scale, transparent): a new one at each call.
    public class func `default`() -> ImageRendererFormat { ImageRendererFormat() }
    /// `UIGraphicsImageRendererFormat.preferred()`: the same as ``default()`` here.
    public class func preferred() -> ImageRendererFormat { ImageRendererFormat() }

    /// An independent format of the same scale and opacity (`copy()`).
    public func copy() -> ImageRendererFormat { ImageRendererFormat(scale: scale, opaque: opaque) }

    public static func == (a: ImageRendererFormat, b: ImageRendererFormat) -> Bool {
        a.scale == b.scale && a.opaque == b.opaque
    }
}

/// What `actions` receives (`UIGraphicsImageRendererContext`).
public final class ImageRendererContext {
    /// The drawing context (`CGContext`).
    public let cgContext: DrawingContext
    /// The renderer's format (its scale and opacity).
    public let format: ImageRendererFormat

    init(cgContext: DrawingContext, format: ImageRendererFormat) {
        self.cgContext = cgContext
        self.format = format
    }

    /// Fills `rect` with the current fill colour.
    public func fill(_ rect: CGRect) { cgContext.fill(rect) }
    /// Strokes `rect` with the current stroke colour.
    public func stroke(_ rect: CGRect) { cgContext.stroke(rect) }
}

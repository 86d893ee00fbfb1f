/// A straight (un-premultiplied) RGBA colour, the stand-in for `CGColor`/`UIColor` in ported code.
///
/// Components are nominally in `[0, 1]` but are stored unclamped: a particle's colour may leave
/// that range through `colorRange`/`colorSpeed` arithmetic and is clamped only when drawn
/// (Semantics §5, §10).
///
/// ```swift
/// cell.color = Color(red: 1.0, green: 0.2, blue: 0.1, alpha: 0.5)   // the fire of seed 000
/// ```
public struct Color: Hashable, Sendable, CustomStringConvertible {
    /// Red component (straight alpha). Default 1.
    public var red: Float
    /// Green component (straight alpha). Default 1.
    public var green: Float
    /// Blue component (straight alpha). Default 1.
    public var blue: Float
    /// Opacity. Default 1.
    public var alpha: Float

    /// Creates a colour from straight RGBA components (`UIColor(red:green:blue:alpha:)`), given as
    /// `Float`, `Double` or `CGFloat`.
    public init<F: BinaryFloatingPoint>(red: F, green: F, blue: F, alpha: F = 1) {
        self.red = Float(red)
        self.green = Float(green)
        self.blue = Float(blue)
        self.alpha = Float(alpha)
    }

    /// Creates a grey level with the given opacity (`Color(white: 1)` is opaque white;
    /// `UIColor(white:alpha:)`).
    public init<F: BinaryFloatingPoint>(white: F, alpha: F = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    /// Opaque white, the default `EmitterCell.color`: white images then show the image unchanged.
    public static let white = Color(red: 1, green: 1, blue: 1, alpha: 1)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0, alpha: 1)
    /// Fully transparent black.
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The components as a vector `(r, g, b, a)`.
    public var simd: SIMD4<Float> { SIMD4(red, green, blue, alpha) }

    /// Creates a colour from a vector `(r, g, b, a)`.
    public init(_ v: SIMD4<Float>) { self.init(red: v.x, green: v.y, blue: v.z, alpha: v.w) }

    /// `Color(red: …, green: …, blue: …, alpha: …)`.
    public var description: String { "Color(red: \(red), green: \(green), blue: \(blue), alpha: \(alpha))" }
}

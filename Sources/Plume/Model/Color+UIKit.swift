/// UIKit's colour vocabulary, so `UIColor`/`CGColor` code ports by renaming the type:
/// `UIColor.red.cgColor` → `Color.red.cgColor`,
/// `UIColor(hue: 0.1, saturation: 1, brightness: 1, alpha: 1).cgColor`,
/// `UIColor.white.withAlphaComponent(0.8).cgColor`.
///
/// The named colours have UIKit's sRGB component values (the `system…` colours their light-mode
/// values); components are straight (un-premultiplied).
extension Color {
    /// The colour itself: ``Color`` stands for both `UIColor` and `CGColor`.
    public var cgColor: Color { self }

    /// The same colour with another alpha (`UIColor.withAlphaComponent(_:)`).
    public func withAlphaComponent<F: BinaryFloatingPoint>(_ alpha: F) -> Color {
        Color(red: red, green: green, blue: blue, alpha: Float(alpha))
    }

    /// A colour from hue, saturation and brightness, each in [0, 1] (hue wraps), and alpha
    /// (`UIColor(hue:saturation:brightness:alpha:)`).
    public init<F: BinaryFloatingPoint>(hue: F, saturation: F, brightness: F, alpha: F = 1) {
        let h = Double(hue), s = min(max(Double(saturation), 0), 1), v = min(max(Double(brightness), 0), 1)
        let wrapped = h.isFinite ? (h - h.rounded(.down)) * 6 : 0
        let sector = Int(wrapped) % 6
        let f = wrapped - Double(Int(wrapped))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let rgb: (Double, Double, Double)
        switch sector {
        case 0: rgb = (v, t, p)
        case 1: rgb = (q, v, p)
        case 2: rgb = (p, v, t)
        case 3: rgb = (p, q, v)
        case 4: rgb = (t, p, v)
        default: rgb = (v, p, q)
        }
        self.init(red: rgb.0, green: rgb.1, blue: rgb.2, alpha: Double(alpha))
    }

    /// `UIColor(colorLiteralRed:green:blue:alpha:)` (deprecated in UIKit, common in older code).
    public init(colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The hue, saturation, brightness and alpha (`UIColor.getHue(_:saturation:brightness:alpha:)`
    /// as a value).
    public var hsba: (hue: Float, saturation: Float, brightness: Float, alpha: Float) {
        let maxC = max(red, green, blue), minC = min(red, green, blue), d = maxC - minC
        var h: Float = 0
        if d > 0 {
            if maxC == red { h = (green - blue) / d } else if maxC == green { h = 2 + (blue - red) / d } else { h = 4 + (red - green) / d }
            h /= 6
            if h < 0 { h += 1 }
        }
        return (h, maxC > 0 ? d / maxC : 0, maxC, alpha)
    }

    /// (1, 0, 0).
    public static let red = Color(red: 1, green: 0, blue: 0)
    /// (0, 1, 0).
    public static let green = Color(red: 0, green: 1, blue: 0)
    /// (0, 0, 1).
    public static let blue = Color(red: 0, green: 0, blue: 1)
    /// (0, 1, 1).
    public static let cyan = Color(red: 0, green: 1, blue: 1)
    /// (1, 1, 0).
    public static let yellow = Color(red: 1, green: 1, blue: 0)
    /// (1, 0, 1).
    public static let magenta = Color(red: 1, green: 0, blue: 1)
    /// (1, 0.5, 0).
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
    /// (0.5, 0, 0.5).
    public static let purple = Color(red: 0.5, green: 0, blue: 0.5)
    /// (0.6, 0.4, 0.2).
    public static let brown = Color(red: 0.6, green: 0.4, blue: 0.2)
    /// White 0.5.
    public static let gray = Color(white: 0.5)
    /// White 2/3.
    public static let lightGray = Color(white: 2.0 / 3.0)
    /// White 1/3.
    public static let darkGray = Color(white: 1.0 / 3.0)

    /// UIKit's `systemRed` (light mode): (255, 59, 48)/255.
    public static let systemRed = Color(bytes: 255, 59, 48)
    /// `systemGreen`: (52, 199, 89)/255.
    public static let systemGreen = Color(bytes: 52, 199, 89)
    /// `systemBlue`: (0, 122, 255)/255.
    public static let systemBlue = Color(bytes: 0, 122, 255)
    /// `systemOrange`: (255, 149, 0)/255.
    public static let systemOrange = Color(bytes: 255, 149, 0)
    /// `systemYellow`: (255, 204, 0)/255.
    public static let systemYellow = Color(bytes: 255, 204, 0)
    /// `systemPink`: (255, 45, 85)/255.
    public static let systemPink = Color(bytes: 255, 45, 85)
    /// `systemPurple`: (175, 82, 222)/255.
    public static let systemPurple = Color(bytes: 175, 82, 222)
    /// `systemTeal`: (90, 200, 250)/255.
    public static let systemTeal = Color(bytes: 90, 200, 250)
    /// `systemIndigo`: (88, 86, 214)/255.
    public static let systemIndigo = Color(bytes: 88, 86, 214)
    /// `systemGray`: (142, 142, 147)/255.
    public static let systemGray = Color(bytes: 142, 142, 147)

    /// An opaque colour from 8-bit components.
    private init(bytes r: Int, _ g: Int, _ b: Int) {
        self.init(red: Float(r) / 255, green: Float(g) / 255, blue: Float(b) / 255)
    }
}

/// `#colorLiteral(red:green:blue:alpha:)` makes a ``Color``.
extension Color: _ExpressibleByColorLiteral {
    public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: red, green: green, blue: blue, alpha: alpha)
    }
}

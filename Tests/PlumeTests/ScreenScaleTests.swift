import Foundation
import Testing
@testable import Plume
@testable import PlumeDrawing

/// One display scale (issue 27 item 3), as `UIScreen.main.scale` is on iOS: what sprites drawn in
/// code, the images loaded by name and the default renderer format follow. The tests set it
/// with `Screen.withScale` (their task only), so suites running beside them keep scale 1.
struct ScreenScaleTests {
    /// A filled white disc of `points` points across, drawn in code with the default format.
    static func disc(points: CGFloat) -> SpriteImage {
        ImageRenderer(size: CGSize(width: points, height: points)).image { ctx in
            ctx.cgContext.setFillColor(.white)
            ctx.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: points, height: points))
        }
    }

    @Test func headlessTheScaleIsOne() {
        #expect(Screen.main.scale == 1 && Screen.main.nativeScale == 1)
        #expect(ImageRendererFormat.default().scale == 1 && ImageRendererFormat().scale == 1)
        #expect(Self.disc(points: 10).width == 10)
    }

    /// `UIGraphicsImageRendererFormat.default().scale` is the main screen's scale, so a 10-point
    /// image has 10 × scale pixels and `UIImage.scale` = the screen's; its size in points stays 10.
    @Test(arguments: [2.0, 3.0]) func spritesDrawnInCodeHaveTheScreensPixelsPerPoint(_ scale: CGFloat) {
        Screen.withScale(scale) {
            #expect(Screen.main.scale == scale)
            #expect(ImageRendererFormat.default().scale == scale && ImageRendererFormat.preferred().scale == scale)
            let image = Self.disc(points: 10)
            #expect(image.width == Int(10 * scale) && image.scale == Double(scale),
                    "a 10-point image at scale \(scale): \(image.width) pixels, scale \(image.scale)")
            #expect(image.size == CGSize(width: 10, height: 10), "its size in points: \(image.size)")
        }
        #expect(Screen.main.scale == 1, "withScale sets the scale for its body only")
    }

    /// `UIGraphicsImageRendererFormat` is a class: `let f = .default(); f.scale = 1` sets the
    /// format a renderer is then made with; the renderer keeps a copy, so a later change to the
    /// format changes only renderers made after it.
    @Test func aFormatIsAClassThatRenderersCopy() {
        Screen.withScale(2) {
            let format = ImageRendererFormat.default()
            format.scale = 1
            let renderer = ImageRenderer(size: CGSize(width: 10, height: 10), format: format)
            format.scale = 3
            format.opaque = true
            #expect(renderer.format.scale == 1 && !renderer.format.opaque, "the renderer's copy")
            renderer.format.scale = 2                       // a copy: the renderer keeps its own
            let image = renderer.image { _ in }
            #expect(image.width == 10 && image.scale == 1 && image.pixel(x: 5, y: 5).w == 0,
                    "drawn at the format's scale when the renderer was made: \(image.width) pixels")
            #expect(ImageRenderer(size: CGSize(width: 10, height: 10), format: format).image { _ in }.width == 30)
            #expect(ImageRendererFormat.default() !== ImageRendererFormat.default(), "a new format at each call")
            #expect(format.copy() == format && format.copy() !== format)
        }
    }

    /// Where the scale comes from: a window's content scale until the host sets one, then the
    /// host's, which a later window does not change; values outside 0.5…8 are ignored either way.
    /// (A screen of its own: `Screen.main` is process-wide and other suites read it.)
    @Test func theHostsScaleWinsOverAWindowsContentScale() {
        let screen = Screen()
        #expect(screen.scale == 1, "headless")
        screen.adoptContentScale(2)
        #expect(screen.scale == 2, "a window's content scale")
        screen.adoptContentScale(.nan)
        screen.adoptContentScale(0)
        #expect(screen.scale == 2, "bad content scales are ignored")
        screen.scale = 3
        #expect(screen.scale == 3 && screen.nativeScale == 3, "the host's")
        screen.adoptContentScale(1.5)
        #expect(screen.scale == 3, "a later window does not change the host's scale")
        for bad: CGFloat in [.nan, .infinity, -2, 0, 0.25, 9] {
            screen.scale = bad
            #expect(screen.scale == 3, "the host's \(bad) is ignored")
        }
        screen.scale = 0.5
        #expect(screen.scale == 0.5, "0.5 is in range")
        Screen.withScale(2) { #expect(screen.scale == 2, "withScale wins in its task") }
        #expect(screen.scale == 0.5)
    }

    @Test func badScalesAreIgnored() {
        Screen.withScale(.nan) { #expect(Screen.main.scale == 1) }
        Screen.withScale(100) { #expect(Screen.main.scale == 1) }
        Screen.withScale(0) { #expect(Screen.main.scale == 1) }
    }

    /// `UIImage(named:)` takes the variant of the screen's scale, then the nearest below.
    @Test func imagesByNameFollowTheScreensScale() throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plume-scale-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (suffix, side) in [("", 4), ("@2x", 8), ("@3x", 12)] {
            let image = try SpriteImage(width: side, height: side, pixels: [UInt8](repeating: 255, count: side * side * 4))
            try image.writePNG(to: folder + "/scaled-dot\(suffix).png")
        }
        let onlyTwo = try SpriteImage(width: 8, height: 8, pixels: [UInt8](repeating: 255, count: 256))
        try onlyTwo.writePNG(to: folder + "/retina-only@2x.png")
        SpriteImage.addSearchPath(folder)
        for scale in [1, 2, 3] {
            Screen.withScale(CGFloat(scale)) {
                #expect(SpriteImage.preferredScale == scale)
                let image = SpriteImage(named: "scaled-dot")
                #expect(image?.width == 4 * scale && image?.scale == Double(scale), "at scale \(scale): \(String(describing: image?.width))")
                #expect(image?.size == CGSize(width: 4, height: 4))
            }
        }
        Screen.withScale(3) {
            #expect(SpriteImage(named: "retina-only")?.scale == 2, "a @3x screen without @3x takes @2x")
        }
    }
}

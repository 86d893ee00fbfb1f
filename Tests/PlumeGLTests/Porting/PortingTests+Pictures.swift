import Foundation
import Testing
@testable import Plume
@testable import PlumeGL
import PlumeDrawing

/// Samples written for this suite (issue 27 item 5): additive sparkle on white, emoji sprites and
/// an asset catalogue. Run like the ported samples: both simulators particle by particle, and the
/// picture checked against what iOS shows.
extension PortingTests {
    @Test func additiveSparkleShowsOnWhite() throws {
        let run = try Port.run("sparkle on white", seconds: 1, background: .white) {
            let view = SparkleOnWhiteSample.WandView(frame: Port.screen)
            view.sparkle()
            return view.layer
        }
        #expect(run.compared > 0)
        let picture = try #require(run.last)
        // Orange over white: red stays 255, blue drops where the sparkle is (the layer's additive
        // image composited source-over). Adding straight into white would leave every pixel white.
        var tinted = 0
        for i in stride(from: 0, to: picture.pixels.count, by: 4)
            where picture.pixels[i] > 200 && Int(picture.pixels[i]) - Int(picture.pixels[i + 2]) > 60 { tinted += 1 }
        #expect(tinted > 100, "the sparkle tints \(tinted) pixels of the white card")
        let corner = Array(picture.pixels[0..<4])
        #expect(corner == [255, 255, 255, 255], "the card stays white away from the sparkle: \(corner)")
    }

    @Test func emojiSpritesAreOneGlyphEachAndRain() throws {
        let thumb = EmojiRainSample.ReactionsView.image(of: "👍🏽", pointSize: 32)
        // One glyph at Apple Color Emoji's advance (about 1.06 × the point size), not a hand and a
        // skin-tone swatch side by side (about twice as wide).
        #expect(thumb.width >= 28 && thumb.width <= 40, "👍🏽 at 32 pt is \(thumb.width) pixels wide")
        // The text-layer recipe: a 40-point square at the screen's scale, the emoji centred in it,
        // in its own colours (a flame: red above blue).
        let flame = try #require(Screen.withScale(1) { EmojiRainSample.ReactionsView.textLayerImage(of: "🔥", pointSize: 32) })
        #expect(flame.width == 40 && flame.height == 40 && flame.scale == 1, "\(flame.width)×\(flame.height) at \(flame.scale)")
        var lit = 0, redder = 0, columns = Set<Int>()
        for y in 0..<flame.height {
            for x in 0..<flame.width where flame.pixel(x: x, y: y).w > 0.5 {
                lit += 1
                columns.insert(x)
                if flame.pixel(x: x, y: y).x > flame.pixel(x: x, y: y).z + 0.2 { redder += 1 }
            }
        }
        #expect(lit > 300 && redder > lit / 2, "the flame covers \(lit) pixels, \(redder) of them red")
        let centre = Double(columns.min()! + columns.max()!) / 2
        #expect(abs(centre - 20) < 3, "centred across the layer: columns \(columns.min()!)…\(columns.max()!)")
        Screen.withScale(2) {
            let sharp = EmojiRainSample.ReactionsView.textLayerImage(of: "🔥", pointSize: 32)
            #expect(sharp?.width == 80 && sharp?.scale == 2, "scale 0 is the screen's: \(sharp?.width ?? -1) pixels")
        }
        let run = try Port.run("emoji rain", seconds: 3) {
            let view = EmojiRainSample.ReactionsView(frame: Port.screen)
            view.startRain()
            return view.layer
        }
        #expect(run.compared > 0)
        #expect((run.counts.last ?? 0) >= 40, "four cells at 4/s for 3 s: \(run.counts.last ?? -1)")
        let picture = try #require(run.last)
        let colour = picture.meanLitColor()
        #expect(!picture.litPixels().isEmpty && (colour.x - colour.z > 10 || colour.z - colour.x > 10),
                "the emoji keep their own colours (mean lit colour \(colour))")
    }

    @Test func anAssetCatalogueImageIsPickedByScale() throws {
        Port.installCatalogue()
        let one = try #require(SpriteImage(named: "Ember"), "Assets.xcassets/Ember.imageset is found")
        #expect(one.width == 8 && one.scale == 1, "scale 1 takes ember-small.png: \(one.width) px at \(one.scale)")
        Screen.withScale(2) {
            let two = SpriteImage(named: "Ember")
            #expect(two?.width == 16 && two?.scale == 2, "scale 2 takes ember-large.png: \(two?.width ?? -1) px")
        }
        let run = try Port.run("asset catalogue embers", seconds: 2) {
            let view = AssetCatalogSample.EmbersView(frame: Port.screen)
            view.ignite()
            return view.layer
        }
        #expect(run.compared > 0)
        #expect((run.counts.last ?? 0) >= 100, "60/s for 2 s: \(run.counts.last ?? -1)")
        let lit = try #require(run.last).litPixels()
        #expect(!lit.isEmpty && lit.allSatisfy { $0.y < 460 }, "embers rise from the bottom")
    }
}

extension Port {
    /// `Assets.xcassets/Ember.imageset` in its own search folder: an 8-pixel 1x and a 16-pixel 2x
    /// under names of their own, listed in the image set's `Contents.json` (Xcode's format).
    static func installCatalogue() {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plume-porting-assets-\(getpid())").path
        let set = folder + "/Assets.xcassets/Ember.imageset"
        try? FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        func disc(_ side: Int) -> SpriteImage { .builtin(.softDot, size: side) }
        try? disc(8).writePNG(to: set + "/ember-small.png")
        try? disc(16).writePNG(to: set + "/ember-large.png")
        let contents = """
            {"images": [{"idiom": "universal", "scale": "1x", "filename": "ember-small.png"},
                        {"idiom": "universal", "scale": "2x", "filename": "ember-large.png"},
                        {"idiom": "universal", "scale": "3x"}],
             "info": {"author": "xcode", "version": 1}}
            """
        try? contents.write(toFile: set + "/Contents.json", atomically: true, encoding: .utf8)
        SpriteImage.addSearchPath(folder)
    }
}

import Foundation
import Testing
@testable import Plume

/// `UIImage(named:)` over an asset catalogue and `UIImage(data:)` (issue 27 item 4), from Apple's
/// documented formats: an image set's `Contents.json` lists its files by `scale` ("1x", "2x",
/// "3x") under any file names; a group folder with `"provides-namespace": true` prefixes the
/// names inside it.
struct AssetCatalogTests {
    static func write(_ side: Int, _ grey: UInt8, to path: String) throws {
        let pixels = [UInt8]((0..<side * side).flatMap { _ -> [UInt8] in [grey, grey, grey, 255] })
        try SpriteImage(width: side, height: side, pixels: pixels).writePNG(to: path)
    }

    static func json(_ object: Any, to path: String) throws {
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: path))
    }

    /// A catalogue `Assets.xcassets` in a fresh search folder: `xcEmber` (1x and 2x under other
    /// names, an empty 3x slot, an iPad-only 2x and a dark-appearance 2x that must not be used) and
    /// `Particles/xcFlake` in a namespaced group, `xcLeaf` in a plain group.
    static func catalogue(_ tag: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plume-xcassets-\(tag)-\(getpid())").path
        let assets = folder + "/Assets.xcassets"
        let fm = FileManager.default
        try? fm.removeItem(atPath: folder)
        for dir in ["xcEmber.imageset", "Particles/xcFlake.imageset", "Leaves/xcLeaf.imageset"] {
            try fm.createDirectory(atPath: assets + "/" + dir, withIntermediateDirectories: true)
        }
        try json(["info": ["author": "xcode", "version": 1]], to: assets + "/Contents.json")
        try write(6, 10, to: assets + "/xcEmber.imageset/glow-small.png")
        try write(12, 20, to: assets + "/xcEmber.imageset/glow-large.png")
        try write(12, 30, to: assets + "/xcEmber.imageset/glow-ipad.png")
        try write(12, 40, to: assets + "/xcEmber.imageset/glow-dark.png")
        try json(["images": [
            ["idiom": "ipad", "scale": "2x", "filename": "glow-ipad.png"],
            ["idiom": "universal", "scale": "2x", "filename": "glow-dark.png",
             "appearances": [["appearance": "luminosity", "value": "dark"]]],
            ["idiom": "universal", "scale": "1x", "filename": "glow-small.png"],
            ["idiom": "universal", "scale": "2x", "filename": "glow-large.png"],
            ["idiom": "universal", "scale": "3x"],
        ], "info": ["author": "xcode", "version": 1]], to: assets + "/xcEmber.imageset/Contents.json")
        try json(["properties": ["provides-namespace": true]], to: assets + "/Particles/Contents.json")
        try write(9, 50, to: assets + "/Particles/xcFlake.imageset/any-name.png")
        try json(["images": [["idiom": "universal", "scale": "3x", "filename": "any-name.png"]]],
                 to: assets + "/Particles/xcFlake.imageset/Contents.json")
        try write(5, 60, to: assets + "/Leaves/xcLeaf.imageset/xcLeaf.png")
        try json(["images": [["idiom": "universal", "filename": "xcLeaf.png"]]],   // one image for every scale
                 to: assets + "/Leaves/xcLeaf.imageset/Contents.json")
        SpriteImage.addSearchPath(folder)
        return folder
    }

    @Test func imageSetsAreFoundByNameWithTheirScales() throws {
        _ = try Self.catalogue("found")
        let one = try #require(SpriteImage(named: "xcEmber"))
        #expect(one.width == 6 && one.scale == 1 && one.pixels[0] == 10, "scale 1 takes the 1x file: \(one.width)")
        Screen.withScale(2) {
            let two = SpriteImage(named: "xcEmber")
            #expect(two?.width == 12 && two?.scale == 2 && two?.pixels[0] == 20,
                    "scale 2 takes the universal 2x file, not the iPad or dark one: \(String(describing: two?.pixels.first))")
            #expect(two?.size == CGSize(width: 6, height: 6))
        }
        Screen.withScale(3) {
            #expect(SpriteImage(named: "xcEmber")?.scale == 2, "the 3x slot is empty: the nearest below, 2x")
        }
        let xcFlake = SpriteImage(named: "Particles/xcFlake")
        #expect(xcFlake?.width == 9 && xcFlake?.scale == 3, "a namespaced group: \(String(describing: xcFlake?.width))")
        #expect(SpriteImage(named: "xcFlake") == nil, "inside a namespace the bare name is not found")
        let xcLeaf = SpriteImage(named: "xcLeaf")
        #expect(xcLeaf?.width == 5 && xcLeaf?.scale == 1, "a plain group, and an image for every scale")
        let literal: SpriteImage = #imageLiteral(resourceName: "xcEmber")
        #expect(literal.width == 6)
    }

    /// The device is a phone: universal and iphone entries are its own, iPad and other idioms
    /// come only after all of them (an iPad-only 2x never beats a universal 1x at scale 2).
    @Test func theDevicesOwnIdiomsComeFirst() throws {
        let set = FileManager.default.temporaryDirectory.appending(path: "plume-idioms-\(getpid()).imageset").path
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try Self.json(["images": [
            ["idiom": "ipad", "scale": "2x", "filename": "pad2.png"],
            ["idiom": "mac", "scale": "2x", "filename": "mac2.png"],
            ["idiom": "universal", "scale": "1x", "filename": "any1.png"],
            ["idiom": "iphone", "scale": "3x", "filename": "phone3.png"],
            ["idiom": "iphone", "scale": "2x", "filename": "phone2.png"],
            ["idiom": "universal", "scale": "2x", "filename": "any2.png"],
            ["idiom": "universal", "filename": "anyScale.png"],
        ]], to: set + "/Contents.json")
        func files(_ preferred: Int) -> [String] {
            SpriteImage.imageSetFiles(set, preferred: preferred).map { ($0.path as NSString).lastPathComponent }
        }
        #expect(files(2) == ["any2.png", "phone2.png", "any1.png", "phone3.png", "anyScale.png", "pad2.png", "mac2.png"],
                "\(files(2))")
        #expect(files(1) == ["any1.png", "any2.png", "phone2.png", "phone3.png", "anyScale.png", "pad2.png", "mac2.png"],
                "\(files(1))")
        try Self.json(["images": [["idiom": "ipad", "scale": "2x", "filename": "pad2.png"],
                                  ["idiom": "universal", "scale": "1x", "filename": "any1.png"]]], to: set + "/Contents.json")
        #expect(files(2) == ["any1.png", "pad2.png"], "a universal 1x before an iPad 2x: \(files(2))")
    }

    @Test func aBrokenCatalogueEntryIsReportedNotCrashed() throws {
        let folder = try Self.catalogue("broken")
        let set = folder + "/Assets.xcassets/xcCinder.imageset"
        try FileManager.default.createDirectory(atPath: set, withIntermediateDirectories: true)
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: set + "/Contents.json"))
        #expect(SpriteImage(named: "xcCinder") == nil)
        let other = folder + "/Assets.xcassets/xcAsh.imageset"
        try FileManager.default.createDirectory(atPath: other, withIntermediateDirectories: true)
        try Data("not a png".utf8).write(to: URL(fileURLWithPath: other + "/xcAsh.png"))
        try Self.json(["images": [["idiom": "universal", "scale": "1x", "filename": "xcAsh.png"]]], to: other + "/Contents.json")
        #expect(throws: NamedImageError.self) { try SpriteImage.load(named: "xcAsh") }
    }

    /// `UIImage(data:)`: PNG bytes decode, scale 1 unless given; anything else is nil.
    @Test func imagesFromData() throws {
        let path = FileManager.default.temporaryDirectory.appending(path: "plume-data-\(getpid()).png").path
        try Self.write(3, 77, to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let image = try #require(SpriteImage(data: data))
        #expect(image.width == 3 && image.scale == 1 && image.pixels[0] == 77)
        #expect(SpriteImage(data: data, scale: 2)?.size == CGSize(width: 1.5, height: 1.5))
        #expect(SpriteImage(data: Data("GIF89a".utf8)) == nil)
        #expect(SpriteImage(data: Data()) == nil)
    }
}

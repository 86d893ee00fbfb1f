import Foundation
import Plume
@testable import PlumePlayground
import Testing

/// The playground's file browser without a window: what it lists and which path it resolves.
struct FileBrowserTests {
    private func folder() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("plume-browser-\(UUID().uuidString)")
        for sub in ["b-folder", "a-folder", ".hidden"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(sub), withIntermediateDirectories: true)
        }
        for file in ["z.json", "fire.JSON", "old.plist", "notes.txt", ".secret.json"] {
            try Data("{}".utf8).write(to: root.appendingPathComponent(file))
        }
        return root
    }

    @Test func listsFoldersAndEffectFilesForOpenAndJSONForSave() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        let open = FileBrowser(mode: .open, path: root.appendingPathComponent("z.json").path)
        #expect(open.folder == root.standardizedFileURL.path && open.name == "z.json")
        #expect(open.folders == ["a-folder", "b-folder"], "folders \(open.folders)")
        #expect(open.files == ["fire.JSON", "old.plist", "z.json"], "files \(open.files)")
        let save = FileBrowser(mode: .save, path: root.appendingPathComponent("z.json").path)
        #expect(save.files == ["fire.JSON", "z.json"], "files \(save.files)")
        try Data().write(to: root.appendingPathComponent("level.PNG"))
        let mask = FileBrowser(mode: .mask(behavior: 0), path: root.appendingPathComponent("z.json").path)
        #expect(mask.files == ["level.PNG"] && mask.folders == ["a-folder", "b-folder"], "files \(mask.files)")
    }

    /// A collider's Mask… button loads a PNG's alpha as its distance field, as an effect file's
    /// "distanceMask" does; a file that is not a PNG or a mask larger than a field holds is an
    /// error that leaves the collider as it was.
    @Test func aMaskLoadsAsADistanceField() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        var pixels = [UInt8](repeating: 0, count: 8 * 6 * 4)
        for i in stride(from: 3, to: pixels.count, by: 4) where (i / 4) % 8 >= 4 { pixels[i] = 255 }   // the right half
        let path = root.appendingPathComponent("half.png").path
        try SpriteImage(width: 8, height: 6, pixels: pixels).writePNG(to: path)
        let collider = EmitterBehavior(type: .collider, name: "ground")
        collider.sampleSpacing = 3
        try Playground.distanceField(fromMaskAt: path, into: collider)
        let expected = EmitterBehavior(type: .collider)
        expected.setDistanceField(mask: try SpriteImage(contentsOfPNGFile: path), spacing: 3)
        #expect(collider.colliderShape == .distanceField && collider.sampleColumns == 8 && collider.samples == expected.samples)
        #expect(collider.samples[0] > 0 && collider.samples[7] < 0, "outside on the left, inside on the right: \(collider.samples.prefix(8))")
        let before = collider.samples
        #expect(throws: (any Error).self) { try Playground.distanceField(fromMaskAt: root.appendingPathComponent("z.json").path, into: collider) }
        let big = root.appendingPathComponent("big.png").path
        try SpriteImage(width: 400, height: 400, pixels: [UInt8](repeating: 255, count: 400 * 400 * 4)).writePNG(to: big)
        #expect(throws: Playground.MaskTooLarge.self) { try Playground.distanceField(fromMaskAt: big, into: collider) }
        #expect(collider.samples == before, "unchanged by the failures")
    }

    @Test func startsInTheNearestExistingFolderAndResolvesNames() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(at: root) }
        // The default save folder may not exist yet: the browser starts above it.
        var browser = FileBrowser(mode: .save, path: root.appendingPathComponent("not/yet/fire.json").path)
        #expect(browser.folder == root.standardizedFileURL.path && browser.name == "fire.json")
        browser.name = "mine"
        #expect(browser.chosenPath == root.appendingPathComponent("mine.json").standardizedFileURL.path)
        browser.go(to: "a-folder")
        browser.name = "../b-folder/x.json"
        #expect(browser.chosenPath == root.appendingPathComponent("b-folder/x.json").standardizedFileURL.path)
        browser.up()
        #expect(browser.folder == root.standardizedFileURL.path)
        browser.name = "  "
        #expect(browser.chosenPath == nil)
        browser.go(to: root.appendingPathComponent("missing").path)
        #expect(browser.problem != nil && browser.files.isEmpty, "listing a missing folder: \(String(describing: browser.problem))")
    }
}

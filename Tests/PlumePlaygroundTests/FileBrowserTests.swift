import Foundation
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

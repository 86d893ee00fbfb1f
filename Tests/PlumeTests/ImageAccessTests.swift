import Foundation
import PlumeImport
import Testing
@testable import Plume

/// Image paths in effect and `.plist` files stay inside the effect's folder unless the host allows
/// more (issue 23 item 11), and a refused path tells nothing about the file it names.
@Suite struct ImageAccessTests {
    /// `root/effect/` holds the effect, `inside.png`, `sub/deep.png` and symbolic links that lead
    /// out (`link.png` → `../secret.png`, `out/` → `root/`, `dangling.png` → `../nothing.png`);
    /// `root/secret.png` is the file outside.
    final class Tree {
        let root: URL, effect: URL
        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("plume-access-\(UUID().uuidString)")
            effect = root.appendingPathComponent("effect")
            let fm = FileManager.default
            try fm.createDirectory(at: effect.appendingPathComponent("sub"), withIntermediateDirectories: true)
            let png = SpriteImage.builtin(.spark, size: 8)
            for path in ["secret.png", "effect/inside.png", "effect/sub/deep.png"] {
                try png.writePNG(to: root.appendingPathComponent(path).path)
            }
            try fm.createSymbolicLink(atPath: effect.appendingPathComponent("link.png").path, withDestinationPath: "../secret.png")
            try fm.createSymbolicLink(atPath: effect.appendingPathComponent("out").path, withDestinationPath: root.path)
            try fm.createSymbolicLink(atPath: effect.appendingPathComponent("dangling.png").path, withDestinationPath: "../nothing.png")
        }
        deinit { try? FileManager.default.removeItem(at: root) }

        /// The issues of an effect whose one cell names `image`, loaded with `access`.
        func issues(_ image: String, access: ImageAccess = .effectFolder) throws -> [EffectIssue] {
            let json = #"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [{"name": "c", "birthRate": 1, "lifetime": 1, "contents": "\#(image)"}]}}"#
            let url = effect.appendingPathComponent("effect.json")
            try Data(json.utf8).write(to: url)
            return EffectFile.validate(contentsOf: url, imageAccess: access).filter { $0.severity == .error }
        }
    }

    @Test func pathsInsideTheEffectsFolderLoad() throws {
        let tree = try Tree()
        for path in ["inside.png", "sub/deep.png", "sub/../inside.png", "./sub/deep.png", tree.effect.path + "/inside.png"] {
            let issues = try tree.issues(path)
            #expect(issues.isEmpty, "\(path): \(issues)")
        }
        let missing = try tree.issues("nope.png")
        #expect(missing.count == 1 && missing[0].message.contains("does not exist"), "inside the folder, a missing file is said missing: \(missing)")
    }

    /// Every refused path, existing or not, gets the same message (its own name aside).
    @Test func pathsLeadingOutAreRefusedAlikeWhetherOrNotTheFileExists() throws {
        let tree = try Tree()
        let pairs: [(exists: String, missing: String)] = [
            ("../secret.png", "../nothing.png"),
            (tree.root.path + "/secret.png", tree.root.path + "/nothing.png"),
            ("link.png", "dangling.png"),
            ("out/secret.png", "out/nothing.png"),
            ("sub/../../secret.png", "sub/../../nothing.png"),
            ("out/effect/../secret.png", "out/effect/../nothing.png"),
            ("/dev/zero", "/dev/nothing"),
        ]
        for (exists, missing) in pairs {
            let a = try tree.issues(exists), b = try tree.issues(missing)
            #expect(a.count == 1 && b.count == 1, "\(exists): \(a); \(missing): \(b)")
            guard let ea = a.first, let eb = b.first else { continue }
            #expect(ea.message.contains("outside the effect's folder"), "\(exists) was not refused: \(ea.message)")
            #expect(ea.message.replacingOccurrences(of: exists, with: "X") == eb.message.replacingOccurrences(of: missing, with: "X"),
                    "the messages tell an existing file from a missing one:\n\(ea.message)\n\(eb.message)")
        }
    }

    @Test func theHostMayAllowMore() throws {
        let tree = try Tree()
        #expect(try tree.issues("../secret.png", access: .folders([tree.root])).isEmpty)
        #expect(try tree.issues("link.png", access: .folders([tree.root])).isEmpty)
        #expect(try tree.issues(tree.root.path + "/secret.png", access: .anywhere).isEmpty)
        let other = try tree.issues("../secret.png", access: .folders([tree.effect.appendingPathComponent("sub")]))
        #expect(other.first?.message.contains("outside the effect's folder") == true, "\(other)")
    }

    /// Plume's bundled resources are allowed too (a JSON file there is no PNG: a decoding error,
    /// not a refusal).
    @Test func theBundledResourcesAreAllowed() throws {
        let tree = try Tree()
        let bundled = try #require(Preset.fire.effectFileURL, "the bundled effects are missing")
        #expect(!ImageAccess.bundledFolders.isEmpty, "the bundled resources were not found next to the executable")
        let issues = try tree.issues(bundled.path)
        #expect(issues.count == 1 && !issues[0].message.contains("outside the effect's folder"), "\(issues)")
    }

    @Test func plistTexturesAreConfinedToo() throws {
        let tree = try Tree()
        let url = tree.effect.appendingPathComponent("fire.plist")
        for (name, loads) in [("inside.png", true), ("../secret.png", false), ("link.png", false)] {
            try ParticleDesignerImportTests.plist(ParticleDesignerImportTests.gravityKeys + [("textureFileName", name)]).write(to: url)
            let result = try ParticleDesignerImport.read(from: url)
            let warning = result.warnings.first { $0.path == "$.textureFileName" }
            if loads {
                #expect(warning == nil && result.layer.emitterCells?.first?.contents?.width == 8, "\(name): \(result.warnings)")
            } else {
                #expect(warning?.message.contains("outside the effect's folder") == true, "\(name): \(result.warnings)")
                #expect(result.layer.emitterCells?.first?.contents == .builtin(.softDot))
                let allowed = try ParticleDesignerImport.read(from: url, imageAccess: .folders([tree.root]))
                #expect(allowed.layer.emitterCells?.first?.contents?.width == 8, "\(name) with the root allowed: \(allowed.warnings)")
            }
        }
    }
}

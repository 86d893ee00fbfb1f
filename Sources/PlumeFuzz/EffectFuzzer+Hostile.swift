import Foundation
import Plume
import PlumeImport

/// The hostile families of the loader fuzzer (issue 23): image paths that name devices, pipes,
/// folders and files outside the effect's folder, and storms of unknown keys. Each case must end
/// quickly with a typed outcome: loaded, or refused with at least one issue that says why.
extension EffectFuzzer {
    /// A folder of hostile image targets next to the fuzz effects: a FIFO (opening it would block
    /// forever), links to `/dev/zero` and `/dev/stdin`, a folder, a file outside and one good PNG.
    package final class Sandbox {
        package let folder: URL
        let root: URL

        package init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("plume-fuzz-\(getpid())-\(UUID().uuidString)")
            folder = root.appendingPathComponent("effect")
            let fm = FileManager.default
            try fm.createDirectory(at: folder.appendingPathComponent("dir"), withIntermediateDirectories: true)
            if let png = ParticleDesignerFixtures.dotPNG() {
                try png.write(to: folder.appendingPathComponent("dot.png"))
                try png.write(to: root.appendingPathComponent("outside.png"))
            }
            guard mkfifo(folder.appendingPathComponent("fifo").path, 0o600) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: "fifo"])
            }
            try fm.createSymbolicLink(atPath: folder.appendingPathComponent("zero").path, withDestinationPath: "/dev/zero")
            try fm.createSymbolicLink(atPath: folder.appendingPathComponent("stdin").path, withDestinationPath: "/dev/stdin")
            try fm.createSymbolicLink(atPath: folder.appendingPathComponent("out.png").path, withDestinationPath: "../outside.png")
        }

        deinit { try? FileManager.default.removeItem(at: root) }

        /// The absolute path of the file outside the effect's folder.
        package var outsidePath: String { root.path + "/outside.png" }

        /// Image paths a hostile file may hold; `dot.png` is the one that loads.
        package var paths: [String] {
            ["/dev/stdin", "/dev/zero", "/dev/null", "/dev/urandom", "/dev/tty", "/proc/self/mem", "/", "", ".", "..",
             "fifo", folder.path + "/fifo", "zero", "stdin", "dir", "dir/", "../outside.png", root.path + "/outside.png",
             "out.png", "dir/../../outside.png", "nonexistent.png", "dot.png", "./dot.png"]
        }
    }

    /// One hostile image path in an effect file or a `.plist`, loaded with the default access or
    /// with any path allowed (then BoundedFile is what refuses devices and pipes).
    /// - Returns: whether it loaded (a `.plist` whose texture was refused loads with the soft dot
    ///   and a warning; counted as refused), and whether a refusal said why.
    static func devicePathCase(_ sandbox: Sandbox, _ r: inout FuzzRandom, json: Bool) -> (loaded: Bool, explained: Bool) {
        let paths = sandbox.paths
        let path = paths[Int(r.next() % UInt64(paths.count))]
        let access: ImageAccess = r.chance(0.5) ? .effectFolder : .anywhere
        return imagePathCase(sandbox, path: path, access: access, json: json, objectForm: r.chance(0.5))
    }

    /// The image path `path` in an effect file (`json`) or a `.plist`, loaded with `access`.
    package static func imagePathCase(_ sandbox: Sandbox, path: String, access: ImageAccess, json: Bool,
                                      objectForm: Bool = true) -> (loaded: Bool, explained: Bool) {
        let quoted = String(decoding: (try? JSONSerialization.data(withJSONObject: [path], options: [.fragmentsAllowed])) ?? Data("[\"\"]".utf8),
                            as: UTF8.self).dropFirst().dropLast()
        if json {
            let form = objectForm ? "{\"path\": \(quoted)}" : String(quoted)
            let text = #"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [{"name": "c", "birthRate": 5, "lifetime": 1, "contents": \#(form)}]}}"#
            let (document, issues) = EffectFile.check(Data(text.utf8), file: "fuzz.json", baseDirectory: sandbox.folder, imageAccess: access)
            return (document != nil, document != nil || issues.contains { $0.severity == .error && !$0.message.isEmpty })
        }
        var dictionary = ParticleDesignerFixtures.dictionaries()[0]
        dictionary.removeValue(forKey: "textureImageData")
        dictionary["textureFileName"] = path
        guard let data = try? PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0) else { return (false, false) }
        do {
            let result = try ParticleDesignerImport.decode(data, file: "fuzz.plist", baseDirectory: sandbox.folder, imageAccess: access)
            let warned = result.warnings.contains { $0.path == "$.textureFileName" }
            return (!warned, true)
        } catch {
            return (false, !error.issues.isEmpty)
        }
    }

    /// A storm of `count` unknown keys on a cell and the layer (JSON) or in the dictionary
    /// (`.plist`): it must load, warn, and cost time linear in its bytes.
    /// - Returns: the outcome and the time the load took (building the input is not counted).
    static func stormCase(count: Int, json: Bool) -> (loaded: Bool, explained: Bool, load: Duration) {
        let clock = ContinuousClock()
        if json {
            var text = #"{"format": "plume-effect", "version": 1, "layer": {"#
            for i in 0..<count / 2 { text += "\"layerKey\(i)\": \(i), " }
            text += #""emitterCells": [{"name": "c", "birthRate": 1, "lifetime": 1"#
            for i in 0..<(count - count / 2) { text += ", \"birthRat\(i)\": \(i)" }
            text += "}]}}"
            let data = Data(text.utf8)
            let t0 = clock.now
            let (document, issues) = EffectFile.check(data, file: "storm.json")
            return (document != nil, issues.contains { $0.severity == .warning }, clock.now - t0)
        }
        var dictionary = ParticleDesignerFixtures.dictionaries()[0]
        for i in 0..<count { dictionary["unknownKey\(i)"] = i }
        guard let data = try? PropertyListSerialization.data(fromPropertyList: dictionary, format: .xml, options: 0) else {
            return (false, false, .zero)
        }
        let t0 = clock.now
        do {
            let result = try ParticleDesignerImport.decode(data, file: "storm.plist")
            return (true, !result.warnings.isEmpty, clock.now - t0)
        } catch {
            return (false, !error.issues.isEmpty, clock.now - t0)
        }
    }
}

import Foundation
import Testing

/// PlumeGL's folders form a stack and every GL call goes through its bottom folder (issue 24
/// item 3): a source check, so it needs no context.
///
/// * **The stack.** `GL` (the thin typed layer over libepoxy) at the bottom, then `Context`,
///   `GPU`, `Render`, `Measure`: a file may name the types its own folder and the folders below
///   declare, never one declared above (comments aside).
/// * **Raw GL stays in the layer.** No `plume_gl…` call outside `Sources/PlumeGL` (examples, which
///   are a game's own code, aside), and at most ``rawCallsAboveTheLayer`` in PlumeGL's folders
///   above `GL`.
/// * **Typed constants.** No `GLenum(GL_…)` cast outside `GL/` (call sites read `.triangles`, typed
///   by `GL/GLConstants.swift`), and at most ``castCeiling`` inside it (the one use each of an
///   enumerant only the layer passes).
@Suite struct GLLayeringTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// PlumeGL's folders, bottom first.
    static let stack = ["GL", "Context", "GPU", "Render", "Measure"]
    /// The most raw calls PlumeGL's folders above `GL` may make together (the issue's target: 60).
    static let rawCallsAboveTheLayer = 60
    /// The most `GLenum(GL_…)` casts the tree may hold, all in `GL/` (379 when issue 24 was filed,
    /// 419 before item 3, 39 after it).
    static let castCeiling = 39
    /// A raw call: the shim's prefix followed by a GL entry point (spelled in two pieces so this
    /// file does not count itself).
    static var rawCall: Regex<AnyRegexOutput> { try! Regex("plume_" + "gl[A-Z][A-Za-z0-9_]*") }
    static var cast: Regex<AnyRegexOutput> { try! Regex("GLenum\\((bitPattern: )?" + "GL_") }

    /// The Swift files under `folder` (relative to the repository), with their lines.
    static func swiftFiles(under folder: String) -> [(path: String, lines: [Substring])] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
            .sorted { $0.path < $1.path }
            .compactMap { url in
                guard let text = try? String(contentsOf: url, encoding: .utf8) else { return nil }
                return (String(url.path.dropFirst(root.path.count + 1)), text.split(separator: "\n", omittingEmptySubsequences: false))
            }
    }

    /// A line without its comment (a `//` outside a string literal ends the code).
    static func code(_ line: Substring) -> Substring {
        var inString = false
        var previous: Character = " "
        for index in line.indices {
            let c = line[index]
            if c == "\"" && previous != "\\" { inString.toggle() }
            if !inString, c == "/", previous == "/" { return line[..<line.index(before: index)] }
            previous = c
        }
        return line
    }

    /// The lines (`path:line: text`) of `files` that match `pattern` in code.
    static func hits(_ pattern: Regex<AnyRegexOutput>, in files: [(path: String, lines: [Substring])]) -> [String] {
        files.flatMap { file in
            file.lines.enumerated().flatMap { number, line in
                code(line).matches(of: pattern).map { _ in "\(file.path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))" }
            }
        }
    }

    @Test func glFolderIsTheBottomOfTheStack() throws {
        let declaration = try Regex("(?:class|struct|enum|protocol|actor|typealias)\\s+([A-Z][A-Za-z0-9_]*)")
        var violations: [String] = []
        for (level, folder) in Self.stack.enumerated() {
            let above = Self.stack[(level + 1)...].flatMap { Self.swiftFiles(under: "Sources/PlumeGL/\($0)") }
            let names = Set(above.flatMap { $0.lines.flatMap { Self.code($0).matches(of: declaration).compactMap { $0.output[1].substring } } })
            let files = Self.swiftFiles(under: "Sources/PlumeGL/\(folder)")
            for name in names.sorted() {
                let word = try Regex("\\b\(name)\\b")
                violations += Self.hits(word, in: files).map { "\(folder) names \(name), declared above it: \($0)" }
            }
        }
        #expect(violations.isEmpty, "PlumeGL's folders must form a stack (\(Self.stack.joined(separator: " < "))):\n\(violations.joined(separator: "\n"))")
    }

    @Test func noRawGLOutsideThePlumeGLLayer() {
        let outside = ["Sources/Plume", "Sources/PlumeDrawing", "Sources/PlumeImport", "Sources/PlumeWindow",
                       "Sources/PlumePlayground", "Sources/PlumeFuzz", "Sources/plume", "Benchmarks", "Tests"]
        let found = outside.flatMap { Self.hits(Self.rawCall, in: Self.swiftFiles(under: $0)) }
        #expect(found.isEmpty, "\(found.count) raw GL calls outside Sources/PlumeGL (use its typed layer):\n\(found.joined(separator: "\n"))")
    }

    @Test func rawGLAboveTheGLFolderStaysUnderTheTarget() {
        var counts: [String] = [], all: [String] = []
        for folder in Self.stack.dropFirst() {
            let found = Self.hits(Self.rawCall, in: Self.swiftFiles(under: "Sources/PlumeGL/\(folder)"))
            counts.append("\(folder) \(found.count)")
            all += found
        }
        #expect(all.count <= Self.rawCallsAboveTheLayer,
                "\(all.count) raw GL calls in PlumeGL above GL/ (\(counts.joined(separator: ", "))), at most \(Self.rawCallsAboveTheLayer):\n\(all.joined(separator: "\n"))")
    }

    @Test func glEnumsAreTypedConstants() {
        let found = ["Sources", "Tests", "Benchmarks"].flatMap { Self.hits(Self.cast, in: Self.swiftFiles(under: $0)) }
        let outside = found.filter { !$0.hasPrefix("Sources/PlumeGL/GL/") }
        #expect(outside.isEmpty, "casts of GL_ constants to GLenum outside Sources/PlumeGL/GL (use the typed constants of GL/GLConstants.swift):\n\(outside.joined(separator: "\n"))")
        #expect(found.count <= Self.castCeiling,
                "\(found.count) casts of GL_ constants to GLenum, at most \(Self.castCeiling) (add a typed constant to GL/GLConstants.swift):\n\(found.joined(separator: "\n"))")
    }
}

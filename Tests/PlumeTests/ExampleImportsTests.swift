import Foundation
import Testing

/// Issue 28 item 8: the examples are what a game's package can write. Every module an example
/// imports, and every dependency Package.swift gives an example target, is one of Plume's
/// products, a target of the example's own under `Examples/`, or a system module — never an
/// internal module such as `CEpoxy` or `CGLFW` (which compile only because SwiftPM leaks the
/// clang modules of dependencies).
struct ExampleImportsTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    /// Modules of the toolchain and the system a game may import.
    static let system: Set<String> = ["Foundation", "FoundationEssentials", "Glibc", "Musl", "Dispatch", "Darwin", "Testing"]

    /// Library products, and the targets under `Examples/` (by name), read from Package.swift.
    static func package() throws -> (products: Set<String>, examples: [String: [String]]) {
        let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        func matches(_ pattern: String, in text: String) throws -> [[String]] {
            let regex = try NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators])
            return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                (1..<match.numberOfRanges).map { i in Range(match.range(at: i), in: text).map { String(text[$0]) } ?? "" }
            }
        }
        let products = Set(try matches(#"\.library\(name: "(\w+)""#, in: text).map { $0[0] })
        // Each target declaration runs to the next one: its name, dependencies and path.
        let starts = try NSRegularExpression(pattern: #"\.(?:target|executableTarget|systemLibrary|testTarget|plugin)\("#)
            .matches(in: text, range: NSRange(text.startIndex..., in: text)).compactMap { Range($0.range, in: text)?.lowerBound }
        var examples: [String: [String]] = [:]
        for (i, start) in starts.enumerated() {
            let declaration = String(text[start..<(i + 1 < starts.count ? starts[i + 1] : text.endIndex)])
            guard declaration.contains(#"path: "Examples/"#),
                  let name = try matches(#"^\.\w+\(\s*name: "(\w+)""#, in: declaration).first?[0] else { continue }
            examples[name] = try matches(#"dependencies: \[([^\]]*)\]"#, in: declaration).first.map {
                try matches(#""(\w+)""#, in: $0[0]).map { $0[0] }
            } ?? []
        }
        return (products, examples)
    }

    @Test func packageSwiftDeclaresTheExamples() throws {
        let (products, examples) = try Self.package()
        #expect(products == ["Plume", "PlumeGL", "PlumeDrawing", "PlumeImport", "PlumeWindow", "PlumePlayground"], "library products: \(products.sorted())")
        for name in ["ShipGame", "SDLEmbed", "ExportFrames", "MovingEmitter", "ShipEffects", "CSDL2"] {
            #expect(examples[name] != nil, "\(name) is not a target under Examples/ in Package.swift: \(examples.keys.sorted())")
        }
    }

    @Test func examplesDependOnProductsAndTheirOwnTargetsOnly() throws {
        let (products, examples) = try Self.package()
        let allowed = products.union(examples.keys)
        for (name, dependencies) in examples.sorted(by: { $0.key < $1.key }) {
            let foreign = dependencies.filter { !allowed.contains($0) }
            #expect(foreign.isEmpty, "Package.swift: example target \(name) depends on \(foreign), not a product of Plume nor a target under Examples/")
        }
    }

    @Test func examplesImportProductsTheirOwnModulesAndSystemModulesOnly() throws {
        let (products, examples) = try Self.package()
        let allowed = products.union(examples.keys).union(Self.system)
        let folder = Self.root.appendingPathComponent("Examples")
        let files = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count >= 5, "found only \(files.map(\.lastPathComponent)) under Examples/")
        let importLine = try NSRegularExpression(pattern: #"^\s*(?:@[\w()]+\s+)*(?:public\s+|internal\s+|package\s+|private\s+|fileprivate\s+)?import\s+(?:(?:struct|class|enum|protocol|func|var|let|typealias)\s+)?(\w+)"#)
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for (number, line) in text.components(separatedBy: "\n").enumerated() {
                let range = NSRange(line.startIndex..., in: line)
                guard let match = importLine.firstMatch(in: line, range: range),
                      let module = Range(match.range(at: 1), in: line).map({ String(line[$0]) }) else { continue }
                let isAllowed = allowed.contains(module)
                #expect(isAllowed,
                        "\(file.path.replacingOccurrences(of: Self.root.path + "/", with: "")):\(number + 1): imports \(module), which is not a product of Plume (\(products.sorted())), a target under Examples/, or a system module")
            }
        }
    }
}

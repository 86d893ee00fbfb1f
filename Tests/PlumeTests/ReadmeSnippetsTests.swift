import Foundation
import Testing

/// The README's Swift snippets compile as written (issue 28, item 12): the `ReadmeSnippets`
/// example target is their concatenation as top-level code (a fresh Swift 6 package's
/// `main.swift`), which `swift build` and `swift test` compile; this test keeps that file equal to
/// the README, so a snippet edited in one place and not the other fails here, and one that stops
/// compiling fails the build.
///
/// Why a target in this package rather than a package built by path inside the test: the target
/// compiles in the build CI already runs (no second build of Plume, no dependency resolution
/// inside a test, which has no network), with the same language mode as a fresh package.
@Suite struct ReadmeSnippetsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The bodies of the ```swift blocks of a Markdown text, in order.
    static func swiftBlocks(_ markdown: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil {
                if line == "```swift" { current = [] }
            } else if line.hasPrefix("```") {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current!.append(line)
            }
        }
        return blocks
    }

    @Test func theSnippetsTargetIsTheReadmesSwiftBlocks() throws {
        let readme = try String(contentsOf: Self.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let blocks = Self.swiftBlocks(readme)
        #expect(blocks.count >= 4, "README.md: only \(blocks.count) ```swift blocks found")
        let file = Self.repository.appendingPathComponent("Examples/ReadmeSnippets/main.swift")
        let text = try String(contentsOf: file, encoding: .utf8)
        // The file: its header comment, then each block followed by one blank line.
        let body = text.split(separator: "\n", omittingEmptySubsequences: false)
            .drop { $0.hasPrefix("//") }.dropFirst()      // the header and the blank line after it
            .joined(separator: "\n")
        let expected = blocks.map { $0 + "\n\n" }.joined()
        #expect(body == expected, """
            Examples/ReadmeSnippets/main.swift is not the README's ```swift blocks: keep its header and \
            replace the rest with the blocks, in order, each followed by one blank line:
              awk '/^```swift$/{f=1;next} /^```$/{if(f)print "";f=0} f' README.md
            """)
    }
}

import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// The GLSL sources: validated by the reference compiler, consistent with the Swift tables, and
/// embedded in the binary. (Compiling and linking on the driver is `ContextTests`.)
@Suite struct ShaderTests {
    /// Every stage of the variants the engine uses passes `glslangValidator` (Debian's
    /// glslang-tools, installed by `.ci/setup`).
    @Test func glslangValidatorAcceptsEveryStage() throws {
        let validator = ["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        let path = try #require(validator, "glslangValidator is missing: run .ci/setup (Debian package glslang-tools)")
        let folder = FileManager.default.temporaryDirectory.appending(path: "plume-glsl-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kinds: [PassKind] = [.update, .spawn, .overflow, .birth, .copy, .hashVectors]
        for kind in kinds {
            for (sub, csub) in [(0, 0), (1, 0), (2, 3), (ParticleRecord.maxSubCells, ParticleRecord.maxSubCells)] {
                for (file, _) in kind.stages {
                    let source = ShaderLibrary.assemble(stage: file, defines: ["SUB": sub, "CSUB": csub])
                    let ext = file.split(separator: ".").last.map(String.init) ?? "vert"
                    let url = folder.appending(path: "\(kind.rawValue)-\(sub)-\(csub)-\(file)")
                    try source.write(to: url, atomically: true, encoding: .utf8)
                    let process = Process()
                    process.executableURL = URL(fileURLWithPath: path)
                    process.arguments = ["-S", ext, url.path]
                    let pipe = Pipe()
                    process.standardOutput = pipe
                    process.standardError = pipe
                    try process.run()
                    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                    process.waitUntilExit()
                    #expect(process.terminationStatus == 0, "\(kind) SUB \(sub) CSUB \(csub) \(file):\n\(output)")
                }
            }
        }
    }

    /// `Shaders/plume_draws.glsl` lists exactly the draw indices of `DrawIndex`.
    @Test func drawIndexTableMatchesTheShader() throws {
        let text = try #require(ShaderLibrary.source("plume_draws.glsl"))
        var glsl: [String: UInt32] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("const uint DRAW_") {
            let parts = line.split(whereSeparator: { " =;u".contains($0) })
            if parts.count >= 4, let v = UInt32(parts[3]) { glsl[String(parts[2])] = v }
        }
        let swift = Dictionary(uniqueKeysWithValues: DrawIndex.allCases.map { index -> (String, UInt32) in
            let snake = "\(index)".reduce(into: "") { out, ch in
                if ch.isUppercase { out += "_" }
                out += ch.uppercased()
            }
            return ("DRAW_" + snake, index.rawValue)
        })
        #expect(glsl == swift, "GLSL \(glsl.sorted { $0.value < $1.value }) vs Swift \(swift.sorted { $0.value < $1.value })")
    }

    /// The binary carries every file of `Shaders/` byte for byte: no resource folder at run time.
    @Test func shadersAreEmbeddedVerbatim() throws {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appending(path: "Shaders")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        #expect(files == ShaderLibrary.fileNames)
        for file in files {
            let disk = try String(contentsOf: folder.appending(path: file), encoding: .utf8)
            #expect(ShaderLibrary.source(file) == disk, "\(file) differs from its embedded copy")
        }
    }

    /// Transform-feedback outputs come from the `@capture` marks next to the declarations.
    @Test func capturedOutputsAreReadFromTheSource() {
        #expect(ShaderLibrary.capturedOutputs(of: "update.geom", arrayCount: 2) == ["xf_rec[0]", "xf_rec[1]"])
        #expect(ShaderLibrary.capturedOutputs(of: "hash_vectors.vert", arrayCount: 9) == ["xf_out"])
    }
}

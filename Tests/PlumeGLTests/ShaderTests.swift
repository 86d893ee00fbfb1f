import Foundation
import PlumeTestSupport
import Testing
@testable import Plume
@testable import PlumeGL

/// The GLSL sources: validated by the reference compiler, consistent with the Swift tables, and
/// embedded in the binary. (Compiling and linking on the driver is `ContextTests`.)
@Suite struct ShaderTests {
    /// Every stage of every program of the contract, at the sub-cell counts the engine uses, as
    /// GLSL 4.00 and as the GL 3.3 tier's GLSL 3.30, passes `glslangValidator` (Debian's
    /// glslang-tools, installed by `.ci/setup`).
    @Test(arguments: PassKind.allCases) func glslangValidatorAcceptsEveryStage(of kind: PassKind) throws {
        let validator = ["/usr/bin/glslangValidator", "/usr/local/bin/glslangValidator"]
            .first { FileManager.default.isExecutableFile(atPath: $0) }
        let path = try #require(validator, "glslangValidator is missing: run .ci/setup (Debian package glslang-tools)")
        let folder = FileManager.default.temporaryDirectory.appending(path: "plume-glsl-\(getpid())-\(kind)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var keys = [(0, 0), (1, 0), (2, 3), (ParticleRecord.maxSubCells, ParticleRecord.maxSubCells)]
            .map { ProgramKey(kind: kind, sub: $0.0, csub: $0.1) }
        if kind.rawValue.hasPrefix("draw") {       // with each kind of behaviour code (ProgramFeatures)
            keys += [.curves, .motion, [.curves, .motion]].map { ProgramKey(kind: kind, sub: 0, csub: 0, features: $0) }
        }
        // GLSL 4.00 and 3.30 (the GL 3.3 tier's: no implicit int → uint conversion, no `precise`)
        for key in keys {
            for glVersion in [40, 33] {
                for (file, _) in kind.stages {
                    let source = ShaderLibrary.assemble(program: kind.rawValue, stage: file, defines: key.defines, glVersion: glVersion)
                    let ext = file.split(separator: ".").last.map(String.init) ?? "vert"
                    let url = folder.appending(path: "\(kind.rawValue)-\(key.sub)-\(key.csub)-\(key.features.rawValue)-\(glVersion)-\(file)")
                    try source.write(to: url, atomically: true, encoding: .utf8)
                    let (process, output) = try runProcess(path, ["-S", ext, url.path])
                    #expect(process.terminationStatus == 0, "\(key) GLSL \(glVersion)0 \(file):\n\(output)")
                }
            }
        }
    }

    /// Stage and library files declare no uniforms of their own: every uniform comes from
    /// `Shaders/plume.contract`, so the host's typed handles and the shaders cannot drift apart.
    @Test func uniformsAreDeclaredOnlyByTheContract() {
        for file in ShaderLibrary.fileNames where file != "plume_contract.glsl" {
            let text = ShaderLibrary.source(file) ?? ""
            let declarations = text.split(separator: "\n").filter { $0.trimmingCharacters(in: .whitespaces).hasPrefix("uniform ") }
            #expect(declarations.isEmpty, "\(file) declares \(declarations); declare them in Shaders/plume.contract")
        }
    }

    /// The GLSL record layout and the Swift decoder are the same: the word offsets GLSL's
    /// generated `plume_unpack` reads each field from are the offsets `ParticleRecord` decodes.
    @Test func glslRecordLayoutEqualsSwifts() throws {
        let text = try #require(ShaderLibrary.source("plume_contract.glsl"))
        func define(_ name: String) -> Int? {
            text.split(separator: "\n").first { $0.hasPrefix("#define \(name) ") }
                .flatMap { Int($0.split(separator: " ")[2]) }
        }
        #expect(define("PARTICLE_WORDS") == ParticleRecord.fieldWords)
        #expect(define("CLOCK_WORDS") == ClockRecord.fieldWords)
        #expect(define("MAX_SUB") == ParticleRecord.maxSubCells)
        // `p.NAME = plume_TYPE(r, OFFSET)` or a vector of such reads: the first offset.
        var glsl: [String: Int] = [:]
        for line in text.split(separator: "\n") {
            let t = line.trimmingCharacters(in: .whitespaces)
            guard t.hasPrefix("p."), let eq = t.firstIndex(of: "=") else { continue }
            let name = String(t[t.index(t.startIndex, offsetBy: 2)..<eq]).trimmingCharacters(in: .whitespaces)
            // The first word read: the number after the first `(r, `.
            if let read = t.range(of: "(r, "), let offset = Int(t[read.upperBound...].prefix { $0.isNumber }) {
                glsl[name] = offset
            }
        }
        let swift: [String: Int] = [
            "serial": ParticleRecord.Word.serial, "anchorAge": ParticleRecord.Word.anchorAge, "age": ParticleRecord.Word.age,
            "lifetime": ParticleRecord.Word.lifetime, "anchorPos": ParticleRecord.Word.anchorPos,
            "anchorVel": ParticleRecord.Word.anchorVel, "generation": ParticleRecord.Word.generation,
            "contacts": ParticleRecord.Word.contacts,
        ]
        #expect(glsl == swift, "GLSL \(glsl.sorted { $0.value < $1.value }) vs Swift \(swift.sorted { $0.value < $1.value })")
        // What a sub-cell's record inherits: `PARTICLE_WORDS + OFFSET`, in declaration order.
        #expect(define("INHERIT_WORDS") == InheritRecord.fieldWords)
        let inheritLine = try #require(text.split(separator: "\n").first { $0.contains("p.inherit = child") })
        let inheritOffsets = inheritLine.components(separatedBy: "PARTICLE_WORDS + ").dropFirst()
            .compactMap { Int($0.prefix { $0.isNumber }) }
        #expect(inheritLine.contains("(r, PARTICLE_WORDS)") && InheritRecord.Word.parent == 0
                && inheritOffsets.contains(InheritRecord.Word.scale)
                && inheritOffsets.contains(InheritRecord.Word.color), "GLSL inherit words \(inheritLine)")
        // The clock: `b + OFFSET` in the generated constructor, in declaration order.
        let clockLine = try #require(text.split(separator: "\n").first { $0.contains("p.clocks[j] = j < subs") })
        let clockOffsets = clockLine.components(separatedBy: "b + ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        let firstIsBase = clockLine.contains("(r, b)")
        #expect(firstIsBase && clockOffsets == [ClockRecord.Word.lastSerial, ClockRecord.Word.running],
                "GLSL clock words \(clockLine)")
        #expect(ClockRecord.Word.fraction == 0)
    }

    /// Shape, mode, render-mode and event ordinals: the constants GLSL compares with are the ordinals
    /// the host sets (generated from one list; an undeclared Swift case does not compile); and
    /// the contract's `constant` lines hold the same values on both sides.
    @Test func enumOrdinalsMatchTheShaders() throws {
        let text = try #require(ShaderLibrary.source("plume_contract.glsl"))
        var glsl: [String: Int32] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("const int ") {
            let parts = line.dropFirst(10).split(whereSeparator: { " =;".contains($0) })
            if parts.count == 2, let v = Int32(parts[1]) { glsl[String(parts[0])] = v }
        }
        var swift: [String: Int32] = [:]
        for c in EmitterShape.allCases { swift["EmitterShape_\(c)"] = c.contractOrdinal }
        for c in EmitterMode.allCases { swift["EmitterMode_\(c)"] = c.contractOrdinal }
        for c in EmitterRenderMode.allCases { swift["EmitterRenderMode_\(c)"] = c.contractOrdinal }
        for c in EmitterEvent.allCases { swift["EmitterEvent_\(c)"] = c.contractOrdinal }
        for (name, value) in ShaderConstant.byName { swift[name] = Int32(value) }
        #expect(glsl == swift)
        #expect(ShaderConstant.QUAD_VECS == 3 && QuadListBuffer.bytesPerQuad == 48)
        #expect(Set(EmitterShape.allCases.map(\.contractOrdinal)).count == EmitterShape.allCases.count)
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
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".contract") }.sorted()
        // Plus the GLSL generated from the contract.
        #expect((files + ["plume_contract.glsl"]).sorted() == ShaderLibrary.fileNames)
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

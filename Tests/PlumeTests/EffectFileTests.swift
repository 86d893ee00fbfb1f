import Foundation
import PlumeImport
import Testing
@testable import Plume

/// Effect files: round trips, the property table, errors with paths and positions.
@Suite struct EffectFileTests {
    @Test func everyModelPropertyHasAKnownKind() {
        #expect(EffectModel.unknownKeys.isEmpty, "properties the effect format cannot read or write: \(EffectModel.unknownKeys)")
        // Every key of the key-path tables (but components and aliases) is a property of the format.
        let layerKeys = Set(EmitterLayer.keyTable.keys.filter { !$0.contains(".") })
            .subtracting(EffectProperty<EmitterLayer>.derived).subtracting(EffectProperty<EmitterLayer>.aliases)
        #expect(layerKeys == Set(EffectModel.layer.properties.map(\.key)))
        let cellKeys = Set(EmitterCell.keyTable.keys.filter { !$0.contains(".") }).subtracting(EffectProperty<EmitterCell>.aliases)
        #expect(cellKeys == Set(EffectModel.cell.properties.map(\.key)))
        let behaviorKeys = Set(EmitterBehavior.keyTable.keys.filter { !$0.contains(".") })
            .subtracting(EffectProperty<EmitterBehavior>.derived).subtracting(EffectProperty<EmitterBehavior>.aliases)
        #expect(behaviorKeys == Set(EffectModel.behavior.properties.map(\.key)))
    }

    @Test func presetsRoundTripExactly() throws {
        for preset in Preset.allCases {
            for unit in EffectFile.AngleUnit.allCases {
                let layer = preset.makeLayer(beginTime: 12.5)
                let data = try EffectFile.encode(layer, options: .init(angleUnit: unit))
                let back = try EffectFile.decode(data).layer
                let diffs = effectDifferences(layer, back)
                #expect(diffs.isEmpty, "\(preset) in \(unit): \(diffs.prefix(5))")
                // Writing the read-back layer gives the same bytes.
                #expect(try EffectFile.encode(back, options: .init(angleUnit: unit)) == data, "\(preset) in \(unit)")
            }
        }
    }

    @Test func randomLayersRoundTripExactly() throws {
        var r = TestRandom(seed: 12)
        for i in 0..<300 {
            let layer = randomEffectLayer(&r)
            let unit: EffectFile.AngleUnit = i % 3 == 0 ? .degrees : .radians
            let data = try EffectFile.encode(layer, options: .init(angleUnit: unit))
            let document: EffectDocument
            do {
                document = try EffectFile.decode(data)
            } catch {
                Issue.record("layer \(i) (seed 12) does not read back: \(error)\n\(String(decoding: data, as: UTF8.self).prefix(2000))")
                continue
            }
            // Random rates and lifetimes may ask for more than the budget: that warning is about the
            // values, not the round trip (BudgetTests); nothing else may be warned about.
            let warnings = document.warnings.filter { !$0.message.contains("share of the layer's budget") }
            #expect(warnings.isEmpty, "layer \(i): \(warnings)")
            let diffs = effectDifferences(layer, document.layer)
            #expect(diffs.isEmpty, "layer \(i) (seed 12, \(unit)): \(diffs.prefix(5))")
        }
    }

    @Test func defaultsAreOmitted() throws {
        let text = String(decoding: try EffectFile.encode(EmitterLayer()), as: UTF8.self)
        #expect(text == "{\n  \"format\": \"plume-effect\",\n  \"version\": 1,\n  \"layer\": {}\n}\n")
        let layer = EmitterLayer()
        let cell = EmitterCell(name: "a")
        cell.birthRate = 3
        layer.emitterCells = [cell]
        let written = String(decoding: try EffectFile.encode(layer), as: UTF8.self)
        #expect(written.contains("\"birthRate\": 3"))
        #expect(!written.contains("lifetime"), "defaults are not written:\n\(written)")
    }

    @Test func readsTheDocumentedForms() throws {
        let json = """
        {
          "$schema": "plume-effect.schema.json",
          "format": "plume-effect", "version": 1, "angleUnit": "degrees",
          "maxParticlesPerCell": 500, "description": "test",
          "layer": {
            "emitterPosition": [400, 300], "emitterShape": "circle", "renderMode": "additive",
            "emitterCells": [
              { "name": "a", "emissionLongitude": -90, "spin": "3.14159rad", "color": "#ff8000",
                "contents": "spark", "duration": "infinity", "enabled": false,
                "emitterCells": [ { "color": [0.5, 0.25, 1], "contents": { "builtin": "star", "size": 16 } } ] }
            ],
            "animations": [
              { "key": "k", "keyPath": "emitterCells.a.emissionLongitude", "from": 0, "to": 90, "timingFunction": "easeIn",
                "repeatCount": "infinity" }
            ]
          }
        }
        """
        let document = try EffectFile.decode(Data(json.utf8))
        let layer = document.layer
        #expect(document.maxParticlesPerCell == 500 && document.limits.maxParticlesPerCell == 500)
        #expect(document.angleUnit == .degrees && document.schema == "plume-effect.schema.json")
        #expect(layer.emitterPosition == CGPoint(x: 400, y: 300) && layer.emitterShape == .circle)
        let a = try #require(layer.emitterCells?.first)
        #expect(a.emissionLongitude == -.pi / 2)
        #expect(a.spin == 3.14159)
        #expect(a.color == Color(red: 1, green: Float(0x80) / 255, blue: 0, alpha: 1))
        #expect(a.contents == .builtin(.spark))
        #expect(!a.isEnabled)
        let child = try #require(a.emitterCells?.first)
        #expect(child.color == Color(red: 0.5, green: 0.25, blue: 1, alpha: 1))
        #expect(child.contents == .builtin(.star, size: 16))
        let animation = try #require(layer.animation(forKey: "k") as? BasicAnimation)
        #expect(animation.toValue as? Double == .pi / 2)
        #expect(animation.repeatCount == .infinity && animation.timingFunction == .easeIn)
    }

    @Test func errorsNameFilePathLineColumnAndRule() throws {
        let json = """
        {
          "format": "plume-effect",
          "version": 1,
          "layer": {
            "emitterShape": "circel",
            "emitterCells": [
              { "birthRate": -3, "lifetimeRnage": 2,
                "velocity": "fast", "color": [1, 2], "contents": "missing.png", "scale": 1e400 }
            ]
          }
        }
        """
        let (document, issues) = EffectFile.check(Data(json.utf8), file: "bad.json", baseDirectory: URL(fileURLWithPath: "/nonexistent"))
        #expect(document == nil)
        let text = issues.map(\.description)
        func has(_ fragment: String) -> Bool { text.contains { $0.contains(fragment) } }
        #expect(has("bad.json:5:21: error: $.layer.emitterShape: must be one of"), "\(text)")
        #expect(has("(did you mean \"circle\"?)"), "\(text)")
        #expect(has("bad.json:7:22: error: $.layer.emitterCells[0].birthRate: must be ≥ 0, got -3"), "\(text)")
        #expect(has("bad.json:7:26: warning: $.layer.emitterCells[0].lifetimeRnage: unknown key (did you mean \"lifetimeRange\"?)"), "\(text)")
        #expect(has("bad.json:8:21: error: $.layer.emitterCells[0].velocity: must be a number, got \"fast\""), "\(text)")
        #expect(has("$.layer.emitterCells[0].color: a colour must be"), "\(text)")
        #expect(has("$.layer.emitterCells[0].contents: missing image: /nonexistent/missing.png"), "\(text)")
        #expect(has("$.layer.emitterCells[0].scale: must be finite"), "\(text)")
        #expect(issues.filter { $0.severity == .error }.count == 6, "\(text)")
        #expect(throws: EffectFileError.self) { try EffectFile.decode(Data(json.utf8)) }
    }

    @Test func malformedJSONReportsWhere() {
        let cases: [(String, String)] = [
            ("{\"format\": \"plume-effect\",\n  \"version\": 1,,", "2:16"),
            ("{\n  \"a\": tru }", "2:8"),
            ("[1, 2", "1:6"),
            ("{\"a\": \"\u{1}\"}", "1:8"),
            ("", "1:1"),
            (String(repeating: "[", count: 300), "1:257"),
        ]
        for (text, position) in cases {
            let (_, issues) = EffectFile.check(Data(text.utf8), file: "m.json")
            #expect(issues.count == 1 && issues[0].description.hasPrefix("m.json:\(position): error: $: malformed JSON"), "\(text): \(issues)")
        }
    }

    @Test func wrongFormatOrVersionIsRefused() {
        for (text, fragment) in [("{\"layer\": {}}", "not a Plume effect file"),
                                 ("{\"format\": \"plume-effect\", \"version\": 2, \"layer\": {}}", "newer than this Plume reads"),
                                 ("{\"format\": \"other\", \"version\": 1, \"layer\": {}}", "must be \"plume-effect\""),
                                 ("[]", "a JSON object")] {
            let (document, issues) = EffectFile.check(Data(text.utf8))
            #expect(document == nil && issues.contains { $0.message.contains(fragment) }, "\(text): \(issues)")
        }
    }

    @Test func imagesByPathAndEmbedded() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plume-effect-images-\(getpid())")
        try FileManager.default.createDirectory(at: dir.appendingPathComponent("img"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = try SpriteImage(width: 3, height: 2, pixels: (0..<24).map { UInt8($0 * 10) })
        try image.writePNG(to: dir.appendingPathComponent("img/dot.png").path)
        let json = """
        {"format": "plume-effect", "version": 1, "layer": {"emitterCells": [{"contents": "img/dot.png"},
         {"contents": {"png": "\(try image.pngData().base64EncodedString())"}}]}}
        """
        let file = dir.appendingPathComponent("e.json")
        try Data(json.utf8).write(to: file)
        let document = try EffectFile.read(from: file)
        #expect(document.layer.emitterCells?.map(\.contents) == [image, image])
        #expect(document.imagePaths[image] == "img/dot.png")
        // Saving an opened document keeps the path.
        let copy = dir.appendingPathComponent("copy.json")
        try EffectFile.write(document, to: copy)
        #expect(String(decoding: try Data(contentsOf: copy), as: UTF8.self).contains("\"path\": \"img/dot.png\""))
        // A PNG that claims a huge size is refused before decoding.
        var huge = try image.pngData()
        huge.replaceSubrange(16..<24, with: [0, 1, 0, 0, 0, 1, 0, 0] as [UInt8])
        let bad = "{\"format\": \"plume-effect\", \"version\": 1, \"layer\": {\"emitterCells\": [{\"contents\": {\"png\": \"\(huge.base64EncodedString())\"}}]}}"
        let (_, issues) = EffectFile.check(Data(bad.utf8))
        #expect(issues.contains { $0.message.contains("declares 65536×65536 pixels") }, "\(issues)")
    }

    @Test func cyclesAndNaNAreNotWritten() {
        let layer = EmitterLayer()
        let cell = EmitterCell()
        cell.emitterCells = [cell]
        layer.emitterCells = [cell]
        #expect(throws: EffectFileError.self) { try EffectFile.encode(layer) }
        let nan = EmitterLayer()
        nan.birthRate = .nan
        #expect(throws: EffectFileError.self) { try EffectFile.encode(nan) }
    }

    @Test func editDistanceSuggestions() {
        #expect(nearestKey(to: "birthrate", in: ["birthRate", "lifetime"]) == "birthRate")
        #expect(nearestKey(to: "veloctiy", in: ["velocity", "velocityRange"]) == "velocity")
        #expect(nearestKey(to: "zzzzzzzz", in: ["velocity"]) == nil)
    }
}

/// Inputs the long fuzz run found; each once crashed the loader.
@Suite struct EffectFuzzRegressionTests {
    @Test func hugeVersionNumberIsAnError() {
        let (document, issues) = EffectFile.check(Data(#"{"format": "plume-effect", "version": 1e999, "layer": {}}"#.utf8))
        #expect(document == nil && issues.contains { $0.path == "$.version" }, "\(issues)")
    }

    @Test func manyLargeBuiltinSpritesAreBounded() {
        let cells = (0..<40).map { #"{"contents": {"builtin": "smokePuff", "size": \#(1024 - $0)}}"# }.joined(separator: ",")
        let (document, issues) = EffectFile.check(Data(#"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [\#(cells)]}}"#.utf8))
        #expect(document == nil && issues.contains { $0.message.contains("built-in sprites would take more than") }, "\(issues.prefix(2))")
        let same = (0..<40).map { _ in #"{"contents": {"builtin": "smokePuff", "size": 1024}}"# }.joined(separator: ",")
        let (loaded, _) = EffectFile.check(Data(#"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [\#(same)]}}"#.utf8))
        #expect(loaded?.layer.emitterCells?.count == 40, "one sprite used by many cells is drawn once")
    }

    @Test func manyLargeEmbeddedImagesAreRefusedBeforeDecoding() throws {
        // 3 distinct 4096 × 2048 PNGs, tiny on disk, would decode to 96 MiB each.
        let cells = try (0..<5).map { i -> String in
            var png = try SpriteImage.builtin(.softDot, size: 2).pngData()
            png.replaceSubrange(16..<24, with: [0, 0, 0x10, 0, 0, 0, 0x08, UInt8(i)] as [UInt8])
            return #"{"contents": {"png": "\#(png.base64EncodedString())"}}"#
        }.joined(separator: ",")
        let (document, issues) = EffectFile.check(Data(#"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [\#(cells)]}}"#.utf8))
        #expect(document == nil && issues.contains { $0.message.contains("images would take more than") }, "\(issues.prefix(3))")
    }

    @Test func hugeBlendFunctionIsAWarning() throws {
        let data = ParticleDesignerImportTests.plist([("blendFuncSource", 1e300), ("blendFuncDestination", 1)])
        let result = try ParticleDesignerImport.decode(data)
        #expect(result.warnings.contains { $0.path == "$.blendFuncSource" }, "\(result.warnings)")
    }
}

/// What a new user reads when a file is wrong (issue 28, item 3): a missing file "does not exist"
/// (not "the file no such file"), an I/O problem has no JSON path, and a PNG handed over as an
/// effect is "not an effect file", not "malformed JSON".
@Suite struct EffectFileMessageTests {
    @Test func fileProblemsSayWhatIsWrongInWords() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-messages-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }

        let missing = folder.appendingPathComponent("nope.json")
        let issues = EffectFile.validate(contentsOf: missing)
        #expect(issues.map(\.description) == ["\(missing.path): error: the file does not exist"], "\(issues)")
        #expect(throws: EffectFileError.self) { _ = try EffectFile.read(from: missing) }
        do { _ = try EffectFile.read(from: missing) } catch {
            #expect(error.description == "\(missing.path): error: the file does not exist", "\(error)")
        }

        let png = folder.appendingPathComponent("sprite.png")
        try SpriteImage.builtin(.spark, size: 8).writePNG(to: png.path)
        let pngIssues = EffectFile.validate(contentsOf: png)
        #expect(pngIssues.count == 1 && pngIssues[0].message == "not an effect file (.json or .plist): it is a PNG image",
                "\(pngIssues)")
        #expect(!pngIssues[0].description.contains("malformed JSON") && !pngIssues[0].description.contains(": $:"))
    }
}

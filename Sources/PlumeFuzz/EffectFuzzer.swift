import CZlib
import Foundation
import Plume
import PlumeImport

/// Mutation fuzzing of the loaders (`plume fuzz-effects`, and a bounded run in the tests): seeds
/// are valid effect files and property lists; each case mutates one and loads it. A crash ends the
/// process (so a finished run has none); a case slower than a second counts as a hang; the peak
/// resident memory is reported.
package enum EffectFuzzer {
    package struct Report: CustomStringConvertible {
        package var cases = 0, jsonCases = 0, plistCases = 0, loaded = 0, refused = 0, hangs = 0
        /// Hostile image paths (devices, pipes, folders, outside the effect's folder) and unknown-key storms.
        package var devicePathCases = 0, devicePathLoaded = 0, devicePathRefused = 0
        package var stormCases = 0, stormKeys = 0, stormLoaded = 0, stormHangs = 0
        /// Greedy files (cells asking for far more than the budget): cases, loaded with a warning per
        /// cell over its share, updates that kept the budget and counted the rest.
        package var greedyCases = 0, greedyWarned = 0, greedyWithinBudget = 0
        /// The slowest storm's load (storms have their own limit, 5 s: their suggestions for the
        /// first 1,000 unknown keys take a fixed time, about a second in a debug build).
        package var slowestStorm: Duration = .zero
        /// Refusals with no issue saying why (must stay 0).
        package var unexplained = 0
        package var slowest: Duration = .zero
        package var slowestInput = ""
        package var total: Duration = .zero
        package var peakResidentMiB = 0.0
        package var startResidentMiB = 0.0

        package var description: String {
            let perCase = cases > 0 ? total / cases : .zero
            return """
            fuzz-effects: \(cases) cases (\(jsonCases) JSON, \(plistCases) plist): \(loaded) loaded, \(refused) refused with errors
            of which hostile image paths (devices, FIFO, folders, outside the folder): \(devicePathCases) cases, \(devicePathLoaded) loaded, \(devicePathRefused) refused; unknown-key storms: \(stormCases) cases (\(stormKeys) keys), \(stormLoaded) loaded with warnings, slowest load \(slowestStorm), over 5 s: \(stormHangs); greedy files: \(greedyCases) cases, \(greedyWarned) warned about every cell over its share, \(greedyWithinBudget) kept the budget in an update
            refusals without an issue saying why: \(unexplained)
            crashes: 0 (the run finished); hangs over 1 s: \(hangs); slowest case \(slowest) (\(slowestInput))
            time \(total) (\(perCase) per case); peak resident memory \(String(format: "%.0f", peakResidentMiB)) MiB (\(String(format: "%.0f", startResidentMiB)) MiB at the start)
            """
        }
    }

    /// Runs `cases` inputs from a fixed seed: mutated seeds; with `hostile`, every 16th case is a
    /// hostile image path, every 64th (offset by 1) a storm of up to `maxStormKeys` unknown
    /// keys (a storm's time is its load, without building the input) and every 64th (offset by 32)
    /// a greedy file (``greedyCase(_:)``: loaded, then one update under a small budget).
    package static func run(cases: Int, seed: UInt64, hostile: Bool = false, maxStormKeys: Int = 100_000,
                            progress: ((Int) -> Void)? = nil) -> Report {
        var report = Report()
        report.startResidentMiB = ProcessMemory.residentMegabytes()
        let jsonSeeds = jsonCorpus()
        let plistSeeds = plistCorpus()
        let sandbox = hostile ? try? Sandbox() : nil
        var random = FuzzRandom(seed: seed)
        let clock = ContinuousClock()
        let started = clock.now
        for i in 0..<cases {
            let isJSON = i % 2 == 0
            var t0 = clock.now
            let ok: Bool
            let inputName: String
            if isJSON { report.jsonCases += 1 } else { report.plistCases += 1 }
            if i % 16 == 2, let sandbox {
                let outcome = devicePathCase(sandbox, &random, json: isJSON)
                ok = outcome.loaded
                if !outcome.explained { report.unexplained += 1 }
                report.devicePathCases += 1
                if ok { report.devicePathLoaded += 1 } else { report.devicePathRefused += 1 }
                inputName = "a hostile image path"
            } else if hostile && i % 64 == 1 {
                let count = 1 + Int(random.next() % UInt64(max(maxStormKeys, 1)))
                let outcome = stormCase(count: count, json: isJSON)
                report.slowestStorm = max(report.slowestStorm, outcome.load)
                if outcome.load > .seconds(5) { report.stormHangs += 1 }
                t0 = clock.now - outcome.load
                ok = outcome.loaded
                if !outcome.explained { report.unexplained += 1 }
                report.stormCases += 1
                report.stormKeys += count
                if ok { report.stormLoaded += 1 }
                inputName = "a storm of \(count) unknown keys"
            } else if hostile && i % 64 == 32 {
                let outcome = greedyCase(&random)
                ok = outcome.loaded
                if !outcome.explained { report.unexplained += 1 }
                report.greedyCases += 1
                if outcome.explained && outcome.loaded { report.greedyWarned += 1 }
                if outcome.withinBudget { report.greedyWithinBudget += 1 }
                inputName = "a greedy file (\(outcome.particles) live after one update)"
            } else {
                let seeds = isJSON ? jsonSeeds : plistSeeds
                var input = seeds[Int(random.next() % UInt64(seeds.count))]
                let rounds = 1 + Int(random.next() % 3)
                for _ in 0..<rounds { mutate(&input, &random, json: isJSON) }
                if isJSON {
                    let (document, issues) = EffectFile.check(input, file: "fuzz.json")
                    ok = document != nil
                    if !ok && !issues.contains(where: { $0.severity == .error }) { report.unexplained += 1 }
                } else {
                    do {
                        _ = try ParticleDesignerImport.decode(input, file: "fuzz.plist")
                        ok = true
                    } catch {
                        ok = false
                        if error.issues.isEmpty { report.unexplained += 1 }
                    }
                }
                inputName = "\(input.count) bytes"
            }
            let elapsed = clock.now - t0
            if ok { report.loaded += 1 } else { report.refused += 1 }
            if elapsed > report.slowest {
                report.slowest = elapsed
                report.slowestInput = "case \(i), \(isJSON ? "JSON" : "plist"), \(inputName)"
            }
            if elapsed > .seconds(1) && !(hostile && i % 64 == 1) { report.hangs += 1 }
            report.cases += 1
            if i % 512 == 0 { report.peakResidentMiB = max(report.peakResidentMiB, ProcessMemory.residentMegabytes()) }
            progress?(i + 1)
        }
        report.total = clock.now - started
        report.peakResidentMiB = max(report.peakResidentMiB, ProcessMemory.residentMegabytes())
        return report
    }

    // MARK: Seeds

    static func jsonCorpus() -> [Data] {
        var seeds = Preset.allCases.compactMap { try? EffectFile.encode($0.makeLayer(), options: .init(angleUnit: .degrees)) }
        let layer = Preset.fireworks.makeLayer()
        let move = BasicAnimation(keyPath: "emitterPosition")
        move.fromValue = CGPoint(x: 1, y: 2)
        move.toValue = CGPoint(x: 3, y: 4)
        layer.add(move, forKey: "m")
        let frames = KeyframeAnimation(keyPath: "emitterCells.0.birthRate")
        frames.values = [1.0, 5.0, 2.0]
        frames.keyTimes = [0, 0.5, 1]
        layer.add(frames, forKey: "k")
        if let image = try? SpriteImage(width: 3, height: 3, pixels: [UInt8](repeating: 200, count: 36)) {
            layer.emitterCells?.first?.contents = image
        }
        if let data = try? EffectFile.encode(layer) { seeds.append(data) }
        return seeds
    }

    static func plistCorpus() -> [Data] {
        ParticleDesignerFixtures.dictionaries().compactMap {
            try? PropertyListSerialization.data(fromPropertyList: $0, format: .xml, options: 0)
        }
    }

    // MARK: Mutations

    static let tokens: [String] = [
        "-1", "0", "1e999", "-1e999", "NaN", "1e-400", "4294967296", "-0", "null", "true", "\"infinity\"", "\"90deg\"",
        "[", "]", "{", "}", ",", ":", "\"", "\\u", "\\uD800", "\"#ff00ff\"", "[1,2,3,4,5]", "{\"png\":\"AAAA\"}",
        "<real>", "</real>", "<integer>99999999999999999999</integer>", "<string>", "</dict>", "<dict>", "<array>",
        "<key>maxParticles</key>", "<real>-1e308</real>", "<true/>", "&amp;", "<!--", "]]>", "\u{0}", "\u{FEFF}",
        "H4sI", "eJ", "AAAAAAAAAAAA", "//8=",
    ]

    /// Tokens that are values in their format, so a replacement keeps the file well-formed and
    /// reaches the value checks.
    static let jsonValues = ["-1", "0", "-0", "1e999", "1e-400", "4294967296", "0.1", "1e38", "3.5e38", "null", "true", "false",
                             "\"\"", "\"infinity\"", "\"-inf\"", "\"90deg\"", "\"#ff00ff\"", "\"#12\"", "\"softDot\"", "\"x.png\"",
                             "[]", "{}", "[1,2]", "[1,2,3,4,5]", "[0,0,-1,-1]", "{\"png\":\"AAAA\"}", "{\"builtin\":\"spark\",\"size\":1024}"]
    static let plistValues = ["<real>-1</real>", "<real>0</real>", "<real>1e308</real>", "<integer>-5</integer>", "<string>x</string>",
                              "<true/>", "<false/>", "<real>nan</real>", "<string>1e999</string>", "<array/>", "<dict/>", "<data>AAAA</data>"]

    static func mutate(_ data: inout Data, _ r: inout FuzzRandom, json: Bool) {
        var bytes = [UInt8](data)
        if bytes.isEmpty { bytes = [0x7B] }
        let at = Int(r.next() % UInt64(bytes.count))
        var operation = r.next() % 9
        if operation == 7 { operation = 3 }   // value replacement twice as likely as the others
        switch operation {
        case 0:   // flip a bit
            bytes[at] ^= UInt8(1 << (r.next() % 8))
        case 1:   // delete a range
            let n = min(bytes.count - at, 1 + Int(r.next() % 64))
            bytes.removeSubrange(at..<at + n)
        case 2:   // insert a token
            bytes.insert(contentsOf: Array(tokens[Int(r.next() % UInt64(tokens.count))].utf8), at: at)
        case 3:   // replace a value (a number, or a plist value element) with another well-formed value
            let values = json ? jsonValues : plistValues
            let value = Array(values[Int(r.next() % UInt64(values.count))].utf8)
            if json {
                guard let start = bytes[at...].firstIndex(where: { ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D }) else { break }
                var end = start
                while end < bytes.count, (bytes[end] >= 0x30 && bytes[end] <= 0x39) || [0x2E, 0x2D, 0x2B, 0x65, 0x45].contains(bytes[end]) { end += 1 }
                bytes.replaceSubrange(start..<end, with: value)
            } else {
                let open = Array("<real>".utf8), close = Array("</real>".utf8)
                guard let start = (at..<bytes.count).first(where: { bytes[$0...].starts(with: open) }),
                      let stop = (start..<bytes.count).first(where: { bytes[$0...].starts(with: close) }) else { break }
                bytes.replaceSubrange(start..<stop + close.count, with: value)
            }
        case 4:   // duplicate a chunk
            let n = min(bytes.count - at, 1 + Int(r.next() % 256))
            let chunk = Array(bytes[at..<at + n])
            let to = Int(r.next() % UInt64(bytes.count))
            bytes.insert(contentsOf: chunk, at: to)
        case 5:   // truncate
            bytes.removeSubrange(at..<bytes.count)
        case 6:   // random byte
            bytes[at] = UInt8(truncatingIfNeeded: r.next())
        default:  // deep nesting
            let depth = Int(r.next() % 400)
            let open = json ? "[" : "<array>", close = json ? "]" : "</array>"
            bytes.insert(contentsOf: Array((String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)).utf8), at: at)
        }
        if bytes.count > 4 << 20 { bytes.removeSubrange((4 << 20)...) }
        data = Data(bytes)
    }

}

/// Particle Designer dictionaries made from the documented key set, with embedded textures in
/// each container (gzip and zlib; PNG and TIFF): fuzz seeds and test fixtures.
package enum ParticleDesignerFixtures {
    package static func deflate(_ data: Data, gzip: Bool) -> Data? {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = data.withUnsafeBytes { plume_deflate($0.bindMemory(to: UInt8.self).baseAddress, $0.count, gzip ? 1 : 0, &out, &size) }
        guard status == 0, let out else { return nil }
        defer { free(out) }
        return Data(bytes: out, count: size)
    }

    /// A 16 × 16 white dot as PNG bytes.
    package static func dotPNG() -> Data? { try? SpriteImage.builtin(.softDot, size: 16).pngData() }

    package static func dictionaries() -> [[String: Any]] {
        let png = dotPNG() ?? Data()
        let gravity: [String: Any] = [
            "configName": "fuzz-gravity", "maxParticles": 200, "emitterType": 0, "duration": -1.0,
            "particleLifespan": 1.5, "particleLifespanVariance": 0.25, "angle": 90, "angleVariance": 10.0,
            "speed": 120, "speedVariance": 20.0, "gravityx": 0, "gravityy": -50.5, "sourcePositionx": 400, "sourcePositiony": 100,
            "sourcePositionVariancex": 20, "sourcePositionVariancey": 0, "startParticleSize": 32, "startParticleSizeVariance": 4,
            "finishParticleSize": 8, "finishParticleSizeVariance": 0, "rotationStart": 0, "rotationEnd": 90,
            "startColorRed": 1, "startColorGreen": 0.5, "startColorBlue": 0.1, "startColorAlpha": 1,
            "finishColorRed": 1, "finishColorGreen": 0, "finishColorBlue": 0, "finishColorAlpha": 0,
            "blendFuncSource": 770, "blendFuncDestination": 1, "radialAcceleration": 0, "tangentialAcceleration": 0,
            "textureFileName": "dot.png", "textureImageData": (deflate(png, gzip: true) ?? Data()).base64EncodedString(),
            "yCoordFlipped": 1,
        ]
        var radius = gravity
        radius["emitterType"] = 1
        radius["maxRadius"] = 150
        radius["minRadius"] = 10.0
        radius["rotatePerSecond"] = 45
        radius["textureImageData"] = (deflate(png, gzip: false) ?? Data()).base64EncodedString()
        var old = gravity
        old.removeValue(forKey: "emitterType")
        old["particleType"] = 0
        old["blendAdditive"] = true
        old["textureImageData"] = png.base64EncodedString()
        return [gravity, radius, old]
    }
}

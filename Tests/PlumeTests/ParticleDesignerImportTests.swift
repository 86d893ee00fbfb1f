import CTIFF
import Foundation
import PlumeImport
import PlumeTestSupport
import Testing
@testable import Plume
import PlumeFuzz

/// Particle Designer / cocos2d import, from fixtures written here from the documented key set.
@Suite struct ParticleDesignerImportTests {
    /// An XML property list from `(key, value)` pairs: Int → <integer>, Double → <real>, Bool,
    /// String.
    static func plist(_ entries: [(String, Any)]) -> Data {
        var text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
        <plist version="1.0">
        <dict>

        """
        for (key, value) in entries {
            text += "\t<key>\(key)</key>"
            switch value {
            case let b as Bool: text += b ? "<true/>" : "<false/>"
            case let i as Int: text += "<integer>\(i)</integer>"
            case let d as Double: text += "<real>\(d)</real>"
            default: text += "<string>\(value)</string>"
            }
            text += "\n"
        }
        return Data((text + "</dict>\n</plist>\n").utf8)
    }

    nonisolated(unsafe) static let gravityKeys: [(String, Any)] = [
        ("configName", "test"), ("emitterType", 0), ("maxParticles", 150), ("duration", -1.0), ("particleLifespan", 2),
        ("particleLifespanVariance", 0.5), ("emissionRate", 40.0), ("angle", 90), ("angleVariance", 0.0), ("speed", 100),
        ("speedVariance", 10.0), ("gravityx", 5), ("gravityy", -30.0), ("sourcePositionx", 300), ("sourcePositiony", 100.0),
        ("sourcePositionVariancex", 20), ("sourcePositionVariancey", 4.0), ("startParticleSize", 32), ("startParticleSizeVariance", 8.0),
        ("finishParticleSize", -1), ("rotationStart", 45.0), ("rotationStartVariance", 10), ("rotationEnd", 45.0),
        ("startColorRed", 1), ("startColorGreen", 0.5), ("startColorBlue", 0.25), ("startColorAlpha", 1.0),
        ("startColorVarianceRed", 0.0), ("startColorVarianceGreen", 0.125), ("startColorVarianceBlue", 0), ("startColorVarianceAlpha", 0),
        ("finishColorRed", 1), ("finishColorGreen", 0.5), ("finishColorBlue", 0.25), ("finishColorAlpha", 1.0),
        ("blendFuncSource", 1), ("blendFuncDestination", 1),
    ]

    func directory(_ name: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("plume-pd-\(getpid())-\(name)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test func gravityModeMapsExactly() throws {
        let dir = try directory("gravity")
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = SpriteImage.builtin(.star, size: 16)
        try image.writePNG(to: dir.appendingPathComponent("star.png").path)
        let url = dir.appendingPathComponent("fire.plist")
        try Self.plist(Self.gravityKeys + [("textureFileName", "star.png")]).write(to: url)
        let result = try ParticleDesignerImport.read(from: url, sceneSize: CGSize(width: 800, height: 600))
        #expect(result.warnings.isEmpty, "\(result.warnings)")
        let layer = result.layer
        let cell = try #require(layer.emitterCells?.first)
        #expect(result.limits.maxParticlesPerCell == 150)
        #expect(cell.name == "fire" && cell.birthRate == 40 && cell.lifetime == 2 && cell.lifetimeRange == 1)
        #expect(cell.emissionLongitude == -.pi / 2 && cell.emissionRange == 0, "90° counter-clockwise, y-up, is up: −π/2 on the y-down layer")
        #expect(cell.velocity == 100 && cell.velocityRange == 20)
        #expect(cell.xAcceleration == 5 && cell.yAcceleration == 30)
        #expect(layer.emitterPosition == CGPoint(x: 300, y: 500) && layer.emitterShape == .rectangle)
        #expect(layer.emitterSize == CGSize(width: 40, height: 8))
        #expect(cell.contents == image && cell.scale == 2 && cell.scaleRange == 1 && cell.scaleSpeed == 0)
        #expect(abs(cell.rotation - .pi / 4) < 1e-15 && abs(cell.rotationRange - .pi / 9) < 1e-15 && cell.spin == 0)
        #expect(cell.color == Color(red: 1, green: 0.5, blue: 0.25, alpha: 1) && cell.greenRange == 0.25)
        #expect(cell.redSpeed == 0 && cell.alphaSpeed == 0)
        #expect(layer.renderMode == .additive)
        #expect(cell.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1), "images stay upright")
        // The emission comes out as cocos2d's: 40 per second on a grid, up, at the source.
        let sim = ReferenceSimulator(layer: layer, limits: result.limits)
        try sim.advance(to: 0)
        try sim.advance(to: 1)
        let particles = try sim.snapshot().particles
        #expect(particles.count == 40)
        #expect(particles.allSatisfy { $0.velocity.y < 0 && abs($0.position.x - 300) < 30 })
    }

    @Test func yCoordFlippedOtherThanOneMeansTheFileIsYDown() throws {
        let up = try ParticleDesignerImport.decode(Self.plist(Self.gravityKeys + [("yCoordFlipped", 1)])).layer
        let down = try ParticleDesignerImport.decode(Self.plist(Self.gravityKeys + [("yCoordFlipped", -1)])).layer
        #expect(effectDifferences(up, try ParticleDesignerImport.decode(Self.plist(Self.gravityKeys)).layer).isEmpty, "1 is the default")
        #expect(down.emitterPosition == CGPoint(x: 300, y: 100))
        #expect(down.emitterCells?.first?.emissionLongitude == .pi / 2 && down.emitterCells?.first?.yAcceleration == -30)
    }

    @Test func integersAndRealsAndOldKeysAreInterchangeable() throws {
        var entries = Self.gravityKeys.map { key, value -> (String, Any) in
            if let i = value as? Int { return (key, Double(i)) }
            if let d = value as? Double, d == d.rounded() { return (key, Int(d)) }
            return (key, value)
        }
        entries.removeAll { ["emitterType", "blendFuncSource", "blendFuncDestination"].contains($0.0) }
        entries += [("particleType", 0), ("blendAdditive", true)]
        let a = try ParticleDesignerImport.decode(Self.plist(Self.gravityKeys)).layer
        let b = try ParticleDesignerImport.decode(Self.plist(entries)).layer
        let diffs = effectDifferences(a, b).filter { !$0.contains("renderMode") }
        #expect(diffs.isEmpty, "\(diffs)")
        #expect(b.renderMode == .additive, "blendAdditive is additive")
    }

    @Test func approximateKeysAreWarnedAndBehaviorKeysMapped() throws {
        let entries: [(String, Any)] = Self.gravityKeys.filter { $0.0 != "angleVariance" && $0.0 != "finishParticleSize" } + [
            ("angleVariance", 30.0), ("radialAcceleration", 20.0), ("tangentialAcceleration", 7.0), ("tangentialAccelVariance", 5.0),
            ("rotationIsDir", true), ("finishParticleSize", 8.0), ("finishColorVarianceRed", 0.5), ("finishColorRed", 0.0),
            ("blendFuncSource", 774), ("lifeSpan", 3.0),
        ]
        let result = try ParticleDesignerImport.decode(Self.plist(entries.filter { $0.0 != "blendFuncSource" || ($0.1 as? Int) == 774 }))
        let text = result.warnings.map(\.description)
        for fragment in ["$.angleVariance: approximate", "$.finishParticleSize: approximate", "$.finishColorVarianceRed: approximate",
                         "$.blendFuncSource: approximate", "$.lifeSpan: unknown key"] {
            #expect(text.contains { $0.contains(fragment) }, "missing \(fragment) in \(text)")
        }
        #expect(!text.contains { $0.contains("unsupported") }, "\(text)")
        let behaviors = try #require(result.layer.emitterBehaviors)
        func find(_ kind: EmitterBehavior.Kind) -> EmitterBehavior? { behaviors.first { $0.kind == kind } }
        #expect(find(.radialAcceleration)?.acceleration == 20 && find(.radialAcceleration)?.accelerationRange == 0)
        // cocos2d's tangential direction is counter-clockwise in y-up; Plume's clockwise in y-down.
        #expect(find(.tangentialAcceleration)?.acceleration == -7 && find(.tangentialAcceleration)?.accelerationRange == 10)
        #expect(find(.alignToMotion) != nil)
        let name = try #require(result.layer.emitterCells?.first?.name)
        #expect(behaviors.allSatisfy { $0.cellNames == [name] }, "limited to the imported cell \(name)")
        // particleLifespanVariance is 0.5: the size change is a curve over each particle's own life.
        let size = try #require(find(.valueOverLife))
        #expect(size.keyPath == "scale" && size.additive && size.values.count == 2 && size.values[1] < 0, "\(size.values)")
        #expect(result.layer.emitterCells?.first?.scaleSpeed == 0)
    }

    /// Radius mode is an orbit about the emitter: radius from maxRadius to minRadius over each
    /// life, starting on the far side of `angle` (cocos2d: −(cos a, sin a)·r), turning
    /// rotatePerSecond (counter-clockwise in cocos2d's y-up space).
    @Test func radiusModeOrbitsTheEmitter() throws {
        let entries: [(String, Any)] = Self.gravityKeys.filter { !["emitterType", "sourcePositionVariancex", "sourcePositionVariancey"].contains($0.0) } + [
            ("emitterType", 1), ("maxRadius", 200), ("minRadius", 20.0), ("rotatePerSecond", 90.0),
        ]
        let result = try ParticleDesignerImport.decode(Self.plist(entries))
        #expect(!result.warnings.contains { $0.description.contains("unsupported") }, "\(result.warnings)")
        let orbit = try #require(result.layer.emitterBehaviors?.first { $0.kind == .orbit })
        #expect(orbit.startRadius == 200 && orbit.endRadius == 20 && orbit.turnsPerSecond == -0.25)
        let sim = ReferenceSimulator(layer: result.layer)
        try sim.advance(to: 0)
        try sim.advance(to: 1.9)
        let centre = SIMD2(300.0, 500.0)   // sourcePosition (300, 100) in a 600-point-high scene, y flipped
        let particles = try sim.snapshot().particles
        #expect(particles.count > 20)
        for p in particles {
            let offset = SIMD2(Double(p.position.x), Double(p.position.y)) - centre
            let r = (offset * offset).sum().squareRoot()
            let expected = 200 + (20 - 200) * p.age / p.lifetime
            #expect(abs(r - expected) < 1e-6, "\(p.identity) age \(p.age)/\(p.lifetime): radius \(r), expected \(expected)")
            // angle 90 (up in y-up) → starts below the emitter on the y-down layer (θ₀ = 90°),
            // then turns a quarter turn a second anticlockwise on screen (decreasing θ).
            let theta = atan2(offset.y, offset.x), expectedTheta = Double.pi / 2 - Double.pi / 2 * p.age
            let d = remainder(theta - expectedTheta, 2 * Double.pi)
            #expect(abs(d) < 1e-6, "\(p.identity) age \(p.age): angle \(theta), expected \(expectedTheta)")
        }
    }

    @Test func embeddedTexturesInEveryContainer() throws {
        let image = SpriteImage.builtin(.smokePuff, size: 8)
        let png = try image.pngData()
        let dir = try directory("tiff")
        defer { try? FileManager.default.removeItem(at: dir) }
        let tiffURL = dir.appendingPathComponent("t.tiff")
        let status = image.pixels.withUnsafeBufferPointer { plume_tiff_write_file(tiffURL.path, $0.baseAddress, 8, 8) }
        #expect(status == 0)
        let tiff = try Data(contentsOf: tiffURL)
        for (name, payload) in [("gzip PNG", ParticleDesignerFixtures.deflate(png, gzip: true)), ("zlib PNG", ParticleDesignerFixtures.deflate(png, gzip: false)),
                                ("bare PNG", png), ("gzip TIFF", ParticleDesignerFixtures.deflate(tiff, gzip: true)),
                                ("zlib TIFF", ParticleDesignerFixtures.deflate(tiff, gzip: false))] {
            let data = try #require(payload)
            let result = try ParticleDesignerImport.decode(Self.plist(Self.gravityKeys + [("textureImageData", data.base64EncodedString())]))
            // TIFF's associated alpha keeps no colour where alpha is 0: compare colour where visible.
            let got = try #require(result.layer.emitterCells?.first?.contents)
            let visible = { (i: SpriteImage) in (0..<64).map { p in i.pixels[p * 4 + 3] == 0 ? [0, 0, 0, 0] : Array(i.pixels[p * 4..<p * 4 + 4]) } }
            #expect(got.width == 8 && got.height == 8 && visible(got) == visible(image), "\(name)")
            if !name.contains("TIFF") { #expect(got == image, "\(name)") }
        }
    }

    @Test func hugeOrBrokenTexturesAreRefusedBeforeDecoding() throws {
        var png = try SpriteImage.builtin(.softDot, size: 4).pngData()
        png.replaceSubrange(16..<24, with: [0, 0, 0x7F, 0xFF, 0, 0, 0x7F, 0xFF] as [UInt8])
        let claims = try #require(ParticleDesignerFixtures.deflate(png, gzip: true))
        // 90 MiB of zeros compress to a few hundred kB: refused while inflating, at 80 MiB.
        let bomb = try #require(ParticleDesignerFixtures.deflate(Data(count: 90 << 20), gzip: false))
        for (name, text, fragment) in [("huge PNG", claims.base64EncodedString(), "declares 32767×32767"),
                                       ("zip bomb", bomb.base64EncodedString(), "inflates past the size limit")] {
            do {
                _ = try ParticleDesignerImport.decode(Self.plist(Self.gravityKeys + [("textureImageData", text)]))
                Issue.record("\(name) was accepted")
            } catch {
                #expect(error.description.contains(fragment) && error.description.contains("refused before decoding"), "\(name): \(error)")
            }
        }
        // Broken (not oversized) textures load with the built-in dot and a warning, as a user expects.
        for (name, text, fragment) in [("not base64", "%%%%", "not valid base64"),
                                       ("not an image", Data("hello".utf8).base64EncodedString(), "neither a PNG nor a TIFF"),
                                       ("truncated gzip", claims.prefix(20).base64EncodedString(), "cannot be decompressed")] {
            let result = try ParticleDesignerImport.decode(Self.plist(Self.gravityKeys + [("textureImageData", text)]))
            #expect(result.layer.emitterCells?.first?.contents == .builtin(.softDot), "\(name)")
            #expect(result.warnings.contains { $0.message.contains(fragment) && $0.message.contains("soft dot") }, "\(name): \(result.warnings)")
        }
    }

    @Test func badFilesAreRefusedWithTheKey() {
        for (data, fragment) in [(Data("not a plist".utf8), "not a property list"),
                                 (Self.plist([("maxParticles", "many")]), "$.maxParticles: must be a number"),
                                 (Self.plist([("emitterType", 7)]), "$.emitterType: must be 0 (gravity) or 1 (radius)"),
                                 (Data("<plist><array/></plist>".utf8), "dictionary at the top level")] {
            #expect(throws: EffectFileError.self) { try ParticleDesignerImport.decode(data) }
            do { _ = try ParticleDesignerImport.decode(data) } catch {
                #expect(error.description.contains(fragment), "\(error)")
            }
        }
    }

    @Test func mappingTableIsDocumentedKeyByKey() throws {
        let article = EffectSchemaTests.repository.appendingPathComponent("Sources/Plume/Plume.docc/ParticleDesignerImport.md")
        let text = try String(contentsOf: article, encoding: .utf8)
        for entry in ParticleDesignerImport.keys {
            #expect(text.contains("| `\(entry.key)` | \(entry.mapping.rawValue) |"), "the article lacks the row of \(entry.key)")
        }
        let counts = Dictionary(grouping: ParticleDesignerImport.keys, by: \.mapping).mapValues(\.count)
        #expect(text.contains("\(counts[.exact] ?? 0) exact, \(counts[.approximate] ?? 0) approximate, \(counts[.unsupported] ?? 0) unsupported"))
        #expect(Set(ParticleDesignerImport.keys.map(\.key)).count == ParticleDesignerImport.keys.count)
    }

    @Test func shippedExamplesImport() throws {
        let examples = EffectSchemaTests.repository.appendingPathComponent("Examples/Effects")
        // sparkles: gzip PNG, one approximate key; smoke: zlib TIFF (libtiff), every key exact;
        // vortex: radius mode, an orbit behaviour.
        let sparkles = try ParticleDesignerImport.read(from: examples.appendingPathComponent("sparkles.plist"))
        #expect(sparkles.layer.emitterCells?.first?.contents?.width == 32)
        #expect(sparkles.warnings.map(\.path) == ["$.angleVariance"], "\(sparkles.warnings)")
        let smoke = try ParticleDesignerImport.read(from: examples.appendingPathComponent("smoke.plist"))
        #expect(smoke.warnings.isEmpty, "\(smoke.warnings)")
        let puff = try #require(smoke.layer.emitterCells?.first?.contents)
        #expect(puff.width == 32 && puff.pixel(x: 16, y: 16).w > 0.5 && puff.pixel(x: 0, y: 0).w == 0, "the TIFF puff decodes")
        let vortex = try ParticleDesignerImport.read(from: examples.appendingPathComponent("vortex.plist"))
        #expect(!vortex.warnings.contains { $0.message.hasPrefix("unsupported") }, "\(vortex.warnings)")
        #expect(vortex.layer.emitterBehaviors?.contains { $0.kind == .orbit && $0.turnsPerSecond != 0 } == true)
    }
}

/// `particleLifespan` 0 with a variance (issue 23 item 7): cocos2d draws `max(0, life +
/// variance·rand(−1, 1))` per particle and, its rate `maxParticles / 0` being infinite, refills to
/// the capacity every frame. Several real files rely on it.
@Suite struct ParticleDesignerZeroLifespanTests {
    @Test func zeroLifespanWithAVarianceKeepsTheCapacityAlive() throws {
        let entries = ParticleDesignerImportTests.gravityKeys.filter {
            !["particleLifespan", "particleLifespanVariance", "emissionRate", "maxParticles"].contains($0.0)
        } + [("particleLifespan", 0.0), ("particleLifespanVariance", 2.0), ("maxParticles", 100)]
        let result = try ParticleDesignerImport.decode(ParticleDesignerImportTests.plist(entries))
        let cell = try #require(result.layer.emitterCells?.first)
        #expect(cell.lifetime == 0 && cell.lifetimeRange == 4, "lifetime \(cell.lifetime) ± \(cell.lifetimeRange)")
        #expect(cell.birthRate == 200, "4 × maxParticles / variance, got \(cell.birthRate)")
        #expect(!result.warnings.contains { $0.message.contains("nothing is drawn") }, "\(result.warnings)")
        #expect(result.warnings.contains { $0.path == "$.particleLifespan" && $0.message.contains("approximate") },
                "the rate is an approximation and must say so: \(result.warnings)")

        // What cocos2d draws: lifetimes in (0, 2] s, about the capacity alive once the count ramped up.
        let simulator = ReferenceSimulator(layer: result.layer, limits: result.limits)
        var counts: [Int] = []
        for t in frames(fps: 30, until: 8) {
            try simulator.advance(to: t)
            if t >= 3 { counts.append(simulator.particleCount) }
        }
        let snapshot = try simulator.snapshot()
        #expect(snapshot.particles.allSatisfy { $0.lifetime > 0 && $0.lifetime <= 2 }, "\(snapshot.particles.prefix(3))")
        let mean = Double(counts.reduce(0, +)) / Double(counts.count)
        #expect(counts.max()! <= 100 && mean > 85, "live count after 3 s: mean \(mean), range \(counts.min()!)…\(counts.max()!)")
        // Drawn lifetimes are uniform on (0, 2]: their mean over the births is about 1 s.
        let lifetimes = snapshot.particles.map(\.lifetime)
        #expect(lifetimes.count > 50)
    }

    @Test func zeroLifespanWithoutAVarianceDrawsNothingAndSaysSo() throws {
        let entries = ParticleDesignerImportTests.gravityKeys.filter {
            !["particleLifespan", "particleLifespanVariance", "emissionRate"].contains($0.0)
        } + [("particleLifespan", 0.0), ("particleLifespanVariance", 0.0)]
        let result = try ParticleDesignerImport.decode(ParticleDesignerImportTests.plist(entries))
        #expect(result.warnings.contains { $0.path == "$.particleLifespan" && $0.message.contains("nothing is drawn") }, "\(result.warnings)")
    }

    @Test func aNegativeLifespanKeepsItsPositivePart() throws {
        let entries = ParticleDesignerImportTests.gravityKeys.filter {
            !["particleLifespan", "particleLifespanVariance", "emissionRate"].contains($0.0)
        } + [("particleLifespan", -1.0), ("particleLifespanVariance", 3.0), ("emissionRate", 60.0)]
        let result = try ParticleDesignerImport.decode(ParticleDesignerImportTests.plist(entries))
        let cell = try #require(result.layer.emitterCells?.first)
        // cocos2d: max(0, −1 + 3u), u ∈ (−1, 1): a third of the draws live, uniformly on (0, 2).
        #expect(cell.lifetime == 0 && cell.lifetimeRange == 4 && cell.birthRate == 40,
                "lifetime \(cell.lifetime) ± \(cell.lifetimeRange), rate \(cell.birthRate)")
    }
}

import CPNG
import Foundation
import Testing
@testable import Plume

/// SpriteImage from PNG files through libpng: every colour type and bit depth, and a thrown error
/// naming the file for anything that is not a readable PNG.
@Suite struct PNGTests {
    static let folder: URL = {
        let url = FileManager.default.temporaryDirectory.appending(path: "plume-png-\(getpid())")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }()

    /// A 3×2 test pattern with distinct values, in `channels` samples per pixel.
    static func samples(channels: Int) -> [UInt8] {
        (0..<6).flatMap { i -> [UInt8] in
            let rgba: [UInt8] = [UInt8(10 + 40 * i), UInt8(200 - 30 * i), UInt8(7 * i), UInt8(255 - 45 * i)]
            switch channels {
            case 1: return [rgba[0]]
            case 2: return [rgba[0], rgba[3]]
            case 3: return Array(rgba.prefix(3))
            default: return rgba
            }
        }
    }

    /// Writes a file in the given format with libpng.
    static func write(_ name: String, channels: Int, sixteen: Bool = false, palette: Bool = false) throws -> String {
        let path = folder.appending(path: name).path
        var message = [CChar](repeating: 0, count: 64)
        let status = samples(channels: channels).withUnsafeBufferPointer {
            plume_png_write_format(path, $0.baseAddress, 3, 2, Int32(channels), sixteen ? 1 : 0, palette ? 1 : 0, &message)
        }
        #expect(status == 0, "writing \(name): \(String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))")
        return path
    }

    /// The RGBA the loader must give for the pattern written with `channels`.
    static func expected(channels: Int) -> [UInt8] {
        let s = samples(channels: channels)
        return (0..<6).flatMap { i -> [UInt8] in
            let p = Array(s[i * channels..<(i + 1) * channels])
            switch channels {
            case 1: return [p[0], p[0], p[0], 255]
            case 2: return [p[0], p[0], p[0], p[1]]
            case 3: return p + [255]
            default: return p
            }
        }
    }

    @Test(arguments: [(1, false, false), (2, false, false), (3, false, false), (4, false, false),
                      (3, false, true), (4, false, true), (4, true, false), (1, true, false)])
    func loadsEveryFormat(channels: Int, sixteen: Bool, palette: Bool) throws {
        let name = "c\(channels)-\(sixteen ? 16 : 8)\(palette ? "-palette" : "").png"
        let image = try SpriteImage(contentsOfPNGFile: try Self.write(name, channels: channels, sixteen: sixteen, palette: palette))
        #expect(image.width == 3 && image.height == 2)
        let want = Self.expected(channels: channels)
        for i in 0..<want.count {
            // 16-bit values round-trip through premultiplied linear storage: ±1 where alpha < 255.
            let tolerance = sixteen ? 1 : 0
            #expect(abs(Int(image.pixels[i]) - Int(want[i])) <= tolerance,
                    "\(name): byte \(i) (pixel \(i / 4), channel \(i % 4)) is \(image.pixels[i]), expected \(want[i])")
        }
    }

    @Test func roundTripsItsOwnPNG() throws {
        let image = SpriteImage.builtin(.star, size: 24)
        let path = Self.folder.appending(path: "star.png").path
        try image.writePNG(to: path)
        #expect(try SpriteImage(contentsOfPNGFile: path) == image)
    }

    @Test func missingFileIsAnErrorNamingIt() {
        let path = Self.folder.appending(path: "does-not-exist.png").path
        #expect(throws: SpriteImage.FileError.unreadable(path: path, reason: "does not exist")) {
            try SpriteImage(contentsOfPNGFile: path)
        }
    }

    @Test func nonPNGTruncatedAndEmptyFilesAreErrorsNamingThem() throws {
        let good = try Data(contentsOf: URL(fileURLWithPath: try Self.write("good.png", channels: 4)))
        let cases: [(String, Data)] = [
            ("text.png", Data("this is not a PNG image at all".utf8)),
            ("truncated.png", good.prefix(good.count / 2)),
            ("header-only.png", good.prefix(8)),
            ("empty.png", Data()),
            ("corrupt.png", Data(good.prefix(40)) + Data(repeating: 0xAB, count: good.count - 40)),
        ]
        for (name, bytes) in cases {
            let path = Self.folder.appending(path: name).path
            try bytes.write(to: URL(fileURLWithPath: path))
            do {
                _ = try SpriteImage(contentsOfPNGFile: path)
                Issue.record("\(name): loaded without an error")
            } catch let error as SpriteImage.FileError {
                guard case let .invalidPNG(p, reason) = error else {
                    Issue.record("\(name): wrong error \(error)")
                    continue
                }
                #expect(p == path && !reason.isEmpty && "\(error)".contains(path), "\(name): \(error)")
            }
        }
    }
}

/// Files a user names are read only up to a documented limit, whatever their size, and only when
/// they are regular files: a device that never ends, a pipe that blocks, standard input and a
/// directory are typed errors, never opened (issue 23, item 4).
@Suite struct BoundedFileTests {
    @Test(.timeLimit(.minutes(1)))
    func unboundedSourcesAreRefusedWithoutReadingThemWhole() throws {
        #expect(throws: SpriteImage.FileError.self) { try SpriteImage(contentsOfPNGFile: "/dev/zero") }
        #expect(throws: SpriteImage.FileError.self) { try SpriteImage(contentsOfPNGFile: "/tmp") }
        for path in ["/dev/zero", "/dev/stdin", "/tmp"] {
            guard case .failure(.notRegularFile) = BoundedFile.read(path, limit: 1 << 20) else {
                Issue.record("\(path) must be refused as not a regular file")
                continue
            }
        }
        // A FIFO: opening it would block until a writer comes.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("plume-fifo-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appendingPathComponent("sprite.png").path
        #expect(mkfifo(fifo, 0o600) == 0)
        guard case .failure(.notRegularFile) = BoundedFile.read(fifo, limit: 1 << 20) else {
            Issue.record("a FIFO must be refused without opening it")
            return
        }
        let effect = folder.appendingPathComponent("fifo.json")
        try Data(#"{"format": "plume-effect", "version": 1, "layer": {"emitterCells": [{"name": "c", "contents": {"path": "sprite.png"}}]}}"#.utf8)
            .write(to: effect)
        let issues = EffectFile.validate(contentsOf: effect)
        #expect(issues.contains { $0.message.contains("not a regular file") }, "\(issues)")
        // A regular file larger than the limit is refused by its size, before reading.
        let big = folder.appendingPathComponent("big.bin")
        try Data(count: (1 << 20) + 1).write(to: big)
        guard case .failure(.tooLarge(let bytes, let limit)) = BoundedFile.read(big.path, limit: 1 << 20) else {
            Issue.record("a file over the limit must be too large")
            return
        }
        #expect(bytes == limit + 1)
        guard case .failure(.missing) = BoundedFile.read("/no/such/file", limit: 10) else {
            Issue.record("a missing file is .missing")
            return
        }
    }
}

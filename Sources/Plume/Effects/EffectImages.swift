import CPNG
import Foundation

extension SpriteImage {
    /// The image as PNG bytes (8-bit RGBA; lossless).
    public func pngData() throws -> Data {
        var message = [CChar](repeating: 0, count: 64)
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        let status = pixels.withUnsafeBufferPointer {
            plume_png_encode($0.baseAddress, UInt32(width), UInt32(height), &out, &size, &message)
        }
        guard status == 0, let out else {
            let reason = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            throw FileError.unwritable(path: "PNG data", reason: reason)
        }
        defer { free(out) }
        return Data(bytes: out, count: size)
    }

    /// Width and height from a PNG's header (signature, IHDR length and type, then the two
    /// big-endian words), without decoding it; nil when it is not a PNG.
    package static func pngDimensions(_ data: Data) -> (width: Int, height: Int)? {
        guard data.count >= 24, data.prefix(8).elementsEqual([137, 80, 78, 71, 13, 10, 26, 10]) else { return nil }
        let bytes = [UInt8](data.prefix(24))
        func word(_ at: Int) -> Int { bytes[at..<at + 4].reduce(0) { $0 << 8 | Int($1) } }
        return (word(16), word(20))
    }

    /// Decodes PNG bytes after checking the declared size against `maxSide` (so a small file
    /// that claims a huge image is refused before any pixel memory is taken).
    package static func boundedPNG(_ data: Data, name: String, maxSide: Int) throws -> SpriteImage {
        guard let (w, h) = pngDimensions(data) else {
            throw FileError.invalidPNG(path: name, reason: "not a PNG (bad signature or truncated header)")
        }
        guard (1...maxSide).contains(w), (1...maxSide).contains(h) else {
            throw FileError.invalidPNG(path: name, reason: "declares \(w)×\(h) pixels; at most \(maxSide)×\(maxSide) is accepted")
        }
        return try SpriteImage(pngData: data, name: name)
    }

    /// The built-in sprite (kind and size) whose pixels this image has, if any.
    var builtinMatch: (kind: Builtin, size: Int)? {
        guard width == height, (2...1024).contains(width) else { return nil }
        // Built-in sprites are white: skip drawing them for any other image.
        for i in stride(from: 0, to: pixels.count, by: 4) where pixels[i] != 255 || pixels[i + 1] != 255 || pixels[i + 2] != 255 {
            return nil
        }
        for kind in Builtin.allCases where SpriteImage.builtin(kind, size: width) == self { return (kind, width) }
        return nil
    }
}

/// Images in effect files: `"softDot"` (a built-in sprite, 64 px), `{"builtin": "spark",
/// "size": 32}`, `"images/flame.png"` or `{"path": "images/flame.png"}` (relative to the file),
/// `{"png": "<base64>"}` (embedded).
extension EffectDecoder {
    static let imageKeys = ["builtin", "size", "path", "png"]

    mutating func image(_ node: JSONNode, path: String) -> SpriteImage? {
        if let s = node.string {
            if let kind = SpriteImage.Builtin(rawValue: s) { return builtin(kind, size: 64, node: node, path: path) }
            return imageFile(s, node: node, path: path)
        }
        guard let members = node.members else {
            log.error(path, node.position, "an image must be a built-in sprite name, a path, or an object with \"builtin\", \"path\" or \"png\", got \(describe(node))")
            return nil
        }
        warnUnknownKeys(members, known: Self.imageKeys, path: path)
        let forms = ["builtin", "path", "png"].filter { node[$0] != nil }
        guard forms.count == 1 else {
            log.error(path, node.position, "an image object needs exactly one of \"builtin\", \"path\" or \"png\", got \(forms.isEmpty ? "none" : forms.joined(separator: ", "))")
            return nil
        }
        switch forms[0] {
        case "builtin":
            let nameNode = node["builtin"]!
            guard let name = nameNode.string, let kind = SpriteImage.Builtin(rawValue: name) else {
                let names = SpriteImage.Builtin.allCases.map(\.rawValue)
                let hint = nameNode.string.flatMap { nearestKey(to: $0, in: names) }.map { " (did you mean \"\($0)\"?)" } ?? ""
                log.error(path + ".builtin", nameNode.position, "must be one of \(names.map { "\"\($0)\"" }.joined(separator: ", ")), got \(describe(nameNode))\(hint)")
                return nil
            }
            var size = 64
            if let sizeNode = node["size"] {
                guard let n = sizeNode.number?.value, n == n.rounded(), (2...1024).contains(n) else {
                    log.error(path + ".size", sizeNode.position, "must be a whole number of pixels in 2…1024, got \(describe(sizeNode))")
                    return nil
                }
                size = Int(n)
            }
            return builtin(kind, size: size, node: node, path: path)
        case "path":
            let p = node["path"]!
            guard let s = p.string else {
                log.error(path + ".path", p.position, "must be a string, got \(describe(p))")
                return nil
            }
            return imageFile(s, node: p, path: path + ".path")
        default:
            let p = node["png"]!
            guard let s = p.string else {
                log.error(path + ".png", p.position, "must be a base64 string, got \(describe(p))")
                return nil
            }
            guard let data = Data(base64Encoded: s, options: .ignoreUnknownCharacters) else {
                log.error(path + ".png", p.position, "is not valid base64")
                return nil
            }
            if let cached = pngCache[s] { return cached }
            guard reservePixels(data, node: p, path: path + ".png") else { return nil }
            do {
                let image = try SpriteImage.boundedPNG(data, name: "embedded PNG", maxSide: EffectFile.maxImageSide)
                pngCache[s] = image
                return image
            } catch {
                log.error(path + ".png", p.position, "\(error)")
                return nil
            }
        }
    }

    /// The most image pixels one document may decode (32 Mi pixels, 128 MiB of RGBA), counted
    /// from the headers before decoding: many images that are small on disk cannot exhaust memory.
    static let imagePixelBudget = 1 << 25

    private mutating func reservePixels(_ data: Data, node: JSONNode, path: String) -> Bool {
        guard let (w, h) = SpriteImage.pngDimensions(data), w > 0, h > 0, w <= EffectFile.maxImageSide, h <= EffectFile.maxImageSide else {
            return true   // not a PNG, or refused by its size: the decoder reports it
        }
        imagePixels += w * h
        guard imagePixels <= Self.imagePixelBudget else {
            log.error(path, node.position, "the file's images would take more than \(Self.imagePixelBudget) pixels; refused before decoding")
            return false
        }
        return true
    }

    /// The most built-in sprite pixels one document may ask to draw (distinct kinds and sizes;
    /// repeats are drawn once): loading stays well under a second however many cells use them.
    static let builtinPixelBudget = 1 << 21

    private mutating func builtin(_ kind: SpriteImage.Builtin, size: Int, node: JSONNode, path: String) -> SpriteImage? {
        let key = "\(kind.rawValue)@\(size)"
        if let cached = builtinCache[key] { return cached }
        builtinPixels += size * size
        guard builtinPixels <= Self.builtinPixelBudget else {
            log.error(path, node.position, "the file's built-in sprites would take more than \(Self.builtinPixelBudget) pixels to draw (use fewer distinct sizes)")
            return nil
        }
        let image = SpriteImage.builtin(kind, size: size)
        builtinCache[key] = image
        return image
    }

    private mutating func imageFile(_ relative: String, node: JSONNode, path: String) -> SpriteImage? {
        guard let base = baseDirectory else {
            log.error(path, node.position, "the image path \"\(relative)\" cannot be resolved: the effect was not read from a file")
            return nil
        }
        guard !relative.isEmpty else {
            log.error(path, node.position, "an empty image path")
            return nil
        }
        guard let url = imageAccess.resolve(relative, base: base) else {
            log.error(path, node.position, ImageAccess.refusal(relative))
            return nil
        }
        if let cached = imageCache[url.path] { return cached }
        let data: Data
        switch BoundedFile.read(url.path, limit: BoundedFile.imageLimit) {
        case let .success(bytes):
            data = bytes
        case .failure(.tooLarge(let bytes, let limit)):
            log.error(path, node.position, "image \(url.path) is \(bytes >> 20) MiB or more (at most \(limit >> 20) MiB)")
            return nil
        case let .failure(failure):
            let names = SpriteImage.Builtin.allCases.map(\.rawValue)
            let hint = nearestKey(to: relative, in: names).map { " (a built-in sprite is named \"\($0)\")" } ?? ""
            log.error(path, node.position, "missing image: \(url.path) \(failure)\(hint)")
            return nil
        }
        guard reservePixels(data, node: node, path: path) else { return nil }
        do {
            let image = try SpriteImage.boundedPNG(data, name: url.path, maxSide: EffectFile.maxImageSide)
            imageCache[url.path] = image
            imagePaths[image] = relative
            return image
        } catch {
            log.error(path, node.position, "\(error)")
            return nil
        }
    }
}

import Foundation

/// Images by name, as iOS code loads them with `UIImage(named:)`:
///
/// ```swift
/// cell.contents = SpriteImage(named: "spark")?.cgImage
/// ```
///
/// **Names.** For `"spark"` the files tried are `spark@Nx.png` for the preferred scale N
/// (``preferredScale``: the screen's scale, ``Screen/scale``, rounded to 1…3), then `spark.png`,
/// `spark` (a file named exactly so), then the other scale variants, the nearest below N first
/// (as iOS takes @2x on a @3x screen that lacks @3x), then those above. A name with an extension
/// (`"spark.png"`) tries the scale variants of that file (`spark@2x.png`) and the name itself.
/// An absolute path is used as it is (with its variants). An asset catalogue's image set
/// (`*.xcassets/spark.imageset`) is tried in every place too, before the loose files (see
/// `SpriteImage+AssetCatalog.swift`).
///
/// **Places**, in order: the folders the host added (``addSearchPath(_:)``), the working folder,
/// the executable's folder, and every SwiftPM resource bundle there (`*.resources` folders next
/// to the executable, which is where `.process`/`.copy` resources of a target land on Linux).
///
/// **Scale.** A file `name@2x.png` gives an image with ``scale`` 2 and twice the pixels. As with a
/// `CGImage` on iOS, a cell's particle size comes from the pixels and the cell's
/// `contentsScale` (default 1): set `cell.contentsScale = image.scale` to draw the image at its
/// point size.
///
/// **Failures** give nil, as in UIKit, and are recorded in ``namedLookupFailures`` with every
/// file tried (or why an existing file could not be decoded). ``load(named:)`` throws instead.
extension SpriteImage {
    /// The same image (`UIImage.cgImage`): ``SpriteImage`` stands for both `UIImage` and
    /// `CGImage`. Optional, as UIKit's is, so `image.cgImage!` and `image?.cgImage` compile.
    public var cgImage: SpriteImage? { self }

    /// The size in points: pixels ÷ ``scale`` (`UIImage.size`).
    public var size: CGSize { CGSize(width: Double(width) / scale, height: Double(height) / scale) }

    /// Loads an image by name (see above); nil when no file is found or it is not a valid PNG.
    public init?(named name: String) {
        guard let image = try? SpriteImage.load(named: name) else { return nil }
        self = image
    }

    /// Loads an image by name like ``init(named:)``.
    /// - Throws: ``NamedImageError`` listing the files tried, or naming the file that could not
    ///   be decoded. The failure is also recorded in ``namedLookupFailures``.
    public static func load(named name: String) throws -> SpriteImage {
        let candidates = candidateFiles(for: name)
        func isFile(_ path: String) -> Bool {
            var directory: ObjCBool = false
            return FileManager.default.fileExists(atPath: path, isDirectory: &directory) && !directory.boolValue
        }
        for (path, scale) in candidates where isFile(path) {
            do {
                var image = try SpriteImage(contentsOfPNGFile: path)
                image.scale = scale
                return image
            } catch {
                let failure = NamedImageError.unreadable(name: name, path: path, reason: "\(error)")
                NamedImageRegistry.shared.recordFailure(failure)
                throw failure
            }
        }
        let failure = NamedImageError.notFound(name: name, tried: candidates.map(\.path))
        NamedImageRegistry.shared.recordFailure(failure)
        throw failure
    }

    /// Adds a folder searched first by ``init(named:)`` (the host's own resource folder).
    public static func addSearchPath(_ folder: String) { NamedImageRegistry.shared.add(folder) }

    /// The folders ``init(named:)`` searches, in order.
    public static var searchPaths: [String] {
        var folders = NamedImageRegistry.shared.hostFolders
        folders.append(FileManager.default.currentDirectoryPath)
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? ".").resolvingSymlinksInPath()
            .deletingLastPathComponent()
        folders.append(executable.path)
        let bundles = (try? FileManager.default.contentsOfDirectory(atPath: executable.path)) ?? []
        folders += bundles.filter { $0.hasSuffix(".resources") }.sorted().map { executable.appending(path: $0).path }
        return folders
    }

    /// The scale variant tried first, 1…3: ``Screen/scale`` rounded (1 headless), unless set
    /// here (then that, whatever the screen's scale; set it to 0 to follow the screen again).
    public static var preferredScale: Int {
        get {
            if let s = NamedImageRegistry.shared.preferredScale { return s }
            let screen = Screen.main.scale.rounded()
            return screen.isFinite ? min(max(Int(screen), 1), 3) : 1
        }
        set { NamedImageRegistry.shared.preferredScale = newValue <= 0 ? nil : min(newValue, 3) }
    }

    /// The most recent failed lookups, oldest first (at most 32).
    public static var namedLookupFailures: [NamedImageError] { NamedImageRegistry.shared.failures }

    /// Every (file, scale) tried for `name`, in order.
    static func candidateFiles(for name: String) -> [(path: String, scale: Double)] {
        let ext = (name as NSString).pathExtension
        let base = ext.isEmpty ? name : (name as NSString).deletingPathExtension
        let suffix = ext.isEmpty ? ".png" : "." + ext
        let preferred = preferredScale
        var names: [(String, Double)] = [("\(base)@\(preferred)x\(suffix)", Double(preferred))]
        if ext.isEmpty { names += [(base + ".png", 1), (name, 1)] } else { names.append((name, 1)) }
        let others = (1..<preferred).reversed() + ((preferred + 1)...max(3, preferred + 1)).filter { $0 <= 3 }
        names += others.map { ("\(base)@\($0)x\(suffix)", Double($0)) }
        if name.hasPrefix("/") { return names.map { (path: $0.0, scale: $0.1) } }
        return searchPaths.flatMap { folder in
            catalogueFiles(for: name, in: folder, preferred: preferred)
                + names.map { (path: folder + "/" + $0.0, scale: $0.1) }
        }
    }
}

/// Why ``SpriteImage/load(named:)`` failed.
public enum NamedImageError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file of that name in any search place; `tried` lists every path.
    case notFound(name: String, tried: [String])
    /// A file was found but is not a valid PNG.
    case unreadable(name: String, path: String, reason: String)

    /// The name, and every path tried or the reason the file found could not be read.
    public var description: String {
        switch self {
        case let .notFound(n, tried):
            return "image '\(n)': no file found (tried \(tried.count) paths, first \(tried.prefix(3).joined(separator: ", ")))"
        case let .unreadable(n, p, r): return "image '\(n)': \(p) could not be read: \(r)"
        }
    }
}

/// Process-wide lookup settings, behind a lock.
final class NamedImageRegistry: @unchecked Sendable {
    static let shared = NamedImageRegistry()
    private let lock = NSLock()
    private var folders: [String] = []
    private var scale: Int?
    private var recent: [NamedImageError] = []

    var hostFolders: [String] { lock.withLock { folders } }
    var failures: [NamedImageError] { lock.withLock { recent } }
    var preferredScale: Int? {
        get { lock.withLock { scale } }
        set { lock.withLock { scale = newValue } }
    }

    func add(_ folder: String) { lock.withLock { if !folders.contains(folder) { folders.append(folder) } } }

    func recordFailure(_ f: NamedImageError) {
        lock.withLock {
            recent.append(f)
            if recent.count > 32 { recent.removeFirst(recent.count - 32) }
        }
    }
}

/// `#imageLiteral(resourceName: "sparkle")` loads the image named so (see
/// ``SpriteImage/init(named:)``). A literal cannot fail: a missing or unreadable image gives a
/// 1×1 transparent image (the cell draws nothing) and the failure is recorded in
/// ``SpriteImage/namedLookupFailures``.
extension SpriteImage: _ExpressibleByImageLiteral {
    public init(imageLiteralResourceName path: String) {
        if let image = try? SpriteImage.load(named: path) {
            self = image
        } else {
            guard let empty = try? SpriteImage(width: 1, height: 1, pixels: [0, 0, 0, 0]) else {
                preconditionFailure("a 1×1 image is valid")
            }
            self = empty
        }
    }
}

/// The type `#imageLiteral(resourceName:)` makes where the context does not say.
public typealias _ImageLiteralType = SpriteImage

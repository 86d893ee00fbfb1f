import Foundation

/// Which image files an effect file (`"contents": "flame.png"`) or a Particle Designer file
/// (`textureFileName`) may name.
///
/// An effect file shared by someone else is untrusted input: an absolute path or `../` could
/// otherwise load any readable image on the machine, and the error texts could tell which files
/// exist. By default (``effectFolder``) a path must lead, after `..` and symbolic links are
/// resolved, into the folder of the file that names it, or into Plume's bundled resources. A
/// path elsewhere is refused with one message whether or not the file exists.
///
/// ```swift
/// let layer = try EffectFile.load(from: url)                                   // the effect's folder
/// let art = ImageAccess.folders([URL(fileURLWithPath: "/usr/share/mygame/sprites")])
/// let layer2 = try EffectFile.load(from: url, imageAccess: art)                // and the game's sprites
/// let trusted = try EffectFile.load(from: url, imageAccess: .anywhere)         // your own files only
/// ```
///
/// The `plume` command line takes `--image-folder DIR` (repeatable) and `--any-image-path`.
public struct ImageAccess: Sendable, Hashable {
    /// Folders whose images (at any depth) may be named, besides the effect's own folder and the
    /// bundled resources. Default none.
    public var folders: [URL]
    /// Any readable file, absolute and `../` paths included: for files you trust. Default false.
    public var anywhere: Bool

    /// Access to the effect's own folder and the bundled resources, plus `folders`, or to any
    /// readable file where `anywhere`.
    public init(folders: [URL] = [], anywhere: Bool = false) {
        self.folders = folders
        self.anywhere = anywhere
    }

    /// The effect's folder and the bundled resources only (the default).
    public static let effectFolder = ImageAccess()
    /// Any readable file (trusted files only).
    public static let anywhere = ImageAccess(anywhere: true)
    /// The effect's folder, the bundled resources and `folders`.
    public static func folders(_ folders: [URL]) -> ImageAccess { ImageAccess(folders: folders) }

    /// The message of a refused path. It is the same whether or not the file exists.
    package static func refusal(_ name: String) -> String {
        "the image path \"\(name)\" leads outside the effect's folder: refused (allow more with ImageAccess, or plume's --image-folder / --any-image-path)"
    }

    /// The file `name` names for an effect in `base`, or nil when the path is refused. A path
    /// that is allowed may still be missing; the loader reports that (it is inside a folder the
    /// host allowed, so saying so reveals nothing about the rest of the machine).
    ///
    /// The checks follow the kernel: the path as written must fold (`..` removed) into an allowed
    /// folder; the real path of the file (symbolic links and `..` resolved as `open` resolves
    /// them) must lie in an allowed folder too, and is what the loader reads. A missing file is
    /// reported missing only when the deepest folder of its path that exists is allowed; a
    /// symbolic link leading nowhere, or a file whose real path cannot be read, is refused.
    package func resolve(_ name: String, base: URL) -> URL? {
        let raw = name.hasPrefix("/") ? name : base.path + "/" + name
        if anywhere { return URL(fileURLWithPath: raw) }
        let roots = ([base] + folders + Self.bundledFolders).map { root in
            (lexical: root.standardizedFileURL.path, real: Self.realPath(root.standardizedFileURL.path))
        }
        let allowed = roots.flatMap { [$0.lexical] + ($0.real.map { [$0] } ?? []) }
        func isAllowed(_ path: String) -> Bool { allowed.contains { Self.isInside(path, $0) } }
        let lexical = URL(fileURLWithPath: raw).standardizedFileURL.path
        guard isAllowed(lexical) else { return nil }
        if let real = Self.realPath(raw) { return isAllowed(real) ? URL(fileURLWithPath: real) : nil }
        var info = stat()
        if lstat(raw, &info) == 0 { return nil }   // there, but its real path cannot be read (a dangling link)
        // Inside an allowed folder that does not exist itself: nothing on the way can be a link.
        if roots.contains(where: { $0.real == nil && Self.isInside(lexical, $0.lexical) }) { return URL(fileURLWithPath: raw) }
        var folder = raw
        while folder != "/" && !folder.isEmpty {
            folder = (folder as NSString).deletingLastPathComponent
            if let real = Self.realPath(folder) { return isAllowed(real) ? URL(fileURLWithPath: raw) : nil }
        }
        return nil
    }

    /// Plume's bundled resources (the presets' effect files), where they are: next to the
    /// executable, as SwiftPM lays them out. Found without `Bundle.module`, which traps in a
    /// program shipped without them.
    static let bundledFolders: [URL] = {
        let name = "Plume_Plume.resources"
        let places = [Bundle.main.resourceURL, Bundle.main.bundleURL, Bundle.main.executableURL?.deletingLastPathComponent()]
        return places.compactMap { $0?.appendingPathComponent(name) }
            .filter { FileManager.default.fileExists(atPath: $0.path) }
    }()

    /// `realpath(3)`: the path with symbolic links and `..` resolved by the file system; nil when
    /// it does not exist or cannot be read.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path` is `root` or lies below it.
    static func isInside(_ path: String, _ root: String) -> Bool {
        if root == "/" { return path.hasPrefix("/") }
        let root = root.hasSuffix("/") ? String(root.dropLast()) : root
        return path == root || path.hasPrefix(root + "/")
    }
}

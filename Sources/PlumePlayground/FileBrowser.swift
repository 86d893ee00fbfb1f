import Foundation

/// The playground's file browser (there is no native dialog under GLFW): one folder at a time,
/// its sub-folders and its effect files (`.json`, and `.plist` for Open; `.png` masks), a file-name field,
/// and the path it resolves to. Pure state and file listing; ``Playground`` draws it.
struct FileBrowser: Equatable {
    enum Mode: Equatable {
        /// Opens a Plume effect (`.json`) or imports a Particle Designer file (`.plist`).
        case open
        /// Saves the effect as Plume JSON (a name without an extension gets `.json`).
        case save
        /// Loads a mask image (`.png`) into the collider at this index of the layer's behaviours
        /// as its distance field (`EmitterBehavior.setDistanceField(mask:threshold:spacing:)`).
        case mask(behavior: Int)
    }

    let mode: Mode
    /// The folder shown, absolute and standardized.
    private(set) var folder: String
    /// The file name typed or picked; an absolute path or one relative to ``folder``.
    var name: String
    /// Sub-folder names (hidden ones left out) and effect file names, sorted.
    private(set) var folders: [String] = []
    private(set) var files: [String] = []
    /// Why the folder could not be listed, if it could not.
    private(set) var problem: String?

    /// A browser in the folder of `path` (or, where that folder does not exist yet, the nearest
    /// folder above it that does), its name field holding the file name of `path`.
    init(mode: Mode, path: String) {
        self.mode = mode
        let url = URL(fileURLWithPath: path).standardizedFileURL
        name = url.lastPathComponent
        var folder = url.deletingLastPathComponent()
        var isFolder: ObjCBool = false
        while !(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue),
              folder.path != "/" {
            folder = folder.deletingLastPathComponent()
        }
        self.folder = folder.path
        list()
    }

    /// The extensions shown: `.json` and `.plist` for Open, `.json` for Save, `.png` for a mask.
    var extensions: Set<String> {
        switch mode {
        case .open: ["json", "plist"]
        case .save: ["json"]
        case .mask: ["png"]
        }
    }

    /// Shows `folder` (absolute, or relative to the folder shown).
    mutating func go(to folder: String) {
        let url = folder.hasPrefix("/") ? URL(fileURLWithPath: folder) : URL(fileURLWithPath: self.folder).appendingPathComponent(folder)
        self.folder = url.standardizedFileURL.path
        list()
    }

    /// Shows the folder above.
    mutating func up() { go(to: (folder as NSString).deletingLastPathComponent) }

    /// The path the name field points at (nil while it is empty); Save adds `.json` to a name
    /// without an extension.
    var chosenPath: String? {
        let trimmed = name.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty else { return nil }
        let expanded = (trimmed as NSString).expandingTildeInPath
        var url = expanded.hasPrefix("/") ? URL(fileURLWithPath: expanded) : URL(fileURLWithPath: folder).appendingPathComponent(expanded)
        if mode == .save && url.pathExtension.isEmpty { url.appendPathExtension("json") }
        return url.standardizedFileURL.path
    }

    /// Reads the folder's listing again.
    mutating func list() {
        folders = []
        files = []
        problem = nil
        do {
            let names = try FileManager.default.contentsOfDirectory(atPath: folder)
            for name in names.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) where !name.hasPrefix(".") {
                var isFolder: ObjCBool = false
                let path = (folder as NSString).appendingPathComponent(name)
                guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    folders.append(name)
                } else if extensions.contains((name as NSString).pathExtension.lowercased()) {
                    files.append(name)
                }
            }
        } catch {
            problem = "cannot list \(folder): \((error as NSError).localizedDescription)"
        }
    }
}

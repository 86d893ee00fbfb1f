import Foundation

/// Asset catalogues, as `UIImage(named:)` reads them from an app's `Assets.xcassets`: for the
/// name `"spark"`, the image set `spark.imageset` of every `*.xcassets` folder in each place
/// ``SpriteImage/init(named:)`` searches, also inside group folders (`Particles/spark.imageset`;
/// a group whose `Contents.json` has `"provides-namespace": true` makes the name
/// `"Particles/spark"`, as in Xcode). Its `Contents.json`
/// lists the files by scale, under any file names:
///
/// ```json
/// { "images" : [
///     { "filename" : "dot-small.png", "idiom" : "universal", "scale" : "1x" },
///     { "filename" : "dot-retina.png", "idiom" : "universal", "scale" : "2x" },
///     { "idiom" : "universal", "scale" : "3x" } ] }
/// ```
///
/// The entry for ``SpriteImage/preferredScale`` is taken first, then the nearest scale below it,
/// then those above (entries without a file are skipped); an entry without a scale (a single
/// image for every scale) comes after those of its idioms, at scale 1. The device is taken as a
/// phone: its own entries are the `universal` and `iphone` ones (at one scale, `universal`
/// first); `ipad` entries, then other idioms (`mac`, `watch`…), are tried only after all of those,
/// so an iPad-only 2x never wins over a universal 1x, as on an iPhone. Entries for a dark appearance (`appearances`) are
/// skipped. The image gets its entry's scale (``SpriteImage/scale``). Only PNG files decode; a
/// set whose `Contents.json` is missing or not JSON contributes nothing.
extension SpriteImage {
    /// The (file, scale) candidates of image sets named `name` in the catalogues of `folder`, in
    /// the order they are tried.
    static func catalogueFiles(for name: String, in folder: String, preferred: Int) -> [(path: String, scale: Double)] {
        guard !name.isEmpty, !name.hasPrefix("/") else { return [] }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var out: [(path: String, scale: Double)] = []
        for catalogue in entries.filter({ $0.hasSuffix(".xcassets") }).sorted() {
            for set in imageSets(named: name, in: folder + "/" + catalogue, namespace: "", depth: 0) {
                out += imageSetFiles(set, preferred: preferred)
            }
        }
        return out
    }

    /// The image set folders that `name` names inside a catalogue folder: `name.imageset` under
    /// group folders (folders without an extension), a group whose Contents.json says
    /// `"provides-namespace": true` adding its name and a slash in front. At most 4 groups deep.
    private static func imageSets(named name: String, in folder: String, namespace: String, depth: Int) -> [String] {
        var out: [String] = []
        let children = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
        for child in children {
            let path = folder + "/" + child
            if child.hasSuffix(".imageset") {
                if namespace + child == name + ".imageset" { out.append(path) }
                continue
            }
            var directory: ObjCBool = false
            guard depth < 4, !child.contains("."), FileManager.default.fileExists(atPath: path, isDirectory: &directory),
                  directory.boolValue else { continue }
            var inner = namespace
            if case let .success(data) = BoundedFile.read(path + "/Contents.json", limit: 1 << 20),
               let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
               let properties = json["properties"] as? [String: Any], properties["provides-namespace"] as? Bool == true {
                inner += child + "/"
            }
            out += imageSets(named: name, in: path, namespace: inner, depth: depth + 1)
        }
        return out
    }

    /// The files of one image set folder by preference (empty when it has no readable Contents.json).
    static func imageSetFiles(_ set: String, preferred: Int) -> [(path: String, scale: Double)] {
        guard case let .success(data) = BoundedFile.read(set + "/Contents.json", limit: 1 << 20),
              let json = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let images = json["images"] as? [[String: Any]] else { return [] }
        struct Entry { var file: String; var scale: Int?; var idiomRank: Int }
        let entries: [Entry] = images.compactMap { image in
            guard let file = image["filename"] as? String, !file.isEmpty, !file.contains("/"),
                  image["appearances"] == nil else { return nil }
            let scale = (image["scale"] as? String).flatMap { Int($0.dropLast($0.hasSuffix("x") ? 1 : 0)) }
            let idiom = image["idiom"] as? String ?? "universal"
            let rank = ["universal": 0, "iphone": 1, "ipad": 2][idiom] ?? 3
            return Entry(file: file, scale: scale, idiomRank: rank)
        }
        // (the device's own idioms first, then iPad, then others; then the scale's preference;
        // then how far the scale is from the preferred one; universal before iphone)
        func order(_ e: Entry) -> [Int] {
            let idioms = Swift.max(e.idiomRank - 1, 0)                     // universal and iphone: 0
            guard let s = e.scale else { return [idioms, 3, 0, e.idiomRank] }   // any scale: after its idioms' scaled ones
            if s == preferred { return [idioms, 0, 0, e.idiomRank] }
            if s < preferred { return [idioms, 1, preferred - s, e.idiomRank] }
            return [idioms, 2, s - preferred, e.idiomRank]
        }
        return entries.sorted { order($0).lexicographicallyPrecedes(order($1)) }
            .map { (path: set + "/" + $0.file, scale: Double($0.scale ?? 1)) }
    }
}

extension SpriteImage {
    /// `UIImage(data:)`: an image decoded from PNG bytes, nil when they are not a valid PNG (the
    /// reason is thrown by ``init(pngData:name:)``). ``scale`` is `scale` (default 1, as
    /// `UIImage(data:)` gives; `UIImage(data:scale:)` takes one).
    public init?(data: Data, scale: CGFloat = 1) {
        guard let image = try? SpriteImage(pngData: data) else { return nil }
        self = image
        self.scale = scale.isFinite && scale > 0 ? Double(scale) : 1
    }

}

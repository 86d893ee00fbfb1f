import ArgumentParser
import Foundation
import Plume

/// `--image-folder DIR` and `--any-image-path`: which image files an effect or `.plist` file may
/// name (``ImageAccess``). By default only files in its own folder (and Plume's bundled
/// resources); a path elsewhere is refused with one message whether or not the file exists.
struct ImageAccessOptions: ParsableArguments {
    @Option(name: .customLong("image-folder"),
            help: "Also let image paths in effect files lead into this folder (repeatable).")
    var imageFolders: [String] = []

    @Flag(name: .customLong("any-image-path"),
          help: "Let image paths in effect files name any readable file (absolute and ../ paths): trusted files only.")
    var anyImagePath = false

    var access: ImageAccess {
        ImageAccess(folders: imageFolders.map { URL(fileURLWithPath: $0) }, anywhere: anyImagePath)
    }
}

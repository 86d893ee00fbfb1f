import Foundation

/// Reading a file whose size a user controls: never more than a documented limit is read into
/// memory, whatever the file claims to be (a huge file, a device like /dev/zero, a growing file).
package enum BoundedFile {
    /// Why a file was not read.
    package enum Failure: Error, Sendable, CustomStringConvertible {
        case missing
        case unreadable
        /// A device, pipe, socket or folder (`/dev/stdin`, `/dev/zero`, a FIFO): never opened, as
        /// opening or reading one may block forever or never end.
        case notRegularFile
        /// The file holds more than the limit (at least `bytes`).
        case tooLarge(bytes: Int, limit: Int)

        package var description: String {
            switch self {
            case .missing: return "does not exist"
            case .unreadable: return "cannot be read (permission denied)"
            case .notRegularFile: return "is not a regular file (a device, pipe or folder)"
            case let .tooLarge(bytes, limit):
                return "is \(bytes >> 20) MiB or more (at most \(limit >> 20) MiB are read)"
            }
        }
    }

    /// Images (PNG, TIFF) named by effect files and image loaders: 512 MiB.
    package static let imageLimit = 512 << 20
    /// Effect and property-list files: 64 MiB.
    package static let documentLimit = 64 << 20

    /// The bytes of the file at `path`, read only when it is a regular file (after symbolic links)
    /// holding at most `limit` bytes.
    package static func read(_ path: String, limit: Int) -> Result<Data, Failure> {
        var info = stat()
        guard stat(path, &info) == 0 else { return .failure(errno == EACCES ? .unreadable : .missing) }
        guard info.st_mode & S_IFMT == S_IFREG else { return .failure(.notRegularFile) }
        if Int(info.st_size) > limit { return .failure(.tooLarge(bytes: Int(info.st_size), limit: limit)) }
        guard let handle = FileHandle(forReadingAtPath: path) else { return .failure(.unreadable) }
        defer { try? handle.close() }
        // One byte more than the limit tells a file of exactly `limit` bytes from a larger one,
        // and reading (not the size the file system reports) also bounds devices and pipes.
        guard let data = try? handle.read(upToCount: limit + 1) else { return .success(Data()) }
        guard data.count <= limit else { return .failure(.tooLarge(bytes: data.count, limit: limit)) }
        return .success(data)
    }
}

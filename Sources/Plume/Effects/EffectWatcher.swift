import Foundation

/// Reloads an effect file when it changes on disk (hot reload).
///
/// Polling, no threads: call ``poll()`` (or ``poll(applyingTo:)``) once a frame, or
/// ``wait(timeout:interval:)`` from a tool. A poll costs one `stat`; the file is read and hashed
/// only when its modification time, size or identity changed (or it changed within the last two
/// seconds, for file systems with coarse timestamps), and an event is reported only when the
/// content differs from the last one seen.
///
/// ```swift
/// let watcher = EffectWatcher(url: fileURL)
/// // each frame:
/// if case let .failed(error)? = watcher.poll(applyingTo: layer) { print(error) }   // keeps running
/// try simulator.advance(to: now)
/// ```
///
/// A bad save (malformed JSON, an invalid value, a half-written file) is reported as
/// ``Event/failed(_:)`` and changes nothing: the layer and simulation go on with the last good
/// values until a later save is valid. An editor that saves in place empties the file before it
/// writes the new content; an empty file modified within the last ``writeSettling`` seconds is
/// taken to be such a save under way and reported only if it stays empty, so a normal save never
/// shows an error for the moment between the two.
public final class EffectWatcher {
    /// How long an empty file may have been modified before it counts as a save (seconds): 1.
    /// Until then it is an in-place save under way, and a poll reports nothing.
    public static let writeSettling: Double = 1
    /// This watcher's ``writeSettling`` (tests lengthen it, so a stalled machine cannot outlast it).
    var settling = EffectWatcher.writeSettling

    /// What a poll found.
    public enum Event {
        /// The file changed and loaded; the document is the new content.
        case loaded(EffectDocument)
        /// The file changed (or vanished) and cannot be loaded; nothing was applied.
        case failed(EffectFileError)
    }

    /// The file watched.
    public let url: URL
    /// The last document that loaded, if any.
    public private(set) var document: EffectDocument?
    /// The problems of the last failed load (empty after a good one).
    public private(set) var lastError: EffectFileError?

    private var stamp: FileStamp?
    private var contentHash: UInt64?
    private var reportedMissing = false

    /// Which image files the effect may name (``ImageAccess``; default its own folder).
    public let imageAccess: ImageAccess

    /// Watches `url`. Nothing is read until the first poll, which reports the file's content.
    public init(url: URL, imageAccess: ImageAccess = .effectFolder) {
        self.url = url
        self.imageAccess = imageAccess
    }

    /// Checks the file once; an event when its content changed since the last poll, else nil.
    public func poll() -> Event? {
        guard let current = FileStamp(url) else {
            stamp = nil
            contentHash = nil
            if reportedMissing { return nil }
            reportedMissing = true
            let error = EffectFileError(issues: [EffectIssue(severity: .error, file: url.path, path: "$", position: nil,
                                                             message: "the file does not exist (deleted or being replaced)")])
            lastError = error
            return .failed(error)
        }
        reportedMissing = false
        let sinceModified = Date().timeIntervalSince1970 - current.modified
        // An in-place save under way (truncated, not yet written): look again at the next poll.
        if current.size == 0 && sinceModified < settling { return nil }
        let recentlyModified = sinceModified < 2
        if current == stamp && !recentlyModified { return nil }
        stamp = current
        // Vanished in between: the next poll; too large: the load reports it.
        guard case let .success(data) = BoundedFile.read(url.path, limit: BoundedFile.documentLimit) else { return nil }
        let hash = Self.fnv1a(data)
        if hash == contentHash { return nil }
        contentHash = hash
        do {
            let loaded = try EffectFile.decode(data, file: url.path, baseDirectory: url.deletingLastPathComponent(),
                                               imageAccess: imageAccess)
            document = loaded
            lastError = nil
            return .loaded(loaded)
        } catch {
            lastError = error
            return .failed(error)
        }
    }

    /// Polls, and when the file loaded applies it to `layer` in place (``EmitterLayer/apply(_:)``:
    /// live particles are kept where the cell structure allows).
    @discardableResult
    public func poll(applyingTo layer: EmitterLayer) -> Event? {
        let event = poll()
        if case let .loaded(document)? = event { layer.apply(document.layer) }
        return event
    }

    /// Polls every `interval` until an event or `timeout` (sleeping in between; no busy loop).
    public func wait(timeout: Duration, interval: Duration = .milliseconds(100)) -> Event? {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while true {
            if let event = poll() { return event }
            if clock.now >= deadline { return nil }
            Thread.sleep(forTimeInterval: Double(interval.components.seconds) + Double(interval.components.attoseconds) * 1e-18)
        }
    }

    static func fnv1a(_ data: Data) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            h ^= UInt64(byte)
            h = h &* 0x100_0000_01b3
        }
        return h
    }
}

/// What `stat` says about a file: enough to notice a save without reading it.
struct FileStamp: Equatable {
    var modified: Double
    var size: Int
    var inode: Int

    init?(_ url: URL) {
        guard let a = try? FileManager.default.attributesOfItem(atPath: url.path) else { return nil }
        modified = (a[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        size = (a[.size] as? NSNumber)?.intValue ?? 0
        inode = (a[.systemFileNumber] as? NSNumber)?.intValue ?? 0
    }
}

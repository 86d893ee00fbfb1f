import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// The one headless context the GPU suites share (a GL context belongs to one thread at a time:
/// every test runs its GL work inside `GPU.run`, which makes it current and releases it).
///
/// GPU tests never skip silently: they run unless `PLUME_SKIP_GPU=1` is set, and a machine without
/// a working context fails them with the driver's reason.
enum GPU {
    nonisolated(unsafe) private static var shared: Result<GLContext, Error>?
    private static let lock = NSLock()

    static var skipped: Bool { ProcessInfo.processInfo.environment["PLUME_SKIP_GPU"] == "1" }

    /// Runs `body` with the shared context current.
    static func run<T>(_ body: (GLContext) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if shared == nil {
            shared = Result { let c = try GLContext.headless(); c.releaseCurrent(); return c }
        }
        let context = try shared!.get()
        return try context.withCurrent { try body(context) }
    }
}

extension DrawPath {
    /// Every path a renderer can be forced to take (the picture tests run each).
    static let variants: [DrawPath] = [.pointSprites, .quadList, .instancedQuads, .geometryQuads]
}

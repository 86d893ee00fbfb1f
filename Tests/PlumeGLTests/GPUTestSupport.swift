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
    private static let lock = TicketLock()

    static var skipped: Bool { ProcessInfo.processInfo.environment["PLUME_SKIP_GPU"] == "1" }

    /// Runs `body` with the shared context current.
    ///
    /// The context is handed out first come, first served (a test waits for those that asked
    /// before it, never for a holder that asks again), so a suite that holds it in many short
    /// turns does not starve the others.
    ///
    /// `holdingAtMost` bounds the time `body` holds the context (a test's own GPU and reference work):
    /// unlike Swift Testing's `.timeLimit`, it does not count the wait for other suites' turns,
    /// which depends on what runs beside the test, nor the programs it links (the cache is the
    /// context's: which test links a variant first depends on the order the suites ran in, and a
    /// cold shader cache). Going over records an issue.
    static func run<T>(holdingAtMost limit: Duration? = nil, _ body: (GLContext) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if shared == nil {
            shared = Result { let c = try GLContext.headless(); c.releaseCurrent(); return c }
        }
        let context = try shared!.get()
        let clock = ContinuousClock(), start = clock.now
        let linked = context.programs.linkTimes.count
        defer {
            let held = clock.now - start
            let linking = context.programs.linkTimes.dropFirst(linked).reduce(0) { $0 + $1.seconds }
            if let limit, held - .seconds(linking) > limit {
                Issue.record("held the GPU for \(held) (\(linking) s of it linking programs), over its limit of \(limit)")
            }
            if let path = ProcessInfo.processInfo.environment["PLUME_GPU_PROFILE"] {
                Self.profile(held, to: path)
            }
        }
        return try context.withCurrent { try body(context) }
    }

    /// Appends "seconds held, tier, test" to `path` (`PLUME_GPU_PROFILE`: which tests hold the
    /// context longest, the suite's serial path; the GL 3.3 tier's child writes there too).
    private static func profile(_ held: Duration, to path: String) {
        let seconds = Double(held.components.seconds) + Double(held.components.attoseconds) * 1e-18
        let name = Test.current.map { "\($0.id)" } ?? "?"
        let tier = ProcessInfo.processInfo.environment["PLUME_GL_TIER"] ?? "main"
        let line = String(format: "%.3f\t", seconds) + tier + "\t" + name + "\n"
        guard let file = fopen(path, "a") else { return }   // appends are whole lines, whichever process writes
        fputs(line, file)
        fclose(file)
    }
}

/// A lock that admits its waiters in the order they asked (a ticket lock): `NSLock` lets the
/// thread that just unlocked take it again at once.
private final class TicketLock: @unchecked Sendable {
    private let condition = NSCondition()
    private var nextTicket = 0
    private var serving = 0

    func lock() {
        condition.lock()
        let ticket = nextTicket
        nextTicket += 1
        while ticket != serving { condition.wait() }
        condition.unlock()
    }

    func unlock() {
        condition.lock()
        serving += 1
        condition.broadcast()
        condition.unlock()
    }
}

extension DrawPath {
    /// Every path a renderer can be forced to take (the picture tests run each).
    static let variants: [DrawPath] = [.pointSprites, .quadList, .instancedQuads, .geometryQuads]
}

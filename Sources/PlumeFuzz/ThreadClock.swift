import Foundation

/// The calling thread's CPU time, for costs that other work on the machine must not stretch (the
/// reference simulator runs on the calling thread).
package enum ThreadClock {
    /// CPU time the calling thread has used so far (`CLOCK_THREAD_CPUTIME_ID`).
    package static func now() -> Duration {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return .seconds(t.tv_sec) + .nanoseconds(t.tv_nsec)
    }
}

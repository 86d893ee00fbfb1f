#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The current host time in seconds from a monotonic clock (`CACurrentMediaTime()`): it never
/// jumps with wall-clock changes, its origin is arbitrary (the system's boot), and it is the
/// clock ported code passes to `advance(to:)` and sets `beginTime` from.
///
/// The engine itself never reads it (SPEC §8: the host drives time); a layer left at
/// `beginTime = 0` starts at its simulator's first update whatever this clock reads.
///
/// ```swift
/// layer.beginTime = CACurrentMediaTime()     // the seeds' snow
/// layer.timeOffset = 10
/// try simulator.advance(to: CACurrentMediaTime())
/// ```
public func CACurrentMediaTime() -> TimeInterval {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return TimeInterval(ts.tv_sec) + TimeInterval(ts.tv_nsec) * 1e-9
}

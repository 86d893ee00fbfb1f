import Synchronization

/// The run-time check of single-thread ownership: an object that one thread at a time may use
/// (it may move between threads, one call at a time) traps with a message when two threads are
/// inside it at once, instead of corrupting its state. A programmer error, so a trap, not a throw.
///
/// ```swift
/// let use = ExclusiveUse("ReferenceSimulator")
/// func advance(to t: Double) throws {
///     use.begin("advance(to:)"); defer { use.end() }
///     …
/// }
/// ```
package final class ExclusiveUse: Sendable {
    private let busy = Atomic<Bool>(false)
    private let owner: String

    package init(_ owner: String) { self.owner = owner }

    /// Marks the object in use by the calling thread; traps when another thread is inside it.
    package func begin(_ call: @autoclosure () -> String) {
        let (exchanged, _) = busy.compareExchange(expected: false, desired: true, ordering: .acquiring)
        precondition(exchanged, "\(owner).\(call()) called while another thread is inside \(owner): "
                     + "use one \(owner) from one thread at a time (see the Concurrency article)")
    }

    /// Marks the object free again.
    package func end() { busy.store(false, ordering: .releasing) }
}

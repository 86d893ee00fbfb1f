import Foundation

/// Groups animation changes (`CATransaction`): `begin()` … `commit()`, with the animation duration,
/// timing function, actions switch and a completion block of Core Animation's transactions.
///
/// ```swift
/// Transaction.begin()
/// Transaction.setAnimationDuration(2)
/// Transaction.setCompletionBlock { emitter.birthRate = 0 }
/// emitter.add(fade, forKey: "opacity")      // fade.duration unset: 2 s
/// Transaction.commit()
/// ```
///
/// What it does here, since Plume has no implicit animations (setting a property never
/// animates it; there are no layer actions):
///
/// * ``setDisableActions(_:)`` is recorded and read back by ``disableActions()``; with no actions
///   there is nothing to disable, so every change is already immediate.
/// * ``setAnimationDuration(_:)``: an animation added inside the transaction whose `duration` was
///   never set takes this duration (Core Animation gives such animations the transaction's
///   duration). Default 0.25 s.
/// * ``setAnimationTimingFunction(_:)``: likewise for an animation without a timing function.
/// * ``setCompletionBlock(_:)``: the block runs once every animation added inside the
///   transaction (nested ones included) has stopped — finished or removed — on the thread of
///   the host update that stops the last (a simulator's `advance(to:)`, a scene's, or
///   `presentation(at:)`); when none was added, it runs at ``commit()``.
///
/// Transactions nest and belong to the thread that begins them, as in Core Animation. Outside
/// `begin()`/`commit()` the setters change nothing (there is no run loop to commit an implicit
/// transaction) and the getters return the defaults.
public enum Transaction {
    /// Opens a transaction on the calling thread (nested in the current one, if any).
    public static func begin() { Frames.current.list.append(Frame()) }

    /// Closes the innermost transaction: its completion block runs now if it added no animation,
    /// else when the last of its animations stops. Without an open transaction it does nothing.
    public static func commit() {
        let frames = Frames.current
        guard let frame = frames.list.popLast() else { return }
        frame.group.close(completion: frame.completion)
    }

    /// Core Animation commits pending changes to the render server here; Plume's changes are
    /// already visible to the next update, so it does nothing.
    public static func flush() {}

    /// Records whether actions are disabled (there are none in Plume: see the type's notes).
    public static func setDisableActions(_ flag: Bool) { Frames.current.list.last?.disableActions = flag }
    /// The innermost transaction's value; false outside a transaction.
    public static func disableActions() -> Bool { Frames.current.list.last?.disableActions ?? false }

    /// The duration, seconds, for animations added without one inside the transaction.
    public static func setAnimationDuration(_ duration: TimeInterval) {
        Frames.current.list.last?.duration = duration
    }
    /// The innermost transaction's duration (an enclosing one's when it set none); 0.25 by default.
    public static func animationDuration() -> TimeInterval {
        Frames.current.list.reversed().lazy.compactMap(\.duration).first ?? 0.25
    }

    /// The timing function for animations added without one inside the transaction.
    public static func setAnimationTimingFunction(_ function: TimingFunction?) {
        Frames.current.list.last?.timingFunction = function
    }
    /// The innermost transaction's timing function (an enclosing one's when it set none); nil by default.
    public static func animationTimingFunction() -> TimingFunction? {
        Frames.current.list.reversed().lazy.compactMap(\.timingFunction).first
    }

    /// The block run once the transaction's animations have all stopped (see the type's notes).
    public static func setCompletionBlock(_ block: (() -> Void)?) { Frames.current.list.last?.completion = block }
    /// The innermost transaction's completion block.
    public static func completionBlock() -> (() -> Void)? { Frames.current.list.last?.completion }

    /// Called by ``Layer/add(_:forKey:)`` with the layer's copy: fills in the transaction's
    /// duration and timing function and makes every open transaction's completion wait for it.
    static func adopt(_ animation: Animation) {
        let frames = Frames.current.list
        guard !frames.isEmpty else { return }
        if !animation.durationIsSet, let d = frames.reversed().lazy.compactMap(\.duration).first { animation.duration = d }
        if animation.timingFunction == nil { animation.timingFunction = animationTimingFunction() }
        for frame in frames { frame.group.add(animation) }
    }

    /// One open transaction.
    final class Frame {
        var disableActions = false
        var duration: TimeInterval?
        var timingFunction: TimingFunction?
        var completion: (() -> Void)?
        let group = TransactionGroup()
    }

    /// The calling thread's open transactions, innermost last.
    final class Frames {
        var list: [Frame] = []
        static var current: Frames {
            let key = "org.plume.transactions"
            if let frames = Thread.current.threadDictionary[key] as? Frames { return frames }
            let frames = Frames()
            Thread.current.threadDictionary[key] = frames
            return frames
        }
    }
}

/// The animations one transaction added, and its completion block, run once the transaction is
/// committed and every one of them has stopped.
///
/// `@unchecked Sendable`: every field is guarded by `lock`; the block runs outside it.
final class TransactionGroup: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = 0
    private var closed = false
    private var completion: (() -> Void)?

    func add(_ animation: Animation) {
        lock.withLock { pending += 1 }
        animation.transactionGroups.append(self)
    }

    /// One of the group's animations stopped.
    func animationStopped() {
        let block: (() -> Void)? = lock.withLock {
            pending -= 1
            return closed && pending == 0 ? take() : nil
        }
        block?()
    }

    /// The transaction was committed with `completion`.
    func close(completion: (() -> Void)?) {
        let block: (() -> Void)? = lock.withLock {
            closed = true
            self.completion = completion
            return pending == 0 ? take() : nil
        }
        block?()
    }

    private func take() -> (() -> Void)? {
        defer { completion = nil }
        return completion
    }
}

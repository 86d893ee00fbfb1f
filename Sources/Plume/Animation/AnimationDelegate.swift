/// Told when an animation starts and stops (`CAAnimationDelegate`). Both methods have empty
/// defaults, so a type implements only what it needs.
///
/// Calls happen on the host's update: inside a simulator's `advance(to:)` (or
/// ``EmitterLayer/presentation(at:)``) for the host time at which the animation starts, reaches
/// the end of its active period, or was removed. The call is made holding the layer's lock, on
/// the updating thread: it may edit the layer, but must not wait for another thread that updates
/// the same layer.
public protocol AnimationDelegate: AnyObject {
    /// The animation's active period began.
    func animationDidStart(_ anim: Animation)
    /// The animation stopped: `finished` is true when it reached the end of its active period,
    /// false when it was removed (``Layer/removeAnimation(forKey:)``, replaced by another
    /// animation with the same key, or ``Layer/removeAllAnimations()``) before that.
    func animationDidStop(_ anim: Animation, finished flag: Bool)
}

extension AnimationDelegate {
    public func animationDidStart(_ anim: Animation) {}
    public func animationDidStop(_ anim: Animation, finished flag: Bool) {}
}

extension Animation {
    /// Tells the delegate and the completion once that the animation stopped.
    func reportStop(finished: Bool) {
        guard !reportedStop else { return }
        reportedStop = true
        delegate?.animationDidStop(self, finished: finished)
        completion?(finished)
        let groups = transactionGroups
        transactionGroups = []
        for group in groups { group.animationStopped() }
    }

    /// Tells the delegate once that the animation started.
    func reportStart() {
        guard !reportedStart else { return }
        reportedStart = true
        delegate?.animationDidStart(self)
    }
}

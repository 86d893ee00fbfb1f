import Foundation

/// Explicit animations on any ``Layer`` (Semantics §9): an ``EmitterLayer``'s are presented by
/// its simulators at each update; a plain layer's (a container's `transform.rotation.z`, its
/// `opacity`) by the ``ParticleScene`` that draws it, at the scene's last `advance(to:)`.
extension Layer {
    /// Adds a copy of `animation` (as Core Animation does: later edits to the object, or adding
    /// it again, start afresh), replacing any animation with the same key (nil: a fresh key).
    ///
    /// **Key as key path.** An animation made without a key path (`BasicAnimation()`, whose
    /// ``Animation/keyPath`` is empty) animates the property named by `key`, as in Core Animation:
    /// `layer.add(fade, forKey: "birthRate")` animates `birthRate`.
    ///
    /// Inside a ``Transaction``, an animation whose `duration` was never set takes the
    /// transaction's ``Transaction/animationDuration()``, and the transaction's completion block
    /// waits for it.
    public func add(_ animation: Animation, forKey key: String?) {
        let copy = animation.copy()
        if copy.keyPath.isEmpty, let key { copy.keyPath = key }
        Transaction.adopt(copy)
        animationLock.withLock {
            let key = key ?? "animation-\(animationSerial)"
            animationSerial += 1
            removeAnimation(forKey: key)
            animationEntries.append((key, copy))
        }
    }

    /// Removes the animation with that key; its delegate hears `finished: false` at the next update.
    public func removeAnimation(forKey key: String) {
        animationLock.withLock {
            for entry in animationEntries where entry.key == key { stoppedAnimations.append((entry.animation, false)) }
            animationEntries.removeAll { $0.key == key }
        }
    }

    /// Removes every animation; their delegates hear `finished: false` at the next update.
    public func removeAllAnimations() {
        animationLock.withLock {
            stoppedAnimations += animationEntries.map { ($0.animation, false) }
            animationEntries = []
        }
    }

    /// The animation added under `key` (a copy of what was added), if it is still running or kept.
    public func animation(forKey key: String) -> Animation? {
        animationLock.withLock { animationEntries.first { $0.key == key }?.animation }
    }

    /// The keys of the layer's animations, in the order they were added.
    public func animationKeys() -> [String] { animationLock.withLock { animationEntries.map(\.key) } }

    /// The layer's values as animated at host time `hostTime` (``Layer`` values and stored keys;
    /// an ``EmitterLayer`` has ``EmitterLayer/presentation(at:)`` with its cells). Settles the
    /// animations' bookkeeping up to `hostTime` as an update does.
    public func presentationLayer(at hostTime: TimeInterval) -> Layer {
        animationLock.withLock {
            settleAnimations(at: hostTime)
            let p = presentedValues(at: hostTime).layer
            return p === self ? presentationCopy() : p
        }
    }

    /// How long (host seconds) a finished animation removed on completion still presents itself
    /// to simulators of the layer that are behind the one that removed it: 60 s. A simulator
    /// further behind sees it as removed.
    package static let retiredAnimationRetention: Double = 60

    /// Brings the animations' bookkeeping up to `hostTime`: an animation seen for the first time
    /// with `beginTime` 0 starts at `hostTime`; delegates hear starts and stops (removed ones
    /// included); finished animations with `isRemovedOnCompletion` leave the layer (a simulator
    /// of the layer still behind their end keeps seeing them for ``retiredAnimationRetention``).
    /// What `presentedValues(at:)` computes for `hostTime` is the same before and after, so the
    /// order in which simulators of one layer settle it does not matter.
    package func settleAnimations(at hostTime: Double) {
        animationLock.withLock {
            let stopped = stoppedAnimations
            stoppedAnimations = []
            for (animation, finished) in stopped { animation.reportStop(finished: finished) }
            guard hostTime.isFinite else { return }
            var finished: [String] = []
            for (key, animation) in animationEntries {
                animation.start(at: hostTime)
                let timing = animation.timing(now: hostTime)
                if hostTime >= timing.activeWindow.start { animation.reportStart() }
                if hostTime >= timing.activeWindow.end && timing.speed > 0 {
                    animation.reportStop(finished: true)
                    if animation.isRemovedOnCompletion {
                        finished.append(key)
                        retiredAnimations.append((key, animation, timing.activeWindow.end))
                    }
                }
            }
            animationEntries.removeAll { finished.contains($0.key) }
            retiredAnimations.removeAll { $0.end < hostTime - Self.retiredAnimationRetention }
        }
    }

    /// The presentation, the key paths animations set, and problems with animations. A pure
    /// read: it changes nothing in the layer or its animations (an animation not yet started
    /// counts as starting at `hostTime`; a finished one with `isRemovedOnCompletion` counts as
    /// removed), so any number of simulators may call it on one layer at once. With no animation
    /// the layer itself is returned.
    package func presentedValues(at hostTime: Double) -> (layer: Layer, animated: Set<String>, diagnostics: [Diagnostic]) {
        let entries = animationLock.withLock {
            retiredAnimations.filter { hostTime < $0.end }.map { ($0.key, $0.animation) } + animationEntries
        }
        guard !entries.isEmpty else { return (self, [], []) }
        let copy = presentationCopy()
        var animated = Set<String>()
        var diagnostics: [Diagnostic] = []
        for (key, animation) in entries {
            guard hostTime.isFinite else { break }
            let timing = animation.timing(now: hostTime)
            if hostTime >= timing.activeWindow.end && timing.speed > 0 && animation.isRemovedOnCompletion { continue }
            guard let local = timing.localTime(at: hostTime) else { continue }
            let progress = min(max(local / timing.duration, 0), 1)
            let model: Any?
            do {
                model = try copy.validatedValue(forKeyPath: animation.keyPath)
            } catch {
                diagnostics.append(Diagnostic(keyPath: animation.keyPath, value: "animation \"\(key)\"",
                                              rule: "\(error)", effect: .ignored))
                continue
            }
            let discrete = self is EmitterLayer && !EmitterLayer.interpolates(keyPath: animation.keyPath)
            guard let value = animation.value(progress: progress, cycles: timing.completedCycles(at: hostTime),
                                              model: model, discrete: discrete) else {
                diagnostics.append(Diagnostic(keyPath: animation.keyPath, value: "animation \"\(key)\"",
                                              rule: "its values do not fit the property", effect: .ignored))
                continue
            }
            do {
                try copy.validateAndSetValue(value, forKeyPath: animation.keyPath)
                animated.insert(animation.keyPath)
            } catch {
                diagnostics.append(Diagnostic(keyPath: animation.keyPath, value: "animation \"\(key)\"",
                                              rule: "\(error)", effect: .ignored))
            }
        }
        return (copy, animated, diagnostics)
    }
}

import Foundation

/// Explicit animations and the presentation layer (Semantics §9).
extension EmitterLayer {
    /// Adds a copy of `animation` (as Core Animation does: later edits to the object, or adding
    /// it again, start afresh), replacing any animation with the same key (nil: a fresh key).
    public func add(_ animation: Animation, forKey key: String?) {
        animationLock.withLock {
            let key = key ?? "animation-\(animationSerial)"
            animationSerial += 1
            removeAnimation(forKey: key)
            animationEntries.append((key, animation.copy()))
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

    /// The layer as animated at host time `hostTime`: a copy (cells included) with every active
    /// (or filled) animation's value applied. The model layer's values are unchanged; the
    /// animations' bookkeeping is brought up to `hostTime` as at an update (an animation with
    /// `beginTime` 0 starts now, delegates hear starts and stops, finished animations with
    /// `isRemovedOnCompletion` are removed), under the layer's lock.
    public func presentation(at hostTime: TimeInterval) -> EmitterLayer {
        let p = animationLock.withLock {
            settleAnimations(at: hostTime)
            return presented(at: hostTime).layer
        }
        return p === self ? copy() : p
    }

    /// Runs `body` holding the layer's update lock: a simulator's read of the layer at an update
    /// (layout, animation bookkeeping, presentation, resolving) happens inside it, so simulators of
    /// one layer on several threads never see one another's writes half done (the Concurrency
    /// article). The lock is recursive: `layoutSublayers()` may add or remove animations.
    package func withUpdateLock<T>(_ body: () throws -> T) rethrows -> T {
        try animationLock.withLock(body)
    }

    /// How long (host seconds) a finished animation removed on completion still presents itself
    /// to simulators of the layer that are behind the one that removed it: 60 s. A simulator
    /// further behind sees it as removed.
    package static let retiredAnimationRetention: Double = 60

    /// Brings the animations' bookkeeping up to `hostTime`: an animation seen for the first time
    /// with `beginTime` 0 starts at `hostTime`; delegates hear starts and stops (removed ones
    /// included); finished animations with `isRemovedOnCompletion` leave the layer (a simulator
    /// of the layer still behind their end keeps seeing them for ``retiredAnimationRetention``).
    /// What ``presented(at:)`` computes for `hostTime` is the same before and after, so the order
    /// in which simulators of one layer settle it does not matter.
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
    /// read: it changes nothing in the layer, its cells or its animations (an animation not yet
    /// started counts as starting at `hostTime`; a finished one with `isRemovedOnCompletion`
    /// counts as removed), so any number of simulators may call it on one layer at once.
    package func presented(at hostTime: Double) -> (layer: EmitterLayer, animated: Set<String>, diagnostics: [Diagnostic]) {
        let entries = animationLock.withLock {
            retiredAnimations.filter { hostTime < $0.end }.map { ($0.key, $0.animation) } + animationEntries
        }
        guard !entries.isEmpty else { return (self, [], []) }
        let copy = self.copy()
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
            guard let value = animation.value(progress: progress, model: model) else {
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

    /// A deep copy: the layer's values and a copy of every cell (animations are not copied).
    public func copy() -> EmitterLayer {
        let c = EmitterLayer()
        c.copyLayerProperties(from: self)
        copyEmitterProperties(to: c)
        return c
    }

    /// Copies the emitter's values and (deeply) its cells into `c`.
    func copyEmitterProperties(to c: EmitterLayer) {
        copyDeclaredProperties(to: c)
        c.emitterBehaviors = emitterBehaviors?.map { $0.copy() }
        var copies: [ObjectIdentifier: EmitterCell] = [:]
        c.emitterCells = emitterCells?.map { $0.copy(sharing: &copies) }
    }

    /// Key paths that move the emitter.
    package static let emitterPositionKeyPaths: Set<String> = ["emitterPosition", "emitterPosition.x", "emitterPosition.y",
                                                        "emitterZPosition"]
}

extension EmitterCell {
    /// A deep copy of the cell and its sub-cells (contents images are values, shared cheaply).
    public func copy() -> EmitterCell {
        var copies: [ObjectIdentifier: EmitterCell] = [:]
        return copy(sharing: &copies)
    }

    /// Copies each distinct cell once, so a cell used twice (or a cycle) keeps that shape.
    func copy(sharing copies: inout [ObjectIdentifier: EmitterCell]) -> EmitterCell {
        if let existing = copies[ObjectIdentifier(self)] { return existing }
        let c = EmitterCell()
        copies[ObjectIdentifier(self)] = c
        copyDeclaredProperties(to: c)
        c.emitterCells = emitterCells?.map { $0.copy(sharing: &copies) }
        return c
    }
}

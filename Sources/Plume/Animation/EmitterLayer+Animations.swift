import Foundation

/// Explicit animations and the presentation layer (Semantics §9).
extension EmitterLayer {
    /// Adds a copy of `animation` (as Core Animation does: later edits to the object, or adding
    /// it again, start afresh), replacing any animation with the same key (nil: a fresh key).
    public func add(_ animation: Animation, forKey key: String?) {
        let key = key ?? "animation-\(animationSerial)"
        animationSerial += 1
        removeAnimation(forKey: key)
        animationEntries.append((key, animation.copy()))
    }

    /// Removes the animation with that key; its delegate hears `finished: false` at the next update.
    public func removeAnimation(forKey key: String) {
        for entry in animationEntries where entry.key == key { stoppedAnimations.append((entry.animation, false)) }
        animationEntries.removeAll { $0.key == key }
    }

    /// Removes every animation; their delegates hear `finished: false` at the next update.
    public func removeAllAnimations() {
        stoppedAnimations += animationEntries.map { ($0.animation, false) }
        animationEntries = []
    }
    public func animation(forKey key: String) -> Animation? { animationEntries.first { $0.key == key }?.animation }
    public func animationKeys() -> [String] { animationEntries.map(\.key) }

    /// The layer as animated at host time `hostTime`: a copy (cells included) with every active
    /// (or filled) animation's value applied. The model layer is unchanged, except that finished
    /// animations with `isRemovedOnCompletion` are removed.
    public func presentation(at hostTime: TimeInterval) -> EmitterLayer {
        let p = presented(at: hostTime).layer
        return p === self ? copy() : p
    }

    /// The presentation, the key paths animations set, and problems with animations.
    package func presented(at hostTime: Double) -> (layer: EmitterLayer, animated: Set<String>, diagnostics: [Diagnostic]) {
        let stopped = stoppedAnimations
        stoppedAnimations = []
        for (animation, finished) in stopped { animation.reportStop(finished: finished) }
        guard !animationEntries.isEmpty else { return (self, [], []) }
        let copy = self.copy()
        var animated = Set<String>()
        var diagnostics: [Diagnostic] = []
        var finished: [String] = []
        for (key, animation) in animationEntries {
            guard hostTime.isFinite else { break }
            let timing = animation.timing(now: hostTime)
            if hostTime >= timing.activeWindow.start { animation.reportStart() }
            if hostTime >= timing.activeWindow.end && timing.speed > 0 {
                animation.reportStop(finished: true)
                if animation.isRemovedOnCompletion {
                    finished.append(key)
                    continue
                }
            }
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
        animationEntries.removeAll { finished.contains($0.key) }
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
        c.birthRate = birthRate; c.lifetime = lifetime; c.velocity = velocity; c.scale = scale; c.spin = spin
        c.emitterPosition = emitterPosition; c.emitterZPosition = emitterZPosition
        c.emitterSize = emitterSize; c.emitterDepth = emitterDepth
        c.emitterShape = emitterShape; c.emitterMode = emitterMode; c.renderMode = renderMode
        c.preservesDepth = preservesDepth; c.seed = seed
        c.interpolatesEmitterMotion = interpolatesEmitterMotion; c.emitterTeleportDistance = emitterTeleportDistance
        c.emitterBehaviors = emitterBehaviors?.map { $0.copy() }
        c.beginTime = beginTime; c.duration = duration; c.speed = speed; c.timeOffset = timeOffset
        c.repeatCount = repeatCount; c.repeatDuration = repeatDuration; c.autoreverses = autoreverses
        c.fillMode = fillMode
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
        c.name = name; c.isEnabled = isEnabled
        c.birthRate = birthRate; c.lifetime = lifetime; c.lifetimeRange = lifetimeRange
        c.emissionLatitude = emissionLatitude; c.emissionLongitude = emissionLongitude; c.emissionRange = emissionRange
        c.velocity = velocity; c.velocityRange = velocityRange; c.emitterVelocityFraction = emitterVelocityFraction
        c.xAcceleration = xAcceleration; c.yAcceleration = yAcceleration; c.zAcceleration = zAcceleration
        c.scale = scale; c.scaleRange = scaleRange; c.scaleSpeed = scaleSpeed
        c.spin = spin; c.spinRange = spinRange; c.rotation = rotation; c.rotationRange = rotationRange
        c.color = color; c.redRange = redRange; c.greenRange = greenRange; c.blueRange = blueRange; c.alphaRange = alphaRange
        c.redSpeed = redSpeed; c.greenSpeed = greenSpeed; c.blueSpeed = blueSpeed; c.alphaSpeed = alphaSpeed
        c.contents = contents; c.contentsRect = contentsRect; c.contentsScale = contentsScale
        c.magnificationFilter = magnificationFilter; c.minificationFilter = minificationFilter
        c.minificationFilterBias = minificationFilterBias
        c.beginTime = beginTime; c.duration = duration; c.speed = speed; c.timeOffset = timeOffset
        c.repeatCount = repeatCount; c.repeatDuration = repeatDuration; c.autoreverses = autoreverses
        c.fillMode = fillMode
        c.emitterCells = emitterCells?.map { $0.copy(sharing: &copies) }
        return c
    }
}

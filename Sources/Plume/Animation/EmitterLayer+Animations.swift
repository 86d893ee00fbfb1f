import Foundation

/// Explicit animations and the presentation layer (Semantics §9).
extension EmitterLayer {
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

    /// The presentation (an ``EmitterLayer``), the key paths animations set, and problems with
    /// animations (`presentedValues(at:)`).
    package func presented(at hostTime: Double) -> (layer: EmitterLayer, animated: Set<String>, diagnostics: [Diagnostic]) {
        let p = presentedValues(at: hostTime)
        return (p.layer as? EmitterLayer ?? self, p.animated, p.diagnostics)
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

    /// Whether explicit animations interpolate what `keyPath` names: false for a property declared
    /// not animatable (`@Property(animatable: false)`: ``EmitterCell/trailPointCount``,
    /// ``EmitterCell/trailDuration``, ``EmitterBehavior/octaves``, ``EmitterBehavior/sampleColumns``,
    /// ``EmitterCell/bursts``, ``EmitterLayer/beginTime``), which an animation steps instead, as
    /// Core Animation's discrete calculation mode does (Semantics §9). Key paths this layer does
    /// not declare are interpolated.
    package static func interpolates(keyPath: String) -> Bool {
        let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        var i = 0
        var stepped = steppedLayerKeys
        // each cell or behaviour on the way: `emitterCells.<name>` or `emitterCells[<index>]`
        while i + 1 < parts.count {
            let part = parts[i], named = part == "emitterCells" || part == "emitterBehaviors"
            guard named || part.hasPrefix("emitterCells[") || part.hasPrefix("emitterBehaviors[") else { break }
            stepped = part.hasPrefix("emitterCells") ? steppedCellKeys : steppedBehaviorKeys
            i += named ? 2 : 1
        }
        return i >= parts.count || !stepped.contains(parts[i])
    }

    private static let steppedLayerKeys = Set(declaredProperties.filter { !$0.animatable }.map(\.key))
    private static let steppedCellKeys = Set(EmitterCell.declaredProperties.filter { !$0.animatable }.map(\.key))
    private static let steppedBehaviorKeys = Set(EmitterBehavior.declaredProperties.filter { !$0.animatable }.map(\.key))

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

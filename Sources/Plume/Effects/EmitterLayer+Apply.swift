import Foundation

extension EmitterLayer {
    /// Makes this layer describe what `source` describes, in place: the hot-reload step.
    ///
    /// Every layer property the effect format knows (all but derived ones) is copied onto this object (simulators hold the layer object, so they
    /// see the new values at their next update). Cells follow Semantics §7's replacement rule: where a
    /// level's `emitterCells` has as many cells as before, the existing cell objects take the new
    /// values (their live particles go on; birth attributes apply to particles born afterwards);
    /// where the count differs, the array is replaced and simulators keep the live particles of
    /// every index present in both arrays. Behaviours are replaced by copies when they differ. Animations are replaced only when they differ, so a
    /// reload that leaves them alone does not restart them.
    public func apply(_ source: EmitterLayer) {
        for property in EffectModel.layer.properties where property.kind != .cells {
            // Same property, same type on both objects: setting cannot fail.
            try? property.accessor.set(self, property.accessor.get(source), property.key)
        }
        emitterCells = EmitterCell.merge(emitterCells, source.emitterCells, depth: 0)
        // Behaviours hold no particle state: replaced by copies when they differ.
        if EffectEncoder.behaviorsSignature(self) != EffectEncoder.behaviorsSignature(source) {
            emitterBehaviors = source.emitterBehaviors?.map { $0.copy() }
        }
        if EffectEncoder.animationsSignature(self) != EffectEncoder.animationsSignature(source) {
            let entries = source.animationLock.withLock { source.animationEntries.map { ($0.key, $0.animation.copy()) } }
            animationLock.withLock { animationEntries = entries }
        }
    }
}

extension EmitterCell {
    /// Copies every property of `source` onto this cell (sub-cells by the same rule as the layer).
    public func apply(_ source: EmitterCell) { apply(source, depth: 0) }

    private func apply(_ source: EmitterCell, depth: Int) {
        for property in EffectModel.cell.properties where property.kind != .cells {
            try? property.accessor.set(self, property.accessor.get(source), property.key)
        }
        emitterCells = Self.merge(emitterCells, source.emitterCells, depth: depth + 1)
    }

    /// The cells to keep: the old objects updated in place when the counts match, else the new ones.
    /// Deeper than 64 levels (only a cell structure that contains itself gets there) the new
    /// cells are taken as they are.
    static func merge(_ old: [EmitterCell]?, _ new: [EmitterCell]?, depth: Int) -> [EmitterCell]? {
        guard let old, let new, old.count == new.count, depth < 64,
              Set(old.map(ObjectIdentifier.init)).count == old.count else {
            return new
        }
        for (cell, replacement) in zip(old, new) where cell !== replacement { cell.apply(replacement, depth: depth) }
        return old
    }
}

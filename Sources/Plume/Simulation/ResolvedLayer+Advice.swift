import Foundation

/// Values that break no rule, yet make a cell show nothing or look like a slip (issue 28, items 1
/// and 6). Each simulator reports them once (``UpdatePlanner``), as ``Diagnostic``s naming the
/// key path to change; `plume validate` lists them as warnings (``EffectFile/validate(contentsOf:)``).
extension ResolvedLayer {
    /// Cells that cannot show anything at these values, one diagnostic each, with the key path of
    /// the value that silences them:
    ///
    /// - `birthRate` 0 (the cell's, or the layer's for every top-level cell): nothing is born;
    /// - `lifetime` 0 (with a `lifetimeRange` too small to lift it; or the layer's `lifetime`):
    ///   every particle dies at birth, so nothing is drawn and no sub-cell emits;
    /// - for a cell without sub-cells that is drawn (`isEnabled`): `contents` nil (nothing to
    ///   draw), or `color.alpha` whose largest draw `alpha + |alphaRange|/2` is ≤ 0 with no
    ///   `alphaSpeed` > 0 and no behaviour on alpha or colour (every particle transparent).
    ///
    /// A cell whose values are already reported as invalid (``diagnostics``) is not reported
    /// again, nor are the descendants of a cell that never has particles.
    /// - Parameter layer: the layer this was resolved from (for each cell's `contents`).
    package func silentCells(of layer: EmitterLayer) -> [Diagnostic] {
        guard emits, !cells.isEmpty else { return [] }
        var out: [Diagnostic] = []
        if lifetime == 0 {
            return [Diagnostic(keyPath: "lifetime", value: "\(layer.lifetime)",
                               rule: "multiplies every cell's lifetime: every particle dies at birth and nothing shows",
                               effect: .layerEmitsNothing)]
        }
        let layerRate = birthRate == 0
        if layerRate {
            out.append(Diagnostic(keyPath: "birthRate", value: "\(layer.birthRate)",
                                  rule: "multiplies every top-level cell's birthRate: none emits until it is raised",
                                  effect: .layerEmitsNothing))
        }
        let reported = diagnostics.filter { $0.effect == .cellEmitsNothing || $0.effect == .ignored }.map(\.keyPath)
        func visit(_ resolved: ResolvedCell, _ cell: EmitterCell, topLevel: Bool) {
            // Already reported as invalid (or a cycle): its own diagnostic says why.
            let prefix = resolved.keyPath + "."
            guard !reported.contains(where: { $0 == resolved.keyPath || $0.hasPrefix(prefix) }) else { return }
            // A cell that bursts (§13) or emits on its parents' events (§14) needs no rate.
            if cell.birthRate == 0 && resolved.bursts.isEmpty && resolved.event == .life {
                if !(topLevel && layerRate) {
                    out.append(Diagnostic(keyPath: prefix + "birthRate", value: "\(cell.birthRate)",
                                          rule: "no particle is born until it is raised", effect: .cellEmitsNothing))
                }
                return
            }
            if resolved.maxLifetimeTicks <= 0 {
                out.append(Diagnostic(keyPath: prefix + "lifetime", value: "\(cell.lifetime)",
                                      rule: "every particle dies at birth (lifetimeRange \(cell.lifetimeRange)): nothing is "
                                          + "drawn and no sub-cell emits (a mistyped key leaves it at its default, 0)",
                                      effect: .defined))
                return
            }
            let children = cell.emitterCells ?? []
            if children.isEmpty && resolved.isDrawn {
                if cell.contents == nil {
                    out.append(Diagnostic(keyPath: prefix + "contents", value: "nil",
                                          rule: "a cell without an image and without sub-cells shows nothing", effect: .defined))
                } else if resolved.color.w + abs(resolved.colorRange.w) / 2 <= 0, resolved.colorSpeed.w <= 0,
                          resolved.behaviors.alpha == nil, resolved.behaviors.color == nil {
                    out.append(Diagnostic(keyPath: prefix + "color.alpha", value: "\(cell.color.alpha)",
                                          rule: "every particle is transparent (alphaRange \(cell.alphaRange), alphaSpeed "
                                              + "\(cell.alphaSpeed)): the cell shows nothing", effect: .defined))
                }
            }
            for (child, model) in zip(resolved.children, children) { visit(child, model, topLevel: false) }
        }
        for (resolved, cell) in zip(cells, layer.emitterCells ?? []) { visit(resolved, cell, topLevel: true) }
        return out
    }

    /// Top-level cells whose `beginTime` reads like the host clock rather than layer time: it lies
    /// more than a second beyond the layer's local time `layerTime`, less than half as far from
    /// `hostTime` as from `layerTime`, while the two clocks are over a second apart. Such a cell starts emitting only when
    /// the *layer's* time reaches its `beginTime`, which for `cell.beginTime = CACurrentMediaTime()`
    /// is about the host's uptime later (Semantics §8: a top-level cell's parent time is the layer's
    /// local time, which starts at 0 when the layer starts). A cell scheduled in layer time is not
    /// reported.
    package func hostClockBeginTimes(layerTime: Double, hostTime: Double) -> [Diagnostic] {
        guard hostTime - layerTime > 1 else { return [] }
        return cells.compactMap { cell in
            let begin = cell.window.start
            let ahead = begin - layerTime
            guard ahead > 1, abs(begin - hostTime) < ahead / 2 else { return nil }
            return Diagnostic(
                keyPath: cell.keyPath + ".beginTime", value: "\(begin)",
                rule: String(format: "is layer time, not host time: the layer's time is %.3f s, so the cell starts "
                             + "%.0f s from now; it looks like a host clock reading (CACurrentMediaTime()?): use the "
                             + "simulator's layerTime", layerTime, ahead),
                effect: .defined)
        }
    }
}

import Foundation
import Testing
@testable import Plume

/// Differences between two layers, property by property (from the format's property tables, so a
/// property added to the model is compared too), cells at any depth and animations. Empty: equal.
func effectDifferences(_ a: EmitterLayer, _ b: EmitterLayer) -> [String] {
    var out: [String] = []
    compareProperties(a, b, EffectModel.layer.properties, path: "layer", into: &out)
    let ba = a.emitterBehaviors ?? [], bb = b.emitterBehaviors ?? []
    if (a.emitterBehaviors == nil) != (b.emitterBehaviors == nil) || ba.count != bb.count {
        out.append("layer.emitterBehaviors: \(a.emitterBehaviors.map { "\($0.count)" } ?? "nil") ≠ \(b.emitterBehaviors.map { "\($0.count)" } ?? "nil")")
    }
    for (i, (x, y)) in zip(ba, bb).enumerated() {
        if x.type != y.type { out.append("layer.emitterBehaviors[\(i)].type: \(x.type) ≠ \(y.type)") }
        compareProperties(x, y, EffectModel.behavior.properties, path: "layer.emitterBehaviors[\(i)]", into: &out)
    }
    let sa = EffectEncoder.animationsSignature(a), sb = EffectEncoder.animationsSignature(b)
    if sa != sb { out.append("layer.animations: \(sa) ≠ \(sb)") }
    if a.animationKeys() != b.animationKeys() { out.append("layer.animationKeys: \(a.animationKeys()) ≠ \(b.animationKeys())") }
    return out
}

private func compareProperties<Root: AnyObject>(_ a: Root, _ b: Root, _ properties: [EffectProperty<Root>], path: String,
                                                into out: inout [String]) {
    for p in properties {
        let va = p.accessor.get(a), vb = p.accessor.get(b)
        let here = "\(path).\(p.key)"
        if p.kind == .cells {
            let ca = va as? [EmitterCell], cb = vb as? [EmitterCell]
            guard (ca == nil) == (cb == nil), (ca?.count ?? 0) == (cb?.count ?? 0) else {
                out.append("\(here): \(ca.map { "\($0.count) cells" } ?? "nil") ≠ \(cb.map { "\($0.count) cells" } ?? "nil")")
                continue
            }
            for (i, (x, y)) in zip(ca ?? [], cb ?? []).enumerated() {
                compareProperties(x, y, EffectModel.cell.properties, path: "\(here)[\(i)]", into: &out)
            }
            continue
        }
        let same: Bool
        switch (va, vb) {
        case (nil, nil): same = true
        case let (x?, y?):
            if p.kind == .image { same = (x as? SpriteImage) == (y as? SpriteImage) } else {
                same = EffectEncoder.isDefault(x, y, kind: p.kind)
            }
        default: same = false
        }
        if !same { out.append("\(here): \(String(describing: va)) ≠ \(String(describing: vb))") }
    }
}

/// A deterministic random source for tests (SplitMix64).
struct TestRandom {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }
    mutating func int(_ range: ClosedRange<Int>) -> Int { range.lowerBound + Int(next() % UInt64(range.count)) }
    mutating func chance(_ p: Double) -> Bool { unit() < p }
    mutating func pick<T>(_ items: [T]) -> T { items[int(0...items.count - 1)] }
}

/// A layer with random values for every property the format knows (within each property's rule),
/// random cells to depth 3, images (built-in and pixel images) and animations.
func randomEffectLayer(_ r: inout TestRandom) -> EmitterLayer {
    let layer = EmitterLayer()
    randomize(layer, EffectModel.layer.properties, &r, depth: 0)
    if r.chance(0.5) {
        layer.emitterBehaviors = (0..<r.int(0...3)).map { _ in
            let behavior = EmitterBehavior(type: r.pick(EmitterBehavior.types))
            randomize(behavior, EffectModel.behavior.properties, &r, depth: 0)
            return behavior
        }
    }
    if r.chance(0.4) {
        let move = BasicAnimation(keyPath: "emitterPosition")
        move.fromValue = CGPoint(x: r.unit() * 800, y: r.unit() * 600)
        move.toValue = CGPoint(x: r.unit() * 800, y: r.unit() * 600)
        move.duration = 0.5 + r.unit() * 3
        move.autoreverses = r.chance(0.5)
        move.repeatCount = r.chance(0.3) ? .infinity : Float(r.int(0...4))
        move.timingFunction = r.pick([nil, .easeIn, .easeInEaseOut, TimingFunction(controlPoints: r.unit(), r.unit() * 2 - 0.5, r.unit(), 1)])
        move.fillMode = r.pick(FillMode.allCases)
        move.isRemovedOnCompletion = r.chance(0.5)
        layer.add(move, forKey: "move")
    }
    if r.chance(0.4), let first = layer.emitterCells?.first {
        let keyPath = "emitterCells.0." + r.pick(["birthRate", "emissionLongitude", "color", "velocity"])
        let frames = KeyframeAnimation(keyPath: keyPath)
        let n = r.int(2...5)
        if keyPath.hasSuffix("color") {
            frames.values = (0..<n).map { _ in Color(red: Float(r.unit()), green: Float(r.unit()), blue: Float(r.unit()), alpha: Float(r.unit())) }
        } else {
            frames.values = (0..<n).map { _ in (r.unit() * 100).rounded() / 4 }
        }
        if r.chance(0.5) { frames.keyTimes = (0..<n).map { Double($0) / Double(n - 1) } }
        if r.chance(0.5) { frames.timingFunctions = (0..<(n - 1)).map { _ in r.pick([.linear, .easeOut, .default]) } }
        frames.beginTime = r.unit() * 2
        _ = first
        layer.add(frames, forKey: "frames")
    }
    return layer
}

private func randomize<Root: AnyObject>(_ object: Root, _ properties: [EffectProperty<Root>], _ r: inout TestRandom, depth: Int) {
    for p in properties where r.chance(0.6) {
        let info = p.info
        let value: Any?
        switch p.kind {
        case .float, .cgFloat, .double:
            var d = (r.unit() - (info.minimum == nil && info.above == nil ? 0.5 : 0)) * pow(10, Double(r.int(-2...3)))
            if r.chance(0.3) { d = (d * 4).rounded() / 4 }
            if let minimum = info.minimum { d += minimum }   // from the declared minimum up (`octaves` ≥ 1)
            if let above = info.above, d <= above { d = above + 1 }
            if info.allowsInfinity && r.chance(0.1) { d = .infinity }
            value = p.kind == .float ? Float(d) as Any : p.kind == .cgFloat ? CGFloat(d) as Any : d as Any
        case .bool: value = r.chance(0.5)
        case .seed: value = UInt32(truncatingIfNeeded: r.next())
        case .string: value = r.chance(0.2) ? "cell \"\(r.int(0...99))\"\n✨" : "c\(r.int(0...999))"
        case .point: value = CGPoint(x: r.unit() * 800 - 100, y: r.unit() * 600)
        case .size: value = CGSize(width: r.unit() * 100, height: (r.unit() * 40).rounded())
        case .rect: value = CGRect(x: r.unit(), y: r.unit(), width: r.unit() * 2 - 1, height: r.unit())
        case .color: value = Color(red: Float(r.unit()), green: Float(r.unit()), blue: Float(r.unit()), alpha: Float(r.unit()))
        case let .enumeration(names): value = r.pick(names)
        case .image:
            if r.chance(0.7) {
                value = SpriteImage.builtin(r.pick(SpriteImage.Builtin.allCases), size: r.pick([8, 32, 64]))
            } else {
                let w = r.int(1...6), h = r.int(1...6)
                value = try? SpriteImage(width: w, height: h, pixels: (0..<(w * h * 4)).map { _ in UInt8(r.int(0...255)) })
            }
        case .numbers:
            let n = p.key == "force" ? r.int(2...3) : r.int(0...4)
            value = r.chance(0.2) && p.defaultValue == nil ? nil : (0..<n).map { _ in CGFloat((r.unit() * 400).rounded() / 4) }
        case .colors:
            value = (0..<r.int(0...3)).map { _ in Color(red: Float(r.unit()), green: Float(r.unit()), blue: Float(r.unit()), alpha: Float(r.unit())) }
        case .strings:
            value = r.chance(0.3) ? nil : (0..<r.int(0...2)).map { _ in "c\(r.int(0...9))" }
        case .bursts:
            value = (0..<r.int(0...2)).map { _ in
                EmitterBurst(time: (r.unit() * 40).rounded() / 8, count: r.int(0...50), cycles: r.int(0...4),
                             interval: (r.unit() * 8).rounded() / 4 + 0.25, probability: (r.unit() * 4).rounded() / 4)
            }
        case .cells:
            guard depth < 3 else { continue }
            let count = r.int(0...(depth == 0 ? 3 : 2))
            value = (0..<count).map { _ -> EmitterCell in
                let cell = EmitterCell()
                randomize(cell, EffectModel.cell.properties, &r, depth: depth + 1)
                return cell
            }
        }
        try? p.accessor.set(object, value, p.key)
    }
}

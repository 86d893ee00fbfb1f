import Foundation
import Plume

/// Random layer trees with extreme values (SPEC §11): what the fuzzers feed both simulators.
///
/// Most values are ordinary; about one in five is drawn from ``extremes`` (zeros of both signs,
/// subnormals, the accepted limits and just beyond, 3.4e38, NaN, ±∞). Trees have up to three
/// top-level cells and two levels of sub-cells; names repeat, contain dots or look like indices.
public struct FuzzLayer {
    /// The values that broke engines before: every generated number is one of these with
    /// probability `extremeChance`.
    public static let extremes: [Double] = [0, -0.0, 1e-300, -1e-300, 1e-40, -1e-40, 1e-6, 1, -1, 1e6, 1e9, -1e9,
                                            1e12, 3.4e38, -3.4e38, .nan, .infinity, -.infinity]
    public var extremeChance = 0.2
    private var random: FuzzRandom

    public init(seed: UInt64) { random = FuzzRandom(seed: seed) }

    /// A number: ordinary in `range`, else extreme.
    mutating func number(_ range: ClosedRange<Double>) -> Double {
        if random.chance(extremeChance) { return Self.extremes.randomElement(using: &random)! }
        return Double.random(in: range, using: &random)
    }

    mutating func float(_ range: ClosedRange<Double>) -> Float { Float(number(range)) }
    mutating func cg(_ range: ClosedRange<Double>) -> CGFloat { CGFloat(number(range)) }

    /// A whole layer tree.
    public mutating func makeLayer() -> EmitterLayer {
        let layer = EmitterLayer()
        layer.seed = UInt32.random(in: 0...UInt32.max, using: &random)
        if random.chance(0.3) { layer.birthRate = float(0...3) }
        if random.chance(0.3) { layer.lifetime = float(0...3) }
        if random.chance(0.3) { layer.velocity = float(0...3) }
        if random.chance(0.2) { layer.scale = float(0...3) }
        if random.chance(0.2) { layer.spin = float(-3...3) }
        layer.emitterPosition = CGPoint(x: cg(0...800), y: cg(0...600))
        if random.chance(0.3) { layer.emitterZPosition = cg(-100...100) }
        layer.emitterSize = CGSize(width: cg(0...400), height: cg(0...300))
        if random.chance(0.3) { layer.emitterDepth = cg(0...100) }
        layer.emitterShape = EmitterShape.allCases.randomElement(using: &random)!
        layer.emitterMode = EmitterMode.allCases.randomElement(using: &random)!
        timing(layer, layerLevel: true)
        let count = Int.random(in: 1...3, using: &random)
        layer.emitterCells = (0..<count).map { _ in makeCell(depth: 0) }
        return layer
    }

    mutating func makeCell(depth: Int) -> EmitterCell {
        let cell = EmitterCell()
        cell.name = ["a", "b", "dup", "dup", "a.b", "0", "1", "", nil, nil].randomElement(using: &random)!
        cell.birthRate = depth == 0 ? float(0...200) : float(0...20)
        cell.lifetime = float(0...3)
        if random.chance(0.5) { cell.lifetimeRange = float(0...2) }
        cell.emissionLongitude = cg(-7...7)
        if random.chance(0.4) { cell.emissionLatitude = cg(-2...2) }
        cell.emissionRange = cg(0...7)
        cell.velocity = cg(-100...300)
        if random.chance(0.5) { cell.velocityRange = cg(0...100) }
        if random.chance(0.5) { cell.xAcceleration = cg(-200...200) }
        if random.chance(0.5) { cell.yAcceleration = cg(-200...200) }
        if random.chance(0.3) { cell.zAcceleration = cg(-200...200) }
        if random.chance(0.5) { cell.scale = cg(0...2) }
        if random.chance(0.3) { cell.scaleRange = cg(0...1) }
        if random.chance(0.3) { cell.scaleSpeed = cg(-1...1) }
        if random.chance(0.3) { cell.spin = cg(-6...6) }
        if random.chance(0.3) { cell.spinRange = cg(0...6) }
        if random.chance(0.2) { cell.rotation = cg(-3...3) }
        if random.chance(0.2) { cell.rotationRange = cg(0...6) }
        if random.chance(0.4) { cell.color = Color(red: float(0...1), green: float(0...1), blue: float(0...1), alpha: float(0...1)) }
        if random.chance(0.3) { cell.redRange = float(0...1); cell.alphaRange = float(0...1) }
        if random.chance(0.3) { cell.greenSpeed = float(-1...1); cell.alphaSpeed = float(-1...0) }
        if random.chance(0.1) { cell.isEnabled = false }
        timing(cell, layerLevel: false)
        if depth < 2 && random.chance(depth == 0 ? 0.5 : 0.25) {
            let count = Int.random(in: 1...2, using: &random)
            cell.emitterCells = (0..<count).map { _ in makeCell(depth: depth + 1) }
        }
        return cell
    }

    mutating func timing(_ t: some MediaTiming, layerLevel: Bool) {
        if random.chance(0.25) { t.beginTime = number(0...3) }
        if random.chance(0.2) { t.duration = number(0...5) }
        if random.chance(0.2) { t.speed = float(0...3) }
        if random.chance(0.2) { t.timeOffset = number(0...(layerLevel ? 20 : 2)) }
        if random.chance(0.1) { t.repeatCount = float(0...4) }
        if random.chance(0.1) { t.autoreverses = true }
        if random.chance(0.1) { t.fillMode = [.removed, .forwards, .backwards, .both].randomElement(using: &random)! }
    }

    /// Host times for one case: frames of random length (including 0 and long jumps), a seek
    /// back now and then, and a non-finite time or two.
    public mutating func makeTimes(count: Int) -> [Double] {
        var t = Double.random(in: 0...2, using: &random)
        var times: [Double] = []
        for _ in 0..<count {
            switch Int.random(in: 0..<20, using: &random) {
            case 0: times.append([.nan, .infinity, -.infinity].randomElement(using: &random)!)
            case 1: t = max(0, t - Double.random(in: 0...1, using: &random))
            case 2: t += Double.random(in: 1...5, using: &random)
            case 3: break
            default: t += [1.0 / 60, 1.0 / 30, 1.0 / 120, 0.1].randomElement(using: &random)!
            }
            times.append(t)
        }
        return times
    }

    /// An edit between two updates, applied to the layer both simulators read (or none).
    public mutating func edit(_ layer: EmitterLayer) {
        guard random.chance(0.15), let cells = layer.emitterCells, let cell = cells.randomElement(using: &random) else { return }
        switch Int.random(in: 0..<4, using: &random) {
        case 0: cell.birthRate = float(0...100)
        case 1: cell.yAcceleration = cg(-300...300)
        case 2: layer.emitterPosition = CGPoint(x: cg(0...800), y: cg(0...600))
        default: cell.emitterCells = nil
        }
    }
}

import Foundation

/// The effects of the seed articles, ported, plus a few of Plume's own. Each is ordinary library
/// code (see `Presets+Effects.swift`): read it as an example of porting `CAEmitterLayer` code.
public enum Preset: String, CaseIterable, Sendable {
    /// Fire from seeds 000/001 (Ray Wenderlich's "Particle Systems" tutorial).
    case fire
    /// Rising smoke (Plume's own).
    case smoke
    /// Two kinds of snowflake with a 10 s `timeOffset`, from seeds 003/004 (Badoo).
    case snow
    /// Colour balls whose children appear after 5 s of parent age, from seed 002.
    case colorBalls
    /// Rocket → burst → sparks, after Apple's Fireworks sample that seeds 000/001 refer to.
    case fireworks
    /// Falling, spinning confetti (Plume's own).
    case confetti
    /// Paper confetti fluttering down: drag and a wave behaviour (Plume's own).
    case flutter
    /// Grinder sparks turned to their flight direction: alignToMotion (Plume's own).
    case alignedSparks
    /// Motes pulled to a moving attractor (Plume's own).
    case magnet
    /// Explosions drawn from a sprite sheet played over each fireball's life (Plume's own).
    case flipbookExplosion
    /// Comets arcing across the sky, each drawing a tapering trail (Plume's own).
    case comet
    /// Grinder sparks that fall to a floor and bounce along it: a plane collider (Plume's own).
    case bouncingSparks
    /// Smoke curling as it rises: turbulence (curl noise) and a vortex (Plume's own).
    case curlingSmoke
    /// Rain splashing on the ground: a collider and a splash sub-cell (Plume's own).
    case rain

    /// The scene size presets are laid out for when none is given: 800 × 600 points.
    public static let defaultSize = CGSize(width: 800, height: 600)

    /// One line on what it shows.
    public var summary: String {
        switch self {
        case .fire: return "additive fire rising from a small rectangle (seed 000/001)"
        case .smoke: return "grey puffs drifting up and to the right, growing and fading"
        case .snow: return "two cells of flakes falling from a line, pre-warmed by timeOffset 10 (seed 003/004)"
        case .colorBalls: return "colour balls falling from a point; after 5 s each emits white children (seed 002)"
        case .fireworks: return "rockets with trails that burst into sparks when they die, sparks that leave smoke: three levels of sub-cells"
        case .confetti: return "six colours of discs and stars tumbling down from the top edge"
        case .flutter: return "paper confetti swaying down under drag and a sideways wave, fading at the end"
        case .alignedSparks: return "grinder sparks that point along their curving paths, cooling from white to red"
        case .magnet: return "motes streaming in from the left, caught by an attractor circling the centre"
        case .flipbookExplosion: return "fireballs played from a 4 × 4 sprite sheet over their life, with sparks"
        case .comet: return "comets arcing under gravity, each with a trail that tapers and cools to blue"
        case .bouncingSparks: return "grinder sparks that hit a floor and bounce along it, lower and slower each time, cooling to red, their trails bending at each bounce"
        case .curlingSmoke: return "smoke rising from a narrow source, curled by turbulence and turned into an eddy by a vortex"
        case .rain: return "rain falling on a roof and rolling ground (a heightfield), each drop splashing into droplets where it hits"
        }
    }

    /// Builds the effect's layer for a scene of `size` points.
    /// - Parameters:
    ///   - size: the scene in points (default ``defaultSize``); the emitter sits where the
    ///     effect's article puts it in such a scene.
    ///   - beginTime: the host time the effect starts at (the idiom
    ///     `layer.beginTime = CACurrentMediaTime()`); only presets that set it in their article use it.
    public func makeLayer(size: CGSize = Preset.defaultSize, beginTime: TimeInterval = 0) -> EmitterLayer {
        switch self {
        case .fire: return Presets.fire(size: size)
        case .smoke: return Presets.smoke(size: size)
        case .snow: return Presets.snow(size: size, beginTime: beginTime)
        case .colorBalls: return Presets.colorBalls(size: size)
        case .fireworks: return Presets.fireworks(size: size)
        case .confetti: return Presets.confetti(size: size)
        case .flutter: return Presets.flutter(size: size)
        case .alignedSparks: return Presets.alignedSparks(size: size)
        case .magnet: return Presets.magnet(size: size)
        case .flipbookExplosion: return Presets.flipbookExplosion(size: size)
        case .comet: return Presets.comet(size: size)
        case .bouncingSparks: return Presets.bouncingSparks(size: size)
        case .curlingSmoke: return Presets.curlingSmoke(size: size)
        case .rain: return Presets.rain(size: size)
        }
    }
}

extension Preset {
    /// The preset a mistyped or shortened name most likely means: the only preset whose name
    /// starts with `name` (case-insensitively), else the nearest by edit distance when it is close
    /// enough to be a typo (the rule effect files use for unknown keys); nil when none is likely.
    ///
    /// ```swift
    /// Preset.nearest(to: "flipbookExpl")   // .flipbookExplosion
    /// Preset.nearest(to: "alignedSpark")   // .alignedSparks
    /// Preset.nearest(to: "drizzle")        // nil
    /// ```
    public static func nearest(to name: String) -> Preset? {
        let lowered = name.lowercased()
        guard !lowered.isEmpty else { return nil }
        let prefixed = allCases.filter { $0.rawValue.lowercased().hasPrefix(lowered) }
        if prefixed.count == 1 { return prefixed[0] }
        return nearestKey(to: name, in: allCases.map(\.rawValue)).flatMap(Preset.init(rawValue:))
    }
}

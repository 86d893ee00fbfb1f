import Foundation
import Plume

/// The inspector's behaviours: each of the layer's `emitterBehaviors` by name and type, with its
/// enabled switch, its kind's numbers (``behaviorNumbers(_:)``), a collider's shape and response
/// pickers (a field's samples shown as their count, columns and rows; `sampleSpacing` edited) and
/// a Remove button; the Add menu appends a behaviour of any kind (``newBehavior(_:named:near:)``).
/// Numbers are edited by key, so the simulators see them at their next update, as an animation
/// would set them; adding or removing one changes the list the next update resolves.
extension Playground {
    /// The numbers a collider's shape reads, in the order shown (angles in degrees).
    static func colliderNumbers(_ shape: EmitterBehavior.ColliderShape) -> [String] {
        let common = ["position.x", "position.y", "zPosition", "restitution", "friction"]
        switch shape {
        case .plane: return common + ["orientationLongitude", "orientationLatitude"]
        case .sphere: return common + ["radius"]
        case .box: return common + ["orientationLongitude", "orientationLatitude", "boxWidth", "boxHeight", "boxDepth"]
        case .heightfield: return common + ["orientationLongitude", "orientationLatitude", "sampleSpacing"]
        case .distanceField: return common + ["sampleSpacing"]
        }
    }

    /// The numbers the inspector shows for a behaviour, by key, in the order shown: those its kind
    /// reads (EmitterBehavior's doc comments), a collider's for its shape. Curves (`values`,
    /// `colors`) are summarised, not edited here.
    static func behaviorNumbers(_ b: EmitterBehavior) -> [String] {
        switch b.kind {
        case .drag: return ["drag"]
        case .wave: return ["force.x", "force.y", "frequency", "phase"]
        case .attractor: return ["position.x", "position.y", "zPosition", "stiffness", "radius", "falloff", "falloffDistance",
                                 "orientationLongitude", "orientationLatitude"]
        case .alignToMotion: return ["rotation"]
        case .radialAcceleration, .tangentialAcceleration: return ["acceleration", "accelerationRange"]
        case .orbit: return ["startRadius", "startRadiusRange", "endRadius", "endRadiusRange", "turnsPerSecond", "turnsPerSecondRange"]
        case .turbulence: return ["strength", "noiseFrequency", "octaves", "scrollSpeed"]
        case .vortex: return ["position.x", "position.y", "swirl", "coreRadius", "pull", "falloffDistance"]
        case .collider: return colliderNumbers(b.colliderShape)
        case .valueOverLife, .colorOverLife, nil: return []
        }
    }

    /// A behaviour of `kind` that shows at once on an effect emitting around `emitter` (the
    /// presented emitter position, points): a bouncing floor 150 points below it, a swirl or an
    /// attractor about it, a curl of 120 points/s² on swirls about 100 points across, drag of 1/s,
    /// a sideways wave, accelerations of 60 points/s², an orbit growing to 100 points, alignment
    /// to motion, particles shrinking to nothing, fading to transparent red. Named `name`.
    static func newBehavior(_ kind: EmitterBehavior.Kind, named name: String, near emitter: CGPoint) -> EmitterBehavior {
        let b = EmitterBehavior(type: kind, name: name)
        switch kind {
        case .valueOverLife: b.keyPath = "scale"; b.values = [1, 0]
        case .colorOverLife: b.colors = [Color(red: 1, green: 1, blue: 1), Color(red: 1, green: 0.2, blue: 0.1, alpha: 0)]
        case .drag: b.drag = 1
        case .wave: b.force = SIMD3(80, 0, 0); b.frequency = 1
        case .attractor: b.position = emitter; b.stiffness = 4; b.radius = 60
        case .alignToMotion: break
        case .radialAcceleration, .tangentialAcceleration: b.acceleration = 60
        case .orbit: b.endRadius = 100; b.turnsPerSecond = 0.5
        case .turbulence: b.strength = 120; b.noiseFrequency = 0.01; b.octaves = 2; b.scrollSpeed = 0.5
        case .vortex: b.position = emitter; b.swirl = 150; b.coreRadius = 60
        case .collider:
            b.position = CGPoint(x: emitter.x, y: emitter.y + 150)
            b.orientationLongitude = -.pi / 2
            b.restitution = 0.5
        }
        return b
    }

    func drawBehaviorsSection() {
        let behaviors = layer.emitterBehaviors ?? []
        if behaviors.isEmpty { ImGui.text("none") }
        for (i, b) in behaviors.enumerated() {
            let name = b.name ?? "#\(i)"
            ImGui.id("behavior-\(i)") {
                let node = ImGui.treeNode(id: "behavior\(i)", label: "\(name) (\(b.type))", selected: false, leaf: false) {
                    _ = ImGui.checkbox("isEnabled", &b.isEnabled)
                    if b.kind == .collider {
                        _ = ImGui.picker("colliderShape", &b.colliderShape)
                        _ = ImGui.picker("collisionResponse", &b.collisionResponse)
                    }
                    if b.kind == .attractor { _ = ImGui.picker("attractorType", &b.attractorType) }
                    for key in Self.behaviorNumbers(b) { behaviorNumber(b, key, name: name) }
                    if b.kind == .collider, b.colliderShape == .heightfield || b.colliderShape == .distanceField {
                        let columns = b.sampleColumns >= 1 ? Int(b.sampleColumns) : b.samples.count
                        let rows = columns > 0 ? b.samples.count / columns : 0
                        ImGui.text("samples: \(b.samples.count) (\(columns) × \(rows))")
                        if ImGui.button("Mask…") { showFileBrowser(.mask(behavior: i)) }
                        mark("Mask \(name)")
                    }
                    if b.kind == .valueOverLife { ImGui.text("\(b.keyPath ?? "no key path"): \(b.values.count) values") }
                    if b.kind == .colorOverLife { ImGui.text("\(b.colors.count) colours") }
                    if ImGui.button("Remove") { removeBehavior(at: i) }
                    mark("Remove behavior \(name)")
                }
                mark("behavior \(name)", node.rect)
            }
        }
    }

    /// The inspector menu bar's Add menu: one item per behaviour kind ("add turbulence", …).
    func drawAddBehaviorMenu() {
        ImGui.menu("Add") {
            for kind in EmitterBehavior.Kind.allCases {
                if ImGui.menuItem(kind.rawValue) { addBehavior(kind) }
                mark("add \(kind.rawValue)")
            }
        }
        mark("Add menu")
    }

    /// Appends ``newBehavior(_:named:near:)`` of `kind` to the layer's behaviours, named after
    /// its kind (`collider`, `collider-2`, …), acting on every cell.
    func addBehavior(_ kind: EmitterBehavior.Kind) {
        let name = Self.uniqueName(kind.rawValue, among: Set((layer.emitterBehaviors ?? []).compactMap(\.name)))
        let emitter = layer.presentation(at: time).emitterPosition
        layer.emitterBehaviors = (layer.emitterBehaviors ?? []) + [Self.newBehavior(kind, named: name, near: emitter)]
    }

    func removeBehavior(at index: Int) {
        guard var behaviors = layer.emitterBehaviors, behaviors.indices.contains(index) else { return }
        behaviors.remove(at: index)
        layer.emitterBehaviors = behaviors
    }

    /// A number of `b` edited by key (an angle in degrees).
    private func behaviorNumber(_ b: EmitterBehavior, _ key: String, name: String) {
        let info = EmitterBehavior.declaredNumbers.first { $0.key == key }
        let isAngle = info?.isAngle ?? false
        let stored = b.value(forKey: key)
        let value = (stored as? CGFloat).map(Double.init) ?? (stored as? Double) ?? 0
        var v = Float(isAngle ? value * 180 / .pi : value)
        let unit = isAngle ? "°" : (info?.unit ?? "")
        let range = info?.minimum.map { Float($0)...Float.greatestFiniteMagnitude }
        if ImGui.drag(unit.isEmpty ? key : "\(key) \(unit)", &v, speed: 0.5, range: range) {
            b.setValue(isAngle ? Double(v) * .pi / 180 : Double(v), forKey: key)
        }
        mark("\(key) \(name)")
    }
}

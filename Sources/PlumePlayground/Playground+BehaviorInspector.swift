import Foundation
import Plume

/// The inspector's behaviours: each of the layer's `emitterBehaviors` by name and type, with its
/// enabled switch; a collider's shape and response pickers and its numbers (a field's samples shown
/// as their count, columns and rows; `sampleSpacing` edited), edited by key (so the simulators see
/// them at their next update, as an animation would set them).
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

    func drawBehaviorsSection() {
        let behaviors = layer.emitterBehaviors ?? []
        if behaviors.isEmpty { ImGui.text("none") }
        for (i, b) in behaviors.enumerated() {
            let name = b.name ?? "#\(i)"
            ImGui.id("behavior-\(i)") {
                let node = ImGui.treeNode(id: "behavior\(i)", label: "\(name) (\(b.type))", selected: false, leaf: false) {
                    _ = ImGui.checkbox("isEnabled", &b.isEnabled)
                    guard b.kind == .collider else { return }
                    _ = ImGui.picker("colliderShape", &b.colliderShape)
                    _ = ImGui.picker("collisionResponse", &b.collisionResponse)
                    for key in Self.colliderNumbers(b.colliderShape) { behaviorNumber(b, key, name: name) }
                    if b.colliderShape == .heightfield || b.colliderShape == .distanceField {
                        let columns = b.sampleColumns >= 1 ? Int(b.sampleColumns) : b.samples.count
                        let rows = columns > 0 ? b.samples.count / columns : 0
                        ImGui.text("samples: \(b.samples.count) (\(columns) × \(rows))")
                    }
                }
                mark("behavior \(name)", node.rect)
            }
        }
    }

    /// A number of `b` edited by key (an angle in degrees).
    private func behaviorNumber(_ b: EmitterBehavior, _ key: String, name: String) {
        let info = EmitterBehavior.declaredNumbers.first { $0.key == key }
        let isAngle = key.hasPrefix("orientation")
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

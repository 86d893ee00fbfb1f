import Foundation
import Plume

/// The emitter's outline over the scene while the inspector is open: its presented position
/// (a cross) and its shape and size in the layer's x–y plane (line, rectangle or cuboid, circle
/// or sphere), as Particle Playground shows it.
extension Playground {
    func drawEmitterOutline() {
        let presented = layer.presentation(at: time)
        let p = SIMD2<Float>(Float(presented.emitterPosition.x), Float(presented.emitterPosition.y))
        let size = SIMD2<Float>(Float(presented.emitterSize.width), Float(presented.emitterSize.height))
        let color = SIMD4<Float>(0.35, 0.8, 1, 0.8)
        ImGui.Overlay.line(p - SIMD2(8, 0), p + SIMD2(8, 0), color: color)
        ImGui.Overlay.line(p - SIMD2(0, 8), p + SIMD2(0, 8), color: color)
        switch presented.emitterShape {
        case .point:
            break
        case .line:
            ImGui.Overlay.line(p - SIMD2(size.x / 2, 0), p + SIMD2(size.x / 2, 0), color: color, thickness: 2)
        case .rectangle, .cuboid:
            ImGui.Overlay.rect(p - size / 2, p + size / 2, color: color)
        case .circle, .sphere:
            ImGui.Overlay.circle(p, radius: max(size.x / 2, 1), color: color)
        }
    }
}

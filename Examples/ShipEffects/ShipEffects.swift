import Foundation
import Plume

/// The effects of the ship examples, shared by the GLFW and SDL2 programs: one emitter layer that
/// follows the ship, with a hull glow, an exhaust trail, and an explosion whose fragments emit
/// debris as sub-cells.
public final class ShipEffects {
    public let layer = EmitterLayer()
    let hull = EmitterCell(name: "hull")
    let exhaust = EmitterCell(name: "exhaust")
    let fragments = EmitterCell(name: "fragments")
    let debris = EmitterCell(name: "debris")
    /// The layer time the ship exploded at.
    public private(set) var explodedAt: Double?

    public init() {
        // The hull: short-lived discs born at the ship, so it is drawn where the emitter is.
        hull.contents = .builtin(.hardDisc, size: 32)
        hull.birthRate = 90
        hull.lifetime = 0.05
        hull.scale = 0.5
        hull.color = Color(red: 0.6, green: 0.85, blue: 1, alpha: 1)

        // Exhaust: puffs thrown out behind the ship, cooling from yellow to red as they fade.
        exhaust.contents = .builtin(.softDot, size: 32)
        exhaust.birthRate = 20
        exhaust.lifetime = 0.9
        exhaust.lifetimeRange = 0.3
        exhaust.velocity = 90
        exhaust.velocityRange = 30
        exhaust.emissionRange = .pi / 8
        exhaust.scale = 0.5
        exhaust.scaleSpeed = 0.6
        exhaust.color = Color(red: 1, green: 0.8, blue: 0.3, alpha: 0.9)
        exhaust.greenSpeed = -0.8
        exhaust.alphaSpeed = -1

        // The explosion: a burst of fragments (emitting only while the cell is active), each
        // shedding sparks of debris as it flies.
        debris.contents = .builtin(.spark, size: 32)
        debris.birthRate = 25
        debris.lifetime = 0.6
        debris.velocity = 20
        debris.emissionRange = .pi * 2
        debris.scale = 0.3
        debris.color = Color(red: 1, green: 0.6, blue: 0.2, alpha: 1)
        debris.alphaSpeed = -1.5
        fragments.contents = .builtin(.star, size: 32)
        fragments.birthRate = 0
        fragments.lifetime = 2
        fragments.velocity = 160
        fragments.velocityRange = 80
        fragments.emissionRange = .pi * 2
        fragments.spinRange = 12
        fragments.scale = 0.35
        fragments.color = Color(red: 0.9, green: 0.9, blue: 1, alpha: 1)
        fragments.alphaSpeed = -0.45
        fragments.emitterCells = [debris]

        layer.emitterCells = [hull, exhaust, fragments]
        layer.emitterShape = .point
        layer.renderMode = .additive
    }

    /// Moves the effects with the ship: the exhaust leaves opposite the heading (radians, 0 to the
    /// right, y down), stronger while thrusting.
    public func follow(x: Double, y: Double, heading: Double, thrusting: Bool) {
        layer.emitterPosition = CGPoint(x: x, y: y)
        exhaust.emissionLongitude = CGFloat(heading + .pi)
        exhaust.birthRate = explodedAt == nil ? (thrusting ? 120 : 15) : 0
    }

    /// Blows the ship up: the hull and exhaust stop, fragments burst out for 0.15 s and shed debris.
    /// - Parameter layerTime: the layer's local time now, the simulator's `layerTime`. A top-level
    ///   cell's `beginTime` is layer time, which starts at 0 with the layer (Semantics §8): a host
    ///   clock reading such as `CACurrentMediaTime()` would start the burst that many seconds late.
    public func explode(atLayerTime layerTime: Double) {
        guard explodedAt == nil else { return }
        explodedAt = layerTime
        hull.birthRate = 0
        exhaust.birthRate = 0
        fragments.beginTime = layerTime
        fragments.duration = 0.15
        fragments.birthRate = 300
    }

    /// "hull 4, exhaust 90, fragments 45, fragments.debris 300": live particles per cell.
    public static func summary(_ snapshot: ParticleSnapshot) -> String {
        var counts: [String: Int] = ["hull": 0, "exhaust": 0, "fragments": 0, "fragments.debris": 0]
        for p in snapshot.particles {
            let names = ["hull", "exhaust", "fragments"]
            let top = p.identity.cellPath.first.map { names[$0] } ?? "?"
            counts[p.identity.cellPath.count > 1 ? top + ".debris" : top, default: 0] += 1
        }
        return ["hull", "exhaust", "fragments", "fragments.debris"].map { "\($0) \(counts[$0]!)" }.joined(separator: ", ")
    }
}

/// The ship's motion: arrow keys turn and thrust; it wraps around the edges.
public struct Ship {
    public var x: Double, y: Double
    /// Radians, 0 to the right; y grows downwards, so −π/2 points up.
    public var heading = -Double.pi / 2
    public var vx = 0.0, vy = 0.0

    public init(x: Double, y: Double) { self.x = x; self.y = y }

    public mutating func update(dt: Double, left: Bool, right: Bool, thrust: Bool, width: Double, height: Double) {
        if left { heading -= 3 * dt }
        if right { heading += 3 * dt }
        if thrust {
            vx += cos(heading) * 260 * dt
            vy += sin(heading) * 260 * dt
        }
        vx *= pow(0.6, dt)
        vy *= pow(0.6, dt)
        x = (x + vx * dt).truncatingRemainder(dividingBy: width)
        y = (y + vy * dt).truncatingRemainder(dividingBy: height)
        if x < 0 { x += width }
        if y < 0 { y += height }
    }
}

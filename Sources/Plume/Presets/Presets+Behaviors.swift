import Foundation

/// Presets that show the behaviours (``EmitterBehavior``; Semantics §12). Each is the code an iOS
/// app would write against `CAEmitterBehavior`, with the class renamed.
extension Presets {
    /// Paper confetti that flutters: the cell's gravity against `drag` (terminal speed
    /// 150 / 1.5 = 100 pt/s) and a sideways `wave` (90 pt/s² at 0.6 Hz), so each piece sways as it
    /// falls instead of dropping like a stone; paper pieces spin and the colour fades in the last
    /// fifth of their life (`colorOverLife`).
    public static func flutter(size: CGSize) -> EmitterLayer {
        let colours: [Color] = [
            Color(red: 0.96, green: 0.26, blue: 0.33), Color(red: 1.0, green: 0.80, blue: 0.16),
            Color(red: 0.22, green: 0.76, blue: 0.45), Color(red: 0.20, green: 0.55, blue: 0.98),
        ]
        let paper = Self.paper
        let cells = colours.enumerated().map { i, colour -> EmitterCell in
            let cell = EmitterCell(name: "paper\(i)")
            cell.contents = paper
            cell.birthRate = 9
            cell.lifetime = 8
            cell.velocity = 60
            cell.velocityRange = 40
            cell.emissionLongitude = .pi              // down, from a line (base direction up)
            cell.emissionRange = .pi / 2
            cell.yAcceleration = 150
            cell.spin = 2.5
            cell.spinRange = 5
            cell.scale = 0.9
            cell.scaleRange = 0.3
            cell.color = colour
            return cell
        }
        let drag = EmitterBehavior(type: .drag, name: "air")
        drag.drag = 1.5
        let sway = EmitterBehavior(type: .wave, name: "sway")
        sway.force = SIMD3(90, 0, 0)
        sway.frequency = 0.6
        let fade = EmitterBehavior(type: .colorOverLife, name: "fade")
        fade.colors = [.white, .white, Color(red: 1, green: 1, blue: 1, alpha: 0)]
        fade.locations = [0, 0.8, 1]

        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: size.width / 2, y: -10)
        layer.emitterSize = CGSize(width: size.width, height: 0)
        layer.emitterShape = .line
        layer.emitterCells = cells
        layer.emitterBehaviors = [drag, sway, fade]
        return layer
    }

    /// Sparks from a grinder that point where they fly: `alignToMotion` turns each streak to its
    /// velocity as gravity bends the paths; `valueOverLife` shrinks them and `colorOverLife` cools
    /// them from white through orange to a dark red.
    public static func alignedSparks(size: CGSize) -> EmitterLayer {
        let spark = EmitterCell(name: "spark")
        spark.contents = Self.streak
        spark.birthRate = 260
        spark.lifetime = 1.4
        spark.lifetimeRange = 0.6
        spark.velocity = 330
        spark.velocityRange = 120
        spark.emissionLongitude = -.pi / 3           // up and to the right
        spark.emissionRange = .pi / 5
        spark.yAcceleration = 420
        spark.scale = 1.1
        spark.scaleRange = 0.3
        spark.color = Color(red: 1, green: 0.85, blue: 0.55)

        let align = EmitterBehavior(type: .alignToMotion, name: "align")
        let shrink = EmitterBehavior(type: .valueOverLife, name: "shrink")
        shrink.keyPath = "scale"
        shrink.values = [1, 0.9, 0.3]
        let cool = EmitterBehavior(type: .colorOverLife, name: "cool")
        cool.colors = [.white, Color(red: 1, green: 0.55, blue: 0.15), Color(red: 0.6, green: 0.05, blue: 0.02, alpha: 0)]
        cool.locations = [0, 0.35, 1]

        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: size.width * 0.3, y: size.height * 0.7)
        layer.emitterCells = [spark]
        layer.emitterBehaviors = [align, shrink, cool]
        layer.renderMode = .additive
        return layer
    }

    /// A magnet: glowing motes stream in from the left and are pulled to a point `attractor`
    /// (a spring of stiffness 6 /s² that does nothing beyond 400 pt) that circles the middle of
    /// the scene (an animation of `emitterBehaviors.magnet.position`); `drag` lets them settle into
    /// a swarm around it.
    public static func magnet(size: CGSize) -> EmitterLayer {
        let mote = EmitterCell(name: "mote")
        mote.contents = .builtin(.softDot, size: 32)
        mote.birthRate = 120
        mote.lifetime = 5
        mote.lifetimeRange = 1
        mote.velocity = 160
        mote.velocityRange = 60
        mote.emissionRange = .pi / 6                 // to the right
        mote.scale = 0.35
        mote.scaleRange = 0.15
        mote.color = Color(red: 0.45, green: 0.75, blue: 1, alpha: 0.9)
        mote.alphaSpeed = -0.15

        let centre = CGPoint(x: size.width / 2, y: size.height / 2)
        let magnet = EmitterBehavior(type: .attractor, name: "magnet")
        magnet.position = centre
        magnet.stiffness = 6
        magnet.falloffDistance = 400
        let drag = EmitterBehavior(type: .drag, name: "damping")
        drag.drag = 0.8

        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: 0, y: size.height / 2)
        layer.emitterSize = CGSize(width: 1, height: size.height * 0.6)
        layer.emitterShape = .rectangle
        layer.emitterCells = [mote]
        layer.emitterBehaviors = [magnet, drag]
        layer.renderMode = .additive

        // The magnet circles the centre once every 6 s.
        let radius = min(size.width, size.height) * 0.18
        let orbit = KeyframeAnimation(keyPath: "emitterBehaviors.magnet.position")
        orbit.values = (0...8).map { i -> CGPoint in
            let a = Double(i) * .pi / 4
            return CGPoint(x: centre.x + radius * cos(a), y: centre.y + radius * sin(a))
        }
        orbit.duration = 6
        orbit.repeatCount = .infinity
        layer.add(orbit, forKey: "circle")
        return layer
    }

    /// A white 32 × 8 streak along +x, bright at its head: a spark that `alignToMotion` turns.
    static let streak: SpriteImage = {
        let w = 32, h = 8
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w {
                let u = (Double(x) + 0.5) / Double(w), v = ((Double(y) + 0.5) / Double(h)) * 2 - 1
                let alpha = exp(-v * v * 6) * u * u * (u < 0.9 ? 1 : (1 - u) * 10)
                pixels[(y * w + x) * 4 + 3] = UInt8(max(0, min(255, (alpha * 255).rounded())))
            }
        }
        return (try? SpriteImage(width: w, height: h, pixels: pixels)) ?? .builtin(.spark, size: 32)
    }()

    /// A white 12 × 6 paper rectangle with a soft one-pixel edge.
    static let paper: SpriteImage = {
        let w = 12, h = 6
        var pixels = [UInt8](repeating: 255, count: w * h * 4)
        for y in 0..<h {
            for x in 0..<w where x == 0 || y == 0 || x == w - 1 || y == h - 1 {
                pixels[(y * w + x) * 4 + 3] = 160
            }
        }
        // Sizes and pixel count are valid by construction; the fallback is never taken.
        return (try? SpriteImage(width: w, height: h, pixels: pixels)) ?? .builtin(.hardDisc, size: 8)
    }()
}

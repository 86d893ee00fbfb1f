import Foundation

/// The preset effects as plain code. Compare each with its article: only type names, images and
/// colours changed.
public enum Presets {
    /// Seeds 000/001: `[cell setBirthRate:30]; [cell setVelocity:120]; …` on a 10 × 10 rectangle
    /// in the middle of the view, drawn additively.
    public static func fire(size: CGSize) -> EmitterLayer {
        let cell = EmitterCell(name: "fire")
        cell.birthRate = 30
        cell.velocity = 120
        cell.velocityRange = 40
        cell.yAcceleration = -45
        cell.emissionLongitude = -.pi / 2
        cell.emissionRange = .pi / 4
        cell.scale = 1.0
        cell.scaleSpeed = 2.0
        cell.scaleRange = 2.0
        cell.contents = .builtin(.smokePuff, size: 32)
        cell.color = Color(red: 1.0, green: 0.2, blue: 0.1, alpha: 0.5)
        cell.lifetime = 3.0
        cell.lifetimeRange = 1.0

        let emitter = EmitterLayer()
        emitter.emitterCells = [cell]
        emitter.emitterPosition = CGPoint(x: size.width * 0.5, y: size.height * 0.5)
        emitter.emitterSize = CGSize(width: 10, height: 10)
        emitter.emitterShape = .rectangle
        emitter.renderMode = .additive
        return emitter
    }

    /// Plume's own smoke: slow grey puffs from a wide base, drifting right as they rise.
    public static func smoke(size: CGSize) -> EmitterLayer {
        let puff = EmitterCell(name: "smoke")
        puff.contents = .builtin(.smokePuff, size: 64)
        puff.birthRate = 14
        puff.lifetime = 6
        puff.lifetimeRange = 1.5
        puff.velocity = 45
        puff.velocityRange = 15
        puff.emissionLongitude = -.pi / 2
        puff.emissionRange = .pi / 6
        puff.yAcceleration = -6
        puff.xAcceleration = 7
        puff.scale = 0.6
        puff.scaleRange = 0.2
        puff.scaleSpeed = 0.35
        puff.spin = 0.2
        puff.spinRange = 0.6
        puff.color = Color(red: 0.62, green: 0.62, blue: 0.65, alpha: 0.45)
        puff.alphaSpeed = -0.07

        let emitter = EmitterLayer()
        emitter.emitterCells = [puff]
        emitter.emitterPosition = CGPoint(x: size.width * 0.4, y: size.height * 0.9)
        emitter.emitterSize = CGSize(width: 60, height: 8)
        emitter.emitterShape = .rectangle
        emitter.renderMode = .oldestFirst
        return emitter
    }

    /// Seeds 003/004: a line across the top, `beginTime = CACurrentMediaTime()` and
    /// `timeOffset = 10` so the flakes cover the view from the first frame.
    public static func snow(size: CGSize, beginTime: TimeInterval = 0) -> EmitterLayer {
        let snowEmitterLayer = EmitterLayer()
        snowEmitterLayer.emitterShape = .line
        snowEmitterLayer.beginTime = beginTime
        snowEmitterLayer.timeOffset = 10.0
        snowEmitterLayer.emitterPosition = CGPoint(x: size.width / 2, y: -10)
        snowEmitterLayer.emitterSize = CGSize(width: size.width, height: 1)

        let flakeEmitterCell = EmitterCell(name: "flake")
        flakeEmitterCell.contents = .builtin(.snowflake, size: 48)
        flakeEmitterCell.emissionRange = .pi
        flakeEmitterCell.lifetime = 20.0
        flakeEmitterCell.birthRate = 30
        flakeEmitterCell.scale = 0.15
        flakeEmitterCell.scaleRange = 0.6
        flakeEmitterCell.velocity = 30.0
        flakeEmitterCell.velocityRange = 20
        flakeEmitterCell.spin = -0.5
        flakeEmitterCell.spinRange = 1.0
        flakeEmitterCell.yAcceleration = 30.0
        flakeEmitterCell.xAcceleration = 5.0

        let blurryFlakeEmitterCell = EmitterCell(name: "blurryFlake")
        blurryFlakeEmitterCell.contents = .builtin(.softDot, size: 48)
        blurryFlakeEmitterCell.velocity = 40
        // "the rest of the properties has the same values as flakeEmitterCell"
        blurryFlakeEmitterCell.emissionRange = .pi
        blurryFlakeEmitterCell.lifetime = 20.0
        blurryFlakeEmitterCell.birthRate = 30
        blurryFlakeEmitterCell.scale = 0.15
        blurryFlakeEmitterCell.scaleRange = 0.6
        blurryFlakeEmitterCell.velocityRange = 20
        blurryFlakeEmitterCell.spin = -0.5
        blurryFlakeEmitterCell.spinRange = 1.0
        blurryFlakeEmitterCell.yAcceleration = 30.0
        blurryFlakeEmitterCell.xAcceleration = 5.0

        snowEmitterLayer.emitterCells = [flakeEmitterCell, blurryFlakeEmitterCell]
        return snowEmitterLayer
    }

    /// Seed 002: colour balls from a point near the top; each ball, from 5 s of age on, emits
    /// white children upwards relative to its own flight.
    public static func colorBalls(size: CGSize) -> EmitterLayer {
        let colorBallLayer = EmitterLayer()
        colorBallLayer.emitterSize = CGSize(width: 100, height: 10)
        colorBallLayer.emitterShape = .point
        colorBallLayer.emitterMode = .points
        colorBallLayer.emitterPosition = CGPoint(x: size.width / 2, y: 20)

        let colorBallCell = EmitterCell()
        colorBallCell.name = "colorBallCell"
        colorBallCell.birthRate = 20
        colorBallCell.lifetime = 10
        colorBallCell.velocity = 40
        colorBallCell.velocityRange = 100
        colorBallCell.yAcceleration = 15
        colorBallCell.emissionLongitude = .pi / 2
        colorBallCell.emissionRange = .pi / 4
        colorBallCell.scale = 0.2
        colorBallCell.scaleRange = 0.1
        colorBallCell.scaleSpeed = 0.02
        colorBallCell.contents = .builtin(.hardDisc, size: 64)
        colorBallCell.color = Color(red: 0.5, green: 0, blue: 0.5, alpha: 1)
        colorBallCell.redRange = 1
        colorBallCell.greenRange = 1
        colorBallCell.alphaRange = 0.8
        colorBallCell.blueSpeed = 1
        colorBallCell.alphaSpeed = -0.1

        let subCell = EmitterCell(name: "subCell")
        subCell.lifetime = 5
        subCell.birthRate = 3
        subCell.contents = .builtin(.hardDisc, size: 64)
        subCell.velocity = 60
        subCell.emissionLongitude = -.pi / 2
        subCell.emissionRange = .pi / 4 / 4
        subCell.beginTime = 5
        subCell.scale = 0.5
        colorBallCell.emitterCells = [subCell]
        colorBallLayer.emitterCells = [colorBallCell]
        return colorBallLayer
    }

    /// Fireworks on events (Semantics §14), three levels deep: a rocket (lifetime 1.02 s) emits a
    /// trail over its flight and, when it dies, a ring of 150 sparks at once, where and when it
    /// dies (a death event sub-cell); each spark leaves a puff of smoke where it dies. Children
    /// inherit the rocket's colour. (Apple's version fakes the burst with an invisible sub-cell of
    /// `birthRate = 1` whose sparks emit for 0.1 s.)
    public static func fireworks(size: CGSize) -> EmitterLayer {
        let smoke = EmitterCell(name: "smoke")
        smoke.contents = .builtin(.softDot, size: 16)
        smoke.emissionEvent = .death
        smoke.eventCount = 1
        smoke.lifetime = 1.2
        smoke.lifetimeRange = 0.4
        smoke.velocity = 6
        smoke.emissionRange = 2 * .pi
        smoke.yAcceleration = -8
        smoke.scale = 0.6
        smoke.scaleSpeed = 0.5
        smoke.color = Color(red: 0.35, green: 0.35, blue: 0.35, alpha: 0.3)
        smoke.alphaSpeed = -0.25
        smoke.parentColorFraction = 0.3

        let sparks = EmitterCell(name: "spark")
        sparks.contents = .builtin(.spark, size: 32)
        sparks.emissionEvent = .death
        sparks.eventCount = 150
        sparks.emitterCells = [smoke]
        sparks.lifetime = 2.0
        sparks.lifetimeRange = 0.6
        sparks.velocity = 140
        sparks.velocityRange = 40
        sparks.emissionRange = 2 * .pi
        sparks.yAcceleration = 60
        sparks.alphaSpeed = -0.45
        sparks.scale = 1.0
        sparks.scaleSpeed = -0.2
        sparks.spin = 2
        sparks.rotationRange = 2 * .pi           // born together: each streak at its own angle

        let trail = EmitterCell(name: "trail")
        trail.contents = .builtin(.softDot, size: 16)
        trail.birthRate = 40
        trail.lifetime = 0.5
        trail.lifetimeRange = 0.2
        trail.velocity = 25
        trail.emissionLongitude = .pi
        trail.emissionRange = .pi / 6
        trail.scale = 0.7
        trail.alphaSpeed = -1.8

        let rocket = EmitterCell(name: "rocket")
        rocket.contents = .builtin(.softDot, size: 16)
        rocket.birthRate = 1.5
        rocket.lifetime = 1.02
        rocket.velocity = 380
        rocket.velocityRange = 80
        rocket.emissionLongitude = 0             // a line's base direction is already up
        rocket.emissionRange = .pi / 8
        rocket.yAcceleration = 150
        rocket.color = Color(red: 0.6, green: 0.6, blue: 0.6, alpha: 1)
        rocket.redRange = 0.8
        rocket.greenRange = 0.8
        rocket.blueRange = 0.8
        rocket.emitterCells = [trail, sparks]

        let mortar = EmitterLayer()
        mortar.emitterPosition = CGPoint(x: size.width / 2, y: size.height)
        mortar.emitterSize = CGSize(width: size.width / 3, height: 0)
        mortar.emitterShape = .line
        mortar.renderMode = .additive
        mortar.emitterCells = [rocket]
        return mortar
    }

    /// Plume's own confetti: discs and stars in six colours, tumbling down from the top edge.
    public static func confetti(size: CGSize) -> EmitterLayer {
        let colours: [Color] = [
            Color(red: 0.95, green: 0.26, blue: 0.21), Color(red: 1.0, green: 0.76, blue: 0.03),
            Color(red: 0.30, green: 0.69, blue: 0.31), Color(red: 0.13, green: 0.59, blue: 0.95),
            Color(red: 0.61, green: 0.15, blue: 0.69), Color(red: 1.0, green: 0.34, blue: 0.13),
        ]
        let cells = colours.enumerated().map { i, colour -> EmitterCell in
            let cell = EmitterCell(name: "confetti\(i)")
            cell.contents = .builtin(i.isMultiple(of: 2) ? .hardDisc : .star, size: 32)
            cell.birthRate = 6
            cell.lifetime = 9
            cell.velocity = 110
            cell.velocityRange = 50
            cell.emissionLongitude = .pi          // down, from a line (base direction up)
            cell.emissionRange = .pi / 3
            cell.yAcceleration = 45
            cell.spin = 3
            cell.spinRange = 6
            cell.scale = 0.5
            cell.scaleRange = 0.2
            cell.color = colour
            return cell
        }
        let layer = EmitterLayer()
        layer.emitterPosition = CGPoint(x: size.width / 2, y: -8)
        layer.emitterSize = CGSize(width: size.width, height: 0)
        layer.emitterShape = .line
        layer.emitterCells = cells
        return layer
    }
}

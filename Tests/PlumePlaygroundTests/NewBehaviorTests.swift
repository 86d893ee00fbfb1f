import Foundation
import Plume
import Testing
@testable import PlumePlayground

/// The inspector's Add menu (issue 26 item 1: colliders and fields in the playground): each
/// kind's new behaviour shows at once, and every number the inspector shows for it is a key that
/// reads and writes the behaviour. Simulated on the CPU reference; the window test
/// (BehaviorInspectorWindowTests) adds and removes one with real X input.
@Suite struct NewBehaviorTests {
    static let emitter = CGPoint(x: 400, y: 300)

    /// Particles flying out from the emitter in every direction at 150 points/s for 2 s.
    private func layer(_ behaviors: [EmitterBehavior]) -> EmitterLayer {
        let layer = EmitterLayer()
        layer.emitterPosition = Self.emitter
        let cell = EmitterCell(name: "dot")
        cell.birthRate = 40
        cell.lifetime = 2
        cell.velocity = 150
        cell.emissionRange = .pi * 2
        cell.contents = .builtin(.softDot, size: 16)
        layer.emitterCells = [cell]
        layer.emitterBehaviors = behaviors
        return layer
    }

    private func particles(_ layer: EmitterLayer, at time: Double) throws -> ParticleSnapshot {
        let simulator = ReferenceSimulator(layer: layer)
        for frame in 0...Int(time * 60) { try simulator.advance(to: Double(frame) / 60) }   // starts at the first update
        return try simulator.snapshot()
    }

    @Test(arguments: EmitterBehavior.Kind.allCases)
    func everyKindShowsAtOnce(_ kind: EmitterBehavior.Kind) throws {
        let time = 2.5
        let behavior = Playground.newBehavior(kind, named: kind.rawValue, near: Self.emitter)
        #expect(behavior.kind == kind && behavior.name == kind.rawValue)
        let plain = try particles(layer([]), at: time)
        let with = try particles(layer([behavior]), at: time)
        #expect(with.diagnostics.isEmpty, "\(kind): \(with.diagnostics)")
        try #require(plain.particles.map(\.identity) == with.particles.map(\.identity) && with.particles.count > 50,
                     "\(kind): other particles, or too few (\(with.particles.count))")
        var changed = 0
        for (a, b) in zip(plain.particles, with.particles) {
            let d = a.position - b.position, c = a.color - b.color
            let moved = (d * d).sum().squareRoot() > 2
            let looks = abs(a.scale - b.scale) > 0.05 || abs(a.angle - b.angle) > 0.05 || max(c.max(), (-c).max()) > 0.05
            if moved || looks { changed += 1 }
        }
        // most particles show it (a floor: those that reach it, checked below)
        #expect(kind == .collider ? changed > 0 : changed * 2 > with.particles.count, "\(kind): \(changed) of \(with.particles.count) changed at t = \(time) s")
        if kind == .collider {
            let floor = Self.emitter.y + 150
            let below = with.particles.filter { $0.position.y > Double(floor) + 1e-3 }
            #expect(below.isEmpty, "behind the floor at y \(floor): \(below.prefix(3).map { "\($0.identity) at \($0.position)" })")
            #expect(plain.particles.contains { $0.position.y > Double(floor) + 10 }, "the plain layer never reaches the floor")
        }
    }

    @Test(arguments: EmitterBehavior.Kind.allCases)
    func everyNumberShownIsAKeyThatReadsAndWrites(_ kind: EmitterBehavior.Kind) throws {
        let shapes: [EmitterBehavior.ColliderShape] = kind == .collider ? EmitterBehavior.ColliderShape.allCases : [.plane]
        for shape in shapes {
            let b = Playground.newBehavior(kind, named: "b", near: Self.emitter)
            b.colliderShape = shape
            let keys = Playground.behaviorNumbers(b)
            #expect(Set(keys).count == keys.count, "\(kind) \(shape): a key twice: \(keys)")
            if ![.valueOverLife, .colorOverLife].contains(kind) { #expect(!keys.isEmpty, "\(kind): no numbers") }
            for key in keys {
                let stored = b.value(forKey: key)
                let value = try #require((stored as? CGFloat).map(Double.init) ?? (stored as? Double),
                                         "\(kind) \(shape): \(key) reads \(String(describing: stored))")
                let next = value.isFinite ? value + 0.25 : 7
                b.setValue(next, forKey: key)
                let after = b.value(forKey: key)
                #expect(((after as? CGFloat).map(Double.init) ?? (after as? Double)) == next, "\(kind) \(shape): \(key) did not take \(next)")
            }
        }
    }
}

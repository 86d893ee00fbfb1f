import Testing
@testable import Plume
@Test func builds() throws {
    let layer = Preset.fireworks.makeLayer()
    let sim = ReferenceSimulator(layer: layer)
    for f in 0...150 { try sim.advance(to: Double(f) / 60) }
    let s = try sim.snapshot()
    for p in s.particles.prefix(3) { print(p) }
    for p in s.particles.filter({ $0.identity.cellPath.count == 3 }).prefix(5) { print(p) }
    for p in s.particles.filter({ $0.identity.cellPath.count == 2 }).prefix(5) { print(p) }
}

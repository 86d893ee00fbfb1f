import Foundation
import PlumeTestSupport
import Testing
@testable import Plume

/// The presets of issue 26's families do what their documentation says, on the reference, at
/// any update rate (the motion grid's promise).
@Suite struct PresetFamilyTests {
    let scene = Preset.defaultSize

    /// Sparks fall to the floor, bounce (a spark below the emitter moving up can only have bounced:
    /// every spark leaves upwards) and never pass it, at 30, 60, 144 and 240 updates/s.
    @Test func bouncingSparksBounceOnTheFloorAndNeverPassIt() throws {
        let make = { Preset.bouncingSparks.makeLayer(size: self.scene) }
        let s = try expectSameParticlesAtAnyRateAndAfterJumps(make, "bouncingSparks")
        let layer = make()
        let floor = try #require(layer.emitterBehaviors?.first { $0.kind == .collider })
        let floorY = Double(floor.position.y), emitterY = Double(layer.emitterPosition.y)
        for p in s.particles {
            #expect(p.position.y <= floorY + Collisions.tolerance,
                    "particle \(p.identity) below the floor (y \(p.position.y) > \(floorY)) at t = 4 s, seed \(layer.seed)")
        }
        let bounced = s.particles.filter { $0.position.y > emitterY + 20 && $0.velocity.y < 0 }
        #expect(bounced.count >= 20, "\(bounced.count) of \(s.particles.count) sparks rising below the emitter at t = 4 s, seed \(layer.seed)")
        let near = s.particles.filter { floorY - $0.position.y < 40 }
        #expect(near.count >= 20, "\(near.count) of \(s.particles.count) sparks within 40 pt of the floor at t = 4 s")
    }

    /// The smoke rises and curls: the vortex bends the column over (puffs above the eddy's axis
    /// move right on average, the upper column lies left of the source) and the turbulence spreads
    /// it sideways far more than the rise alone does; the same at any update rate.
    @Test func curlingSmokeRisesAndCurls() throws {
        let make = { Preset.curlingSmoke.makeLayer(size: self.scene) }
        let s = try expectSameParticlesAtAnyRateAndAfterJumps(make, "curlingSmoke")
        let layer = make()
        let eddy = try #require(layer.emitterBehaviors?.first { $0.kind == .vortex })
        let source = layer.emitterPosition
        let high = s.particles.filter { $0.position.y < Double(eddy.position.y) }
        #expect(high.count >= 20, "\(high.count) of \(s.particles.count) puffs above the eddy at t = 4 s, seed \(layer.seed)")
        let meanVX = high.map(\.velocity.x).reduce(0, +) / Double(max(high.count, 1))
        let meanX = high.map(\.position.x).reduce(0, +) / Double(max(high.count, 1))
        #expect(meanVX > 5, "puffs above the eddy move right at \(meanVX) pt/s on average (t = 4 s)")
        #expect(meanX < Double(source.x) - 20, "puffs above the eddy lie at x \(meanX) on average, the source at \(source.x)")

        func spread(_ layer: EmitterLayer) throws -> Double {
            let s = try simulate(layer, times: frames(fps: 60, until: 4))
            let xs = s.particles.filter { $0.age > 1 }.map(\.position.x)
            let mean = xs.reduce(0, +) / Double(xs.count)
            return (xs.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(xs.count)).squareRoot()
        }
        let still = make()
        still.emitterBehaviors = still.emitterBehaviors?.filter { $0.kind == .drag }
        let curled = try spread(make()), straight = try spread(still)
        #expect(curled > 1.5 * straight, "sideways spread \(curled) pt with the fields, \(straight) pt without (t = 4 s)")
    }

    /// Drops fall onto the terrain (a heightfield: a roof over rolling ground) and never pass it;
    /// each splash is thrown up from where a drop hit (every droplet within its 45-point hop above
    /// the terrain within 60 points of it, some still rising, some off the roof); the same particles at 30, 60, 144 and 240 updates/s. (Not
    /// after a jump: a fast-forward or a seek creates the drops born in the last drop lifetime, not
    /// the splashes of earlier ones, Semantics §14 "Catch-up and seek".)
    @Test func rainSplashesOnTheTerrain() throws {
        let make = { Preset.rain.makeLayer(size: self.scene) }
        let s = try simulate(make(), times: frames(fps: 60, until: 4))
        for fps in [30.0, 144.0, 240.0] {
            expectSameParticles(s, try simulate(make(), times: frames(fps: fps, until: 4)), tolerance: 1e-6,
                                "rain: 60 vs \(fps) updates/s")
        }
        let layer = make()
        let terrain = try #require(ResolvedLayer(layer).cells[0].behaviors.colliders.first)
        #expect(terrain.shape == .heightfield)
        for p in s.particles {
            #expect(terrain.distance(p.position) >= -Collisions.tolerance,
                    "\(p.cellName ?? "?") \(p.identity) below the terrain (\(terrain.distance(p.position)) pt) at \(p.position), t = 4 s, seed \(layer.seed)")
        }
        let drops = s.particles.filter { $0.cellName == "drop" }, droplets = s.particles.filter { $0.cellName == "splash" }
        #expect(drops.count >= 30 && droplets.count >= 30, "\(drops.count) drops and \(droplets.count) droplets at t = 4 s")
        for p in droplets {
            // above the highest terrain within 60 points along x (a droplet flies off the roof's edge)
            let above = (-60...60).map { terrain.distance(p.position + SIMD3(Double($0), 0, 0)) }.min() ?? 0
            if above > 45 {
                Issue.record("droplet \(p.identity) \(above) pt above the terrain near \(p.position), t = 4 s, seed \(layer.seed): not thrown from it")
            }
        }
        let roof = droplets.filter { $0.position.y < Double(self.scene.height) * 0.75 }.count
        #expect(roof >= 3, "\(roof) droplets splashing off the roof at t = 4 s")
        let rising = droplets.filter { $0.velocity.y < 0 }.count
        #expect(rising >= 5, "\(rising) of \(droplets.count) droplets rising at t = 4 s")
    }
}

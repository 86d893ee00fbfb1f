import Foundation
@testable import Plume

/// Differential scenarios of the presets that show issue 26's families (colliders, fields,
/// trails): each preset as shipped, on a 1000-point scene, at 60 updates/s and at irregular
/// steps, with a seek back for the bouncing sparks (hits replayed from the rebuilt state), the
/// rain's splashes (children of the collision events of drops that die on a heightfield) and the comets' trails compared
/// point by point.
extension Scenarios {
    static func preset(_ preset: Preset) -> EmitterLayer { preset.makeLayer(size: CGSize(width: 1000, height: 1000)) }

    static let familyPresets: [Scenario] = [
        Scenario(name: "preset bouncingSparks (plane collider, alignToMotion)", make: { preset(.bouncingSparks) },
                 times: steps(until: 6)),
        Scenario(name: "preset bouncingSparks at irregular steps, then a seek back", make: { preset(.bouncingSparks) },
                 times: irregularSteps(until: 4, seed: 26) + steps(fps: 60, until: 4, from: 2.5), compareEvery: 30),
        Scenario(name: "preset curlingSmoke (turbulence, vortex, drag)", make: { preset(.curlingSmoke) },
                 times: steps(until: 6)),
        Scenario(name: "preset curlingSmoke at 144 updates/s", make: { preset(.curlingSmoke) },
                 times: steps(fps: 144, until: 3), compareEvery: 144),
        Scenario(name: "preset comet (trails)", make: { preset(.comet) }, times: steps(until: 6)),
        Scenario(name: "preset rain (a kill heightfield, a splash sub-cell on each drop's collision event)", make: { preset(.rain) },
                 times: steps(until: 6)),
        Scenario(name: "preset rain at irregular steps", make: { preset(.rain) },
                 times: irregularSteps(until: 4, seed: 62), compareEvery: 30),
    ]
}

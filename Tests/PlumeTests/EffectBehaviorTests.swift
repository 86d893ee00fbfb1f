import Foundation
import Testing
@testable import Plume

/// Behaviours in effect files: written with their type first and their non-default inputs, read
/// back equal, errors with paths, unknown types kept (with a warning), angles in the file's unit,
/// hot reload replaces them.
@Suite struct EffectBehaviorTests {
    static func layer() -> EmitterLayer {
        let layer = EmitterLayer()
        let cell = EmitterCell()
        cell.name = "spark"
        layer.emitterCells = [cell]
        let drag = EmitterBehavior(type: .drag, name: "air")
        drag.drag = 1.5
        let colors = EmitterBehavior(type: .colorOverLife)
        colors.colors = [.white, Color(red: 1, green: 0.5, blue: 0, alpha: 0)]
        colors.locations = [0, 0.75]
        colors.cellNames = ["spark"]
        let align = EmitterBehavior(type: .alignToMotion)
        align.rotation = .pi / 2
        let magnet = EmitterBehavior(type: .attractor, name: "magnet")
        magnet.attractorType = .axial
        magnet.position = CGPoint(x: 200, y: 100)
        magnet.stiffness = 4
        magnet.orientationLongitude = .pi / 4
        let wave = EmitterBehavior(type: .wave)
        wave.force = SIMD3(30, 0, 5)
        wave.frequency = 0.5
        layer.emitterBehaviors = [drag, colors, align, magnet, wave]
        return layer
    }

    @Test func behavioursRoundTripInBothAngleUnits() throws {
        for unit in EffectFile.AngleUnit.allCases {
            let layer = Self.layer()
            let data = try EffectFile.encode(layer, options: .init(angleUnit: unit))
            let text = String(decoding: data, as: UTF8.self)
            #expect(text.contains(#""type" : "drag""#) || text.contains(#""type": "drag""#), "\(text)")
            let back = try EffectFile.decode(data)
            #expect(back.warnings.isEmpty, "\(back.warnings)")
            let diffs = effectDifferences(layer, back.layer)
            #expect(diffs.isEmpty, "\(unit): \(diffs)")
            #expect(try EffectFile.encode(back.layer, options: .init(angleUnit: unit)) == data, "\(unit)")
            if unit == .degrees {
                #expect(text.contains("90"), "alignToMotion's rotation is written in degrees: \(text)")
            }
        }
    }

    @Test func keyPathsAndAnimationsReachDecodedBehaviors() throws {
        let text = #"""
        {"format": "plume-effect", "version": 1, "angleUnit": "degrees",
         "layer": {"emitterBehaviors": [{"type": "attractor", "name": "magnet", "stiffness": 2, "orientationLatitude": 90,
                                         "falloffDistance": "infinity"}],
                   "animations": [{"keyPath": "emitterBehaviors.magnet.stiffness", "from": 2, "to": 8, "duration": 1}]}}
        """#
        let document = try EffectFile.decode(Data(text.utf8))
        let magnet = try #require(document.layer.emitterBehaviors?.first)
        #expect(magnet.kind == .attractor && magnet.stiffness == 2)
        #expect(abs(Double(magnet.orientationLatitude) - .pi / 2) < 1e-12)
        #expect(document.layer.value(forKeyPath: "emitterBehaviors.magnet.stiffness") as? CGFloat == 2)
        #expect(document.layer.animationKeys().count == 1)
    }

    @Test func badBehaviorsAreErrorsWithPaths() {
        let cases: [(String, String)] = [
            (#"[{"drag": 1}]"#, "$.layer.emitterBehaviors[0]"),                         // no type
            (#"[{"type": 3}]"#, "$.layer.emitterBehaviors[0].type"),
            (#"[{"type": "drag", "drag": -1}]"#, "$.layer.emitterBehaviors[0].drag"),     // below its minimum
            (#"[{"type": "wave", "force": [1]}]"#, "$.layer.emitterBehaviors[0].force"),
            (#"[{"type": "wave", "force": [1, "x"]}]"#, "$.layer.emitterBehaviors[0].force[1]"),
            (#"[{"type": "colorOverLife", "colors": [[1, 2]]}]"#, "$.layer.emitterBehaviors[0].colors[0]"),
            (#"[{"type": "attractor", "attractorType": "radail"}]"#, "$.layer.emitterBehaviors[0].attractorType"),
            (#"{"type": "drag"}"#, "$.layer.emitterBehaviors"),
            (#"[{"type": "drag", "cellNames": [1]}]"#, "$.layer.emitterBehaviors[0].cellNames[0]"),
        ]
        for (behaviors, path) in cases {
            let text = #"{"format": "plume-effect", "version": 1, "layer": {"emitterBehaviors": "# + behaviors + "}}"
            let (_, errors) = EffectFile.check(Data(text.utf8))
            #expect(errors.contains { $0.path == path }, "\(behaviors): expected an error at \(path), got \(errors.map(\.description))")
        }
    }

    @Test func unknownTypesAndKeysAreKeptOrWarned() throws {
        let text = #"""
        {"format": "plume-effect", "version": 1,
         "layer": {"emitterBehaviors": [{"type": "dragg", "drag": 2}, {"type": "wave", "frequncy": 2}]}}
        """#
        let document = try EffectFile.decode(Data(text.utf8))
        let warnings = document.warnings.map(\.description)
        #expect(warnings.contains { $0.contains("emitterBehaviors[0].type") && $0.contains("did you mean \"drag\"") }, "\(warnings)")
        #expect(warnings.contains { $0.contains("emitterBehaviors[1].frequncy") && $0.contains("frequency") }, "\(warnings)")
        // The unknown type is kept, so writing the file back loses nothing.
        let behaviors = try #require(document.layer.emitterBehaviors)
        #expect(behaviors.map(\.type) == ["dragg", "wave"] && behaviors[0].drag == 2)
        let again = try EffectFile.decode(EffectFile.encode(document.layer))
        #expect(again.layer.emitterBehaviors?.first?.type == "dragg")
    }

    @Test func hotReloadReplacesChangedBehaviors() {
        let live = Self.layer(), edited = Self.layer()
        edited.emitterBehaviors?[0].drag = 3
        live.apply(edited)
        #expect(live.emitterBehaviors?[0].drag == 3)
        #expect(live.emitterBehaviors?[0] !== edited.emitterBehaviors?[0], "copies, not the source's objects")
        let unchanged = live.emitterBehaviors
        live.apply(Self.layer().then { $0.emitterBehaviors?[0].drag = 3 })
        #expect(live.emitterBehaviors?.first === unchanged?.first, "an equal reload keeps the objects")
    }
}

private extension EmitterLayer {
    func then(_ body: (EmitterLayer) -> Void) -> EmitterLayer { body(self); return self }
}

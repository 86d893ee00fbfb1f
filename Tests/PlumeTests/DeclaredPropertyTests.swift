import Foundation
import Testing
@testable import Plume

/// Issue 24 item 1: each property is declared once (`@Property`), and everything that lists
/// properties is built from the declarations. These tests hold the lists to the model: a stored
/// property that is not declared, or a declared one that `copy()` or the key table loses, fails.
struct DeclaredPropertyTests {
    /// A value of the same kind as `value` that differs from it (what a user could set).
    static func mutated(_ value: Any?, kind: EffectValueKind) -> Any? {
        switch kind {
        case .float, .cgFloat, .double:
            let d = (value as? Double) ?? (value as? Float).map(Double.init) ?? (value as? CGFloat).map(Double.init) ?? 0
            return d.isFinite ? d + 0.75 : 5.0
        case .bool: return !((value as? Bool) ?? false)
        case .seed: return ((value as? UInt32) ?? 0) &+ 7
        case .string: return "probe"
        case .point: return CGPoint(x: 3.5, y: -2)
        case .size: return CGSize(width: 7, height: 9)
        case .rect: return CGRect(x: 0.25, y: 0.5, width: 0.5, height: 0.25)
        case .color: return Color(red: 0.25, green: 0.5, blue: 0.75, alpha: 0.5)
        case .image: return SpriteImage.builtin(.softDot, size: 4)
        case .cells: return [EmitterCell(name: "probe")]
        case .numbers: return [0.25, 0.5] as [Any]
        case .colors: return [Color.white, Color(red: 1, green: 0, blue: 0, alpha: 1)]
        case .strings: return ["probe"]
        case .bursts: return [EmitterBurst(time: 0.5, count: 3, cycles: 2, interval: 0.25, probability: 0.5)]
        case let .enumeration(names):
            let current = (value as? any RawRepresentable)?.rawValue as? String
            return names.first { $0 != current }
        }
    }

    /// How a value reads back, for comparing (cells by their names: `copy()` copies them deeply).
    static func describe(_ value: Any?) -> String {
        if let cells = value as? [EmitterCell] { return "cells \(cells.map { $0.name ?? "?" })" }
        if let raw = value as? any RawRepresentable, let s = raw.rawValue as? String { return s }
        if let image = value as? SpriteImage { return "image \(image.width)×\(image.height)" }
        return "\(value ?? "nil")"
    }

    /// For every key of a layer, its cells and its behaviours: set it away from its default on the
    /// model, and the layer's copy (what animations and both simulators read) has the same value.
    @Test func everyKeySurvivesTheCopy() throws {
        func check<Root: AnyObject>(_ properties: [EffectProperty<Root>], _ label: String,
                                    make: () -> (EmitterLayer, Root), read: (EmitterLayer) -> Root) throws {
            for p in properties {
                let (layer, object) = make()
                let before = p.accessor.get(object)
                let value = Self.mutated(before, kind: p.kind)
                try p.accessor.set(object, value, p.key)
                let set = Self.describe(p.accessor.get(object))
                #expect(set != Self.describe(before), "\(label).\(p.key): the probe value \(value ?? "nil") did not change it")
                let copied = Self.describe(p.accessor.get(read(layer.copy())))
                #expect(copied == set, "\(label).\(p.key): set to \(set), the layer's copy reads \(copied)")
            }
        }
        try check(EffectModel.layer.properties, "layer", make: { let l = EmitterLayer(); return (l, l) }, read: { $0 })
        try check(EffectModel.cell.properties, "cell", make: {
            let l = EmitterLayer(), c = EmitterCell(name: "c")
            l.emitterCells = [c]
            return (l, c)
        }, read: { $0.emitterCells![0] })
        try check(EffectModel.behavior.properties, "behavior", make: {
            let l = EmitterLayer(), b = EmitterBehavior(type: .attractor)
            l.emitterBehaviors = [b]
            return (l, b)
        }, read: { $0.emitterBehaviors![0] })
        #expect(EffectModel.unknownKeys.isEmpty, "properties of unknown kind: \(EffectModel.unknownKeys)")
    }

    /// Every stored property of the model classes is declared with `@Property` (or is listed
    /// here as state that is not a property): a new one that is not declared fails this test
    /// instead of silently missing from key paths, `copy()`, effect files and the schema.
    @Test func everyStoredPropertyIsDeclared() {
        func stored(_ object: Any, upTo stop: Any.Type? = nil) -> Set<String> {
            var labels = Set<String>()
            var mirror: Mirror? = Mirror(reflecting: object)
            while let m = mirror, m.subjectType != stop {
                for child in m.children { if let label = child.label { labels.insert(label) } }
                mirror = m.superclassMirror
            }
            return labels
        }
        func keys<Root>(_ list: [PropertyDeclaration<Root>]) -> Set<String> { Set(list.map(\.key)) }
        let notProperties: Set<String> = ["keyValueDiagnostics", "type", "animationEntries", "animationSerial",
                                          "stoppedAnimations", "retiredAnimations", "animationLock",
                                          "emitterTeleports", "emitterBehaviors"]
        let cell = stored(EmitterCell()).subtracting(keys(EmitterCell.declaredProperties)).subtracting(notProperties)
        #expect(cell.isEmpty, "EmitterCell stores \(cell.sorted()) without @Property")
        let behavior = stored(EmitterBehavior(type: .drag)).subtracting(keys(EmitterBehavior.declaredProperties))
            .subtracting(notProperties)
        #expect(behavior.isEmpty, "EmitterBehavior stores \(behavior.sorted()) without @Property")
        let layer = stored(EmitterLayer(), upTo: Layer.self).subtracting(keys(EmitterLayer.declaredProperties))
            .subtracting(notProperties)
        #expect(layer.isEmpty, "EmitterLayer stores \(layer.sorted()) without @Property")
    }

    /// The declarations carry what the schema says: a declared unit and range reach the effect
    /// table, and the description is the doc comment's first sentence.
    @Test func declarationsReachTheEffectTable() throws {
        let birthRate = try #require(EffectModel.cell.properties.first { $0.key == "birthRate" })
        #expect(birthRate.info.unit == .perSecond && birthRate.info.minimum == 0)
        #expect(birthRate.info.doc == "Particles born per second.")
        let layerRate = try #require(EffectModel.layer.properties.first { $0.key == "birthRate" })
        #expect(layerRate.info.unit == .factor && layerRate.info.doc.hasPrefix("Multiplies every top-level cell's"))
        let drag = try #require(EffectModel.behavior.properties.first { $0.key == "drag" })
        #expect(drag.info.unit == .perSecond && drag.info.minimum == 0)
        // GPU parameters: declared `gpu: .cell` (CellParams) or `.births` (BirthParams rows),
        // resolved in declaration order.
        #expect(EmitterCell.GPUParameters.names.contains("velocityRange"))
        let declaredGPU = EmitterCell.declaredProperties.filter { $0.gpu != nil }.map(\.key)
        #expect(declaredGPU == EmitterCell.GPUParameters.names)
        #expect(EmitterCell.GPUParameters.tables[.births] == ["scale", "scaleRange", "scaleSpeed", "spin", "spinRange",
                                                             "rotation", "rotationRange"])
    }

    /// A bad GPU parameter is resolved as any birth value: reported, read as 0, and the cell
    /// emits nothing.
    @Test func aBadGPUParameterIsReportedAndStopsTheCell() throws {
        for key in EmitterCell.GPUParameters.names {
            let layer = EmitterLayer(), cell = EmitterCell(name: "c")
            cell.birthRate = 10; cell.lifetime = 1
            layer.emitterCells = [cell]
            try layer.validateAndSetValue(Double.nan, forKeyPath: "emitterCells.c.\(key)")
            let resolved = ResolvedLayer(layer)
            let c = resolved.cells[0]
            #expect(!c.emits, "\(key) = NaN: the cell still emits")
            #expect(c.parameters.values[EmitterCell.GPUParameters.names.firstIndex(of: key)!] == 0)
            #expect(resolved.diagnostics.contains { $0.keyPath == "emitterCells.c.\(key)" },
                    "\(key) = NaN is not reported: \(resolved.diagnostics)")
        }
    }
}

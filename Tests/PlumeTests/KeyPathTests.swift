import Foundation
import Testing
@testable import Plume

// SPEC §7 (names, defaults) and §9 (key paths): every layer and cell property is reachable through
// `setValue(_:forKeyPath:)` / `value(forKeyPath:)`; bad paths and values throw a `KeyPathError`
// naming the full path and change nothing.

// MARK: - Helpers

/// A number read back through `value(forKeyPath:)`, whatever its floating-point type.
private func kpNumber(_ v: Any?) -> Double? {
    switch v {
    case let x as Float: return Double(x)
    case let x as CGFloat: return Double(x)
    case let x as Double: return x
    case let x as UInt32: return Double(x)
    default: return nil
    }
}

/// rocket (0) { flare (0), spark (1) }, smoke (1).
private func kpLayer() -> (layer: EmitterLayer, rocket: EmitterCell, flare: EmitterCell, spark: EmitterCell,
                           smoke: EmitterCell) {
    let rocket = EmitterCell(name: "rocket"), flare = EmitterCell(name: "flare")
    let spark = EmitterCell(name: "spark"), smoke = EmitterCell(name: "smoke")
    rocket.emitterCells = [flare, spark]
    let layer = EmitterLayer()
    layer.emitterCells = [rocket, smoke]
    return (layer, rocket, flare, spark, smoke)
}

private let kpLayerKeys = [
    "birthRate", "lifetime", "velocity", "scale", "spin", "emitterPosition", "emitterPosition.x", "emitterPosition.y",
    "emitterZPosition", "emitterSize", "emitterSize.width", "emitterSize.height", "emitterDepth", "emitterShape",
    "emitterMode", "renderMode", "preservesDepth", "seed",
] + kpTimingKeys
private let kpTimingKeys = ["beginTime", "duration", "speed", "timeOffset", "repeatCount", "repeatDuration",
                          "autoreverses", "fillMode"]

/// Every numeric cell key with the property it must reach.
private let kpCellNumberKeys: [(String, @Sendable (EmitterCell) -> Double)] = [
    ("birthRate", { Double($0.birthRate) }), ("lifetime", { Double($0.lifetime) }),
    ("lifetimeRange", { Double($0.lifetimeRange) }), ("emissionLatitude", { Double($0.emissionLatitude) }),
    ("emissionLongitude", { Double($0.emissionLongitude) }), ("emissionRange", { Double($0.emissionRange) }),
    ("velocity", { Double($0.velocity) }), ("velocityRange", { Double($0.velocityRange) }),
    ("xAcceleration", { Double($0.xAcceleration) }), ("yAcceleration", { Double($0.yAcceleration) }),
    ("zAcceleration", { Double($0.zAcceleration) }), ("scale", { Double($0.scale) }),
    ("scaleRange", { Double($0.scaleRange) }), ("scaleSpeed", { Double($0.scaleSpeed) }),
    ("spin", { Double($0.spin) }), ("spinRange", { Double($0.spinRange) }),
    ("rotation", { Double($0.rotation) }), ("rotationRange", { Double($0.rotationRange) }),
    ("color.red", { Double($0.color.red) }), ("color.green", { Double($0.color.green) }),
    ("color.blue", { Double($0.color.blue) }), ("color.alpha", { Double($0.color.alpha) }),
    ("redRange", { Double($0.redRange) }), ("greenRange", { Double($0.greenRange) }),
    ("blueRange", { Double($0.blueRange) }), ("alphaRange", { Double($0.alphaRange) }),
    ("redSpeed", { Double($0.redSpeed) }), ("greenSpeed", { Double($0.greenSpeed) }),
    ("blueSpeed", { Double($0.blueSpeed) }), ("alphaSpeed", { Double($0.alphaSpeed) }),
    ("contentsScale", { Double($0.contentsScale) }), ("minificationFilterBias", { Double($0.minificationFilterBias) }),
    ("contentsRect.origin.x", { Double($0.contentsRect.origin.x) }),
    ("contentsRect.origin.y", { Double($0.contentsRect.origin.y) }),
    ("contentsRect.size.width", { Double($0.contentsRect.size.width) }),
    ("contentsRect.size.height", { Double($0.contentsRect.size.height) }),
    ("beginTime", { $0.beginTime }), ("duration", { $0.duration }), ("speed", { Double($0.speed) }),
    ("timeOffset", { $0.timeOffset }), ("repeatCount", { Double($0.repeatCount) }),
    ("repeatDuration", { $0.repeatDuration }),
]

private let kpCellOtherKeys = ["name", "isEnabled", "enabled", "color", "contents", "contentsRect", "contentsRect.origin",
                             "contentsRect.size", "magnificationFilter", "minificationFilter", "emitterCells",
                             "autoreverses", "fillMode"]

/// Every readable value of the layer and its cell tree, printed: equal fingerprints mean nothing changed.
private func kpFingerprint(_ layer: EmitterLayer) -> [String] {
    func read(_ get: (String) throws -> Any?, _ key: String) -> String {
        switch Result(catching: { try get(key) }) {
        case let .success(v as [EmitterCell]): return "\(key)=\(v.map { ObjectIdentifier($0) })"
        case let .success(v): return "\(key)=\(String(describing: v))"
        case let .failure(e): return "\(key) threw \(e)"
        }
    }
    var out = kpLayerKeys.map { read(layer.validatedValue(forKeyPath:), $0) }
    func walk(_ cells: [EmitterCell]?, _ prefix: String) {
        for (i, c) in (cells ?? []).enumerated() {
            out += (kpCellNumberKeys.map(\.0) + kpCellOtherKeys).map { "\(prefix).\(i): " + read(c.validatedValue(forKeyPath:), $0) }
            walk(c.emitterCells, "\(prefix).\(i).emitterCells")
        }
    }
    walk(layer.emitterCells, "emitterCells")
    return out
}

/// Sets every case of an enum property, first as the enum, then as its raw string, and reads it
/// back directly and through `value(forKeyPath:)`.
private func kpEnumRoundTrip<E: RawRepresentable & CaseIterable & Equatable>(
    _ layer: EmitterLayer, _ key: String, sourceLocation: SourceLocation = #_sourceLocation, _ read: () -> E
) throws where E.RawValue == String {
    for e in E.allCases {
        let other = E.allCases.first { $0 != e }!
        for input in [e as Any, e.rawValue as Any] {
            try layer.validateAndSetValue(other, forKeyPath: key)
            try layer.validateAndSetValue(input, forKeyPath: key)
            #expect(read() == e, "'\(key)' set \(type(of: input)) \(input): property reads \(read())",
                    sourceLocation: sourceLocation)
            let got = try layer.validatedValue(forKeyPath: key)
            #expect(got as? E == e, "'\(key)' set \(input): value(forKeyPath:) gave \(String(describing: got))",
                    sourceLocation: sourceLocation)
        }
    }
}

private enum KPErrorKind { case unknownKey(String), unknownCell(String), typeMismatch, invalidValue }

/// Expects `body` to throw exactly the `KeyPathError` case `kind` for `path`, naming `path` in its
/// description, and to leave every property of `layer` as it was.
private func kpExpectError(_ kind: KPErrorKind, path: String, layer: EmitterLayer, _ what: String,
                                sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void) {
    let before = kpFingerprint(layer)
    do {
        try body()
        Issue.record("\(what) '\(path)': expected \(kind), nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as KeyPathError {
        let ok: Bool
        switch (kind, error) {
        case let (.unknownKey(k), .unknownKey(p, key)), let (.unknownCell(k), .unknownCell(p, key)):
            ok = p == path && key == k
        case let (.typeMismatch, .typeMismatch(p, _, _)), let (.invalidValue, .invalidValue(p, _, _)):
            ok = p == path
        default: ok = false
        }
        #expect(ok, "\(what) '\(path)': expected \(kind) naming the path, got \(error)", sourceLocation: sourceLocation)
        #expect(error.keyPath == path, "\(what): error.keyPath \(error.keyPath) ≠ \(path)", sourceLocation: sourceLocation)
        #expect(error.description.contains(path), "\(what): description '\(error)' lacks '\(path)'",
                sourceLocation: sourceLocation)
    } catch {
        Issue.record("\(what) '\(path)': expected KeyPathError.\(kind), got \(type(of: error)): \(error)",
                     sourceLocation: sourceLocation)
    }
    let after = kpFingerprint(layer)
    let changed = zip(before, after).filter { $0 != $1 }.map { "\($0) → \($1)" }
    #expect(changed.isEmpty && before.count == after.count, "\(what) '\(path)' changed state: \(changed)",
            sourceLocation: sourceLocation)
}

/// SPEC §7 defaults and §9 key paths.
@Suite struct KeyPathTests {
    // MARK: - Defaults (SPEC §7)

    @Test func layerDefaultsMatchSpec() {
        let l = EmitterLayer()
        #expect(l.emitterCells == nil, "emitterCells default: \(String(describing: l.emitterCells))")
        let multipliers: [(String, Float)] = [("birthRate", l.birthRate), ("lifetime", l.lifetime),
                                              ("velocity", l.velocity), ("scale", l.scale), ("spin", l.spin)]
        for (k, v) in multipliers { #expect(v == 1, "layer.\(k) default: \(v), expected 1") }
        #expect(l.emitterPosition == .zero, "emitterPosition default: \(l.emitterPosition)")
        #expect(l.emitterZPosition == 0, "emitterZPosition default: \(l.emitterZPosition)")
        #expect(l.emitterSize == .zero, "emitterSize default: \(l.emitterSize)")
        #expect(l.emitterDepth == 0, "emitterDepth default: \(l.emitterDepth)")
        #expect(l.emitterShape == .point, "emitterShape default: \(l.emitterShape)")
        #expect(l.emitterMode == .volume, "emitterMode default: \(l.emitterMode)")
        #expect(l.renderMode == .unordered, "renderMode default: \(l.renderMode)")
        #expect(l.preservesDepth == false, "preservesDepth default: \(l.preservesDepth)")
        #expect(l.seed == 0, "seed default: \(l.seed)")
        #expect(l.beginTime == 0 && l.timeOffset == 0 && l.speed == 1, "layer timing: begin \(l.beginTime) offset \(l.timeOffset) speed \(l.speed)")
        #expect(l.duration == .infinity || l.duration == 0, "layer duration default \(l.duration): must be unbounded")
        #expect(l.repeatCount == 0 && l.repeatDuration == 0, "layer repeat: \(l.repeatCount), \(l.repeatDuration)")
        #expect(l.autoreverses == false && l.fillMode == .removed, "layer autoreverses \(l.autoreverses) fillMode \(l.fillMode)")
    }

    @Test func cellDefaultsMatchSpec() {
        let c = EmitterCell()
        #expect(c.name == nil && c.isEnabled, "name \(String(describing: c.name)), isEnabled \(c.isEnabled)")
        for (key, read) in kpCellNumberKeys {
            let expected: Double = switch key {
            case "scale", "contentsScale", "color.red", "color.green", "color.blue", "color.alpha", "speed",
                 "contentsRect.size.width", "contentsRect.size.height": 1
            case "duration": .infinity
            default: 0
            }
            #expect(read(c) == expected, "cell.\(key) default: \(read(c)), expected \(expected)")
        }
        #expect(c.color == Color(red: 1, green: 1, blue: 1, alpha: 1), "color default: \(c.color)")
        #expect(c.contents == nil, "contents default not nil")
        #expect(c.contentsRect == CGRect(x: 0, y: 0, width: 1, height: 1), "contentsRect default: \(c.contentsRect)")
        #expect(c.magnificationFilter == .linear && c.minificationFilter == .linear,
                "filters default: \(c.magnificationFilter), \(c.minificationFilter)")
        #expect(c.emitterCells == nil, "cell.emitterCells default: \(String(describing: c.emitterCells))")
        #expect(c.autoreverses == false && c.fillMode == .removed, "cell autoreverses \(c.autoreverses) fillMode \(c.fillMode)")
    }

    // MARK: - Layer properties

    @Test func layerNumericKeysRoundTripAndReachTheProperty() throws {
        let cases: [(String, Double, (EmitterLayer) -> Double)] = [
            ("birthRate", 2.5, { Double($0.birthRate) }), ("lifetime", 3.25, { Double($0.lifetime) }),
            ("velocity", 1.75, { Double($0.velocity) }), ("scale", 0.625, { Double($0.scale) }),
            ("spin", 4.5, { Double($0.spin) }), ("emitterZPosition", -12.5, { Double($0.emitterZPosition) }),
            ("emitterDepth", 33, { Double($0.emitterDepth) }), ("emitterPosition.x", 101.5, { Double($0.emitterPosition.x) }),
            ("emitterPosition.y", -7.25, { Double($0.emitterPosition.y) }),
            ("emitterSize.width", 64, { Double($0.emitterSize.width) }),
            ("emitterSize.height", 48.5, { Double($0.emitterSize.height) }),
            ("beginTime", 5.5, { $0.beginTime }), ("duration", 9.75, { $0.duration }), ("speed", 2, { Double($0.speed) }),
            ("timeOffset", 1.125, { $0.timeOffset }), ("repeatCount", 3.5, { Double($0.repeatCount) }),
            ("repeatDuration", 12.25, { $0.repeatDuration }), ("seed", 4242, { Double($0.seed) }),
        ]
        let layer = EmitterLayer()
        for (key, value, read) in cases {
            try layer.validateAndSetValue(value, forKeyPath: key)
            #expect(read(layer) == value, "layer '\(key)' set \(value): property reads \(read(layer))")
            let got = kpNumber(try layer.validatedValue(forKeyPath: key))
            #expect(got == value, "layer '\(key)' set \(value): value(forKeyPath:) gave \(String(describing: got))")
        }
    }

    @Test func layerStructEnumAndBoolKeys() throws {
        let layer = EmitterLayer()
        try layer.validateAndSetValue(CGPoint(x: 12, y: 34), forKeyPath: "emitterPosition")
        #expect(layer.emitterPosition == CGPoint(x: 12, y: 34), "emitterPosition: \(layer.emitterPosition)")
        #expect(try layer.validatedValue(forKeyPath: "emitterPosition") as? CGPoint == CGPoint(x: 12, y: 34))
        try layer.validateAndSetValue(CGSize(width: 56, height: 78), forKeyPath: "emitterSize")
        #expect(layer.emitterSize == CGSize(width: 56, height: 78), "emitterSize: \(layer.emitterSize)")
        #expect(try layer.validatedValue(forKeyPath: "emitterSize") as? CGSize == CGSize(width: 56, height: 78))
        try kpEnumRoundTrip(layer, "emitterShape") { layer.emitterShape }
        try kpEnumRoundTrip(layer, "emitterMode") { layer.emitterMode }
        try kpEnumRoundTrip(layer, "renderMode") { layer.renderMode }
        try kpEnumRoundTrip(layer, "fillMode") { layer.fillMode }
        try layer.validateAndSetValue(true, forKeyPath: "preservesDepth")
        #expect(layer.preservesDepth, "preservesDepth set true: \(layer.preservesDepth)")
        #expect(try layer.validatedValue(forKeyPath: "preservesDepth") as? Bool == true)
        try layer.validateAndSetValue(true, forKeyPath: "autoreverses")
        #expect(layer.autoreverses, "layer autoreverses set true: \(layer.autoreverses)")
        let cells = [EmitterCell(name: "a")]
        try layer.validateAndSetValue(cells, forKeyPath: "emitterCells")
        #expect(layer.emitterCells.map { $0.map(ObjectIdentifier.init) } == [ObjectIdentifier(cells[0])], "emitterCells set")
    }

    @Test func numbersConvertBetweenTypes() throws {
        let (layer, rocket, _, _, _) = kpLayer()
        let inputs: [(String, Any)] = [
            ("Int", 7), ("Double", 7.0), ("Float", Float(7)), ("CGFloat", CGFloat(7)), ("NSNumber(Int)", NSNumber(value: 7)),
            ("NSNumber(Double)", NSNumber(value: 7.0)), ("Int32", Int32(7)), ("UInt32", UInt32(7)), ("Int64", Int64(7)),
            ("UInt", UInt(7)), ("Int16", Int16(7)), ("UInt8", UInt8(7)), ("UInt64", UInt64(7)),
        ]
        // Float properties (cell.birthRate, layer.velocity) and CGFloat ones (cell.velocity, emitterPosition.x).
        let targets: [(String, () -> Double)] = [
            ("emitterCells.rocket.birthRate", { Double(rocket.birthRate) }), ("velocity", { Double(layer.velocity) }),
            ("emitterCells.rocket.velocity", { Double(rocket.velocity) }),
            ("emitterPosition.x", { Double(layer.emitterPosition.x) }),
        ]
        for (path, read) in targets {
            for (typeName, value) in inputs {
                try layer.validateAndSetValue(0, forKeyPath: path)
                do {
                    try layer.validateAndSetValue(value, forKeyPath: path)
                    #expect(read() == 7, "'\(path)' set \(typeName) 7: property reads \(read())")
                } catch {
                    Issue.record("'\(path)' set \(typeName) 7 threw \(error)")
                }
            }
        }
    }

    @Test func seedAcceptsWholeNumbersAndRejectsOthers() throws {
        let layer = EmitterLayer()
        let good: [(Any, UInt32)] = [(42, 42), (UInt32(7), 7), (3.0, 3), (Double(UInt32.max), .max), (NSNumber(value: 9), 9)]
        for (value, expected) in good {
            try layer.validateAndSetValue(value, forKeyPath: "seed")
            #expect(layer.seed == expected, "seed set \(value): reads \(layer.seed)")
        }
        try layer.validateAndSetValue(1234, forKeyPath: "seed")
        let bad: [(String, Any)] = [("-1", -1), ("1.5", 1.5), ("2^33", 1 << 33), ("NaN", Double.nan), ("2^32", 4294967296.0)]
        for (label, value) in bad {
            kpExpectError(.invalidValue, path: "seed", layer: layer, "seed = \(label)") {
                try layer.validateAndSetValue(value, forKeyPath: "seed")
            }
            #expect(layer.seed == 1234, "seed after rejected \(label): \(layer.seed)")
        }
        kpExpectError(.typeMismatch, path: "seed", layer: layer, "seed = \"7\"") {
            try layer.validateAndSetValue("7", forKeyPath: "seed")
        }
    }

    // MARK: - Cell properties

    @Test func everyCellNumberKeyRoundTripsByName() throws {
        let (layer, rocket, _, _, _) = kpLayer()
        for (i, (key, read)) in kpCellNumberKeys.enumerated() {
            let value = Double(i) + 1.25   // distinctive per key, exact in Float
            let path = "emitterCells.rocket." + key
            try layer.validateAndSetValue(value, forKeyPath: path)
            #expect(read(rocket) == value, "'\(path)' set \(value): property reads \(read(rocket))")
            let got = kpNumber(try layer.validatedValue(forKeyPath: path))
            #expect(got == value, "'\(path)' set \(value): value(forKeyPath:) gave \(String(describing: got))")
        }
        // Each key reached its own property: all values are still distinct after all the sets.
        let finals = kpCellNumberKeys.map { $0.1(rocket) }
        #expect(Set(finals).count == finals.count, "some cell keys share a property: \(finals)")
    }

    @Test func cellStructEnumBoolAndObjectKeys() throws {
        let (layer, rocket, flare, spark, _) = kpLayer()
        let orange = Color(red: 1, green: 0.5, blue: 0.25, alpha: 0.75)
        try layer.validateAndSetValue(orange, forKeyPath: "emitterCells.rocket.color")
        #expect(rocket.color == orange, "color set \(orange): \(rocket.color)")
        #expect(try layer.validatedValue(forKeyPath: "emitterCells.rocket.color") as? Color == orange)
        try layer.validateAndSetValue(0.125, forKeyPath: "emitterCells.rocket.color.red")
        #expect(rocket.color == Color(red: 0.125, green: 0.5, blue: 0.25, alpha: 0.75), "color.red 0.125: \(rocket.color)")
        let rect = CGRect(x: 0.25, y: 0.5, width: 0.5, height: -0.25)
        try layer.validateAndSetValue(rect, forKeyPath: "emitterCells.rocket.contentsRect")
        #expect(rocket.contentsRect == rect, "contentsRect set \(rect): \(rocket.contentsRect)")
        try layer.validateAndSetValue(0.75, forKeyPath: "emitterCells.rocket.contentsRect.size.width")
        #expect(rocket.contentsRect.size.width == 0.75 && rocket.contentsRect.origin.x == 0.25,
                "contentsRect.size.width 0.75: \(rocket.contentsRect)")
        #expect(kpNumber(try layer.validatedValue(forKeyPath: "emitterCells.rocket.contentsRect.size.width")) == 0.75)
        for f in ContentsFilter.allCases {
            try layer.validateAndSetValue(f, forKeyPath: "emitterCells.rocket.magnificationFilter")
            try layer.validateAndSetValue(f.rawValue, forKeyPath: "emitterCells.rocket.minificationFilter")
            #expect(rocket.magnificationFilter == f && rocket.minificationFilter == f,
                    "filters set \(f): mag \(rocket.magnificationFilter) min \(rocket.minificationFilter)")
        }
        try layer.validateAndSetValue("both", forKeyPath: "emitterCells.rocket.fillMode")
        #expect(rocket.fillMode == .both, "cell fillMode 'both': \(rocket.fillMode)")
        try layer.validateAndSetValue(false, forKeyPath: "emitterCells.rocket.isEnabled")
        #expect(!rocket.isEnabled, "isEnabled set false: \(rocket.isEnabled)")
        try layer.validateAndSetValue(true, forKeyPath: "emitterCells.rocket.enabled")
        #expect(rocket.isEnabled, "enabled set true: \(rocket.isEnabled)")
        try layer.validateAndSetValue(true, forKeyPath: "emitterCells.rocket.autoreverses")
        #expect(rocket.autoreverses, "cell autoreverses set true")
        let image = SpriteImage.builtin(.spark, size: 8)
        try layer.validateAndSetValue(image, forKeyPath: "emitterCells.rocket.contents")
        #expect(rocket.contents == image, "contents set: \(String(describing: rocket.contents?.width))")
        try layer.validateAndSetValue(nil, forKeyPath: "emitterCells.rocket.contents")
        #expect(rocket.contents == nil, "contents set nil")
        // The cell reached by name is the object itself.
        #expect((try layer.validatedValue(forKeyPath: "emitterCells.rocket") as? EmitterCell) === rocket, "emitterCells.rocket")
        #expect((try layer.validatedValue(forKeyPath: "emitterCells.rocket.emitterCells.spark") as? EmitterCell) === spark)
        try layer.validateAndSetValue([spark, flare], forKeyPath: "emitterCells.rocket.emitterCells")
        #expect(rocket.emitterCells?.first === spark, "rocket.emitterCells replaced through key path")
        try layer.validateAndSetValue("comet", forKeyPath: "emitterCells.rocket.name")
        #expect(rocket.name == "comet", "name set: \(String(describing: rocket.name))")
        #expect((try layer.validatedValue(forKeyPath: "emitterCells.comet") as? EmitterCell) === rocket, "renamed cell by new name")
    }

    @Test func nestedPathsByNameAndByIndex() throws {
        let (layer, rocket, flare, spark, smoke) = kpLayer()
        try layer.validateAndSetValue(11, forKeyPath: "emitterCells.rocket.emitterCells.spark.birthRate")
        #expect(spark.birthRate == 11 && flare.birthRate == 0 && rocket.birthRate == 0,
                "rocket.spark.birthRate 11: spark \(spark.birthRate) flare \(flare.birthRate) rocket \(rocket.birthRate)")
        try layer.validateAndSetValue(22, forKeyPath: "emitterCells.0.birthRate")
        #expect(rocket.birthRate == 22 && smoke.birthRate == 0, "emitterCells.0.birthRate 22: rocket \(rocket.birthRate)")
        try layer.validateAndSetValue(23, forKeyPath: "emitterCells.1.birthRate")
        #expect(smoke.birthRate == 23, "emitterCells.1.birthRate 23: smoke \(smoke.birthRate)")
        try layer.validateAndSetValue(33, forKeyPath: "emitterCells.rocket.emitterCells.1.velocity")
        #expect(spark.velocity == 33 && flare.velocity == 0, "rocket.emitterCells.1.velocity 33: spark \(spark.velocity)")
        try layer.validateAndSetValue(44, forKeyPath: "emitterCells.0.emitterCells.0.lifetime")
        #expect(flare.lifetime == 44, "0.emitterCells.0.lifetime 44: flare \(flare.lifetime)")
        #expect(kpNumber(try layer.validatedValue(forKeyPath: "emitterCells.0.emitterCells.spark.birthRate")) == 11)
        #expect((try layer.validatedValue(forKeyPath: "emitterCells.1") as? EmitterCell) === smoke, "emitterCells.1 is smoke")
        // Paths relative to a cell.
        try rocket.validateAndSetValue(55, forKeyPath: "emitterCells.flare.scale")
        #expect(flare.scale == 55, "rocket-relative emitterCells.flare.scale 55: \(flare.scale)")
        #expect(kpNumber(try spark.validatedValue(forKeyPath: "velocity")) == 33)
    }

    // MARK: - Errors

    @Test func badPathsThrowNamingThePathAndChangeNothing() throws {
        let (layer, _, _, _, _) = kpLayer()
        let unknownKeys: [(String, String)] = [
            ("birthRat", "birthRat"), ("emitterPosition.z", "emitterPosition.z"), ("emitterSize.depth", "emitterSize.depth"),
            ("emitterCells.rocket.birthRat", "birthRat"), ("emitterCells.rocket.color.hue", "color.hue"),
            ("emitterCells.rocket.emitterCells.spark.nope", "nope"), ("emitterCells.0.emitterShape", "emitterShape"),
        ]
        for (path, key) in unknownKeys {
            kpExpectError(.unknownKey(key), path: path, layer: layer, "set") { try layer.validateAndSetValue(1, forKeyPath: path) }
            kpExpectError(.unknownKey(key), path: path, layer: layer, "get") { _ = try layer.validatedValue(forKeyPath: path) }
        }
        let unknownCells: [(String, String)] = [
            ("emitterCells.nope.birthRate", "nope"), ("emitterCells.2.birthRate", "2"), ("emitterCells.-1.birthRate", "-1"),
            ("emitterCells.rocket.emitterCells.2.velocity", "2"), ("emitterCells.rocket.emitterCells.smoke.velocity", "smoke"),
            ("emitterCells.smoke.emitterCells.0.velocity", "0"), ("emitterCells.Rocket.birthRate", "Rocket"),
        ]
        for (path, name) in unknownCells {
            kpExpectError(.unknownCell(name), path: path, layer: layer, "set") { try layer.validateAndSetValue(1, forKeyPath: path) }
            kpExpectError(.unknownCell(name), path: path, layer: layer, "get") { _ = try layer.validatedValue(forKeyPath: path) }
        }
    }

    @Test func wrongValueTypesThrowNamingThePathAndChangeNothing() {
        let (layer, _, _, _, _) = kpLayer()
        try? layer.validateAndSetValue(5, forKeyPath: "emitterCells.rocket.birthRate")
        let cases: [(String, Any?)] = [
            ("emitterCells.rocket.birthRate", "fast"), ("emitterCells.rocket.birthRate", nil),
            ("emitterCells.rocket.velocity", CGPoint(x: 1, y: 2)), ("emitterPosition", CGSize(width: 1, height: 2)),
            ("emitterPosition", 3.0), ("emitterSize", CGPoint(x: 1, y: 2)), ("birthRate", "2"),
            ("emitterShape", "hexagon"), ("emitterShape", EmitterMode.points), ("renderMode", 3),
            ("preservesDepth", "yes"), ("emitterCells", "rocket"), ("emitterCells.rocket.color", SIMD4<Float>(1, 0, 0, 1)),
            ("emitterCells.rocket.contentsRect", CGSize(width: 1, height: 1)), ("emitterCells.rocket.contents", 7),
            ("emitterCells.rocket.emitterCells.spark.magnificationFilter", "bicubic"), ("fillMode", "sideways"),
            ("emitterCells.rocket.emitterCells", [1, 2]), ("emitterCells.rocket.name", 12),
        ]
        for (path, value) in cases {
            kpExpectError(.typeMismatch, path: path, layer: layer, "set \(String(describing: value))") {
                try layer.validateAndSetValue(value, forKeyPath: path)
            }
        }
        #expect(layer.emitterCells?.first?.birthRate == 5, "rocket.birthRate after rejected sets")
    }
}

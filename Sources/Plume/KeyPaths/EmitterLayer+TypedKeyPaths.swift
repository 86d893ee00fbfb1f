import Foundation

/// Swift key paths as the stand-in for Objective-C's `#keyPath(CAEmitterLayer.birthRate)`:
/// `\EmitterLayer.birthRate` names the same property as the string `"birthRate"`.
///
/// ```swift
/// let fade = BasicAnimation(keyPath: \EmitterLayer.opacity)
/// let rate = BasicAnimation(keyPath: \EmitterLayer.birthRate)
/// ```
///
/// Every animatable or key-value-codable layer property is listed, with the components of
/// points, sizes and rectangles (`\EmitterLayer.emitterPosition.x` is `"emitterPosition.x"`).
/// Cell properties are reached by string paths (`"emitterCells.fire.birthRate"`): a Swift key
/// path cannot name a cell by its `name`.
extension EmitterLayer {
    /// The key-value-coding name of a Swift key path of the layer; nil when the property has no
    /// key-value name.
    public static func keyPathString(_ keyPath: PartialKeyPath<EmitterLayer>) -> String? {
        typedKeyPathNames[keyPath]
    }

    nonisolated(unsafe) static let typedKeyPathNames: [PartialKeyPath<EmitterLayer>: String] = {
        var t: [PartialKeyPath<EmitterLayer>: String] = [
            \.birthRate: "birthRate", \.lifetime: "lifetime", \.velocity: "velocity", \.scale: "scale",
            \.spin: "spin", \.emitterZPosition: "emitterZPosition", \.emitterDepth: "emitterDepth",
            \.emitterShape: "emitterShape", \.emitterMode: "emitterMode", \.renderMode: "renderMode",
            \.preservesDepth: "preservesDepth", \.seed: "seed", \.emitterCells: "emitterCells",
            \.name: "name", \.opacity: "opacity", \.isHidden: "isHidden", \.masksToBounds: "masksToBounds",
            \.allowsGroupOpacity: "allowsGroupOpacity",
            \.beginTime: "beginTime", \.duration: "duration", \.speed: "speed", \.timeOffset: "timeOffset",
            \.repeatCount: "repeatCount", \.repeatDuration: "repeatDuration", \.autoreverses: "autoreverses",
            \.fillMode: "fillMode",
            \.transform: "transform", \.sublayerTransform: "sublayerTransform", \.zPosition: "zPosition",
            \.anchorPointZ: "anchorPointZ", \.isDoubleSided: "isDoubleSided",
        ]
        func point(_ kp: KeyPath<EmitterLayer, CGPoint>, _ name: String) {
            t[kp] = name
            t[kp.appending(path: \.x)] = name + ".x"
            t[kp.appending(path: \.y)] = name + ".y"
        }
        func size(_ kp: KeyPath<EmitterLayer, CGSize>, _ name: String) {
            t[kp] = name
            t[kp.appending(path: \.width)] = name + ".width"
            t[kp.appending(path: \.height)] = name + ".height"
        }
        func rect(_ kp: KeyPath<EmitterLayer, CGRect>, _ name: String) {
            t[kp] = name
            point(kp.appending(path: \.origin), name + ".origin")
            size(kp.appending(path: \.size), name + ".size")
        }
        point(\.emitterPosition, "emitterPosition")
        size(\.emitterSize, "emitterSize")
        point(\.position, "position")
        point(\.anchorPoint, "anchorPoint")
        rect(\.bounds, "bounds")
        rect(\.frame, "frame")
        return t
    }()
}

extension Animation {
    /// An animation of a layer property named by a Swift key path (the stand-in for
    /// `#keyPath(CAEmitterLayer.birthRate)`). A key path without a key-value name gives an
    /// animation whose key path is empty; adding it reports that at the next update.
    public convenience init(keyPath: PartialKeyPath<EmitterLayer>) {
        self.init(keyPath: EmitterLayer.keyPathString(keyPath) ?? "")
    }
}

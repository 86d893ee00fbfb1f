import Foundation

/// The 3-D geometry key paths of every layer (the Core Animation Programming Guide's "Key-Value
/// Coding Extensions"): `zPosition`, `anchorPointZ`, `isDoubleSided` (`doubleSided`), and
/// `transform` / `sublayerTransform` whole (a ``Transform3D``) or by part:
///
/// | key path | value |
/// |---|---|
/// | `transform.rotation.x`, `.y`, `.z` | radians about that axis |
/// | `transform.rotation` | the same as `transform.rotation.z` |
/// | `transform.scale.x`, `.y`, `.z` | scale factor along that axis |
/// | `transform.scale` | the mean of the three scale factors; setting it sets all three |
/// | `transform.translation.x`, `.y`, `.z` | points |
/// | `transform.translation` | a `CGSize`: x and y |
///
/// A part is read from, and written into, ``Transform3DComponents`` of the transform, so a
/// perspective (`m34`) and the other parts are kept. Every one is animatable.
///
/// They are looked up before the emitter's table, and are not part of the effect file format
/// (a file describes an emitter, not its place in a 3-D scene).
extension Layer {
    static let geometryKeyTable: [String: KeyPathAccessor<Layer>] = {
        typealias A = KeyPathAccessor<Layer>
        var t: [String: A] = [
            "zPosition": .cgFloat(\.zPosition), "anchorPointZ": .cgFloat(\.anchorPointZ),
            "isDoubleSided": .bool(\.isDoubleSided), "doubleSided": .bool(\.isDoubleSided),
        ]
        t.merge(A.transform("transform", \.transform)) { a, _ in a }
        t.merge(A.transform("sublayerTransform", \.sublayerTransform)) { a, _ in a }
        return t
    }()
}

extension KeyPathAccessor where Root: Layer {
    /// A ``Transform3D`` property and its `rotation`, `scale` and `translation` parts.
    static func transform(_ key: String, _ kp: ReferenceWritableKeyPath<Root, Transform3D>) -> [String: Self] {
        typealias Parts = Transform3DComponents
        func part(_ read: @escaping (Parts) -> Double, _ write: @escaping (inout Parts, Double) -> Void) -> Self {
            Self(get: { CGFloat(read(Parts($0[keyPath: kp]))) }, set: { root, value, path in
                let v = try KeyPathValue.double(value, path)
                guard v.isFinite else {
                    throw KeyPathError.invalidValue(keyPath: path, value: "\(v)", reason: "is not finite")
                }
                var parts = Parts(root[keyPath: kp])
                write(&parts, v)
                root[keyPath: kp] = parts.transform
            })
        }
        var t: [String: Self] = [key: exact(kp, "Transform3D")]
        for (i, axis) in ["x", "y", "z"].enumerated() {
            t["\(key).rotation.\(axis)"] = part({ $0.rotation[i] }, { $0.rotation[i] = $1 })
            t["\(key).scale.\(axis)"] = part({ $0.scale[i] }, { $0.scale[i] = $1 })
            t["\(key).translation.\(axis)"] = part({ $0.translation[i] }, { $0.translation[i] = $1 })
        }
        t["\(key).rotation"] = part({ $0.rotation.z }, { $0.rotation.z = $1 })
        t["\(key).scale"] = part({ $0.scale.sum() / 3 }, { $0.scale = SIMD3(repeating: $1) })
        t["\(key).translation"] = Self(get: {
            let p = Parts($0[keyPath: kp])
            return CGSize(width: p.translation.x, height: p.translation.y)
        }, set: { root, value, path in
            let size: CGSize = try KeyPathValue.exact(value, path, "CGSize")
            guard size.width.isFinite, size.height.isFinite else {
                throw KeyPathError.invalidValue(keyPath: path, value: "\(size)", reason: "is not finite")
            }
            var parts = Parts(root[keyPath: kp])
            parts.translation.x = Double(size.width)
            parts.translation.y = Double(size.height)
            root[keyPath: kp] = parts.transform
        })
        return t
    }
}

import Foundation

/// A layer that keeps its sublayers in a true 3-D space (the stand-in for `CATransformLayer`):
/// where every other layer flattens its sublayers onto its own plane, a transform layer passes
/// their depth on, so emitter layers placed around it by `transform` and `zPosition` (the faces
/// of a cube, rings at different depths) stay where they are in 3-D as it turns.
///
/// As Core Animation's, it draws nothing of its own and composites nothing:
/// * its sublayers are drawn back to front by the depth of their bounds' centres (+z towards the
///   viewer) in their 3-D context, the space of the nearest layer above that flattens its
///   sublayers (the root's when none does), not in array or `zPosition` order;
/// * its `opacity` fades each sublayer on its own (it is never a group, whatever
///   ``Layer/allowsGroupOpacity`` says);
/// * `masksToBounds` is ignored.
///
/// ```swift
/// let cube = TransformLayer()
/// cube.position = CGPoint(x: 200, y: 200)
/// for (i, face) in faces.enumerated() {          // emitter layers
///     face.transform = Transform3DRotate(Transform3DMakeTranslation(0, 0, 50), CGFloat(i) * .pi / 2, 0, 1, 0)
///     cube.addSublayer(face)
/// }
/// cube.add(spin, forKey: "spin")                 // "transform.rotation.y"
/// ```
///
/// Like every layer it is placed by its own `transform` and its superlayer's; a perspective
/// (`m34`) in its superlayer's `sublayerTransform` shows the depth.
open class TransformLayer: Layer, @unchecked Sendable {
    public override init() { super.init() }
    public override init(layer: Any) { super.init(layer: layer) }
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    /// A transform layer with this one's values (its presentations stay transform layers).
    open override func presentationCopy() -> Layer { TransformLayer(layer: self) }
}

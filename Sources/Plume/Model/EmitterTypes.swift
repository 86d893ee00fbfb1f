/// The shape particles are born on (`CAEmitterLayerEmitterShape`). See Semantics §4.
///
/// The shape is centred on `EmitterLayer.emitterPosition` (and `emitterZPosition`), sized by
/// `emitterSize` (and `emitterDepth` for the cuboid). Which part of the shape is used is chosen by
/// ``EmitterMode``.
public enum EmitterShape: String, CaseIterable, Sendable {
    /// A single point at the emitter position. The default.
    case point
    /// A horizontal segment `emitterSize.width` long, centred on the position.
    case line
    /// A `width × height` rectangle in the layer plane.
    case rectangle
    /// A `width × height × emitterDepth` box.
    case cuboid
    /// A circle of radius `emitterSize.width / 2` in the layer plane.
    case circle
    /// A sphere of radius `emitterSize.width / 2`.
    case sphere
}

/// Which part of the emitter shape particles are born on (`CAEmitterLayerEmitterMode`). Semantics §4.
public enum EmitterMode: String, CaseIterable, Sendable {
    /// Corners or end points only.
    case points
    /// The outline: edges, perimeter or surface shell; the base direction is the outward normal.
    case outline
    /// The surface: faces of a cuboid, the disk of a circle, the shell of a sphere.
    case surface
    /// The whole volume. The default.
    case volume
}

/// How a cell's particles are ordered and blended when drawn (`CAEmitterLayerRenderMode`). Semantics §10.
public enum EmitterRenderMode: String, CaseIterable, Sendable {
    /// Storage order, source-over blending. The default.
    case unordered
    /// Ascending birth time: the newest particle is on top.
    case oldestFirst
    /// Descending birth time: the oldest particle is on top.
    case oldestLast
    /// Ascending z: the particle nearest the viewer is on top.
    case backToFront
    /// No order; colours are added (glows, fire).
    case additive
}

/// What a timed object shows outside its active period (`CAMediaTimingFillMode`). Semantics §8.
public enum FillMode: String, CaseIterable, Sendable {
    /// Nothing outside the active period. The default.
    case removed
    /// Holds the final state after the active period.
    case forwards
    /// Holds the initial state before the active period.
    case backwards
    /// Both `forwards` and `backwards`.
    case both
}

/// How an image is sampled when drawn smaller or larger than its pixel size
/// (`kCAFilterLinear`, `kCAFilterNearest`, `kCAFilterTrilinear`). Semantics §10.
public enum ContentsFilter: String, CaseIterable, Sendable {
    /// Bilinear sampling. The default.
    case linear
    /// Nearest texel.
    case nearest
    /// Bilinear with linear blending between mipmap levels.
    case trilinear
}

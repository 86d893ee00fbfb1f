import Foundation
import Plume

extension EmitterBehavior {
    /// How the texels of a game's distance texture hold distances (`setDistanceField(texture:in:encoding:spacing:flipsRows:)`).
    public enum DistanceEncoding: Hashable, Sendable {
        /// The red channel read as a float (an `R32F`/`R16F` texture, or any texture read as floats)
        /// times `scale` is the signed distance in points: `distance = red × scale`. A texture in
        /// texels passes the spacing (points per texel) as the scale.
        case linear(scale: CGFloat)
        /// The red channel of a normalized texture (`R8`, `RGBA8`: 0…1) holds `0.5 + distance ÷ range`
        /// (the common 8-bit encoding, the surface at mid-grey): `distance = (red − 0.5) × range` points.
        case centered(range: CGFloat)
    }

    /// Makes this behaviour a `distanceField` collider of a signed distance field the game keeps in
    /// a 2-D texture of `context` (baked with its level, or rendered on the GPU): level 0's red
    /// channel, one sample per texel, decoded by `encoding` (positive outside the solid, negative
    /// inside, points). Sets `colliderShape`, `samples`, `sampleColumns` (the texture's
    /// width) and `sampleSpacing` (`spacing`, points between texel centres); `position` is left as
    /// set: the layer point of the first texel's centre. Row 0 of the texture (the first row
    /// uploaded, `t` = 0) lies at `position` and the rows follow along the layer's +y (down, as
    /// iOS); `flipsRows` takes the last row first instead (a texture rendered in a y-up frame).
    ///
    /// The samples are copied once: the collider does not follow later changes to the texture
    /// (call again). Reading a texture waits for the GPU's work on it.
    /// - Throws: ``GLError/contextNotCurrent(_:)`` where `context` is not current on this thread;
    ///   ``GLError/badInput(call:reason:)`` where `texture` is not a 2-D texture of it with a level 0,
    ///   or has more than `EmitterBehavior.maxColliderSamples` texels (no collider would take it);
    ///   the collider is left unchanged then.
    public func setDistanceField(texture: UInt32, in context: GLContext, encoding: DistanceEncoding = .linear(scale: 1),
                                 spacing: CGFloat, flipsRows: Bool = false) throws {
        let call = "EmitterBehavior.setDistanceField(texture:in:encoding:spacing:flipsRows:)"
        try context.ensureCurrent(call)
        let (width, height, red) = try GL.readTexture2DRed(texture, for: call)
        guard width * height <= Self.maxColliderSamples else {
            throw GLError.badInput(call: call, reason: "a distance texture of \(width)×\(height) texels: a collider takes at most "
                                   + "\(Self.maxColliderSamples) samples")
        }
        let rows = flipsRows ? Array((0..<height).reversed()) : Array(0..<height)
        samples = rows.flatMap { row in
            red[(row * width)..<((row + 1) * width)].map { value -> CGFloat in
                switch encoding {
                case let .linear(scale): return CGFloat(value) * scale
                case let .centered(range): return (CGFloat(value) - 0.5) * range
                }
            }
        }
        sampleColumns = CGFloat(width)
        sampleSpacing = spacing
        colliderShape = .distanceField
    }
}

/// The fixed draw index of every random attribute (Semantics §2): the one table shared by the CPU
/// reference and the GPU shaders (`Shaders/plume_draws.glsl` must list the same numbers; a test
/// checks it).
///
/// Each attribute has its own index, so adding or skipping a draw never shifts another
/// attribute's value, and an axis of zero extent simply does not look at its draw.
public enum DrawIndex: UInt32, CaseIterable, Sendable {
    /// Lifetime spread.
    case lifetime = 0
    /// Discrete shape choice: end point, corner, edge, face; or the perimeter position.
    case shapeChoice = 1
    /// First continuous shape coordinate.
    case shapeU = 2
    /// Second continuous shape coordinate.
    case shapeV = 3
    /// Third continuous shape coordinate (radius in the ball).
    case shapeW = 4
    /// Cone deviation: polar angle.
    case coneTheta = 5
    /// Cone deviation: azimuth.
    case conePsi = 6
    /// Speed spread.
    case velocity = 7
    /// Scale spread.
    case scale = 8
    /// Spin spread.
    case spin = 9
    /// Initial angle spread.
    case rotation = 10
    /// Red spread.
    case red = 11
    /// Green spread.
    case green = 12
    /// Blue spread.
    case blue = 13
    /// Alpha spread.
    case alpha = 14
    /// Sprite-sheet start frame (``EmitterCell/spriteRandomStart``).
    case spriteFrame = 15
}

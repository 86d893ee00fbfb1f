/// A cell's sprite sheet, resolved for one update (Semantics §10 "Sprite sheets"): its image (the
/// part `contentsRect` selects) is a grid of `columns × rows` frames, numbered left to right then
/// top to bottom, of which the first `frames` play.
///
/// The frame a particle draws at age `a` (seconds) with lifetime `L`:
/// * at a frame rate `r > 0`: `k = ⌊a·r⌋`, then `k mod frames` when it loops, else
///   `min(k, frames − 1)`;
/// * with `r = 0`: `min(⌊a ÷ L × frames⌋, frames − 1)` (the frames span the lifetime);
/// * with a random start, `s = ⌊U × frames⌋` for the particle's draw ``DrawIndex/spriteFrame``,
///   and the frame is `(s + f) mod frames`.
///
/// The renderer evaluates the same formula in `Shaders/plume_appearance.glsl` (in float, so a
/// particle exactly on a frame boundary may draw the neighbouring frame).
public struct SpriteSheet: Hashable, Sendable {
    /// Grid columns and rows, 1…4096.
    public var columns: Int
    /// Grid rows, 1…4096 (frames run left to right, then top to bottom).
    public var rows: Int
    /// Frames played, 1…columns·rows.
    public var frames: Int
    /// Frames per second of age; 0: the frames span the lifetime.
    public var rate: Double
    /// At a positive `rate`: whether the frames start over after the last (else the last holds).
    public var loops: Bool
    /// Whether each particle starts at a frame drawn from its key instead of frame 0.
    public var randomStart: Bool
    /// The layer's seed (random start frames).
    public var seed: UInt32

    /// The largest grid side.
    public static let maxSide = 4096

    /// A single frame: the whole `contentsRect`.
    public static func single(seed: UInt32 = 0) -> SpriteSheet {
        SpriteSheet(columns: 1, rows: 1, frames: 1, rate: 0, loops: true, randomStart: false, seed: seed)
    }

    /// A sheet with every field given, as resolved from a cell's `sprite…` properties.
    public init(columns: Int, rows: Int, frames: Int, rate: Double, loops: Bool, randomStart: Bool, seed: UInt32) {
        self.columns = columns
        self.rows = rows
        self.frames = frames
        self.rate = rate
        self.loops = loops
        self.randomStart = randomStart
        self.seed = seed
    }

    /// The frame index drawn by the particle `key` at `age` with `lifetime` (see the type's formula).
    public func frame(age: Double, lifetime: Double, key: ParticleKey) -> Int {
        guard frames > 1 else { return 0 }
        let n = Double(frames)
        var f: Double
        if rate > 0 {
            let k = (age * rate).rounded(.down)
            f = loops ? k - n * (k / n).rounded(.down) : min(k, n - 1)
        } else {
            f = min((age / lifetime * n).rounded(.down), n - 1)
        }
        if !(f >= 0) { f = 0 }
        if randomStart {
            f += (ParticleHash.uniform(seed: seed, key: key, draw: .spriteFrame) * n).rounded(.down)
            if f >= n { f -= n }
        }
        return Int(f)
    }
}

extension SpriteSheet {
    /// The rectangle `(x, y, width, height)` in unit image coordinates that frame `frame` draws:
    /// cell `(frame mod columns, ⌊frame ÷ columns⌋)` of the grid over `|contentsRect|`, its sign
    /// of width and height that of `contentsRect` (a negative size flips each frame). The same
    /// arithmetic as `plume_frame_rect` in `Shaders/plume_quad.glsl`.
    public func frameRect(_ frame: Int, in contentsRect: SIMD4<Double>) -> SIMD4<Double> {
        let grid = SIMD2(Double(columns), Double(rows))
        let cell = SIMD2(Double(frame % columns), Double(frame / columns))
        let size = SIMD2(contentsRect.z, contentsRect.w) / grid
        let origin = SIMD2(contentsRect.x, contentsRect.y)
        let low = SIMD2(min(origin.x, origin.x + contentsRect.z), min(origin.y, origin.y + contentsRect.w))
            + cell * SIMD2(abs(size.x), abs(size.y))
        return SIMD4(size.x >= 0 ? low.x : low.x + abs(size.x), size.y >= 0 ? low.y : low.y + abs(size.y), size.x, size.y)
    }

    /// Reads and validates a cell's sprite-sheet properties; problems are reported under `prefix`.
    init(_ cell: EmitterCell, seed: UInt32, prefix: String, report: inout DiagnosticCollector) {
        func side(_ key: String, _ v: Float) -> Int {
            let d = Double(v).rounded(.down)
            guard d >= 1, d.isFinite else {
                report.add(prefix + key, v, "must be finite and ≥ 1; 1 is used", .replaced)
                return 1
            }
            if d > Double(Self.maxSide) {
                report.add(prefix + key, v, "must be ≤ \(Self.maxSide); \(Self.maxSide) is used", .replaced)
                return Self.maxSide
            }
            return Int(d)
        }
        columns = side("spriteColumns", cell.spriteColumns)
        rows = side("spriteRows", cell.spriteRows)
        let all = columns * rows
        let count = Double(cell.spriteFrameCount).rounded(.down)
        if !(count >= 0) || !count.isFinite {
            report.add(prefix + "spriteFrameCount", cell.spriteFrameCount, "must be finite and ≥ 0; 0 (every frame) is used", .replaced)
            frames = all
        } else if count > Double(all) {
            report.add(prefix + "spriteFrameCount", cell.spriteFrameCount,
                       "must be ≤ spriteColumns × spriteRows = \(all); \(all) is used", .replaced)
            frames = all
        } else {
            frames = count == 0 ? all : Int(count)
        }
        let r = Double(cell.spriteFrameRate)
        if r >= 0 && r.isFinite {
            rate = r
        } else {
            report.add(prefix + "spriteFrameRate", cell.spriteFrameRate, "must be finite and ≥ 0; 0 (over the lifetime) is used", .replaced)
            rate = 0
        }
        loops = cell.spriteLoops
        randomStart = cell.spriteRandomStart
        self.seed = seed
    }
}

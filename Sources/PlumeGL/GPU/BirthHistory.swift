import CEpoxy
import Plume

extension BirthParamsRow {
    /// The birth parameters `cell`'s births use in an update of `layer` (what `plume_attributes`
    /// reads instead of a record storing them), as the uniforms of the birth and spawn passes
    /// hold them: the same floats, so a particle's attributes do not depend on where they are
    /// evaluated.
    init(cell c: ResolvedCell, layer l: ResolvedLayer) {
        self.init(seed: l.seed, index: UInt32(c.path.last ?? 0), layerScale: Float(l.scale), layerSpin: Float(l.spin),
                  color: SIMD4<Float>(c.color), colorRange: SIMD4<Float>(c.colorRange),
                  declared: c.parameters.values(in: .births).map { Float($0) })
    }
}

/// One cell's birth parameters on the GPU: a row per *generation* (a set of values its births
/// used; a new one only when a value changes), which every particle names in its record instead of
/// storing its scale, rotation, spin and colour (Shaders/plume.contract). The rows live in a ring
/// of RGBA32UI texels (`plume_row_BirthParams` reads row `g` at `g mod` the ring's size); a row is
/// written over only once every particle that could name it is dead, and the ring doubles when
/// the rows still in use fill it. So a cell whose parameters never change holds one row, and one
/// animated every frame holds about its longest lifetime × frame rate rows.
final class BirthHistory {
    private struct Entry {
        var generation: UInt32
        var row: BirthParamsRow
        /// The last update (its end, layer ticks) whose births used the row.
        var lastUsed: Int64
        /// The longest lifetime (ticks) those births could have.
        var maxLifetime: Int64
    }

    private let context: GLContext
    /// Generations still in use, oldest first (consecutive numbers).
    private var entries: [Entry] = []
    /// Rows the ring holds: a power of two (so generation numbers may wrap around 2³²).
    private(set) var capacity = 4
    private var buffer: GLBuffer?
    private(set) var texture: GLTexture?

    init(context: GLContext) { self.context = context }

    /// Rows the host keeps (the generations some live particle may still name).
    var rowsInUse: Int { entries.count }

    /// The generation of the births of an update from layer tick `t0` to `t1` with parameters
    /// `row` whose lifetimes are at most `maxLifetime` ticks: the current one if `row` equals it,
    /// else a new one, written into the ring.
    func generation(for row: BirthParamsRow, from t0: Int64, to t1: Int64, maxLifetime: Int64) throws -> UInt32 {
        if var last = entries.last, last.row == row, texture != nil {
            last.lastUsed = t1
            last.maxLifetime = max(last.maxLifetime, maxLifetime)
            entries[entries.count - 1] = last
            return last.generation
        }
        // Rows no particle can name any more: every birth that used one has died by this update's start.
        let expired = entries.dropLast().prefix { $0.lastUsed.addingReportingOverflow($0.maxLifetime).partialValue < t0 }
        entries.removeFirst(expired.count)
        let generation = entries.last.map { $0.generation &+ 1 } ?? 0
        entries.append(Entry(generation: generation, row: row, lastUsed: t1, maxLifetime: maxLifetime))
        if buffer == nil || entries.count > capacity {
            while entries.count > capacity { capacity *= 2 }
            try allocate()
            for e in entries { write(e) }
        } else {
            write(entries[entries.count - 1])
        }
        return generation
    }

    /// Forgets every row (a rebuild: no particle is left).
    func clear() { entries = [] }

    private func allocate() throws {
        let fresh = try context.makeBuffer(bytes: capacity * BirthParamsRow.vectors * 16, usage: .dynamicDraw)
        if let buffer { context.delete(buffer) }
        buffer = fresh
        let t = texture ?? context.makeTexture()
        texture = t
        context.attach(fresh, to: t, format: .rgba32ui)
    }

    private func write(_ e: Entry) {
        guard let buffer else { return }
        var words = [UInt32](repeating: 0, count: BirthParamsRow.vectors * 4)
        words.withUnsafeMutableBufferPointer { e.row.encode(into: $0, base: 0) }
        let slot = Int(e.generation % UInt32(capacity))
        context.upload(words, to: buffer, atByte: slot * BirthParamsRow.vectors * 16)
    }

    /// Binds the ring to texture unit `unit` (leaving unit 0 active).
    func bind(unit: Int32) { context.bindBufferTexture(texture, unit: unit) }

    func release() {
        if let buffer { context.delete(buffer) }
        if let texture { context.delete(texture) }
        buffer = nil
        texture = nil
        entries = []
    }
}

import CEpoxy
/// A GPU buffer of particle records that is both a transform-feedback target (through its own
/// transform-feedback object, which remembers how many records the last pass wrote) and a vertex
/// source (through its own vertex array: record word vectors at attribute locations 0…).
final class RecordBuffer {
    let buffer: GLBuffer
    let feedback: GLTransformFeedback
    let vertexArray: GLVertexArray
    /// The same records as per-instance attributes (one record per instance, for instanced quads).
    let instancedVertexArray: GLVertexArray
    /// Capacity in records.
    let capacity: Int
    /// Sub-cells of the records' layout.
    let subCells: Int
    /// The records are a sub-cell's (the CHILD layout, with what the parent handed on).
    let child: Bool
    /// True once a pass has written it (since it was last cleared); drawing from a
    /// transform-feedback object that never captured is an error.
    var hasData = false
    /// Counts of the last pass that wrote it (resolved lazily).
    var lastWrite: PassCounts?
    /// A buffer texture over the records (RGBA32UI, `vectors(subCells:child:)` texels per record), made
    /// on first use: the update pass's geometry stage reads records through it.
    private var texture: GLTexture?

    func recordTexture(_ context: GLContext) -> GLTexture {
        if let texture { return texture }
        let t = context.makeBufferTexture(over: buffer, format: .rgba32ui)
        texture = t
        return t
    }

    /// Records of a cell with `subCells` sub-cells; `child`: the cell is a sub-cell.
    var vectors: Int { ParticleRecord.vectors(subCells: subCells, child: child) }
    var stride: Int { ParticleRecord.bytes(subCells: subCells, child: child) }

    init(context: GLContext, capacity: Int, subCells: Int, child: Bool) throws {
        let stride = ParticleRecord.bytes(subCells: subCells, child: child)
        self.capacity = capacity
        self.subCells = subCells
        self.child = child
        buffer = try context.makeBuffer(bytes: capacity * stride)
        feedback = context.makeTransformFeedback(capturingInto: buffer)
        let vectors = ParticleRecord.vectors(subCells: subCells, child: child)
        vertexArray = context.makeRecordVertexArray(over: buffer, vectors: vectors, stride: stride)
        instancedVertexArray = context.makeRecordVertexArray(over: buffer, vectors: vectors, stride: stride,
                                                             perInstance: true)
        do {
            try context.check("creating a record buffer of \(capacity) records", pass: "record buffer")
        } catch {
            release(context)
            throw error
        }
    }

    func release(_ context: GLContext) {
        if let texture { context.delete(texture) }
        texture = nil
        context.delete(vertexArray)
        context.delete(instancedVertexArray)
        context.delete(feedback)
        context.delete(buffer)
    }
}

/// The primitive counts of one transform-feedback pass, read from two queries when available.
final class PassCounts {
    let generated: GLQuery
    let written: GLQuery
    /// Whether the pass created particles (birth/spawn) or carried them (update, copy).
    let creates: Bool
    /// Whether the pass moved live particles into new buffers (a resize): what it drops was
    /// already born (a smaller capacity), unlike the update pass's drops (births with no room).
    let moves: Bool
    /// Key path of the cell whose particles the pass writes (for drop reports).
    let cell: String
    private(set) var result: (generated: UInt64, written: UInt64)?

    init(generated: GLQuery, written: GLQuery, creates: Bool, moves: Bool = false, cell: String) {
        self.generated = generated
        self.written = written
        self.creates = creates
        self.moves = moves
        self.cell = cell
    }

    /// Reads the results; without `wait`, only if the GPU has them already (never stalls).
    @discardableResult
    func resolve(wait: Bool) -> Bool {
        if result != nil { return true }
        if !wait && !(written.isAvailable && generated.isAvailable) { return false }
        result = (generated.result, written.result)
        return true
    }
}

/// Queries in flight and the counters they add up to. Results are collected without stalling in
/// `advance` (only those the GPU has finished) and completely in `snapshot`.
final class QueryLedger {
    private var pending: [PassCounts] = []
    /// Finished queries for reuse, per target (a query object keeps the target of its first use).
    private var generatedPool: [GLQuery] = []
    private var writtenPool: [GLQuery] = []
    /// Particles written by passes that create them (birth, spawn).
    private(set) var created: UInt64 = 0
    /// Primitives generated but not written (a full buffer), by every pass.
    private(set) var dropped: UInt64 = 0
    /// The part of `dropped` that resizes lost (live particles beyond a smaller capacity).
    private(set) var movedDropped: UInt64 = 0
    /// The part of `dropped` that creating passes lost (never counted as created).
    private(set) var createdDropped: UInt64 = 0
    /// `dropped` by cell key path.
    private(set) var droppedByCell: [String: UInt64] = [:]
    private(set) var allQueries: [GLQuery] = []

    func begin(_ context: GLContext, creates: Bool, moves: Bool = false, cell: String) -> PassCounts {
        func take(_ pool: inout [GLQuery]) -> GLQuery {
            if let q = pool.popLast() { return q }
            let q = context.makeQuery()
            allQueries.append(q)
            return q
        }
        let counts = PassCounts(generated: take(&generatedPool), written: take(&writtenPool), creates: creates, moves: moves, cell: cell)
        counts.generated.begin(.primitivesGenerated)
        counts.written.begin(.primitivesWritten)
        return counts
    }

    func end(_ counts: PassCounts) {
        GLQuery.end(.primitivesWritten)
        GLQuery.end(.primitivesGenerated)
        pending.append(counts)
    }

    /// Adds up finished passes; `wait` blocks until all are finished.
    func collect(wait: Bool) {
        var kept: [PassCounts] = []
        for counts in pending {
            if counts.resolve(wait: wait), let r = counts.result {
                if counts.moves { movedDropped += r.generated - r.written }
                if counts.creates {
                    created += r.written
                    createdDropped += r.generated - r.written
                }
                dropped += r.generated - r.written
                if r.generated > r.written { droppedByCell[counts.cell, default: 0] += r.generated - r.written }
                // The queries return to the pool; a buffer keeps its PassCounts for the result only.
                generatedPool.append(counts.generated)
                writtenPool.append(counts.written)
            } else {
                kept.append(counts)
            }
        }
        pending = kept
    }

    func reset() {
        collect(wait: true)
        created = 0
        dropped = 0
        createdDropped = 0
        movedDropped = 0
        droppedByCell = [:]
    }

    func release(_ context: GLContext) {
        for q in allQueries { context.delete(q) }
        allQueries = []
        generatedPool = []
        writtenPool = []
        pending = []
    }
}

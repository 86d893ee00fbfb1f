import Plume

/// An upper bound on a cell's live particles, kept on the host in O(1) per update without
/// reading anything back: every update adds its births (an upper bound), which expire at the update
/// time plus the longest lifetime they could have.
struct LiveBound {
    private var entries: [(death: Double, count: Int, update: Int)] = []
    private var head = 0
    private(set) var total = 0

    /// Records `count` births of update number `update` at `time`, living at most `maxLifetime`.
    mutating func add(_ count: Int, at time: Double, maxLifetime: Double, update: Int) {
        guard count > 0 else { return }
        let death = time + maxLifetime
        // Keep entries sorted by death time (almost always an append).
        var i = entries.count
        while i > head && entries[i - 1].death > death { i -= 1 }
        entries.insert((death, count, update), at: i)
        total += count
    }

    /// Drops the births certainly dead at `time`.
    mutating func expire(at time: Double) {
        // A margin of a few ulps: `time + maxLifetime` was rounded when it was added.
        while head < entries.count && entries[head].death + 1e-9 * max(1, abs(time)) < time {
            total -= entries[head].count
            head += 1
        }
        if head > 1024 && head * 2 > entries.count {
            entries.removeFirst(head)
            head = 0
        }
    }

    /// Tightens the bound with a measured live count: `live` particles were alive after update
    /// `update` (at `time`), none of them living past `time + maxLifetime`. Entries of that
    /// update and earlier are replaced by the measurement; later ones are kept.
    mutating func rebase(live: Int, measuredAfter update: Int, at time: Double, maxLifetime: Double) {
        let later = entries[head...].filter { $0.update > update }
        entries = []
        head = 0
        total = 0
        add(live, at: time, maxLifetime: maxLifetime, update: update)
        for e in later {
            var i = entries.count
            while i > 0 && entries[i - 1].death > e.death { i -= 1 }
            entries.insert(e, at: i)
            total += e.count
        }
    }
}

/// The GPU state of one node of the cell tree: ping-pong record buffers for its live particles, a
/// buffer for the births of the current update, its top-level emission clock and what the host
/// remembers of the previous update.
final class GPUNode {
    /// Live particles at the previous update (`live[current]`) and the next (`live[1 − current]`).
    var live: [RecordBuffer]
    var current = 0
    /// Births of the current update, at their birth state.
    var born: RecordBuffer?
    /// The records dying in the current update, by source (live, births): the parents of its
    /// death sub-cells' spawn passes (`GPUSimulator.dyingSources`).
    var dying: [RecordBuffer] = []
    /// Top-level cells only.
    var clock: EmissionClock
    /// Top-level cells only: how far the cell's bursts have fired (Semantics §13).
    var bursts: BurstClock
    var bound = LiveBound()
    /// The longest lifetime this cell has had (bounds sub-cell births per parent).
    var maxLifetimeEver = 0.0
    /// The last update pass's counts, to tighten `bound` once the GPU has them.
    var measurement: (update: Int, time: Double, counts: PassCounts)?
    /// Acceleration at the previous update (nil after a rebuild). (A sub-cell's rate needs no
    /// memory: its clock continues from its value whatever the rate, EmissionClock.)
    var previousAcceleration: SIMD3<Double>?
    /// The cell's behaviours at the previous update (nil after a rebuild): a cell that gains
    /// motion behaviours starts them from its ballistic anchors; one that loses them turns its
    /// records ballistic from their state under the previous ones.
    var previousBehaviors: CellBehaviors?
    var children: [GPUNode] = []
    /// The cell's birth parameters by generation (what its records name instead of their attributes).
    let births: BirthHistory
    /// The generation of this update's births (set by `GPUSimulator.process` before any pass).
    var generation: UInt32 = 0

    /// The trail samples of `live[current]` (`samples[current]`) and of the next update's records
    /// (`samples[1 − current]`); empty for a cell without a trail (Semantics §10 "Trails").
    var samples: [TrailSampleBuffer] = []
    /// The trail grid the samples were recorded on at the last update (nil: none): a pass under
    /// another grid carries none of them.
    var trailGrid: TrailGrid?
    var input: RecordBuffer { live[current] }
    var output: RecordBuffer { live[1 - current] }
    var subCells: Int { live[0].subCells }
    /// The node is a sub-cell's: its records have the CHILD layout.
    var isChild: Bool { live[0].child }

    init(context: GLContext, subCells: Int, child: Bool, capacity: Int, origin: Int64) throws {
        let first = try RecordBuffer(context: context, capacity: capacity, subCells: subCells, child: child)
        do {
            live = [first, try RecordBuffer(context: context, capacity: capacity, subCells: subCells, child: child)]
        } catch {
            first.release(context)
            throw error
        }
        clock = EmissionClock(origin: origin)
        bursts = BurstClock(origin: origin)
        births = BirthHistory(context: context)
    }

    /// Forgets every particle (the buffers stay allocated).
    func clear(origin: Int64) {
        live.forEach { $0.hasData = false; $0.lastWrite = nil }
        born?.hasData = false
        clock = EmissionClock(origin: origin)
        bursts = BurstClock(origin: origin)
        bound = LiveBound()
        measurement = nil
        previousAcceleration = nil
        previousBehaviors = nil
        trailGrid = nil
        births.clear()
        children.forEach { $0.clear(origin: origin) }
    }

    func release(_ context: GLContext) {
        live.forEach { $0.release(context) }
        born?.release(context)
        born = nil
        dying.forEach { $0.release(context) }
        dying = []
        releaseSamples(context)
        births.release()
        children.forEach { $0.release(context) }
        children = []
    }

    /// Frees the trail samples (a cell without a trail).
    func releaseSamples(_ context: GLContext) {
        samples.forEach { $0.release(context) }
        samples = []
    }
}

import Foundation

/// The identity of one particle (Semantics §2): its cell's place in the tree and its serial, plus the
/// 64-bit key the random numbers are drawn from.
public struct ParticleIdentity: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Index path of the particle's cell: `[2]` is `layer.emitterCells[2]`, `[2, 0]` its first
    /// sub-cell.
    public var cellPath: [Int]
    /// The birth serial within the emitting clock (the layer's for top-level cells, the parent
    /// particle's for sub-cells); starts at 1 and counts births in emission order, wrapping
    /// after 2³² − 1.
    public var serial: UInt32
    /// The emitting particle's key; ``ParticleKey/root`` for top-level particles.
    public var parent: ParticleKey
    /// This particle's key, derived from `(parent, cell index, serial)`.
    public var key: ParticleKey

    /// The identity of the `serial`-th particle of the cell at `cellPath` emitted by `parent`; the
    /// key is derived from them.
    public init(cellPath: [Int], serial: UInt32, parent: ParticleKey) {
        self.cellPath = cellPath
        self.serial = serial
        self.parent = parent
        self.key = .child(of: parent, cellIndex: UInt32(truncatingIfNeeded: cellPath.last ?? 0), serial: serial)
    }

    /// Snapshot order: cell path in pre-order (a cell before its sub-cells, then its next
    /// sibling), then parent key, then serial — so top-level particles appear in birth order and
    /// children are grouped by parent.
    public static func < (a: ParticleIdentity, b: ParticleIdentity) -> Bool {
        if a.cellPath != b.cellPath { return a.cellPath.lexicographicallyPrecedes(b.cellPath) }
        if a.parent != b.parent { return a.parent < b.parent }
        return a.serial < b.serial
    }

    /// `cell 0.1 #7 key … parent …`: the cell path, the serial and the keys.
    public var description: String {
        "cell \(cellPath.map(String.init).joined(separator: ".")) #\(serial) key \(key)"
            + (parent == .root ? "" : " parent \(parent)")
    }
}

/// One live particle as the simulator sees it at the snapshot time.
public struct SnapshotParticle: Hashable, Sendable, CustomStringConvertible {
    /// Which particle this is: its cell, serial and key.
    public var identity: ParticleIdentity
    /// The cell's `name` at snapshot time (nil if unnamed).
    public var cellName: String?
    /// Layer local time of birth, seconds.
    public var birthTime: Double
    /// Age at the snapshot, seconds (`0 ≤ age < lifetime`).
    public var age: Double
    /// Sampled lifetime, seconds.
    public var lifetime: Double
    /// Position in layer space, points.
    public var position: SIMD3<Double>
    /// Velocity, points per second.
    public var velocity: SIMD3<Double>
    /// Current scale `scale₀ + scaleSpeed·age`.
    public var scale: Double
    /// Current angle `angle₀ + spin·age`, radians.
    public var angle: Double
    /// Current straight RGBA colour, unclamped.
    public var color: SIMD4<Double>
    /// The sprite-sheet frame drawn (``SpriteSheet/frame(age:lifetime:key:)``); 0 without a sheet.
    public var frame: Int
    /// The points its trail passes through (Semantics §10 "Trails"), head first: its position, its
    /// recorded samples, the tail (``Trail/points(age:head:samples:)``: the points of
    /// ``Trail/sampleAges(age:)``, or fewer where a recording began later), points; empty when its
    /// cell has no trail.
    public var trail: [SIMD3<Double>] = []

    /// A particle with every attribute given (the simulators make them).
    public init(identity: ParticleIdentity, cellName: String?, birthTime: Double, age: Double, lifetime: Double,
                position: SIMD3<Double>, velocity: SIMD3<Double>, scale: Double, angle: Double, color: SIMD4<Double>,
                frame: Int = 0) {
        self.identity = identity
        self.cellName = cellName
        self.birthTime = birthTime
        self.age = age
        self.lifetime = lifetime
        self.position = position
        self.velocity = velocity
        self.scale = scale
        self.angle = angle
        self.color = color
        self.frame = frame
    }

    /// The identity and every attribute on one line, four decimals each.
    public var description: String {
        func f(_ v: Double) -> String { String(format: "%.4f", v) }
        func v3(_ v: SIMD3<Double>) -> String { "(\(f(v.x)), \(f(v.y)), \(f(v.z)))" }
        return "\(identity) born \(f(birthTime)) age \(f(age))/\(f(lifetime)) pos \(v3(position)) "
            + "vel \(v3(velocity)) scale \(f(scale)) angle \(f(angle)) "
            + "rgba (\(f(color.x)), \(f(color.y)), \(f(color.z)), \(f(color.w)))" + (frame == 0 ? "" : " frame \(frame)")
            + (trail.isEmpty ? "" : " trail \(trail.count) to \(v3(trail[trail.count - 1]))")
    }
}

/// Running totals since the simulator was created (or last rebuilt by a seek).
public struct ParticleCounters: Hashable, Sendable {
    /// Particles created (births with a positive lifetime that fit the capacity).
    public var born: UInt64 = 0
    /// Particles that reached the end of their lifetime (including those born and dead within
    /// one update).
    public var died: UInt64 = 0
    /// Births not created because a cell was at capacity.
    public var dropped: UInt64 = 0
    /// Births passed over by the catch-up rule (Semantics §3): all would have been dead already.
    public var skipped: UInt64 = 0

    /// All zero.
    public init() {}
}

/// Every live particle at one moment, plus counters and diagnostics.
///
/// `particles` is sorted by ``ParticleIdentity``'s order: cell path in pre-order, then parent
/// key, then serial. Both simulators produce this order, so snapshots compare index by index
/// when their identities agree.
public struct ParticleSnapshot: Sendable {
    /// Host time of the snapshot.
    public var hostTime: Double
    /// Layer local time (nil when the layer is inactive and shows nothing).
    public var layerTime: Double?
    /// Every live particle, in ``ParticleIdentity`` order.
    public var particles: [SnapshotParticle]
    /// Births, deaths, drops and skips since the simulator was created.
    public var counters: ParticleCounters
    /// What the simulator found wrong with the layer's values, each reported once.
    public var diagnostics: [Diagnostic]

    /// A snapshot with every field given (the simulators make them).
    public init(hostTime: Double, layerTime: Double?, particles: [SnapshotParticle],
                counters: ParticleCounters, diagnostics: [Diagnostic]) {
        self.hostTime = hostTime
        self.layerTime = layerTime
        self.particles = particles
        self.counters = counters
        self.diagnostics = diagnostics
    }

    /// The live particles of one cell.
    public func particles(inCell path: [Int]) -> [SnapshotParticle] {
        particles.filter { $0.identity.cellPath == path }
    }
}

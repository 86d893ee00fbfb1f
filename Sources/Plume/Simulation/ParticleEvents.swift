import Foundation

/// A request to hear of one kind of event of one cell's particles (Semantics §15 "Events to the
/// game"): their count per update and a bounded sample.
///
/// ```swift
/// simulator.eventSubscriptions = [ParticleEventSubscription(cellPath: [0], event: .death, sampleLimit: 8)]
/// try simulator.advance(to: now)
/// for report in try simulator.takeEventReports() {
///     if report.count > 0 { audio.play("pop", at: report.sample.first?.position) }
/// }
/// ```
public struct ParticleEventSubscription: Hashable, Sendable {
    /// Index path of the cell (`[0]`: the layer's first cell, `[0, 1]`: its second sub-cell).
    public var cellPath: [Int]
    /// ``EmitterEvent/birth``, ``EmitterEvent/death`` or ``EmitterEvent/collision`` (a particle
    /// arriving at a collider, Semantics §12 "Collisions"); ``EmitterEvent/life`` is not an event
    /// and reports nothing.
    public var event: EmitterEvent
    /// The most events a report describes one by one (0…4096, default 64); the count is always whole.
    public var sampleLimit: Int

    /// The largest ``sampleLimit``.
    public static let maxSample = 4096

    /// A subscription to `event` of the particles of the cell at `cellPath`, with a sample of at
    /// most `sampleLimit` events per update.
    public init(cellPath: [Int], event: EmitterEvent, sampleLimit: Int = 64) {
        self.cellPath = cellPath
        self.event = event
        self.sampleLimit = min(max(sampleLimit, 0), Self.maxSample)
    }
}

/// One particle's event: which particle, when and where (Semantics §15).
public struct ParticleEvent: Hashable, Sendable {
    /// The particle born or dying.
    public var identity: ParticleIdentity
    /// Layer time of the event, seconds (a tick: its birth, or its birth plus its lifetime).
    public var time: Double
    /// Where it was then, layer points.
    public var position: SIMD3<Double>
    /// Its velocity then, points per second (at a collision: arriving, before the bounce).
    public var velocity: SIMD3<Double>
    /// A collision's collider: its index among the colliders that act on the cell, in
    /// `emitterBehaviors` order; nil for births and deaths.
    public var collider: Int?

    /// An event of `identity` at layer time `time`, at `position` with `velocity` (and, for a
    /// collision, the `collider` hit).
    public init(identity: ParticleIdentity, time: Double, position: SIMD3<Double>, velocity: SIMD3<Double>,
                collider: Int? = nil) {
        self.identity = identity
        self.time = time
        self.position = position
        self.velocity = velocity
        self.collider = collider
    }
}

/// The events of one subscription in one update (Semantics §15).
public struct ParticleEventReport: Sendable {
    /// What was asked for.
    public var subscription: ParticleEventSubscription
    /// Layer time at the end of the update that produced the events, seconds.
    public var layerTime: Double
    /// How many events the update produced (every one, whatever the sample limit).
    public var count: UInt64
    /// Up to `sampleLimit` of them, sorted by identity (a particle's collisions by time). All of them when `count ≤ sampleLimit`;
    /// beyond, the first the simulator met (the two simulators may then pick different ones).
    public var sample: [ParticleEvent]

    /// A report of `count` events of `subscription` in the update that ended at `layerTime`.
    public init(subscription: ParticleEventSubscription, layerTime: Double, count: UInt64, sample: [ParticleEvent]) {
        self.subscription = subscription
        self.layerTime = layerTime
        self.count = count
        self.sample = sample.sorted { ($0.identity, $0.time) < ($1.identity, $1.time) }
    }
}

/// Events gathered during one update of the reference simulator, by subscription.
struct EventCollector {
    var subscriptions: [ParticleEventSubscription] = []
    /// For each subscribed cell path and event, the subscriptions' indices.
    private var index: [EventKey: [Int]] = [:]
    private var counts: [UInt64] = []
    private var samples: [[ParticleEvent]] = []

    struct EventKey: Hashable {
        var cellPath: [Int]
        var event: EmitterEvent
    }

    var isEmpty: Bool { subscriptions.isEmpty }

    /// Starts an update.
    mutating func begin(_ subscriptions: [ParticleEventSubscription]) {
        self.subscriptions = subscriptions
        index = [:]
        for (i, s) in subscriptions.enumerated() { index[EventKey(cellPath: s.cellPath, event: s.event), default: []].append(i) }
        counts = Array(repeating: 0, count: subscriptions.count)
        samples = Array(repeating: [], count: subscriptions.count)
    }

    /// Whether a subscription wants `event` of the cell at `cellPath` in this update.
    func wants(_ event: EmitterEvent, cellPath: [Int]) -> Bool {
        !index.isEmpty && index[EventKey(cellPath: cellPath, event: event)] != nil
    }

    /// Notes one event (`make` is called only when a sample wants it).
    mutating func note(_ event: EmitterEvent, cellPath: [Int], _ make: () -> ParticleEvent) {
        guard !index.isEmpty, let list = index[EventKey(cellPath: cellPath, event: event)] else { return }
        var made: ParticleEvent?
        for i in list {
            counts[i] += 1
            if samples[i].count < subscriptions[i].sampleLimit {
                if made == nil { made = make() }
                samples[i].append(made!)
            }
        }
    }

    /// The update's reports.
    func reports(layerTime: Double) -> [ParticleEventReport] {
        subscriptions.indices.map {
            ParticleEventReport(subscription: subscriptions[$0], layerTime: layerTime, count: counts[$0], sample: samples[$0])
        }
    }
}

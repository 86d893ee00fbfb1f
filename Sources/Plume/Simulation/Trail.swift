import Foundation

/// A cell's particle trails, resolved for one update (Semantics §10 "Trails"): each particle is
/// drawn over a ribbon through the positions it recorded on a grid of its age.
///
/// A particle records sample `k`, its position at age `k × spacing` ticks, when an update reaches
/// that age (``record(_:after:through:position:)``), and keeps its newest ``slots``
/// (``TrailSamples``). At age `a` its trail spans `[tail, a]`, `tail = max(0, a − span)` with
/// `span = count × spacing`; the ribbon passes through (head first, ``points(age:head:samples:)``)
/// * the particle's position at `a`,
/// * its samples at the grid ages `g = k × spacing` with `tail < g < a`, newest first,
/// * the tail, on the chord from the sample at or before it to that sample's newer neighbour (the
///   end moves on with the age, so the trail never jumps in length).
///
/// The sample ages depend only on the particle's age, never on the update or frame times, so a
/// trail is the same at 30, 60, 144 or 240 updates per second, after a catch-up and after a seek;
/// and since the samples are recorded, an acceleration or behaviour change leaves the points
/// before it where the particle was. The GPU records them in its trail samples pass
/// (`Shaders/trail_samples.geom`) and draws them in `Shaders/draw_trail.geom` (GPUPath article,
/// "Trails").
///
/// Along the trail, `u = (a − age) ÷ span` runs from 0 at the particle to 1 at a full trail's end;
/// the width (× the particle's drawn height) and colour (× the particle's colour) are curves of
/// `u`, and the right half of the particle's image (or sprite-sheet frame) runs along it: its
/// centre column at the particle, its right edge at a full trail's end, its height across (so a
/// round sprite's glow continues down the trail).
public struct Trail: Hashable, Sendable {
    /// Grid positions the trail passes through besides the head and tail: at most ``maxCount``.
    public var count: Int
    /// Ticks between grid positions (≥ 1).
    public var spacing: Int64
    /// Width along the trail as a fraction of the particle's drawn height, over `u`.
    public var width: BehaviorCurve
    /// Colour factors along the trail, per channel (straight RGBA), over `u`.
    public var color: [BehaviorCurve]

    /// The most grid positions a trail may have: 48 (with the head and the tail, 50 points, 100
    /// strip vertices: what one geometry-shader invocation may emit on GL 3.3).
    public static let maxCount = 48
    /// The most points a trail's ribbon passes through: the grid positions, the head and the tail.
    public static let maxPoints = maxCount + 2
    /// Points: a trail point whose neighbours lie less than this apart has no direction, so no
    /// width (Semantics §10 "Trails"): a particle at rest, a repeated tail. Far below a pixel, and
    /// above the float rounding by which the GPU's head of a resting particle and its newest sample
    /// can differ, so both renderers leave it out (`TRAIL_STILL` in `Shaders/plume.contract`).
    public static let stillDistance = 1.0 / 64

    /// The ticks the trail spans: `count × spacing`.
    public var span: Int64 { Int64(count) * spacing }

    /// A trail of `count` grid positions `spacing` ticks apart; the width and colour factors are
    /// 1 all along unless given.
    public init(count: Int, spacing: Int64, width: BehaviorCurve? = nil, color: [BehaviorCurve]? = nil) {
        self.count = count
        self.spacing = spacing
        self.width = width ?? Self.one
        self.color = color ?? Array(repeating: Self.one, count: 4)
    }

    /// The constant curve 1.
    static let one = BehaviorCurve(values: [1], locations: nil)

    /// The ages (ticks) the trail of a particle of age `age` passes through, head first: the head,
    /// the grid ages strictly between the tail and the head, then the tail. Only the head at age 0.
    public func sampleAges(age: Int64) -> [Int64] {
        let tail = max(0, age - span)
        guard age > tail else { return [age] }
        var ages = [age]
        var g = (age - 1) / spacing * spacing
        while g > tail {
            ages.append(g)
            g -= spacing
        }
        ages.append(tail)
        return ages
    }

    /// The trail coordinate of a sample at `sample` ticks on a particle of age `age`: 0 at the
    /// head, 1 a full span behind it.
    public func coordinate(age: Int64, sample: Int64) -> Double { Double(age - sample) / Double(span) }

    /// Reads and validates a cell's trail properties; nil when the cell has no trail
    /// (`trailPointCount` below 1). Problems are reported under `prefix`.
    init?(_ cell: EmitterCell, prefix: String, report: inout DiagnosticCollector) {
        let n = Double(cell.trailPointCount).rounded(.down)
        if !(n >= 0) || !n.isFinite {
            report.add(prefix + "trailPointCount", cell.trailPointCount, "must be finite and ≥ 0; 0 (no trail) is used", .replaced)
            return nil
        }
        if n > Double(Self.maxCount) {
            report.add(prefix + "trailPointCount", cell.trailPointCount, "must be ≤ \(Self.maxCount); \(Self.maxCount) is used", .replaced)
        }
        guard n >= 1 else { return nil }
        count = Int(min(n, Double(Self.maxCount)))
        var duration = cell.trailDuration
        if !(duration >= 0) || !duration.isFinite {
            report.add(prefix + "trailDuration", duration, "must be finite and ≥ 0; 0 (the grid step) is used", .replaced)
            duration = 0
        }
        if duration == 0 {
            spacing = Int64(BehaviorMotion.gridTicks)
        } else {
            // At most 2²⁴ ticks (256 s) apart: a span stays within a 32-bit age.
            spacing = min(max(Ticks.from(duration / Double(count)), 1), 1 << 24)
        }
        func locations(_ key: String, _ list: [CGFloat]?, count: Int) -> [Double]? {
            guard let list else { return nil }
            let d = list.map(Double.init)
            var rule: String?
            if d.count != count {
                rule = "must have as many entries as the values (\(count))"
            } else if !d.allSatisfy({ $0.isFinite && $0 >= 0 && $0 <= 1 }) {
                rule = "must be finite and within 0…1"
            } else if zip(d, d.dropFirst()).contains(where: { $0 > $1 }) {
                rule = "must not decrease"
            }
            guard let rule else { return d }
            report.add(prefix + key, list, rule + "; evenly spaced locations are used", .replaced)
            return nil
        }
        func finite(_ key: String, _ v: Double, default fallback: Double) -> Double {
            if v.isFinite { return v }
            report.add(prefix + key, v, "must be finite; \(fallback) is used", .replaced)
            return fallback
        }
        if cell.trailWidths.isEmpty {
            width = Self.one
        } else {
            let values = cell.trailWidths.enumerated().map { i, v in finite("trailWidths[\(i)]", Double(v), default: 0) }
            width = BehaviorCurve(values: values, locations: locations("trailWidthLocations", cell.trailWidthLocations,
                                                                       count: values.count))
        }
        if cell.trailColors.isEmpty {
            color = Array(repeating: Self.one, count: 4)
        } else {
            let at = locations("trailColorLocations", cell.trailColorLocations, count: cell.trailColors.count)
            color = (0..<4).map { ch in
                let values = cell.trailColors.enumerated().map { i, c in
                    finite("trailColors[\(i)]", Double([c.red, c.green, c.blue, c.alpha][ch]), default: 1)
                }
                return BehaviorCurve(values: values, locations: at)
            }
        }
    }

    /// The samples a particle keeps: `count + 1`, enough for the tail's chord
    /// (``points(age:head:samples:)``).
    public var slots: Int { count + 1 }

    /// The grid on which samples are recorded: what a recording depends on. A particle whose cell
    /// changes it (or gains a trail) starts its recording again (Semantics §10 "Trails").
    public var grid: TrailGrid { TrailGrid(count: count, spacing: spacing) }

    /// Records the samples a particle reaches while its age runs from `a0` (exclusive; −1 for a
    /// particle born in this update, whose sample 0 is its birth position) through `a1` (ticks):
    /// sample `k` at age `k × spacing`, its position from `position(age)`. Only the newest
    /// ``slots`` are kept, so a long jump computes at most that many.
    public func record(_ samples: inout TrailSamples, after a0: Int64, through a1: Int64,
                       position: (Int64) -> SIMD3<Double>) {
        if samples.slots != slots { samples = TrailSamples(slots: slots) }
        guard a1 >= 0, a1 > a0 else { return }
        let k1 = a1 / spacing
        let first = max(a0 < 0 ? 0 : a0 / spacing + 1, k1 - Int64(count))
        guard first <= k1 else { return }
        for k in first...k1 { samples.store(k, position(k * spacing)) }
    }

    /// The trail of a particle of age `age` (ticks) whose position is `head`, head first
    /// (Semantics §10 "Trails"): the head, its recorded samples at the grid ages strictly between
    /// the tail and the head (newest first), then the tail at age `max(0, age − span)` on the chord
    /// from the sample at or before it to that sample's newer neighbour. A sample the particle did
    /// not record (its recording began later) ends the trail at the newest one before it. The
    /// points are a prefix of those of ``sampleAges(age:)``.
    public func points(age: Int64, head: SIMD3<Double>, samples: TrailSamples) -> [SIMD3<Double>] {
        let tail = max(0, age - span)
        guard age > tail else { return [head] }
        var points = [head]
        var newer = head, newerAge = age
        var k = (age - 1) / spacing
        while let p = samples[k] {
            let g = k * spacing
            if g <= tail {
                points.append(p + (newer - p) * (Double(tail - g) / Double(newerAge - g)))
                break
            }
            points.append(p)
            newer = p
            newerAge = g
            k -= 1
        }
        return points
    }
}

/// What a trail's recording depends on (``Trail/grid``): its sample count and spacing.
public struct TrailGrid: Hashable, Sendable {
    public var count: Int
    public var spacing: Int64
}

/// A particle's recorded trail samples (Semantics §10 "Trails"): its positions at the ages
/// `k × spacing` it reached, the newest ``slots`` of them, sample `k` in slot `k mod slots`.
public struct TrailSamples: Hashable, Sendable {
    /// The index of the sample each slot holds (−1: none).
    public private(set) var indices: [Int64]
    /// The position each slot holds, points.
    public private(set) var positions: [SIMD3<Double>]

    /// The samples a particle keeps.
    public var slots: Int { indices.count }

    /// No sample recorded, in `slots` slots.
    public init(slots: Int) {
        indices = Array(repeating: -1, count: slots)
        positions = Array(repeating: .zero, count: slots)
    }

    /// No sample and no slot: a particle of a cell without a trail.
    public static let none = TrailSamples(slots: 0)

    /// Sample `k`'s position, or nil where it is not held.
    public subscript(k: Int64) -> SIMD3<Double>? {
        guard k >= 0, slots > 0 else { return nil }
        let i = Int(k % Int64(slots))
        return indices[i] == k ? positions[i] : nil
    }

    /// Keeps sample `k` at `position` (in the slot of sample `k − slots`).
    public mutating func store(_ k: Int64, _ position: SIMD3<Double>) {
        let i = Int(k % Int64(slots))
        indices[i] = k
        positions[i] = position
    }
}

import Foundation

/// The layer's values as one update uses them: converted to `Double`, validated, with every
/// problem turned into a defined meaning plus a ``Diagnostic`` (Semantics §11).
///
/// Built once per update in O(number of cells); both simulators read it, so they agree on what
/// a bad value means. Never holds a reference to the mutable model objects.
public struct ResolvedLayer: Sendable {
    /// False when a layer value made the whole layer emit nothing (reported in ``diagnostics``).
    public var emits: Bool
    /// The layer's `birthRate` multiplier (× every top-level cell's rate).
    public var birthRate: Double
    /// The layer's `lifetime` multiplier (× every cell's lifetime and range).
    public var lifetime: Double
    /// The layer's `velocity` multiplier (× every cell's speed and range).
    public var velocity: Double
    /// The layer's `scale` multiplier (× every cell's scale, range and speed).
    public var scale: Double
    /// The layer's `spin` multiplier (× every cell's spin and range).
    public var spin: Double
    /// `emitterPosition` (x, y) and `emitterZPosition` (z), points, as presented this update.
    public var position: SIMD3<Double>
    /// `emitterSize`, points.
    public var size: SIMD2<Double>
    /// `emitterDepth`, points.
    public var depth: Double
    /// The shape births are placed on.
    public var shape: EmitterShape
    /// Where on the shape: points, outline, surface or volume.
    public var mode: EmitterMode
    /// The order (or blending) particles are drawn in.
    public var renderMode: EmitterRenderMode
    /// `preservesDepth`: particles keep their z when drawn (else the layer is flattened).
    public var preservesDepth: Bool
    /// Births follow a host-moved emitter up to `teleportDistance` points per update (0: never).
    public var interpolatesMotion: Bool
    /// `emitterTeleportDistance`, points: a longer move in one update is a teleport.
    public var teleportDistance: Double
    /// The layer's `seed`: every random draw hashes it with the particle's key.
    public var seed: UInt32
    /// The emitter's velocity over this update along its ``EmitterPath`` (points per second), zero
    /// when it did not move along one; set by the simulators for each birth.
    public var emitterVelocity: SIMD3<Double> = .zero
    var timing: TimingModel
    /// How the layer is drawn (its presented ``Layer`` values, validated).
    public var appearance: LayerAppearance
    /// The top-level cells, resolved (each with its sub-cells).
    public var cells: [ResolvedCell]
    /// Every problem found with the layer's values this update, with the meaning given to it.
    public var diagnostics: [Diagnostic]

    /// Births per second above which a cell is considered absurd and emits nothing.
    public static let maxBirthRate = 1e9
    /// The largest magnitude accepted for any number (points, seconds, rates, multipliers):
    /// beyond it a value is as absurd as a non-finite one and is treated the same way.
    public static let maxMagnitude = 1e9

    /// True when `v` is finite and within ``maxMagnitude``.
    static func isSane(_ v: Double) -> Bool { v.isFinite && abs(v) <= maxMagnitude }

    /// `v`, or 0 when its magnitude is below the smallest normal `Float` (1.2e-38): such values
    /// are 0 on the GPU (float, subnormals flushed), so both simulators read them as 0 — a
    /// 1e-300 emitter radius must take the same "zero extent" branch everywhere.
    static func flushed(_ v: Double) -> Double { abs(v) < Double(Float.leastNormalMagnitude) ? 0 : v }
}

/// Where an animated emitter was at the previous update: births of this update lie on the
/// straight line from there to its current position, at their birth times (Semantics §9).
public struct EmitterPath: Sendable {
    /// The emitter's position at the previous update, points.
    public var from: SIMD3<Double>
    /// Layer time of the previous update, seconds.
    public var start: Double
    /// Layer time of the current update, seconds (after ``start``).
    public var end: Double

    /// A path from `from` at layer time `start` to the current position at `end`.
    public init(from: SIMD3<Double>, start: Double, end: Double) {
        self.from = from
        self.start = start
        self.end = end
    }

    /// `1 / (end − start)`, computed once: ``fraction(at:)`` and ``velocity(to:)`` multiply by it.
    public var inverseSpan: Double { 1 / (end - start) }

    /// How far along the path a birth at layer time `t` is: `(t − start) · inverseSpan`, the
    /// same arithmetic as `birth.geom`.
    public func fraction(at t: Double) -> Double { (t - start) * inverseSpan }

    /// The emitter position for a birth at layer time `t`, given the current position `to`.
    public func position(at t: Double, to: SIMD3<Double>) -> SIMD3<Double> {
        from + (to - from) * fraction(at: t)
    }

    /// The emitter position for a birth at layer tick `birth` of the update that ends at tick
    /// `tick` (layer time ``end``), given the current position `to`: the fraction
    /// `1 − (lag + age) / (end − start)`, with `age` the birth's age at `tick` and `lag = end − tick`
    /// (under half a tick), as `birth.geom` computes it. The path runs between the update times
    /// themselves, so a linear animation's births lie exactly on it; a birth on the tick nearest
    /// its time may fall up to half a tick outside the update, on the line's continuation.
    public func position(atTick birth: Int64, end tick: Int64, to: SIMD3<Double>) -> SIMD3<Double> {
        let lag = end - Ticks.time(tick)
        let f = 1 - (lag + Ticks.time(tick - birth)) / (end - start)
        return from + (to - from) * f
    }

    /// The emitter's velocity along the path, given the current position `to`:
    /// `(to − from) · inverseSpan`.
    public func velocity(to: SIMD3<Double>) -> SIMD3<Double> { (to - from) * inverseSpan }
}

/// One cell's values for one update. See ``ResolvedLayer``.
///
/// The properties declared `@Property(gpu: .cell)` on ``EmitterCell`` are resolved into
/// ``parameters`` and read as members of the cell (`resolved.velocityRange`), exactly as the GPU
/// programs read them (`C.velocityRange`).
@dynamicMemberLookup
public struct ResolvedCell: Sendable {
    /// Index path in the cell tree.
    public var path: [Int]
    /// The key path that reaches the cell from the layer (`emitterCells.fire`), for diagnostics.
    public var keyPath: String
    /// The cell's `name`, if any.
    public var name: String?
    /// False when a value made the cell emit nothing (it still updates its live particles).
    public var emits: Bool
    /// Drawn: `isEnabled` of the cell and of all its ancestors.
    public var isDrawn: Bool
    /// Effective births per unit of the parent time base: cell rate × speed (× layer rate for
    /// top-level cells); 0 when not emitting.
    public var rate: Double
    /// `lifetime`, seconds (before the layer's multiplier).
    public var lifetime: Double
    /// `lifetimeRange`, seconds: lifetimes are drawn from `lifetime ± lifetimeRange/2`.
    public var lifetimeRange: Double
    /// Longest possible lifetime `(lifetime + |lifetimeRange|/2) × layer.lifetime` (≥ 0).
    public var maxLifetime: Double
    /// `emissionLongitude`, radians in the x–y plane from +x.
    public var longitude: Double
    /// `emissionLatitude`, radians out of the x–y plane.
    public var latitude: Double
    /// `emissionRange`, radians: the cone's full angle around the direction.
    public var emissionRange: Double
    /// `xAcceleration`, `yAcceleration`, `zAcceleration`, points per second².
    public var acceleration: SIMD3<Double>
    /// The mean birth colour, straight RGBA.
    public var color: SIMD4<Double>
    /// The birth colour's ranges per channel (`redRange` …), drawn as `± range/2`.
    public var colorRange: SIMD4<Double>
    /// The colour's change per second of age (`redSpeed` …).
    public var colorSpeed: SIMD4<Double>
    /// `contentsScale`: image pixels per point.
    public var contentsScale: Double
    /// `contentsRect` as `(x, y, width, height)` in unit image coordinates.
    public var contentsRect: SIMD4<Double>
    /// `minificationFilterBias`: the mipmap level bias when the image is drawn smaller.
    public var minificationFilterBias: Double
    /// The sprite-sheet grid and how its frames play (Semantics §10).
    public var spriteSheet: SpriteSheet
    /// The particles' trails (Semantics §10 "Trails"); nil without one.
    public var trail: Trail?
    /// Parent-time window `[start, end)` in which the cell emits.
    public var window: (start: Double, end: Double)
    /// ``window`` in ticks (``Ticks``).
    public var windowTicks: (start: Int64, end: Int64) = (0, 0)
    /// ``windowTicks`` for a sub-cell's clock: clamped to the ages a parent can have, `0 … 2³¹ − 1`
    /// (the same clock as unclamped, in the GPU's 32-bit integers).
    public var clockWindowTicks: (start: Int64, end: Int64) {
        (min(max(windowTicks.start, 0), Ticks.maxAge), min(max(windowTicks.end, 0), Ticks.maxAge))
    }
    /// ``rate`` as an emission clock's step (``Ticks/clockStep(rate:)``).
    public var step: UInt64 = 0
    /// How a particle's lifetime in ticks is drawn (Semantics §4).
    public var lifetimeTicks = LifetimeTicks(lifetime: 0, range: 0, multiplier: 0)
    /// The longest lifetime ``lifetimeTicks`` can draw (the catch-up threshold), ticks.
    public var maxLifetimeTicks: Int64 = 0
    /// When the cell emits as a sub-cell (Semantics §14): over its parent's life (its clock), or at
    /// each parent's birth, death or collision; always ``EmitterEvent/life`` for top-level cells.
    public var event: EmitterEvent = .life
    /// Particles an event sub-cell emits at each event (0…10⁶; 0 when it emits nothing).
    public var eventCount: Int64 = 0
    /// The cell's bursts that can fire (Semantics §13), in its parent time base; empty for
    /// sub-cells and for a cell that emits nothing.
    public var bursts: [ResolvedBurst] = []
    /// How long after a particle's birth it or a descendant can be alive, ticks (saturating):
    /// its longest lifetime plus its sub-cells' reach. A burst cycle older than this at an
    /// update's end made nothing that is alive (the bursts' catch-up threshold).
    public var reachTicks: Int64 = 0
    /// The sub-cells, resolved (their rates per second of the parent particle's age).
    public var children: [ResolvedCell]
    /// The cell's GPU parameters (its properties declared `@Property(gpu: .cell)`): each finite and
    /// flushed, or 0 with the cell emitting nothing (reported), as other birth values.
    public var parameters: EmitterCell.GPUParameters
    /// A GPU parameter by name: `resolved.velocityRange`.
    public subscript<T>(dynamicMember keyPath: WritableKeyPath<EmitterCell.GPUParameters, T>) -> T {
        get { parameters[keyPath: keyPath] }
        set { parameters[keyPath: keyPath] = newValue }
    }
    /// The most live particles this node may hold: its share of the layer's budget
    /// (``SimulationLimits/capacity(nodes:)``, set by ``ResolvedLayer/assignCapacities(_:)``).
    public var capacity = SimulationLimits.default.maxParticlesPerCell
    /// The layer's behaviours that act on this cell (Semantics §12); empty when none does.
    public var behaviors = CellBehaviors()
}

extension ResolvedLayer {
    /// Reads and validates `layer`; every problem lands in ``diagnostics``.
    public init(_ layer: EmitterLayer) {
        var report = DiagnosticCollector()
        var emits = true
        func multiplier(_ name: String, _ v: Float, negativeMeans: String?) -> Double {
            let d = Double(v)
            if !ResolvedLayer.isSane(d) {
                report.add(name, v, "must be finite, magnitude ≤ \(ResolvedLayer.maxMagnitude)", .layerEmitsNothing)
                emits = false
                return 0
            }
            if d < 0, let meaning = negativeMeans {
                report.add(name, v, "is negative: \(meaning)", .defined)
            }
            return ResolvedLayer.flushed(d)
        }
        birthRate = multiplier("birthRate", layer.birthRate, negativeMeans: "no emission")
        lifetime = multiplier("lifetime", layer.lifetime, negativeMeans: nil)
        if lifetime < 0 {
            report.add("lifetime", layer.lifetime, "must not be negative", .layerEmitsNothing)
            emits = false
        }
        velocity = multiplier("velocity", layer.velocity, negativeMeans: nil)
        scale = multiplier("scale", layer.scale, negativeMeans: nil)
        spin = multiplier("spin", layer.spin, negativeMeans: nil)

        func finite(_ name: String, _ v: CGFloat) -> Double {
            let d = Double(v)
            if ResolvedLayer.isSane(d) { return ResolvedLayer.flushed(d) }
            report.add(name, v, "must be finite, magnitude ≤ \(ResolvedLayer.maxMagnitude)", .layerEmitsNothing)
            emits = false
            return 0
        }
        func extent(_ name: String, _ v: CGFloat) -> Double {
            let d = finite(name, v)
            if d < 0 {
                report.add(name, v, "is negative: its magnitude is used", .replaced)
                return -d
            }
            return d
        }
        position = SIMD3(finite("emitterPosition.x", layer.emitterPosition.x),
                         finite("emitterPosition.y", layer.emitterPosition.y),
                         finite("emitterZPosition", layer.emitterZPosition))
        size = SIMD2(extent("emitterSize.width", layer.emitterSize.width),
                     extent("emitterSize.height", layer.emitterSize.height))
        depth = extent("emitterDepth", layer.emitterDepth)
        interpolatesMotion = layer.interpolatesEmitterMotion
        teleportDistance = Double(layer.emitterTeleportDistance)
        if !(teleportDistance >= 0) || teleportDistance.isInfinite {
            report.add("emitterTeleportDistance", layer.emitterTeleportDistance,
                       "must be finite and ≥ 0; read as 0 (births at the new position)", .replaced)
            teleportDistance = 0
        }
        shape = layer.emitterShape
        mode = layer.emitterMode
        renderMode = layer.renderMode
        preservesDepth = layer.preservesDepth
        seed = layer.seed
        timing = report.timing(layer, prefix: "")
        appearance = LayerAppearance(layer, report: &report)
        self.emits = emits

        let context = CellContext(layerEmits: emits, layerBirthRate: birthRate, layerLifetime: lifetime, seed: seed)
        var visiting: [ObjectIdentifier] = []
        let topCells = layer.emitterCells ?? []
        let segments = ResolvedCell.keyPathSegments(topCells)
        cells = topCells.enumerated().map { i, cell in
            ResolvedCell(cell, index: i, segment: segments[i], parentPath: [], parentKeyPath: "emitterCells",
                         parentDrawn: true, context: context, visiting: &visiting, report: &report)
        }
        if layer.emitterBehaviors?.isEmpty == false {
            let list = ResolvedBehaviorList(layer.emitterBehaviors, center: position, seed: layer.seed, report: &report)
            for i in cells.indices { cells[i].attach(list) }
        }
        diagnostics = report.items
    }

    /// Layer local time for a host time, or nil when the layer is inactive and shows nothing.
    public func localTime(hostTime: Double) -> Double? { timing.localTime(at: hostTime) }

    /// Semantics §8 "When a layer starts": a layer whose `beginTime` is 0 behaves as if it were
    /// `hostTime`, the host time of its simulator's first update. Both simulators call this with
    /// that time at every update.
    public mutating func start(atHostTime hostTime: Double) {
        if timing.beginTime == 0 { timing.beginTime = hostTime }
    }
}

/// A layer's ``Layer`` values as the renderer uses them: validated, with problems reported.
public struct LayerAppearance: Hashable, Sendable {
    /// `opacity` clamped to [0, 1] (non-finite: 1, reported).
    public var opacity: Float
    /// `isHidden`: the layer and its sublayers draw nothing (they still simulate).
    public var isHidden: Bool
    /// `masksToBounds`: what the layer draws is clipped to its bounds.
    public var masksToBounds: Bool
    /// The layer's own space and its rectangle in the superlayer (non-finite: zero, reported).
    public var bounds: CGRect
    /// The layer's rectangle in its superlayer's coordinates.
    public var frame: CGRect
    // The 3-D geometry (`LayerGeometry.swift`); non-finite values are reported and read as the defaults.
    /// The layer's `anchorPoint`, unit coordinates of `bounds`.
    public var anchorPoint = CGPoint(x: 0.5, y: 0.5)
    /// The layer's `anchorPointZ`, points.
    public var anchorPointZ: CGFloat = 0
    /// The layer's `zPosition` in its superlayer, points.
    public var zPosition: CGFloat = 0
    /// The layer's `transform` (about its anchor point).
    public var transform = Transform3D.identity
    /// The layer's `sublayerTransform` (applied to its sublayers about its anchor point).
    public var sublayerTransform = Transform3D.identity
    /// The layer's `isDoubleSided`.
    public var isDoubleSided = true

    /// A visible, opaque layer at the origin.
    public static let standard = LayerAppearance(opacity: 1, isHidden: false, masksToBounds: false, bounds: .zero, frame: .zero)

    /// An appearance with every field given (already validated).
    public init(opacity: Float, isHidden: Bool, masksToBounds: Bool, bounds: CGRect, frame: CGRect) {
        self.opacity = opacity
        self.isHidden = isHidden
        self.masksToBounds = masksToBounds
        self.bounds = bounds
        self.frame = frame
    }

    init(_ layer: Layer, report: inout DiagnosticCollector) {
        var o = layer.opacity
        if !o.isFinite {
            report.add("opacity", o, "must be finite; 1 is used", .replaced)
            o = 1
        }
        opacity = min(max(o, 0), 1)
        isHidden = layer.isHidden
        masksToBounds = layer.masksToBounds
        func sane(_ name: String, _ r: CGRect) -> CGRect {
            let values = [r.origin.x, r.origin.y, r.size.width, r.size.height].map(Double.init)
            if values.allSatisfy(ResolvedLayer.isSane) { return r }
            report.add(name, r, "must be finite, magnitude ≤ \(ResolvedLayer.maxMagnitude); zero is used", .replaced)
            return .zero
        }
        bounds = sane("bounds", layer.bounds)
        frame = sane("frame", layer.frame)
        readGeometry(layer, report: &report)
    }
}

struct CellContext {
    var layerEmits: Bool
    var layerBirthRate: Double
    var layerLifetime: Double
    var seed: UInt32
}

extension ResolvedCell {
    /// The key-path segment naming each of `cells` (siblings) so that every key path resolves,
    /// unambiguously, to its cell (Semantics §9): `.name` when the name is non-empty, contains no
    /// dot and no sibling shares it; else the index in brackets, `[i]`, which only ever means
    /// the index (never a cell named "i").
    static func keyPathSegments(_ cells: [EmitterCell]) -> [String] {
        var uses: [String: Int] = [:]
        for cell in cells { if let name = cell.name { uses[name, default: 0] += 1 } }
        return cells.enumerated().map { i, cell in
            if let name = cell.name, !name.isEmpty, !name.contains("."), uses[name] == 1 {
                return "." + name
            }
            return "[\(i)]"
        }
    }

    init(_ cell: EmitterCell, index: Int, segment: String, parentPath: [Int], parentKeyPath: String,
         parentDrawn: Bool, context: CellContext, visiting: inout [ObjectIdentifier],
         report: inout DiagnosticCollector) {
        path = parentPath + [index]
        keyPath = parentKeyPath + segment
        name = cell.name
        isDrawn = parentDrawn && cell.isEnabled
        let prefix = keyPath + "."
        var valid = true
        let sane = "must be finite, magnitude ≤ \(ResolvedLayer.maxMagnitude)"
        func number<T: BinaryFloatingPoint>(_ key: String, _ v: T) -> Double {
            let d = Double(v)
            if ResolvedLayer.isSane(d) { return ResolvedLayer.flushed(d) }
            report.add(prefix + key, v, sane, .cellEmitsNothing)
            valid = false
            return 0
        }
        // Live values: a non-finite one also stops emission, and is read as 0 for live particles.
        func live<T: BinaryFloatingPoint>(_ key: String, _ v: T) -> Double {
            let d = Double(v)
            if ResolvedLayer.isSane(d) { return ResolvedLayer.flushed(d) }
            report.add(prefix + key, v, sane + "; live particles read it as 0", .cellEmitsNothing)
            valid = false
            return 0
        }
        let topLevel = parentPath.isEmpty
        var cellRate = number("birthRate", cell.birthRate)
        if cellRate < 0 {
            report.add(prefix + "birthRate", cell.birthRate, "is negative: no emission", .defined)
        }
        lifetime = number("lifetime", cell.lifetime)
        if lifetime < 0 {
            report.add(prefix + "lifetime", cell.lifetime, "must not be negative", .cellEmitsNothing)
            valid = false
        }
        lifetimeRange = number("lifetimeRange", cell.lifetimeRange)
        longitude = number("emissionLongitude", cell.emissionLongitude)
        latitude = number("emissionLatitude", cell.emissionLatitude)
        emissionRange = number("emissionRange", cell.emissionRange)
        parameters = EmitterCell.GPUParameters(cell) { key, value in number(key, value) }
        acceleration = SIMD3(live("xAcceleration", cell.xAcceleration),
                             live("yAcceleration", cell.yAcceleration),
                             live("zAcceleration", cell.zAcceleration))
        color = SIMD4(number("color.red", cell.color.red), number("color.green", cell.color.green),
                      number("color.blue", cell.color.blue), number("color.alpha", cell.color.alpha))
        colorRange = SIMD4(number("redRange", cell.redRange), number("greenRange", cell.greenRange),
                           number("blueRange", cell.blueRange), number("alphaRange", cell.alphaRange))
        colorSpeed = SIMD4(live("redSpeed", cell.redSpeed), live("greenSpeed", cell.greenSpeed),
                           live("blueSpeed", cell.blueSpeed), live("alphaSpeed", cell.alphaSpeed))
        let cs = Double(cell.contentsScale)
        if ResolvedLayer.isSane(cs) && cs > 0 {
            contentsScale = cs
        } else {
            report.add(prefix + "contentsScale", cell.contentsScale, "must be finite and positive; 1 is used", .replaced)
            contentsScale = 1
        }
        // Drawing values: a bad one is replaced by its default (the cell still simulates).
        func drawing<T: BinaryFloatingPoint>(_ key: String, _ v: T, default fallback: Double) -> Double {
            let d = Double(v)
            if ResolvedLayer.isSane(d) { return d }
            report.add(prefix + key, v, sane + "; \(fallback) is used", .replaced)
            return fallback
        }
        let r = cell.contentsRect
        contentsRect = SIMD4(drawing("contentsRect.origin.x", r.origin.x, default: 0),
                             drawing("contentsRect.origin.y", r.origin.y, default: 0),
                             drawing("contentsRect.size.width", r.size.width, default: 1),
                             drawing("contentsRect.size.height", r.size.height, default: 1))
        minificationFilterBias = drawing("minificationFilterBias", cell.minificationFilterBias, default: 0)
        spriteSheet = SpriteSheet(cell, seed: context.seed, prefix: prefix, report: &report)
        trail = Trail(cell, prefix: prefix, report: &report)
        let timing = report.timing(cell, prefix: prefix)
        window = timing.activeWindow
        if topLevel { cellRate *= context.layerBirthRate }
        cellRate *= timing.speed
        if cellRate > ResolvedLayer.maxBirthRate {
            report.add(prefix + "birthRate", cell.birthRate,
                       "gives \(cellRate) births per second, above the limit \(ResolvedLayer.maxBirthRate)",
                       .cellEmitsNothing)
            valid = false
        }
        maxLifetime = max(0, (lifetime + abs(lifetimeRange) / 2) * context.layerLifetime)
        emits = valid && context.layerEmits && cellRate > 0
        rate = emits ? cellRate : 0
        if cell.emissionEvent != .life {
            if topLevel {
                report.add(prefix + "emissionEvent", cell.emissionEvent.rawValue,
                           "applies to sub-cells only (a top-level cell has no parent particle)", .ignored)
            } else {
                // An event sub-cell: no clock; eventCount particles at each event (Semantics §14).
                event = cell.emissionEvent
                emits = false
                rate = 0
                var count = Double(cell.eventCount)
                if !(count >= 0) || count.isInfinite {
                    report.add(prefix + "eventCount", cell.eventCount, "must be finite and ≥ 0; 0 is used", .replaced)
                    count = 0
                } else if count > Double(ResolvedBurst.maxCount) {
                    report.add(prefix + "eventCount", cell.eventCount, "is above \(ResolvedBurst.maxCount); "
                               + "\(ResolvedBurst.maxCount) is used", .replaced)
                    count = Double(ResolvedBurst.maxCount)
                }
                eventCount = valid && context.layerEmits ? Int64(count.rounded(.down)) : 0
            }
        }
        lifetimeTicks = LifetimeTicks(lifetime: lifetime, range: lifetimeRange, multiplier: context.layerLifetime)
        maxLifetimeTicks = lifetimeTicks.maximum
        step = Ticks.clockStep(rate: rate)
        windowTicks = (Ticks.from(window.start), Ticks.from(window.end))

        // A cell inside its own sub-tree would emit forever: that reference emits and draws nothing.
        // It keeps its array index, so key paths and simulation state stay aligned.
        if visiting.contains(ObjectIdentifier(cell)) {
            report.add(keyPath, cell.name ?? "cell", "is one of its own ancestors (a cycle)", .ignored)
            emits = false
            rate = 0
            step = 0
            isDrawn = false
            children = []
            reachTicks = maxLifetimeTicks
            return
        }
        visiting.append(ObjectIdentifier(cell))
        defer { visiting.removeLast() }
        var kids: [ResolvedCell] = []
        let subCells = cell.emitterCells ?? []
        let segments = Self.keyPathSegments(subCells)
        for (i, sub) in subCells.enumerated() {
            kids.append(ResolvedCell(sub, index: i, segment: segments[i], parentPath: path,
                                     parentKeyPath: keyPath + ".emitterCells",
                                     parentDrawn: isDrawn, context: context, visiting: &visiting, report: &report))
        }
        children = kids
        reachTicks = maxLifetimeTicks
        for kid in kids {
            let (sum, overflow) = maxLifetimeTicks.addingReportingOverflow(kid.reachTicks)
            reachTicks = max(reachTicks, overflow ? .max : sum)
        }
        bursts = Self.bursts(cell, topLevel: topLevel, emits: valid && context.layerEmits, speed: timing.speed,
                             layerRate: context.layerBirthRate, prefix: prefix, report: &report)
    }

    /// The bursts of `cell` that can fire (Semantics §13): none where the cell or the layer emits
    /// nothing; a sub-cell's are reported and ignored.
    private static func bursts(_ cell: EmitterCell, topLevel: Bool, emits: Bool, speed: Double, layerRate: Double,
                               prefix: String, report: inout DiagnosticCollector) -> [ResolvedBurst] {
        guard !cell.bursts.isEmpty else { return [] }
        guard topLevel else {
            report.add(prefix + "bursts", "\(cell.bursts.count) bursts",
                       "fire for top-level cells only (a sub-cell's would fire in each parent's age)", .ignored)
            return []
        }
        guard emits else { return [] }
        return cell.bursts.enumerated().compactMap { i, burst in
            ResolvedBurst(burst, index: i, speed: speed, layerRate: layerRate, prefix: prefix, report: &report)
        }
    }
}

/// Gathers diagnostics while resolving.
struct DiagnosticCollector {
    var items: [Diagnostic] = []

    mutating func add<V>(_ keyPath: String, _ value: V, _ rule: String, _ effect: Diagnostic.Effect) {
        items.append(Diagnostic(keyPath: keyPath, value: "\(value)", rule: rule, effect: effect))
    }

    /// Validates a timed object's properties (reporting what ``TimingModel`` replaces; the
    /// limits are ``TimingModel/maxTime`` and ``TimingModel/maxSpeed``).
    mutating func timing(_ t: some MediaTiming, prefix: String) -> TimingModel {
        let time = "must be finite, magnitude ≤ \(TimingModel.maxTime) s"
        if !TimingModel.isSaneTime(t.beginTime) { add(prefix + "beginTime", t.beginTime, time + "; 0 is used", .replaced) }
        if t.duration.isNaN || t.duration < 0 {
            add(prefix + "duration", t.duration, "must not be negative or NaN; unbounded is used", .replaced)
        } else if t.duration.isFinite && t.duration > TimingModel.maxTime {
            add(prefix + "duration", t.duration, "is above \(TimingModel.maxTime) s; unbounded is used", .replaced)
        }
        if !TimingModel.isSaneSpeed(Double(t.speed)) {
            add(prefix + "speed", t.speed, "must be finite, in 0…\(TimingModel.maxSpeed); 0 (paused) is used", .replaced)
        }
        if !TimingModel.isSaneTime(t.timeOffset) { add(prefix + "timeOffset", t.timeOffset, time + "; 0 is used", .replaced) }
        if t.repeatCount.isNaN || t.repeatCount < 0 {
            add(prefix + "repeatCount", t.repeatCount, "must not be negative or NaN; 0 (one cycle) is used", .replaced)
        }
        if t.repeatDuration.isNaN || t.repeatDuration < 0 {
            add(prefix + "repeatDuration", t.repeatDuration, "must not be negative or NaN; 0 is used", .replaced)
        }
        return TimingModel(t)
    }
}

extension ResolvedLayer {
    /// The nodes of the cell tree: cells and sub-cells at every depth.
    public var nodeCount: Int {
        func count(_ cells: [ResolvedCell]) -> Int { cells.reduce(cells.count) { $0 + count($1.children) } }
        return count(cells)
    }

    /// Gives every node its share of the layer's budget (``SimulationLimits/capacity(nodes:)``).
    public mutating func assignCapacities(_ limits: SimulationLimits) {
        let capacity = limits.capacity(nodes: nodeCount)
        func assign(_ cells: inout [ResolvedCell]) {
            for i in cells.indices {
                cells[i].capacity = capacity
                assign(&cells[i].children)
            }
        }
        assign(&cells)
    }
}

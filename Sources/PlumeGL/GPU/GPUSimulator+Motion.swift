import Foundation
import Plume

/// Motion under behaviours in the update's passes (Semantics §12): which behaviours a cell's
/// passes integrate, the program features and force terms they compile, the contacts they walk,
/// and the motion tables and uniforms they bind.
extension GPUSimulator {
    /// The behaviours whose motion the passes of `cell` integrate: its own, or, at the update where
    /// it lost its last motion behaviour, the previous update's with `ends` (the records continue
    /// ballistically from their state at that update's start, as the reference's do).
    static func motionBehaviors(_ node: GPUNode, _ cell: ResolvedCell) -> (behaviors: CellBehaviors, ends: Bool)? {
        if cell.behaviors.motion != .ballistic { return (cell.behaviors, false) }
        if let previous = node.previousBehaviors, previous.motion != .ballistic { return (previous, true) }
        return nil
    }

    /// Binds the behaviour table with the motion section the passes of `cell` use to texture
    /// unit 3 (the caller restores the unit's binding); false when its motion is ballistic.
    ///
    /// Unit 4 gets the previous update's table where a closed-form motion or the acceleration changed
    /// at this update (`changed` says so; closed-form anchors then move to the update's start under
    /// it, `plume_motion_start`), else this one's texture again.
    func bindMotion(_ node: GPUNode, _ cell: ResolvedCell, changed: Uniform<Bool>) throws -> Bool {
        changed.set(false)
        guard let (behaviors, ends) = Self.motionBehaviors(node, cell),
              let table = behaviors.drawTable(seed: resolved.seed, recordsTick: updateEnd, motionEnds: ends) else { return false }
        try motionTable.bind(table, limit: textureBufferLimit)
        if !ends, let previous = node.previousBehaviors, previous.motion == .closedForm,
           previous != behaviors || node.previousAcceleration != cell.acceleration,
           let old = previous.drawTable(seed: resolved.seed, recordsTick: updateEnd) {
            try previousMotionTable.bind(old, unit: 4, limit: textureBufferLimit)
            changed.set(true)
        } else {
            motionTable.bindAgain(unit: 4)   // unit 4 is read only where `changed`: the same table, not uploaded twice
        }
        return true
    }

    /// The motion classes the update and spawn variants of `cell` compile (its own, or the previous
    /// update's where it lost its motion behaviours, plus the closed form where one changed: see
    /// ``bindMotion(_:_:changed:)``); none for a cell without motion behaviours, whose spawn
    /// variant then compiles all (it skips them at run time).
    func motionClasses(_ node: GPUNode, _ cell: ResolvedCell) -> ProgramFeatures {
        guard let (behaviors, _) = Self.motionBehaviors(node, cell) else { return [] }
        var features = Self.motionClass(behaviors.motion)
        if node.previousBehaviors?.motion == .closedForm { features.insert(.closedFormMotion) }
        return features
    }

    /// The grid's force terms the update and spawn variants of `cell` compile (of the behaviours
    /// ``motionBehaviors(_:_:)`` gives, which the bound table holds); empty (all) off the grid.
    static func motionForces(_ node: GPUNode, _ cell: ResolvedCell) -> MotionForces {
        motionBehaviors(node, cell)?.behaviors.motionForces ?? []
    }

    /// Whether the cell's motion behaviours and acceleration are the previous update's (or there
    /// was none: a rebuild) and it keeps them: no anchor restarts, so the update compiles
    /// without that code (``ProgramFeatures/steadyMotion``: a grid cell's anchors step on), or
    /// is the plain one (closed forms and orbits: their anchors hold). Most updates are steady.
    /// Grid motion that stays on the grid is steady whatever values changed in its behaviours (an
    /// animated parameter, a collider that moves): its anchors are grid points, from which the
    /// new values act at the next step (Semantics §12 "Read per update"), so nothing restarts. A
    /// change of the cell's acceleration still takes the restarting variant.
    static func motionIsSteady(_ node: GPUNode, _ cell: ResolvedCell) -> Bool {
        guard let (behaviors, ends) = motionBehaviors(node, cell), !ends else { return false }
        let accelerationHolds = node.previousAcceleration.map { $0 == cell.acceleration } ?? true
        if behaviors.motion == .grid && node.previousBehaviors?.motion == .grid { return accelerationHolds }
        return (node.previousBehaviors.map { $0 == behaviors } ?? true) && accelerationHolds
    }

    /// ``ProgramFeatures/collisions`` for a grid cell with colliders (not at the update where its
    /// motion behaviours end), else none: what a host collision report's `events` pass walks.
    static func collisionFeatures(_ node: GPUNode, _ cell: ResolvedCell) -> ProgramFeatures {
        guard let (b, ends) = motionBehaviors(node, cell), !ends, b.motion == .grid, !b.colliders.isEmpty else { return [] }
        return .collisions
    }

    /// ``collisionFeatures(_:_:)`` where the cell's contacts are counted (`countsContacts`: a
    /// kill collider or a collision sub-cell), else none: the update, spawn, overflow and dying
    /// passes walk the contacts only then; colliders alone move the records along the grid.
    static func contactFeatures(_ node: GPUNode, _ cell: ResolvedCell) -> ProgramFeatures {
        cell.countsContacts ? collisionFeatures(node, cell) : []
    }

    /// The motion classes a pass that walks the grid for collisions compiles (as the spawn pass:
    /// the grid, and the closed form a previous update's anchors may restart from); none without.
    static func walkClasses(_ collisions: ProgramFeatures) -> ProgramFeatures {
        collisions.isEmpty ? [] : [.gridMotion, .closedFormMotion]
    }

    /// Binds the motion tables and sets the uniforms an overflow or events pass walks the grid with
    /// (``ProgramFeatures/collisions``), as the spawn pass reads them.
    func setWalk(_ u: some CollisionWalkUniforms, node: GPUNode, cell: ResolvedCell) throws {
        u.motion.set(TextureUnit(index: 3))
        u.motionPrev.set(TextureUnit(index: 4))
        _ = try bindMotion(node, cell, changed: u.motionChanged)
        setMotionStart(changed: u.accChanged, previous: u.accPrev, node: node, cell: cell)
        u.acc.set(cell.acceleration)
        u.index.set(UInt32(cell.path.last ?? 0))
    }

    static func motionClass(_ motion: CellBehaviors.Motion) -> ProgramFeatures {
        switch motion {
        case .ballistic: []
        case .closedForm: .closedFormMotion
        case .grid: .gridMotion
        case .orbit: .orbitMotion
        }
    }

    /// Where motion under behaviours starts: the records' anchors, or, when the cell had no motion
    /// behaviour at the previous update, their ballistic state at that update under its acceleration.
    func setMotionStart(changed: Uniform<Bool>, previous: Uniform<SIMD3<Float>>, node: GPUNode,
                                cell: ResolvedCell) {
        changed.set(node.previousBehaviors?.motion == .ballistic)
        previous.set(node.previousAcceleration ?? cell.acceleration)
    }
}

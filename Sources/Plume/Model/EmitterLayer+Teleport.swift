import Foundation

extension EmitterLayer {
    /// Moves the emitter to `position` as a jump: the births of the next update are all at the new
    /// place, none along the line from the old one (Semantics §9, "Moving emitters").
    ///
    /// A game that sets ``emitterPosition`` every frame gets a continuous trail: the births of each
    /// update are spread along the straight line from the previous position
    /// (``interpolatesEmitterMotion``). That is wrong for a move the object did not travel — a ship
    /// wrapping around the screen edge, a respawn, a portal — when the move is shorter than
    /// ``emitterTeleportDistance`` and so would be spread. Call this for such a move instead of
    /// assigning ``emitterPosition``:
    ///
    /// ```swift
    /// ship.x += ship.speed * dt
    /// if ship.x > width {                              // off the right edge: back in on the left
    ///     ship.x -= width
    ///     layer.teleportEmitter(to: CGPoint(x: ship.x, y: ship.y))   // no streak across the screen
    /// } else {
    ///     layer.emitterPosition = CGPoint(x: ship.x, y: ship.y)      // a trail along the move
    /// }
    /// try simulator.advance(to: now)
    /// ```
    ///
    /// The jump concerns the next update only (of every simulator of the layer: each keeps its own
    /// count of the calls it saw, so the CPU reference and the GPU simulator agree); the update
    /// after it interpolates again. Other assignments to ``emitterPosition`` before that update
    /// are part of the same jump. An emitter moved by an animation follows the animation, as before.
    /// - Parameters:
    ///   - position: the new ``emitterPosition``, in the layer's points.
    ///   - zPosition: the new ``emitterZPosition``; nil (default) keeps it.
    public func teleportEmitter(to position: CGPoint, zPosition: CGFloat? = nil) {
        emitterPosition = position
        if let zPosition { emitterZPosition = zPosition }
        emitterTeleports &+= 1
    }
}

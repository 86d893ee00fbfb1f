/// When a sub-cell emits (``EmitterCell/emissionEvent``, Semantics §14 "Event sub-cells").
///
/// Core Animation's sub-cells emit over their parent's whole life (`.life`, the default). An event
/// sub-cell instead emits ``EmitterCell/eventCount`` particles at one instant of each parent's
/// life: its birth, its death, or (with colliders) a collision, at the event's exact tick and place.
public enum EmitterEvent: String, CaseIterable, Sendable {
    /// Over the parent's life at `birthRate` (Core Animation's sub-cells). The default.
    case life
    /// `eventCount` particles when the parent is born, where it is born.
    case birth
    /// `eventCount` particles when the parent dies (its age reaches its lifetime), where it is then.
    case death
    /// `eventCount` particles at each of the parent's collision events, at the hit's tick and
    /// point: a `collider` behaviour the parent arrives at, from clear of its surface or faster than
    /// a particle resting on it (Semantics §12 "Collisions", §14). Their serials count the
    /// parent's collisions.
    case collision
}

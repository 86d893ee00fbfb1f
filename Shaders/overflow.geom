// Overflow pass (Semantics §3 capacity): the spawn pass gives every parent at most u_slots births of
// sub-cell u_sub per update, so its work is bounded by the capacity whatever the rate; a parent
// that had more writes how many it could not place (a u64 as two words), and the host adds
// them to the dropped births. Runs only when some parent may exceed its slots.
layout(points) in;
layout(points, max_vertices = 1) out;

in Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; flat int slot; } v_in[];
out uvec2 xf_excess;  // @capture

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(SUB, CHILD) ? v_in[0].rec[i] : uvec4(0u);
    Particle parent = plume_unpack(r, SUB, CHILD);
    int age1 = u_dt > 2147483647 - parent.age ? 2147483647 : parent.age + u_dt;   // ages saturate (Ticks.maxAge)
    int age0 = u_fresh ? 0 : parent.age;
    Clock c = parent.clocks[u_sub];
    int end = int(parent.lifetime);    // the parent's death: its lifetime, or a kill
#if COLLISIONS
    // The spawn pass's walk (Semantics §12 "Collisions"): a collision sub-cell's births are
    // eventCount per collision event inside its window, in slots k·eventCount …; a kill ends the
    // parent (and its clocks).
    int m = plume_mt_start(u_motion);
    MotionParticle q = plume_motion_particle(u_motion, m, plume_key(parent, u_index), parent.lifetime, age1);
    MotionState s = plume_motion_start(u_motion, m, parent, age0, !u_fresh, u_accChanged, u_accPrev, q,
                                       u_motionPrev, u_motionChanged);
    ContactWalk w = plume_contact_walk(u_motion, m, s, u_fresh ? -1 : age0, age1, end, u_acc, q, -1);
    if (w.killAt >= 0) end = w.killAt;
    if (u_event == EmitterEvent_collision) {
        // the births of event k (inside the window) in slots k·eventCount … past u_slots
        uint lost = 0u;
        for (int k = 0; k < w.events; ++k) {
            MotionState g = plume_motion_start(u_motion, m, parent, age0, !u_fresh, u_accChanged, u_accPrev, q,
                                               u_motionPrev, u_motionChanged);
            ContactWalk one = plume_contact_walk(u_motion, m, g, u_fresh ? -1 : age0, age1, int(parent.lifetime), u_acc, q, k);
            uint from = max(uint(k) * u_eventCount, u_slots), to = uint(k + 1) * u_eventCount;
            if (one.chosen.age >= u_clock.windowStart && one.chosen.age < u_clock.windowEnd && to > from) lost += to - from;
        }
        if (lost == 0u) return;
        xf_excess = uvec2(lost, 0u);
        EmitVertex();
        return;
    }
#endif
    if (u_event == EmitterEvent_collision) return;     // a parent cell without colliders: none
    Births b = u_event == EmitterEvent_life ? plume_clock_advance(c, u_clock, age0, age1, end)
                            : plume_event_births(u_event, u_eventCount, u_clock, u_fresh, age0, age1, end);
    if (!plume_less64(uvec2(u_slots, 0u), b.count)) return;
    xf_excess = plume_sub64(b.count, uvec2(u_slots, 0u));
    EmitVertex();
}

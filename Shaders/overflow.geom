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
    Births b = u_event == EmitterEvent_life ? plume_clock_advance(c, u_clock, age0, age1, int(parent.lifetime))
                            : plume_event_births(u_event, u_eventCount, u_clock, u_fresh, age0, age1, int(parent.lifetime));
    if (!plume_less64(uvec2(u_slots, 0u), b.count)) return;
    xf_excess = plume_sub64(b.count, uvec2(u_slots, 0u));
    EmitVertex();
}

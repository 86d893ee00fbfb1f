// Overflow pass (SPEC §3 capacity): the spawn pass gives every parent at most u_slots births of
// sub-cell u_sub per update, so its work is bounded by the capacity whatever the rate; a parent
// that had more writes how many it could not place (as a double's two words), and the host adds
// them to the dropped births. Runs only when some parent may exceed its slots.
layout(points) in;
layout(points, max_vertices = 1) out;

in Record { flat uvec4 rec[REC_VECS(SUB)]; flat int slot; } v_in[];
out uvec2 xf_excess;  // @capture

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(SUB) ? v_in[0].rec[i] : uvec4(0u);
    Particle parent = plume_unpack(r, SUB);
    precise double age1 = u_t1 - parent.birth;
    double age0 = max(u_t0 - parent.birth, 0.0lf);
    Clock c = parent.clocks[u_sub];
    Births b = plume_clock_advance(c, u_clock, age0, age1, parent.lifetime);
    if (!(b.count > u_slots)) return;
    xf_excess = unpackDouble2x32(b.count - u_slots);
    EmitVertex();
}

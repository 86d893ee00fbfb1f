// Ordering, key stage: one (key, record index) entry per live record for the render modes that
// order particles (Semantics §10): ascending birth time (oldestFirst), descending (oldestLast) or
// ascending z (backToFront). Entries past the live count keep the +∞ sentinel.
// backToFront keys a cell with motion behaviours (MOTION, used for that order only) by the z its
// draws draw (plume_draw_motion), the others by the ballistic z from the record's anchor.
in uvec4 a_rec[REC_VECS(0, CHILD)];

out uvec2 xf_entry;                // @capture  (float key bits, record index)

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(0, CHILD) ? a_rec[i] : uvec4(0u);
    Particle p = plume_unpack(r, 0, CHILD);
    float key;
    if (u_order == EmitterRenderMode_backToFront) {
#if MOTION
        uvec2 particle = plume_key(p, plume_row_BirthParams(u_births, p.generation).index);
        key = plume_draw_motion(p, particle, p.age, u_acc, u_behaviors).position.z;
#else
        key = plume_motion_at(p, p.age, u_acc).position.z;
#endif
    } else {
        key = -float(p.age);                  // ticks: exact in float below 2²⁴ (256 s), monotonic above
        if (u_order == EmitterRenderMode_oldestLast) key = -key;
    }
    xf_entry = uvec2(floatBitsToUint(key), uint(gl_VertexID));
}

// Ordering, key stage: one (key, record index) entry per live record for the render modes that
// order particles (Semantics §10): ascending birth time (oldestFirst), descending (oldestLast) or
// ascending z (backToFront). Entries past the live count keep the +∞ sentinel.
// Not yet: backToFront keys a cell with motion behaviours by the ballistic z from the record's
// anchor, not by the behaviours' z that plume_draw_motion draws (the reference orders by the
// latter). Grid motion's anchor is within a step of the age, so the two differ by about the
// behaviours' acceleration × h² (h = 1/64 s); a closed form's anchor may be at birth, so drag or a
// wave with a z component can order particles otherwise than the reference.
in uvec4 a_rec[REC_VECS(0, 0)];

out uvec2 xf_entry;                // @capture  (float key bits, record index)

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(0, 0) ? a_rec[i] : uvec4(0u);
    Particle p = plume_unpack(r, 0, 0);
    float key;
    if (u_order == EmitterRenderMode_backToFront) {
        key = plume_motion_at(p, p.age, u_acc).position.z;
    } else {
        key = -float(p.age);                  // ticks: exact in float below 2²⁴ (256 s), monotonic above
        if (u_order == EmitterRenderMode_oldestLast) key = -key;
    }
    xf_entry = uvec2(floatBitsToUint(key), uint(gl_VertexID));
}

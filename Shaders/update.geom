// Update pass (Semantics §5): advances one particle of a cell with SUB sub-cells by u_dt ticks to
// this update's end with its sub-cell clocks (plume_update.glsl; the spawn pass emits the births
// from the same arithmetic), and writes it out if it is still alive.
// Programs updateFetch and updateMotionFetch read the record from u_records themselves
// (record_index.vert hands on only its index and first word vector); update and updateMotion
// receive it whole from record.vert. The motion programs (cells with motion behaviours, Semantics
// §12) advance the anchor under them.
layout(points) in;
layout(points, max_vertices = 1) out;

#ifdef UPDATE_FETCH
flat in int v_index[];
flat in uvec4 v_rec0[];
#else
in Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; } v_in[];
#endif
out uvec4 xf_rec[REC_VECS(SUB, CHILD)];   // @capture

void main() {
    uvec4 r[REC_MAX];
#ifdef UPDATE_FETCH
    int base = v_index[0] * REC_VECS(SUB, CHILD);
    for (int i = 0; i < REC_MAX; ++i) r[i] = uvec4(0u);
    r[0] = v_rec0[0];
    for (int i = 1; i < REC_VECS(SUB, CHILD); ++i) r[i] = texelFetch(u_records, base + i);
#else
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(SUB, CHILD) ? v_in[0].rec[i] : uvec4(0u);
#endif
    Particle p;
    p = plume_unpack(r, SUB, CHILD);
    UpdateStart start;
    if (!plume_update_particle(p, start)) return;
    plume_pack(p, SUB, CHILD, r);
    for (int i = 0; i < REC_VECS(SUB, CHILD); ++i) xf_rec[i] = r[i];
    EmitVertex();
}

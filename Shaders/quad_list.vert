// The quad-list pass, unordered, vertex stage: one particle record per vertex in, its quad out
// (captured; the rasterizer is off).
in uvec4 a_rec[REC_VECS(0, CHILD)];
out uvec4 xf_quad[QUAD_VECS];   // @capture

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(0, CHILD) ? a_rec[i] : uvec4(0u);
    uvec4 q[QUAD_VECS];
    plume_pack_quad(plume_list_quad(plume_appearance(plume_unpack(r, 0, CHILD))), q);
    for (int i = 0; i < QUAD_VECS; ++i) xf_quad[i] = q[i];
}

// Copy pass: moves records into a larger buffer, or from a layout with SUB sub-cell clocks to one
// with CSUB (a cell whose emitterCells changed length): common clocks are kept, new ones are idle.
layout(points) in;
layout(points, max_vertices = 1) out;

in Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; } v_in[];
out uvec4 xf_rec[REC_VECS(CSUB, CHILD)];  // @capture

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(SUB, CHILD) ? v_in[0].rec[i] : uvec4(0u);
    Particle p;
    p = plume_unpack(r, SUB, CHILD);
    uvec4 o[REC_MAX];
    plume_pack(p, CSUB, CHILD, o);
    for (int i = 0; i < REC_VECS(CSUB, CHILD); ++i) xf_rec[i] = o[i];
    EmitVertex();
}

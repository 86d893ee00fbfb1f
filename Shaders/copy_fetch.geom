// The ceiling of a geometry stage that fetches its record from a buffer texture (the vertex stage
// hands on only the index and the first word vector, record_index.vert) and emits it unchanged.
layout(points) in;
layout(points, max_vertices = 1) out;

flat in int v_index[];
flat in uvec4 v_rec0[];
out uvec4 xf_rec[REC_VECS(SUB, CHILD)];   // @capture

void main() {
    int base = v_index[0] * REC_VECS(SUB, CHILD);
    xf_rec[0] = v_rec0[0];
    for (int i = 1; i < REC_VECS(SUB, CHILD); ++i) xf_rec[i] = texelFetch(u_records, base + i);
    EmitVertex();
}

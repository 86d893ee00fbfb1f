// The ceiling of a geometry stage that fetches its record from a buffer texture (no vertex
// attributes, no record handed over from the vertex stage) and emits it unchanged.
layout(points) in;
layout(points, max_vertices = 1) out;

flat in int v_index[];
out uvec4 xf_rec[REC_VECS(SUB)];   // @capture

void main() {
    int base = v_index[0] * REC_VECS(SUB);
    for (int i = 0; i < REC_VECS(SUB); ++i) xf_rec[i] = texelFetch(u_records, base + i);
    EmitVertex();
}

// The driver's ceiling for a pass that can drop records: a geometry stage that passes every record
// through unchanged (record.vert hands it over). Culling needs a geometry stage on GL 3.3–4.x, so
// this, not the vertex-only copy, bounds what an update pass can reach on a given driver.
layout(points) in;
layout(points, max_vertices = 1) out;

in Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; } v_in[];
out uvec4 xf_rec[REC_VECS(SUB, CHILD)];   // @capture

void main() {
    for (int i = 0; i < REC_VECS(SUB, CHILD); ++i) xf_rec[i] = v_in[0].rec[i];
    EmitVertex();
}

// The quad-list pass in sorted order, vertex stage: vertex i lists the quad of the i-th entry of
// the sorted (key, index) list; sentinel entries list a quad that draws nothing.
out uvec4 xf_quad[QUAD_VECS];   // @capture

void main() {
    Particle p;
    bool present = plume_sorted_particle(gl_VertexID, p);
    Appearance a = plume_appearance(p);
    if (!present) a.scale = 0.0;
    uvec4 q[QUAD_VECS];
    plume_pack_quad(plume_list_quad(a), q);
    for (int i = 0; i < QUAD_VECS; ++i) xf_quad[i] = q[i];
}

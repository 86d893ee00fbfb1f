// Drawing through the geometry stage, vertex stage: one particle record per vertex (the particle
// fields of any layout), evaluated at the records' time exactly as the snapshot evaluates it.
in uvec4 a_rec[REC_VECS(0, CHILD)];

out Particle2D {
    vec3 position;
    float scale;
    float angle;
    vec4 color;                    // straight, clamped
    float frame;
} v_out;

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(0, CHILD) ? a_rec[i] : uvec4(0u);
    Appearance a = plume_appearance(plume_unpack(r, 0, CHILD));
    v_out.position = a.position;
    v_out.scale = a.scale;
    v_out.angle = a.angle;
    v_out.color = a.color;
    v_out.frame = a.frame;
}

// Drawing as instanced quads, vertex stage: instance = particle (its record as per-instance
// attributes), gl_VertexID = corner in triangle-strip order; no geometry stage.
in uvec4 a_rec[REC_VECS(0, CHILD)];

out vec2 f_uv;
flat out vec4 f_color;

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(0, CHILD) ? a_rec[i] : uvec4(0u);
    Appearance a = plume_appearance(plume_unpack(r, 0, CHILD));
    vec4 position;
    vec2 uv;
    plume_quad_corner(a, gl_VertexID, position, uv);
    gl_Position = position;
    f_uv = uv;
    f_color = a.color;
}

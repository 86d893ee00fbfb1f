// Drawing as instanced quads in sorted order, vertex stage: instance i draws the i-th entry of the
// sorted (key, index) list, gl_VertexID = corner; sentinel entries draw nothing.
out vec2 f_uv;
flat out vec4 f_color;

void main() {
    Particle p;
    bool present = plume_sorted_particle(gl_InstanceID, p);
    Appearance a = plume_appearance(p);
    if (!present) a.scale = 0.0;
    vec4 position;
    vec2 uv;
    plume_quad_corner(a, gl_VertexID, position, uv);
    gl_Position = position;
    f_uv = uv;
    f_color = a.color;
}

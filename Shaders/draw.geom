// Drawing through the geometry stage: expands a particle into its quad (plume_quad.glsl).
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;

in Particle2D {
    vec3 position;
    float scale;
    float angle;
    vec4 color;
    float frame;
} v_in[];

out vec2 f_uv;
flat out vec4 f_color;

void main() {
    Appearance a = Appearance(v_in[0].position, v_in[0].scale, v_in[0].angle, v_in[0].color, v_in[0].frame);
    for (int i = 0; i < 4; ++i) {
        vec4 position;
        vec2 uv;
        if (!plume_quad_corner(a, i, position, uv)) return;
        gl_Position = position;
        f_uv = uv;
        f_color = a.color;
        EmitVertex();
    }
    EndPrimitive();
}

// Drawing through the geometry stage in sorted order, vertex stage: vertex i draws the i-th entry
// of the sorted (key, index) list; sentinel entries draw nothing (zero scale).

out Particle2D {
    vec3 position;
    float scale;
    float angle;
    vec4 color;
    float frame;
} v_out;

void main() {
    Particle p;
    bool present = plume_sorted_particle(gl_VertexID, p);
    Appearance a = plume_appearance(p);
    v_out.position = a.position;
    v_out.scale = present ? a.scale : 0.0;     // the geometry stage drops zero-size quads
    v_out.angle = a.angle;
    v_out.color = a.color;
    v_out.frame = a.frame;
}

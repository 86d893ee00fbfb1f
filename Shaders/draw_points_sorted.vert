// Drawing as point sprites in sorted order, vertex stage: vertex i draws the i-th entry of the
// sorted (key, index) list; sentinel entries draw nothing.
flat out mat2 f_coordToUnit;
flat out vec2 f_coordOffset;
flat out vec4 f_frameRect;
flat out vec4 f_color;

void main() {
    Particle p;
    bool present = plume_sorted_particle(gl_VertexID, p);
    Appearance a = plume_appearance(p);
    if (!present) a.scale = 0.0;
    PointSprite s = plume_point_sprite(a);
    gl_Position = s.position;
    gl_PointSize = s.size;
    f_coordToUnit = s.coordToUnit;
    f_coordOffset = s.coordOffset;
    f_frameRect = s.frameRect;
    f_color = a.color;
}

// Drawing as point sprites, vertex stage: one particle record per vertex (plume_point.glsl).
in uvec4 a_rec[REC_VECS(0, CHILD)];

flat out mat2 f_coordToUnit;
flat out vec2 f_coordOffset;
flat out vec4 f_frameRect;
flat out vec4 f_color;

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(0, CHILD) ? a_rec[i] : uvec4(0u);
    Appearance a = plume_appearance(plume_unpack(r, 0, CHILD));
    PointSprite s = plume_point_sprite(a);
    gl_Position = s.position;
    gl_PointSize = s.size;
    f_coordToUnit = s.coordToUnit;
    f_coordOffset = s.coordOffset;
    f_frameRect = s.frameRect;
    f_color = a.color;
}

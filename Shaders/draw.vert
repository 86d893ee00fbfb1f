// Drawing, vertex stage: one particle record per vertex (the particle fields of any layout),
// evaluated at the layer time u_time exactly as the snapshot evaluates it (Semantics §5, §10).
in uvec4 a_rec[REC_VECS(0)];

out Particle2D {
    vec3 position;
    float scale;
    float angle;
    vec4 color;                    // straight, clamped
} v_out;

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(0) ? a_rec[i] : uvec4(0u);
    Particle p = plume_unpack(r, 0);
    float age = float(u_time - p.birth);
    Motion m = plume_draw_motion(p, u_time, u_acc, u_behaviorsOn, u_behaviors);   // motion behaviours too
    v_out.position = m.position;
    v_out.scale = p.scale0 + p.scaleSpeed * age;
    v_out.angle = p.angle0 + p.spin * age;
    v_out.color = p.color0 + u_colorSpeed * age;
    plume_draw_behaviors(u_behaviorsOn, u_behaviors, age, float(p.lifetime), m.velocity, p.spin,
                         v_out.scale, v_out.angle, v_out.color);   // curves, alignment; clamps the colour
}

// Drawing in sorted order, vertex stage: vertex i draws the i-th entry of the sorted (key, index)
// list, fetching that record from the record buffer; sentinel entries draw nothing.

out Particle2D {
    vec3 position;
    float scale;
    float angle;
    vec4 color;
} v_out;

void main() {
    uint index = texelFetch(u_entries, gl_VertexID).y;
    if (index == 0xFFFFFFFFu) {
        v_out.scale = 0.0;                     // the geometry stage drops zero-size quads
        v_out.position = vec3(0.0);
        v_out.angle = 0.0;
        v_out.color = vec4(0.0);
        return;
    }
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(0) ? texelFetch(u_records, int(index) * u_recordVecs + i) : uvec4(0u);
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

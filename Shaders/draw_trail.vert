// Drawing trails (Semantics §10 "Trails"), vertex stage: instance = particle (its record as
// per-instance attributes, or the instance-th entry of the sorted list), a triangle strip of
// 2·(u_trailCount + 2) vertices: vertex 2i and 2i + 1 are the two edges of the ribbon at point i
// (plume_trail.glsl). The ribbon lies in the layer plane across the trail's direction there, as
// wide as the particle's drawn height times the width curve; a point with no direction (a repeated
// tail, a particle at rest) has no width.
#ifndef PROGRAM_drawTrailSorted
in uvec4 a_rec[REC_VECS(0, CHILD)];
#endif

out vec2 f_uv;
out vec4 f_color;

void main() {
    Particle p;
    bool present = true;
#ifdef PROGRAM_drawTrailSorted
    present = plume_sorted_particle(gl_InstanceID, p);
#else
    uvec4 r[REC_MAX];
    for (int k = 0; k < REC_MAX; ++k) r[k] = k < REC_VECS(0, CHILD) ? a_rec[k] : uvec4(0u);
    p = plume_unpack(r, 0, CHILD);
#endif
    Appearance a = plume_appearance(p);
    uvec2 key = plume_key(p, plume_row_BirthParams(u_births, p.generation).index);
    int age = p.age + u_dt;
    int span = u_trailCount * u_trailSpacing;
    int tail = max(0, age - span);
    int grid = plume_trail_grid_points(age, tail);
    int i = min(gl_VertexID / 2, grid + 1);
    int at = plume_trail_age(age, tail, grid, i);
    vec3 here = plume_trail_position(p, key, at);
    vec3 newer = i > 0 ? plume_trail_position(p, key, plume_trail_age(age, tail, grid, i - 1)) : here;
    vec3 older = i <= grid ? plume_trail_position(p, key, plume_trail_age(age, tail, grid, i + 1)) : here;
    vec2 d = (newer - older).xy;
    float len = length(d);
    float u = float(age - at) / float(span);
    vec4 frameRect = plume_frame_rect(a.frame);
    float height = 2.0 * abs(plume_half_size(frameRect, a.scale).y);
    float width = (present && len > 0.0 && age > tail) ? height * plume_trail_curve(0, u) : 0.0;
    float side = (gl_VertexID & 1) == 0 ? -0.5 : 0.5;
    vec2 across = len > 0.0 ? vec2(-d.y, d.x) / len : vec2(0.0);
    vec3 point = vec3(here.xy + across * (side * width), u_preservesDepth ? here.z : 0.0);
    gl_Position = u_viewProjection * vec4(point, 1.0);
    // the image's right half along the trail (its centre column at the particle, its right edge at
    // a full trail's end: a round sprite continues its own glow), its y axis across it
    vec2 unit = vec2(0.5 + 0.5 * u, side + 0.5);
    if (u_flipImage) unit.y = 1.0 - unit.y;
    f_uv = frameRect.xy + unit * frameRect.zw;
    vec4 factor = vec4(plume_trail_curve(1, u), plume_trail_curve(2, u), plume_trail_curve(3, u), plume_trail_curve(4, u));
    f_color = clamp(a.color * factor, 0.0, 1.0);
}

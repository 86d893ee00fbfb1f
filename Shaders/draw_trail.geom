// Drawing trails (Semantics §10 "Trails"), geometry stage: point i is a particle (record i, or the
// i-th entry of the sorted list); it becomes a triangle strip with two vertices, the ribbon's two
// edges, at each point of its trail (plume_trail.glsl), head first. The ribbon lies in the layer
// plane across the trail's direction there (from the older to the newer neighbour), as wide as the
// particle's drawn height × the width curve; a point with no direction has no width. The appearance
// and each position are evaluated once per particle and point.
layout(points) in;
layout(triangle_strip, max_vertices = 100) out;   // 2 · TRAIL_MAX_POINTS

out vec2 f_uv;
out vec4 f_color;

void main() {
    Particle p;
    if (!plume_trail_particle(gl_PrimitiveIDIn, p)) return;
    Appearance a = plume_appearance(p);
    uvec2 key = plume_key(p, plume_row_BirthParams(u_births, p.generation).index);
    int age = p.age;
    int span = u_trailCount * u_trailSpacing;
    int tail = max(0, age - span);
    if (!(age > tail)) return;                       // a newborn: its position alone
    int last = plume_trail_grid_points(age, tail) + 1;  // the tail's index
    vec4 frameRect = plume_frame_rect(a.frame);
    float height = 2.0 * abs(plume_half_size(frameRect, a.scale).y);
    TrailWalk walk = plume_trail_walk(p);
    // Points j = 0 … last from one call of plume_trail_position (the walk is large once inlined);
    // point i = j − 1 is emitted when its older neighbour j is known (the tail's is itself).
    vec3 newer = vec3(0.0), here = vec3(0.0);
    for (int j = 0; j <= last + 1 && j <= TRAIL_MAX_POINTS; ++j) {
        vec3 older = j <= last ? plume_trail_position(p, key, plume_trail_age(age, tail, last - 1, j), walk) : here;
        if (j == 0) {
            newer = older;
            here = older;
            continue;
        }
        int at = plume_trail_age(age, tail, last - 1, j - 1);
        vec2 d = (newer - older).xy;
        float len = length(d);
        float u = float(age - at) / float(span);
        float width = len > 0.0 ? height * plume_trail_curve(0, u) : 0.0;
        vec2 across = len > 0.0 ? vec2(-d.y, d.x) / len : vec2(0.0);
        vec4 color = clamp(a.color * vec4(plume_trail_curve(1, u), plume_trail_curve(2, u), plume_trail_curve(3, u),
                                          plume_trail_curve(4, u)), 0.0, 1.0);
        for (int s = 0; s < 2; ++s) {
            float side = s == 0 ? -0.5 : 0.5;
            vec3 point = vec3(here.xy + across * (side * width), u_preservesDepth ? here.z : 0.0);
            gl_Position = u_viewProjection * vec4(point, 1.0);
            // the image's right half along the trail (its centre column at the particle, its right
            // edge at a full trail's end: a round sprite's glow runs on), its height across
            vec2 unit = vec2(0.5 + 0.5 * u, side + 0.5);
            if (u_flipImage) unit.y = 1.0 - unit.y;
            f_uv = frameRect.xy + unit * frameRect.zw;
            f_color = color;
            EmitVertex();
        }
        newer = here;
        here = older;
    }
    EndPrimitive();
}

// Drawing trails (Semantics §10 "Trails"), geometry stage: point i is a particle (record i, or the
// i-th entry of the sorted list); it becomes a triangle strip with two vertices, the ribbon's two
// edges, at each point of its trail (plume_trail.glsl), head first. The ribbon lies in the layer
// plane across the trail's direction there (from the older to the newer neighbour), as wide as the
// particle's drawn height × the width curve; a point with no direction (neighbours less than
// 1/TRAIL_STILL points apart: Trail.stillDistance) has no width. The appearance
// is evaluated once per particle; the points are the head and the record's samples.
layout(points) in;
layout(triangle_strip, max_vertices = 100) out;   // 2 · TRAIL_MAX_POINTS

out vec2 f_uv;
out vec4 f_color;

void main() {
    Particle p;
    int index;
    if (!plume_trail_particle(gl_PrimitiveIDIn, p, index)) return;
    Appearance a = plume_appearance(p);
    int age = p.age;
    int span = u_trailCount * u_trailSpacing;
    int tail = max(0, age - span);
    if (!(age > tail)) return;                       // a newborn: its position alone
    vec4 frameRect = plume_frame_rect(a.frame);
    float height = 2.0 * abs(plume_half_size(frameRect, a.scale).y);
    // Each point (`here`) is emitted once its older neighbour is known (the direction there); the
    // last point's older neighbour is itself.
    vec3 newer = a.position, here = a.position;
    int hereAge = age;
    int k = (age - 1) / u_trailSpacing;              // the newest sample strictly before the head
    bool ended = false;                              // the trail's last point is found
    for (int j = 1; j <= TRAIL_MAX_POINTS; ++j) {
        vec3 older = here;
        int olderAge = hereAge;
        bool last = ended;
        vec3 s;
        if (!ended && plume_trail_sample(index, k, s)) {
            int g = k * u_trailSpacing;
            // the tail: on the chord from the sample at or before it to its newer neighbour
            ended = g <= tail;
            older = ended ? s + (here - s) * (float(tail - g) / float(hereAge - g)) : s;
            olderAge = max(g, tail);
            --k;
        } else {
            last = true;                             // `here` is the last point (a sample not recorded ends it)
        }
        vec2 d = (newer - older).xy;
        float len = length(d);
        float u = float(age - hereAge) / float(span);
        bool moving = len * float(TRAIL_STILL) >= 1.0;
        float width = moving ? height * plume_trail_curve(0, u) : 0.0;
        vec2 across = moving ? vec2(-d.y, d.x) / len : vec2(0.0);
        vec4 color = clamp(a.color * vec4(plume_trail_curve(1, u), plume_trail_curve(2, u), plume_trail_curve(3, u),
                                          plume_trail_curve(4, u)), 0.0, 1.0);
        for (int side = 0; side < 2; ++side) {
            float offset = side == 0 ? -0.5 : 0.5;
            vec3 point = vec3(here.xy + across * (offset * width), u_preservesDepth ? here.z : 0.0);
            gl_Position = u_viewProjection * vec4(point, 1.0);
            // the image's right half along the trail (its centre column at the particle, its right
            // edge at a full trail's end: a round sprite's glow runs on), its height across
            vec2 unit = vec2(0.5 + 0.5 * u, offset + 0.5);
            if (u_flipImage) unit.y = 1.0 - unit.y;
            f_uv = frameRect.xy + unit * frameRect.zw;
            f_color = color;
            EmitVertex();
        }
        if (last) break;
        newer = here;
        here = older;
        hereAge = olderAge;
    }
    EndPrimitive();
}

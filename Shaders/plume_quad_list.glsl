// The quad-list pass (Sources/PlumeGL/Render/ParticleRenderer+QuadList.swift): a particle's
// appearance as the quad the draw fetches (plume_quad_record.glsl), the same quad as
// plume_quad_corner.glsl computes per corner. An angle of exactly 0 gives axes along x and y
// exactly, so that the draw's two triangles form an axis-aligned rectangle bit for bit. Quads
// that cannot change a pixel (wholly outside the clip volume, or of zero colour) list as nothing.

ListedQuad plume_list_quad(Appearance a) {
    vec4 rect = plume_frame_rect(a.frame);
    vec2 h = plume_half_size(rect, a.scale);
    ListedQuad q;
    q.center = plume_quad_center(a);
    q.uv = plume_quad_uv(rect, vec2(-1.0));
    q.color = vec4(a.color.rgb * a.color.a, a.color.a) * u_layerOpacity;
    q.axes = vec4(0.0);
    // A quad whose colour packs to zero changes no pixel in either blend mode: it lists as nothing.
    bool clear = all(lessThan(q.color, vec4(0.5 / 65535.0)));
    if (h.x > 0.0 && h.y > 0.0 && !clear) {
        float c = a.angle == 0.0 ? 1.0 : cos(a.angle), s = a.angle == 0.0 ? 0.0 : sin(a.angle);
        q.axes = vec4(c * h.x, s * h.x, -s * h.y, c * h.y);
        // A quad wholly outside the clip volume lists as nothing: the draw keeps every vertex
        // of the others inside its padded viewport (ParticleRenderer+QuadList.swift).
        bvec3 below = bvec3(true), above = bvec3(true);
        for (int k = 0; k < 4; ++k) {
            vec2 corner = vec2(float(k & 1), float(k >> 1)) * 2.0 - 1.0;
            vec4 p = u_viewProjection * vec4(q.center + vec3(corner.x * q.axes.xy + corner.y * q.axes.zw, 0.0), 1.0);
            below = bvec3(below.x && p.x < -p.w, below.y && p.y < -p.w, below.z && p.z < -p.w);
            above = bvec3(above.x && p.x > p.w, above.y && p.y > p.w, above.z && p.z > p.w);
        }
        if (any(below) || any(above)) q.axes = vec4(0.0);
    }
    return q;
}

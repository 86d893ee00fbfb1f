// A particle as a point sprite (Semantics §10, the same quad as plume_quad.glsl): the point is a
// square of window pixels covering the part of the rotated quad inside the viewport; the fragment
// stage maps each pixel back to quad coordinates (f_toUnit) and discards those outside the quad.
// Exact for projections without perspective (the renderer picks this path only for those; under a
// perspective projection the quad is its tangent-plane approximation at the centre).

struct PointSprite {
    bool visible;
    vec4 position;      // clip position of the point (the visible part's centre)
    float size;         // pixels
    vec2 center;        // the quad's centre in window pixels
    mat2 toUnit;        // window pixel offset from the centre → quad coordinates in [−1, 1]²
    vec4 frameRect;
};

PointSprite plume_point_sprite(Appearance a) {
    PointSprite s;
    s.visible = false;
    s.position = vec4(2.0, 2.0, 2.0, 1.0);
    s.size = 1.0;
    s.center = vec2(0.0);
    s.toUnit = mat2(0.0);
    s.frameRect = plume_frame_rect(a.frame);
    vec2 h = plume_half_size(s.frameRect, a.scale);
    if (!(h.x > 0.0 && h.y > 0.0)) return s;
    vec4 clip = u_viewProjection * vec4(plume_quad_center(a), 1.0);
    if (!(clip.w > 0.0)) return s;
    vec2 pixels = u_viewport.zw * 0.5;                     // window pixels per NDC unit
    vec2 c = u_viewport.xy + (clip.xy / clip.w + 1.0) * pixels;
    float cs = cos(a.angle), sn = sin(a.angle);
    mat2 toPixels = mat2(pixels.x, 0.0, 0.0, pixels.y) * mat2(u_viewProjection[0].xy, u_viewProjection[1].xy)
                  * mat2(cs, sn, -sn, cs) * mat2(h.x, 0.0, 0.0, h.y) * (1.0 / clip.w);
    float det = determinant(toPixels);
    if (!(abs(det) > 1e-12)) return s;
    vec2 extent = abs(toPixels[0]) + abs(toPixels[1]);    // half the quad's bounding box
    vec2 lo = max(c - extent, u_viewport.xy), hi = min(c + extent, u_viewport.xy + u_viewport.zw);
    if (!(hi.x > lo.x && hi.y > lo.y)) return s;
    vec2 mid = (lo + hi) * 0.5;
    s.visible = true;
    s.position = vec4(((mid - u_viewport.xy) / pixels - 1.0) * clip.w, clip.z, clip.w);
    s.size = max(hi.x - lo.x, hi.y - lo.y) + 1.0 / 64.0;
    s.center = c;
    s.toUnit = inverse(toPixels);
    return s;
}

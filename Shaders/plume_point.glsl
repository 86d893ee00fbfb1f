// A particle as a point sprite (Semantics §10, the same quad as plume_quad.glsl): the point is a
// square of window pixels covering the part of the rotated quad inside the viewport; the fragment
// stage maps each pixel's point coordinate back to quad coordinates and discards those outside
// the quad. (From gl_PointCoord rather than gl_FragCoord: llvmpipe's rasterizer threads shade the
// same mapping with about a fifth less CPU time so.) The renderer sets GL_POINT_SPRITE_COORD_ORIGIN
// to GL_UPPER_LEFT.
// Exact for projections without perspective (the renderer picks this path only for those; under a
// perspective projection the quad is its tangent-plane approximation at the centre).

struct PointSprite {
    bool visible;
    vec4 position;      // clip position of the point (the visible part's centre)
    float size;         // pixels
    mat2 coordToUnit;   // q = coordToUnit · gl_PointCoord + coordOffset: the quad coordinates
    vec2 coordOffset;   // (in [−1, 1]² inside the quad) of a pixel of the point
    vec4 frameRect;
};

PointSprite plume_point_sprite(Appearance a) {
    PointSprite s;
    s.visible = false;
    s.position = vec4(2.0, 2.0, 2.0, 1.0);
    s.size = 1.0;
    s.coordToUnit = mat2(0.0);
    s.coordOffset = vec2(2.0);
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
    // The box, and a margin so that pixel centres exactly on its edge are in (the fragment stage
    // keeps those the quad has); cut to the driver's limit (the mapping uses the cut size).
    s.size = min(max(hi.x - lo.x, hi.y - lo.y) + 1.0 / 64.0, u_pointSizeLimit);
    // Window offset from the point's centre = size · (pc.x − ½, ½ − pc.y) (upper-left origin).
    mat2 toUnit = inverse(toPixels);
    s.coordToUnit = toUnit * mat2(s.size, 0.0, 0.0, -s.size);
    s.coordOffset = toUnit * (mid - c - vec2(0.5 * s.size, -0.5 * s.size));
    return s;
}

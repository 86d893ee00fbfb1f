// A corner of a particle's quad in clip space (plume_quad.glsl), for the draw programs that
// expand quads per vertex or in a geometry stage.

// Corner i (0…3, triangle-strip order) of the quad: its clip position and texture coordinate.
// False for a particle that draws nothing (zero or negative size).
bool plume_quad_corner(Appearance a, int i, out vec4 position, out vec2 uv) {
    vec4 rect = plume_frame_rect(a.frame);
    vec2 half_ = plume_half_size(rect, a.scale);
    position = vec4(2.0, 2.0, 2.0, 1.0);       // outside the clip volume
    uv = vec2(0.0);
    if (!(half_.x > 0.0 && half_.y > 0.0)) return false;
    vec2 corner = vec2((i & 1) == 0 ? -1.0 : 1.0, (i & 2) == 0 ? -1.0 : 1.0);
    float c = cos(a.angle), s = sin(a.angle);
    vec2 local = corner * half_;
    vec2 turned = vec2(c * local.x - s * local.y, s * local.x + c * local.y);
    position = u_viewProjection * vec4(plume_quad_center(a) + vec3(turned, 0.0), 1.0);
    uv = plume_quad_uv(rect, corner);
    return true;
}

// Drawing as point sprites, fragment stage: the pixel's quad coordinates from its point
// coordinate (plume_point.glsl); pixels outside the rotated quad are discarded; then as draw.frag.
flat in mat2 f_coordToUnit;
flat in vec2 f_coordOffset;
flat in vec4 f_frameRect;
flat in vec4 f_color;

out vec4 o_color;

void main() {
    vec2 q = f_coordToUnit * gl_PointCoord + f_coordOffset;
    vec4 texel = texture(u_image, plume_quad_uv(f_frameRect, q));   // sampled before the discard (derivatives)
    if (any(greaterThan(abs(q), vec2(1.0)))) discard;
    o_color = texel * vec4(f_color.rgb * f_color.a, f_color.a) * u_layerOpacity;
}

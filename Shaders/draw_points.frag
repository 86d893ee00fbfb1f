// Drawing as point sprites, fragment stage: the pixel's quad coordinates from its window offset to
// the quad's centre; pixels outside the rotated quad are discarded; then as draw.frag.
flat in vec2 f_center;
flat in mat2 f_toUnit;
flat in vec4 f_frameRect;
flat in vec4 f_color;

out vec4 o_color;

void main() {
    vec2 q = f_toUnit * (gl_FragCoord.xy - f_center);
    vec4 texel = texture(u_image, plume_quad_uv(f_frameRect, q));   // sampled before the discard (derivatives)
    if (any(greaterThan(abs(q), vec2(1.0)))) discard;
    o_color = texel * vec4(f_color.rgb * f_color.a, f_color.a) * u_layerOpacity;
}

// Drawing trails, fragment stage: the trail's colour (straight, clamped, interpolated along it),
// premultiplied, times the premultiplied image (Semantics §10 "Colour").
in vec2 f_uv;
in vec4 f_color;

out vec4 o_color;

void main() {
    o_color = texture(u_image, f_uv) * vec4(f_color.rgb * f_color.a, f_color.a) * u_layerOpacity;
}

// Drawing (geometry stage and instanced quads), fragment stage: clamped particle colour, premultiplied, times the premultiplied image.
in vec2 f_uv;
flat in vec4 f_color;

out vec4 o_color;

void main() {
    o_color = texture(u_image, f_uv) * vec4(f_color.rgb * f_color.a, f_color.a) * u_layerOpacity;
}

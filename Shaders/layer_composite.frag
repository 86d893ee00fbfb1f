// The layer's premultiplied image times its opacity (blended ONE, ONE_MINUS_SRC_ALPHA: source-over).
in vec4 f_color;
in vec2 f_uv;

out vec4 o_color;

void main() {
    o_color = texture(u_image, f_uv) * f_color;
}

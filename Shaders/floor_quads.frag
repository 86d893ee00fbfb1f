// The quad floor's fragment stage: the image at the interpolated coordinate times the
// interpolated colour, nothing else (what llvmpipe's 8-bit linear path accepts).
in vec4 f_color;
in vec2 f_uv;

out vec4 o_color;

void main() {
    o_color = texture(u_image, f_uv) * f_color;
}

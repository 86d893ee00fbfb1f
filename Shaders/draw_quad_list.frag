// Drawing a quad list, fragment stage: the premultiplied image times the listed quad's colour
// (already premultiplied and faded), nothing else: what llvmpipe's 8-bit linear path accepts.
in vec4 f_color;
in vec2 f_uv;

out vec4 o_color;

void main() {
    o_color = texture(u_image, f_uv) * f_color;
}

// The layer's premultiplied image times its opacity (blended ONE, ONE_MINUS_SRC_ALPHA: source-over).
// The opacity is a uniform here, not an interpolated colour: Mesa 22.3's 8-bit linear path drew
// only the red channel of some tiles of a viewport-sized rectangle shaded "image × colour"
// (CompositingTests.additiveOnBlackIsUnchanged at 320×240).
in vec2 f_uv;

out vec4 o_color;

void main() {
    o_color = texture(u_image, f_uv) * u_opacity;
}

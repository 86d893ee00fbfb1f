// The layer's premultiplied image times its opacity (blended ONE, ONE_MINUS_SRC_ALPHA: source-over),
// each fragment's own texel fetched exactly. Not "image at an interpolated coordinate × an
// interpolated colour": Mesa 22.3's 8-bit linear path drew only the red channel of some tiles of
// such a viewport-sized rectangle (CompositingTests.additiveOnBlackIsUnchanged at 320×240).
out vec4 o_color;

void main() {
    o_color = texelFetch(u_image, ivec2(gl_FragCoord.xy - u_origin), 0) * u_opacity;
}

// A layer's premultiplied image as it is (blended ONE, ONE_MINUS_SRC_ALPHA: source-over), for an
// image at full opacity or one faded while its particles were drawn into it. Nothing but the
// texture read: Mesa's llvmpipe recognises this fragment stage over a B8G8R8A8 target with a
// B8G8R8A8 image and nearest filters as a blit and blends whole rows of texels, about half the
// cost of layer_composite.frag's image × opacity (plume-bench --only compositing).
in vec2 f_uv;

out vec4 o_color;

void main() {
    o_color = texture(u_image, f_uv);
}

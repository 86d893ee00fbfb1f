// A layer's image over what lies below (ParticleRenderer+Compositing.swift): the viewport cut
// into tiles of TILE × TILE pixels, each two triangles sharing two corners (six vertices by
// gl_VertexID, as floor_quads.vert), each fragment at its own texel of the viewport-sized image.
// Small axis-aligned rectangles shaded "image at an interpolated coordinate × an interpolated
// colour" on B8G8R8A8 targets take llvmpipe's 8-bit linear path; one viewport-sized rectangle
// did too, but Mesa 22.3 lost green and blue in some of its tiles. The colour is declared
// before the coordinate, as in floor_quads.vert.
const int CORNERS[6] = int[6](0, 1, 2, 2, 1, 3);   // corner k = (k & 1, k >> 1) of the unit square
const float TILE = 64.0;

out vec4 f_color;
out vec2 f_uv;

void main() {
    int tile = gl_VertexID / 6;
    int k = CORNERS[gl_VertexID - 6 * tile];
    vec2 cell = vec2(float(tile % u_columns), float(tile / u_columns));
    vec2 corner = min((cell + vec2(float(k & 1), float(k >> 1))) * TILE, u_size);   // pixels
    vec2 uv = corner / u_size;
    gl_Position = vec4(uv * 2.0 - 1.0, 0.0, 1.0);
    f_color = vec4(u_opacity);
    f_uv = uv;
}

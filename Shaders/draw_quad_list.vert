// Drawing a quad list, vertex stage: six vertices per listed quad, two separate triangles sharing
// two corners (the same arithmetic for both, so that llvmpipe bins an unrotated pair as one
// rectangle). Vertex v is corner CORNERS[v mod 6] of quad v / 6; corner k = (k & 1, k >> 1) of the
// unit square, as plume_quad_corner.glsl numbers them.
const int CORNERS[6] = int[6](0, 1, 2, 2, 1, 3);

// The colour is declared before the coordinate: the other way round, Mesa 22.3's 8-bit linear
// path swapped them (see floor_quads.vert).
out vec4 f_color;
out vec2 f_uv;

void main() {
    int quad = gl_VertexID / 6;
    int k = CORNERS[gl_VertexID - 6 * quad];
    ListedQuad q = plume_fetch_quad(u_quads, quad);
    vec2 corner = vec2(float(k & 1), float(k >> 1)) * 2.0 - 1.0;
    vec2 turned = corner.x * q.axes.xy + corner.y * q.axes.zw;
    gl_Position = u_viewProjection * vec4(q.center + vec3(turned, 0.0), 1.0);
    if (q.axes == vec4(0.0)) gl_Position = vec4(0.0, 0.0, 0.0, 1.0);   // listed as nothing
    f_color = q.color;
    f_uv = q.uv + (corner * 0.5 + 0.5) * u_frameSize;
}

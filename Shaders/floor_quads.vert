// The driver's drawing floor as quads (Sources/PlumeGL/Measure/DrawFloor.swift): six vertices per
// sprite, two separate triangles sharing two corners, each vertex fetching its sprite's 16 bytes
// (x, y in NDC, size in pixels, alpha). Mesa's llvmpipe recognises such a pair as an axis-aligned
// rectangle, and shades it on its 8-bit linear path when the fragment stage is only "image at an
// interpolated coordinate × an interpolated colour" (no flat outputs), the target and the image
// are B8G8R8A8, and a draw call holds at most 4092 vertices. The colour is declared before the
// coordinate: the other way round, Mesa 22.3's linear path sampled the image at the colour and
// tinted it by the coordinate (MeasureTests.quadFloorDrawsTheSameSprites compares the pictures).
const int CORNERS[6] = int[6](0, 1, 2, 2, 1, 3);   // corner k = (k & 1, k >> 1) of the unit square

out vec4 f_color;
out vec2 f_uv;

void main() {
    int sprite = gl_VertexID / 6;
    int k = CORNERS[gl_VertexID - 6 * sprite];
    vec4 v = uintBitsToFloat(texelFetch(u_vertices, sprite));
    vec2 corner = vec2(float(k & 1), float(k >> 1));
    gl_Position = vec4(v.xy + (corner - 0.5) * v.z * u_pixelSize, 0.0, 1.0);
    f_uv = vec2(corner.x, 1.0 - corner.y);          // image rows from the top, as gl_PointCoord's upper-left origin
    f_color = vec4(u_color.rgb * v.w, v.w);
}

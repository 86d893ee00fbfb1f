// A layer's image over what lies below (ParticleRenderer+Compositing.swift): two triangles that
// cover the viewport, each fragment at its own texel of the viewport-sized image.
const int CORNERS[6] = int[6](0, 1, 2, 2, 1, 3);   // corner k = (k & 1, k >> 1) of the unit square

out vec2 f_uv;

void main() {
    int k = CORNERS[gl_VertexID];
    vec2 corner = vec2(float(k & 1), float(k >> 1));
    gl_Position = vec4(corner * 2.0 - 1.0, 0.0, 1.0);
    f_uv = corner;
}

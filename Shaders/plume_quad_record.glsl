// A listed quad (quad lists, Sources/PlumeGL/Render/ParticleRenderer+QuadList.swift): a particle's
// quad as the quad-list pass writes it once per draw (plume_quad_list.glsl) and the six vertices
// that draw it read it (draw_quad_list.vert). QUAD_VECS (the contract) uvec4s:
//   0: the centre (layer units: x, y, z), then red and green
//   1: the half axes (layer units): u = R(angle)·(half width, 0), v = R(angle)·(0, half height)
//   2: the texture coordinate of the quad's (−1, −1) corner (x, y), then blue and alpha, then 0
// The colour is premultiplied and times the layer's opacity, each pair of channels as two 16-bit
// unsigned normalised integers (low half first). A particle that draws nothing has zero axes: its
// triangles have no area.

struct ListedQuad {
    vec3 center;
    vec4 axes;      // u (xy), v (zw)
    vec2 uv;        // at the (−1, −1) corner; the other corners add (corner + 1)/2 · the frame size
    vec4 color;
};

uint plume_unorm16x2(vec2 v) {
    uvec2 u = uvec2(round(clamp(v, 0.0, 1.0) * 65535.0));
    return u.x | (u.y << 16);
}

vec2 plume_unorm16x2(uint w) {
    return vec2(float(w & 0xFFFFu), float(w >> 16)) * (1.0 / 65535.0);
}

void plume_pack_quad(ListedQuad q, out uvec4 r[QUAD_VECS]) {
    r[0] = uvec4(floatBitsToUint(q.center), plume_unorm16x2(q.color.rg));
    r[1] = floatBitsToUint(q.axes);
    r[2] = uvec4(floatBitsToUint(q.uv), plume_unorm16x2(q.color.ba), 0u);
}

ListedQuad plume_fetch_quad(usamplerBuffer quads, int i) {
    uvec4 r0 = texelFetch(quads, QUAD_VECS * i);
    uvec4 r1 = texelFetch(quads, QUAD_VECS * i + 1);
    uvec4 r2 = texelFetch(quads, QUAD_VECS * i + 2);
    return ListedQuad(uintBitsToFloat(r0.xyz), uintBitsToFloat(r1), uintBitsToFloat(r2.xy),
                      vec4(plume_unorm16x2(r0.w), plume_unorm16x2(r2.z)));
}

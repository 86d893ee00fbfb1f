// Birth pass (SPEC §3–§4): the host found this update's births of a top-level cell on its emission
// grid (u_births); each vertex samples one of them on the layer's shape, at its exact birth time.
layout(points) in;
layout(points, max_vertices = 1) out;

flat in int v_index[];
out uvec4 xf_rec[REC_VECS(CSUB)];  // @capture

void main() {
    double i = double(v_index[0]);
    precise double birth = min(u_segStart + (u_firstCrossing + i - u_clockAtStart) * u_inverseRate, u_until);
    uint serial = u_firstSerial + uint(v_index[0]);
    uvec2 key = plume_child_key(uvec2(0u), u_cell.index, serial);
    LayerParams layer = u_layer;
    if (u_pathOn) {
        float f = float((birth - u_pathStart) * u_pathInverseSpan);   // EmitterPath.fraction(at:)
        layer.position = u_pathFrom + (u_layer.position - u_pathFrom) * f;
    }
    Particle p;
    if (!plume_sample(layer, u_cell, key, uvec2(0u), serial, birth, false, vec3(0.0), vec3(0.0), 0.0, vec4(0.0), p)) return;
    uvec4 o[REC_MAX];
    plume_pack(p, CSUB, o);
    for (int i = 0; i < REC_VECS(CSUB); ++i) xf_rec[i] = o[i];
    EmitVertex();
}

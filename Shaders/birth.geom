// Birth pass (Semantics §3–§4): the host found this update's births of a top-level cell with its
// emission clock (EmissionClock); each vertex samples one of them on the layer's shape, at its
// birth tick, and writes it as it is at this update's end (its age then; the update pass moves it there).
layout(points) in;
layout(points, max_vertices = 1) out;

flat in int v_index[];
out uvec4 xf_rec[REC_VECS(CSUB, 0)];  // @capture

void main() {
    uint i = uint(v_index[0]);
    int age = u_firstAge - plume_batch_offset(i, u_excess, u_step);
    uint serial = u_firstSerial + i;
    uvec2 key = plume_child_key(uvec2(0u), u_cell.index, serial);
    LayerParams layer = u_layer;
    if (u_pathOn) {
        float f = 1.0 - (u_pathLag + plume_seconds(age)) / u_pathDuration;   // EmitterPath.position(atTick:end:to:)
        layer.position = u_pathFrom + (u_layer.position - u_pathFrom) * f;
    }
    Particle p;
    if (!plume_sample(layer, u_cell, u_generation, key, uvec2(0u), serial, age, false, vec3(0.0), vec3(0.0), 0.0, vec4(0.0), p)) return;
    uvec4 o[REC_MAX];
    plume_pack(p, CSUB, 0, o);
    for (int k = 0; k < REC_VECS(CSUB, 0); ++k) xf_rec[k] = o[k];
    EmitVertex();
}

// Birth pass (SPEC §3–§4): the host found this update's births of a top-level cell on its emission
// grid (u_births); each vertex samples one of them on the layer's shape, at its exact birth time.
layout(points) in;
layout(points, max_vertices = 1) out;

flat in int v_index[];
out uvec4 xf_rec[REC_VECS(CSUB)];  // @capture

uniform uint u_firstSerial;
uniform double u_firstCrossing;
uniform double u_segStart;
uniform double u_clockAtStart;
uniform double u_inverseRate;         // 1 / rate (no fp64 division on the GPU)
uniform double u_until;               // the update's end: no birth after it
uniform LayerParams u_layer;
uniform CellParams u_cell;
uniform bool u_pathOn;             // an animated emitter: births lie on the line from u_pathFrom
uniform vec3 u_pathFrom;           // (its position at the previous update, layer time u_pathStart)
uniform double u_pathStart;        // to u_layer.position (now, u_pathEnd) at their birth times
uniform double u_pathEnd;

void main() {
    double i = double(v_index[0]);
    precise double birth = min(u_segStart + (u_firstCrossing + i - u_clockAtStart) * u_inverseRate, u_until);
    uint serial = u_firstSerial + uint(v_index[0]);
    uvec2 key = plume_child_key(uvec2(0u), u_cell.index, serial);
    LayerParams layer = u_layer;
    if (u_pathOn) {
        float f = float((birth - u_pathStart) / (u_pathEnd - u_pathStart));
        layer.position = u_pathFrom + (u_layer.position - u_pathFrom) * f;
    }
    Particle p;
    if (!plume_sample(layer, u_cell, key, uvec2(0u), serial, birth, false, vec3(0.0), vec3(0.0), 0.0, vec4(0.0), p)) return;
    uvec4 o[REC_MAX];
    plume_pack(p, CSUB, o);
    for (int i = 0; i < REC_VECS(CSUB); ++i) xf_rec[i] = o[i];
    EmitVertex();
}

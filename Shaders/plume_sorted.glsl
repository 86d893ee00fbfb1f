// The i-th particle of a sorted entry list (ParticleOrdering.swift): its record fetched from the
// record buffer. False for a sentinel entry (nothing to draw).
bool plume_sorted_particle(int i, out Particle p) {
    uint index = texelFetch(u_entries, i).y;
    uvec4 r[REC_MAX];
    for (int v = 0; v < REC_MAX; ++v) r[v] = uvec4(0u);
    if (index == 0xFFFFFFFFu) {
        p = plume_unpack(r, 0, CHILD);
        return false;
    }
    for (int v = 0; v < REC_MAX; ++v) {
        if (v < REC_VECS(0, CHILD)) r[v] = texelFetch(u_records, int(index) * u_recordVecs + v);
    }
    p = plume_unpack(r, 0, CHILD);
    return true;
}

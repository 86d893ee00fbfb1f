// A particle's trail (Semantics §10 "Trails"; Trail.swift is its CPU twin): the points it passes
// through, head first: the particle's position, its recorded samples at the grid ages strictly
// between the tail and the head (newest first), then the tail max(0, age − span) on the chord from
// the sample at or before it to that sample's newer neighbour. The samples are the update's
// (trail_samples.geom): plume_trail_stride(u_trailCount) RGBA32UI texels a record, sample k in slot
// k mod (u_trailCount + 1) as (x, y, z bits, k). A sample the record does not hold (its recording
// began later) ends the trail at the newest one before it.

// Sample k of record `index`: false where the record does not hold it.
bool plume_trail_sample(int index, int k, out vec3 position) {
    int slots = u_trailCount + 1;
    uvec4 t = texelFetch(u_samples, index * plume_trail_stride(u_trailCount) + k % slots);
    position = uintBitsToFloat(t.xyz);
    return k >= 0 && t.w == uint(k);
}

// The particle drawn by point i and its record's index: record i (unordered), or the i-th entry of
// the sorted list; false when there is none (a sentinel entry).
bool plume_trail_particle(int i, out Particle p, out int index) {
#ifdef PROGRAM_drawTrailSorted
    index = int(texelFetch(u_entries, i).y);
    return plume_sorted_particle(i, p);
#else
    uvec4 r[REC_MAX];
    for (int v = 0; v < REC_MAX; ++v) r[v] = v < REC_VECS(0, CHILD) ? texelFetch(u_records, i * u_recordVecs + v) : uvec4(0u);
    p = plume_unpack(r, 0, CHILD);
    index = i;
    return true;
#endif
}

// Curve c of the trail's table (0 width, 1 … 4 red, green, blue, alpha) at trail coordinate u.
float plume_trail_curve(int c, float u) { return plume_curve(u_trail, c, u); }

// Trail samples pass (Semantics §10 "Trails"): beside the update pass, over the same records with
// the same update (plume_update.glsl), so it keeps the same survivors in the same order: for each,
// the u_trailCount + 1 trail samples it holds after this update, sample k (the particle's position
// at age k·u_trailSpacing) in slot k mod (u_trailCount + 1), written as (x, y, z bits, k) in
// vertices of TRAIL_SAMPLE_VECS slots, plume_trail_stride(u_trailCount) texels a record. The
// samples this update reached are evaluated from where its motion began (the update's start, under
// this update's acceleration and behaviours, as the update moves it); the others are the record's
// own from the previous update (u_samples), unless the trail's grid changed (u_trailRestart); a
// slot without its sample (and the padding after the last slot) holds k = 0xFFFFFFFF.
layout(points) in;
layout(points, max_vertices = 13) out;   // ⌈TRAIL_MAX_SLOTS ÷ TRAIL_SAMPLE_VECS⌉

in Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; } v_in[];
out uvec4 xf_samples[TRAIL_SAMPLE_VECS];   // @capture

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(SUB, CHILD) ? v_in[0].rec[i] : uvec4(0u);
    Particle p = plume_unpack(r, SUB, CHILD);
    UpdateStart u;
    if (!plume_update_particle(p, u)) return;
    int slots = u_trailCount + 1, spacing = u_trailSpacing;
    int k1 = p.age / spacing;                            // the newest sample at the update's end
    int k0 = u_fresh ? -1 : u.age0 / spacing;            // the newest before it (a birth: none)
    int first = max(k0 + 1, k1 - u_trailCount);          // the samples reached, first … k1 (maybe none)
    vec3 reached[TRAIL_MAX_SLOTS];
#ifdef UPDATE_MOTION
    MotionState g = u.start;
#endif
    if (first <= k1) {
        int k = first;
        do {
            int age = k * spacing;
#ifdef UPDATE_MOTION
            g = plume_motion_advance(u_motion, u.m, g, age, u_acc, u.q);   // on along the grid, sample by sample
            reached[k - first] = plume_motion_evaluate(u_motion, u.m, g, age, u_acc, u.q, 0).position;
#else
            reached[k - first] = plume_motion_at(p, age, u_acc).position;
#endif
        } while (++k <= k1);
    }
    bool carried = !u_fresh && !u_trailRestart;
    int stride = plume_trail_stride(u_trailCount);
    int base = gl_PrimitiveIDIn * stride;
    int j = 0;
    // Slot j holds the newest sample k ≤ k1 with k ≡ j (mod slots): one division a record, not
    // one a slot (llvmpipe divides by a uniform lane by lane).
    int newest = k1 % slots;                 // the slot of sample k1
    int base0 = k1 - newest;                 // the sample in slot 0 of k1's round of the slots
    do {
        for (int i = 0; i < TRAIL_SAMPLE_VECS; ++i, ++j) {
            int k = j < slots ? base0 + j - (j > newest ? slots : 0) : -1;   // < 0: none yet
            uvec4 texel = uvec4(0u, 0u, 0u, 0xFFFFFFFFu);
            if (k >= first) texel = uvec4(floatBitsToUint(reached[k - first]), uint(k));
            else if (k >= 0 && carried) texel = texelFetch(u_samples, base + j);
            xf_samples[i] = texel;
        }
        EmitVertex();
    } while (j < slots);
}

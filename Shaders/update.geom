// Update pass (Semantics §5): advances one particle of a cell with SUB sub-cells by u_dt ticks to
// this update's end, advances its sub-cell clocks (the spawn pass emits the births from the same
// arithmetic), and writes it out if it is still alive. A record born in this update (u_fresh) is
// already at the update's end; its motion and clocks start at age 0.
// Programs updateFetch and updateMotionFetch read the record from u_records themselves
// (record_index.vert hands on only its index and first word vector); update and updateMotion
// receive it whole from record.vert. The motion programs (cells with motion behaviours, Semantics
// §12) advance the anchor under them.
layout(points) in;
layout(points, max_vertices = 1) out;

#if defined(PROGRAM_updateFetch) || defined(PROGRAM_updateMotionFetch)
#define UPDATE_FETCH 1
#endif
#if defined(PROGRAM_updateMotion) || defined(PROGRAM_updateMotionFetch)
#define UPDATE_MOTION 1
#endif

#ifdef UPDATE_FETCH
flat in int v_index[];
flat in uvec4 v_rec0[];
#else
in Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; } v_in[];
#endif
out uvec4 xf_rec[REC_VECS(SUB, CHILD)];   // @capture

void main() {
    uvec4 r[REC_MAX];
#ifdef UPDATE_FETCH
    int base = v_index[0] * REC_VECS(SUB, CHILD);
    for (int i = 0; i < REC_MAX; ++i) r[i] = uvec4(0u);
    r[0] = v_rec0[0];
    for (int i = 1; i < REC_VECS(SUB, CHILD); ++i) r[i] = texelFetch(u_records, base + i);
#else
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(SUB, CHILD) ? v_in[0].rec[i] : uvec4(0u);
#endif
    Particle p;
    p = plume_unpack(r, SUB, CHILD);
    int age1 = u_dt > 2147483647 - p.age ? 2147483647 : p.age + u_dt;   // ages saturate (Ticks.maxAge)
    if (!(age1 < int(p.lifetime))) return;             // dead at this update's end
    int age0 = u_fresh ? 0 : p.age;
#ifdef UPDATE_MOTION
    // Motion behaviours (the motion programs): the anchor advances as BehaviorMotion.advance.
    int m = plume_mt_start(u_motion);
    // the lists' starts the variant reads, as uniforms (the table's values: MotionLists)
    MotionLists lists = plume_motion_lists(u_motion, m);
#if MOTION_ATTRACTORS
    lists.attractorStart = u_attractorStart;
#endif
#if MOTION_TURBULENCES
    lists.turbulenceStart = u_turbulenceStart;
#endif
#if MOTION_VORTICES
    lists.vortexStart = u_vortexStart;
#endif
#if MOTION_COLLIDERS
    lists.colliderStart = u_colliderStart;
    lists.colliders = u_colliderCount;
#endif
    MotionParticle q = plume_motion_particle_in(u_motion, m, lists, plume_key(p, u_index), p.lifetime);
#if MOTION_STEADY
    // Nothing changed since the previous update (ProgramFeatures.steadyMotion): the anchor holds
    // (a record born in this update holds its birth state at age 0); only the grid moves it on.
    MotionState s = MotionState(u_fresh ? 0 : int(p.anchorAge), p.anchorPos, p.anchorVel);
#else
    MotionState s = plume_motion_start(u_motion, m, p, age0, !u_fresh, u_accChanged, u_accPrev, q,
                                       u_motionPrev, u_motionChanged);
#endif
#if COLLISIONS
    // Colliders (Semantics §12 "Collisions", §14): the grid walk counts the record's collision
    // events of the update and finds its kill; a killed record dies here.
    if (!plume_mt_ends(u_motion, m)) {
        ContactWalk w = plume_contact_walk(u_motion, m, s, u_fresh ? -1 : age0, age1, int(p.lifetime), u_acc, q, -1);
        if (w.killAt >= 0) return;
        p.contacts += uint(w.events);
    }
    plume_motion_store(p, s);
#elif MOTION_STEADY
#if HAS_GRID
    s = plume_grid_advance(u_motion, m, s, age1, u_acc, q, 1 << 20);
#endif
    plume_motion_store(p, s);
#else
    plume_motion_store(p, plume_motion_advance(u_motion, m, s, age1, u_acc, q));
#endif
#else
    if (!u_fresh) plume_reanchor(p, age0, u_accChanged, u_accPrev);
#endif
#if SUB > 0
    for (int j = 0; j < SUB; ++j) plume_clock_advance(p.clocks[j], u_clock[j], age0, age1, int(p.lifetime));
#endif
    p.age = age1;
    plume_pack(p, SUB, CHILD, r);
    for (int i = 0; i < REC_VECS(SUB, CHILD); ++i) xf_rec[i] = r[i];
    EmitVertex();
}

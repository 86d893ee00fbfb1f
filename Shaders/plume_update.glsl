// The update of one particle (Semantics §5), shared by the update pass (update.geom) and the trail
// samples pass (trail_samples.geom), so both reach the same survivors in the same order: advances
// the record `p` of a cell with SUB sub-cells by u_dt ticks to this update's end, its motion anchor
// and its sub-cell clocks; false when it is dead at that end. A record born in this update
// (u_fresh) is already at the update's end; its motion and clocks start at age 0.
// The motion programs (cells with motion behaviours, Semantics §12) advance the anchor under them.

#if defined(PROGRAM_updateFetch) || defined(PROGRAM_updateMotionFetch)
#define UPDATE_FETCH 1
#endif
#if defined(PROGRAM_updateMotion) || defined(PROGRAM_updateMotionFetch) || defined(PROGRAM_trailSamplesMotion)
#define UPDATE_MOTION 1
#endif
#if defined(PROGRAM_trailSamples) || defined(PROGRAM_trailSamplesMotion)
#define UPDATE_TRAIL_SAMPLES 1   // the trail samples pass: its records' sub-cell clocks are not written
#endif

// Where the update began: the record's age then (age0) and, under motion behaviours, the state its
// motion continued from (start), with the table's motion section m and the particle's draws q (the
// trail samples the update reached are evaluated from it).
struct UpdateStart {
    int age0;
#ifdef UPDATE_MOTION
    int m;
    MotionParticle q;
    MotionState start;
#endif
};

bool plume_update_particle(inout Particle p, out UpdateStart u) {
    int age1 = u_dt > 2147483647 - p.age ? 2147483647 : p.age + u_dt;   // ages saturate (Ticks.maxAge)
    u.age0 = u_fresh ? 0 : p.age;
    if (!(age1 < int(p.lifetime))) return false;       // dead at this update's end
    int age0 = u.age0;
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
    MotionParticle q = plume_motion_particle_in(u_motion, m, lists, plume_key(p, u_index), p.lifetime, age1);
#if MOTION_STEADY
    // Nothing changed since the previous update (ProgramFeatures.steadyMotion): the anchor holds
    // (a record born in this update holds its birth state at age 0); only the grid moves it on.
    MotionState s = MotionState(u_fresh ? 0 : int(p.anchorAge), p.anchorPos, p.anchorVel);
#else
    MotionState s = plume_motion_start(u_motion, m, p, age0, !u_fresh, u_accChanged, u_accPrev, q,
                                       u_motionPrev, u_motionChanged);
#endif
    u.m = m;
    u.q = q;
    u.start = s;
#if COLLISIONS
    // Colliders (Semantics §12 "Collisions", §14): the grid walk counts the record's collision
    // events of the update and finds its kill; a killed record dies here.
    if (!plume_mt_ends(u_motion, m)) {
        ContactWalk w = plume_contact_walk(u_motion, m, s, u_fresh ? -1 : age0, age1, int(p.lifetime), u_acc, q, -1);
        if (w.killAt >= 0) return false;
        p.contacts += uint(w.events);
    }
    plume_motion_store(p, s);
#elif MOTION_STEADY
#if HAS_GRID && GRID_STEPS >= 0
    s = plume_grid_steps(u_motion, m, s, age1, u_acc, q);     // the update's steps, compiled
#elif HAS_GRID
    s = plume_grid_advance(u_motion, m, s, age1, u_acc, q, 1 << 20);
#endif
    plume_motion_store(p, s);
#else
    plume_motion_store(p, plume_motion_advance(u_motion, m, s, age1, u_acc, q));
#endif
#else
    if (!u_fresh) plume_reanchor(p, age0, u_accChanged, u_accPrev);
#endif
#if SUB > 0 && !defined(UPDATE_TRAIL_SAMPLES)
    for (int j = 0; j < SUB; ++j) plume_clock_advance(p.clocks[j], u_clock[j], age0, age1, int(p.lifetime));
#endif
    p.age = age1;
    return true;
}

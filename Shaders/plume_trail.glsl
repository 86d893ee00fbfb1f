// A particle's trail (Semantics §10 "Trails"; Trail.swift is its CPU twin): the sample ages on
// the particle's age grid, and its positions there from its motion anchor (plume_motion.glsl,
// plume_motion_behaviors.glsl), evaluated where drawn: nothing is stored per particle. With
// colliders a trail runs back to the particle's last collision and ends there.
// Point i of a trail of a particle of age `age` (ticks): 0 the head (age), 1 … G the grid ages
// g₁ − (i − 1)·spacing strictly between the tail and the head (g₁ the last grid age before the
// head), G + 1 the tail max(0, age − span); later indices repeat the tail.

// The number of grid ages strictly between the tail and the head.
int plume_trail_grid_points(int age, int tail) {
    if (age <= 0) return 0;
    int g1 = (age - 1) / u_trailSpacing * u_trailSpacing;
    return g1 > tail ? (g1 - tail - 1) / u_trailSpacing + 1 : 0;
}

// The age of point i, ticks.
int plume_trail_age(int age, int tail, int grid, int i) {
    if (i <= 0) return age;
    if (i > grid) return tail;
    return (age - 1) / u_trailSpacing * u_trailSpacing - (i - 1) * u_trailSpacing;
}

#if HAS_GRID
// Collisions.trailCut: run back from the grid state at `newer` one step to `older`, the fraction of
// that chord at which it enters a collider from its open side (the particle's last collision), 0
// where `newer` lies on a surface or behind it (resting or stuck), −1 where it passes none.
float plume_trail_cut(usamplerBuffer t, int m, vec3 newer, vec3 older) {
    float best = -1.0;
#if HAS_COLLIDERS
    int n = int(plume_MotionHeader_colliders(t, m));
    int first = plume_MotionHeader_colliderStart(t, m);
    for (int i = 0; i < n; ++i) {
        int e = first + COLLIDER_VECS * i;
        if (plume_collider_distance(t, e, newer) <= COLLISION_TOLERANCE) return 0.0;
        float s = plume_collider_entry(t, e, newer, older);
        if (s >= 0.0 && (best < 0.0 || s < best)) best = s;
    }
#endif
    return best;
}
#endif

// The particle's position at `age` ticks, before its anchor's age too (BehaviorMotion.positions):
// `back` starts as the record's anchor and carries the grid point reached walking back along the
// grid, so a trail's ages (which do not increase) take one walk in all. The walk stops where the
// path run back meets a collider (plume_trail_cut): `cutAge` (−1 before) and `cutPos` keep that
// tick and point, which every age at or before it gives.
vec3 plume_trail_position(Particle p, uvec2 key, int age, inout MotionState back, inout int cutAge, inout vec3 cutPos) {
#if MOTION
    int m = plume_mt_start(u_behaviors);
    if (m != 0) {
#if HAS_GRID
        if (age < int(p.anchorAge) && !plume_mt_ends(u_behaviors, m)
            && int(plume_MotionHeader_motionClass(u_behaviors, m)) == MOTION_GRID) {
            MotionParticle q = plume_motion_particle(u_behaviors, m, key, p.lifetime);
            int step = plume_MotionHeader_gridTicks(u_behaviors, m);
            // an anchor off the grid (its motion began there): the drift from it, run back
            if (!(int(p.anchorAge) > 0 && int(p.anchorAge) % step == 0)) {
                return plume_drift(u_behaviors, m, back, age, u_acc, q).state.position;
            }
            if (age <= cutAge) return cutPos;
            for (int k = 0; k < 4096 && back.age > age && back.age > 0; ++k) {
                MotionState older = plume_step_back(u_behaviors, m, back, u_acc, q);
                float s = plume_trail_cut(u_behaviors, m, back.position, older.position);
                if (s >= 0.0) {
                    cutAge = back.age - int(floor(s * float(step) + 0.5));
                    cutPos = back.position + (older.position - back.position) * s;
                    back = older;
                    if (age <= cutAge) return cutPos;
                    break;
                }
                back = older;
            }
            return age > back.age ? plume_drift(u_behaviors, m, back, age, u_acc, q).state.position : back.position;
        }
#endif
        return plume_draw_motion(p, key, age, u_acc, u_behaviors).position;
    }
#endif
    return plume_motion_at(p, age, u_acc).position;
}

// The particle drawn by point i: record i (unordered), or the i-th entry of the sorted list;
// false when there is none (a sentinel entry).
bool plume_trail_particle(int i, out Particle p) {
#ifdef PROGRAM_drawTrailSorted
    return plume_sorted_particle(i, p);
#else
    uvec4 r[REC_MAX];
    for (int v = 0; v < REC_MAX; ++v) r[v] = v < REC_VECS(0, CHILD) ? texelFetch(u_records, i * u_recordVecs + v) : uvec4(0u);
    p = plume_unpack(r, 0, CHILD);
    return true;
#endif
}

// Curve c of the trail's table (0 width, 1 … 4 red, green, blue, alpha) at trail coordinate u.
float plume_trail_curve(int c, float u) { return plume_curve(u_trail, c, u); }

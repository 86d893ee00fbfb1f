// A particle's trail (Semantics §10 "Trails"; Trail.swift is its CPU twin): the sample ages on
// the particle's age grid, and its positions there from its motion anchor (plume_motion.glsl,
// plume_motion_behaviors.glsl), evaluated where drawn: nothing is stored per particle. With
// colliders a trail bends through the particle's bounces and ends at any other collision.
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
// that chord at which it enters a collider from its open side (a collision; `hit` its texel), 0
// where `newer` lies on a surface or behind it (resting or stuck), −1 where it passes none.
float plume_trail_cut(usamplerBuffer t, int m, vec3 newer, vec3 older, out int hit) {
    float best = -1.0;
    hit = -1;
#if HAS_COLLIDERS
    int n = int(plume_MotionHeader_colliders(t, m));
    int first = plume_MotionHeader_colliderStart(t, m);
    for (int i = 0; i < n; ++i) {
        int e = first + COLLIDER_VECS * i;
        if (plume_collider_distance(t, e, newer) <= COLLISION_TOLERANCE) { hit = e; return 0.0; }
        float s = plume_collider_entry(t, e, newer, older);
        if (s >= 0.0 && (best < 0.0 || s < best)) { best = s; hit = e; }
    }
#endif
    return best;
}

const int TRAIL_UNBOUNCE_BISECTIONS = 32;

// The path that left the surface, run back rho seconds from the grid point p (half-step velocity w)
// under acc and the speed factor g: H(ρ) = p − (w + acc·(h − ρ)/2)·g·ρ.
vec3 plume_unbounce_path(vec3 p, vec3 w, vec3 acc, float h, float g, float rho) {
    return p - (w + acc * ((h - rho) * 0.5)) * (g * rho);
}

// BehaviorMotion.unbounce: the grid step ending at `newer` (n·h) held a bounce off collider `e`,
// whose chord run back (`older`, naive) enters at fraction s > 0. False where it cannot be run back;
// else `before` is the state at (n − 1)·h before the bounce and `hitAge` the hit's tick. The path
// after the hit, run back ρ seconds from n·h: H(ρ) = p − (w + A·(h − ρ)/2)·g·ρ; ρ the first root of
// the collider's distance along it; the response undone there; the chord before it run back.
bool plume_unbounce(usamplerBuffer t, int m, MotionState newer, MotionState older, float s, int e, vec3 a,
                    MotionParticle q, out MotionState before, out int hitAge) {
    before = older;
    hitAge = older.age;
#if HAS_COLLIDERS
    float e0 = plume_Collider_restitution(t, e), mu = plume_Collider_friction(t, e);
    if (plume_Collider_response(t, e) != 0 || !(e0 > 0.0) || !(mu < 1.0) || !(s > 0.0)) return false;
    float h = plume_seconds(GRID_TICKS), hh = h * 0.5;
    float g = plume_mt_speed(t, m, plume_seconds(older.age) + hh, q);
    vec3 p = newer.position, w = newer.velocity;
    vec3 acc = plume_kick(t, m, older, a, q);
    for (int r = 0; r < 2; ++r) {
        float lo = 0.0, hi = -1.0;
        for (int c = 0; c < 3 && hi < 0.0; ++c) {
            float rho = c == 0 ? s * h : c == 1 ? (1.0 + s) * hh : h;
            if (plume_collider_distance(t, e, plume_unbounce_path(p, w, acc, h, g, rho)) <= 0.0) hi = rho;
        }
        if (!(hi > 0.0)) return false;
        for (int i = 0; i < TRAIL_UNBOUNCE_BISECTIONS; ++i) {
            float mid = (lo + hi) * 0.5;
            if (plume_collider_distance(t, e, plume_unbounce_path(p, w, acc, h, g, mid)) > 0.0) lo = mid; else hi = mid;
        }
        vec3 hit = plume_unbounce_path(p, w, acc, h, g, lo);
        vec3 outv = w + acc * (hh - lo);
        vec3 nrm = plume_collider_normal(t, e, hit);
        float vn = dot(outv, nrm);
        if (!(vn > 0.0)) return false;
        vec3 vHit = (outv - nrm * vn) / (1.0 - mu) - nrm * (vn / e0);
        float tau = h - lo;
        vec3 v0 = vHit - acc * tau;
        before = MotionState(older.age, hit - (v0 + acc * hh) * (g * tau), older.age > 0 ? v0 - acc * hh : v0);
        hitAge = older.age + int(floor(tau * 65536.0 + 0.5));
        if (r == 0) acc = plume_kick(t, m, before, a, q);
    }
    return true;
#else
    return false;
#endif
}
#endif

// A trail's walk back along the grid (BehaviorMotion.positions): the grid point reached, where it
// stopped at a collider (cutAge −1 before), and the bounce in the step that ends at `back` (the
// path after it run back, and its hit's tick).
struct TrailWalk {
    MotionState back;
    int cutAge;
    vec3 cutPos;
    bool bounced;
    MotionState after;
    int hitAge;
};

TrailWalk plume_trail_walk(Particle p) {
    MotionState anchor = MotionState(int(p.anchorAge), p.anchorPos, p.anchorVel);
    return TrailWalk(anchor, -1, vec3(0.0), false, anchor, 0);
}

// The particle's position at `age` ticks, before its anchor's age too (BehaviorMotion.positions):
// the walk `w` carries the grid point reached walking back along the grid, so a trail's ages
// (which do not increase) take one walk in all. A bounce met walking back is run back through
// (plume_unbounce): ages after its hit take the path that left the surface, those before it the
// path that came in. Any other collision stops the walk (plume_trail_cut): every age at or before
// its tick gives that point.
vec3 plume_trail_position(Particle p, uvec2 key, int age, inout TrailWalk w) {
#if MOTION
    int m = plume_mt_start(u_behaviors);
    if (m != 0) {
#if HAS_GRID
        if (age < int(p.anchorAge) && !plume_mt_ends(u_behaviors, m)
            && int(plume_MotionHeader_motionClass(u_behaviors, m)) == MOTION_GRID) {
            MotionParticle q = plume_motion_particle(u_behaviors, m, key, p.lifetime);
            int step = GRID_TICKS;
            // an anchor off the grid (its motion began there): the drift from it, run back
            if (!(int(p.anchorAge) > 0 && int(p.anchorAge) % step == 0)) {
                return plume_drift(u_behaviors, m, w.back, age, u_acc, q).state.position;
            }
            if (age <= w.cutAge) return w.cutPos;
            if (w.bounced && age > w.hitAge) return plume_drift(u_behaviors, m, w.after, age, u_acc, q).state.position;
            for (int k = 0; k < 4096 && w.back.age > age && w.back.age > 0; ++k) {
                MotionState older = plume_step_back(u_behaviors, m, w.back, u_acc, q);
                int e;
                float s = plume_trail_cut(u_behaviors, m, w.back.position, older.position, e);
                if (s >= 0.0) {
                    MotionState before;
                    int hitAge;
                    if (plume_unbounce(u_behaviors, m, w.back, older, s, e, u_acc, q, before, hitAge)) {
                        w.bounced = true;
                        w.after = older;
                        w.hitAge = hitAge;
                        w.back = before;
                        if (age > hitAge) return plume_drift(u_behaviors, m, older, age, u_acc, q).state.position;
                        continue;
                    }
                    w.cutAge = w.back.age - int(floor(s * float(step) + 0.5));
                    w.cutPos = w.back.position + (older.position - w.back.position) * s;
                    w.back = older;
                    w.bounced = false;
                    if (age <= w.cutAge) return w.cutPos;
                    break;
                }
                w.back = older;
                w.bounced = false;
            }
            return age > w.back.age ? plume_drift(u_behaviors, m, w.back, age, u_acc, q).state.position : w.back.position;
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

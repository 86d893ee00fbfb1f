// Collisions on the GPU (Semantics §12 "Collisions"): the twin of
// Sources/Plume/Simulation/Colliders.swift in 32-bit floats, on the chords of the motion grid of
// plume_motion_behaviors.glsl (included before this file, whose grid steps it calls). The contact walk finds the collision events and kills of one update.

// ---- Collisions (Colliders.swift: ResolvedCollider, Collisions.collide). A chord from one state to
// the next enters a collider's surface from its open side; the hit is the chord's state there.

// COLLISION_TOLERANCE (Collisions.tolerance) is declared in plume_collider_fields.glsl, included before.
const int COLLISION_MAX_HITS = 3;

// ResolvedCollider.halfExtents(grow:): a box's half extents larger by `grow`, none below 0.
vec3 plume_box_half(usamplerBuffer t, int e, vec3 grow) {
    vec3 h = vec3(plume_Collider_boxWidth(t, e), plume_Collider_boxHeight(t, e), plume_Collider_boxDepth(t, e)) * 0.5;
    return max(h + grow, vec3(0.0));
}

// `grow`: a growing sphere's radius offset (x) or a growing box's half extents' (ColliderFrame;
// zeros for the other shapes).
float plume_collider_distance(usamplerBuffer t, int e, vec3 p, vec3 grow) {
    int shape = plume_Collider_shape(t, e);
#if HAS_FIELDS
    if (shape >= 3) return plume_field_distance(t, e, p);
#endif
    vec3 d = p - plume_Collider_position(t, e);
#if HAS_PLANES
    if (shape == 0) return dot(d, plume_Collider_normal(t, e));
#endif
#if HAS_SPHERES
    if (shape == 1) return length(d) - max(plume_Collider_radius(t, e) + grow.x, 0.0);
#endif
#if HAS_BOXES
    vec3 q = abs(plume_box_local(t, e, p)) - plume_box_half(t, e, grow);
    return length(max(q, vec3(0.0))) + min(max(q.x, max(q.y, q.z)), 0.0);
#else
    return 1.0;    // a shape this variant leaves out: the cell has none
#endif
}

#if HAS_BOXES
// One face's bound c·s ≤ r on a chord's fraction s (ResolvedCollider.entry's `bound`): narrows
// [near, far]; false where no fraction meets it. Selects, not branches (llvmpipe runs both sides
// of a branch for the whole SIMD group).
bool plume_face_bound(float c, float r, inout float near, inout float far) {
    float b = r / c;
    near = c < 0.0 ? max(near, b) : near;
    far = c > 0.0 ? min(far, b) : far;
    return c != 0.0 || r >= 0.0;
}
#endif

// The fraction of a → b at which it enters collider e, or −1 (ResolvedCollider.entry: b behind
// the surface deeper than plume_collision_depth, or a sphere or box crossed whole that deep); a
// sphere's radius (x) or a box's half extents larger by g0 at a and g1 at b.
float plume_collider_entry(usamplerBuffer t, int e, vec3 a, vec3 b, vec3 g0, vec3 g1) {
    int shape = plume_Collider_shape(t, e);
#if HAS_PLANES
    // a plane's point and normal read once for both ends (each vec3 may span two texels, and a
    // texel fetch is the costly part of the test on llvmpipe)
    if (shape == 0) {
        vec3 o = plume_Collider_position(t, e), n = plume_Collider_normal(t, e);
        float da = dot(a - o, n);
        if (!(da >= -COLLISION_TOLERANCE)) return -1.0;
        float db = dot(b - o, n);
        return db < plume_collision_depth(da) ? clamp(da / (da - db), 0.0, 1.0) : -1.0;
    }
#endif
#if HAS_SPHERES || HAS_BOXES || HAS_FIELDS
    float da = plume_collider_distance(t, e, a, g0);
    if (!(da >= -COLLISION_TOLERANCE)) return -1.0;
    float db = plume_collider_distance(t, e, b, g1), deep = plume_collision_depth(da);
    bool behind = db < deep;
#endif
#if HAS_FIELDS
    if (shape >= 3) return plume_field_entry(t, e, a, b, da, deep);
#endif
#if HAS_SPHERES
    if (shape == 1) {
        vec3 d = b - a, f = a - plume_Collider_position(t, e);
        float radius = plume_Collider_radius(t, e);
        float r = max(radius + g0.x, 0.0), g = max(radius + g1.x, 0.0) - r;   // a shrinking sphere's path below 0: a point
        float qa = dot(d, d) - g * g, qb = 2.0 * (dot(f, d) - r * g), qc = dot(f, f) - r * r;
        float disc = qb * qb - 4.0 * qa * qc;
        if (!behind) {
            if (!(disc > 0.0 && qa > 0.0)) return -1.0;
            float tFar = (-qb + sqrt(disc)) / (2.0 * qa), tNear = (-qb - sqrt(disc)) / (2.0 * qa);
            float mid = (tNear + tFar) * 0.5;
            if (!(tNear >= 0.0 && tFar <= 1.0
                  && plume_collider_distance(t, e, a + d * mid, vec3(r + g * mid - radius)) < deep)) return -1.0;
        }
        float q = sqrt(max(disc, 0.0)) - qb;
        return q > 0.0 ? clamp(2.0 * qc / q, 0.0, 1.0) : 0.0;
    }
#endif
#if HAS_BOXES
    // each face a bound c·s ≤ r on the fraction (ResolvedCollider.entry): (qd − dh)·s ≤ h − qa on
    // the axis's positive side, −(qd + dh)·s ≤ h + qa on the other, the half extents h + s·dh
    vec3 qa = plume_box_local(t, e, a), qd = plume_box_local(t, e, b) - qa, h0 = plume_box_half(t, e, vec3(0.0));
    vec3 h = max(h0 + g0, vec3(0.0)), dh = max(h0 + g1, vec3(0.0)) - h;     // plume_box_half at a and b
    vec3 cu = qd - dh, ru = h - qa, cl = -(qd + dh), rl = h + qa;
    float tNear = -1e30, tFar = 1e30;
    bool meets = plume_face_bound(cu.x, ru.x, tNear, tFar);
    meets = plume_face_bound(cl.x, rl.x, tNear, tFar) && meets;
    meets = plume_face_bound(cu.y, ru.y, tNear, tFar) && meets;
    meets = plume_face_bound(cl.y, rl.y, tNear, tFar) && meets;
    meets = plume_face_bound(cu.z, ru.z, tNear, tFar) && meets;
    meets = plume_face_bound(cl.z, rl.z, tNear, tFar) && meets;
    if (!(meets && tNear <= tFar && tNear <= 1.0 && tFar >= 0.0)) return -1.0;
    if (!behind) {
        float mid = (max(tNear, 0.0) + min(tFar, 1.0)) * 0.5;
        // the half extents on the same line as the bounds', between the clamped ends
        if (!(plume_collider_distance(t, e, a + (b - a) * mid, h + dh * mid - h0) < deep)) return -1.0;
    }
    return clamp(tNear, 0.0, 1.0);
#else
    return -1.0;
#endif
}

#if HAS_BOXES
// ResolvedCollider.boxFace: the axis of a box's frame along which p lies farthest out (the face
// it is on), its half extents larger by `grow`.
int plume_box_face(usamplerBuffer t, int e, vec3 q, vec3 grow) {
    vec3 h = plume_box_half(t, e, grow);
    int best = 0;
    for (int i = 1; i < 3; ++i) if (abs(q[i]) - h[i] > abs(q[best]) - h[best]) best = i;
    return best;
}
#endif

// ResolvedCollider.spread(at:grow:rate:): how fast a growing collider's surface moves out along its
// normal at p (its offsets `grow` there, changing at `rate`): a sphere's radius's rate, the rate of
// the half extent across the box's face that holds p; 0 for the other shapes.
float plume_collider_spread(usamplerBuffer t, int e, vec3 p, vec3 grow, vec3 rate) {
    int shape = plume_Collider_shape(t, e);
#if HAS_SPHERES
    if (shape == 1) return rate.x;
#endif
#if HAS_BOXES && HAS_MOVING
    if (shape == 2) return rate[plume_box_face(t, e, plume_box_local(t, e, p), grow)];
#endif
    return 0.0;
}

// ResolvedCollider.normal(at:grow:): the open side's unit normal at p, a point of the surface.
vec3 plume_collider_normal(usamplerBuffer t, int e, vec3 p, vec3 grow) {
    int shape = plume_Collider_shape(t, e);
#if HAS_PLANES
    if (shape == 0) return plume_Collider_normal(t, e);
#endif
#if HAS_FIELDS
    if (shape >= 3) return plume_field_normal(t, e, p);
#endif
#if HAS_SPHERES
    if (shape == 1) {
        vec3 d = p - plume_Collider_position(t, e);
        float l = length(d);
        return l > 0.0 ? d / l : vec3(0.0, 0.0, 1.0);
    }
#endif
#if HAS_BOXES
    vec3 q = plume_box_local(t, e, p);
    vec3 n = plume_Collider_normal(t, e), w = plume_Collider_across(t, e);
    vec3 axes[3] = vec3[3](w, n, cross(n, w));
    int best = plume_box_face(t, e, q, grow);
    return q[best] < 0.0 ? -axes[best] : axes[best];
#else
    return vec3(0.0, 0.0, 1.0);
#endif
}

// What a grid walk meets (Collisions.contacts): the window of ticks (lower, limit] it counts, the
// collision event it keeps (`want`, 0-based: its tick, point and raw velocity, and its collider),
// the events counted, and the first kill (its tick, −1: none, and its state).
struct ContactWalk {
    int lower;
    int limit;
    int want;
    int events;
    MotionState chosen;
    int chosenCollider;
    int killAt;
    MotionState killed;
};

ContactWalk plume_no_contacts() {
    MotionState none = MotionState(0, vec3(0.0), vec3(0.0));
    return ContactWalk(0, -1, -1, 0, none, -1, -1, none);
}

// ResolvedCollider.holds: a sticking collider holds a chord from `a` heading along `heading` (its
// velocity plus half its acceleration over it, times the speed factor) when `a` touches it and the
// motion presses it in; the chord then hits it at its start (a particle at rest on it stays at rest).
// A growing one holds what does not move out as fast as its surface there, a turning one what
// moves off it by less than `slack` (points per second).
bool plume_collider_holds(usamplerBuffer t, int e, vec3 a, vec3 heading, vec3 grow, vec3 growing, float slack) {
#if HAS_STICKY
    return plume_Collider_response(t, e) == 1 && abs(plume_collider_distance(t, e, a, grow)) <= COLLISION_TOLERANCE
        && dot(heading, plume_collider_normal(t, e, a, grow)) < plume_collider_spread(t, e, a, grow, growing) + slack;
#else
    return false;
#endif
}

// A moving collider's frame over a chord (ColliderSweep, Collisions.collide's `sweep`): its offsets
// from its position at the chord's start and end, and its velocity over the chord (points per second);
// zeros for a collider that stands still (its sweep's fields are zeros). A chord lies within one line
// of the path (its ends are grid points, a birth or the update's end), whose ends' ticks after the
// path's origin are whole ticks, exact in float over an update. Branch-free (ColliderSweep.offset's
// sum of clamped lines; the line that ends at j1 by selects), so its texel reads (four vec3 of the
// path, one vec4 of a sphere's growth or three of a box's, four of a turn), at one address for all
// lanes, are its cost. Without HAS_MOVING (no collider of the cell moves this update), zeros,
// folded away.
struct ColliderFrame {
    vec3 start;
    vec3 end;
    vec3 velocity;
    // A growing sphere's radius (x) or box's half extents (ChordFrame's growthOrigin, growthEnd,
    // growthRate): offsets at the drift's start and end, points, and their rates, points per second.
    vec3 growStart;
    vec3 growEnd;
    vec3 growRate;
    // A turning collider's turn (ChordFrame's turnA, turnB, endTurn, turns): the normalised line
    // of offsets from the identity over the drift, at its start and its rate per second.
    vec4 turnA;
    vec4 turnB;
    vec4 turnEnd;
    bool turns;
};

// ---- Turns (ColliderTurning.swift: Quaternion): unit quaternions (x, y, z, w).
vec3 plume_quat_rotate(vec4 q, vec3 v) {
    vec3 t = 2.0 * cross(q.xyz, v);
    return v + t * q.w + cross(q.xyz, t);
}

vec3 plume_quat_unrotate(vec4 q, vec3 v) { return plume_quat_rotate(vec4(-q.xyz, q.w), v); }

vec4 plume_quat_product(vec4 a, vec4 b) {
    return vec4(b.xyz * a.w + a.xyz * b.w + cross(a.xyz, b.xyz), a.w * b.w - dot(a.xyz, b.xyz));
}

// Quaternion.turning: the turn of angular velocity w over time s. Its half angle stays within a
// quarter turn (the planner keeps a turn within a quarter turn an update; the contact walk's last
// step adds one step's turn), where these polynomials of sin(h)/h and cos(h) are exact in float
// (about 4e-8 at π/2; llvmpipe's sin and cos are 1e-5 accurate).
vec4 plume_turning(vec3 w, float s) {
    float h2 = dot(w, w) * s * s * 0.25;
    float sinc = 1.0 - h2 / 6.0 * (1.0 - h2 / 20.0 * (1.0 - h2 / 42.0 * (1.0 - h2 / 72.0 * (1.0 - h2 / 110.0))));
    float c = 1.0 - h2 / 2.0 * (1.0 - h2 / 12.0 * (1.0 - h2 / 30.0 * (1.0 - h2 / 56.0
              * (1.0 - h2 / 90.0 * (1.0 - h2 / 132.0)))));
    return vec4(w * (0.5 * s * sinc), c);
}

// ChordFrame.turn(at:): the turn at `age` (seconds from the drift's start).
vec4 plume_frame_turn(ColliderFrame f, float age) {
    return normalize(vec4(0.0, 0.0, 0.0, 1.0) + f.turnA + f.turnB * age);
}

// ChordFrame.turn(at:)'s angular velocity at `age`, where the turn is q (radians per second).
vec3 plume_frame_spin(ColliderFrame f, float age, vec4 q) {
    vec4 m = vec4(0.0, 0.0, 0.0, 1.0) + f.turnA + f.turnB * age;
    vec4 dq = (f.turnB - q * dot(q, f.turnB)) * inversesqrt(dot(m, m));
    return 2.0 * (dq.xyz * q.w - q.xyz * dq.w - cross(dq.xyz, q.xyz));
}

// ChordFrame.local: p, a point at `age` of the drift, in collider e's frame as the update places it.
vec3 plume_frame_local(usamplerBuffer t, int e, ColliderFrame f, vec3 p, float age) {
    vec3 x = p - (f.start + f.velocity * age);
#if HAS_TURNING
    if (f.turns) {
        vec3 c = plume_Collider_position(t, e);
        x = c + plume_quat_unrotate(plume_frame_turn(f, age), x - c);
    }
#endif
    return x;
}

// One axis of a growing collider's size along a chord from j0 to j1 grid steps after its path's
// origin (ColliderSweep.growth(ticksAfterOrigin:), growthRate): its offsets at the chord's ends and
// its rate, points per second; g: the entry's offsets at the origin, one and two steps on, and the
// rate after, points per tick.
vec3 plume_growth_path(vec4 g, float j0, float j1) {
    const float step = float(GRID_TICKS);
    vec2 n = vec2(j0, j1);
    vec2 r = g.x + (g.y - g.x) * clamp(n, 0.0, 1.0) + (g.z - g.y) * clamp(n - 1.0, 0.0, 1.0) + g.w * step * max(n - 2.0, 0.0);
    float rate = j1 <= 0.0 ? 0.0 : j1 <= 1.0 ? g.y - g.x : j1 <= 2.0 ? g.z - g.y : g.w * step;
    return vec3(r, rate * (65536.0 / step));
}

ColliderFrame plume_collider_frame(usamplerBuffer t, int e, int age0, int age1, MotionParticle q) {
    ColliderFrame f = ColliderFrame(vec3(0.0), vec3(0.0), vec3(0.0), vec3(0.0), vec3(0.0), vec3(0.0), vec4(0.0),
                                    vec4(0.0), vec4(0.0, 0.0, 0.0, 1.0), false);
#if HAS_MOVING
    const float step = float(GRID_TICKS);
    int birth = plume_Collider_sweepShift(t, e) - q.clockAge;   // the birth's ticks after the path's origin
    float j0 = float(birth + age0) / step, j1 = float(birth + age1) / step;   // in grid steps
    vec3 a = plume_Collider_sweepStart(t, e), d1 = plume_Collider_sweepFirst(t, e) - a;
    vec3 d2 = plume_Collider_sweepSecond(t, e) - plume_Collider_sweepFirst(t, e);
    vec3 w = plume_Collider_sweepVelocity(t, e) * step;          // points per grid step
    f.start = a + d1 * clamp(j0, 0.0, 1.0) + d2 * clamp(j0 - 1.0, 0.0, 1.0) + w * max(j0 - 2.0, 0.0);
    f.end = a + d1 * clamp(j1, 0.0, 1.0) + d2 * clamp(j1 - 1.0, 0.0, 1.0) + w * max(j1 - 2.0, 0.0);
    vec3 slope = j1 <= 0.0 ? vec3(0.0) : j1 <= 1.0 ? d1 : j1 <= 2.0 ? d2 : w;
    f.velocity = slope * (65536.0 / step);
#if HAS_SPHERES || HAS_BOXES
    // the size's paths, the same lines (only spheres and boxes grow; where no box can be, x alone)
    vec3 gx = plume_growth_path(plume_Collider_sweepGrowth(t, e), j0, j1);
#if HAS_BOXES
    vec3 gy = plume_growth_path(plume_Collider_sweepGrowthHeight(t, e), j0, j1);
    vec3 gz = plume_growth_path(plume_Collider_sweepGrowthDepth(t, e), j0, j1);
#else
    vec3 gy = gx, gz = gx;
#endif
    f.growStart = vec3(gx.x, gy.x, gz.x);
    f.growEnd = vec3(gx.y, gy.y, gz.y);
    f.growRate = vec3(gx.z, gy.z, gz.z);
#endif
#endif
#if HAS_MOVING && HAS_TURNING
    vec4 t0 = plume_Collider_sweepTurnStart(t, e), t1 = plume_Collider_sweepTurnFirst(t, e);
    vec4 t2 = plume_Collider_sweepTurnSecond(t, e);
    vec3 spin = plume_Collider_sweepTurnSpin(t, e) * 65536.0;        // radians per second
    f.turns = t0 != vec4(0.0) || t1 != vec4(0.0) || t2 != vec4(0.0) || spin != vec3(0.0);
    // on the lines, theirs; on the steady turn after them, the line between its exact ends
    bool steady = j1 > 2.0;
    const vec4 identity = vec4(0.0, 0.0, 0.0, 1.0);
    vec4 e1 = t1 - t0, e2 = t2 - t1;
    vec4 o0 = t0 + e1 * clamp(j0, 0.0, 1.0) + e2 * clamp(j0 - 1.0, 0.0, 1.0);
    vec4 o1 = t0 + e1 * clamp(j1, 0.0, 1.0) + e2 * clamp(j1 - 1.0, 0.0, 1.0);
    vec4 q2 = normalize(identity + t0 + e1 + e2);
    vec4 qs = plume_quat_product(plume_turning(spin, (j0 - 2.0) * step / 65536.0), q2);
    f.turnEnd = steady ? plume_quat_product(plume_turning(spin, (j1 - 2.0) * step / 65536.0), q2) : normalize(identity + o1);
    float seconds = (j1 - j0) * step / 65536.0;
    f.turnA = steady ? qs - identity : o0;
    f.turnB = steady ? (seconds > 0.0 ? (f.turnEnd - qs) / seconds : vec4(0.0))
                     : (j1 <= 0.0 ? vec4(0.0) : j1 <= 1.0 ? e1 : e2) * (65536.0 / step);
#endif
    return f;
}

// The entering fraction of the chord fp → tp (seconds fa → ta from the drift's start) of collider e
// in its frame f, heading along `heading`: 0 where it holds the chord's start, −1 where the chord
// does not enter (Collisions.collide's test of one collider).
float plume_chord_entry(usamplerBuffer t, int e, ColliderFrame f, vec3 fp, vec3 tp, float fa, float ta, vec3 heading) {
    vec3 a = fp - (f.start + f.velocity * fa), b = tp - f.end, h = heading - f.velocity;
    vec3 g0 = f.growStart + f.growRate * fa;
    float slack = 0.0;
#if HAS_TURNING
    if (f.turns) {
        // the chord's ends turned back into the frame, the heading relative to the surface there
        vec3 c = plume_Collider_position(t, e);
        vec4 q0 = plume_frame_turn(f, fa);
#if HAS_STICKY
        h = plume_quat_unrotate(q0, h - cross(plume_frame_spin(f, fa, q0), a - c));   // only a hold reads it
#endif
        a = c + plume_quat_unrotate(q0, a - c);
        b = c + plume_quat_unrotate(f.turnEnd, b - c);
        slack = COLLISION_TOLERANCE / max(ta - fa, float(GRID_TICKS) / 65536.0);   // a grid step at least
    }
#endif
    return plume_collider_holds(t, e, a, h, g0, f.growRate, slack) ? 0.0 : plume_collider_entry(t, e, a, b, g0, f.growEnd);
}

// Collisions.collide: the state at the drift's age of the grid motion from s0 (plume_drift: d, whose
// state is the collision-free one), noting in `w` the hits whose ticks lie in its window. A hit's
// velocity is the drift's there; after a bounce the particle moves on under the drift's
// acceleration. Times inside are seconds from s0.age, so a hit's tick (rounded to the nearest, after s0's) is
// exact in float. A moving collider is tested in its frame (plume_collider_frame) and responds to
// the velocity relative to it. The colliders are q's list (q.colliderStart, q.colliders: in the
// update, from uniforms, so that each grid step's texel reads are one load for all lanes: MotionLists).
MotionState plume_collide_walk(usamplerBuffer t, int m, MotionState s0, MotionState s1, vec3 v0, vec3 acc, float speed,
                               MotionParticle q, inout ContactWalk w) {
#if !HAS_COLLIDERS
    return s1;
#endif
    int n = q.colliders;
    if (n == 0) return s1;
    int first = q.colliderStart;
    vec3 fp = s0.position, tp = s1.position, tv = s1.velocity, v = v0;
    float fa = 0.0, ta = plume_seconds(s1.age - s0.age);
#if ONE_COLLIDER
    ColliderFrame f = plume_collider_frame(t, first, s0.age, s1.age, q);   // the walk's chords share it
#endif
    for (int hits = 0; hits <= COLLISION_MAX_HITS; ++hits) {
        float best = 2.0;
        int hit = -1;
        vec3 heading = (v + acc * ((ta - fa) * 0.5)) * speed;   // the chord's direction
#if ONE_COLLIDER
        // the only collider: its texels read at one address (`first`), not at one chosen per lane
        int e = first;
        best = plume_chord_entry(t, e, f, fp, tp, fa, ta, heading);
        if (best >= 0.0) hit = 0;
        if (hit < 0) break;
#else
        int i = 0;
        do {     // n ≥ 1: do … while, as a for loop's body runs once more, masked, on llvmpipe
            int e = first + COLLIDER_VECS * i;
            ColliderFrame f = plume_collider_frame(t, e, s0.age, s1.age, q);
            float s = plume_chord_entry(t, e, f, fp, tp, fa, ta, heading);
            if (s >= 0.0 && s < best) { best = s; hit = i; }
        } while (++i < n);
        if (hit < 0) break;
        int e = first + COLLIDER_VECS * hit;
        ColliderFrame f = plume_collider_frame(t, e, s0.age, s1.age, q);
#endif
        vec3 p = fp + (tp - fp) * best;
        float age = fa + (ta - fa) * best;
        vec3 vHit = v + acc * (age - fa);
        vec3 pc = plume_frame_local(t, e, f, p, age);         // the hit point in the collider's frame
        int response = plume_Collider_response(t, e);
        vec3 grow = f.growStart + f.growRate * age;
        vec3 nc = plume_collider_normal(t, e, pc, grow), nrm = nc;
        // the surface's raw velocity there (a growing sphere's or box's moves out along nrm too, a
        // turning collider's point there turns about its centre), and where the point of the
        // surface hit is at the chord's end (moved out as far as the surface there grows)
        vec3 surface = f.velocity;
        float spread = plume_collider_spread(t, e, pc, grow, f.growRate);
        vec3 local = pc + nc * plume_collider_spread(t, e, pc, grow, f.growEnd - grow);   // in the frame at the chord's end
        vec3 riding = local + f.end;
#if HAS_TURNING
        vec3 centre = plume_Collider_position(t, e);
        if (f.turns) {
            vec4 qh = plume_frame_turn(f, age);
            nrm = plume_quat_rotate(qh, nc);
            surface += cross(plume_frame_spin(f, age, qh), p - (f.start + f.velocity * age) - centre);
            riding = centre + plume_quat_rotate(f.turnEnd, local - centre) + f.end;
        }
#endif
        vec3 u = speed > 0.0 ? (surface + nrm * spread) / speed : vec3(0.0);
        int tick = s0.age + max(int(floor(age * 65536.0 + 0.5)), 1);   // after the step's start (CollisionHit.tick)
        if (w.killAt < 0 && tick > w.lower && tick <= w.limit) {
            // it arrives (CollisionHit.arrives): from clear of the surface, or from on it faster
            // than a particle resting there meets it (the motion's speeds: raw times the factor)
            if (plume_collider_distance(t, e, plume_frame_local(t, e, f, fp, fa), f.growStart + f.growRate * fa)
                    > COLLISION_TOLERANCE || dot(u - vHit, nrm) * speed > plume_resting_speed(dot(acc, nrm) * speed)) {
                if (w.events == w.want) { w.chosen = MotionState(tick, p, vHit); w.chosenCollider = hit; }
                w.events += 1;
            }
            if (response == 2) { w.killAt = tick; w.killed = MotionState(tick, p, vHit); }
        }
        if (response == 2) return MotionState(s1.age, p, vec3(0.0));
        if (response == 1) {
#if HAS_MOVING && (HAS_SPHERES || HAS_BOXES)
            bool grows = f.growStart != vec3(0.0) || f.growEnd != vec3(0.0) || f.growRate != vec3(0.0);
#endif
#if HAS_MOVING && HAS_SPHERES
            // on a growing sphere, exactly on its surface at the end (ResolvedCollider's stick)
            if (plume_Collider_shape(t, e) == 1 && grows)
                riding = plume_Collider_position(t, e) + nrm * max(plume_Collider_radius(t, e) + f.growEnd.x, 0.0) + f.end;
#endif
#if HAS_MOVING && HAS_BOXES
            // on a growing box, exactly on its surface at the end
            if (plume_Collider_shape(t, e) == 2 && grows && !f.turns)
                riding = local - nc * plume_collider_distance(t, e, local, f.growEnd) + f.end;
#endif
#if HAS_TURNING
            // on a turning collider, exactly on its surface (the world chord's point at the entry
            // is off it by the chord's bend), with the velocity of the surface's point where it ends
            if (f.turns) {
                riding = centre + plume_quat_rotate(f.turnEnd, local - nc * plume_collider_distance(t, e, local, f.growEnd) - centre)
                       + f.end;
                vec3 spin = plume_frame_spin(f, ta, plume_frame_turn(f, ta));
                if (speed > 0.0)
                    u = (f.velocity + cross(spin, riding - (f.start + f.velocity * ta) - centre)
                         + plume_quat_rotate(f.turnEnd, nc) * spread) / speed;
            }
#endif
            return MotionState(s1.age, riding, u);
        }
        vec3 vr = vHit - u;
        float vn = dot(vr, nrm);
        vec3 outv = u + (vr - nrm * vn) * (1.0 - plume_Collider_friction(t, e))
                  + nrm * (vn < 0.0 ? -vn * plume_Collider_restitution(t, e) : vn);
        if (hits == COLLISION_MAX_HITS) return MotionState(s1.age, riding, outv);
        float rest = ta - age;
        fp = p; v = outv; fa = age;
        tp = p + (outv + acc * (rest * 0.5)) * (speed * rest); tv = outv + acc * rest;
    }
    return MotionState(s1.age, tp, tv);
}

MotionState plume_collide(usamplerBuffer t, int m, MotionState s0, MotionDrift d, MotionParticle q) {
    ContactWalk w = plume_no_contacts();
    return plume_collide_walk(t, m, s0, d.state, d.velocity, d.acc, d.speed, q, w);
}

// Collisions.contacts: walks the particle's grid from s (a grid point, or birth) through the step that holds age1,
// counting the contacts with ticks in (lower, age1] below the lifetime (`want`: the one kept), and
// stopping at a kill; s ends at the last grid point at or before age1 (plume_grid_advance's).
ContactWalk plume_contact_walk(usamplerBuffer t, int m, inout MotionState s, int lower, int age1, int lifetime,
                               vec3 a, MotionParticle q, int want) {
    ContactWalk w = plume_no_contacts();
    w.lower = lower;
    w.limit = min(age1, lifetime - 1);
    w.want = want;
    int step = GRID_TICKS, o = q.gridOffset;
    for (int n = (s.age + o) / step; n * step - o < w.limit && w.killAt < 0; ++n) {
        MotionDrift d = plume_drift(t, m, s, (n + 1) * step - o, a, q);
        MotionState next = plume_held(t, m, plume_collide_walk(t, m, s, d.state, d.velocity, d.acc, d.speed, q, w), d.acc);
        if ((n + 1) * step - o > age1) break;
        s = next;
    }
    return w;
}

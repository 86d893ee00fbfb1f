// Grid motion advanced to an age, and the motion anchors (Semantics §12 "Motion"): where a
// particle's motion restarts and how an update or a draw reaches its current state, with the
// collisions of plume_colliders.glsl on the grid's chords. After plume_colliders.glsl.

// The last of the particle's grid points at or before `age` (at most `maxSteps` steps): grid point
// n is the age n·h − q.gridOffset (BehaviorMotion.gridIndex, gridAge).
// The steps loop as do … while after counting them: llvmpipe runs a for loop's body once more,
// masked, to find that it ends, and a step is a force evaluation.
MotionState plume_grid_advance(usamplerBuffer t, int m, MotionState s, int age, vec3 a, MotionParticle q, int maxSteps) {
    int step = GRID_TICKS;
    int n = (s.age + q.gridOffset) / step;
    int k = min((age + q.gridOffset) / step - n, maxSteps);   // the grid points (n, age] holds
    if (k > 0) {
        int i = 0;
        do {
            MotionDrift d = plume_drift(t, m, s, (n + 1) * step - q.gridOffset, a, q);
            s = plume_held(t, m, plume_collide(t, m, s, d, q), d.acc);
            ++n;
        } while (++i < k);
    }
    return s;
}

#if GRID_STEPS >= 0
// One step of plume_grid_steps: s moved to the grid point `next`, kept where the record reaches it
// (next ≤ age).
MotionState plume_grid_step_kept(usamplerBuffer t, int m, MotionState s, int next, int age, vec3 a, MotionParticle q) {
    MotionDrift d = plume_drift(t, m, s, next, a, q);
    MotionState e = plume_held(t, m, plume_collide(t, m, s, d, q), d.acc);
    return next <= age ? e : s;
}

// The GRID_STEPS grid steps of a steady update (ProgramFeatures.gridSteps): the particle's next
// grid points after its anchor, written out. Every record of the update crosses the same ones (the
// layer times in the update that are multiples of the grid step), so the input's records take all
// of them; one born in the update takes those at or before its age (each step is kept where the
// record reaches it, a select, not a branch).
MotionState plume_grid_steps(usamplerBuffer t, int m, MotionState s, int age, vec3 a, MotionParticle q) {
    int next = ((s.age + q.gridOffset) / GRID_TICKS + 1) * GRID_TICKS - q.gridOffset;
#if GRID_STEPS > 0
    s = plume_grid_step_kept(t, m, s, next, age, a, q);
#endif
#if GRID_STEPS > 1
    s = plume_grid_step_kept(t, m, s, next + GRID_TICKS, age, a, q);
#endif
#if GRID_STEPS > 2
    s = plume_grid_step_kept(t, m, s, next + 2 * GRID_TICKS, age, a, q);
#endif
    return s;
}
#endif

// ---- Anchors.

bool plume_mt_ends(usamplerBuffer t, int m) { return plume_MotionHeader_ends(t, m) != 0u; }

MotionState plume_motion_evaluate_raw(usamplerBuffer t, int m, MotionState s, int age, vec3 a, MotionParticle q,
                                      int maxSteps);

// The motion state a record's anchor holds at the start of an update (the record's age then:
// `age0`; `existed`: the record was alive before this update, not born in it). `fromBallistic`:
// the cell had no motion behaviour at the previous update, so the anchor is a ballistic one under
// `accPrev` and the motion starts at age0 from it. A closed-form anchor stays where the motion's
// parameters last changed (one evaluation from there is more exact in float than moving it every
// update); `changed`: they changed at this update, so it moves to age0 first under the previous
// table `prev` and `accPrev`. When the section ends (plume_mt_ends), a record alive before
// continues from its state at age0 under the previous behaviours and `accPrev`: the result is then
// a ballistic anchor.
MotionState plume_motion_start(usamplerBuffer t, int m, Particle p, int age0, bool existed, bool fromBallistic,
                               vec3 accPrev, MotionParticle q, usamplerBuffer prev, bool changed) {
    MotionState s = MotionState(int(p.anchorAge), p.anchorPos, p.anchorVel);
    if (fromBallistic && s.age < age0) {
        float d = plume_seconds(age0 - s.age);
        return MotionState(age0, s.position + s.velocity * d + 0.5 * accPrev * d * d, s.velocity + accPrev * d);
    }
#if HAS_CLOSED
    if (changed && existed && s.age < age0) {
        int mp = plume_mt_start(prev);
        if (mp != 0 && int(plume_MotionHeader_motionClass(prev, mp)) == MOTION_CLOSED) {
            s = plume_closed_form(prev, mp, s, age0, accPrev, q.lifetime);
        }
    }
#endif
    if (plume_mt_ends(t, m)) {
        if (!existed) return s;                    // born in this update: ballistic from birth
        return plume_motion_evaluate_raw(t, m, s, age0, accPrev, q, 1 << 20);
    }
    return s;
}

MotionState plume_ballistic(MotionState s, int age, vec3 a) {
    float d = plume_seconds(age - s.age);
    return MotionState(age, s.position + s.velocity * d + 0.5 * a * d * d, s.velocity + a * d);
}

// BehaviorMotion.advance: the anchor moved to the last grid point at or before `age` (grid);
// unchanged for closed forms (see plume_motion_start: the reference moves it, to the same motion),
// orbits and ballistic motion.
MotionState plume_motion_advance(usamplerBuffer t, int m, MotionState s, int age, vec3 a, MotionParticle q) {
#if HAS_GRID
    if (plume_mt_ends(t, m)) return s;
    if (int(plume_MotionHeader_motionClass(t, m)) == MOTION_GRID) return plume_grid_advance(t, m, s, age, a, q, 1 << 20);
#endif
    return s;
}

// BehaviorMotion.evaluate: position and reported velocity (raw velocity × speed factor) at `age`.
MotionState plume_motion_evaluate(usamplerBuffer t, int m, MotionState s, int age, vec3 a, MotionParticle q,
                                  int maxSteps) {
    if (plume_mt_ends(t, m)) return plume_ballistic(s, age, a);
    return plume_motion_evaluate_raw(t, m, s, age, a, q, maxSteps);
}

// The evaluation of the section's class, with only the compiled classes (MOTION_CLASSES). Grid
// motion takes at most `maxSteps` grid steps from the anchor; with a constant 0 none is compiled.
MotionState plume_motion_evaluate_raw(usamplerBuffer t, int m, MotionState s, int age, vec3 a, MotionParticle q,
                                      int maxSteps) {
    int kind = int(plume_MotionHeader_motionClass(t, m));
    MotionState e = s;
#if HAS_ORBIT
    if (kind == MOTION_ORBIT) return plume_orbit(s, age, q);
#endif
#if HAS_CLOSED
    if (kind == MOTION_CLOSED) e = plume_closed_form(t, m, s, age, a, q.lifetime);
#endif
#if HAS_GRID
    if (kind == MOTION_GRID) {
        MotionState g = s;
        if (maxSteps > 0) g = plume_grid_advance(t, m, s, age, a, q, maxSteps);
        e = plume_collide(t, m, g, plume_drift(t, m, g, age, a, q), q);
    }
#endif
    e.velocity *= plume_mt_factor(t, m, plume_seconds(age), q.lifetime);
    return e;
}

// Stores the anchor in the record.
void plume_motion_store(inout Particle p, MotionState s) {
    p.anchorAge = uint(s.age);
    p.anchorPos = s.position;
    p.anchorVel = s.velocity;
}

// The drawn motion at age `age` (ticks): the behaviours' when the cell's table has a motion
// section, else the ballistic one (plume_motion.glsl). Records are drawn at their time, and every
// update leaves a grid anchor in the grid step that holds the record's age (at its last grid point
// at or before it, or off the grid within that step where grid motion began at an update:
// plume_motion_advance, plume_contact_walk), so a draw takes no grid step: the drift from the
// anchor reaches `age`. A step compiled here would run on every particle, masked, where none needs
// it: a second force evaluation per particle.
Motion plume_draw_motion(Particle p, uvec2 key, int age, vec3 acc, usamplerBuffer t) {
    if (plume_mt_start(t) == 0) return plume_motion_at(p, age, acc);
    int m = plume_mt_start(t);
    MotionParticle q = plume_motion_particle(t, m, key, p.lifetime, age);
    MotionState s = plume_motion_start(t, m, p, 0, false, false, acc, q, t, false);
    MotionState e = plume_motion_evaluate(t, m, s, age, acc, q, 0);
    return Motion(e.position, e.velocity);
}

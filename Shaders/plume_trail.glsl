// A particle's trail (Semantics §10 "Trails"; Trail.swift is its CPU twin): the sample ages on
// the particle's age grid, and its positions there from its motion anchor (plume_motion.glsl,
// plume_motion_behaviors.glsl), evaluated where drawn: nothing is stored per particle.
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

// The particle's position at `age` ticks, before its anchor's age too (BehaviorMotion.position).
vec3 plume_trail_position(Particle p, uvec2 key, int age) {
#if MOTION
    int m = plume_mt_start(u_behaviors);
    if (m != 0) {
#if HAS_GRID
        if (age < int(p.anchorAge) && !plume_mt_ends(u_behaviors, m)
            && int(plume_MotionHeader_motionClass(u_behaviors, m)) == MOTION_GRID) {
            // back along the grid from the anchor (a grid point), then the part step
            MotionParticle q = plume_motion_particle(u_behaviors, m, key, p.lifetime);
            MotionState s = MotionState(int(p.anchorAge), p.anchorPos, p.anchorVel);
            int step = plume_MotionHeader_gridTicks(u_behaviors, m);
            for (int k = 0; k < 4096 && s.age - step >= age; ++k) {
                s = plume_rk4_step(u_behaviors, m, s, (s.age + step / 2) / step * step - step, u_acc, q);
            }
            if (age < s.age) s = plume_rk4_step(u_behaviors, m, s, age, u_acc, q);
            return s.position;
        }
#endif
        return plume_draw_motion(p, key, age, u_acc, u_behaviors).position;
    }
#endif
    return plume_motion_at(p, age, u_acc).position;
}

// Curve c of the trail's table (0 width, 1 … 4 red, green, blue, alpha) at trail coordinate u.
float plume_trail_curve(int c, float u) { return plume_curve(u_trail, c, u); }

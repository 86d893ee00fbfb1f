// Motion behaviours on the GPU (Semantics §12 "Motion"): the twin of
// Sources/Plume/Simulation/BehaviorMotion.swift, in double. Closed forms for drag, waves and a speed
// curve, an orbit about the birth point, and the fixed age grid (RK4) for attractors and radial and
// tangential accelerations. GLSL has no double exp/sin/cos: the ones below are polynomials in double
// after an exact argument reduction (about 1e-15 relative; llvmpipe's float ones are ~1e-5).
//
// The parameters are the motion section of the cell's behaviour table (plume_behaviors.glsl; written
// by CellBehaviors.table in ParticleRenderer+Behaviors.swift): texel 0 .z of the table is the first
// texel m of the section (0: no motion behaviour). Doubles are two texel words (low, high).
//   m + 0  class (1 closed form, 2 grid, 3 orbit), seed, wave count, attractor count
//   m + 1  radial count, tangential count, speed-curve key count, orbit's first draw
//   m + 2  first texel of the waves, attractors, radial and tangential accelerations
//   m + 3  first texel of the speed-curve keys; .y = 1: the cell lost its motion behaviours at this
//          update (these are the previous ones): records continue ballistically from their state at t0
//   m + 4  (drag, grid step)   m + 5 (centre x, y)   m + 6 (centre z, 0)
//   m + 7  (start radius, range)   m + 8 (end radius, range)   m + 9 (angular speed, range)
//   wave          2 texels: (force x, y), (force z, ω)
//   attractor     6 texels: (type, falloff distance), (position x, y), (position z, orientation x),
//                 (orientation y, z), (stiffness, radius), (falloff, 0)
//   radial, tangential   1 texel: (acceleration, range); its draw index: 1 texel (draw, 0)
//   speed-curve key      1 texel: (location, value)

const int MOTION_CLOSED = 1;
const int MOTION_GRID = 2;
const int MOTION_ORBIT = 3;

struct MotionState {
    double age;
    dvec3 position;
    dvec3 velocity;                // raw: before the speed curve's factor
};

// The per-particle draws of BehaviorParticle.
struct MotionParticle {
    double lifetime;
    double radial;
    double tangential;
    double r0;
    double r1;
    double omega;
};

int plume_mt_start(usamplerBuffer t) { return int(texelFetch(t, 0).z); }
double plume_mt_x(usamplerBuffer t, int i) { return packDouble2x32(texelFetch(t, i).xy); }
double plume_mt_y(usamplerBuffer t, int i) { return packDouble2x32(texelFetch(t, i).zw); }
dvec2 plume_mt_xy(usamplerBuffer t, int i) { uvec4 v = texelFetch(t, i); return dvec2(packDouble2x32(v.xy), packDouble2x32(v.zw)); }

// ---- Double transcendental functions.

const double PLUME_TWO_PI = 6.283185307179586lf;

// x reduced to [−π, π] (the Swift side calls libm on the unreduced argument; both are within 1e-15).
double plume_reduce(double x) { return x - PLUME_TWO_PI * floor(x * (1.0lf / PLUME_TWO_PI) + 0.5lf); }

double plume_sind(double x) {
    double r = plume_reduce(x), r2 = r * r, s = 1.0lf;
    for (int k = 25; k >= 3; k -= 2) s = 1.0lf - s * r2 / double(k * (k - 1));
    return r * s;
}

double plume_cosd(double x) {
    double r = plume_reduce(x), r2 = r * r, s = 1.0lf;
    for (int k = 26; k >= 2; k -= 2) s = 1.0lf - s * r2 / double(k * (k - 1));
    return s;
}

// e^x − 1 for |x| ≤ 1 (Taylor, no cancellation).
double plume_expm1_small(double x) {
    double s = 1.0lf;
    for (int k = 18; k >= 2; --k) s = 1.0lf + s * x / double(k);
    return x * s;
}

double plume_expd(double x) {
    if (x < -745.0lf) return 0.0lf;
    int n = 0;
    double y = x;
    while (abs(y) > 0.5lf && n < 12) { y *= 0.5lf; ++n; }
    double e = plume_expm1_small(y) + 1.0lf;
    for (int i = 0; i < n; ++i) e *= e;
    return e;
}

double plume_expm1d(double x) { return abs(x) <= 0.5lf ? plume_expm1_small(x) : plume_expd(x) - 1.0lf; }

// ---- The particle's draws (BehaviorParticle.init).

double plume_mt_u(uint seed, uvec2 key, uint draw) { return plume_unitd(plume_hash(seed, key, draw)); }
double plume_mt_spread(uint seed, uvec2 key, double mean, double range, uint draw) {
    return range == 0.0lf ? mean : mean + (plume_mt_u(seed, key, draw) - 0.5lf) * range;
}

MotionParticle plume_motion_particle(usamplerBuffer t, int m, uvec2 key, double lifetime) {
    uvec4 h0 = texelFetch(t, m), h1 = texelFetch(t, m + 1), h2 = texelFetch(t, m + 2);
    uint seed = h0.y;
    MotionParticle q = MotionParticle(lifetime, 0.0lf, 0.0lf, 0.0lf, 0.0lf, 0.0lf);
    for (int i = 0; i < int(h1.x); ++i) {
        int e = int(h2.z) + 2 * i;
        q.radial += plume_mt_spread(seed, key, plume_mt_x(t, e), plume_mt_y(t, e), uint(plume_mt_x(t, e + 1)));
    }
    for (int i = 0; i < int(h1.y); ++i) {
        int e = int(h2.w) + 2 * i;
        q.tangential += plume_mt_spread(seed, key, plume_mt_x(t, e), plume_mt_y(t, e), uint(plume_mt_x(t, e + 1)));
    }
    if (int(h0.x) == MOTION_ORBIT) {
        q.r0 = plume_mt_spread(seed, key, plume_mt_x(t, m + 7), plume_mt_y(t, m + 7), h1.w);
        q.r1 = plume_mt_spread(seed, key, plume_mt_x(t, m + 8), plume_mt_y(t, m + 8), h1.w + 1u);
        q.omega = plume_mt_spread(seed, key, plume_mt_x(t, m + 9), plume_mt_y(t, m + 9), h1.w + 2u);
    }
    return q;
}

// ---- The speed curve (BehaviorCurve.value), 1 without one.

double plume_mt_factor(usamplerBuffer t, int m, double age, double lifetime) {
    int n = int(texelFetch(t, m + 1).z);
    if (n == 0) return 1.0lf;
    int s = int(texelFetch(t, m + 3).x);
    double x = age / lifetime;
    if (x <= plume_mt_x(t, s)) return plume_mt_y(t, s);
    for (int i = 1; i < n; ++i) {
        dvec2 k1 = plume_mt_xy(t, s + i);
        if (x < k1.x) {
            dvec2 k0 = plume_mt_xy(t, s + i - 1);
            return k0.y + (k1.y - k0.y) * ((x - k0.x) / (k1.x - k0.x));
        }
    }
    return plume_mt_y(t, s + n - 1);
}

// ---- Closed forms (BehaviorMotion.closedForm).

dvec3 plume_mt_gv(usamplerBuffer t, int m, MotionState s, dvec3 a, double lifetime, double at) {
    return (s.velocity + a * (at - s.age)) * plume_mt_factor(t, m, at, lifetime);
}

MotionState plume_closed_form(usamplerBuffer t, int m, MotionState s, double age, dvec3 a, double lifetime) {
    double dt = age - s.age;
    int keys = int(texelFetch(t, m + 1).z);
    if (keys > 0) {
        int first = int(texelFetch(t, m + 3).x);
        dvec3 p = s.position;
        double start = s.age;
        for (int i = 0; i < keys; ++i) {
            double at = plume_mt_x(t, first + i) * lifetime;
            if (!(at > start && at < age)) continue;
            p += (at - start) / 6.0lf * (plume_mt_gv(t, m, s, a, lifetime, start)
                                         + 4.0lf * plume_mt_gv(t, m, s, a, lifetime, (start + at) / 2.0lf)
                                         + plume_mt_gv(t, m, s, a, lifetime, at));
            start = at;
        }
        p += (age - start) / 6.0lf * (plume_mt_gv(t, m, s, a, lifetime, start)
                                      + 4.0lf * plume_mt_gv(t, m, s, a, lifetime, (start + age) / 2.0lf)
                                      + plume_mt_gv(t, m, s, a, lifetime, age));
        return MotionState(age, p, s.velocity + a * dt);
    }
    double k = plume_mt_x(t, m + 4);
    double kd = k * dt;
    double e1 = k == 0.0lf ? dt : -plume_expm1d(-kd) / k;
    double e2 = kd < 1e-3lf ? dt * dt * (0.5lf - kd / 6.0lf + kd * kd / 24.0lf) : (dt - e1) / k;
    double decay = plume_expd(-kd);
    dvec3 v = s.velocity * decay + a * e1;
    dvec3 p = s.position + s.velocity * e1 + a * e2;
    uvec4 h0 = texelFetch(t, m);
    int waves = int(texelFetch(t, m + 2).x);
    for (int i = 0; i < int(h0.z); ++i) {
        dvec2 fxy = plume_mt_xy(t, waves + 2 * i), fzw = plume_mt_xy(t, waves + 2 * i + 1);
        double w = fzw.y;
        if (w == 0.0lf) continue;
        dvec3 f = dvec3(fxy, fzw.x);
        double d = k * k + w * w;
        double s1 = plume_sind(w * age), c1 = plume_cosd(w * age), s0 = plume_sind(w * s.age), c0 = plume_cosd(w * s.age);
        double sPart1 = (k * s1 - w * c1) / d, sPart0 = (k * s0 - w * c0) / d;
        double cPart1 = (-(k / w) * c1 - s1) / d, cPart0 = (-(k / w) * c0 - s0) / d;
        v += f * (sPart1 - sPart0 * decay);
        p += f * (cPart1 - cPart0 - sPart0 * e1);
    }
    return MotionState(age, p, v);
}

// ---- Orbit (BehaviorMotion.orbit): the angle θ₀ + ω·τ, with cos θ₀, sin θ₀ from the birth velocity.

MotionState plume_orbit(MotionState s, double age, MotionParticle q) {
    dvec3 v0 = s.velocity;
    double len = sqrt(v0.x * v0.x + v0.y * v0.y);
    double c0 = len > 0.0lf ? v0.x / len : 1.0lf, s0 = len > 0.0lf ? v0.y / len : 0.0lf;
    double cw = plume_cosd(q.omega * age), sw = plume_sind(q.omega * age);
    double c = c0 * cw - s0 * sw, sn = s0 * cw + c0 * sw;
    double dr = (q.r1 - q.r0) / q.lifetime;
    double r = q.r0 + dr * age;
    dvec3 u = dvec3(c, sn, 0.0lf), perp = dvec3(-sn, c, 0.0lf);
    return MotionState(age, s.position + u * r, u * dr + perp * (r * q.omega));
}

// ---- Grid (BehaviorMotion.force, rk4, advance).

dvec3 plume_mt_force(usamplerBuffer t, int m, dvec3 p, dvec3 v, double at, dvec3 a, MotionParticle q) {
    uvec4 h0 = texelFetch(t, m), h2 = texelFetch(t, m + 2);
    dvec3 f = a - plume_mt_x(t, m + 4) * v;
    for (int i = 0; i < int(h0.z); ++i) {
        dvec2 fxy = plume_mt_xy(t, int(h2.x) + 2 * i), fzw = plume_mt_xy(t, int(h2.x) + 2 * i + 1);
        f += dvec3(fxy, fzw.x) * plume_sind(fzw.y * at);
    }
    for (int i = 0; i < int(h0.w); ++i) {
        int e = int(h2.y) + 6 * i;
        dvec2 e0 = plume_mt_xy(t, e), e1 = plume_mt_xy(t, e + 1), e2 = plume_mt_xy(t, e + 2);
        dvec2 e3 = plume_mt_xy(t, e + 3), e4 = plume_mt_xy(t, e + 4);
        dvec3 toP = dvec3(e1, e2.x) - p, axis = dvec3(e2.y, e3);
        dvec3 d = e0.x == 0.0lf ? toP : e0.x == 1.0lf ? toP - axis * dot(toP, axis) : axis * dot(toP, axis);
        double r = length(d);
        if (r > 0.0lf && r <= e0.y) f += d * ((e4.x * (r - e4.y) + plume_mt_x(t, e + 5)) / r);
    }
    if (q.radial != 0.0lf || q.tangential != 0.0lf) {
        dvec3 d = p - dvec3(plume_mt_xy(t, m + 5), plume_mt_x(t, m + 6));
        double r = length(d);
        if (r > 0.0lf) f += d * (q.radial / r);
        double rxy = sqrt(d.x * d.x + d.y * d.y);
        if (rxy > 0.0lf) f += dvec3(-d.y, d.x, 0.0lf) * (q.tangential / rxy);
    }
    return f;
}

MotionState plume_rk4(usamplerBuffer t, int m, MotionState s, double age, dvec3 a, MotionParticle q) {
    double h = age - s.age;
    if (!(h > 0.0lf)) return s;
    double t0 = s.age, tm = s.age + h / 2.0lf;
    dvec3 p1 = s.position, v1 = s.velocity;
    dvec3 a1 = plume_mt_force(t, m, p1, v1, t0, a, q), dp1 = v1 * plume_mt_factor(t, m, t0, q.lifetime);
    dvec3 p2 = p1 + dp1 * (h / 2.0lf), v2 = v1 + a1 * (h / 2.0lf);
    dvec3 a2 = plume_mt_force(t, m, p2, v2, tm, a, q), dp2 = v2 * plume_mt_factor(t, m, tm, q.lifetime);
    dvec3 p3 = p1 + dp2 * (h / 2.0lf), v3 = v1 + a2 * (h / 2.0lf);
    dvec3 a3 = plume_mt_force(t, m, p3, v3, tm, a, q), dp3 = v3 * plume_mt_factor(t, m, tm, q.lifetime);
    dvec3 p4 = p1 + dp3 * h, v4 = v1 + a3 * h;
    dvec3 a4 = plume_mt_force(t, m, p4, v4, age, a, q), dp4 = v4 * plume_mt_factor(t, m, age, q.lifetime);
    return MotionState(age, p1 + (dp1 + 2.0lf * dp2 + 2.0lf * dp3 + dp4) * (h / 6.0lf),
                       v1 + (a1 + 2.0lf * a2 + 2.0lf * a3 + a4) * (h / 6.0lf));
}

// The last grid point at or before `age` (at most `maxSteps` steps; the draw stages bound their work).
MotionState plume_grid_advance(usamplerBuffer t, int m, MotionState s, double age, dvec3 a, MotionParticle q, int maxSteps) {
    double step = plume_mt_y(t, m + 4);
    double n = floor(s.age / step + 0.5lf);
    for (int i = 0; i < maxSteps && (n + 1.0lf) * step <= age; ++i) {
        s = plume_rk4(t, m, s, (n + 1.0lf) * step, a, q);
        n += 1.0lf;
        s.age = n * step;
    }
    return s;
}

// ---- Anchors.

bool plume_mt_ends(usamplerBuffer t, int m) { return texelFetch(t, m + 3).y != 0u; }

// The motion state a record's anchor holds at the start of an update (time t0, the record's age
// `age0` then, `t0Age` = t0 − birth unclamped). A grid anchor's float age is snapped back to its
// grid point n·step. `fromBallistic`: the cell had no motion behaviour at the previous update,
// so the anchor is a ballistic one under `accPrev` and the motion starts at age0 from it. When the
// section ends (plume_mt_ends), a record alive at t0 continues from its state there under the
// previous behaviours and `accPrev`: the result is then a ballistic anchor.
MotionState plume_motion_start(usamplerBuffer t, int m, Particle p, double age0, double t0Age, bool fromBallistic,
                               vec3 accPrev, MotionParticle q) {
    MotionState s = MotionState(double(p.anchorAge), dvec3(p.anchorPos), dvec3(p.anchorVel));
    if (fromBallistic && s.age < age0) {
        double d = age0 - s.age;
        return MotionState(age0, s.position + s.velocity * d + 0.5lf * dvec3(accPrev) * d * d,
                           s.velocity + dvec3(accPrev) * d);
    }
    if (int(texelFetch(t, m).x) == MOTION_GRID) {
        // On the grid unless it started off it (a motion that began at an update time) and no grid
        // step has been taken yet: the float age is within two float ulps of n·step.
        double step = plume_mt_y(t, m + 4);
        double grid = floor(s.age / step + 0.5lf) * step;
        if (abs(s.age - grid) <= 2.4e-7lf * s.age) s.age = grid;
    }
    if (plume_mt_ends(t, m)) {
        if (!(t0Age >= 0.0lf)) return s;           // born in this update: ballistic from birth
        MotionState e;
        int kind = int(texelFetch(t, m).x);
        if (kind == MOTION_ORBIT) {
            e = plume_orbit(s, age0, q);
        } else {
            e = kind == MOTION_CLOSED ? plume_closed_form(t, m, s, age0, dvec3(accPrev), q.lifetime)
                                      : plume_rk4(t, m, plume_grid_advance(t, m, s, age0, dvec3(accPrev), q, 1 << 20),
                                                  age0, dvec3(accPrev), q);
            e.velocity *= plume_mt_factor(t, m, age0, q.lifetime);
        }
        return e;
    }
    return s;
}

MotionState plume_ballistic(MotionState s, double age, dvec3 a) {
    double d = age - s.age;
    return MotionState(age, s.position + s.velocity * d + 0.5lf * a * d * d, s.velocity + a * d);
}

// BehaviorMotion.advance: the anchor moved to `age` (closed form: to the float nearest `age`, so the
// stored age is exact), to the last grid point at or before it (grid), unchanged (orbit, ballistic).
MotionState plume_motion_advance(usamplerBuffer t, int m, MotionState s, double age, dvec3 a, MotionParticle q) {
    if (plume_mt_ends(t, m)) return s;
    int kind = int(texelFetch(t, m).x);
    if (kind == MOTION_CLOSED) return plume_closed_form(t, m, s, double(float(age)), a, q.lifetime);
    if (kind == MOTION_GRID) return plume_grid_advance(t, m, s, age, a, q, 1 << 20);
    return s;
}

// BehaviorMotion.evaluate: position and reported velocity (raw velocity × speed factor) at `age`.
MotionState plume_motion_evaluate(usamplerBuffer t, int m, MotionState s, double age, dvec3 a, MotionParticle q,
                                  int maxSteps) {
    if (plume_mt_ends(t, m)) return plume_ballistic(s, age, a);
    int kind = int(texelFetch(t, m).x);
    if (kind == MOTION_ORBIT) return plume_orbit(s, age, q);
    MotionState e = kind == MOTION_CLOSED ? plume_closed_form(t, m, s, age, a, q.lifetime)
                                          : plume_rk4(t, m, plume_grid_advance(t, m, s, age, a, q, maxSteps), age, a, q);
    e.velocity *= plume_mt_factor(t, m, age, q.lifetime);
    return e;
}

// Stores the anchor in the record.
void plume_motion_store(inout Particle p, MotionState s) {
    p.anchorAge = float(s.age);
    p.anchorPos = vec3(s.position);
    p.anchorVel = vec3(s.velocity);
}

// The drawn motion at layer time `time`: the behaviours' when the cell's table has a motion section,
// else the ballistic one (plume_motion.glsl).
Motion plume_draw_motion(Particle p, double time, vec3 acc, usamplerBuffer t) {
    float age = float(time - p.birth);
    if (plume_mt_start(t) == 0) return plume_motion_at(p, age, acc);
    int m = plume_mt_start(t);
    MotionParticle q = plume_motion_particle(t, m, p.key, p.lifetime);
    MotionState s = plume_motion_start(t, m, p, 0.0lf, -1.0lf, false, acc, q);
    MotionState e = plume_motion_evaluate(t, m, s, time - p.birth, dvec3(acc), q, 4800);
    return Motion(vec3(e.position), vec3(e.velocity));
}

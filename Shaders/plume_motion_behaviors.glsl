// Motion behaviours on the GPU (Semantics §12 "Motion"): the twin of
// Sources/Plume/Simulation/BehaviorMotion.swift in 32-bit floats. Closed forms for drag, waves and a
// speed curve, an orbit about the birth point, and the fixed grid of layer time (leapfrog, one force
// evaluation a step, one step per 1024 ticks = 1/64 s, the reference's grid) for attractors,
// turbulence, vortices and radial and tangential accelerations. Ages are integer ticks (a grid point is a whole tick, so both simulators step
// at the same ages); durations become seconds only as differences, which keeps them exact.
// sin/cos are polynomials after an exact reduction to a quarter turn (plume_turn in
// plume_birth.glsl, ~1e-7; llvmpipe's are ~1e-5).
//
// The parameters are the motion section of the cell's behaviour table: its layout (a MotionHeader at
// texel m, then Wave, Attractor, Acceleration, CurveKey, Turbulence, Vortex and Collider entries at the texels it names) is
// declared in Shaders/plume.contract and read through the generated plume_LAYOUT_FIELD(t, e);
// CellBehaviors.motionSection writes it. BehaviorHeader.motionStart of the table is m (0: none).

const int MOTION_CLOSED = 1;
const int MOTION_GRID = 2;
const int MOTION_ORBIT = 3;

// The classes a program compiles (MOTION_CLASSES, ProgramKey.defines: bit 1 closed form, 2 grid,
// 4 orbit): an update or spawn variant only its cell's, so llvmpipe, which runs every branch for
// every lane, does not pay for the grid on a cell with drag. Draw programs: all.
#ifndef MOTION_CLASSES
#define MOTION_CLASSES 7
#endif
#define HAS_CLOSED ((MOTION_CLASSES & 1) != 0)
#define HAS_GRID ((MOTION_CLASSES & 2) != 0)
#define HAS_ORBIT ((MOTION_CLASSES & 4) != 0)

// The grid's force terms a program compiles (MOTION_FORCES, MotionForces in ProgramKey.defines: 1
// waves, 2 attractors, 4 turbulences, 8 vortices, 16 radial and tangential accelerations, 32 a
// speed curve, 64 colliders, and with them 1024 planes, 2048 spheres, 4096 boxes, 8192
// heightfields and distance fields: the shapes whose tests plume_colliders.glsl compiles): an update or spawn variant only its cell's. llvmpipe runs a loop's
// body at least once and both sides of every branch for all lanes, so an absent term compiled in
// costs as much as a present one, at every force evaluation. A term left out is one whose list
// is empty in the table: the result is the same.
#ifndef MOTION_FORCES
#define MOTION_FORCES 1588351
#endif
#define HAS_WAVE_FORCE ((MOTION_FORCES & 1) != 0)
#define HAS_ATTRACTORS ((MOTION_FORCES & 2) != 0)
#define HAS_TURBULENCE ((MOTION_FORCES & 4) != 0)
#define HAS_VORTICES ((MOTION_FORCES & 8) != 0)
#define HAS_RADIAL ((MOTION_FORCES & 16) != 0)
#define HAS_SPEED_CURVE ((MOTION_FORCES & 32) != 0)
#define HAS_COLLIDERS ((MOTION_FORCES & 64) != 0)
// 128, 256, 512: the cell has exactly one attractor, vortex, turbulence: its parameters are read
// once per particle (MotionParticle) and applied without a loop.
#define ONE_ATTRACTOR ((MOTION_FORCES & 128) != 0)
#define ONE_VORTEX ((MOTION_FORCES & 256) != 0)
#define ONE_TURBULENCE ((MOTION_FORCES & 512) != 0)
#define HAS_PLANES ((MOTION_FORCES & 1024) != 0)
#define HAS_SPHERES ((MOTION_FORCES & 2048) != 0)
#define HAS_BOXES ((MOTION_FORCES & 4096) != 0)
#define HAS_FIELDS ((MOTION_FORCES & 8192) != 0)
// Bits 14–17 beside ONE_TURBULENCE: its octave count (1…8), compiled in; 0: read from the table.
#define TURBULENCE_OCTAVES ((MOTION_FORCES >> 14) & 15)
// Bit 18: the cell has exactly one collider, tested without the loop over colliders.
#define ONE_COLLIDER ((MOTION_FORCES & 262144) != 0)
// Bit 19: one of the cell's colliders sticks (plume_collider_holds compiles).
#define HAS_STICKY ((MOTION_FORCES & 524288) != 0)
// Bit 20: one of the cell's colliders moves over the update (plume_collider_frame compiles).
#define HAS_MOVING ((MOTION_FORCES & 1048576) != 0)
// Bit 21: one of them turns (plume_collider_frame's turn compiles).
#define HAS_TURNING ((MOTION_FORCES & 2097152) != 0)

struct MotionState {
    int age;                       // ticks
    vec3 position;
    vec3 velocity;                 // raw: before the speed curve's factor
};

// An attractor's and a vortex's parameters (the Attractor and Vortex layouts).
struct MotionAttractor {
    int type;
    float falloffDistance, stiffness, radius, falloff;
    vec3 position, orientation;
};

struct MotionVortex {
    vec3 position;
    float falloffDistance, coreRadius, swirl, pull;
};

struct MotionTurbulence {
    float strength, frequency, octaves, scrollSpeed;
    uint key;                      // the lattice key (CurlNoise.key), mixed on the host
};

MotionTurbulence plume_mt_turbulence(usamplerBuffer t, int e) {
    return MotionTurbulence(plume_Turbulence_strength(t, e), plume_Turbulence_noiseFrequency(t, e),
                            plume_Turbulence_octaves(t, e), plume_Turbulence_scrollSpeed(t, e), plume_Turbulence_key(t, e));
}

MotionAttractor plume_mt_attractor(usamplerBuffer t, int e) {
    return MotionAttractor(plume_Attractor_type(t, e), plume_Attractor_falloffDistance(t, e),
                           plume_Attractor_stiffness(t, e), plume_Attractor_radius(t, e), plume_Attractor_falloff(t, e),
                           plume_Attractor_position(t, e), plume_Attractor_orientation(t, e));
}

MotionVortex plume_mt_vortex(usamplerBuffer t, int e) {
    return MotionVortex(plume_Vortex_position(t, e), plume_Vortex_falloffDistance(t, e), plume_Vortex_coreRadius(t, e),
                        plume_Vortex_swirl(t, e), plume_Vortex_pull(t, e));
}

// The per-particle draws of BehaviorParticle, and the cell's force parameters that every force
// evaluation needs (plume_mt_force): read from the table once per particle here, not once per
// evaluation (an update or a draw may evaluate the force more than once, and each read is a texel
// fetch, which llvmpipe runs per lane).
struct MotionParticle {
    float lifetime;                // seconds
    int gridOffset;                // BehaviorParticle.gridOffset: the birth tick mod GRID_TICKS (plume_grid_offset)
    int clockAge;                  // the age at the table's records time (MotionHeader.gridClock's tick): where moving colliders are (plume_collider_frame)
    float radial;
    float tangential;
    float r0;
    float r1;
    float omega;
    float drag;                    // MotionHeader's, as read once
    uint seed;
    vec3 center;
    int keys;                      // speed-curve keys (0: the speed factor is 1)
    int waves, waveStart;
    int attractors, attractorStart;
    int turbulences, turbulenceStart;
    int vortices, vortexStart;
    int colliders, colliderStart;  // the Collider entries
    MotionAttractor attractor;     // the only one (ONE_ATTRACTOR), else unread
    MotionVortex vortex;           // the only one (ONE_VORTEX), else unread
    MotionTurbulence turbulence;   // the only one (ONE_TURBULENCE), else unread
};

int plume_mt_start(usamplerBuffer t) { return plume_BehaviorHeader_motionStart(t, 0); }

// sin x and cos x through plume_turn (x / 2π turns).
vec2 plume_cos_sin(float x) { return plume_turn(fract(x * (1.0 / 6.283185307179586))); }

// e^x − 1 without cancellation near 0.
float plume_expm1(float x) {
    if (abs(x) > 0.25) return exp(x) - 1.0;
    float s = 1.0;
    for (int k = 9; k >= 2; --k) s = 1.0 + s * x / float(k);
    return x * s;
}

// ---- The particle's draws (BehaviorParticle.init).

float plume_mt_spread(uint seed, uvec2 key, float mean, float range, uint draw) {
    return range == 0.0 ? mean : mean + (plume_unit(plume_hash(seed, key, draw)) - 0.5) * range;
}

// The sum of the particle's draws of `count` Acceleration entries from texel `first`. do … while
// behind the count: a for loop's body runs once more, masked, on llvmpipe.
float plume_mt_spreads(usamplerBuffer t, int first, int count, uint seed, uvec2 key) {
    float sum = 0.0;
    if (count > 0) {
        int i = 0;
        do {
            int e = first + ACCELERATION_VECS * i;
            sum += plume_mt_spread(seed, key, plume_Acceleration_acceleration(t, e), plume_Acceleration_range(t, e),
                                   plume_Acceleration_draw(t, e));
        } while (++i < count);
    }
    return sum;
}

// A particle with no motion behaviours' constants (a cell whose motion is off): lifetime 1 s, no
// forces; what a pass holds before it knows the cell's.
MotionParticle plume_no_motion_particle() {
    return MotionParticle(1.0, 0, 0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0u, vec3(0.0), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                          MotionAttractor(0, 0.0, 0.0, 0.0, 0.0, vec3(0.0), vec3(0.0)),
                          MotionVortex(vec3(0.0), 0.0, 0.0, 0.0, 0.0),
                          MotionTurbulence(0.0, 0.0, 0.0, 0.0, 0u));
}

// Where the entries of the section's lists start (texels) and how many there are (MotionHeader).
// The update takes the starts of the lists it compiles from uniforms (u_attractorStart …): the
// texels of an entry at an address that is the same for all lanes are one load for all of them on
// llvmpipe, where an address read from the table is fetched lane by lane.
struct MotionLists {
    int attractors, attractorStart;
    int turbulences, turbulenceStart;
    int vortices, vortexStart;
    int colliders, colliderStart;
};

MotionLists plume_motion_lists(usamplerBuffer t, int m) {
    return MotionLists(int(plume_MotionHeader_attractors(t, m)), plume_MotionHeader_attractorStart(t, m),
                       int(plume_MotionHeader_turbulences(t, m)), plume_MotionHeader_turbulenceStart(t, m),
                       int(plume_MotionHeader_vortices(t, m)), plume_MotionHeader_vortexStart(t, m),
                       int(plume_MotionHeader_colliders(t, m)), plume_MotionHeader_colliderStart(t, m));
}

// The particle's grid offset (BehaviorParticle.gridOffset): its birth tick mod GRID_TICKS, from
// its age `ageAtClock` (ticks) at the layer time whose ticks mod GRID_TICKS the table holds
// (MotionHeader.gridClock: the time at which the reading pass's records have the ages it reads).
int plume_grid_offset(usamplerBuffer t, int m, int ageAtClock) {
    return int((plume_MotionHeader_gridClock(t, m) - uint(ageAtClock)) & uint(GRID_TICKS - 1));
}

MotionParticle plume_motion_particle_in(usamplerBuffer t, int m, MotionLists l, uvec2 key, uint lifetime, int ageAtClock);

MotionParticle plume_motion_particle(usamplerBuffer t, int m, uvec2 key, uint lifetime, int ageAtClock) {
    return plume_motion_particle_in(t, m, plume_motion_lists(t, m), key, lifetime, ageAtClock);
}

// The particle's draws and the cell's parameters, with the lists `l`; `ageAtClock`: its age at the
// table's clock (plume_grid_offset).
MotionParticle plume_motion_particle_in(usamplerBuffer t, int m, MotionLists l, uvec2 key, uint lifetime, int ageAtClock) {
    uint seed = plume_MotionHeader_seed(t, m);
    MotionParticle q = MotionParticle(plume_seconds(lifetime), plume_grid_offset(t, m, ageAtClock), ageAtClock,
                                      0.0, 0.0, 0.0, 0.0, 0.0,
                                      plume_MotionHeader_drag(t, m), seed, plume_MotionHeader_center(t, m),
                                      int(plume_MotionHeader_keys(t, m)),
                                      int(plume_MotionHeader_waves(t, m)), plume_MotionHeader_waveStart(t, m),
                                      l.attractors, l.attractorStart, l.turbulences, l.turbulenceStart,
                                      l.vortices, l.vortexStart, l.colliders, l.colliderStart,
                                      MotionAttractor(0, 0.0, 0.0, 0.0, 0.0, vec3(0.0), vec3(0.0)),
                                      MotionVortex(vec3(0.0), 0.0, 0.0, 0.0, 0.0),
                                      MotionTurbulence(0.0, 0.0, 0.0, 0.0, 0u));
#if ONE_ATTRACTOR
    q.attractor = plume_mt_attractor(t, q.attractorStart);
#endif
#if ONE_VORTEX
    q.vortex = plume_mt_vortex(t, q.vortexStart);
#endif
#if ONE_TURBULENCE
    q.turbulence = plume_mt_turbulence(t, q.turbulenceStart);
#endif
#if HAS_RADIAL
    // (only plume_mt_force's radial term reads them: elsewhere their loops would run, masked, for
    // every particle although the lists are empty)
    q.radial = plume_mt_spreads(t, plume_MotionHeader_radialStart(t, m), int(plume_MotionHeader_radials(t, m)), seed, key);
    q.tangential = plume_mt_spreads(t, plume_MotionHeader_tangentialStart(t, m), int(plume_MotionHeader_tangentials(t, m)),
                                    seed, key);
#endif
#if HAS_ORBIT
    if (int(plume_MotionHeader_motionClass(t, m)) == MOTION_ORBIT) {
        uint d = plume_MotionHeader_orbitDraw(t, m);
        q.r0 = plume_mt_spread(seed, key, plume_MotionHeader_startRadius(t, m), plume_MotionHeader_startRadiusRange(t, m), d);
        q.r1 = plume_mt_spread(seed, key, plume_MotionHeader_endRadius(t, m), plume_MotionHeader_endRadiusRange(t, m), d + 1u);
        q.omega = plume_mt_spread(seed, key, plume_MotionHeader_angularSpeed(t, m),
                                  plume_MotionHeader_angularSpeedRange(t, m), d + 2u);
    }
#endif
    return q;
}

// ---- The speed curve (BehaviorCurve.value), 1 without one. `age` in seconds.

float plume_mt_factor(usamplerBuffer t, int m, float age, float lifetime) {
    int n = int(plume_MotionHeader_keys(t, m));
    if (n == 0) return 1.0;
    int s = plume_MotionHeader_curveStart(t, m);
    float x = age / lifetime;
    if (x <= plume_CurveKey_location(t, s)) return plume_CurveKey_value(t, s);
    for (int i = 1; i < n; ++i) {
        int e1 = s + CURVEKEY_VECS * i, e0 = e1 - CURVEKEY_VECS;
        float x1 = plume_CurveKey_location(t, e1);
        if (x < x1) {
            float x0 = plume_CurveKey_location(t, e0), v0 = plume_CurveKey_value(t, e0);
            return v0 + (plume_CurveKey_value(t, e1) - v0) * ((x - x0) / (x1 - x0));
        }
    }
    return plume_CurveKey_value(t, s + CURVEKEY_VECS * (n - 1));
}

// ---- Closed forms (BehaviorMotion.closedForm). Times inside are seconds from the state's age.

vec3 plume_mt_gv(usamplerBuffer t, int m, MotionState s, vec3 a, float lifetime, float a0, float d) {
    return (s.velocity + a * d) * plume_mt_factor(t, m, a0 + d, lifetime);
}

MotionState plume_closed_form(usamplerBuffer t, int m, MotionState s, int age, vec3 a, float lifetime) {
    float dt = plume_seconds(age - s.age);
    float a0 = plume_seconds(s.age);
    int keys = int(plume_MotionHeader_keys(t, m));
    if (keys > 0) {
        int first = plume_MotionHeader_curveStart(t, m);
        vec3 p = s.position;
        float start = 0.0;                   // seconds after the state's age
        for (int i = 0; i < keys; ++i) {
            float at = plume_CurveKey_location(t, first + CURVEKEY_VECS * i) * lifetime - a0;
            if (!(at > start && at < dt)) continue;
            p += (at - start) / 6.0 * (plume_mt_gv(t, m, s, a, lifetime, a0, start)
                                       + 4.0 * plume_mt_gv(t, m, s, a, lifetime, a0, (start + at) * 0.5)
                                       + plume_mt_gv(t, m, s, a, lifetime, a0, at));
            start = at;
        }
        p += (dt - start) / 6.0 * (plume_mt_gv(t, m, s, a, lifetime, a0, start)
                                   + 4.0 * plume_mt_gv(t, m, s, a, lifetime, a0, (start + dt) * 0.5)
                                   + plume_mt_gv(t, m, s, a, lifetime, a0, dt));
        return MotionState(age, p, s.velocity + a * dt);
    }
    float k = plume_MotionHeader_drag(t, m);
    float kd = k * dt;
    float e1 = k == 0.0 ? dt : -plume_expm1(-kd) / k;
    float e2;                                // ∫₀^Δ ∫₀^τ e^{−kσ}: a series where (Δ − e1)/k would cancel
    if (abs(kd) < 0.5) {               // |kd|: either direction
        float s2 = 1.0;
        for (int n = 13; n >= 3; --n) s2 = 1.0 - s2 * kd / float(n);
        e2 = dt * dt * 0.5 * s2;
    } else {
        e2 = (dt - e1) / k;
    }
    float decay = exp(-kd);
    vec3 v = s.velocity * decay + a * e1;
    vec3 p = s.position + s.velocity * e1 + a * e2;
    int waves = plume_MotionHeader_waveStart(t, m);
    float a1 = plume_seconds(age);
    for (int i = 0; i < int(plume_MotionHeader_waves(t, m)); ++i) {
        int e = waves + WAVE_VECS * i;
        float w = plume_Wave_omega(t, e), phase = plume_Wave_phase(t, e);
        vec3 f = plume_Wave_force(t, e);
        if (w == 0.0) {                      // a constant acceleration f·sin φ (0 at phase 0)
            vec3 c = f * plume_cos_sin(phase).y;
            v += c * e1;
            p += c * e2;
            continue;
        }
        float d = k * k + w * w;
        vec2 cs1 = plume_cos_sin(w * a1 + phase), cs0 = plume_cos_sin(w * a0 + phase);
        float sPart1 = (k * cs1.y - w * cs1.x) / d, sPart0 = (k * cs0.y - w * cs0.x) / d;
        float cPart1 = (-(k / w) * cs1.x - cs1.y) / d, cPart0 = (-(k / w) * cs0.x - cs0.y) / d;
        v += f * (sPart1 - sPart0 * decay);
        p += f * (cPart1 - cPart0 - sPart0 * e1);
    }
    return MotionState(age, p, v);
}

// ---- Orbit (BehaviorMotion.orbit): the angle θ₀ + ω·τ, with cos θ₀, sin θ₀ from the birth velocity.

MotionState plume_orbit(MotionState s, int age, MotionParticle q) {
    vec3 v0 = s.velocity;
    float len = sqrt(v0.x * v0.x + v0.y * v0.y);
    float c0 = len > 0.0 ? v0.x / len : 1.0, s0 = len > 0.0 ? v0.y / len : 0.0;
    float tau = plume_seconds(age);
    vec2 w = plume_cos_sin(q.omega * tau);
    float c = c0 * w.x - s0 * w.y, sn = s0 * w.x + c0 * w.y;
    float dr = (q.r1 - q.r0) / q.lifetime;
    float r = q.r0 + dr * tau;
    vec3 u = vec3(c, sn, 0.0), perp = vec3(-sn, c, 0.0);
    return MotionState(age, s.position + u * r, u * dr + perp * (r * q.omega));
}

// ---- Turbulence (CurlNoise.swift): the 2-D curl of 2-D simplex noise, 3 corners an octave, each
// octave drifting along its own direction with age; a one-multiply corner hash; no trig. Every
// constant is the Float the reference rounds its own to.

// Corner (i, j)'s hash (CurlNoise.cornerHash) from its row's part r = i * 0x9E3779B1 ^ key and its
// column's c = j * 0x85EBCA77: x = r ^ c, (x ^ x >> 16) * 0xC2B2AE3D.
uint plume_noise_hash(uint row, uint column) {
    uint x = row ^ column;
    return (x ^ (x >> 16u)) * 0xC2B2AE3Du;
}

// One corner's term of the gradient (CurlNoise.corner): t^4 g - 8 t^3 (g.d) d = t^3 (t g - 8 (g.d) d),
// t = max(1/2 - |d|^2, 0); g one of the 8 unit directions at 22.5° + k·45° (CurlNoise.gradient):
// bit 29 of the hash swaps (cos 22.5°, sin 22.5°), bits 31 and 30 are the components' sign bits.
vec2 plume_noise_corner(uint h, vec2 d) {
    vec2 g = (h & 0x20000000u) != 0u ? vec2(0.38268343236, 0.92387953251) : vec2(0.92387953251, 0.38268343236);
    g = uintBitsToFloat(floatBitsToUint(g) ^ uvec2(h & 0x80000000u, (h << 1u) & 0x80000000u));
    float t = max(0.5 - d.x * d.x - d.y * d.y, 0.0);
    float value = g.x * d.x + g.y * d.y;
    return (g * t - d * (8.0 * value)) * (t * t * t);
}

// ∇n(x) of one octave's simplex noise under lattice key `key` (CurlNoise.noiseGradient), its
// corners summed in the same order.
vec2 plume_noise_gradient(vec2 x, uint key) {
    const float L = 16777216.0, F = 0.36602540378, G = 0.21132486540;
    vec2 v = clamp(x, -L, L);
    float s = (v.x + v.y) * F;
    float fi = floor(v.x + s), fj = floor(v.y + s);
    float t = (fi + fj) * G;
    vec2 d0 = vec2(v.x - (fi - t), v.y - (fj - t));
    uint i = uint(int(fi)), j = uint(int(fj));
    bool first = d0.x > d0.y;
    vec2 d1 = d0 - (first ? vec2(1.0, 0.0) : vec2(0.0, 1.0)) + G;
    vec2 d2 = d0 - 1.0 + 2.0 * G;
    // the next row's and column's parts one addition on: (i + 1)·k is i·k + k
    uint a = i * 0x9E3779B1u, column0 = j * 0x85EBCA77u, column1 = column0 + 0x85EBCA77u;
    uint row0 = a ^ key, row1 = (a + 0x9E3779B1u) ^ key;
    uint h0 = plume_noise_hash(row0, column0);
    uint h1 = plume_noise_hash(first ? row1 : row0, first ? column0 : column1);
    uint h2 = plume_noise_hash(row1, column1);
    return plume_noise_corner(h0, d0) + plume_noise_corner(h1, d1) + plume_noise_corner(h2, d2);
}

// CurlNoise.acceleration: `at` the particle's age, seconds. The octaves loop as do … while: n ≥ 1,
// and llvmpipe runs a for loop's body once more, masked, to find that it ends. Octave o's key is
// T.key ^ o·0x9E3779B9 (T.key: CurlNoise.key, mixed on the host), its scale 2^o, its weight 2^-o.
vec3 plume_curl_noise(MotionTurbulence T, vec3 p, float at) {
    if (T.strength == 0.0) return vec3(0.0);
#if ONE_TURBULENCE && TURBULENCE_OCTAVES > 0
    const int n = TURBULENCE_OCTAVES;      // the table's count, compiled in (MotionForces.octaves)
#else
    int n = int(floor(clamp(T.octaves, 1.0, 8.0)));
#endif
    vec2 x = vec2(p.x * T.frequency, p.y * T.frequency);
    float drift = T.scrollSpeed * at;
    const float C = -0.73736887808, S = 0.67549029350;
    vec2 direction = vec2(1.0, 0.0), sum = vec2(0.0);
    float norm = 0.0, scale = 1.0, weight = 1.0;
    int o = 0;
    do {
        sum += plume_noise_gradient((x + direction * drift) * scale, T.key ^ (uint(o) * 0x9E3779B9u)) * weight;
        norm += weight;
        scale *= 2.0;
        weight *= 0.5;
        direction = vec2(direction.x * C - direction.y * S, direction.x * S + direction.y * C);
    } while (++o < n);
    return vec3(sum.y, -sum.x, 0.0) * (T.strength * 27.0 / norm);
}

// ---- Grid (BehaviorMotion.force, field).

// f += an attractor's acceleration at p (ResolvedAttractor.acceleration).
void plume_mt_attract(inout vec3 f, MotionAttractor A, vec3 p) {
    vec3 toP = A.position - p, axis = A.orientation;
    vec3 d = A.type == 0 ? toP : A.type == 1 ? toP - axis * dot(toP, axis) : axis * dot(toP, axis);
    float r = length(d);
    if (r > 0.0 && r <= A.falloffDistance) f += d * ((A.stiffness * (r - A.radius) + A.falloff) / r);
}

// f += a vortex's acceleration at p (ResolvedVortex.acceleration).
void plume_mt_swirl(inout vec3 f, MotionVortex V, vec3 p) {
    vec3 d = p - V.position;
    float r = sqrt(d.x * d.x + d.y * d.y);
    if (r > 0.0 && r <= V.falloffDistance) {
        float g = V.coreRadius > 0.0 ? min(r / V.coreRadius, V.coreRadius / r) : 1.0;
        f += (vec3(-d.y, d.x, 0.0) * (V.swirl * g) - vec3(d.x, d.y, 0.0) * V.pull) / r;
    }
}

// The cell's parameters from q (plume_motion_particle), the entries' from the table (or q where
// the cell has one).
vec3 plume_mt_force(usamplerBuffer t, int m, vec3 p, vec3 v, float at, vec3 a, MotionParticle q) {
    vec3 f = a - q.drag * v;
#if HAS_WAVE_FORCE
    for (int i = 0; i < q.waves; ++i) {
        int e = q.waveStart + WAVE_VECS * i;
        f += plume_Wave_force(t, e) * plume_cos_sin(plume_Wave_omega(t, e) * at + plume_Wave_phase(t, e)).y;
    }
#endif
#if ONE_ATTRACTOR
    plume_mt_attract(f, q.attractor, p);
#elif HAS_ATTRACTORS
    for (int i = 0; i < q.attractors; ++i) plume_mt_attract(f, plume_mt_attractor(t, q.attractorStart + ATTRACTOR_VECS * i), p);
#endif
#if ONE_TURBULENCE
    f += plume_curl_noise(q.turbulence, p, at);
#elif HAS_TURBULENCE
    for (int i = 0; i < q.turbulences; ++i) {
        f += plume_curl_noise(plume_mt_turbulence(t, q.turbulenceStart + TURBULENCE_VECS * i), p, at);
    }
#endif
#if ONE_VORTEX
    plume_mt_swirl(f, q.vortex, p);
#elif HAS_VORTICES
    for (int i = 0; i < q.vortices; ++i) plume_mt_swirl(f, plume_mt_vortex(t, q.vortexStart + VORTEX_VECS * i), p);
#endif
#if HAS_RADIAL
    if (q.radial != 0.0 || q.tangential != 0.0) {
        vec3 d = p - q.center;
        float r = length(d);
        if (r > 0.0) f += d * (q.radial / r);
        float rxy = sqrt(d.x * d.x + d.y * d.y);
        if (rxy > 0.0) f += vec3(-d.y, d.x, 0.0) * (q.tangential / rxy);
    }
#endif
    return f;
}

// The speed factor on the grid (plume_mt_factor; 1 without a speed curve, with no texel read).
float plume_mt_speed(usamplerBuffer t, int m, float at, MotionParticle q) {
#if HAS_SPEED_CURVE
    return q.keys == 0 ? 1.0 : plume_mt_factor(t, m, at, q.lifetime);
#else
    return 1.0;
#endif
}

// ---- The grid's leapfrog (BehaviorMotion.kick, drift, held; Semantics §12): one force evaluation
// per step. The particle's grid points are the ages n·h − q.gridOffset at which layer time is a
// multiple of the grid step. An anchor at one after birth holds the half-step velocity v(t − h/2);
// one at birth (age 0) or off the grid holds the velocity at its age.

// The motion from the anchor s to `age` (at most a grid step on; not kept): v, acc at s (drag
// implicit on a half-step velocity w: acc = (f − k·w) / (1 + k·h/2), v = w + acc·h/2), the speed
// factor g at the middle age; state: position p + (v + acc·τ/2)·(g·τ), raw velocity v + acc·τ.
// A grid step is the drift to the next grid point, its collisions (plume_collide), then plume_held.
struct MotionDrift {
    MotionState state;
    vec3 velocity;
    vec3 acc;
    float speed;
};

// Whether the anchor s holds a half-step velocity (BehaviorMotion.holdsHalfStep): it lies on one of
// the particle's grid points after birth.
bool plume_holds_half_step(MotionState s, MotionParticle q) {
    return s.age > 0 && (s.age + q.gridOffset) % GRID_TICKS == 0;
}

// The acceleration of the grid motion at the anchor s (BehaviorMotion.kick): the field there (no
// drag) less the drag, implicit on a half-step velocity (plume_holds_half_step).
vec3 plume_kick(usamplerBuffer t, int m, MotionState s, vec3 a, MotionParticle q) {
    vec3 f = plume_mt_force(t, m, s.position, vec3(0.0), plume_seconds(s.age), a, q);
    if (plume_holds_half_step(s, q)) return (f - q.drag * s.velocity) / (1.0 + q.drag * plume_seconds(GRID_TICKS) * 0.5);
    return f - q.drag * s.velocity;
}

MotionDrift plume_drift(usamplerBuffer t, int m, MotionState s, int age, vec3 a, MotionParticle q) {
    vec3 acc = plume_kick(t, m, s, a, q);
    vec3 v = plume_holds_half_step(s, q) ? s.velocity + acc * (plume_seconds(GRID_TICKS) * 0.5) : s.velocity;
    float tau = plume_seconds(age - s.age);
    float g = plume_mt_speed(t, m, plume_seconds(s.age) + tau * 0.5, q);
    return MotionDrift(MotionState(age, s.position + (v + acc * (tau * 0.5)) * (g * tau), v + acc * tau), v, acc, g);
}

// A grid point's state as the grid holds it (BehaviorMotion.held): the half-step velocity v − acc·h/2.
MotionState plume_held(usamplerBuffer t, int m, MotionState s, vec3 acc) {
    return MotionState(s.age, s.position, s.velocity - acc * (plume_seconds(GRID_TICKS) * 0.5));
}

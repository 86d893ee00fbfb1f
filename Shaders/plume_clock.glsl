// The emission clock of Semantics §3 for sub-cells: Sources/Plume/Simulation/EmissionClock.swift
// in 32-bit integers. Every quantity is an exact integer function of the clock's state and the
// ticks (no float rounding decides anything), so the GPU finds the same births as the CPU.
//
// Wide integers: a u64 is a uvec2 (low, high), a u96 a uvec3 (low … high); GLSL 3.30 has no
// 64-bit type and no umulExtended, so products go through 16-bit halves.

// ---- Wide integer arithmetic.

// a·b as a u64.
uvec2 plume_mul32(uint a, uint b) {
    uint a0 = a & 0xFFFFu, a1 = a >> 16u, b0 = b & 0xFFFFu, b1 = b >> 16u;
    uint lo = a0 * b0;
    uint m1 = a1 * b0, m2 = a0 * b1;
    uint hi = a1 * b1;
    uint mid = (lo >> 16u) + (m1 & 0xFFFFu) + (m2 & 0xFFFFu);
    return uvec2((lo & 0xFFFFu) | (mid << 16u), hi + (m1 >> 16u) + (m2 >> 16u) + (mid >> 16u));
}

// a (u64) · b as a u96.
uvec3 plume_mul64x32(uvec2 a, uint b) {
    uvec2 p0 = plume_mul32(a.x, b), p1 = plume_mul32(a.y, b);
    uint mid = p0.y + p1.x;
    return uvec3(p0.x, mid, p1.y + (mid < p0.y ? 1u : 0u));
}

uvec3 plume_add96(uvec3 a, uvec3 b) {
    uint x = a.x + b.x;
    uint c0 = x < a.x ? 1u : 0u;
    uint y = a.y + b.y;
    uint c1 = y < a.y ? 1u : 0u;
    uint y2 = y + c0;
    c1 += y2 < y ? 1u : 0u;
    return uvec3(x, y2, a.z + b.z + c1);
}

uvec3 plume_sub96(uvec3 a, uvec3 b) {      // a − b, a ≥ b
    uint x = a.x - b.x;
    uint b0 = a.x < b.x ? 1u : 0u;
    uint y = a.y - b.y;
    uint b1 = a.y < b.y ? 1u : 0u;
    uint y2 = y - b0;
    b1 += y < b0 ? 1u : 0u;
    return uvec3(x, y2, a.z - b.z - b1);
}

bool plume_less96(uvec3 a, uvec3 b) {
    if (a.z != b.z) return a.z < b.z;
    if (a.y != b.y) return a.y < b.y;
    return a.x < b.x;
}

float plume_float96(uvec3 a) { return (float(a.z) * 4294967296.0 + float(a.y)) * 4294967296.0 + float(a.x); }

// ⌈n / d⌉ for a quotient below 2³¹ (d ≥ 1): a float estimate, refined by exact products until
// d·(q − 1) < n ≤ d·q. Exact whatever the float rounding.
uint plume_ceil_div(uvec3 n, uvec2 d) {
    float fd = float(d.y) * 4294967296.0 + float(d.x);
    uint q = uint(clamp(ceil(plume_float96(n) / fd), 0.0, 2147483647.0));
    for (int round = 0; round < 2; ++round) {      // the estimate's error, ~2⁻²² of q, shrinks to ±1
        uvec3 p = plume_mul64x32(d, q);
        if (plume_less96(p, n)) {
            q += uint(floor(plume_float96(plume_sub96(n, p)) / fd));
        } else {
            q -= min(q, uint(floor(plume_float96(plume_sub96(p, n)) / fd)));
        }
    }
    for (int i = 0; i < 4 && plume_less96(plume_mul64x32(d, q), n); ++i) ++q;
    for (int i = 0; i < 4 && q > 0u && !plume_less96(plume_mul64x32(d, q - 1u), n); ++i) --q;
    return q;
}

// ---- The clock.

struct Births {
    uvec2 count;          // births this update (u64)
    uvec2 skipped;        // births passed over by the catch-up rule (u64)
    uint firstSerial;
    int base;             // the parent age (ticks) the crossings are counted from
    uint fraction;        // the clock's fraction at base plus half a step (mod 1)
    uvec2 step;
};

// Crossings in ticks 1 … m after a point with fraction f: ⌊(f + step·m) / 2³²⌋ as a u64
// (EmissionClock.crossings; step·m stays below 2⁹⁴, so the high word never overflows a u64).
uvec2 plume_crossings(uint f, uvec2 step, int m) {
    if (m <= 0) return uvec2(0u);
    uvec3 v = plume_add96(plume_mul64x32(step, uint(m)), uvec3(f, 0u, 0u));
    return v.yz;
}

bool plume_less64(uvec2 a, uvec2 b) { return a.y != b.y ? a.y < b.y : a.x < b.x; }

uvec2 plume_sub64(uvec2 a, uvec2 b) { return uvec2(a.x - b.x, a.y - b.y - (a.x < b.x ? 1u : 0u)); }

// Advances `c` from parent age t0 to t1 (ticks; deadline: the parent's lifetime) and returns the
// births: EmissionClock.advance line for line.
Births plume_clock_advance(inout Clock c, ClockParams P, int t0, int t1, int deadline) {
    Births none = Births(uvec2(0u), uvec2(0u), 1u, 0, 0u, uvec2(1u, 0u));
    if (!(t1 > t0)) return none;
    if ((P.step.x == 0u && P.step.y == 0u) || !(P.windowStart < P.windowEnd)) {
        c.running = 0u;
        c.fraction = 0u;
        return none;
    }
    if (c.running != 0u && t0 >= P.windowEnd) { c.running = 0u; c.fraction = 0u; }
    int start = c.running != 0u ? t0 : max(P.windowStart, t0);
    int stop = min(P.windowEnd, deadline);
    if (!(start <= t1) || !(start < stop)) {
        if (P.windowEnd <= t1) { c.running = 0u; c.fraction = 0u; }
        return none;
    }
    if (c.running == 0u) { c.running = 1u; c.fraction = 0u; }
    int span = t1 - start;
    uint g = c.fraction + ((P.step.x >> 1u) | (P.step.y << 31u));   // + half a step: the nearest tick
    uvec2 total = plume_crossings(g, P.step, min(span, stop - 1 - start));
    uvec2 skipped = uvec2(0u);
    if (span > P.maxLifetime && (total.y != 0u || total.x > 32u)) {
        skipped = plume_crossings(g, P.step, span - P.maxLifetime - 1);
        if (plume_less64(total, skipped)) skipped = total;
    }
    Births b = Births(plume_sub64(total, skipped), skipped, c.lastSerial + 1u + skipped.x, start, g, P.step);
    c.fraction += plume_mul32(P.step.x, uint(span)).x;   // (step·span) mod 2³²
    c.lastSerial += total.x;
    if (P.windowEnd <= t1) { c.running = 0u; c.fraction = 0u; }
    return b;
}

// The births of an event sub-cell (Semantics §14) for a parent whose ages in this update run from
// t0 to t1 (`fresh`: it is born in this update): `count` births at the parent's age 0 (birth) or
// at its lifetime (death, when that falls in (t0, t1]), inside the sub-cell's window, serials
// from 1; none otherwise (a collision has no source yet). As
// EmissionClock.Births.burst: step 2⁶³ from the tick before, so every birth falls on that age.
Births plume_event_births(int event, uint count, ClockParams P, bool fresh, int t0, int t1, int lifetime) {
    Births none = Births(uvec2(0u), uvec2(0u), 1u, 0, 0u, uvec2(1u, 0u));
    int age;
    if (event == EmitterEvent_birth && fresh) age = 0;
    else if (event == EmitterEvent_death && t0 < lifetime && lifetime <= t1) age = lifetime;
    else return none;
    if (count == 0u || age < P.windowStart || age >= P.windowEnd) return none;
    return Births(uvec2(count, 0u), uvec2(0u), 1u, age - 1, 0u, uvec2(0u, 0x80000000u));
}

// The parent age (ticks) of the i-th birth (0-based): base + ⌈(k·2³² − fraction) / step⌉ for
// crossing k = skipped + 1 + i (EmissionClock.Births.tick).
int plume_birth_tick(Births b, uint i) {
    // k = skipped + 1 + i as a u64, then k·2³² − fraction as a u96
    uint kx = b.skipped.x + 1u + i;
    uint carry = kx < b.skipped.x ? 1u : 0u;      // i is a slot index, far below 2³² − 1
    uvec3 n = plume_sub96(uvec3(0u, kx, b.skipped.y + carry), uvec3(b.fraction, 0u, 0u));
    return b.base + int(plume_ceil_div(n, b.step));
}

// Ticks from the first birth of a batch to birth i (the birth pass: EmissionClock.Births.batch):
// ⌈(i·2³² − excess) / step⌉, 0 when that is not positive.
int plume_batch_offset(uint i, uvec2 excess, uvec2 step) {
    uvec3 n = uvec3(0u, i, 0u);
    uvec3 e = uvec3(excess, 0u);
    if (!plume_less96(e, n)) return 0;
    return int(plume_ceil_div(plume_sub96(n, e), step));
}

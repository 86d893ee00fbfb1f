// The GPU particle record: one declared layout, mirrored by Sources/PlumeGL/GPU/ParticleRecord.swift
// (a test checks sizes and offsets). A record is 24 + 6·S 32-bit words for a cell with S sub-cells,
// moved as REC_VECS(S) uvec4 vertex attributes / transform-feedback outputs.
//
//  word  0-1  key (lo, hi)            word  6-7  birth time (double)     word 16 scale0  17 scaleSpeed
//  word  2-3  parent key (lo, hi)     word  8-9  lifetime (double)       word 18 angle0  19 spin
//  word  4    serial                  word 10-12 anchor position         word 20-23 colour0 (rgba)
//  word  5    anchor age (float)      word 13-15 anchor velocity
//  then per sub-cell j, at 24 + 6j: segment start (double), clock at segment start (double),
//  crossings since the clock started (0xFFFFFFFF: not running), serial of the last birth.

#define MAX_SUB 6
#define REC_WORDS(s) (24 + 6 * (s))
#define REC_VECS(s) ((REC_WORDS(s) + 3) / 4)
const uint CLOCK_IDLE = 0xFFFFFFFFu;

struct Clock {
    double segStart;
    double clockAtStart;
    uint crossings;      // CLOCK_IDLE when not running
    uint lastSerial;
};

struct Particle {
    uvec2 key;
    uvec2 parent;
    uint serial;
    float anchorAge;
    double birth;
    double lifetime;
    vec3 anchorPos;
    vec3 anchorVel;
    float scale0;
    float scaleSpeed;
    float angle0;
    float spin;
    vec4 color0;
    Clock clocks[MAX_SUB];
};

Clock plume_idle_clock() { return Clock(0.0lf, 0.0lf, CLOCK_IDLE, 0u); }

#define REC_MAX REC_VECS(MAX_SUB)

void plume_put(inout uvec4 r[REC_MAX], int i, uint v) { r[i >> 2][i & 3] = v; }
void plume_put_float(inout uvec4 r[REC_MAX], int i, float v) { plume_put(r, i, floatBitsToUint(v)); }
void plume_put_double(inout uvec4 r[REC_MAX], int i, double v) {
    uvec2 u = unpackDouble2x32(v);
    plume_put(r, i, u.x);
    plume_put(r, i + 1, u.y);
}
uint plume_word(uvec4 r[REC_MAX], int i) { return r[i >> 2][i & 3]; }
float plume_float(uvec4 r[REC_MAX], int i) { return uintBitsToFloat(plume_word(r, i)); }
double plume_double(uvec4 r[REC_MAX], int i) { return packDouble2x32(uvec2(plume_word(r, i), plume_word(r, i + 1))); }

// Reads a record of a cell with `subs` sub-cells (the first REC_VECS(subs) entries of r).
Particle plume_unpack(uvec4 r[REC_MAX], int subs) {
    Particle p;
    p.key = uvec2(plume_word(r, 0), plume_word(r, 1));
    p.parent = uvec2(plume_word(r, 2), plume_word(r, 3));
    p.serial = plume_word(r, 4);
    p.anchorAge = plume_float(r, 5);
    p.birth = plume_double(r, 6);
    p.lifetime = plume_double(r, 8);
    p.anchorPos = vec3(plume_float(r, 10), plume_float(r, 11), plume_float(r, 12));
    p.anchorVel = vec3(plume_float(r, 13), plume_float(r, 14), plume_float(r, 15));
    p.scale0 = plume_float(r, 16);
    p.scaleSpeed = plume_float(r, 17);
    p.angle0 = plume_float(r, 18);
    p.spin = plume_float(r, 19);
    p.color0 = vec4(plume_float(r, 20), plume_float(r, 21), plume_float(r, 22), plume_float(r, 23));
    for (int j = 0; j < MAX_SUB; ++j) {
        int b = 24 + 6 * j;
        p.clocks[j] = j < subs
            ? Clock(plume_double(r, b), plume_double(r, b + 2), plume_word(r, b + 4), plume_word(r, b + 5))
            : plume_idle_clock();
    }
    return p;
}

// Writes a record of a cell with `subs` sub-cells into the first REC_VECS(subs) entries of r.
void plume_pack(Particle p, int subs, out uvec4 r[REC_MAX]) {
    for (int v = 0; v < REC_MAX; ++v) r[v] = uvec4(0u);
    plume_put(r, 0, p.key.x);
    plume_put(r, 1, p.key.y);
    plume_put(r, 2, p.parent.x);
    plume_put(r, 3, p.parent.y);
    plume_put(r, 4, p.serial);
    plume_put_float(r, 5, p.anchorAge);
    plume_put_double(r, 6, p.birth);
    plume_put_double(r, 8, p.lifetime);
    plume_put_float(r, 10, p.anchorPos.x);
    plume_put_float(r, 11, p.anchorPos.y);
    plume_put_float(r, 12, p.anchorPos.z);
    plume_put_float(r, 13, p.anchorVel.x);
    plume_put_float(r, 14, p.anchorVel.y);
    plume_put_float(r, 15, p.anchorVel.z);
    plume_put_float(r, 16, p.scale0);
    plume_put_float(r, 17, p.scaleSpeed);
    plume_put_float(r, 18, p.angle0);
    plume_put_float(r, 19, p.spin);
    for (int c = 0; c < 4; ++c) plume_put_float(r, 20 + c, p.color0[c]);
    for (int j = 0; j < MAX_SUB; ++j) {
        if (j >= subs) break;
        int b = 24 + 6 * j;
        plume_put_double(r, b, p.clocks[j].segStart);
        plume_put_double(r, b + 2, p.clocks[j].clockAtStart);
        plume_put(r, b + 4, p.clocks[j].crossings);
        plume_put(r, b + 5, p.clocks[j].lastSerial);
    }
}

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

#define PLUME_WORD(r, i) (r[(i) >> 2][(i) & 3])
#define PLUME_DOUBLE(r, i) packDouble2x32(uvec2(PLUME_WORD(r, i), PLUME_WORD(r, (i) + 1)))
#define PLUME_FLOAT(r, i) uintBitsToFloat(PLUME_WORD(r, i))

// Reads a record of a cell with `subs` sub-cells. `r` is a uvec4 array (macro: arrays of different
// sizes need no overloads).
#define PLUME_UNPACK(p, r, subs) { \
    p.key = uvec2(PLUME_WORD(r, 0), PLUME_WORD(r, 1)); \
    p.parent = uvec2(PLUME_WORD(r, 2), PLUME_WORD(r, 3)); \
    p.serial = PLUME_WORD(r, 4); \
    p.anchorAge = PLUME_FLOAT(r, 5); \
    p.birth = PLUME_DOUBLE(r, 6); \
    p.lifetime = PLUME_DOUBLE(r, 8); \
    p.anchorPos = vec3(PLUME_FLOAT(r, 10), PLUME_FLOAT(r, 11), PLUME_FLOAT(r, 12)); \
    p.anchorVel = vec3(PLUME_FLOAT(r, 13), PLUME_FLOAT(r, 14), PLUME_FLOAT(r, 15)); \
    p.scale0 = PLUME_FLOAT(r, 16); p.scaleSpeed = PLUME_FLOAT(r, 17); \
    p.angle0 = PLUME_FLOAT(r, 18); p.spin = PLUME_FLOAT(r, 19); \
    p.color0 = vec4(PLUME_FLOAT(r, 20), PLUME_FLOAT(r, 21), PLUME_FLOAT(r, 22), PLUME_FLOAT(r, 23)); \
    for (int j_ = 0; j_ < MAX_SUB; ++j_) { \
        if (j_ < (subs)) { \
            int b_ = 24 + 6 * j_; \
            p.clocks[j_] = Clock(PLUME_DOUBLE(r, b_), PLUME_DOUBLE(r, b_ + 2), PLUME_WORD(r, b_ + 4), PLUME_WORD(r, b_ + 5)); \
        } else { p.clocks[j_] = plume_idle_clock(); } \
    } }

#define PLUME_PUT_DOUBLE(r, i, d) { uvec2 u_ = unpackDouble2x32(d); PLUME_WORD(r, i) = u_.x; PLUME_WORD(r, (i) + 1) = u_.y; }
#define PLUME_PUT_FLOAT(r, i, f) PLUME_WORD(r, i) = floatBitsToUint(f)

// Writes a record of a cell with `subs` sub-cells into the uvec4 array `r` (padding words zeroed).
#define PLUME_PACK(r, p, subs) { \
    for (int v_ = 0; v_ < REC_VECS(subs); ++v_) r[v_] = uvec4(0u); \
    PLUME_WORD(r, 0) = p.key.x; PLUME_WORD(r, 1) = p.key.y; \
    PLUME_WORD(r, 2) = p.parent.x; PLUME_WORD(r, 3) = p.parent.y; \
    PLUME_WORD(r, 4) = p.serial; PLUME_PUT_FLOAT(r, 5, p.anchorAge); \
    PLUME_PUT_DOUBLE(r, 6, p.birth); PLUME_PUT_DOUBLE(r, 8, p.lifetime); \
    PLUME_PUT_FLOAT(r, 10, p.anchorPos.x); PLUME_PUT_FLOAT(r, 11, p.anchorPos.y); PLUME_PUT_FLOAT(r, 12, p.anchorPos.z); \
    PLUME_PUT_FLOAT(r, 13, p.anchorVel.x); PLUME_PUT_FLOAT(r, 14, p.anchorVel.y); PLUME_PUT_FLOAT(r, 15, p.anchorVel.z); \
    PLUME_PUT_FLOAT(r, 16, p.scale0); PLUME_PUT_FLOAT(r, 17, p.scaleSpeed); \
    PLUME_PUT_FLOAT(r, 18, p.angle0); PLUME_PUT_FLOAT(r, 19, p.spin); \
    PLUME_PUT_FLOAT(r, 20, p.color0.r); PLUME_PUT_FLOAT(r, 21, p.color0.g); \
    PLUME_PUT_FLOAT(r, 22, p.color0.b); PLUME_PUT_FLOAT(r, 23, p.color0.a); \
    for (int j_ = 0; j_ < (subs); ++j_) { \
        int b_ = 24 + 6 * j_; \
        PLUME_PUT_DOUBLE(r, b_, p.clocks[j_].segStart); PLUME_PUT_DOUBLE(r, b_ + 2, p.clocks[j_].clockAtStart); \
        PLUME_WORD(r, b_ + 4) = p.clocks[j_].crossings; PLUME_WORD(r, b_ + 5) = p.clocks[j_].lastSerial; \
    } }

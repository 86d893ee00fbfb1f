// The GPU particle record is declared in Shaders/plume.contract: the build generates its GLSL
// (struct Particle, struct Inherit, struct Clock, REC_WORDS/REC_VECS, plume_unpack/plume_pack, in
// plume_contract.glsl) and its Swift decoder (ParticleRecord) from that one declaration.
// What the contract does not say: the meaning of an idle clock, of a top-level particle's
// inheritance, and of a tick.

// Seconds per tick (Sources/Plume/Simulation/Ticks.swift): ages, lifetimes and update lengths are
// whole ticks in 32-bit integers; seconds only where attributes are evaluated.
const float PLUME_TICK = 1.0 / 65536.0;

float plume_seconds(int ticks) { return float(ticks) * PLUME_TICK; }
float plume_seconds(uint ticks) { return float(ticks) * PLUME_TICK; }

Clock plume_idle_clock() { return Clock(0u, 0u, 0u); }

// A top-level particle's: the layer is its parent; its scale and colour factors come from its
// generation's birth parameters (plume_attributes).
Inherit plume_no_inherit() { return Inherit(uvec2(0u), 1.0, vec4(1.0)); }

// The texels of one record's trail samples (Semantics §10 "Trails"; TrailSampleBuffer.stride): the
// `count` + 1 slots of a trail of `count` points in whole captured vertices of TRAIL_SAMPLE_VECS
// (trail_samples.geom writes them, plume_trail.glsl reads them).
int plume_trail_stride(int count) { return (count + TRAIL_SAMPLE_VECS) / TRAIL_SAMPLE_VECS * TRAIL_SAMPLE_VECS; }

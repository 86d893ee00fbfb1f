// The GPU particle record is declared in Shaders/plume.contract: the build generates its GLSL
// (struct Particle, struct Clock, REC_WORDS/REC_VECS, plume_unpack/plume_pack, in
// plume_contract.glsl) and its Swift decoder (ParticleRecord) from that one declaration.
// What the contract does not say: the meaning of an idle clock.

const uint CLOCK_IDLE = 0xFFFFFFFFu;   // Clock.crossings of a clock that is not running

Clock plume_idle_clock() { return Clock(0.0lf, 0.0lf, CLOCK_IDLE, 0u); }

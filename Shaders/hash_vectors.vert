// Test program: evaluates the particle hash and key derivation on the GPU for the published test
// vectors (Tests/PlumeGLTests), captured by transform feedback.
in uvec4 a_input;                  // (seed, key.lo, key.hi, draw)
out uvec4 xf_out;                  // @capture  (mix(seed), hash, child key lo, child key hi)

void main() {
    uvec2 child = plume_child_key(a_input.yz, a_input.x, a_input.w);
    xf_out = uvec4(plume_mix(a_input.x), plume_hash(a_input.x, a_input.yz, a_input.w), child);
}

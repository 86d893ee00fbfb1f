// The particle hash of Semantics §2, bit-identical to Sources/Plume/Random/ParticleHash.swift.
// 32-bit unsigned arithmetic wraps in GLSL as in Swift's &* and ^.

uint plume_mix(uint x) {
    x ^= x >> 16u;
    x *= 0x7FEB352Du;
    x ^= x >> 15u;
    x *= 0x846CA68Bu;
    x ^= x >> 16u;
    return x;
}

uint plume_hash(uint seed, uvec2 key, uint draw) {
    uint h = plume_mix(seed ^ 0x9E3779B9u);
    h = plume_mix(h ^ key.x);
    h = plume_mix(h ^ key.y);
    return plume_mix(h ^ draw);
}

// U(h) = (h >> 8) * 2^-24: exact in float.
float plume_unit(uint h) { return float(h >> 8u) * (1.0 / 16777216.0); }

// Key of the serial-th particle of cell `index` emitted by `parent` ((0, 0) is the layer).
uvec2 plume_child_key(uvec2 parent, uint index, uint serial) {
    uint a = plume_mix(parent.x ^ 0x68E31DA4u);
    a = plume_mix(a ^ parent.y);
    a = plume_mix(a ^ index);
    a = plume_mix(a ^ serial);
    uint b = plume_mix(parent.y ^ 0xB5297A4Du);
    b = plume_mix(b ^ parent.x);
    b = plume_mix(b ^ index);
    b = plume_mix(b ^ serial);
    return uvec2(a, b);
}

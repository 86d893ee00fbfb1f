// Behaviours at draw time (Semantics §12): the over-life curves and alignment of a cell, read from
// its behaviour table (RGBA32UI buffer texture) that ParticleRenderer+Behaviors.swift writes from
// the cell's resolved behaviours. The Swift twin is SnapshotParticle.applyBehaviors. Layout (in
// Shaders/plume.contract): a BehaviorHeader at texel 0, curve c's Curve at texel 1 + c (0 scale,
// 1 alpha, 2 spin, 3–6 red, green, blue, alpha), then their CurveKeys.
// The table is a parameter (library files come before the programs' uniforms).

float plume_curve_location(usamplerBuffer t, int k) { return plume_CurveKey_location(t, k); }
float plume_curve_key(usamplerBuffer t, int k) { return plume_CurveKey_value(t, k); }

// The piecewise-linear curve c at normalised age x (constant before the first and after the last key).
float plume_curve(usamplerBuffer t, int c, float x) {
    int s = plume_Curve_firstKey(t, 1 + c), n = plume_Curve_count(t, 1 + c);
    if (x <= plume_curve_location(t, s)) return plume_curve_key(t, s);
    for (int i = 1; i < n; ++i) {
        float x1 = plume_curve_location(t, s + i);
        if (x < x1) {
            float x0 = plume_curve_location(t, s + i - 1);
            float v0 = plume_curve_key(t, s + i - 1);
            return v0 + (plume_curve_key(t, s + i) - v0) * ((x - x0) / (x1 - x0));
        }
    }
    return plume_curve_key(t, s + n - 1);
}

// ∫₀^x curve c (trapezoids between the keys: exact for a piecewise-linear curve).
float plume_curve_integral(usamplerBuffer t, int c, float x) {
    int s = plume_Curve_firstKey(t, 1 + c), n = plume_Curve_count(t, 1 + c);
    int first = 0;
    for (int i = 0; i < n; ++i) if (plume_curve_location(t, s + i) <= 0.0) first = i;
    float sum = 0.0, px = 0.0, pv = plume_curve_key(t, s + first);
    for (int i = 0; i < n; ++i) {
        float xi = plume_curve_location(t, s + i);
        if (xi > 0.0 && xi < x) {
            float vi = plume_curve_key(t, s + i);
            sum += (xi - px) * (pv + vi) * 0.5;
            px = xi;
            pv = vi;
        }
    }
    return sum + (x - px) * (pv + plume_curve(t, c, x)) * 0.5;
}

// Applies the cell's curves and alignment to the linear values of a particle at `age` (the draw
// variants with CURVES; the caller clamps the colour).
void plume_draw_behaviors(usamplerBuffer t, float age, float lifetime, vec3 velocity, float spin,
                          inout float scale, inout float angle, inout vec4 color) {
    uint flags = plume_BehaviorHeader_flags(t, 0);
    float x = age / lifetime;
    if ((flags & 1u) != 0u) {
        float g = plume_curve(t, 0, x);
        scale = (flags & 32u) != 0u ? scale + g : scale * g;
    }
    if ((flags & 8u) != 0u) {
        color *= vec4(plume_curve(t, 3, x), plume_curve(t, 4, x), plume_curve(t, 5, x), plume_curve(t, 6, x));
    }
    if ((flags & 2u) != 0u) {
        float g = plume_curve(t, 1, x);
        color.a = (flags & 64u) != 0u ? color.a + g : color.a * g;
    }
    if ((flags & 4u) != 0u) {
        float angle0 = angle - spin * age;
        float integral = plume_curve_integral(t, 2, x);
        angle = (flags & 128u) != 0u ? angle + lifetime * integral : angle0 + spin * lifetime * integral;
    }
    if ((flags & 16u) != 0u && (velocity.x != 0.0 || velocity.y != 0.0)) {
        angle = atan(velocity.y, velocity.x) + plume_BehaviorHeader_alignOffset(t, 0);
    }
}

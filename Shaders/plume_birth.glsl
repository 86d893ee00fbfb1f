// Birth sampling of Semantics §4, mirroring Sources/Plume/Simulation/BirthSampler.swift and
// EmitterGeometry.swift (lifetimes in integer ticks, LifetimeTicks, so the alive test matches the
// reference exactly).

// CellParams and LayerParams are declared in Shaders/plume.contract (generated into plume_contract.glsl).

const float PLUME_PI = 3.14159265358979;

// (cos 2πu, sin 2πu) for u in [0, 1), accurate to ~1e-7: an exact reduction to a quarter turn
// (u·4 and its rounding are exact in float) and Taylor polynomials on [−π/4, π/4]. The driver's
// cos/sin may be far less accurate (llvmpipe's are ~1e-5), which would show in every direction.
vec2 plume_turn(float u) {
    float t = u * 4.0;
    float q = floor(t + 0.5);
    float a = (t - q) * (PLUME_PI / 2.0);
    float a2 = a * a;
    float c = 1.0 + a2 * (-1.0 / 2.0 + a2 * (1.0 / 24.0 + a2 * (-1.0 / 720.0 + a2 * (1.0 / 40320.0))));
    float s = a * (1.0 + a2 * (-1.0 / 6.0 + a2 * (1.0 / 120.0 + a2 * (-1.0 / 5040.0 + a2 * (1.0 / 362880.0)))));
    int quadrant = int(q) & 3;
    if (quadrant == 1) return vec2(-s, c);
    if (quadrant == 2) return vec2(-c, -s);
    if (quadrant == 3) return vec2(s, -c);
    return vec2(c, s);
}

float plume_u(uint seed, uvec2 key, uint draw) { return plume_unit(plume_hash(seed, key, draw)); }
float plume_u(LayerParams L, uvec2 key, uint draw) { return plume_u(L.seed, key, draw); }

// M ± R (Semantics, notation): mean + (u − ½)·range.
float plume_spread(uint seed, uvec2 key, float mean, float range, uint draw) {
    return range == 0.0 ? mean : mean + (plume_u(seed, key, draw) - 0.5) * range;
}
float plume_spread(LayerParams L, uvec2 key, float mean, float range, uint draw) {
    return plume_spread(L.seed, key, mean, range, draw);
}

// One of n choices, exactly as the reference's Int(u·n) (integer arithmetic: no float rounding).
int plume_choice(LayerParams L, uvec2 key, uint n) {
    uint m = plume_hash(L.seed, key, DRAW_SHAPE_CHOICE) >> 8u;
    return int(min((m * n) >> 24u, n - 1u));
}

float plume_across(LayerParams L, uvec2 key, float extent, uint draw) {
    return extent == 0.0 ? 0.0 : (plume_u(L, key, draw) - 0.5) * extent;
}

vec3 plume_unit_sphere(float u1, float u2) {
    float z = 1.0 - 2.0 * u1;
    float r = sqrt(max(0.0, 1.0 - z * z));
    vec2 cs = plume_turn(u2);
    return vec3(r * cs.x, r * cs.y, z);
}

// Birth position (xyz) and base direction b on the layer's shape (the table of Semantics §4).
void plume_shape(LayerParams L, uvec2 key, out vec3 pos, out vec3 base) {
    vec3 P = L.position;
    float w = L.size.x, h = L.size.y, d = L.depth;
    pos = P;
    base = vec3(1.0, 0.0, 0.0);
    if (L.shape == EmitterShape_line) { // line
        if (L.mode == EmitterMode_points) {
            pos = P + vec3(plume_choice(L, key, 2u) == 0 ? -w / 2.0 : w / 2.0, 0.0, 0.0);
        } else {
            pos = P + vec3(plume_across(L, key, w, DRAW_SHAPE_U), 0.0, 0.0);
            base = vec3(0.0, -1.0, 0.0);
        }
    } else if (L.shape == EmitterShape_rectangle) { // rectangle
        if (L.mode == EmitterMode_points) {
            int c = plume_choice(L, key, 4u);
            pos = P + vec3((c & 1) == 0 ? -w / 2.0 : w / 2.0, (c & 2) == 0 ? -h / 2.0 : h / 2.0, 0.0);
        } else if (L.mode == EmitterMode_outline) {
            float perimeter = 2.0 * (w + h);
            if (perimeter != 0.0) {
                float s = plume_u(L, key, DRAW_SHAPE_CHOICE) * perimeter;
                if (s < w) { pos = P + vec3(s - w / 2.0, -h / 2.0, 0.0); base = vec3(0.0, -1.0, 0.0); }
                else if ((s -= w) < h) { pos = P + vec3(w / 2.0, s - h / 2.0, 0.0); base = vec3(1.0, 0.0, 0.0); }
                else if ((s -= h) < w) { pos = P + vec3(s - w / 2.0, h / 2.0, 0.0); base = vec3(0.0, 1.0, 0.0); }
                else { s -= w; pos = P + vec3(-w / 2.0, min(s, h) - h / 2.0, 0.0); base = vec3(-1.0, 0.0, 0.0); }
            }
        } else {
            pos = P + vec3(plume_across(L, key, w, DRAW_SHAPE_U), plume_across(L, key, h, DRAW_SHAPE_V), 0.0);
        }
    } else if (L.shape == EmitterShape_cuboid) { // cuboid
        vec3 e = vec3(w, h, d);
        if (L.mode == EmitterMode_points) {
            int c = plume_choice(L, key, 8u);
            pos = P + vec3((c & 1) == 0 ? -w / 2.0 : w / 2.0, (c & 2) == 0 ? -h / 2.0 : h / 2.0,
                           (c & 4) == 0 ? -d / 2.0 : d / 2.0);
        } else if (L.mode == EmitterMode_outline) {
            int edge = plume_choice(L, key, 12u);
            int axis = edge / 4;
            int o0 = axis == 0 ? 1 : 0;
            int o1 = axis == 2 ? 1 : 2;
            vec3 offset = vec3(0.0), normal = vec3(0.0);
            offset[axis] = e[axis] == 0.0 ? 0.0 : (plume_u(L, key, DRAW_SHAPE_U) - 0.5) * e[axis];
            float s0 = (edge & 1) == 0 ? -1.0 : 1.0;
            float s1 = ((edge >> 1) & 1) == 0 ? -1.0 : 1.0;
            offset[o0] = s0 * e[o0] / 2.0; normal[o0] = s0;
            offset[o1] = s1 * e[o1] / 2.0; normal[o1] = s1;
            pos = P + offset;
            base = normal / sqrt(2.0);
        } else if (L.mode == EmitterMode_surface) {
            int face = plume_choice(L, key, 6u);
            int axis = face / 2;
            float sgn = (face & 1) == 0 ? -1.0 : 1.0;
            int o0 = axis == 0 ? 1 : 0;
            int o1 = axis == 2 ? 1 : 2;
            vec3 offset = vec3(0.0), normal = vec3(0.0);
            offset[axis] = sgn * e[axis] / 2.0; normal[axis] = sgn;
            offset[o0] = plume_across(L, key, e[o0], DRAW_SHAPE_U);
            offset[o1] = plume_across(L, key, e[o1], DRAW_SHAPE_V);
            pos = P + offset;
            base = normal;
        } else {
            pos = P + vec3(plume_across(L, key, w, DRAW_SHAPE_U), plume_across(L, key, h, DRAW_SHAPE_V),
                           plume_across(L, key, d, DRAW_SHAPE_W));
        }
    } else if (L.shape == EmitterShape_circle && L.mode != EmitterMode_points) { // circle
        float rho = w / 2.0;
        if (rho != 0.0) {
            vec2 cs = plume_turn(plume_u(L, key, DRAW_SHAPE_U));
            if (L.mode == EmitterMode_outline) {
                vec3 n = vec3(cs, 0.0);
                pos = P + rho * n;
                base = n;
            } else {
                float r = rho * sqrt(plume_u(L, key, DRAW_SHAPE_V));
                pos = P + vec3(r * cs, 0.0);
            }
        }
    } else if (L.shape == EmitterShape_sphere && L.mode != EmitterMode_points) { // sphere
        float rho = w / 2.0;
        if (rho != 0.0) {
            vec3 n = plume_unit_sphere(plume_u(L, key, DRAW_SHAPE_U), plume_u(L, key, DRAW_SHAPE_V));
            if (L.mode == EmitterMode_volume) {
                pos = P + rho * pow(plume_u(L, key, DRAW_SHAPE_W), 1.0 / 3.0) * n;
            } else {
                pos = P + rho * n;
                base = n;
            }
        }
    }
}

// The smallest rotation mapping +x onto b, applied to v (exactly b = −x gives −v).
vec3 plume_rotate_x_onto(vec3 v, vec3 b) {
    float c = b.x;
    float s2 = b.y * b.y + b.z * b.z;
    if (s2 == 0.0) return c < 0.0 ? -v : v;
    float onePlusC = c >= 0.0 ? 1.0 + c : s2 / (1.0 - c);
    vec3 k = vec3(0.0, -b.z, b.y);
    return v * c + cross(k, v) + k * (dot(k, v) / onePlusC);
}

// Deviation over the solid angle of a cone (Duff et al.'s orthonormal basis), from 1 − cos θ so
// that small angles stay accurate in single precision.
vec3 plume_deviate(vec3 d, float oneMinusCosMax, float u1, float u2) {
    float x = oneMinusCosMax * u1;
    float cosT = 1.0 - x;
    float sinT = sqrt(max(0.0, x * (2.0 - x)));
    vec2 psi = plume_turn(u2);
    float sgn = d.z >= 0.0 ? 1.0 : -1.0;    // z in float, as BirthSampler.basis
    float a = -1.0 / (sgn + d.z);
    float b = d.x * d.y * a;
    vec3 e1 = vec3(1.0 + sgn * d.x * d.x * a, sgn * b, -sgn * d.x);
    vec3 e2 = vec3(b, sgn + d.y * d.y * a, -d.y);
    return d * cosT + (e1 * psi.x + e2 * psi.y) * sinT;
}

// The lifetime in ticks of LifetimeTicks.lifetime(hash:): base + trunc(u₂₄ · span / 2²⁴).
int plume_lifetime_ticks(CellParams C, uint h) {
    uvec2 prod = plume_mul32(h >> 8u, uint(abs(C.lifetimeSpan)));
    int offset = int((prod.x >> 24u) | (prod.y << 8u));      // below 2³⁰
    return C.lifetimeBase + (C.lifetimeSpan < 0 ? -offset : offset);
}

// The particle's key (Semantics §2): ParticleKey.child(parent, cell index, serial); a top-level
// particle's parent is the layer, (0, 0) (plume_no_inherit).
uvec2 plume_key(Particle p, uint index) { return plume_child_key(p.inherit.parent, index, p.serial); }

// What a record does not store (plume.contract): its birth attributes, drawn from its key with the
// birth parameters of its generation, times what its parent handed on (a sub-cell's, `child` 1)
// or the layer's multipliers (a top-level cell's). BirthSampler.sample's arithmetic, in float.
struct Attributes {
    uvec2 key;
    float scale0;
    float scaleSpeed;
    float angle0;
    float spin;
    vec4 color0;
};

Attributes plume_attributes(Particle p, int child, BirthParams g) {
    Attributes a;
    a.key = plume_key(p, g.index);
    vec4 color = vec4(plume_spread(g.seed, a.key, g.color.r, g.colorRange.r, DRAW_RED),
                      plume_spread(g.seed, a.key, g.color.g, g.colorRange.g, DRAW_GREEN),
                      plume_spread(g.seed, a.key, g.color.b, g.colorRange.b, DRAW_BLUE),
                      plume_spread(g.seed, a.key, g.color.a, g.colorRange.a, DRAW_ALPHA));
    a.scale0 = (child != 0 ? p.inherit.scale : g.layerScale) * plume_spread(g.seed, a.key, g.scale, g.scaleRange, DRAW_SCALE);
    a.scaleSpeed = g.scaleSpeed;
    a.angle0 = plume_spread(g.seed, a.key, g.rotation, g.rotationRange, DRAW_ROTATION);
    a.spin = plume_spread(g.seed, a.key, g.spin, g.spinRange, DRAW_SPIN) * g.layerSpin;
    a.color0 = (child != 0 ? p.inherit.color : vec4(1.0)) * color;
    return a;
}

// Samples a particle whose age is `age` ticks at the record's time, born in generation
// `generation` of its cell's birth parameters (which hold C's and L's values the attributes use).
// `hasParent`: born from a parent at `parentPos` flying along `parentVel`, inheriting
// `parentScale` and `parentColor`; otherwise on the shape. Returns false when the lifetime is ≤ 0
// (the particle is not created).
bool plume_sample(LayerParams L, CellParams C, uint generation, uvec2 key, uvec2 parentKey, uint serial, int age,
                  bool hasParent, vec3 parentPos, vec3 parentVel, float parentScale, vec4 parentColor,
                  out Particle p) {
    int life = plume_lifetime_ticks(C, plume_hash(L.seed, key, DRAW_LIFETIME));
    if (life <= 0) return false;
    vec3 pos, base;
    if (hasParent) {
        float speed = length(parentVel);
        pos = parentPos;
        base = speed > 0.0 ? parentVel / speed : vec3(1.0, 0.0, 0.0);
    } else {
        plume_shape(L, key, pos, base);
    }
    vec3 dir = plume_rotate_x_onto(C.emission, base);
    if (C.oneMinusCosMax != 0.0) {
        dir = plume_deviate(dir, C.oneMinusCosMax, plume_u(L, key, DRAW_CONE_THETA), plume_u(L, key, DRAW_CONE_PSI));
    }
    float speed = plume_spread(L, key, C.velocity, C.velocityRange, DRAW_VELOCITY) * L.velocity;
    p.serial = serial;
    p.age = age;
    p.lifetime = uint(life);
    p.anchorAge = 0u;
    p.anchorPos = pos;
    p.anchorVel = dir * speed + (hasParent ? parentVel * C.parentVelocityFraction
                                           : L.emitterVelocity * C.emitterVelocityFraction);
    p.generation = generation;
    // The parent's scale and colour, taken by the fractions (BirthSampler.inherited; 1: exactly the parent's).
    float fs = C.parentScaleFraction, fc = C.parentColorFraction;
    float scale = fs == 1.0 ? parentScale : L.scale + (parentScale - L.scale) * fs;
    vec4 color = fc == 1.0 ? parentColor : vec4(1.0) + (parentColor - vec4(1.0)) * fc;
    p.inherit = hasParent ? Inherit(parentKey, scale, color) : plume_no_inherit();
    for (int j = 0; j < MAX_SUB; ++j) p.clocks[j] = plume_idle_clock();
    return true;
}

// Heightfield and distance-field colliders on the GPU (Semantics §12 "Collisions"): the twin of
// Sources/Plume/Simulation/ColliderFields.swift in 32-bit floats. A field's samples follow the
// Collider entries in the behaviour table, four floats (as uint bits) a texel, row by row; they
// are fetched and interpolated by hand (no texture filtering), with the reference's arithmetic.
// Before plume_colliders.glsl, whose distance, entry and normal call these for shapes 3 and 4.

// p in a collider's frame (ResolvedCollider.boxLocal): along across, normal, normal × across (a
// box's width, height and depth axes; a heightfield's columns, up and rows).
vec3 plume_box_local(usamplerBuffer t, int e, vec3 p) {
    vec3 d = p - plume_Collider_position(t, e), n = plume_Collider_normal(t, e), w = plume_Collider_across(t, e);
    return vec3(dot(d, w), dot(d, n), dot(d, cross(n, w)));
}

const float COLLISION_TOLERANCE = 1e-3;  // Collisions.tolerance: within it behind a surface is on it

// Collisions.depth(from:): how far behind a surface a chord from da in front must reach to hit it
// (behind it at all from clear of it, past the tolerance from on it).
float plume_collision_depth(float da) { return da > COLLISION_TOLERANCE ? 0.0 : -COLLISION_TOLERANCE; }

// Collisions.restingSpeed(acceleration:): the fastest a particle on a surface meets it at rest,
// points per second, where its acceleration across the surface is a (points per second²; both of
// the motion: raw times the speed factor).
const float COLLISION_RESTING_SPEED_FLOOR = 20.0;   // Collisions.restingSpeedFloor
float plume_resting_speed(float a) {
    return 2.0 * (float(GRID_TICKS) / 65536.0) * abs(a) + COLLISION_RESTING_SPEED_FLOOR;
}

const int FIELD_STEPS = 1024;      // ResolvedCollider.fieldSteps
const float FIELD_MINIMUM_STEP = 0.01;  // ResolvedCollider.fieldMinimumStep, points
const int FIELD_BISECTIONS = 20;   // ResolvedCollider.fieldBisections

float plume_field_sample(usamplerBuffer t, int e, int i, int j) {
    int k = i + plume_Collider_columns(t, e) * j;
    uvec4 v = texelFetch(t, plume_Collider_samples(t, e) + k / 4);
    return uintBitsToFloat(v[k % 4]);
}

// ColliderField.bilinear: the value at grid coordinates (x, y), clamped to the grid, and its
// derivatives per sample unit (0 along an axis where the point is clamped): (value, dx, dy).
vec3 plume_field_bilinear(usamplerBuffer t, int e, float x, float y) {
    int columns = plume_Collider_columns(t, e), rows = plume_Collider_rows(t, e);
    float cx = min(max(x, 0.0), float(columns - 1)), cy = min(max(y, 0.0), float(rows - 1));
    int i = min(int(floor(cx)), max(columns - 2, 0)), j = min(int(floor(cy)), max(rows - 2, 0));
    float fx = cx - float(i), fy = cy - float(j);
    int i1 = min(i + 1, columns - 1), j1 = min(j + 1, rows - 1);
    float s00 = plume_field_sample(t, e, i, j), s10 = plume_field_sample(t, e, i1, j);
    float s01 = plume_field_sample(t, e, i, j1), s11 = plume_field_sample(t, e, i1, j1);
    float a = s00 + (s10 - s00) * fx, b = s01 + (s11 - s01) * fx;
    float dx = cx == x ? (s10 - s00) + ((s11 - s01) - (s10 - s00)) * fy : 0.0;
    float dy = cy == y ? b - a : 0.0;
    return vec3(a + (b - a) * fy, dx, dy);
}

// ResolvedCollider.fieldDistance: the height above a heightfield along its up, or a distance
// field's value plus the distance to its extent outside it.
float plume_field_distance(usamplerBuffer t, int e, vec3 p) {
    float h = plume_Collider_sampleSpacing(t, e);
    vec3 local = plume_box_local(t, e, p);
    if (plume_Collider_shape(t, e) == 3) return local.y - plume_field_bilinear(t, e, local.x / h, local.z / h).x;
    vec2 g = (p.xy - plume_Collider_position(t, e).xy) / h;
    vec2 c = min(max(g, vec2(0.0)), vec2(float(plume_Collider_columns(t, e) - 1), float(plume_Collider_rows(t, e) - 1)));
    vec2 o = g - c;
    return plume_field_bilinear(t, e, g.x, g.y).x + h * sqrt(o.x * o.x + o.y * o.y);
}

// ResolvedCollider.fieldNormal: the distance's gradient, unit, or the orientation where it is 0.
vec3 plume_field_normal(usamplerBuffer t, int e, vec3 p) {
    float h = plume_Collider_sampleSpacing(t, e);
    vec3 local = plume_box_local(t, e, p);
    vec3 n = plume_Collider_normal(t, e), w = plume_Collider_across(t, e);
    vec3 grad;
    if (plume_Collider_shape(t, e) == 3) {
        vec3 s = plume_field_bilinear(t, e, local.x / h, local.z / h);
        grad = n - w * (s.y / h) - cross(n, w) * (s.z / h);
    } else {
        vec2 g = (p.xy - plume_Collider_position(t, e).xy) / h;
        vec2 c = min(max(g, vec2(0.0)), vec2(float(plume_Collider_columns(t, e) - 1), float(plume_Collider_rows(t, e) - 1)));
        vec3 s = plume_field_bilinear(t, e, g.x, g.y);
        vec2 o = g - c;
        float ol = sqrt(o.x * o.x + o.y * o.y);
        grad = vec3(s.y / h, s.z / h, 0.0);
        if (ol > 0.0) grad += vec3(o / ol, 0.0);
    }
    float l = length(grad);
    return l > 0.0 ? grad / l : n;
}

// ResolvedCollider.fieldEntry: the fraction of a → b (a in front, at distance da ≥ −tolerance) at
// which it reaches the surface, or −1: marched in steps of the distance over the Lipschitz bound,
// at least max(FIELD_MINIMUM_STEP, length/FIELD_STEPS), to its first point deeper than deep
// (plume_collision_depth), then that step halved FIELD_BISECTIONS times about distance 0; the
// bracket's front end.
float plume_field_entry(usamplerBuffer t, int e, vec3 a, vec3 b, float da, float deep) {
    vec3 chord = b - a;
    float l = length(chord);
    if (!(l > 0.0)) return -1.0;
    float k = plume_Collider_lipschitz(t, e), least = max(FIELD_MINIMUM_STEP, l / float(FIELD_STEPS));
    float s = 0.0, d = da;
    for (int i = 0; i <= FIELD_STEPS; ++i) {
        float next = i == FIELD_STEPS ? 1.0 : min(s + max(d / k, least) / l, 1.0);
        float dn = plume_field_distance(t, e, a + chord * next);
        if (dn < deep) {
            float lo = s, hi = next;
            for (int j = 0; j < FIELD_BISECTIONS; ++j) {
                float mid = (lo + hi) * 0.5;
                if (plume_field_distance(t, e, a + chord * mid) < 0.0) hi = mid; else lo = mid;
            }
            return lo;
        }
        if (next >= 1.0) return -1.0;
        s = next;
        d = dn;
    }
    return -1.0;
}

// Motion of Semantics §5 in closed form from an anchor: the state at the last change of the cell's
// acceleration (or at birth). p(age) = p_a + v_a·d + ½·acc·d², d = age − anchorAge. Equal to the
// reference's per-update integration for piecewise-constant accelerations, without accumulating
// float rounding over hundreds of updates.

struct Motion {
    vec3 position;
    vec3 velocity;
};

Motion plume_motion_at(Particle p, float age, vec3 acc) {
    float d = age - p.anchorAge;
    return Motion(p.anchorPos + p.anchorVel * d + 0.5 * acc * d * d, p.anchorVel + acc * d);
}

// When the cell's acceleration changed at this update (time t0), moves the anchor to t0 using the
// previous acceleration, which applied up to t0.
void plume_reanchor(inout Particle p, double t0, bool accChanged, vec3 accPrev) {
    if (!accChanged) return;
    float a0 = float(t0 - p.birth);
    if (p.anchorAge < a0) {
        Motion m = plume_motion_at(p, a0, accPrev);
        p.anchorPos = m.position;
        p.anchorVel = m.velocity;
        p.anchorAge = a0;
    }
}

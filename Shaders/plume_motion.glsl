// Motion of Semantics §5 in closed form from an anchor: the state at the last change of the cell's
// acceleration (or at birth). p(age) = p_a + v_a·d + ½·acc·d², d = age − anchorAge. Equal to the
// reference's per-update integration for piecewise-constant accelerations, without accumulating
// float rounding over hundreds of updates. Ages are ticks: d is exact before it becomes seconds.

struct Motion {
    vec3 position;
    vec3 velocity;
};

Motion plume_motion_at(Particle p, int age, vec3 acc) {
    float d = plume_seconds(age - int(p.anchorAge));
    return Motion(p.anchorPos + p.anchorVel * d + 0.5 * acc * d * d, p.anchorVel + acc * d);
}

// When the cell's acceleration changed at this update (the record's age then: age0), moves the
// anchor there using the previous acceleration, which applied up to it.
void plume_reanchor(inout Particle p, int age0, bool accChanged, vec3 accPrev) {
    if (!accChanged) return;
    if (int(p.anchorAge) < age0) {
        Motion m = plume_motion_at(p, age0, accPrev);
        p.anchorPos = m.position;
        p.anchorVel = m.velocity;
        p.anchorAge = uint(age0);
    }
}

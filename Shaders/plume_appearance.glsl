// A particle's appearance u_dt ticks after the record's time (Semantics §5, §10): the one evaluation every
// draw variant shares (draw.vert, draw_sorted.vert, draw_points*.vert, draw_instanced*.vert call it).
// Its CPU twin: SnapshotParticle (position, scale, angle, colour) and SpriteSheet.frame (the frame).

struct Appearance {
    vec3 position;
    float scale;
    float angle;
    vec4 color;                    // straight, clamped
    float frame;                   // sprite-sheet frame index, 0 … u_sheet.frames − 1
};

// The frame of Semantics §10 "Sprite sheets", the same arithmetic as SpriteSheet.frame (in float).
float plume_sheet_frame(Particle p, float age) {
    float n = float(u_sheet.frames);
    if (!(n > 1.0)) return 0.0;
    float f;
    if (u_sheet.rate > 0.0) {
        float k = floor(age * u_sheet.rate);
        f = u_sheet.loops ? k - n * floor(k / n) : min(k, n - 1.0);
    } else {
        f = min(floor(age / plume_seconds(p.lifetime) * n), n - 1.0);
    }
    f = max(f, 0.0);
    if (u_sheet.randomStart) {
        f += floor(plume_unit(plume_hash(u_sheet.seed, p.key, DRAW_SPRITE_FRAME)) * n);
        if (f >= n) f -= n;
    }
    return f;
}

Appearance plume_appearance(Particle p) {
    int ticks = p.age + u_dt;
    float age = plume_seconds(ticks);
    // Behaviours (Semantics §12) are compiled into the variants of the cells that have them
    // (ProgramFeatures: MOTION, CURVES), so a plain cell's draw never pays for them.
#if MOTION
    Motion m = plume_draw_motion(p, ticks, u_acc, u_behaviors);
#else
    Motion m = plume_motion_at(p, ticks, u_acc);
#endif
    Appearance a;
    a.position = m.position;
    a.scale = p.scale0 + p.scaleSpeed * age;
    a.angle = p.angle0 + p.spin * age;
    a.color = p.color0 + u_colorSpeed * age;
#if CURVES
    plume_draw_behaviors(u_behaviors, age, plume_seconds(p.lifetime), m.velocity, p.spin, a.scale, a.angle, a.color);
#endif
    a.color = clamp(a.color, 0.0, 1.0);
    a.frame = plume_sheet_frame(p, age);
    return a;
}

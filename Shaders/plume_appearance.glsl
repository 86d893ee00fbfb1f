// A particle's appearance at the record's time (Semantics §5, §10; particles are drawn at the
// simulator's time, where its records are): the one evaluation every
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
float plume_sheet_frame(Particle p, uvec2 key, float age) {
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
        f += floor(plume_unit(plume_hash(u_sheet.seed, key, DRAW_SPRITE_FRAME)) * n);
        if (f >= n) f -= n;
    }
    return f;
}

// `p` is a record of the CHILD layout or not, as the program variant's CHILD says; its birth
// attributes come from its generation's row of the cell's BirthParams table (u_births).
Appearance plume_appearance(Particle p) {
    int ticks = p.age;
    float age = plume_seconds(ticks);
    Attributes b = plume_attributes(p, CHILD, plume_row_BirthParams(u_births, p.generation));
    // Behaviours (Semantics §12) are compiled into the variants of the cells that have them
    // (ProgramFeatures: MOTION, CURVES), so a plain cell's draw never pays for them.
#if MOTION
    Motion m = plume_draw_motion(p, b.key, ticks, u_acc, u_behaviors);
#else
    Motion m = plume_motion_at(p, ticks, u_acc);
#endif
    Appearance a;
    a.position = m.position;
    a.scale = b.scale0 + b.scaleSpeed * age;
    a.angle = b.angle0 + b.spin * age;
    a.color = b.color0 + u_colorSpeed * age;
#if CURVES
    plume_draw_behaviors(u_behaviors, age, plume_seconds(p.lifetime), m.velocity, b.spin, a.scale, a.angle, a.color);
#endif
    a.color = clamp(a.color, 0.0, 1.0);
    a.frame = plume_sheet_frame(p, b.key, age);
    return a;
}

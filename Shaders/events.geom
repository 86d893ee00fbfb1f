// Events pass (Semantics §15): writes each record of this draw whose event of kind u_event falls in
// this update, with its age at the update's end and otherwise unchanged (the host evaluates it at
// the event's age from its anchor: GPUSimulator+Events.swift), or unchanged (u_atEnd false: the
// parents a death sub-cell's spawn pass reads, GPUSimulator+Passes.swift).
// A birth: the record is one of this update's births (u_fresh). A death: its age before the update
// (0 for a birth) is below its lifetime (or the tick a kill collider hits it) and its age after
// reaches it. COLLISIONS (a cell with colliders): a collision writes one copy per event. The count is the pass's
// primitives-generated query; the capture buffer holds the sample (the first records, as many as fit).
layout(points) in;
#if COLLISIONS
layout(points, max_vertices = 8) out;     // COLLISION_REPORTS (a layout qualifier takes a literal in GLSL 3.30)
#else
layout(points, max_vertices = 1) out;
#endif

in Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; } v_in[];
out uvec4 xf_rec[REC_VECS(SUB, CHILD)];  // @capture

void emitRecord(Particle p) {
    uvec4 o[REC_MAX];
    plume_pack(p, SUB, CHILD, o);
    for (int i = 0; i < REC_VECS(SUB, CHILD); ++i) xf_rec[i] = o[i];
    EmitVertex();
}

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(SUB, CHILD) ? v_in[0].rec[i] : uvec4(0u);
    Particle p = plume_unpack(r, SUB, CHILD);
    int age1 = u_dt > 2147483647 - p.age ? 2147483647 : p.age + u_dt;   // ages saturate (Ticks.maxAge)
    int age0 = u_fresh ? 0 : p.age;
    int life = int(p.lifetime);
#if COLLISIONS
    // A cell with colliders (Semantics §12 "Collisions"): its records' walk over the update finds
    // their kills (a death) and collision events. A reported copy holds the event in its anchor
    // (tick, point, velocity with the speed curve's factor) and the collider in `contacts`.
    int m = plume_mt_start(u_motion);
    MotionParticle q = plume_motion_particle(u_motion, m, plume_key(p, u_index), p.lifetime, age1);
    MotionState s0 = plume_motion_start(u_motion, m, p, age0, !u_fresh, u_accChanged, u_accPrev, q,
                                        u_motionPrev, u_motionChanged);
    MotionState g = s0;
    ContactWalk w = plume_contact_walk(u_motion, m, g, u_fresh ? -1 : age0, age1, life, u_acc, q, 0);
    if (w.killAt >= 0) life = w.killAt;
    if (u_event == EmitterEvent_collision) {
        for (int k = 0; k < COLLISION_REPORTS && k < w.events; ++k) {
            if (k > 0) {
                g = s0;
                w = plume_contact_walk(u_motion, m, g, u_fresh ? -1 : age0, age1, int(p.lifetime), u_acc, q, k);
            }
            Particle c = p;
            c.age = age1;
            c.anchorAge = uint(w.chosen.age);
            c.anchorPos = w.chosen.position;
            c.anchorVel = w.chosen.velocity * plume_mt_factor(u_motion, m, plume_seconds(w.chosen.age), q.lifetime);
            c.contacts = uint(w.chosenCollider);
            emitRecord(c);
        }
        return;
    }
#endif
    bool fires = u_event == EmitterEvent_birth ? u_fresh
               : u_event == EmitterEvent_death && age0 < life && life <= age1;
    if (!fires) return;
    if (!u_atEnd) {
        for (int i = 0; i < REC_VECS(SUB, CHILD); ++i) xf_rec[i] = v_in[0].rec[i];
        EmitVertex();
        return;
    }
    p.age = age1;
#if COLLISIONS
    if (u_event == EmitterEvent_death) {         // the death's state: at the kill's hit, or at the lifetime
        MotionState d = w.killAt >= 0 ? w.killed : plume_motion_evaluate(u_motion, m, s0, life, u_acc, q, 1 << 20);
        p.anchorAge = uint(life);
        p.anchorPos = d.position;
        p.anchorVel = w.killAt >= 0 ? d.velocity * plume_mt_factor(u_motion, m, plume_seconds(life), q.lifetime) : d.velocity;
    }
#endif
    emitRecord(p);
}

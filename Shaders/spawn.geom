// Spawn pass (Semantics §6): a parent of a cell with SUB sub-cells emits its slot-th birth of sub-cell
// u_sub in this update, with the parent's position, scale and colour at the exact birth tick and
// its flight direction as base direction. The child (with CSUB sub-cells) is written as it is at
// this update's end (its age then); its own update and spawn passes take it from there.
layout(points) in;
layout(points, max_vertices = 1) out;

in Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; flat int slot; } v_in[];
out uvec4 xf_rec[REC_VECS(CSUB, 1)];  // @capture

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(SUB, CHILD) ? v_in[0].rec[i] : uvec4(0u);
    Particle parent;
    parent = plume_unpack(r, SUB, CHILD);
    int age1 = u_dt > 2147483647 - parent.age ? 2147483647 : parent.age + u_dt;   // ages saturate (Ticks.maxAge)
    int age0 = u_fresh ? 0 : parent.age;
    Clock c = parent.clocks[u_sub];
    uint slot = uint(u_slotBase + v_in[0].slot);
    Attributes pb = plume_attributes(parent, CHILD, plume_row_BirthParams(u_parentBirths, parent.generation));
    int mt = 0;
    MotionParticle q = plume_no_motion_particle();
    MotionState s = MotionState(0, vec3(0.0), vec3(0.0));
    MotionState contact = s;
    if (u_motionOn) {                  // the parent cell's motion behaviours (Semantics §12)
        mt = plume_mt_start(u_motion);
        q = plume_motion_particle(u_motion, mt, pb.key, parent.lifetime, age1);
        s = plume_motion_start(u_motion, mt, parent, age0, !u_fresh, u_accChanged, u_accPrev, q,
                               u_motionPrev, u_motionChanged);
    }
    int end = int(parent.lifetime);    // the parent's death: its lifetime, or a kill
    bool atContact = false;            // the births are at a hit: contact holds it (raw velocity)
#if COLLISIONS
    // The parent's collision events and kill in this update (Semantics §12 "Collisions", §14):
    // a collision sub-cell's slot k·eventCount + i is the i-th birth at event k.
    uint perEvent = max(u_eventCount, 1u);
    MotionState g = s;
    ContactWalk w = plume_contact_walk(u_motion, mt, g, u_fresh ? -1 : age0, age1, end, u_acc, q, int(slot / perEvent));
    if (w.killAt >= 0) end = w.killAt;
#endif
    int pa;
    uint serial;
    if (u_event == EmitterEvent_collision) {
#if COLLISIONS
        if (u_eventCount == 0u || slot / perEvent >= uint(w.events)) return;
        pa = w.chosen.age;
        if (pa < u_clock.windowStart || pa >= u_clock.windowEnd) return;
        serial = (parent.contacts + slot / perEvent) * u_eventCount + slot % perEvent + 1u;
        atContact = true;
        contact = w.chosen;
#else
        return;
#endif
    } else {
        Births b = u_event == EmitterEvent_life ? plume_clock_advance(c, u_clock, age0, age1, end)
                                : plume_event_births(u_event, u_eventCount, u_clock, u_fresh, age0, age1, end);
        if (!(b.count.y != 0u || slot < b.count.x)) return;
        pa = plume_birth_tick(b, slot);                 // the parent's age at the birth, ticks
        serial = b.firstSerial + slot;
#if COLLISIONS
        if (u_event == EmitterEvent_death && w.killAt >= 0) { atContact = true; contact = w.killed; }
#endif
    }
    uvec2 key = plume_child_key(pb.key, u_cell.index, serial);

    Motion m;
    if (atContact) {
        m = Motion(contact.position, contact.velocity * plume_mt_factor(u_motion, mt, plume_seconds(pa), q.lifetime));
    } else if (u_motionOn) {
        MotionState e = plume_motion_evaluate(u_motion, mt, s, pa, u_acc, q, 1 << 20);
        m = Motion(e.position, e.velocity);
    } else {
        if (!u_fresh) plume_reanchor(parent, age0, u_accChanged, u_accPrev);
        m = plume_motion_at(parent, pa, u_acc);
    }
    float pas = plume_seconds(pa);
    Particle child;
    if (!plume_sample(u_layer, u_cell, u_generation, key, pb.key, serial, age1 - pa, true, m.position, m.velocity,
                      pb.scale0 + pb.scaleSpeed * pas, pb.color0 + u_colorSpeed * pas, child)) return;
    uvec4 o[REC_MAX];
    plume_pack(child, CSUB, 1, o);
    for (int i = 0; i < REC_VECS(CSUB, 1); ++i) xf_rec[i] = o[i];
    EmitVertex();
}

// Spawn pass (Semantics §6): a parent of a cell with SUB sub-cells emits its slot-th birth of sub-cell
// u_sub in this update, with the parent's position, scale and colour at the exact birth time and
// its flight direction as base direction. The child (with CSUB sub-cells) is written at its birth
// state; its own update and spawn passes take it from there.
layout(points) in;
layout(points, max_vertices = 1) out;

in Record { flat uvec4 rec[REC_VECS(SUB)]; flat int slot; } v_in[];
out uvec4 xf_rec[REC_VECS(CSUB)];  // @capture

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(SUB) ? v_in[0].rec[i] : uvec4(0u);
    Particle parent;
    parent = plume_unpack(r, SUB);
    precise double age1 = u_t1 - parent.birth;
    double age0 = max(u_t0 - parent.birth, 0.0lf);
    Clock c = parent.clocks[u_sub];
    Births b = plume_clock_advance(c, u_clock, age0, age1, parent.lifetime);
    double slot = double(u_slotBase + v_in[0].slot);
    if (!(slot < b.count)) return;
    double ageAtBirth = plume_birth_time(b, slot);
    precise double birth = min(ageAtBirth + parent.birth, u_t1);
    uint serial = b.firstSerial + uint(slot);
    uvec2 key = plume_child_key(parent.key, u_cell.index, serial);

    float pa = float(ageAtBirth);
    Motion m;
    if (u_motionOn) {                  // the parent cell's motion behaviours (Semantics §12)
        int mt = plume_mt_start(u_motion);
        MotionParticle q = plume_motion_particle(u_motion, mt, parent.key, parent.lifetime);
        MotionState s = plume_motion_start(u_motion, mt, parent, age0, u_t0 - parent.birth, u_accChanged, u_accPrev, q);
        MotionState e = plume_motion_evaluate(u_motion, mt, s, ageAtBirth, dvec3(u_acc), q, 1 << 20);
        m = Motion(vec3(e.position), vec3(e.velocity));
    } else {
        plume_reanchor(parent, u_t0, u_accChanged, u_accPrev);
        m = plume_motion_at(parent, pa, u_acc);
    }
    Particle child;
    if (!plume_sample(u_layer, u_cell, key, parent.key, serial, birth, true, m.position, m.velocity,
                      parent.scale0 + parent.scaleSpeed * pa, parent.color0 + u_colorSpeed * pa, child)) return;
    uvec4 o[REC_MAX];
    plume_pack(child, CSUB, o);
    for (int i = 0; i < REC_VECS(CSUB); ++i) xf_rec[i] = o[i];
    EmitVertex();
}

// Events pass (Semantics §15): writes each record of this draw whose event of kind u_event falls in
// this update, with its age at the update's end and otherwise unchanged (the host evaluates it at
// the event's age from its anchor: GPUSimulator+Events.swift), or unchanged (u_atEnd false: the
// parents a death sub-cell's spawn pass reads, GPUSimulator+Passes.swift).
// A birth: the record is one of this update's births (u_fresh). A death: its age before the update
// (0 for a birth) is below its lifetime and its age after reaches it. The count is the pass's
// primitives-generated query; the capture buffer holds the sample (the first records, as many as fit).
layout(points) in;
layout(points, max_vertices = 1) out;

in Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; } v_in[];
out uvec4 xf_rec[REC_VECS(SUB, CHILD)];  // @capture

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(SUB, CHILD) ? v_in[0].rec[i] : uvec4(0u);
    Particle p = plume_unpack(r, SUB, CHILD);
    int age1 = u_dt > 2147483647 - p.age ? 2147483647 : p.age + u_dt;   // ages saturate (Ticks.maxAge)
    int age0 = u_fresh ? 0 : p.age;
    int life = int(p.lifetime);
    bool fires = u_event == EmitterEvent_birth ? u_fresh
               : u_event == EmitterEvent_death && age0 < life && life <= age1;
    if (!fires) return;
    if (!u_atEnd) {
        for (int i = 0; i < REC_VECS(SUB, CHILD); ++i) xf_rec[i] = v_in[0].rec[i];
        EmitVertex();
        return;
    }
    p.age = age1;
    uvec4 o[REC_MAX];
    plume_pack(p, SUB, CHILD, o);
    for (int i = 0; i < REC_VECS(SUB, CHILD); ++i) xf_rec[i] = o[i];
    EmitVertex();
}

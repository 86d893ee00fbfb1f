// Spawn pass, vertex stage: one parent record per vertex, one birth slot per instance.
in uvec4 a_rec[REC_VECS(SUB, CHILD)];
out Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; flat int slot; } v_out;

void main() {
    for (int i = 0; i < REC_VECS(SUB, CHILD); ++i) v_out.rec[i] = a_rec[i];
    v_out.slot = gl_InstanceID;
}

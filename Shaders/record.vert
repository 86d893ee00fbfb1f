// Update and copy passes, vertex stage: hands one particle record to the geometry stage.
in uvec4 a_rec[REC_VECS(SUB, CHILD)];
out Record { flat uvec4 rec[REC_VECS(SUB, CHILD)]; } v_out;

void main() {
    for (int i = 0; i < REC_VECS(SUB, CHILD); ++i) v_out.rec[i] = a_rec[i];
}

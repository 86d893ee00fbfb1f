// The driver's ceiling for the benchmarks: a transform-feedback pass that only copies records of
// the engine's size (a vertex stage, no geometry stage, no arithmetic).
in uvec4 a_rec[REC_VECS(SUB, CHILD)];
out uvec4 xf_rec[REC_VECS(SUB, CHILD)];   // @capture

void main() {
    for (int i = 0; i < REC_VECS(SUB, CHILD); ++i) xf_rec[i] = a_rec[i];
}

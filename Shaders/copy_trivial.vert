// The driver's ceiling for the benchmarks: a transform-feedback pass that only copies records of
// the engine's size (a vertex stage, no geometry stage, no arithmetic).
in uvec4 a_rec[REC_VECS(SUB)];
out uvec4 xf_rec[REC_VECS(SUB)];   // @capture

void main() {
    for (int i = 0; i < REC_VECS(SUB); ++i) xf_rec[i] = a_rec[i];
}

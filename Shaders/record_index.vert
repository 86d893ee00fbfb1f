// A vertex stage for geometry stages that fetch their record from a buffer texture: it hands on
// the record's index and its first word vector. Reading that one attribute keeps the source's
// vertex buffer bound, which llvmpipe needs to count the records of glDrawTransformFeedback (with
// no attribute read, it divides by the stride of whatever buffer was bound before).
in uvec4 a_rec[1];
flat out int v_index;
flat out uvec4 v_rec0;

void main() {
    v_index = gl_VertexID;
    v_rec0 = a_rec[0];
}

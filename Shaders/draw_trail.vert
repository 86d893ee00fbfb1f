// Drawing trails (Semantics §10 "Trails"), vertex stage: nothing; the geometry stage reads the
// particle of its point (gl_PrimitiveIDIn) itself.
void main() {
    gl_Position = vec4(0.0);
}

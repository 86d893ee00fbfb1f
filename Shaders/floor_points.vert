// The driver's drawing floor for the benchmarks (Sources/PlumeGL/Measure/DrawFloor.swift): the
// least a point-sprite particle draw can do: a position in clip space and a size per vertex.
in vec4 a_input;                   // (x, y) in NDC, size in pixels, alpha

flat out float f_alpha;

void main() {
    gl_Position = vec4(a_input.xy, 0.0, 1.0);
    gl_PointSize = a_input.z;
    f_alpha = a_input.w;
}

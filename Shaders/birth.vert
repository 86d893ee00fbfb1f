// Birth pass, vertex stage: one top-level birth per vertex (no attributes).
flat out int v_index;

void main() { v_index = gl_VertexID; }

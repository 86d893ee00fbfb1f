// A vertex stage that hands its geometry stage only the index of its record (no attributes): the
// geometry stage fetches the record from a buffer texture itself.
flat out int v_index;

void main() { v_index = gl_VertexID; }

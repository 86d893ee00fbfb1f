// Ordering, bitonic stage: one compare-exchange step of a bitonic sorting network over the
// (key, index) entries (ascending keys; ties by index, so the order is total and stable).

out uvec2 xf_entry;                // @capture

bool plume_before(uvec2 a, uvec2 b) {
    float ka = uintBitsToFloat(a.x), kb = uintBitsToFloat(b.x);
    return ka < kb || (ka == kb && a.y < b.y);
}

void main() {
    int i = gl_VertexID;
    int l = i ^ u_j;
    uvec2 a = texelFetch(u_entries, i).xy;
    uvec2 b = texelFetch(u_entries, l).xy;
    bool ascending = (i & u_k) == 0;
    bool keepSmaller = (i < l) == ascending;
    bool aFirst = plume_before(a, b);
    xf_entry = (aFirst == keepSmaller) ? a : b;
}

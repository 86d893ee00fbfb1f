// Attributes pass (the snapshot's readback): the birth attributes of one record, as every draw
// evaluates them (plume_attributes), captured as float bits.
in uvec4 a_rec[REC_VECS(0, CHILD)];
out uvec4 xf_attr[ATTRIBUTE_VECS];   // @capture  (scale0, scaleSpeed, angle0, spin), color0

void main() {
    uvec4 r[REC_MAX];
    for (int i = 0; i < REC_MAX; ++i) r[i] = i < REC_VECS(0, CHILD) ? a_rec[i] : uvec4(0u);
    Particle p = plume_unpack(r, 0, CHILD);
    Attributes a = plume_attributes(p, CHILD, plume_row_BirthParams(u_births, p.generation));
    xf_attr[0] = floatBitsToUint(vec4(a.scale0, a.scaleSpeed, a.angle0, a.spin));
    xf_attr[1] = floatBitsToUint(a.color0);
}

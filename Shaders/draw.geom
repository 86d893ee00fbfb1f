// Drawing, geometry stage: expands a particle into its quad (SPEC §10): size = image pixel size ×
// contentsRect.size ÷ contentsScale × scale, rotated by its angle about z (clockwise on the y-down
// layer), texture coordinates from contentsRect (negative sizes flip), the image's first row at the
// quad's local −y edge.
layout(points) in;
layout(triangle_strip, max_vertices = 4) out;

in Particle2D {
    vec3 position;
    float scale;
    float angle;
    vec4 color;
} v_in[];

out vec2 f_uv;
flat out vec4 f_color;

void main() {
    vec2 half_ = u_imageSize * abs(u_contentsRect.zw) / u_contentsScale * v_in[0].scale * 0.5;
    if (!(half_.x > 0.0 && half_.y > 0.0)) return;
    float c = cos(v_in[0].angle), s = sin(v_in[0].angle);
    vec3 center = vec3(v_in[0].position.xy, u_preservesDepth ? v_in[0].position.z : 0.0);
    for (int i = 0; i < 4; ++i) {
        vec2 corner = vec2((i & 1) == 0 ? -1.0 : 1.0, (i & 2) == 0 ? -1.0 : 1.0);
        vec2 local = corner * half_;
        vec2 turned = vec2(c * local.x - s * local.y, s * local.x + c * local.y);
        gl_Position = u_viewProjection * vec4(center + vec3(turned, 0.0), 1.0);
        vec2 unit = corner * 0.5 + 0.5;
        if (u_flipImage) unit.y = 1.0 - unit.y;
        f_uv = u_contentsRect.xy + unit * u_contentsRect.zw;
        f_color = v_in[0].color;
        EmitVertex();
    }
    EndPrimitive();
}

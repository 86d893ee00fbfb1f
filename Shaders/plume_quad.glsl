// A particle's quad (Semantics §10): size = frame pixel size ÷ contentsScale × scale, where the
// frame is the cell's contentsRect (or one cell of its sprite-sheet grid), rotated by its angle
// about z (clockwise on the y-down layer), texture coordinates from the frame's rectangle
// (negative sizes flip), the image's first row at the quad's local −y edge.

// The frame's rectangle (x, y, width, height) in unit image coordinates: frames are numbered
// left to right, top to bottom over |contentsRect|; a negative width or height flips each frame.
vec4 plume_frame_rect(float frame) {
    vec4 r = u_contentsRect;
    vec2 grid = vec2(float(max(u_sheet.columns, 1)), float(max(u_sheet.rows, 1)));
    vec2 cell = vec2(mod(frame, grid.x), floor(frame / grid.x));
    vec2 size = r.zw / grid;
    vec2 lo = min(r.xy, r.xy + r.zw) + cell * abs(size);
    return vec4(mix(lo + abs(size), lo, step(0.0, size)), size);
}

// Half the quad's size in layer units (both > 0 for a drawn particle).
vec2 plume_half_size(vec4 frameRect, float scale) {
    return u_imageSize * abs(frameRect.zw) / u_contentsScale * scale * 0.5;
}

// The quad's centre: flattened to the layer plane unless the layer preserves depth.
vec3 plume_quad_center(Appearance a) {
    return vec3(a.position.xy, u_preservesDepth ? a.position.z : 0.0);
}

// Texture coordinate of a point of the quad at unit coordinates q ∈ [−1, 1]² (local −y: the
// image's first row, or the last with a y-up projection).
vec2 plume_quad_uv(vec4 frameRect, vec2 q) {
    vec2 unit = q * 0.5 + 0.5;
    if (u_flipImage) unit.y = 1.0 - unit.y;
    return frameRect.xy + unit * frameRect.zw;
}

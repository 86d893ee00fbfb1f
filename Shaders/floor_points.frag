// The drawing floor's fragment stage: the image at the point coordinate times a colour.
flat in float f_alpha;

out vec4 o_color;

void main() {
    o_color = texture(u_image, gl_PointCoord) * vec4(u_color.rgb * f_alpha, f_alpha);
}

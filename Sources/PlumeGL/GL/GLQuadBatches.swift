import CEpoxy

/// Quads drawn as six vertices each (two separate `GL_TRIANGLES` sharing two corners), in draw
/// calls that Mesa's draw module keeps whole: it cuts a non-indexed draw of more than 4096
/// vertices into pieces of 4095, which would separate a quad's two triangles (and llvmpipe bins
/// an axis-aligned pair as one rectangle only when both are in one piece).
enum QuadBatches {
    /// Quads per draw call: 682 quads are 4092 vertices.
    static let quadsPerCall = 682

    /// Draws vertices 0 ..< 6 · `quads` with the bound program and vertex array, at most
    /// ``quadsPerCall`` quads per call of one `glMultiDrawArrays`.
    static func draw(_ quads: Int) {
        guard quads > 0 else { return }
        let calls = (quads + quadsPerCall - 1) / quadsPerCall
        let firsts = (0..<calls).map { GLint($0 * quadsPerCall * 6) }
        let counts = (0..<calls).map { GLsizei(min(quadsPerCall, quads - $0 * quadsPerCall) * 6) }
        plume_glMultiDrawArrays(GLPrimitive.triangles.raw, firsts, counts, GLsizei(calls))
    }
}

import CEpoxy

/// Query objects through the typed layer (the counts of transform-feedback passes).
extension GLQuery {
    /// What a query counts.
    enum Target {
        /// Primitives a pass generated (`GL_PRIMITIVES_GENERATED`).
        case primitivesGenerated
        /// Primitives a pass wrote to its transform-feedback buffer.
        case primitivesWritten

        var glEnum: GLenum {
            switch self {
            case .primitivesGenerated: return GLenum(bitPattern: GL_PRIMITIVES_GENERATED)
            case .primitivesWritten: return GLenum(bitPattern: GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN)
            }
        }
    }

    func begin(_ target: Target) { plume_glBeginQuery(target.glEnum, name) }
    static func end(_ target: Target) { plume_glEndQuery(target.glEnum) }

    /// Whether the GPU has the result (never stalls).
    var isAvailable: Bool {
        var available: GLuint = 0
        plume_glGetQueryObjectuiv(name, GLenum(bitPattern: GL_QUERY_RESULT_AVAILABLE), &available)
        return available != 0
    }

    /// The result; waits for the GPU when it is not available yet.
    var result: UInt64 {
        var value: GLuint64 = 0
        plume_glGetQueryObjectui64v(name, GLenum(bitPattern: GL_QUERY_RESULT), &value)
        return value
    }
}

/// Vertex arrays and transform-feedback objects over record buffers.
extension GLObjectOwner {
    /// A vertex array reading `vectors` uvec4 attributes (locations 0…) per record of `stride`
    /// bytes from `buffer`: one record per vertex, or per instance when `perInstance`.
    func makeRecordVertexArray(over buffer: GLBuffer, vectors: Int, stride: Int, perInstance: Bool = false) -> GLVertexArray {
        let vertexArray = makeVertexArray()
        let previous = GL.integer(.vertexArrayBinding)
        GL.bindVertexArray(vertexArray.name)
        GL.bindBuffer(.array, buffer.name)
        for i in 0..<vectors {
            GL.vertexAttribute(i, components: 4, integer: true, stride: stride, offset: i * 16)
            if perInstance { plume_glVertexAttribDivisor(GLuint(i), 1) }
        }
        GL.bindVertexArray(GLuint(previous))
        GL.bindBuffer(.array, 0)
        return vertexArray
    }

    /// A transform-feedback object capturing into `buffer` (binding point 0).
    func makeTransformFeedback(capturingInto buffer: GLBuffer) -> GLTransformFeedback {
        let feedback = makeTransformFeedback()
        let previous = GL.integer(.transformFeedbackBinding)
        GL.bindTransformFeedback(feedback.name)
        GL.bindBufferBase(.transformFeedback, buffer.name)
        GL.bindTransformFeedback(GLuint(previous))
        return feedback
    }
}

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
            case .primitivesGenerated: return GLenum(GL_PRIMITIVES_GENERATED)
            case .primitivesWritten: return GLenum(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN)
            }
        }
    }

    func begin(_ target: Target) { plume_glBeginQuery(target.glEnum, name) }
    static func end(_ target: Target) { plume_glEndQuery(target.glEnum) }

    /// Whether the GPU has the result (never stalls).
    var isAvailable: Bool {
        var available: GLuint = 0
        plume_glGetQueryObjectuiv(name, GLenum(GL_QUERY_RESULT_AVAILABLE), &available)
        return available != 0
    }

    /// The result; waits for the GPU when it is not available yet.
    var result: UInt64 {
        var value: GLuint64 = 0
        plume_glGetQueryObjectui64v(name, GLenum(GL_QUERY_RESULT), &value)
        return value
    }
}

/// Vertex arrays and transform-feedback objects over record buffers.
extension GLContext {
    /// A vertex array reading `vectors` uvec4 attributes (locations 0…) per record of `stride`
    /// bytes from `buffer`: one record per vertex, or per instance when `perInstance`.
    func makeRecordVertexArray(over buffer: GLBuffer, vectors: Int, stride: Int, perInstance: Bool = false) -> GLVertexArray {
        let vertexArray = makeVertexArray()
        var previous: GLint = 0
        plume_glGetIntegerv(GLenum(GL_VERTEX_ARRAY_BINDING), &previous)
        plume_glBindVertexArray(vertexArray.name)
        plume_glBindBuffer(GLenum(GL_ARRAY_BUFFER), buffer.name)
        for i in 0..<vectors {
            plume_glEnableVertexAttribArray(GLuint(i))
            plume_glVertexAttribIPointer(GLuint(i), 4, GLenum(GL_UNSIGNED_INT), GLsizei(stride),
                                         UnsafeRawPointer(bitPattern: i * 16))
            if perInstance { plume_glVertexAttribDivisor(GLuint(i), 1) }
        }
        plume_glBindVertexArray(GLuint(previous))
        plume_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        return vertexArray
    }

    /// A transform-feedback object capturing into `buffer` (binding point 0).
    func makeTransformFeedback(capturingInto buffer: GLBuffer) -> GLTransformFeedback {
        let feedback = makeTransformFeedback()
        var previous: GLint = 0
        plume_glGetIntegerv(GLenum(GL_TRANSFORM_FEEDBACK_BINDING), &previous)
        plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), feedback.name)
        plume_glBindBufferBase(GLenum(GL_TRANSFORM_FEEDBACK_BUFFER), 0, buffer.name)
        plume_glBindTransformFeedback(GLenum(GL_TRANSFORM_FEEDBACK), GLuint(previous))
        return feedback
    }
}

import CEpoxy

/// The kinds of GL objects Plume creates, counted per context so tests can prove nothing leaks.
public enum GLObjectKind: String, CaseIterable, Hashable, Sendable {
    case buffer, program, shader, vertexArray, transformFeedback, query, framebuffer, renderbuffer, texture
}

/// Live GL objects created through a ``GLContext``, by kind.
public struct GLObjectCounts: Hashable, Sendable, CustomStringConvertible {
    public private(set) var live: [GLObjectKind: Int] = [:]
    public var total: Int { live.values.reduce(0, +) }
    mutating func created(_ kind: GLObjectKind) { live[kind, default: 0] += 1 }
    mutating func deleted(_ kind: GLObjectKind) {
        let n = live[kind, default: 0]
        precondition(n > 0, "deleting a \(kind) that the ledger never saw created")
        live[kind] = n - 1
    }
    public var description: String {
        GLObjectKind.allCases.compactMap { k in live[k].flatMap { $0 > 0 ? "\(k.rawValue) \($0)" : nil } }
            .joined(separator: ", ")
    }
}

/// A GL buffer object name.
struct GLBuffer: Hashable { let name: GLuint }
/// A GL vertex array object name.
struct GLVertexArray: Hashable { let name: GLuint }
/// A GL transform-feedback object name.
struct GLTransformFeedback: Hashable { let name: GLuint }
/// A GL query object name.
struct GLQuery: Hashable { let name: GLuint }
/// A linked GL program.
struct GLProgram: Hashable { let name: GLuint }

/// The thin typed layer over GL object creation and deletion: every object goes through here so
/// the context's ledger counts it.
extension GLContext {
    func makeBuffer(bytes: Int, usage: Int32 = GL_DYNAMIC_COPY) throws -> GLBuffer {
        let name = generate(.buffer, plume_glGenBuffers)
        let buffer = GLBuffer(name: name)
        plume_glBindBuffer(GLenum(GL_ARRAY_BUFFER), name)
        plume_glBufferData(GLenum(GL_ARRAY_BUFFER), GLsizeiptr(max(bytes, 16)), nil, GLenum(usage))
        plume_glBindBuffer(GLenum(GL_ARRAY_BUFFER), 0)
        if let error = pendingError() {
            delete(buffer)
            throw GLError.driver(call: "glBufferData(\(bytes) bytes)", code: error)
        }
        return buffer
    }

    func delete(_ b: GLBuffer) { release(b.name, .buffer, plume_glDeleteBuffers) }

    func makeVertexArray() -> GLVertexArray { GLVertexArray(name: generate(.vertexArray, plume_glGenVertexArrays)) }
    func delete(_ v: GLVertexArray) { release(v.name, .vertexArray, plume_glDeleteVertexArrays) }

    func makeTransformFeedback() -> GLTransformFeedback {
        GLTransformFeedback(name: generate(.transformFeedback, plume_glGenTransformFeedbacks))
    }
    func delete(_ t: GLTransformFeedback) { release(t.name, .transformFeedback, plume_glDeleteTransformFeedbacks) }

    func makeQuery() -> GLQuery { GLQuery(name: generate(.query, plume_glGenQueries)) }
    func delete(_ q: GLQuery) { release(q.name, .query, plume_glDeleteQueries) }

    /// One `glGen*` call, counted in the ledger.
    private func generate(_ kind: GLObjectKind, _ gen: (GLsizei, UnsafeMutablePointer<GLuint>?) -> Void) -> GLuint {
        var name: GLuint = 0
        gen(1, &name)
        objects.created(kind)
        return name
    }

    /// One `glDelete*` call, counted in the ledger; deferred while the context is not current.
    private func release(_ name: GLuint, _ kind: GLObjectKind,
                         _ delete: @escaping (GLsizei, UnsafePointer<GLuint>?) -> Void) {
        deleteOrDefer(name, kind) { name in
            var name = name
            delete(1, &name)
        }
    }

    func delete(_ p: GLProgram) {
        deleteOrDefer(p.name, .program) { plume_glDeleteProgram($0) }
    }

    /// The first pending GL error, or nil (clears the error flags it reads).
    func pendingError() -> UInt32? {
        let e = plume_glGetError()
        if e == GL_NO_ERROR { return nil }
        while plume_glGetError() != GL_NO_ERROR {}
        return e
    }

    /// Throws the pending GL error, if any, naming `call`.
    func check(_ call: @autoclosure () -> String) throws {
        if let e = pendingError() { throw GLError.driver(call: call(), code: e) }
    }
}

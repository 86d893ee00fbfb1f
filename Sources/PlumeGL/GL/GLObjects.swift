import CEpoxy

/// The kinds of GL objects Plume creates, counted per context so tests can prove nothing leaks.
public enum GLObjectKind: String, CaseIterable, Hashable, Sendable {
    /// A buffer object (`glGenBuffers`): records, quad lists, sort entries.
    case buffer
    /// A linked program (`glCreateProgram`).
    case program
    /// A shader stage (`glCreateShader`), deleted once its program links.
    case shader
    /// A vertex array object (`glGenVertexArrays`).
    case vertexArray
    /// A transform-feedback object (`glGenTransformFeedbacks`).
    case transformFeedback
    /// A query object (`glGenQueries`): primitive and sample counts.
    case query
    /// A framebuffer object (`glGenFramebuffers`).
    case framebuffer
    /// A renderbuffer (`glGenRenderbuffers`).
    case renderbuffer
    /// A texture (`glGenTextures`): sprite images, buffer textures, offscreen colour buffers.
    case texture
}

/// Live GL objects created through a ``GLContext``, by kind.
public struct GLObjectCounts: Hashable, Sendable, CustomStringConvertible {
    /// Objects created and not yet deleted, by kind (kinds with none may be absent).
    public private(set) var live: [GLObjectKind: Int] = [:]
    /// Objects created and not yet deleted, all kinds together.
    public var total: Int { live.values.reduce(0, +) }
    mutating func created(_ kind: GLObjectKind) { live[kind, default: 0] += 1 }
    mutating func deleted(_ kind: GLObjectKind) {
        let n = live[kind, default: 0]
        precondition(n > 0, "deleting a \(kind) that the ledger never saw created")
        live[kind] = n - 1
    }
    /// The live kinds with their counts (`"buffer 4, program 2"`).
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
/// A GL program object.
struct GLProgram: Hashable { let name: GLuint }
/// A GL shader object.
struct GLShader: Hashable { let name: GLuint }
/// A GL texture name.
struct GLTexture: Hashable { let name: GLuint }
/// A GL framebuffer object name.
struct GLFramebuffer: Hashable { let name: GLuint }
/// A GL renderbuffer name.
struct GLRenderbuffer: Hashable { let name: GLuint }

/// What the GL layer needs of the context that owns its objects (``GLContext`` is the one): the
/// ledger of live objects, deletion that waits while the context is not current, and the two
/// objects every context keeps for its passes. The layer's functions are extensions of this
/// protocol, so `GL/` names no type of the folders above it.
protocol GLObjectOwner: AnyObject {
    /// Live objects by kind.
    var objects: GLObjectCounts { get set }
    /// Deletes `name` with `delete` now if the context is current, else at its next use.
    func deleteOrDefer(_ name: GLuint, _ kind: GLObjectKind, _ delete: @escaping (GLuint) -> Void)
    /// A vertex array with no attributes (draws that read none).
    var emptyVertexArray: GLVertexArray { get }
    /// The 1 × 1 framebuffer bound while transform-feedback passes run.
    var passFramebuffer: GLFramebuffer { get }
}

/// The thin typed layer over GL object creation and deletion: every object goes through here so
/// the context's ledger counts it.
extension GLObjectOwner {
    func makeBuffer(bytes: Int, usage: GLBufferUsage = .dynamicCopy) throws -> GLBuffer {
        let name = generate(.buffer, plume_glGenBuffers)
        let buffer = GLBuffer(name: name)
        GL.bindBuffer(.array, name)
        plume_glBufferData(GLBufferTarget.array.raw, GLsizeiptr(max(bytes, 16)), nil, usage.raw)
        GL.bindBuffer(.array, 0)
        if let error = pendingError() {
            delete(buffer)
            throw GLError.driver(call: "glBufferData(\(bytes) bytes)", code: error)
        }
        return buffer
    }

    func delete(_ b: GLBuffer) { release(b.name, .buffer, plume_glDeleteBuffers) }

    /// Writes `data` into `buffer` from byte `offset` (through the copy-write binding, which it restores).
    func upload<T>(_ data: [T], to buffer: GLBuffer, atByte offset: Int = 0) {
        let previous = GL.integer(.copyWriteBufferBinding)
        GL.bindBuffer(.copyWrite, buffer.name)
        data.withUnsafeBytes {
            plume_glBufferSubData(GLBufferTarget.copyWrite.raw, GLintptr(offset), GLsizeiptr($0.count), $0.baseAddress)
        }
        GL.bindBuffer(.copyWrite, GLuint(previous))
    }

    /// Copies the first `bytes` bytes of `source` to the start of `target` on the GPU (through the
    /// copy bindings, which it restores).
    func copy(_ source: GLBuffer, to target: GLBuffer, bytes: Int) {
        let read = GL.integer(.copyReadBufferBinding), write = GL.integer(.copyWriteBufferBinding)
        GL.bindBuffer(.copyRead, source.name)
        GL.bindBuffer(.copyWrite, target.name)
        plume_glCopyBufferSubData(GLBufferTarget.copyRead.raw, GLBufferTarget.copyWrite.raw, 0, 0, GLsizeiptr(bytes))
        GL.bindBuffer(.copyRead, GLuint(read))
        GL.bindBuffer(.copyWrite, GLuint(write))
    }

    /// The first `bytes` bytes of `buffer`, read back (waits for the GPU).
    func download(_ buffer: GLBuffer, bytes: Int, into words: inout [UInt32]) {
        let previous = GL.integer(.copyReadBufferBinding)
        GL.bindBuffer(.copyRead, buffer.name)
        words.withUnsafeMutableBytes { raw in
            plume_glGetBufferSubData(GLBufferTarget.copyRead.raw, 0, GLsizeiptr(min(bytes, raw.count)), raw.baseAddress)
        }
        GL.bindBuffer(.copyRead, GLuint(previous))
    }

    func makeVertexArray() -> GLVertexArray { GLVertexArray(name: generate(.vertexArray, plume_glGenVertexArrays)) }
    func delete(_ v: GLVertexArray) { release(v.name, .vertexArray, plume_glDeleteVertexArrays) }

    func makeTransformFeedback() -> GLTransformFeedback {
        GLTransformFeedback(name: generate(.transformFeedback, plume_glGenTransformFeedbacks))
    }
    func delete(_ t: GLTransformFeedback) { release(t.name, .transformFeedback, plume_glDeleteTransformFeedbacks) }

    func makeQuery() -> GLQuery { GLQuery(name: generate(.query, plume_glGenQueries)) }
    func delete(_ q: GLQuery) { release(q.name, .query, plume_glDeleteQueries) }

    func makeTexture() -> GLTexture { GLTexture(name: generate(.texture, plume_glGenTextures)) }
    func delete(_ t: GLTexture) { release(t.name, .texture, plume_glDeleteTextures) }

    func makeFramebuffer() -> GLFramebuffer { GLFramebuffer(name: generate(.framebuffer, plume_glGenFramebuffers)) }
    func delete(_ f: GLFramebuffer) { release(f.name, .framebuffer, plume_glDeleteFramebuffers) }

    func makeRenderbuffer() -> GLRenderbuffer { GLRenderbuffer(name: generate(.renderbuffer, plume_glGenRenderbuffers)) }
    func delete(_ r: GLRenderbuffer) { release(r.name, .renderbuffer, plume_glDeleteRenderbuffers) }

    func makeProgram() -> GLProgram {
        objects.created(.program)
        return GLProgram(name: plume_glCreateProgram())
    }
    func delete(_ p: GLProgram) { deleteOrDefer(p.name, .program) { plume_glDeleteProgram($0) } }

    func makeShader(type: Int32) -> GLShader {
        objects.created(.shader)
        return GLShader(name: plume_glCreateShader(GLenum(bitPattern: type)))
    }
    func delete(_ s: GLShader) { deleteOrDefer(s.name, .shader) { plume_glDeleteShader($0) } }

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

    /// The first pending GL error, or nil (clears the error flags it reads).
    func pendingError() -> UInt32? {
        let e = plume_glGetError()
        if e == GL_NO_ERROR { return nil }
        // A driver may hold several flags; a lost context may report forever: read a few at most.
        for _ in 0..<8 { if plume_glGetError() == GL_NO_ERROR { break } }
        return e
    }

    /// Throws the pending GL error, if any, naming `call` and the pass it belongs to: a
    /// `GL_INVALID_*` error is a bug (``GLError/invalidUse(pass:call:code:)``, asserted in debug
    /// builds), any other the environment (``GLError/driver(call:code:)``).
    func check(_ call: @autoclosure () -> String, pass: String = #function) throws {
        if let e = pendingError() { throw GLError.reported(e, call: call(), pass: pass) }
    }
}

import CEpoxy
import Foundation

/// The engine's GLSL, embedded in the binary from `Shaders/` by the EmbedShaders build plugin, and
/// how programs are assembled from it: a version header, the variant's defines, the shared
/// library files, then the stage file.
public enum ShaderLibrary {
    /// Library files every program includes, in dependency order.
    static let libraryFiles = ["plume_record.glsl", "plume_hash.glsl", "plume_draws.glsl", "plume_clock.glsl",
                               "plume_motion.glsl", "plume_birth.glsl"]

    /// The text of a file of `Shaders/`.
    public static func source(_ name: String) -> String? { EmbeddedShaders.files[name] }

    /// Every embedded file name.
    public static var fileNames: [String] { EmbeddedShaders.files.keys.sorted() }

    /// `#version 400 core`, or 3.3 core with the fp64 extension on older drivers.
    static func versionHeader(glVersion: Int) -> String {
        glVersion >= 40
            ? "#version 400 core\n"
            : "#version 330 core\n#extension GL_ARB_gpu_shader_fp64 : require\n#define precise\n"
    }

    /// The full source of one stage of a program variant.
    public static func assemble(stage: String, defines: [String: Int], glVersion: Int = 40) -> String {
        var text = versionHeader(glVersion: glVersion)
        for (name, value) in defines.sorted(by: { $0.key < $1.key }) { text += "#define \(name) \(value)\n" }
        for file in libraryFiles { text += "// ---- \(file)\n" + (source(file) ?? "") + "\n" }
        text += "// ---- \(stage)\n" + (source(stage) ?? "")
        return text
    }

    /// Names of the transform-feedback outputs of a stage: the `out` declarations marked
    /// `// @capture`, in order; an array output expands to its elements, `count` of them.
    static func capturedOutputs(of stage: String, arrayCount: Int) -> [String] {
        guard let text = source(stage) else { return [] }
        var names: [String] = []
        for line in text.split(separator: "\n") where line.contains("@capture") {
            let declaration = line.split(separator: ";")[0]
            guard let token = declaration.split(separator: " ").last else { continue }
            if let bracket = token.firstIndex(of: "[") {
                let name = token[..<bracket]
                names += (0..<arrayCount).map { "\(name)[\($0)]" }
            } else {
                names.append(String(token))
            }
        }
        return names
    }
}

/// The passes of the GPU simulator.
enum PassKind: String, Hashable {
    /// Advances a cell's particles (record.vert + update.geom).
    case update
    /// Emits one sub-cell's births from a cell's particles (spawn.vert + spawn.geom).
    case spawn
    /// Counts the sub-cell births the spawn pass had no slot for (spawn.vert + overflow.geom).
    case overflow
    /// Emits a top-level cell's births from the layer's shape (birth.vert + birth.geom).
    case birth
    /// Copies records, possibly to another sub-cell count (record.vert + copy.geom).
    case copy
    /// Test program: the hash on the GPU (hash_vectors.vert).
    case hashVectors
    /// Draws particles as textured quads (draw.vert + draw.geom + draw.frag).
    case draw
    /// Ordering: (key, index) entries of a node's records (sort_keys.vert).
    case sortKeys
    /// Ordering: one bitonic compare-exchange step (sort_step.vert).
    case sortStep
    /// Draws particles in the sorted order (draw_sorted.vert + draw.geom + draw.frag).
    case drawSorted
    /// The driver's ceiling: copies records, nothing else (copy_trivial.vert).
    case trivialCopy

    var stages: [(file: String, type: Int32)] {
        switch self {
        case .update: return [("record.vert", GL_VERTEX_SHADER), ("update.geom", GL_GEOMETRY_SHADER)]
        case .spawn: return [("spawn.vert", GL_VERTEX_SHADER), ("spawn.geom", GL_GEOMETRY_SHADER)]
        case .overflow: return [("spawn.vert", GL_VERTEX_SHADER), ("overflow.geom", GL_GEOMETRY_SHADER)]
        case .birth: return [("birth.vert", GL_VERTEX_SHADER), ("birth.geom", GL_GEOMETRY_SHADER)]
        case .copy: return [("record.vert", GL_VERTEX_SHADER), ("copy.geom", GL_GEOMETRY_SHADER)]
        case .hashVectors: return [("hash_vectors.vert", GL_VERTEX_SHADER)]
        case .draw: return [("draw.vert", GL_VERTEX_SHADER), ("draw.geom", GL_GEOMETRY_SHADER),
                            ("draw.frag", GL_FRAGMENT_SHADER)]
        case .sortKeys: return [("sort_keys.vert", GL_VERTEX_SHADER)]
        case .sortStep: return [("sort_step.vert", GL_VERTEX_SHADER)]
        case .drawSorted: return [("draw_sorted.vert", GL_VERTEX_SHADER), ("draw.geom", GL_GEOMETRY_SHADER),
                                  ("draw.frag", GL_FRAGMENT_SHADER)]
        case .trivialCopy: return [("copy_trivial.vert", GL_VERTEX_SHADER)]
        }
    }
}

/// Identifies one compiled program variant.
struct ProgramKey: Hashable, CustomStringConvertible {
    var kind: PassKind
    /// Sub-cells of the records read.
    var sub: Int
    /// Sub-cells of the records written.
    var csub: Int
    var description: String { "\(kind.rawValue) program (SUB \(sub), CSUB \(csub))" }
}

/// A linked program with its uniform locations.
final class ShaderProgram {
    let key: ProgramKey
    let program: GLProgram
    private var locations: [String: GLint] = [:]

    init(key: ProgramKey, program: GLProgram) {
        self.key = key
        self.program = program
    }

    func use() { plume_glUseProgram(program.name) }

    func location(_ name: String) -> GLint {
        if let l = locations[name] { return l }
        let l = plume_glGetUniformLocation(program.name, name)
        locations[name] = l
        return l
    }

    func set(_ name: String, _ v: Double) { plume_glUniform1d(location(name), v) }
    func set(_ name: String, _ v: Float) { plume_glUniform1f(location(name), v) }
    func set(_ name: String, _ v: Int) { plume_glUniform1i(location(name), GLint(v)) }
    func set(_ name: String, _ v: UInt32) { plume_glUniform1ui(location(name), v) }
    func set(_ name: String, _ v: Bool) { plume_glUniform1i(location(name), v ? 1 : 0) }
    func set(_ name: String, _ v: SIMD2<Double>) { plume_glUniform2f(location(name), Float(v.x), Float(v.y)) }
    func set(_ name: String, _ v: SIMD3<Double>) { plume_glUniform3f(location(name), Float(v.x), Float(v.y), Float(v.z)) }
    func set(_ name: String, _ v: SIMD4<Double>) {
        plume_glUniform4f(location(name), Float(v.x), Float(v.y), Float(v.z), Float(v.w))
    }
    func set(_ name: String, _ m: Matrix4) {
        m.columns.withUnsafeBufferPointer { plume_glUniformMatrix4fv(location(name), 1, GLboolean(GL_FALSE), $0.baseAddress) }
    }
}

/// Compiles program variants on first use and keeps them for the context's lifetime.
final class ProgramCache {
    unowned let context: GLContext
    private var programs: [ProgramKey: ShaderProgram] = [:]

    init(context: GLContext) { self.context = context }

    /// Number of compiled programs.
    var count: Int { programs.count }

    func program(_ key: ProgramKey) throws -> ShaderProgram {
        if let p = programs[key] { return p }
        let p = try compile(key)
        programs[key] = p
        return p
    }

    /// Deletes every program (from the context's `deinit`, which must not reach back to it).
    func releaseAll() {
        for p in programs.values { plume_glDeleteProgram(p.program.name) }
        programs = [:]
    }

    /// Compiles and links a variant; the driver's log is in the thrown error.
    func compile(_ key: ProgramKey) throws -> ShaderProgram {
        let defines = ["SUB": key.sub, "CSUB": key.csub]
        let program = plume_glCreateProgram()
        context.objects.created(.program)
        var shaders: [GLuint] = []
        defer {
            for s in shaders {
                plume_glDetachShader(program, s)
                plume_glDeleteShader(s)
            }
        }
        do {
            for (file, type) in key.kind.stages {
                let source = ShaderLibrary.assemble(stage: file, defines: defines, glVersion: context.info.versionNumber)
                let shader = plume_glCreateShader(GLenum(type))
                shaders.append(shader)
                source.withCString { pointer in
                    var p: UnsafePointer<GLchar>? = pointer
                    plume_glShaderSource(shader, 1, &p, nil)
                }
                plume_glCompileShader(shader)
                var ok: GLint = 0
                plume_glGetShaderiv(shader, GLenum(GL_COMPILE_STATUS), &ok)
                if ok == 0 {
                    throw GLError.compileFailed(program: key.description, stage: file, log: shaderLog(shader))
                }
                plume_glAttachShader(program, shader)
            }
            plume_glBindAttribLocation(program, 0, "a_rec")
            plume_glBindAttribLocation(program, 0, "a_input")
            let capturing = key.kind.stages.last!.file
            let vecs = ParticleRecord.vectors(subCells: key.csub)
            let varyings = ShaderLibrary.capturedOutputs(of: capturing, arrayCount: vecs)
            var cStrings = varyings.map { strdup($0) }
            defer { cStrings.forEach { free($0) } }
            cStrings.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<GLchar>?.self, capacity: buffer.count) { names in
                    plume_glTransformFeedbackVaryings(program, GLsizei(buffer.count), names, GLenum(GL_INTERLEAVED_ATTRIBS))
                }
            }
            plume_glLinkProgram(program)
            var linked: GLint = 0
            plume_glGetProgramiv(program, GLenum(GL_LINK_STATUS), &linked)
            if linked == 0 { throw GLError.linkFailed(program: key.description, log: programLog(program)) }
            try context.check("linking \(key)")
        } catch {
            plume_glDeleteProgram(program)
            context.objects.deleted(.program)
            throw error
        }
        return ShaderProgram(key: key, program: GLProgram(name: program))
    }

    private func shaderLog(_ shader: GLuint) -> String {
        var length: GLint = 0
        plume_glGetShaderiv(shader, GLenum(GL_INFO_LOG_LENGTH), &length)
        var buffer = [GLchar](repeating: 0, count: Int(max(length, 1)))
        plume_glGetShaderInfoLog(shader, GLsizei(buffer.count), nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func programLog(_ program: GLuint) -> String {
        var length: GLint = 0
        plume_glGetProgramiv(program, GLenum(GL_INFO_LOG_LENGTH), &length)
        var buffer = [GLchar](repeating: 0, count: Int(max(length, 1)))
        plume_glGetProgramInfoLog(program, GLsizei(buffer.count), nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

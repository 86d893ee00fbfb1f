import CEpoxy
import Foundation

/// A linked program variant with its typed uniform handles (`Shaders/plume.contract`).
///
/// ```swift
/// let p = try context.programs.program(UpdateUniforms.self, sub: 2)
/// p.use()
/// p.uniforms.t1.set(t1)
/// ```
final class ShaderProgram<Uniforms: ProgramUniforms> {
    let key: ProgramKey
    let program: GLProgram
    let uniforms: Uniforms

    init(key: ProgramKey, program: GLProgram, uniforms: Uniforms) {
        self.key = key
        self.program = program
        self.uniforms = uniforms
    }

    func use() { plume_glUseProgram(program.name) }
}

/// Compiles program variants on first use and keeps them for the context's lifetime.
final class ProgramCache {
    unowned let context: GLContext
    private var programs: [ProgramKey: (program: GLProgram, uniforms: Any)] = [:]

    init(context: GLContext) { self.context = context }

    /// Number of compiled programs.
    var count: Int { programs.count }

    /// The kinds of the programs linked so far.
    var linkedKinds: [PassKind] { programs.keys.map(\.kind) }

    /// The program of `Uniforms.kind` reading records with `sub` sub-cells (of a sub-cell's layout
    /// where `child`) and writing `csub` (of a sub-cell's layout where `cchild`, by default
    /// `child`), with the optional code of `features` compiled in.
    func program<U: ProgramUniforms>(_ type: U.Type, sub: Int = 0, csub: Int? = nil, child: Bool = false,
                                     cchild: Bool? = nil, features: ProgramFeatures = []) throws -> ShaderProgram<U> {
        let key = ProgramKey(kind: U.kind, sub: sub, csub: csub ?? sub, child: child, cchild: cchild ?? child,
                             features: features)
        if let entry = programs[key], let uniforms = entry.uniforms as? U {
            return ShaderProgram(key: key, program: entry.program, uniforms: uniforms)
        }
        let program = try compile(key)
        do {
            let linker = UniformLinker(program: program.name, programName: key.description, subCells: key.sub,
                                       features: Set(key.features.names))
            let uniforms = try U(linker)
            try linker.checkAllClaimed()
            programs[key] = (program, uniforms)
            return ShaderProgram(key: key, program: program, uniforms: uniforms)
        } catch {
            context.delete(program)
            throw error
        }
    }

    /// Forgets every program and returns them, for the context's `deinit` to delete (it must not
    /// be reached back to through this cache's unowned reference then).
    func removeAll() -> [GLProgram] {
        defer { programs = [:] }
        return programs.values.map(\.program)
    }

    /// Compiles and links a variant; the driver's log is in the thrown error.
    private func compile(_ key: ProgramKey) throws -> GLProgram {
        // A stage file shared by two programs tells them apart by the `PROGRAM_<name>` define of
        // the uniform header the contract generates for each program.
        let defines = key.defines
        let program = context.makeProgram()
        var shaders: [GLShader] = []
        defer {
            for s in shaders {
                plume_glDetachShader(program.name, s.name)
                context.delete(s)
            }
        }
        do {
            for (file, type) in key.kind.stages {
                let source = ShaderLibrary.assemble(program: key.kind.rawValue, stage: file, defines: defines,
                                                    glVersion: context.info.versionNumber)
                let shader = context.makeShader(type: type)
                shaders.append(shader)
                source.withCString { pointer in
                    var p: UnsafePointer<GLchar>? = pointer
                    plume_glShaderSource(shader.name, 1, &p, nil)
                }
                plume_glCompileShader(shader.name)
                var ok: GLint = 0
                plume_glGetShaderiv(shader.name, GLenum(GL_COMPILE_STATUS), &ok)
                if ok == 0 {
                    throw GLError.compileFailed(program: key.description, stage: file, log: shaderLog(shader.name))
                }
                plume_glAttachShader(program.name, shader.name)
            }
            plume_glBindAttribLocation(program.name, 0, "a_rec")
            plume_glBindAttribLocation(program.name, 0, "a_input")
            let capturing = key.kind.stages.last!.file
            let vecs = ParticleRecord.vectors(subCells: key.csub, child: key.cchild)
            let varyings = ShaderLibrary.capturedOutputs(of: capturing, arrayCount: vecs)
            var cStrings = varyings.map { strdup($0) }
            defer { cStrings.forEach { free($0) } }
            cStrings.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<GLchar>?.self, capacity: buffer.count) { names in
                    plume_glTransformFeedbackVaryings(program.name, GLsizei(buffer.count), names,
                                                      GLenum(GL_INTERLEAVED_ATTRIBS))
                }
            }
            plume_glLinkProgram(program.name)
            var linked: GLint = 0
            plume_glGetProgramiv(program.name, GLenum(GL_LINK_STATUS), &linked)
            if linked == 0 { throw GLError.linkFailed(program: key.description, log: programLog(program.name)) }
            try context.check("linking \(key)", pass: "program cache")
        } catch {
            context.delete(program)
            throw error
        }
        return program
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

import CEpoxy
import Foundation

/// A linked program with its typed uniform handles (`Shaders/plume.contract`).
///
/// ```swift
/// let p = try context.programs.program(UpdateUniforms.self, sub: 2)
/// p.use()
/// p.uniforms.t1.set(t1)
/// ```
final class ShaderProgram<Uniforms> {
    /// What the program is, for messages (its variant's description).
    let name: String
    let program: GLProgram
    let uniforms: Uniforms

    init(name: String, program: GLProgram, uniforms: Uniforms) {
        self.name = name
        self.program = program
        self.uniforms = uniforms
    }

    func use() { GL.useProgram(program.name) }
}

/// One stage of a program to compile: the file it came from (for the driver's log), its type and
/// its assembled source.
struct ShaderStageSource {
    var file: String
    var type: Int32
    var source: String
}

/// Compiles programs on first use and keeps them for the context's lifetime, by key (the GPU
/// layer's variant key: `GPU/ProgramCache+Variants.swift` says what a program is made of).
final class ProgramCache {
    unowned let context: any GLObjectOwner
    /// The context's GL version as a number (`33`, `45`): the shaders' `#version` line.
    let glVersion: Int
    /// Whether every declared uniform must be active when a program links (``UniformLinker``):
    /// true under Mesa's GLSL linker, the contract's reference.
    let requiresEveryDeclaredUniform: Bool
    /// Each program with the `ShaderProgram` handed out for it: a frame's lookups (one or more a
    /// cell) return that object, building nothing.
    private var programs: [AnyHashable: (program: GLProgram, shader: AnyObject)] = [:]
    /// Each program linked so far and the seconds its compile and link took (the driver compiles
    /// at link; a frame that first uses a variant pays this).
    private(set) var linkTimes: [(program: String, seconds: Double)] = []

    init(context: any GLObjectOwner, glVersion: Int, requiresEveryDeclaredUniform: Bool = true) {
        self.context = context
        self.glVersion = glVersion
        self.requiresEveryDeclaredUniform = requiresEveryDeclaredUniform
    }

    /// Number of compiled programs.
    var count: Int { programs.count }

    /// The keys of the programs linked so far.
    var keys: [AnyHashable] { Array(programs.keys) }

    /// The program cached under `key` with uniforms of type `U`, or nil.
    func cached<U>(_ key: AnyHashable, _ type: U.Type) -> ShaderProgram<U>? {
        programs[key]?.shader as? ShaderProgram<U>
    }

    /// Links `stages` (capturing `varyings`, interleaved, where there are any), looks its uniforms
    /// up with `uniforms` and keeps it under `key`. The program is deleted if any step throws.
    func link<U>(_ key: AnyHashable, name: String, stages: [ShaderStageSource], attributes: [(index: Int, name: String)],
                 varyings: [String], subCells: Int, features: Set<String>,
                 uniforms: (UniformLinker) throws -> U) throws -> ShaderProgram<U> {
        let started = ContinuousClock.now
        let program = try compile(name: name, stages: stages, attributes: attributes, varyings: varyings)
        let took = ContinuousClock.now - started
        linkTimes.append((name, Double(took.components.seconds) + Double(took.components.attoseconds) * 1e-18))
        do {
            let linker = UniformLinker(program: program.name, programName: name, subCells: subCells, features: features,
                                       requiresEveryDeclared: requiresEveryDeclaredUniform)
            let handles = try uniforms(linker)
            try linker.checkAllClaimed()
            let shader = ShaderProgram(name: name, program: program, uniforms: handles)
            programs[key] = (program, shader)
            return shader
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

    /// Compiles and links a program; the driver's log is in the thrown error.
    private func compile(name: String, stages: [ShaderStageSource], attributes: [(index: Int, name: String)],
                         varyings: [String]) throws -> GLProgram {
        let program = context.makeProgram()
        var shaders: [GLShader] = [], attached: [GLShader] = [], built = false
        defer {
            // the attached shaders detached before a failed program is deleted, and only those: a
            // detach from a deleted program (or of a shader never attached) raises a GL error,
            // which the next check would report against an innocent call
            for s in attached { plume_glDetachShader(program.name, s.name) }
            for s in shaders { context.delete(s) }
            if !built { context.delete(program) }
        }
        for stage in stages {
            let shader = context.makeShader(type: stage.type)
            shaders.append(shader)
            stage.source.withCString { pointer in
                var p: UnsafePointer<GLchar>? = pointer
                plume_glShaderSource(shader.name, 1, &p, nil)
            }
            plume_glCompileShader(shader.name)
            var ok: GLint = 0
            plume_glGetShaderiv(shader.name, GLenum(bitPattern: GL_COMPILE_STATUS), &ok)
            if ok == 0 {
                throw GLError.compileFailed(program: name, stage: stage.file, log: shaderLog(shader.name))
            }
            plume_glAttachShader(program.name, shader.name)
            attached.append(shader)
        }
        for attribute in attributes { plume_glBindAttribLocation(program.name, GLuint(attribute.index), attribute.name) }
        var cStrings = varyings.map { strdup($0) }
        defer { cStrings.forEach { free($0) } }
        cStrings.withUnsafeMutableBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<GLchar>?.self, capacity: buffer.count) { names in
                plume_glTransformFeedbackVaryings(program.name, GLsizei(buffer.count), names,
                                                  GLenum(bitPattern: GL_INTERLEAVED_ATTRIBS))
            }
        }
        plume_glLinkProgram(program.name)
        var linked: GLint = 0
        plume_glGetProgramiv(program.name, GLenum(bitPattern: GL_LINK_STATUS), &linked)
        if linked == 0 { throw GLError.linkFailed(program: name, log: programLog(program.name)) }
        try context.check("linking \(name)", pass: "program cache")
        built = true
        return program
    }

    private func shaderLog(_ shader: GLuint) -> String {
        var length: GLint = 0
        plume_glGetShaderiv(shader, GLenum(bitPattern: GL_INFO_LOG_LENGTH), &length)
        var buffer = [GLchar](repeating: 0, count: Int(max(length, 1)))
        plume_glGetShaderInfoLog(shader, GLsizei(buffer.count), nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private func programLog(_ program: GLuint) -> String {
        var length: GLint = 0
        plume_glGetProgramiv(program, GLenum(bitPattern: GL_INFO_LOG_LENGTH), &length)
        var buffer = [GLchar](repeating: 0, count: Int(max(length, 1)))
        plume_glGetProgramInfoLog(program, GLsizei(buffer.count), nil, &buffer)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

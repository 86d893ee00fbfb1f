import CEpoxy

/// A value a uniform of the matching GLSL type can be set to.
protocol UniformValue {
    /// Sets the uniform at `location` of the program in use.
    static func set(_ location: GLint, _ value: Self)
}

extension Float: UniformValue { static func set(_ l: GLint, _ v: Float) { plume_glUniform1f(l, v) } }
extension Int32: UniformValue { static func set(_ l: GLint, _ v: Int32) { plume_glUniform1i(l, v) } }
extension UInt32: UniformValue { static func set(_ l: GLint, _ v: UInt32) { plume_glUniform1ui(l, v) } }
/// A GLSL `uvec2` holding a 64-bit integer, low word first (the emission clocks' fixed-point values).
extension UInt64: UniformValue {
    static func set(_ l: GLint, _ v: UInt64) {
        plume_glUniform2ui(l, UInt32(truncatingIfNeeded: v), UInt32(truncatingIfNeeded: v >> 32))
    }
}
extension Bool: UniformValue { static func set(_ l: GLint, _ v: Bool) { plume_glUniform1i(l, v ? 1 : 0) } }
extension SIMD2: UniformValue where Scalar == Float {
    static func set(_ l: GLint, _ v: SIMD2<Float>) { plume_glUniform2f(l, v.x, v.y) }
}
extension SIMD3: UniformValue where Scalar == Float {
    static func set(_ l: GLint, _ v: SIMD3<Float>) { plume_glUniform3f(l, v.x, v.y, v.z) }
}
extension SIMD4: UniformValue where Scalar == Float {
    static func set(_ l: GLint, _ v: SIMD4<Float>) { plume_glUniform4f(l, v.x, v.y, v.z, v.w) }
}
/// A GLSL `mat4`: 16 floats, column by column (Render's `Matrix4` is one).
protocol UniformMatrix4: UniformValue {
    var columns: [Float] { get }
}
extension UniformMatrix4 {
    static func set(_ l: GLint, _ m: Self) {
        m.columns.withUnsafeBufferPointer { plume_glUniformMatrix4fv(l, 1, GLboolean(GL_FALSE), $0.baseAddress) }
    }
}

/// A texture unit a sampler uniform reads from.
struct TextureUnit: Hashable, UniformValue {
    var index: Int32
    static func set(_ l: GLint, _ v: TextureUnit) { plume_glUniform1i(l, v.index) }
}

/// A uniform of a linked program, typed by its GLSL type (see `Shaders/plume.contract`). Its
/// location was looked up, and checked to exist, when the program linked.
struct Uniform<Value: UniformValue> {
    let location: GLint
    /// Sets the uniform; the program must be in use.
    func set(_ value: Value) { Value.set(location, value) }
}

extension Uniform where Value == Float {
    func set(_ value: Double) { set(Float(value)) }
}
extension Uniform where Value == Int32 {
    func set(_ value: Int) { set(Int32(value)) }
}
extension Uniform where Value == SIMD2<Float> {
    func set(_ value: SIMD2<Double>) { set(SIMD2<Float>(value)) }
}
extension Uniform where Value == SIMD3<Float> {
    func set(_ value: SIMD3<Double>) { set(SIMD3<Float>(value)) }
}
extension Uniform where Value == SIMD4<Float> {
    func set(_ value: SIMD4<Double>) { set(SIMD4<Float>(value)) }
}

/// Looks up a program's uniforms when it links and checks the program against the contract:
/// every active uniform must be declared (else the shader reads what the host never sets), and,
/// under the reference compiler, every declared uniform must be active (a declared but unused one
/// means the shader no longer reads what the host sets).
///
/// Which uniforms are active is the compiler's call (GL 4.6 §7.6: a uniform is active when the
/// linker finds it can be accessed). Mesa's GLSL linker, which CI runs, is the reference: there a
/// declared but inactive uniform is a ``GLError/contractViolation(program:detail:)``. Other
/// drivers remove more dead code (NVIDIA's drops `u_layer.scale` from the birth program, whose
/// captured outputs do not depend on it), so there it is allowed: its handle is location −1,
/// which GL ignores.
final class UniformLinker {
    let program: GLuint
    let programName: String
    /// Whether a declared uniform must be active (the reference compiler, ``GLInfo/isMesa``).
    let requiresEveryDeclared: Bool
    /// Sub-cells of the records the program reads (`T[SUB]` uniforms have this many elements).
    let subCells: Int
    private var claimed: Set<String> = []

    /// The feature defines that are 1 in this variant (``ProgramFeatures/names``).
    let features: Set<String>

    init(program: GLuint, programName: String, subCells: Int, features: Set<String> = [], requiresEveryDeclared: Bool = true) {
        self.program = program
        self.programName = programName
        self.requiresEveryDeclared = requiresEveryDeclared
        self.subCells = subCells
        self.features = features
    }

    /// The handle of a declared uniform; one declared `if FEATURE …` is looked up only in variants
    /// with every listed feature and without those written `!FEATURE` (elsewhere its handle is
    /// location −1, which GL ignores, and the program must not use it: ``checkAllClaimed()`` would
    /// find it undeclared).
    func uniform<Value>(_ name: String, onlyWith condition: String? = nil) throws -> Uniform<Value> {
        if let condition, !condition.split(separator: " ").allSatisfy({ term in
            term.hasPrefix("!") ? !features.contains(String(term.dropFirst())) : features.contains(String(term))
        }) {
            return Uniform(location: -1)
        }
        let location = plume_glGetUniformLocation(program, name)
        guard location >= 0 else {
            guard !requiresEveryDeclared else {
                throw GLError.contractViolation(program: programName,
                                                detail: "the declared uniform \(name) is not used by the shader")
            }
            return Uniform(location: -1)
        }
        claimed.insert(name)
        return Uniform(location: location)
    }

    /// Throws for an active uniform that the contract does not declare.
    func checkAllClaimed() throws {
        var count: GLint = 0
        plume_glGetProgramiv(program, GLenum(bitPattern: GL_ACTIVE_UNIFORMS), &count)
        var buffer = [GLchar](repeating: 0, count: 256)
        for index in 0..<GLuint(max(count, 0)) {
            var length: GLsizei = 0, size: GLint = 0, type: GLenum = 0
            plume_glGetActiveUniform(program, index, GLsizei(buffer.count), &length, &size, &type, &buffer)
            var name = String(decoding: buffer[0..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // Arrays of scalars are reported as `name[0]`, standing for the whole array.
            if name.hasSuffix("[0]"), !claimed.contains(name) { name.removeLast(3) }
            guard claimed.contains(name) else {
                throw GLError.contractViolation(program: programName,
                                                detail: "the shader uses the uniform \(name), which Shaders/plume.contract does not declare")
            }
        }
    }
}

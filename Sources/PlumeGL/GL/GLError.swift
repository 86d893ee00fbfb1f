/// Failures of the GL environment, and of Plume's use of GL. Thrown, never trapped in release
/// builds: no context, too old a driver, a refused request, a shader the driver rejects (with its
/// log), running out of memory, a lost context — and, distinctly, ``invalidUse(pass:call:code:)``
/// for a `GL_INVALID_*` error, which only a bug in Plume can cause (debug builds assert on it,
/// naming the pass).
public enum GLError: Error, Hashable, CustomStringConvertible {
    /// No context could be created or made current; the reason says which step failed.
    case noContext(String)
    /// The EGL platform asked for (``HeadlessPlatform``) is not offered by the EGL library, or the
    /// device asked for does not exist.
    case platformUnavailable(platform: String, reason: String)
    /// The driver's OpenGL is older than needed.
    case versionTooOld(found: String, required: String)
    /// A required extension or feature is missing.
    case missingFeature(String)
    /// A shader did not compile; carries the driver's info log and the program's description.
    case compileFailed(program: String, stage: String, log: String)
    /// A program did not link; carries the driver's info log.
    case linkFailed(program: String, log: String)
    /// A GL call reported an error the environment causes (`glGetError`): `GL_OUT_OF_MEMORY`,
    /// `GL_CONTEXT_LOST` and other codes that are not `GL_INVALID_*`.
    case driver(call: String, code: UInt32)
    /// A GL call reported `GL_INVALID_ENUM`, `_VALUE`, `_OPERATION` or `_FRAMEBUFFER_OPERATION`: a
    /// bug in Plume's use of GL, in `pass`. Debug builds assert before throwing it.
    case invalidUse(pass: String, call: String, code: UInt32)
    /// A program does not match `Shaders/plume.contract` (a declared uniform it does not use, or
    /// a uniform it uses that is not declared): found when the program links.
    case contractViolation(program: String, detail: String)
    /// A framebuffer is incomplete.
    case framebufferIncomplete(status: UInt32)
    /// A limit of the driver is exceeded (e.g. too many sub-cells for its transform feedback).
    case limitExceeded(String)
    /// The object's context is not current on the calling thread (no context is, or another
    /// one is): nothing was done, and the object works again once its context is current.
    /// The string names the entry point.
    case contextNotCurrent(String)
    /// The object was released: it cannot be used any more. The string names the entry point.
    case released(String)
    /// What the host passed cannot be used (a name that is not a 2-D texture, a texture with more
    /// texels than a collider takes): nothing was done. `call` names the entry point.
    case badInput(call: String, reason: String)

    /// What went wrong, with the entry point or pass and the driver's words where there are any.
    public var description: String {
        switch self {
        case let .noContext(reason): return "no OpenGL context: \(reason)"
        case let .platformUnavailable(platform, reason): return "\(platform) unavailable: \(reason)"
        case let .versionTooOld(found, required): return "OpenGL \(found) found, \(required) required"
        case let .missingFeature(what): return "missing OpenGL feature: \(what)"
        case let .compileFailed(program, stage, log): return "\(program): \(stage) shader failed to compile:\n\(log)"
        case let .linkFailed(program, log): return "\(program): link failed:\n\(log)"
        case let .driver(call, code): return "\(call) failed with GL error 0x\(String(code, radix: 16)) (\(GLError.name(code)))"
        case let .framebufferIncomplete(status): return "framebuffer incomplete (status 0x\(String(status, radix: 16)))"
        case let .limitExceeded(what): return "driver limit exceeded: \(what)"
        case let .invalidUse(pass, call, code):
            return "\(pass): \(call) raised \(GLError.name(code)) (0x\(String(code, radix: 16))), a bug in Plume"
        case let .contractViolation(program, detail): return "\(program) breaks the shader contract: \(detail)"
        case let .contextNotCurrent(call):
            return "\(call): the object's OpenGL context is not current on this thread (nothing was done)"
        case let .released(call): return "\(call): the object was released"
        case let .badInput(call, reason): return "\(call): \(reason) (nothing was done)"
        }
    }

    static func name(_ code: UInt32) -> String {
        switch code {
        case 0x0500: return "GL_INVALID_ENUM"
        case 0x0501: return "GL_INVALID_VALUE"
        case 0x0502: return "GL_INVALID_OPERATION"
        case 0x0505: return "GL_OUT_OF_MEMORY"
        case 0x0507: return "GL_CONTEXT_LOST"
        case 0x0506: return "GL_INVALID_FRAMEBUFFER_OPERATION"
        default: return "unknown"
        }
    }

    /// A context was made, but the driver lacks a version or feature Plume needs.
    var isMissingFeature: Bool {
        switch self {
        case .missingFeature, .versionTooOld: true
        default: false
        }
    }
}

extension GLError {
    /// Whether `code` can only come from a wrong use of GL (the `GL_INVALID_*` family).
    static func isInvalidUse(_ code: UInt32) -> Bool { (0x0500...0x0502).contains(code) || code == 0x0506 }

    /// The error for `code` reported after `call` in `pass`: ``invalidUse(pass:call:code:)`` for
    /// a bug (asserting in debug builds), ``driver(call:code:)`` for the environment.
    static func reported(_ code: UInt32, call: String, pass: String) -> GLError {
        guard isInvalidUse(code) else { return .driver(call: call, code: code) }
        assert(!assertOnInvalidUse, "\(pass): \(call) raised \(name(code)) — a bug in Plume's use of GL")
        return .invalidUse(pass: pass, call: call, code: code)
    }

    /// Debug builds stop at a `GL_INVALID_*` error, where the bug is; a test that provokes one on
    /// purpose sets this to false for its duration (GPU suites are serialized).
    nonisolated(unsafe) static var assertOnInvalidUse = true
}

import CEpoxy
import Foundation

/// An OpenGL context Plume can run in: headless through EGL, a host's own (``current()``), or a
/// GLFW window (`GLContext.window(…)`, from the `PlumeWindow` product).
///
/// A GL context belongs to one thread at a time. Do GL work inside ``withCurrent(_:)`` (or call
/// ``makeCurrent()`` on the thread you render from); create, use and release simulators and
/// renderers while it is current.
///
/// ```swift
/// let context = try GLContext.headless()
/// try context.withCurrent {
///     let simulator = try GPUSimulator(layer: layer, context: context)
///     try simulator.advance(to: 1.0)
/// }
/// ```
///
/// Concurrency: `Sendable` with its ownership checked at run time: GL work runs only where the
/// context is current (``ensureCurrent(_:)`` throws ``GLError/contextNotCurrent(_:)`` elsewhere,
/// for host contexts too: EGL, GLX and GLFW handles are compared); objects released on another
/// thread are deleted at the context's next use, under a lock. Make it current on one thread at a
/// time (see the Concurrency article).
public final class GLContext: @unchecked Sendable {
    /// Driver, version and limits.
    public private(set) var info: GLInfo
    /// GL objects created through this context and not yet deleted.
    public internal(set) var objects = GLObjectCounts()

    enum Backend {
        case egl(display: EGLDisplay, context: EGLContext)
        /// A window's context, made current and destroyed through its toolkit (PlumeWindow's GLFW).
        case window(OpaquePointer, WindowSystem)
        /// A context the host created and keeps: Plume neither makes it current nor destroys it.
        case host(HostHandle)
    }
    /// The handle of a wrapped host context, as far as EGL, GLX or GLFW can tell it.
    enum HostHandle {
        case egl(EGLContext)
        /// A GLX context (SDL2 and GLFW on X11 by default), with the `glXGetCurrentContext` of
        /// the GLX library the host loaded.
        case glx(OpaquePointer, GLXCurrentContext)
        /// A GLFW context, with the `glfwGetCurrentContext` of the GLFW library the host loaded.
        case glfw(OpaquePointer, GLXCurrentContext)
        /// Neither EGL, GLX nor GLFW (WGL, CGL): counted as current; the host keeps the
        /// responsibility of calling Plume only where it is.
        case unknown
    }
    let backend: Backend
    /// Deletions requested while the context was not current (see ``deleteOrDefer(_:_:_:)``).
    var deferred: [(name: GLuint, kind: GLObjectKind, delete: (GLuint) -> Void)] = []
    let deferredLock = NSLock()
    /// A 1×1 framebuffer bound for simulation passes (a surfaceless context has no default one).
    private(set) var passFramebuffer = GLFramebuffer(name: 0)
    private var passRenderbuffer = GLRenderbuffer(name: 0)
    /// A vertex array with no attributes, for draws that read none.
    private(set) var emptyVertexArray = GLVertexArray(name: 0)
    /// Each shader program this context has linked and the seconds its compile and link took,
    /// in order: what first use of a variant costs on this driver.
    @_spi(Benchmarks) public var programLinkTimes: [(program: String, seconds: Double)] { programs.linkTimes }
    /// Compiled programs, shared by every simulator of this context.
    lazy var programs = ProgramCache(context: self, glVersion: info.versionNumber, requiresEveryDeclaredUniform: info.isMesa)

    private init(backend: Backend, platform: String) throws {
        self.backend = backend
        self.info = GLInfo.read(platform: platform)
        try info.requireEngineFeatures()
        // The context's own objects go through the ledger like every other.
        passFramebuffer = makeFramebuffer()
        passRenderbuffer = makeRenderbuffer()
        try attachColorRenderbuffer(passRenderbuffer, to: passFramebuffer, width: 1, height: 1)
        emptyVertexArray = makeVertexArray()
        try check("creating the pass framebuffer", pass: "context creation")
    }

    // MARK: Headless (EGL)

    /// A headless context through EGL: the device platform where a GPU driver offers it (NVIDIA),
    /// else Mesa's surfaceless platform (llvmpipe on machines without a GPU). Leaves it current.
    /// Same as ``headless(platform:)`` with ``HeadlessPlatform/automatic``.
    /// - Throws: ``GLError`` with the failing step when no context can be made.
    public static func headless() throws -> GLContext { try headless(platform: .automatic) }

    /// A headless context through the EGL platform `platform`. Leaves it current.
    /// - Throws: ``GLError/platformUnavailable(platform:reason:)`` when the EGL library lacks the
    ///   platform or the device asked for; ``GLError/noContext(_:)`` when a display exists but no
    ///   context could be made on it.
    public static func headless(platform: HeadlessPlatform) throws -> GLContext {
        let clientExtensions = plume_eglQueryString(nil, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
        switch platform {
        case .automatic:
            var attempts: [Error] = []
            // A hardware device first; Mesa's software device is left to the surfaceless path.
            if let devices = try? eglDevices(clientExtensions) {
                for device in devices where !device.isSoftware {
                    let display = plume_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_DEVICE_EXT), device.handle, nil)
                    do { return try makeEGL(display: display, platform: "EGL device") } catch { attempts.append(error) }
                }
            }
            do { return try surfaceless(clientExtensions) } catch { attempts.append(error) }
            // Contexts were made but the driver lacks something Plume needs: say what, as it is.
            if attempts.allSatisfy({ ($0 as? GLError)?.isMissingFeature == true }), let last = attempts.last { throw last }
            throw GLError.noContext(attempts.map { "\($0)" }.joined(separator: "; "))
        case .surfaceless:
            return try surfaceless(clientExtensions)
        case let .device(index):
            let devices = try eglDevices(clientExtensions)
            let chosen: EGLDeviceInfo
            if let index {
                guard devices.indices.contains(index) else {
                    throw GLError.platformUnavailable(platform: "EGL device",
                                                      reason: "device \(index) asked for, \(devices.count) enumerated")
                }
                chosen = devices[index]
            } else {
                // A hardware device if there is one, else the software one (Mesa's llvmpipe).
                guard let first = devices.first(where: { !$0.isSoftware }) ?? devices.first else {
                    throw GLError.platformUnavailable(platform: "EGL device", reason: "no EGL device enumerated")
                }
                chosen = first
            }
            let display = plume_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_DEVICE_EXT), chosen.handle, nil)
            return try makeEGL(display: display, platform: "EGL device")
        }
    }

    /// One enumerated EGL device.
    private struct EGLDeviceInfo {
        var handle: EGLDeviceEXT?
        /// Mesa's software device (llvmpipe), `EGL_MESA_device_software`.
        var isSoftware: Bool
    }

    /// The EGL devices (EGL_EXT_device_enumeration), in the library's order.
    private static func eglDevices(_ clientExtensions: String) throws -> [EGLDeviceInfo] {
        for needed in ["EGL_EXT_platform_device", "EGL_EXT_device_enumeration"] where !clientExtensions.contains(needed) {
            throw GLError.platformUnavailable(platform: "EGL device", reason: "the EGL client extensions lack \(needed)")
        }
        var devices = [EGLDeviceEXT?](repeating: nil, count: 16)
        var count: EGLint = 0
        guard plume_eglQueryDevicesEXT(16, &devices, &count) != 0 else {
            throw GLError.platformUnavailable(platform: "EGL device",
                                              reason: "eglQueryDevicesEXT failed (0x\(String(plume_eglGetError(), radix: 16)))")
        }
        return devices.prefix(Int(count)).map { device in
            let ext = plume_eglQueryDeviceStringEXT(device, EGLint(EGL_EXTENSIONS)).map { String(cString: $0) } ?? ""
            return EGLDeviceInfo(handle: device, isSoftware: ext.contains("EGL_MESA_device_software"))
        }
    }

    private static func surfaceless(_ clientExtensions: String) throws -> GLContext {
        guard clientExtensions.contains("EGL_MESA_platform_surfaceless") else {
            throw GLError.platformUnavailable(platform: "EGL surfaceless",
                                              reason: "the EGL client extensions lack EGL_MESA_platform_surfaceless (have: \(clientExtensions))")
        }
        let display = plume_eglGetPlatformDisplayEXT(EGLenum(EGL_PLATFORM_SURFACELESS_MESA), nil, nil)
        return try makeEGL(display: display, platform: "EGL surfaceless")
    }

    private static func makeEGL(display: EGLDisplay?, platform: String) throws -> GLContext {
        guard let display else { throw GLError.noContext("\(platform): eglGetPlatformDisplayEXT returned no display") }
        var major: EGLint = 0, minor: EGLint = 0
        guard plume_eglInitialize(display, &major, &minor) != 0 else {
            throw GLError.noContext("\(platform): eglInitialize failed (0x\(String(plume_eglGetError(), radix: 16)))")
        }
        var configAttributes: [EGLint] = [
            EGLint(EGL_SURFACE_TYPE), EGLint(EGL_PBUFFER_BIT), EGLint(EGL_RENDERABLE_TYPE), EGLint(EGL_OPENGL_BIT),
            EGLint(EGL_RED_SIZE), 8, EGLint(EGL_GREEN_SIZE), 8, EGLint(EGL_BLUE_SIZE), 8, EGLint(EGL_ALPHA_SIZE), 8,
            EGLint(EGL_NONE),
        ]
        var config: EGLConfig?
        var configs: EGLint = 0
        guard plume_eglChooseConfig(display, &configAttributes, &config, 1, &configs) != 0, configs > 0 else {
            plume_eglTerminate(display)
            throw GLError.noContext("\(platform): no EGL config with PBUFFER and OPENGL bits")
        }
        guard plume_eglBindAPI(EGLenum(EGL_OPENGL_API)) != 0 else {
            plume_eglTerminate(display)
            throw GLError.noContext("\(platform): eglBindAPI(EGL_OPENGL_API) failed")
        }
        var context: EGLContext?
        for (maj, min) in [(4, 6), (4, 5), (4, 3), (4, 0), (3, 3)] {
            var attributes: [EGLint] = [
                EGLint(EGL_CONTEXT_MAJOR_VERSION), EGLint(maj), EGLint(EGL_CONTEXT_MINOR_VERSION), EGLint(min),
                EGLint(EGL_CONTEXT_OPENGL_PROFILE_MASK), EGLint(EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT), EGLint(EGL_NONE),
            ]
            context = plume_eglCreateContext(display, config, nil, &attributes)
            if context != nil { break }
        }
        guard let context else {
            plume_eglTerminate(display)
            throw GLError.noContext("\(platform): eglCreateContext refused OpenGL 3.3 to 4.6 core")
        }
        guard plume_eglMakeCurrent(display, nil, nil, context) != 0 else {
            plume_eglDestroyContext(display, context)
            plume_eglTerminate(display)
            throw GLError.noContext("\(platform): eglMakeCurrent without a surface failed (EGL_KHR_surfaceless_context?)")
        }
        do {
            return try GLContext(backend: .egl(display: display, context: context), platform: platform)
        } catch {
            plume_eglMakeCurrent(display, nil, nil, nil)
            plume_eglDestroyContext(display, context)
            plume_eglTerminate(display)
            throw error
        }
    }

    // MARK: The host's own context

    /// Wraps the OpenGL context current on the calling thread — one your game created with GLFW,
    /// SDL or its own code — so simulators and renderers can use it. Plume never makes it current,
    /// releases or destroys it; keep it current whenever you call into Plume. EGL, GLX (SDL2 and
    /// GLFW on X11) and GLFW contexts are recognised by their handle: a call from another thread,
    /// or after the host made another context (or none) current, throws
    /// ``GLError/contextNotCurrent(_:)``.
    /// - Throws: ``GLError`` when no context is current or it lacks what the engine needs.
    public static func current() throws -> GLContext {
        guard GL.string(.version) != nil else {
            throw GLError.noContext("no OpenGL context is current on this thread")
        }
        let handle: HostHandle
        if let egl = plume_eglGetCurrentContext() {
            handle = .egl(egl)
        } else if let glx = GLXCurrentContext.lookUp(), let context = glx.current() {
            handle = .glx(context, glx)
        } else if let glfw = GLXCurrentContext.lookUpGLFW(), let window = glfw.current() {
            handle = .glfw(window, glfw)
        } else {
            handle = .unknown
        }
        return try GLContext(backend: .host(handle), platform: "host context")
    }

    // MARK: Windowed (PlumeWindow)

    /// Wraps `window`'s context, current on the calling thread, made current and destroyed
    /// through `system` from now on (the way `PlumeWindow` gives PlumeGL a GLFW window without
    /// PlumeGL linking GLFW). On a throw the window is left to the caller.
    package convenience init(window: OpaquePointer, system: WindowSystem, platform: String) throws {
        try self.init(backend: .window(window, system), platform: platform)
    }

    /// The window handle of a context made by ``init(window:system:platform:)``; nil otherwise.
    package var windowHandle: OpaquePointer? {
        if case let .window(w, _) = backend { return w }
        return nil
    }

    // MARK: Current thread

    /// Makes this context current on the calling thread.
    public func makeCurrent() throws {
        switch backend {
        case let .egl(display, context):
            guard plume_eglMakeCurrent(display, nil, nil, context) != 0 else {
                throw GLError.noContext("eglMakeCurrent failed (0x\(String(plume_eglGetError(), radix: 16)))")
            }
        case let .window(window, system):
            system.makeCurrent(window)
        case .host:
            break
        }
    }

    /// Releases this context from the calling thread.
    public func releaseCurrent() {
        switch backend {
        case let .egl(display, _): plume_eglMakeCurrent(display, nil, nil, nil)
        case let .window(_, system): system.makeCurrent(nil)
        case .host: break
        }
    }

    /// Waits until the GPU has finished all work issued so far (`glFinish`): a fence for timing.
    /// - Throws: ``GLError/contextNotCurrent(_:)`` unless the context is current.
    public func finish() throws {
        try ensureCurrent("GLContext.finish()")
        GL.finish()
    }

    /// Whether `eglContext` is this context's own EGL context.
    private func isOwn(eglContext: EGLContext) -> Bool {
        if case let .egl(_, own) = backend { return own == eglContext }
        return false
    }

    /// Runs `body` with the context current on this thread, then releases it.
    public func withCurrent<T>(_ body: () throws -> T) throws -> T {
        try makeCurrent()
        defer { releaseCurrent() }
        return try body()
    }

    deinit {
        // Whatever the host had current on this thread is current again afterwards: dropping a
        // Plume context must not leave the host's own context unbound.
        let hostEGL = (display: plume_eglGetCurrentDisplay(), draw: plume_eglGetCurrentSurface(EGLint(EGL_DRAW)),
                       read: plume_eglGetCurrentSurface(EGLint(EGL_READ)), context: plume_eglGetCurrentContext())
        var hostWindow: OpaquePointer?
        if case let .window(_, system) = backend { hostWindow = system.current() }
        defer {
            if let display = hostEGL.display, let context = hostEGL.context, !isOwn(eglContext: context) {
                plume_eglMakeCurrent(display, hostEGL.draw, hostEGL.read, context)
            }
            if let window = hostWindow, case let .window(own, system) = backend, window != own { system.makeCurrent(window) }
        }
        // The context's own objects die with it; GL calls are made only where it is current.
        try? makeCurrent()
        guard isCurrent else {
            if case let .egl(display, context) = backend { plume_eglDestroyContext(display, context) }
            if case let .window(window, system) = backend { system.destroy(window) }
            return
        }
        deferred = []
        programs.removeAll().forEach { delete($0) }
        // An init that threw (a driver without a feature Plume needs) created none of these:
        // release only what was created.
        if passFramebuffer.name != 0 { delete(passFramebuffer) }
        if passRenderbuffer.name != 0 { delete(passRenderbuffer) }
        if emptyVertexArray.name != 0 { delete(emptyVertexArray) }
        switch backend {
        case let .egl(display, context):
            plume_eglMakeCurrent(display, nil, nil, nil)
            plume_eglDestroyContext(display, context)
        case let .window(window, system):
            system.destroy(window)
        case .host:
            break
        }
    }
}

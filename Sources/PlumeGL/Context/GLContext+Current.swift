import CEpoxy
import Foundation

/// The one check every public GL entry point makes before its first GL call (libepoxy aborts the
/// process on a GL call without a current context, and a call in another context corrupts that
/// one), and the deletions deferred until the context is current again.
extension GLContext {
    /// Whether this context is the one current on the calling thread.
    ///
    /// EGL and GLFW contexts compare the current handle with their own. A wrapped host context
    /// (``GLContext/current()``) compares with the EGL, GLX or GLFW handle that was current when it
    /// was wrapped; only a host context of another kind (WGL, CGL) counts as current always, and
    /// there the host keeps the responsibility.
    public var isCurrent: Bool {
        switch backend {
        case let .egl(_, context):
            return plume_eglGetCurrentContext() == context
        case let .window(window, system):
            return system.current() == window
        case let .host(handle):
            switch handle {
            case let .egl(context): return plume_eglGetCurrentContext() == context
            case let .glx(context, glx): return glx.current() == context
            case let .glfw(window, glfw): return glfw.current() == window
            case .unknown: return true
            }
        }
    }

    /// Throws ``GLError/contextNotCurrent(_:)`` unless this context is current on the calling
    /// thread; then performs the deletions deferred while it was not. Every public entry point of
    /// PlumeGL calls it first, so a wrong thread or context is a typed error, never an abort.
    /// - Parameter call: the entry point, for the error.
    public func ensureCurrent(_ call: @autoclosure () -> String) throws {
        guard isCurrent else { throw GLError.contextNotCurrent(call()) }
        performDeferredDeletions()
    }

    /// Deletes a GL object now when this context is current, else queues the deletion for the
    /// next ``ensureCurrent(_:)`` (the object stays counted in ``objects`` until then). This is how
    /// releasing a simulator, renderer or target on a thread without the context is safe.
    func deleteOrDefer(_ name: GLuint, _ kind: GLObjectKind, _ delete: @escaping (GLuint) -> Void) {
        if isCurrent {
            delete(name)
            objects.deleted(kind)
        } else {
            deferredLock.lock()
            deferred.append((name, kind, delete))
            deferredLock.unlock()
        }
    }

    /// GL objects released while the context was not current, waiting to be deleted.
    public var deferredDeletionCount: Int {
        deferredLock.lock()
        defer { deferredLock.unlock() }
        return deferred.count
    }

    private func performDeferredDeletions() {
        deferredLock.lock()
        let pending = deferred
        deferred = []
        deferredLock.unlock()
        for (name, kind, delete) in pending {
            delete(name)
            objects.deleted(kind)
        }
    }
}

/// The GL layer (`GL/`) makes, counts and deletes its objects through the context that owns them.
extension GLContext: GLObjectOwner {}

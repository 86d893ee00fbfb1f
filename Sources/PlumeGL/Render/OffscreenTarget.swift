import CEpoxy
import Plume

/// An offscreen framebuffer of any size for headless rendering, read back as a `SpriteImage`.
/// Its colour buffer is a B8G8R8A8 texture, the layout of most X11 windows (and the one on which
/// Mesa's llvmpipe draws quad lists fastest, ``DrawPath/quadList``).
///
/// Concurrency: `Sendable` with its ownership checked at run time. Every GL entry point first
/// checks that the context is current on the calling thread (``GLContext/ensureCurrent(_:)``), and
/// a context is current on one thread at a time, so GL work happens on that thread; a call from
/// another throws ``GLError/contextNotCurrent(_:)``. Releasing it is safe on any thread (deferred
/// deletion). Its settings belong to the thread that draws.
public final class OffscreenTarget: @unchecked Sendable {
    /// The context the target's framebuffer and texture belong to.
    public let context: GLContext
    /// Width in pixels (1…``GLInfo/maxTextureSize``).
    public let width: Int
    /// Height in pixels (1…``GLInfo/maxTextureSize``).
    public let height: Int
    private let framebuffer: GLFramebuffer
    private let colorTexture: GLTexture
    private var released = false

    /// A target of `width` × `height` pixels (B8G8R8A8 colour, no depth) in `context`, which
    /// must be current.
    /// - Throws: ``GLError`` when the size exceeds the driver's limits or the framebuffer is
    ///   incomplete.
    public init(context: GLContext, width: Int, height: Int) throws {
        let limit = context.info.maxTextureSize
        guard (1...limit).contains(width), (1...limit).contains(height) else {
            throw GLError.limitExceeded("an offscreen target of \(width)×\(height) pixels (the driver allows up to \(limit))")
        }
        self.context = context
        self.width = width
        self.height = height
        try context.ensureCurrent("OffscreenTarget.init")
        framebuffer = context.makeFramebuffer()
        colorTexture = context.makeTexture()
        do {
            try context.attachBGRAColorTexture(colorTexture, to: framebuffer, width: width, height: height)
        } catch {
            release()
            throw error
        }
    }

    deinit { release() }

    /// Deletes the framebuffer. Safe on any thread: without the context current the deletions
    /// wait for its next use (``GLContext/ensureCurrent(_:)``).
    public func release() {
        guard !released else { return }
        released = true
        context.delete(framebuffer)
        context.delete(colorTexture)
    }

    /// Binds the target and sets the viewport to all of it; clears to `background`
    /// (premultiplied colour written as is).
    /// - Throws: ``GLError/contextNotCurrent(_:)`` or ``GLError/released(_:)``.
    public func begin(clearTo background: Color = .black) throws {
        try ensureUsable("OffscreenTarget.begin")
        context.clear(framebuffer, width: width, height: height,
                      to: SIMD4(background.red, background.green, background.blue, background.alpha))
    }

    /// Copies the target's pixels into the framebuffer `name` (0: a window's) at its lower-left
    /// corner (`glBlitFramebuffer`, nearest), leaving that framebuffer bound for drawing and
    /// reading. An application drawing into a window whose colour buffer is not B8G8R8A8 (on
    /// llvmpipe, a GLFW window on Xvfb) can draw its particles here and copy them, so that they
    /// take the quad-list path (``ParticleRenderer/prefersQuadLists``).
    /// - Throws: ``GLError/contextNotCurrent(_:)``, ``GLError/released(_:)`` or the driver's error.
    public func copy(toFramebuffer name: UInt32 = 0) throws {
        try ensureUsable("OffscreenTarget.copy")
        GL.bindFramebuffer(.read, framebuffer.name)
        GL.bindFramebuffer(.draw, name)
        GL.blitColor(width: width, height: height)
        GL.bindFramebuffer(.both, name)
        try context.check("copying a \(width)×\(height) target", pass: "offscreen copy")
    }

    /// Reads the pixels back, rows from the top, as straight-alpha RGBA (un-premultiplied).
    public func image() throws -> SpriteImage {
        try ensureUsable("OffscreenTarget.image")
        let rows = try context.readPixels(of: framebuffer, width: width, height: height)
        // GL's first row is the bottom one; and the framebuffer holds premultiplied colour.
        var pixels = [UInt8](repeating: 0, count: rows.count)
        let stride = width * 4
        for y in 0..<height {
            let from = (height - 1 - y) * stride, to = y * stride
            for x in 0..<width {
                let a = UInt32(rows[from + x * 4 + 3])
                for c in 0..<3 {
                    let v = UInt32(rows[from + x * 4 + c])
                    pixels[to + x * 4 + c] = a == 0 ? 0 : UInt8(min(255, (v * 255 + a / 2) / a))
                }
                pixels[to + x * 4 + 3] = UInt8(a)
            }
        }
        return try SpriteImage(width: width, height: height, pixels: pixels)
    }

    private func ensureUsable(_ call: String) throws {
        if released { throw GLError.released(call) }
        try context.ensureCurrent(call)
    }

    /// The raw premultiplied framebuffer, rows from the top, for tests.
    func premultipliedPixels() throws -> [UInt8] {
        let rows = try context.readPixels(of: framebuffer, width: width, height: height)
        var out = [UInt8](repeating: 0, count: rows.count)
        let stride = width * 4
        for y in 0..<height { out[y * stride..<(y + 1) * stride] = rows[(height - 1 - y) * stride..<(height - y) * stride] }
        return out
    }
}

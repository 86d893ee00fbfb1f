import CEpoxy

/// The buffer texture holding one cell's behaviour table while it is drawn (texture unit 3).
final class BehaviorTable {
    let context: GLContext
    private var buffer: GLBuffer?
    private var bytes = 0
    private var texture: GLTexture?
    /// The words the buffer holds: a table bound again unchanged (a sorted cell's sort, trails and
    /// sprites in one frame) is not uploaded again.
    private var uploaded: [UInt32]?

    init(context: GLContext) { self.context = context }

    /// Uploads `words` and binds the table to texture unit `unit` (3 unless told; leaving unit 0
    /// active). A table of more texels than `limit` (the driver's `GL_MAX_TEXTURE_BUFFER_SIZE`
    /// unless told; at least 65 536 on GL 3.3: a heightfield's or distance field's samples make it
    /// long) throws ``GLError/limitExceeded(_:)`` and binds nothing. The words the buffer already
    /// holds are not uploaded again.
    func bind(_ words: [UInt32], unit: Int32 = 3, limit: Int? = nil) throws {
        let texels = (words.count + 3) / 4, most = limit ?? context.info.maxTextureBufferSize
        guard texels <= most else {
            throw GLError.limitExceeded("a behaviour table of \(texels) texels (colliders' field samples, four a texel), "
                                        + "more than the \(most) of a buffer texture (GL_MAX_TEXTURE_BUFFER_SIZE)")
        }
        let needed = words.count * 4
        if buffer == nil || needed > bytes {
            if let buffer { context.delete(buffer) }
            buffer = nil
            bytes = max(needed, 1024)
            uploaded = nil
            buffer = try context.makeBuffer(bytes: bytes, usage: .dynamicDraw)
        }
        guard let buffer else { return }
        if uploaded != words {
            context.upload(words, to: buffer)
            uploaded = words
        }
        let texture = self.texture ?? context.makeTexture()
        self.texture = texture
        context.bindBufferTexture(texture, over: buffer, format: .rgba32ui, unit: unit)
    }

    /// Binds the table last uploaded to texture unit `unit` as well, without uploading it again
    /// (leaving unit 0 active).
    func bindAgain(unit: Int32) {
        guard let texture else { return }
        context.bindBufferTexture(texture, unit: unit)
    }

    func release() {
        if let buffer { context.delete(buffer) }
        if let texture { context.delete(texture) }
        buffer = nil
        texture = nil
        uploaded = nil
    }
}

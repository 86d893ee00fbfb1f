import CEpoxy
import Testing
@testable import PlumeGL

/// The typed GL layer's state types (issue 24 item 3): what they set reads back as the GL
/// constants they stand for, and what they capture comes back.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct GLLayerStateTests {
    @Test func typedConstantsReadBackAsTheGLValues() throws {
        try GPU.run { _ in
            let saved = SavedState()
            defer { saved.restore() }
            GL.blendFunc(.srcColor, .dstAlpha, .dstColor, .oneMinusSrcAlpha)
            GL.blendEquation(.subtract, .max)
            let read = [GL.integer(.blendSrcRGB), GL.integer(.blendDstRGB), GL.integer(.blendSrcAlpha),
                        GL.integer(.blendDstAlpha), GL.integer(.blendEquationRGB), GL.integer(.blendEquationAlpha)]
            #expect(read == [GL_SRC_COLOR, GL_DST_ALPHA, GL_DST_COLOR, GL_ONE_MINUS_SRC_ALPHA, GL_FUNC_SUBTRACT, GL_MAX],
                    "blend state read back: \(read)")
            GL.activeTexture(unit: 3)
            #expect(GL.activeTextureUnit == 3 && GL.integer(.activeTexture) == GL_TEXTURE3,
                    "active texture: unit \(GL.activeTextureUnit), raw \(GL.integer(.activeTexture))")
            GL.pointSpriteOrigin(.lowerLeft)
            #expect(GL.integer(.pointSpriteCoordOrigin) == GL_LOWER_LEFT)
            GL.pixelStore(.unpackSkipRows, 2)
            #expect(GL.integer(.pixelStore(.unpackSkipRows)) == 2)
            for capability in [GLCapability.blend, .depthTest, .cullFace, .scissorTest, .programPointSize] {
                GL.set(capability, true)
                let on = GL.isEnabled(capability)
                GL.set(capability, false)
                #expect(on && !GL.isEnabled(capability), "capability 0x\(String(capability.raw, radix: 16)) did not toggle")
            }
            #expect(GL.takeError() == 0, "a GL error")
        }
    }

    @Test func savedStateGivesTheHostsBlendAndBindingsBack() throws {
        try GPU.run { _ in
            GL.blendFunc(.srcAlpha, .oneMinusSrcAlpha, .one, .zero)
            GL.blendEquation(.add, .max)
            GL.enable(.cullFace)
            GL.activeTexture(unit: 2)
            defer {
                GL.blendFunc(.one, .zero)
                GL.blendEquation(.add)
                GL.disable(.cullFace)
                GL.activeTexture(unit: 0)
            }
            let before = [GL.integer(.blendSrcRGB), GL.integer(.blendDstRGB), GL.integer(.blendSrcAlpha),
                          GL.integer(.blendDstAlpha), GL.integer(.blendEquationRGB), GL.integer(.blendEquationAlpha),
                          GL.integer(.activeTexture), GL.isEnabled(.cullFace) ? 1 : 0]
            let saved = SavedState()
            GLBlendedDraw.additive.withPointSprites.apply()
            #expect(GL.isEnabled(.blend) && GL.isEnabled(.programPointSize) && !GL.isEnabled(.cullFace))
            #expect(GL.integer(.blendDstRGB) == GL_ONE && GL.activeTextureUnit == 0)
            saved.restore()
            let after = [GL.integer(.blendSrcRGB), GL.integer(.blendDstRGB), GL.integer(.blendSrcAlpha),
                         GL.integer(.blendDstAlpha), GL.integer(.blendEquationRGB), GL.integer(.blendEquationAlpha),
                         GL.integer(.activeTexture), GL.isEnabled(.cullFace) ? 1 : 0]
            #expect(before == after, "blend factors, equations, active texture, culling: \(before) → \(after)")
            #expect(!GL.isEnabled(.programPointSize), "program point size was left on")
        }
    }

    /// A layer image faded while drawn: source × the blend colour's alpha, destination × (1 −
    /// the source's alpha); the host's blend colour comes back with the rest of its state.
    @Test func fadedSourceOverBlendsByTheBlendColourAndGivesTheHostsBack() throws {
        try GPU.run { _ in
            GL.blendColor(SIMD4(0.25, 0.5, 0.75, 1))
            defer { GL.blendColor(.zero); GL.blendFunc(.one, .zero) }
            let saved = SavedState()
            GLBlendedDraw.sourceOver(fadedBy: 0.375).apply()
            #expect(GL.integer(.blendSrcRGB) == GL_CONSTANT_ALPHA && GL.integer(.blendSrcAlpha) == GL_CONSTANT_ALPHA)
            #expect(GL.integer(.blendDstRGB) == GL_ONE_MINUS_SRC_ALPHA && GL.integer(.blendDstAlpha) == GL_ONE_MINUS_SRC_ALPHA)
            #expect(GL.floats(.blendColor).last == 0.375, "the blend colour: \(GL.floats(.blendColor))")
            saved.restore()
            #expect(GL.floats(.blendColor) == [0.25, 0.5, 0.75, 1], "the host's blend colour: \(GL.floats(.blendColor))")
        }
    }

    @Test func viewportStateCutsTheScissorToTheHostsBoxAndGivesItBack() throws {
        try GPU.run { context in
            let target = try OffscreenTarget(context: context, width: 64, height: 64)
            defer { target.release() }
            try target.begin(clearTo: .black)
            GL.viewport(SIMD4(3, 5, 40, 50))
            GL.scissor(SIMD4(2, 4, 30, 20))
            GL.enable(.scissorTest)
            defer {
                GL.disable(.scissorTest)
                GL.viewport(SIMD4(0, 0, 64, 64))
                GL.scissor(SIMD4(0, 0, 64, 64))
            }
            let host = GLViewportState()
            #expect(host.viewport == SIMD4(3, 5, 40, 50) && host.scissorBox == SIMD4(2, 4, 30, 20) && host.scissorTest)
            // Within the host's box (x 2 ..< 32, y 4 ..< 24): the overlap of 10 ..< 50 × 0 ..< 12.
            host.scissor(x0: 10, y0: 0, x1: 50, y1: 12)
            #expect(SIMD4(GL.integers(.scissorBox)) == SIMD4<Int32>(10, 4, 22, 8), "cut box \(GL.integers(.scissorBox))")
            // No overlap: an empty box, not a negative one.
            host.scissor(x0: 40, y0: 30, x1: 50, y1: 40)
            let empty = GL.integers(.scissorBox)
            #expect(empty[2] == 0 && empty[3] == 0, "disjoint box \(empty)")
            GL.viewport(SIMD4(0, 0, 8, 8))
            GL.disable(.scissorTest)
            host.restore()
            #expect(SIMD4(GL.integers(.viewport)) == host.viewport && SIMD4(GL.integers(.scissorBox)) == host.scissorBox
                    && GL.isEnabled(.scissorTest), "restored: \(GL.integers(.viewport)) \(GL.integers(.scissorBox))")
            #expect(GL.takeError() == 0, "a GL error")
        }
    }
}

import CEpoxy
import Foundation
import Testing
@testable import Plume
@_spi(Benchmarks) @testable import PlumeGL

/// The driver measurements the benchmarks divide by (`Sources/PlumeGL/Measure`): they run, give
/// finite positive figures, do what they say, and leave the GL state as the renderer would.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct MeasureTests {
    /// The drawing floor draws its point sprites (lit pixels on the disc, none far outside it) and
    /// restores the program, vertex array, blending and point-size state.
    @Test func drawFloorDrawsItsSprites() throws {
        try GPU.run { context in
            let target = try OffscreenTarget(context: context, width: 128, height: 96)
            defer { target.release() }
            GL.useProgram(0)
            GL.disable(.blend)
            GL.disable(.programPointSize)
            let before = StateProbe()
            let seconds = try DrawFloor.pointSprites(context: context, target: target, count: 400, size: 4,
                                                     image: .builtin(.softDot, size: 4), radius: 20, repeats: 1)
            let after = StateProbe()
            #expect(before.values.filter { !$0.key.contains("VIEWPORT") && !$0.key.contains("FRAMEBUFFER") }
                    == after.values.filter { !$0.key.contains("VIEWPORT") && !$0.key.contains("FRAMEBUFFER") },
                    "\(before.difference(after))")
            #expect(seconds.isFinite && seconds > 0, "\(seconds) s")
            let pixels = try target.premultipliedPixels()
            func lit(_ x: Int, _ y: Int) -> Bool { pixels[(y * 128 + x) * 4] > 0 }
            var inside = 0, outside = 0
            for y in 0..<96 {
                for x in 0..<128 where lit(x, y) {
                    let d = ((Double(x) + 0.5 - 64) * (Double(x) + 0.5 - 64) + (Double(y) + 0.5 - 48) * (Double(y) + 0.5 - 48)).squareRoot()
                    if d <= 23 { inside += 1 } else { outside += 1 }
                }
            }
            #expect(inside > 500 && outside == 0, "400 sprites of 4 px on a 20-px disc: \(inside) lit inside, \(outside) outside")
        }
    }

    /// The quad floor draws the same sprites as the point floor (six-vertex quads into the
    /// target, which is B8G8R8A8): the same pixels lit on the disc, none outside it, the
    /// same colour within 8-bit rounding; and it restores the renderer's state.
    @Test func quadFloorDrawsTheSameSprites() throws {
        try GPU.run { context in
            let target = try OffscreenTarget(context: context, width: 128, height: 96)
            defer { target.release() }
            func sprites(_ draw: () throws -> Double) throws -> [UInt8] {
                let seconds = try draw()
                #expect(seconds.isFinite && seconds > 0, "\(seconds) s")
                return try target.premultipliedPixels()
            }
            let image = SpriteImage.builtin(.softDot, size: 8)
            let points = try sprites {
                try DrawFloor.pointSprites(context: context, target: target, count: 40, size: 8, image: image,
                                           radius: 36, repeats: 1)
            }
            GL.useProgram(0)
            GL.disable(.blend)
            let before = StateProbe()
            let quads = try sprites {
                try DrawFloor.quads(context: context, target: target, count: 40, size: 8, image: image,
                                    radius: 36, repeats: 1)
            }
            let after = StateProbe()
            #expect(before.values.filter { !$0.key.contains("VIEWPORT") && !$0.key.contains("FRAMEBUFFER") }
                    == after.values.filter { !$0.key.contains("VIEWPORT") && !$0.key.contains("FRAMEBUFFER") },
                    "\(before.difference(after))")
            let lit = stride(from: 0, to: quads.count, by: 4).filter { quads[$0] > 0 }.count
            var worst = 0, worstAt = 0
            for i in 0..<points.count where abs(Int(points[i]) - Int(quads[i])) > worst {
                worst = abs(Int(points[i]) - Int(quads[i]))
                worstAt = i
            }
            let pixel = worstAt / 4
            #expect(lit > 500 && worst <= 8,
                    "\(lit) lit pixels; largest channel difference \(worst) at (\(pixel % 128), \(pixel / 128)) channel \(worstAt % 4): points \(points[pixel * 4..<pixel * 4 + 4]), quads \(quads[pixel * 4..<pixel * 4 + 4])")
        }
    }

    /// Every transform-feedback ceiling copies records at a finite positive rate.
    @Test func copyCeilingsRun() throws {
        try GPU.run { context in
            for stages in TransformFeedbackCeiling.Stages.allCases {
                let rate = try TransformFeedbackCeiling.copyRate(context: context, records: 2000, stages: stages, repeats: 1)
                #expect(rate.isFinite && rate > 0, "\(stages): \(rate) records/s")
            }
        }
    }
}

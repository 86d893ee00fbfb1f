import CEpoxy
import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

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
            plume_glUseProgram(0)
            plume_glDisable(GLenum(GL_BLEND))
            plume_glDisable(GLenum(GL_PROGRAM_POINT_SIZE))
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

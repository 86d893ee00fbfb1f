import CEpoxy
import Foundation
import Plume
import PlumeGL

/// Screenshots (F12) and `--record N`, read from the window's own framebuffer.
extension Playground {
    func capture(framebuffer size: SIMD2<Int>) throws {
        if pendingScreenshot {
            pendingScreenshot = false
            let path = (options.screenshotDirectory as NSString)
                .appendingPathComponent(String(format: "plume-screenshot-%04d.png", state.screenshots.count + 1))
            do {
                // Created on the first screenshot, as --record-directory is on the first frame.
                try FileManager.default.createDirectory(atPath: options.screenshotDirectory, withIntermediateDirectories: true)
                try Playground.readFramebuffer(size).writePNG(to: path)
                state.screenshots.append(path)
            } catch {
                state.error = "\(PlaygroundError.capture(path: path, reason: "\(error)"))"
            }
        }
        if let total = options.recordFrames {
            if recordedFrames == 0 {
                try? FileManager.default.createDirectory(atPath: options.recordDirectory, withIntermediateDirectories: true)
            }
            let path = (options.recordDirectory as NSString)
                .appendingPathComponent(String(format: "frame-%05d.png", recordedFrames + 1))
            do {
                try Playground.readFramebuffer(size).writePNG(to: path)
            } catch {
                throw PlaygroundError.capture(path: path, reason: "\(error)")
            }
            recordedFrames += 1
            if recordedFrames >= total { quitRequested = true }
        }
    }

    /// The default framebuffer's back buffer as an opaque image, rows from the top.
    static func readFramebuffer(_ size: SIMD2<Int>) throws -> SpriteImage {
        let width = max(size.x, 1), height = max(size.y, 1)
        GL.bindFramebuffer(.both, 0)
        GL.readBuffer(.back)
        let rows = GL.readPixels(width: width, height: height)
        var pixels = [UInt8](repeating: 255, count: rows.count)
        let stride = width * 4
        for y in 0..<height {
            let from = (height - 1 - y) * stride, to = y * stride
            for x in 0..<width {
                for c in 0..<3 { pixels[to + x * 4 + c] = rows[from + x * 4 + c] }
            }
        }
        return try SpriteImage(width: width, height: height, pixels: pixels)
    }
}

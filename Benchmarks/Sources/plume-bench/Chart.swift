import Foundation
import Plume

/// A log-log chart of the scaling curve, drawn into an image: updates per second (blue) and the
/// driver's trivial copy rate (grey) against live particles, decades marked by grid lines.
enum Chart {
    static func scaling(_ results: Results) -> SpriteImage {
        let width = 640, height = 400, margin = 40
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        func plot(_ x: Int, _ y: Int, _ rgb: (UInt8, UInt8, UInt8)) {
            guard (0..<width).contains(x), (0..<height).contains(y) else { return }
            let i = (y * width + x) * 4
            pixels[i] = rgb.0; pixels[i + 1] = rgb.1; pixels[i + 2] = rgb.2; pixels[i + 3] = 255
        }
        let xs = results.scaling.map { log10(Double($0.live)) }
        let ys = results.scaling.flatMap { [log10($0.updatesPerSecond), log10($0.ceilingPerSecond)] }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max(), x1 > x0 else {
            return try! SpriteImage(width: width, height: height, pixels: pixels)
        }
        let ylo = y0.rounded(.down), yhi = y1.rounded(.up)
        func px(_ x: Double) -> Int { margin + Int((x - x0) / (x1 - x0) * Double(width - 2 * margin)) }
        func py(_ y: Double) -> Int { height - margin - Int((y - ylo) / max(yhi - ylo, 1) * Double(height - 2 * margin)) }
        for decade in stride(from: x0.rounded(.up), through: x1, by: 1) {
            for y in margin..<(height - margin) { plot(px(decade), y, (220, 220, 220)) }
        }
        for decade in stride(from: ylo, through: yhi, by: 1) {
            for x in margin..<(width - margin) { plot(x, py(decade), (220, 220, 220)) }
        }
        for x in margin..<(width - margin) { plot(x, height - margin, (0, 0, 0)) }
        for y in margin..<(height - margin) { plot(margin, y, (0, 0, 0)) }
        func line(_ points: [(Double, Double)], _ rgb: (UInt8, UInt8, UInt8)) {
            for (a, b) in zip(points, points.dropFirst()) {
                let steps = 400
                for s in 0...steps {
                    let t = Double(s) / Double(steps)
                    let x = px(a.0 + (b.0 - a.0) * t), y = py(a.1 + (b.1 - a.1) * t)
                    for dx in -1...1 { for dy in -1...1 { plot(x + dx, y + dy, rgb) } }
                }
            }
            for p in points { for dx in -3...3 { for dy in -3...3 { plot(px(p.0) + dx, py(p.1) + dy, rgb) } } }
        }
        line(results.scaling.map { (log10(Double($0.live)), log10($0.ceilingPerSecond)) }, (150, 150, 150))
        line(results.scaling.map { (log10(Double($0.live)), log10($0.updatesPerSecond)) }, (30, 90, 220))
        return try! SpriteImage(width: width, height: height, pixels: pixels)
    }
}

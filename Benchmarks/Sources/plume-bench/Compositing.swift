import Foundation
import Plume
@_spi(Benchmarks) import PlumeGL   // Timer.clock.now (Timing.swift)

/// Issue 27 item 1: what drawing a layer through its own image costs (`--only compositing`).
/// Each row times the draw alone (clear and draw of one steady state at 1280×720, fenced with
/// `glFinish`) with the renderer's ``LayerCompositing/automatic`` choice and with the direct
/// draw, alternating frame by frame so that a drifting machine shifts both alike, and prints the
/// ratio of the medians: where the layer image is needed, its cost; where it is not, 1.0.
/// An unfaded image, and a source-over layer's image faded as its particles are drawn, are
/// composited on llvmpipe's blit path; an additive layer at opacity 0.5 shows the composite that
/// fades the image (image × opacity).
enum CompositingBench {
    struct Case {
        var name: String
        var mode: EmitterRenderMode
        var opacity: Float
        var background: Color
        /// What the host tells the renderer lies below (``ParticleRenderer/backdrop``).
        var backdrop: Color?
    }

    static let cases = [
        Case(name: "additive over white (layer image)", mode: .additive, opacity: 1, background: .white, backdrop: nil),
        Case(name: "unordered at opacity 0.5 (layer image)", mode: .unordered, opacity: 0.5, background: .white, backdrop: nil),
        Case(name: "additive at opacity 0.5 (layer image, faded when composited)", mode: .additive, opacity: 0.5,
             background: .white, backdrop: nil),
        Case(name: "additive over black, backdrop told (direct)", mode: .additive, opacity: 1, background: .black,
             backdrop: .black),
        Case(name: "unordered at opacity 1 (direct)", mode: .unordered, opacity: 1, background: .white, backdrop: nil),
    ]

    static func table(timer: Timer, quick: Bool) throws -> String {
        let sizes = quick ? [10_000, 100_000] : [1_000, 10_000, 100_000]
        let frames = quick ? 15 : 41
        var out = "\n| compositing, 1280×720 | live | draw, automatic | draw, direct | automatic ÷ direct |\n|---|---|---|---|---|\n"
        let renderer = timer.renderer
        let saved = (renderer.compositing, renderer.backdrop)
        defer { (renderer.compositing, renderer.backdrop) = saved }
        for n in sizes {
            for c in cases {
                progress("compositing: \(c.name) at \(n) live")
                let layer = Workloads.steady(live: n)
                layer.renderMode = c.mode
                layer.opacity = c.opacity
                let simulator = try GPUSimulator(layer: layer, context: timer.context, limits: Workloads.limits(n))
                defer { simulator.release() }
                try simulator.advance(to: 0)
                try simulator.advance(to: 1.0 / 60)
                renderer.backdrop = c.backdrop
                var times: [LayerCompositing: [Double]] = [.automatic: [], .direct: []]
                for i in 0..<(frames + 2) {
                    for compositing in [LayerCompositing.automatic, .direct] {
                        renderer.compositing = compositing
                        try timer.context.finish()
                        let start = timer.clock.now()
                        try timer.target.begin(clearTo: c.background)
                        try renderer.draw(simulator, viewProjection: .layer(width: 1280, height: 720))
                        try timer.context.finish()
                        if i >= 2 { times[compositing]!.append(Double(timer.clock.now() - start) / 1e9) }
                    }
                }
                let auto = Timer.median(times[.automatic]!), direct = Timer.median(times[.direct]!)
                out += "| \(c.name) | \(n) | \(String(format: "%.2f ms", auto * 1000)) | "
                    + "\(String(format: "%.2f ms", direct * 1000)) | \(String(format: "%.2f×", auto / direct)) |\n"
            }
        }
        return out
    }
}

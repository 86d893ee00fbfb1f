import Foundation
import PlumeDrawing
import Testing
@testable import Plume
@testable import PlumeGL

// The UIKit around the ported samples: just enough of `UIView` and `UIViewController` for their
// emitter code to read as it does on iOS. The samples rename `UIView` → `HostView`,
// `UIViewController` → `HostViewController`, like the Core Animation types.

/// `UIView`: a frame, bounds, centre and a root ``Layer``.
class HostView {
    var frame: CGRect {
        didSet { bounds = CGRect(origin: .zero, size: frame.size); layer.frame = frame }
    }
    private(set) var bounds: CGRect
    var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }
    let layer = Layer()

    init(frame: CGRect) {
        self.frame = frame
        bounds = CGRect(origin: .zero, size: frame.size)
        layer.frame = frame
    }
}

/// `UIViewController`: a screen-sized view and the lifecycle methods samples override.
class HostViewController {
    let view = HostView(frame: Port.screen)
    init() {}
    func viewDidLoad() {}
    func didReceiveMemoryWarning() {}
}

/// An app helper several samples define: runs `block` after `seconds` of host time (on the
/// host's update, as GCD's main queue would).
func delay(_ seconds: Double, _ block: @escaping () -> Void) {
    Port.queue.schedule(after: seconds, block)
}

/// Host time and the blocks scheduled on it, per simulated side.
final class PortQueue {
    var now = 0.0
    private var pending: [(at: Double, block: () -> Void)] = []
    func schedule(after seconds: Double, _ block: @escaping () -> Void) { pending.append((now + seconds, block)) }
    func runDue() {
        while let i = pending.firstIndex(where: { $0.at <= now + 1e-9 }) {
            let block = pending.remove(at: i).block
            block()
        }
    }
}

/// Runs a ported sample on both simulators through `ParticleScene`s and draws the GPU side.
enum Port {
    static let screen = CGRect(x: 0, y: 0, width: 320, height: 480)
    nonisolated(unsafe) static var queue = PortQueue()

    /// What a run saw.
    struct Run {
        /// Live particles (all layers) at each frame, GPU side.
        var counts: [Int] = []
        /// The picture at the first frame and at the end.
        var first: SpriteImage?
        var last: SpriteImage?
        /// Snapshots of the GPU side at the end, in drawing order.
        var snapshots: [ParticleSnapshot] = []
        var compared = 0
    }

    /// Builds the sample (`build` returns the root layer; called once per simulator, or once and
    /// cloned for the reference when the sample is random or reads the clock), runs it from host
    /// time `start` for `seconds` at `fps`, comparing both simulators particle by particle every
    /// `compareEvery` frames.
    static func run(_ name: String, seconds: Double, fps: Double = 30, start fixedStart: Double? = 1_000_000,
                    clone: Bool = false, compareEvery: Int = 15, size: CGSize = screen.size,
                    background: Color = .black, build: () -> Layer) throws -> Run {
        installImages()
        return try GPU.run { context in
            let gpuQueue = PortQueue(), cpuQueue = PortQueue()
            // nil: the real clock (`CACurrentMediaTime()`), read after the sample is built.
            gpuQueue.now = fixedStart ?? CACurrentMediaTime()
            cpuQueue.now = gpuQueue.now
            queue = gpuQueue
            let gpuRoot = build()
            queue = cpuQueue
            let cpuRoot = clone ? cloneTree(gpuRoot) : build()
            let start = fixedStart ?? CACurrentMediaTime()
            let gpuScene = ParticleScene(root: gpuRoot) { try GPUSimulator(layer: $0, context: context) }
            let cpuScene = ParticleScene(root: cpuRoot) { ReferenceSimulator(layer: $0) }
            let renderer = try ParticleRenderer(context: context)
            let target = try OffscreenTarget(context: context, width: Int(size.width), height: Int(size.height))
            let projection = Matrix4.layer(width: Float(size.width), height: Float(size.height))
            func picture() throws -> SpriteImage {
                try target.begin(clearTo: background)   // the renderer is not told: a backdrop it cannot see
                try renderer.draw(gpuScene, viewProjection: projection)
                return try target.image()
            }
            var run = Run()
            let frames = Int((seconds * fps).rounded())
            for f in 0...frames {
                let t = start + Double(f) / fps
                for (q, scene) in [(gpuQueue, gpuScene), (cpuQueue, cpuScene)] {
                    queue = q
                    q.now = t
                    q.runDue()
                    try scene.advance(to: t)
                }
                let gpuItems = gpuScene.items, cpuItems = cpuScene.items
                let snapshots = try gpuItems.map { try $0.simulator.snapshot() }
                run.counts.append(snapshots.reduce(0) { $0 + $1.particles.count })
                if f % compareEvery == 0 || f == frames {
                    #expect(gpuItems.count == cpuItems.count, "\(name): layers drawn at \(t): GPU \(gpuItems.count), CPU \(cpuItems.count)")
                    for (g, c) in zip(snapshots, cpuItems) {
                        let w = compareSnapshots(gpu: g, cpu: try c.simulator.snapshot(), configuration: "port \(name)",
                                                 seed: c.layer.seed)
                        run.compared += w.compared
                    }
                }
                if f == 0 { run.first = try picture() }
                if f == frames { run.snapshots = snapshots }
            }
            run.last = try picture()
            return run
        }
    }

    /// A copy of a layer tree (emitter layers deep-copied with their cells).
    static func cloneTree(_ layer: Layer) -> Layer {
        let copy: Layer = (layer as? EmitterLayer)?.copy() ?? Layer(layer: layer)
        for sub in layer.sublayers ?? [] { copy.addSublayer(cloneTree(sub)) }
        return copy
    }

    // MARK: Images

    /// Where the samples' images are written (drawn in code, then found by name like app
    /// resources).
    static let imageFolder: String = {
        let folder = FileManager.default.temporaryDirectory.appending(path: "plume-porting-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }()
    nonisolated(unsafe) private static var installed = false

    /// Draws the samples' images with `ImageRenderer` and registers their folder.
    static func installImages() {
        guard !installed else { return }
        installed = true
        func save(_ name: String, _ image: SpriteImage) {
            try? image.writePNG(to: imageFolder + "/" + name)
        }
        let white = Color.white
        func disc(_ size: CGFloat) -> SpriteImage {
            ImageRenderer(size: CGSize(width: size, height: size)).image { ctx in
                ctx.cgContext.setFillColor(white.cgColor)
                ctx.cgContext.fillEllipse(in: CGRect(x: 0, y: 0, width: size, height: size))
            }
        }
        save("circle.png", disc(16))
        save("Circle.png", disc(20))
        // A drop: a narrow ellipse.
        save("drop.png", ImageRenderer(size: CGSize(width: 8, height: 16)).image { ctx in
            white.setFill()
            BezierPath(ovalIn: CGRect(x: 0, y: 0, width: 8, height: 16)).fill()
        })
        // Fire: a soft blob made of nested translucent ellipses.
        save("fire.png", ImageRenderer(size: CGSize(width: 32, height: 32)).image { ctx in
            for i in 0..<8 {
                let inset = CGFloat(i) * 2
                ctx.cgContext.setFillColor(white.withAlphaComponent(0.2).cgColor)
                ctx.cgContext.fillEllipse(in: CGRect(x: inset, y: inset, width: 32 - 2 * inset, height: 32 - 2 * inset))
            }
        })
        // A four-pointed sparkle.
        save("sparkle.png", ImageRenderer(size: CGSize(width: 24, height: 24)).image { _ in
            let star = BezierPath()
            star.move(to: CGPoint(x: 12, y: 0))
            star.addQuadCurve(to: CGPoint(x: 24, y: 12), controlPoint: CGPoint(x: 12, y: 12))
            star.addQuadCurve(to: CGPoint(x: 12, y: 24), controlPoint: CGPoint(x: 12, y: 12))
            star.addQuadCurve(to: CGPoint(x: 0, y: 12), controlPoint: CGPoint(x: 12, y: 12))
            star.addQuadCurve(to: CGPoint(x: 12, y: 0), controlPoint: CGPoint(x: 12, y: 12))
            star.close()
            white.setFill()
            star.fill()
        })
        save("Box.png", ImageRenderer(size: CGSize(width: 20, height: 20)).image { ctx in
            white.setFill()
            ctx.fill(CGRect(x: 2, y: 2, width: 16, height: 16))
        })
        save("Triangle.png", ImageRenderer(size: CGSize(width: 20, height: 20)).image { ctx in
            ctx.cgContext.move(to: CGPoint(x: 10, y: 1))
            ctx.cgContext.addLine(to: CGPoint(x: 19, y: 18))
            ctx.cgContext.addLine(to: CGPoint(x: 1, y: 18))
            ctx.cgContext.closePath()
            ctx.cgContext.setFillColor(white)
            ctx.cgContext.fillPath()
        })
        // A maple leaf emoji at 2× (found as "leaf" through the @2x convention).
        let format = ImageRendererFormat.default()     // UIKit's lines, renamed
        format.scale = 2
        save("leaf@2x.png", ImageRenderer(size: CGSize(width: 24, height: 24), format: format).image { _ in
            "🍁".draw(at: .zero, withAttributes: [.font: Font.systemFont(ofSize: 20)])
        })
        SpriteImage.addSearchPath(imageFolder)
    }
}

extension SpriteImage {
    /// Pixels whose brightest channel exceeds `threshold` (0…255), as (x, y) pairs.
    func litPixels(threshold: UInt8 = 40) -> [(x: Int, y: Int)] {
        var out: [(Int, Int)] = []
        for y in 0..<height {
            for x in 0..<width {
                let i = (y * width + x) * 4
                if max(pixels[i], pixels[i + 1], pixels[i + 2]) > threshold { out.append((x, y)) }
            }
        }
        return out
    }

    /// Mean (r, g, b) of the lit pixels, 0…255.
    func meanLitColor(threshold: UInt8 = 40) -> SIMD3<Double> {
        let lit = litPixels(threshold: threshold)
        guard !lit.isEmpty else { return .zero }
        var sum = SIMD3<Double>.zero
        for (x, y) in lit {
            let i = (y * width + x) * 4
            sum += SIMD3(Double(pixels[i]), Double(pixels[i + 1]), Double(pixels[i + 2]))
        }
        return sum / Double(lit.count)
    }
}

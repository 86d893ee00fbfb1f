import ArgumentParser
import Foundation
import Plume

/// `plume watch FILE`: simulates an effect file in real time and reloads it whenever it is saved
/// (hot reload), printing a summary line a second and every reload or bad save.
struct Watch: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Simulate an effect file in real time, reloading it on every save (Ctrl-C stops).")

    @Argument(help: "The effect file (.json).")
    var file: String

    @Option(help: "Stop after this many seconds (0: run until interrupted).")
    var seconds: Double = 0

    @Option(help: "Updates per second.")
    var fps: Double = 30

    @OptionGroup var images: ImageAccessOptions

    func validate() throws {
        guard seconds.isFinite, seconds >= 0 else { throw ValidationError("--seconds must be ≥ 0") }
        guard fps.isFinite, fps >= 1, fps <= 240 else { throw ValidationError("--fps must be in [1, 240]") }
    }

    func run() throws {
        let url = URL(fileURLWithPath: file)
        let watcher = EffectWatcher(url: url, imageAccess: images.access)
        let layer = EmitterLayer()
        guard case let .loaded(document)? = watcher.poll(applyingTo: layer) else {
            throw watcher.lastError ?? EffectFileError(issues: [])
        }
        let simulator = ReferenceSimulator(layer: layer, limits: document.limits)
        print("watching \(file): save it to see the change; a bad save is reported and the simulation goes on\n")
        print(SummaryTable.header)
        let clock = ContinuousClock()
        let start = clock.now
        var frame = 0
        while seconds == 0 || Double(frame) / fps <= seconds {
            switch watcher.poll(applyingTo: layer) {
            case .loaded?: print("reloaded \(file)")
            case let .failed(error)?: print("not reloaded (the simulation goes on with the last good file):\n\(error)")
            case nil: break
            }
            let t = Double(frame) / fps
            try simulator.advance(to: t)
            if frame % Int(fps) == 0 { print(SummaryTable.row(try simulator.snapshot(), scene: Preset.defaultSize)) }
            frame += 1
            let next = start + .seconds(Double(frame) / fps)
            if next > clock.now { Thread.sleep(forTimeInterval: Double((next - clock.now).components.attoseconds) * 1e-18 + Double((next - clock.now).components.seconds)) }
        }
    }
}

import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// The EGL platform of a headless context can be chosen (`GLContext.headless(platform:)`,
/// `PLUME_EGL_PLATFORM`): the device platform is NVIDIA's headless path, and Mesa enumerates its
/// software device too, so it runs here.
@Suite(.serialized)
struct HeadlessPlatformTests {
    @Test func environmentValuesParse() throws {
        func parse(_ value: String?) throws -> HeadlessPlatform {
            try HeadlessPlatform.fromEnvironment(value.map { [HeadlessPlatform.environmentVariable: $0] } ?? [:])
        }
        #expect(try parse(nil) == .automatic)
        #expect(try parse("") == .automatic)
        #expect(try parse("auto") == .automatic)
        #expect(try parse("surfaceless") == .surfaceless)
        #expect(try parse("device") == .device(index: nil))
        #expect(try parse("device:1") == .device(index: 1))
        for bad in ["gpu", "device:", "device:-1", "device:x"] {
            #expect(throws: GLError.self, "PLUME_EGL_PLATFORM=\(bad) must be refused") { try parse(bad) }
        }
    }

    /// The device platform makes a context that runs the engine (here on Mesa's software device).
    @Test(.disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
    func devicePlatformRunsTheEngine() throws {
        try GPU.run { host in
            do {
                let context = try GLContext.headless(platform: .device(index: nil))
                #expect(context.info.platform == "EGL device", "platform \(context.info.platform)")
                let layer = EmitterLayer()
                let cell = EmitterCell(name: "a")
                cell.birthRate = 100
                cell.lifetime = 2
                layer.emitterCells = [cell]
                let simulator = try GPUSimulator(layer: layer, context: context)
                for i in 0...30 { try simulator.advance(to: Double(i) / 60) }
                let live = try simulator.snapshot().particles.count
                #expect(live == 50, "live particles after 0.5 s at 100/s on \(context.info.renderer): \(live)")
                simulator.release()
            }
            try host.makeCurrent()
        }
    }

    @Test(.disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
    func aMissingDeviceIsATypedError() throws {
        try GPU.run { host in
            #expect {
                _ = try GLContext.headless(platform: .device(index: 64))
            } throws: { error in
                guard case let GLError.platformUnavailable(platform, reason)? = error as? GLError else { return false }
                return platform == "EGL device" && reason.contains("device 64")
            }
            #expect(host.isCurrent)
        }
    }
}

import Foundation
import Testing
@testable import Plume
@testable import PlumeGL

/// Dropping a Plume context leaves the thread's current context as the host had it.
@Suite(.serialized, .disabled(if: GPU.skipped, "PLUME_SKIP_GPU=1"))
struct ContextLifetimeTests {
    @Test func droppingAContextKeepsTheHostsCurrent() throws {
        try GPU.run { host in
            var other: GLContext? = try GLContext.headless()   // leaves itself current
            try host.makeCurrent()                            // the host draws with its own again
            #expect(host.isCurrent && other?.isCurrent == false)
            other = nil                                       // deinit makes it current to clean up…
            #expect(host.isCurrent, "the host's context must be current again after a Plume context is dropped")
            // …and the host can go on: a GL entry point works without re-binding.
            let simulator = try GPUSimulator(layer: EmitterLayer(), context: host)
            try simulator.advance(to: 1)
            _ = other
        }
    }
}

import ArgumentParser
import Foundation
import Plume
import PlumeFuzz
import PlumeGL

/// `plume fuzz`: the long-run fuzzer. Random layer trees with extreme values on the reference and
/// the GPU simulator (compared particle by particle where neither drops), then mutated PNG files.
/// The suite runs the same cases, fewer of them (Tests/PlumeGLTests/FuzzTests.swift).
struct Fuzz: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Fuzz both simulators with random layer trees and the PNG loader with mutated files.",
        discussion: """
            Every case is reproducible from the run seed and its index: `plume fuzz --seed S --first I --cases 1`.
            A case that runs longer than --hang-seconds is reported as a hang and stops the run (exit 2).
            Exit status 1 when any case found a problem.
            """)

    @Option(help: "Layer-tree cases.")
    var cases: Int = 1_000

    @Option(help: "Mutated PNG cases.")
    var pngCases: Int = 10_000

    @Option(help: "Run seed.")
    var seed: UInt64 = 1

    @Option(help: "Index of the first case.")
    var first: Int = 0

    @Option(help: "Updates per layer case.")
    var updates: Int = 12

    @Option(help: "Capacity per cell (small keeps cases fast; drops are counted, not compared).")
    var capacity: Int = 2_000

    @Option(help: "Seconds after which a case counts as a hang.")
    var hangSeconds: Double = 30

    func validate() throws {
        guard cases >= 0, pngCases >= 0, first >= 0, cases <= Int.max - first else {
            throw ValidationError("--cases, --png-cases and --first must be ≥ 0")
        }
        guard (1...10_000).contains(updates) else { throw ValidationError("--updates must be in 1…10000") }
        guard capacity >= 1 else { throw ValidationError("--capacity must be ≥ 1") }
        guard hangSeconds.isFinite, hangSeconds > 0 else { throw ValidationError("--hang-seconds must be positive") }
    }

    func run() throws {
        let context = try GLContext.headless()
        let limits = SimulationLimits(maxParticlesPerCell: capacity)
        let watchdog = Watchdog(limit: hangSeconds)
        let startObjects = context.objects.total
        let startMemory = ProcessMemory.residentMegabytes()
        var findings: [String] = []
        var compared = 0, particles = 0, withDrops = 0, slowest = (seconds: 0.0, index: 0)
        let clock = Date()
        for index in first..<(first + cases) {
            let started = Date()
            watchdog.arm("layer case \(index) of run seed \(seed)")
            var fuzzCase = FuzzCase(runSeed: seed, index: index, updates: updates)
            let reference = ReferenceSimulator(layer: fuzzCase.layer, limits: limits)
            let outcome: FuzzCase.Outcome
            do {
                let gpu = try GPUSimulator(layer: fuzzCase.layer, context: context, limits: limits)
                outcome = fuzzCase.run(reference: reference, other: gpu)
                gpu.release()
            } catch {
                var failed = FuzzCase.Outcome()
                failed.finding = "case seed \(fuzzCase.seed): GPUSimulator.init threw \(error)"
                outcome = failed
            }
            watchdog.disarm()
            let seconds = Date().timeIntervalSince(started)
            if seconds > slowest.seconds { slowest = (seconds, index) }
            if let finding = outcome.finding {
                findings.append("layer case \(index): \(finding)")
                report("FINDING layer case \(index): \(finding)")
            }
            compared += outcome.comparedUpdates
            particles += outcome.comparedParticles
            withDrops += outcome.updatesWithDrops
            if (index - first + 1) % 500 == 0 {
                report("\(index - first + 1) layer cases, \(findings.count) findings, \(Int(Date().timeIntervalSince(clock))) s")
            }
        }
        let layerSeconds = Date().timeIntervalSince(clock)
        var decoded = 0, rejected = 0, pngFindings = 0
        for index in first..<(first + pngCases) {
            watchdog.arm("PNG case \(index) of run seed \(seed)")
            switch PNGFixture.fuzzCase(seed: seed, index: index) {
            case .decoded: decoded += 1
            case .rejected: rejected += 1
            case let .finding(what):
                pngFindings += 1
                findings.append("PNG case \(index): \(what)")
                report("FINDING PNG case \(index): \(what)")
            }
            watchdog.disarm()
        }
        report("""
            layer cases \(cases) (seed \(seed), first \(first)): \(compared) updates and \(particles) particles \
            compared, \(withDrops) updates with drops not compared, \(findings.count - pngFindings) findings; \
            slowest case \(String(format: "%.2f", slowest.seconds)) s (#\(slowest.index)); \
            \(String(format: "%.0f", layerSeconds)) s in all
            PNG cases \(pngCases): \(decoded) decoded, \(rejected) typed errors naming the file, \(pngFindings) findings
            hangs 0 (limit \(hangSeconds) s), crashes 0 (the run completed)
            GL objects \(startObjects) → \(context.objects.total) (\(context.objects)); \
            resident memory \(String(format: "%.0f", startMemory)) → \(String(format: "%.0f", ProcessMemory.residentMegabytes())) MiB
            on \(context.info.renderer), \(ProcessInfo.processInfo.activeProcessorCount) cores
            """)
        if !findings.isEmpty { throw ExitCode(1) }
    }
}

/// Stops the process when a case runs past its limit, naming the case (a hang must not look
/// like a slow run).
final class Watchdog: @unchecked Sendable {
    private let lock = NSLock()
    private var armed: (what: String, since: Date)?
    private let limit: Double

    init(limit: Double) {
        self.limit = limit
        let thread = Thread { [weak self] in
            while let self {
                Thread.sleep(forTimeInterval: 1)
                self.check()
            }
        }
        thread.start()
    }

    func arm(_ what: String) {
        lock.lock()
        armed = (what, Date())
        lock.unlock()
    }

    func disarm() {
        lock.lock()
        armed = nil
        lock.unlock()
    }

    private func check() {
        lock.lock()
        defer { lock.unlock() }
        if let armed, Date().timeIntervalSince(armed.since) > limit {
            report("HANG: \(armed.what) ran longer than \(limit) s")
            exit(2)
        }
    }
}

/// Prints a line at once (also when the output is a file, so a long run's log is current).
func report(_ line: String) {
    print(line)
    fflush(nil)
}

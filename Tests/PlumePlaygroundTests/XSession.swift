import Foundation
import Plume
import PlumePlayground
import PlumeTestSupport
import Testing

/// A private X server (Xvfb, which picks a free display itself) for one test, with the programs
/// under test started as child processes on it and real X input sent with xdotool.
///
/// The programs run in their own processes so their GLFW and ImGui state, and the DISPLAY they
/// use, never mix with the test process or with other suites.
final class XSession {
    let display: String
    private let server: Process
    let directory: URL
    private var children: [Process] = []

    /// - Parameter dpi: the screen's Xft.dpi resource (set with xrdb; 192 is a 2× HiDPI screen).
    init(screen: String = "1600x1000x24", dpi: Int? = nil) throws {
        _ = try #require(XSession.tool("xdotool"), "xdotool is missing: run .ci/setup (Debian package xdotool)")
        // -noreset: the server keeps its resources (Xft.dpi) when a client such as xrdb disconnects.
        (server, display) = try Xvfb.start(screen: screen, arguments: ["-noreset"])
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("plume-x-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let dpi {
            let xrdb = try #require(XSession.tool("xrdb"), "xrdb is missing: run .ci/setup (Debian package x11-xserver-utils)")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: xrdb)
            process.arguments = ["-display", display, "-merge"]
            let input = Pipe()
            process.standardInput = input
            try process.run()
            input.fileHandleForWriting.write(Data("Xft.dpi: \(dpi)\n".utf8))
            try input.fileHandleForWriting.close()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "xrdb could not set Xft.dpi on \(display)")
        }
    }

    deinit {
        for child in children where child.isRunning { kill(child.processIdentifier, SIGKILL); child.waitUntilExit() }
        kill(server.processIdentifier, SIGKILL)
        server.waitUntilExit()
        try? FileManager.default.removeItem(at: directory)
    }

    static func tool(_ name: String) -> String? { Xvfb.tool(name) }

    /// A program built by this package (`plume`, the examples), next to the test bundle.
    static func product(_ name: String) throws -> String {
        var candidates: [String] = []
        if let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") {
            var dir = (exe as NSString).deletingLastPathComponent
            // Inside an .xctest bundle directory on some layouts.
            for _ in 0..<3 {
                candidates.append((dir as NSString).appendingPathComponent(name))
                dir = (dir as NSString).deletingLastPathComponent
            }
        }
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/\(name)").path)
        return try #require(candidates.first { FileManager.default.isExecutableFile(atPath: $0) },
                            "\(name) is not built (looked in \(candidates)); run swift build")
    }

    /// The log that the output of the `index`th program started (`program`, a name or a path) goes to.
    func log(of program: String, index: Int) -> URL {
        directory.appendingPathComponent("\((program as NSString).lastPathComponent)-\(index).log")
    }

    /// Starts `program` on this display; its output goes to a log in the session directory.
    @discardableResult
    func start(_ program: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        let log = log(of: program, index: children.count)
        _ = FileManager.default.createFile(atPath: log.path, contents: nil)
        let handle = try FileHandle(forWritingTo: log)
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        children.append(process)
        return process
    }

    /// Runs `program` to the end (at most `timeout` seconds); returns its exit status and output.
    func run(_ program: String, _ arguments: [String], timeout: Double = 60) throws -> (status: Int32, output: String) {
        let process = try start(program, arguments)
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            Issue.record("\(program) \(arguments) ran past \(timeout) s")
        }
        let log = log(of: program, index: children.count - 1)
        return (process.terminationStatus, (try? String(contentsOf: log, encoding: .utf8)) ?? "")
    }

    /// Waits until the output of the `index`th program started (its log) holds `text`, for at most
    /// `timeout` seconds; throws ``XSessionError/timedOut(_:)`` with the output so far after that.
    /// The default is long: on a cold shader cache a frame that links a cell's programs for the
    /// first time takes tens of seconds on a loaded 2-core machine (ShipGame's test took 188 s in
    /// a clean-clone `.ci/test` run, 15 s alone).
    func waitForOutput(of program: String, index: Int, containing text: String, timeout: Double = 180) throws {
        try waitForOutput(of: program, index: index, "\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// Waits until `condition` holds for the output so far of the `index`th program started
    /// (`what` names it in the error after `timeout` seconds).
    func waitForOutput(of program: String, index: Int, _ what: String, timeout: Double = 180,
                       until condition: (String) -> Bool) throws {
        let log = log(of: program, index: index)
        let deadline = Date().addingTimeInterval(timeout)
        var output = ""
        while Date() < deadline {
            output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            if condition(output) { return }
            usleep(50_000)
        }
        throw XSessionError.timedOut("\(program) printed no \(what) in \(timeout) s: \(output.suffix(2000))")
    }

    /// Runs xdotool with these arguments on this display (real X input through XTEST).
    func xdotool(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: XSession.tool("xdotool")!)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "xdotool \(arguments) failed")
    }

    /// The window id of the first window whose title contains `title`.
    func window(titled title: String, timeout: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: XSession.tool("xdotool")!)
            process.arguments = ["search", "--onlyvisible", "--name", title]
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display
            process.environment = environment
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            let ids = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                .split(separator: "\n").map(String.init)
            if let id = ids.last { return id }
            usleep(100_000)
        }
        throw XSessionError.timedOut("no window titled \(title) after \(timeout) s")
    }

    /// Clicks at a point of a window (points from its top-left).
    func click(window: String, x: Double, y: Double) throws {
        try xdotool("mousemove", "--window", window, "\(Int(x.rounded()))", "\(Int(y.rounded()))")
        usleep(50_000)
        try xdotool("click", "1")
    }
}

enum XSessionError: Error { case timedOut(String) }

/// The playground's `--state-file`, read while it runs.
struct StateFile {
    let path: String

    func read() -> PlaygroundState? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return try? JSONDecoder().decode(PlaygroundState.self, from: data)
    }

    /// Waits until `condition` holds for the state (or `timeout` seconds pass, then fails with the
    /// last state seen).
    @discardableResult
    func wait(_ what: String, timeout: Double = 40, until condition: (PlaygroundState) -> Bool) throws -> PlaygroundState {
        let deadline = Date().addingTimeInterval(timeout)
        var last: PlaygroundState?
        while Date() < deadline {
            if let state = read() {
                last = state
                if condition(state) { return state }
            }
            usleep(30_000)
        }
        throw XSessionError.timedOut("waiting for \(what): last state \(String(describing: last))")
    }
}

/// Pixels of a screenshot, for the checks.
struct Picture {
    let image: SpriteImage

    init(_ path: String) throws { image = try SpriteImage(contentsOfPNGFile: path) }

    /// Red+green+blue of a pixel, 0…765.
    func brightness(_ x: Int, _ y: Int) -> Int {
        let i = (y * image.width + x) * 4
        return Int(image.pixels[i]) + Int(image.pixels[i + 1]) + Int(image.pixels[i + 2])
    }

    /// Mean brightness over a box (clipped to the picture).
    func meanBrightness(x: ClosedRange<Int>, y: ClosedRange<Int>) -> Double {
        let xs = max(x.lowerBound, 0)...min(x.upperBound, image.width - 1)
        let ys = max(y.lowerBound, 0)...min(y.upperBound, image.height - 1)
        var sum = 0
        for yy in ys { for xx in xs { sum += brightness(xx, yy) } }
        return Double(sum) / Double(xs.count * ys.count)
    }

    /// The brightness-weighted mean column of the rows `rows` (pixels darker than `floor` are
    /// left out); nil when nothing is bright.
    func centroidX(rows: ClosedRange<Int>, floor: Int = 60) -> Double? {
        var weighted = 0.0, total = 0.0
        for y in rows where y >= 0 && y < image.height {
            for x in 0..<image.width {
                let b = brightness(x, y)
                if b > floor { weighted += Double(x * b); total += Double(b) }
            }
        }
        return total > 0 ? weighted / total : nil
    }
}

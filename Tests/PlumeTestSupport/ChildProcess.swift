import Foundation

/// Runs `executable` with `arguments` (and `environment`, else this process's) to its end; returns
/// the finished process (its exit status and how it ended) and everything it printed, standard
/// output and error together.
public func runProcess(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws
    -> (process: Process, output: String) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    if let environment { process.environment = environment }
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process, output)
}

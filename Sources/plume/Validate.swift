import ArgumentParser
import Foundation
import Plume

/// `plume validate FILE…`: every problem in effect files (or Particle Designer files), with
/// file:line:column, JSON path and rule. Exit status 1 when any file has an error.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check effect files (.json) or Particle Designer files (.plist) and list every problem.")

    @Argument(help: "Files to check.")
    var files: [String]

    @Flag(help: "Treat warnings (unknown keys, approximated plist keys) as errors.")
    var strict = false

    @OptionGroup var images: ImageAccessOptions

    func run() throws {
        var failed = false
        for file in files {
            let url = URL(fileURLWithPath: file)
            let issues: [EffectIssue]
            if url.pathExtension.lowercased() == "plist" {
                do {
                    issues = try ParticleDesignerImport.read(from: url, imageAccess: images.access).warnings
                } catch {
                    issues = error.issues
                }
            } else {
                issues = EffectFile.validate(contentsOf: url, imageAccess: images.access)
            }
            issues.forEach { print($0) }
            let errors = issues.filter { $0.severity == .error }.count
            let warnings = issues.count - errors
            print("\(file): \(errors == 0 ? "valid" : "invalid") (\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"))")
            if errors > 0 || (strict && warnings > 0) { failed = true }
        }
        if failed { throw ExitCode(1) }
    }
}

import ArgumentParser
import Foundation
import Plume
import PlumeImport

/// `plume validate FILE…`: every problem in effect files (or Particle Designer files), with
/// file:line:column, JSON path and rule. Exit status 1 when any file is invalid: it has an error,
/// or, with `--strict`, a warning (its summary line then says "invalid under --strict").
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
                    let imported = try ParticleDesignerImport.read(from: url, imageAccess: images.access)
                    issues = imported.warnings + EffectIssue.silentCells(of: imported.layer, file: file)
                } catch {
                    issues = error.issues
                }
            } else {
                issues = EffectFile.validate(contentsOf: url, imageAccess: images.access)
            }
            issues.forEach { print($0) }
            let errors = issues.filter { $0.severity == .error }.count
            let warnings = issues.count - errors
            // The verdict is the exit status's: under --strict a warning makes the file invalid.
            let invalid = errors > 0 || (strict && warnings > 0)
            let verdict = invalid ? (errors == 0 ? "invalid under --strict" : "invalid") : "valid"
            print("\(file): \(verdict) (\(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"))")
            if invalid { failed = true }
        }
        if failed { throw ExitCode(1) }
    }
}

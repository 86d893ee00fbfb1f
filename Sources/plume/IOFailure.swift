import ArgumentParser
import Foundation

/// An output a command could not write (a missing folder it does not create, no permission, a full
/// disk): not a usage mistake, so no usage text follows the message, and its own exit status.
///
/// `plume`'s exit statuses: 0 done; 1 a check failed (`validate`, `fuzz`, `soak`) or an input
/// could not be read; 64 (sysexits' `EX_USAGE`) a bad command line; 74 (`EX_IOERR`) an output
/// could not be written.
enum IOFailure {
    /// The exit status for an output that could not be written: 74, sysexits' `EX_IOERR`.
    static let status: Int32 = 74

    /// Refuses to write `path` into a folder that does not exist ("cannot write out.json: the folder
    /// out does not exist"), before anything is written.
    static func requireFolder(of path: String) throws {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw exit("cannot write \(path): the folder \(folder.relativePath) does not exist")
        }
    }

    /// Prints `Error: message` on standard error and returns the exit status to throw:
    /// `throw IOFailure.exit("cannot write out.json: …")`.
    static func exit(_ message: String) -> ExitCode {
        FileHandle.standardError.write(Data("Error: \(message)\n".utf8))
        return ExitCode(status)
    }
}

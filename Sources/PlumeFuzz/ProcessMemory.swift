import Foundation

/// The process's memory, for soak and fuzz reports.
public enum ProcessMemory {
    /// Resident set size now, in MiB (Linux `/proc/self/statm`; 0 where unavailable).
    public static func residentMegabytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1_048_576
    }
}

import Foundation

/// The EGL platform a headless context is made on (``GLContext/headless(platform:)``).
public enum HeadlessPlatform: Hashable, Sendable, CustomStringConvertible {
    /// A hardware EGL device if the library enumerates one, else Mesa's surfaceless platform.
    case automatic
    /// `EGL_EXT_platform_device`: the headless path of NVIDIA's driver. `index` picks one of the
    /// enumerated devices (0-based, the library's order); nil picks the first hardware device, or
    /// Mesa's software device (llvmpipe) where there is none.
    case device(index: Int?)
    /// `EGL_MESA_platform_surfaceless`: Mesa's, and NVIDIA's too (driver 580 on an H200 offered it
    /// where its EGL library enumerated no device: ``automatic`` found it there).
    case surfaceless

    /// The platform in words (`automatic`, `surfaceless`, `device`, `device 1`).
    public var description: String {
        switch self {
        case .automatic: "automatic"
        case let .device(index): index.map { "device \($0)" } ?? "device"
        case .surfaceless: "surfaceless"
        }
    }

    /// The name of the environment variable ``fromEnvironment(_:)`` reads.
    public static let environmentVariable = "PLUME_EGL_PLATFORM"

    /// Reads `PLUME_EGL_PLATFORM`: `device`, `device:N`, `surfaceless`, `automatic` or unset
    /// (automatic).
    /// - Throws: ``GLError/platformUnavailable(platform:reason:)`` for any other value.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws -> HeadlessPlatform {
        guard let value = environment[environmentVariable]?.trimmingCharacters(in: .whitespaces), !value.isEmpty else {
            return .automatic
        }
        switch value {
        case "automatic", "auto": return .automatic
        case "surfaceless": return .surfaceless
        case "device": return .device(index: nil)
        default:
            if value.hasPrefix("device:"), let index = Int(value.dropFirst("device:".count)), index >= 0 {
                return .device(index: index)
            }
            throw GLError.platformUnavailable(platform: value,
                                              reason: "\(environmentVariable) must be automatic, surfaceless, device or device:N")
        }
    }
}

/// Core Animation's names for timing functions and fill modes, so ported code reads the same.
///
/// ```swift
/// fade.timingFunction = TimingFunction(name: .easeIn)
/// fade.timingFunction = TimingFunction(name: kCAMediaTimingFunctionEaseOut)
/// fade.fillMode = .forwards                 // or kCAFillModeForwards
/// ```
extension TimingFunction {
    /// The name of a predefined curve (`CAMediaTimingFunctionName`).
    public struct Name: RawRepresentable, Hashable, Sendable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Constant speed.
        public static let linear = Name(rawValue: "linear")
        /// Starts slowly: control points (0.42, 0), (1, 1).
        public static let easeIn = Name(rawValue: "easeIn")
        /// Ends slowly: (0, 0), (0.58, 1).
        public static let easeOut = Name(rawValue: "easeOut")
        /// Starts and ends slowly: (0.42, 0), (0.58, 1).
        public static let easeInEaseOut = Name(rawValue: "easeInEaseOut")
        /// Core Animation's default curve: (0.25, 0.1), (0.25, 1).
        public static let `default` = Name(rawValue: "default")
    }

    /// The predefined curve of that name (`CAMediaTimingFunction(name:)`). An unknown name gives
    /// the linear curve (Core Animation's names are the five above).
    public init(name: Name) {
        switch name {
        case .easeIn: self = .easeIn
        case .easeOut: self = .easeOut
        case .easeInEaseOut: self = .easeInEaseOut
        case .default: self = .default
        default: self = .linear
        }
    }
}

/// `CAMediaTimingFunctionName`, for code that spells the type out.
public typealias CAMediaTimingFunctionName = TimingFunction.Name
/// `CAMediaTimingFillMode`, for code that spells the type out.
public typealias CAMediaTimingFillMode = FillMode

/// `kCAMediaTimingFunctionLinear`.
public let kCAMediaTimingFunctionLinear = TimingFunction.Name.linear
/// `kCAMediaTimingFunctionEaseIn`.
public let kCAMediaTimingFunctionEaseIn = TimingFunction.Name.easeIn
/// `kCAMediaTimingFunctionEaseOut`.
public let kCAMediaTimingFunctionEaseOut = TimingFunction.Name.easeOut
/// `kCAMediaTimingFunctionEaseInEaseOut`.
public let kCAMediaTimingFunctionEaseInEaseOut = TimingFunction.Name.easeInEaseOut
/// `kCAMediaTimingFunctionDefault`.
public let kCAMediaTimingFunctionDefault = TimingFunction.Name.default

/// `kCAFillModeRemoved`.
public let kCAFillModeRemoved = FillMode.removed
/// `kCAFillModeForwards`.
public let kCAFillModeForwards = FillMode.forwards
/// `kCAFillModeBackwards`.
public let kCAFillModeBackwards = FillMode.backwards
/// `kCAFillModeBoth`.
public let kCAFillModeBoth = FillMode.both

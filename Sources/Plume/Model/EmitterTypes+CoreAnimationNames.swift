import Foundation

/// Core Animation's names for the emitter enums, so ported code compiles unchanged:
/// `kCAEmitterLayerLine` (Swift 3/4 and Objective-C), `CAEmitterLayerEmitterShape.line` and
/// `CAEmitterLayerEmitterShape(rawValue: "line")` (Swift 4.2+). The raw values are Core
/// Animation's strings. Spellings after a textual rename of `CAEmitterLayer` to `EmitterLayer`
/// (`EmitterLayerEmitterShape`) are accepted too.
public typealias CAEmitterLayerEmitterShape = EmitterShape
/// `CAEmitterLayerEmitterMode`.
public typealias CAEmitterLayerEmitterMode = EmitterMode
/// `CAEmitterLayerRenderMode`.
public typealias CAEmitterLayerRenderMode = EmitterRenderMode
/// `CAEmitterLayerEmitterShape` after renaming `CAEmitterLayer` to `EmitterLayer`.
public typealias EmitterLayerEmitterShape = EmitterShape
/// `CAEmitterLayerEmitterMode` after renaming `CAEmitterLayer` to `EmitterLayer`.
public typealias EmitterLayerEmitterMode = EmitterMode
/// `CAEmitterLayerRenderMode` after renaming `CAEmitterLayer` to `EmitterLayer`.
public typealias EmitterLayerRenderMode = EmitterRenderMode

/// `kCAEmitterLayerPoint` (`"point"`).
public let kCAEmitterLayerPoint = EmitterShape.point
/// `kCAEmitterLayerLine` (`"line"`).
public let kCAEmitterLayerLine = EmitterShape.line
/// `kCAEmitterLayerRectangle` (`"rectangle"`).
public let kCAEmitterLayerRectangle = EmitterShape.rectangle
/// `kCAEmitterLayerCuboid` (`"cuboid"`).
public let kCAEmitterLayerCuboid = EmitterShape.cuboid
/// `kCAEmitterLayerCircle` (`"circle"`).
public let kCAEmitterLayerCircle = EmitterShape.circle
/// `kCAEmitterLayerSphere` (`"sphere"`).
public let kCAEmitterLayerSphere = EmitterShape.sphere

/// `kCAEmitterLayerPoints` (`"points"`).
public let kCAEmitterLayerPoints = EmitterMode.points
/// `kCAEmitterLayerOutline` (`"outline"`).
public let kCAEmitterLayerOutline = EmitterMode.outline
/// `kCAEmitterLayerSurface` (`"surface"`).
public let kCAEmitterLayerSurface = EmitterMode.surface
/// `kCAEmitterLayerVolume` (`"volume"`).
public let kCAEmitterLayerVolume = EmitterMode.volume

/// `kCAEmitterLayerUnordered` (`"unordered"`).
public let kCAEmitterLayerUnordered = EmitterRenderMode.unordered
/// `kCAEmitterLayerOldestFirst` (`"oldestFirst"`).
public let kCAEmitterLayerOldestFirst = EmitterRenderMode.oldestFirst
/// `kCAEmitterLayerOldestLast` (`"oldestLast"`).
public let kCAEmitterLayerOldestLast = EmitterRenderMode.oldestLast
/// `kCAEmitterLayerBackToFront` (`"backToFront"`).
public let kCAEmitterLayerBackToFront = EmitterRenderMode.backToFront
/// `kCAEmitterLayerAdditive` (`"additive"`).
public let kCAEmitterLayerAdditive = EmitterRenderMode.additive

/// `kCAFilterLinear`.
public let kCAFilterLinear = ContentsFilter.linear
/// `kCAFilterNearest`.
public let kCAFilterNearest = ContentsFilter.nearest
/// `kCAFilterTrilinear`.
public let kCAFilterTrilinear = ContentsFilter.trilinear

/// `CALayerContentsFilter` (Swift 4.2+): `CALayerContentsFilter.nearest.rawValue` is what iOS code
/// assigns to a cell's `String`-typed `magnificationFilter`; here its `rawValue` is the
/// ``ContentsFilter`` the cell's property takes, so the line compiles unchanged.
public struct CALayerContentsFilter: RawRepresentable, Hashable, Sendable {
    /// The filter, as the cell's `magnificationFilter` and `minificationFilter` take it.
    public var rawValue: ContentsFilter
    /// The name of `rawValue`.
    public init(rawValue: ContentsFilter) { self.rawValue = rawValue }
    /// `"linear"`.
    public static let linear = CALayerContentsFilter(rawValue: .linear)
    /// `"nearest"`.
    public static let nearest = CALayerContentsFilter(rawValue: .nearest)
    /// `"trilinear"`.
    public static let trilinear = CALayerContentsFilter(rawValue: .trilinear)
}

/// `CALayerContentsFilter` after renaming `CALayer` to `Layer`.
public typealias LayerContentsFilter = CALayerContentsFilter

/// Core Animation's filter names as string literals (`cell.minificationFilter = "trilinear"`, as
/// Swift 3 code assigns `String`s): `"linear"`, `"nearest"`, `"trilinear"`. A literal naming no
/// filter is read as `linear`, Core Animation's default (a string from elsewhere goes through
/// `ContentsFilter(rawValue:)` or `setValue(_:forKeyPath:)`, which report unknown names).
extension ContentsFilter: ExpressibleByStringLiteral {
    /// The filter named by the literal; `linear` for a name that is none of the three.
    public init(stringLiteral value: String) { self = ContentsFilter(rawValue: value) ?? .linear }
}

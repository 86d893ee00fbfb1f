import Foundation

/// `NSObject`'s class tests, which ported layer code calls (`if layer.isKind(of: EmitterLayer.self)`).
extension Layer {
    /// True when the layer is an instance of `aClass` or of a subclass of it (`NSObject.isKind(of:)`).
    public func isKind(of aClass: AnyClass) -> Bool {
        var current: AnyClass? = type(of: self)
        while let c = current {
            if c == aClass { return true }
            current = _getSuperclass(c)
        }
        return false
    }

    /// True when the layer is an instance of exactly `aClass` (`NSObject.isMember(of:)`).
    public func isMember(of aClass: AnyClass) -> Bool { type(of: self) == aClass }
}

import Foundation
import Plume

// UIKit's bitmap image contexts, the older way of drawing a sprite in code:
//
// ```swift
// UIGraphicsBeginImageContextWithOptions(CGSize(width: 20, height: 20), false, 0)
// let context = UIGraphicsGetCurrentContext()!
// context.setFillColor(Color.white.cgColor)
// context.fillEllipse(in: CGRect(x: 0, y: 0, width: 20, height: 20))
// let dot = UIGraphicsGetImageFromCurrentImageContext()
// UIGraphicsEndImageContext()
// ```
//
// As in UIKit the contexts form a stack per thread: `Begin` pushes a transparent (or, when
// `opaque`, black) image of `size` points and makes its context the current one (also for
// `Color.setFill()`, ``BezierPath`` and text drawing), `GetImageFromCurrentImageContext` returns
// what the innermost one holds (any number of times), `End` pops it. A `scale` of 0 is the
// screen's (`Screen.scale`), as `UIGraphicsBeginImageContextWithOptions` documents;
// `UIGraphicsBeginImageContext(size)` uses scale 1. Without a begun context, `Get…` return
// nil and `End` does nothing. Unlike UIKit the stack also holds the contexts of running
// ``ImageRenderer/image(actions:)`` calls: `UIGraphicsGetCurrentContext()` inside one is the
// renderer's context, and `UIGraphicsGetImageFromCurrentImageContext()` there is nil (as in UIKit).

/// The image contexts begun on this thread, innermost last.
private final class ImageContextStack {
    var items: [(surface: ImageSurface, context: DrawingContext)] = []
    static var current: ImageContextStack {
        let key = "plume.ImageContextStack"
        if let s = Thread.current.threadDictionary[key] as? ImageContextStack { return s }
        let s = ImageContextStack()
        Thread.current.threadDictionary[key] = s
        return s
    }
}

/// `UIGraphicsBeginImageContextWithOptions`: begins an image of `size` points at `scale` pixels
/// per point (0: the screen's), transparent unless `opaque` (then black), and makes its context
/// current. The pixel size is `size × scale` rounded up, clamped to 1…``ImageRenderer/maxSide``.
public func UIGraphicsBeginImageContextWithOptions(_ size: CGSize, _ opaque: Bool, _ scale: CGFloat) {
    let s = scale == 0 ? Screen.main.scale : scale
    guard let surface = ImageSurface(size: size, scale: s, opaque: opaque) else {
        // Out of memory: a 1×1 context, so that Get/End still pair up.
        if let tiny = ImageSurface(size: CGSize(width: 1, height: 1), scale: 1, opaque: opaque) {
            ImageContextStack.current.items.append((tiny, tiny.context))
            DrawingContext.push(tiny.context)
        }
        return
    }
    ImageContextStack.current.items.append((surface, surface.context))
    DrawingContext.push(surface.context)
}

/// `UIGraphicsBeginImageContext(size)`: ``UIGraphicsBeginImageContextWithOptions(_:_:_:)`` with
/// a transparent image at scale 1 (UIKit documents scale 1 for this one).
public func UIGraphicsBeginImageContext(_ size: CGSize) {
    UIGraphicsBeginImageContextWithOptions(size, false, 1)
}

/// `UIGraphicsGetCurrentContext()`: the current drawing context (the innermost begun image
/// context or running ``ImageRenderer``), nil outside any.
public func UIGraphicsGetCurrentContext() -> DrawingContext? { DrawingContext.current }

/// `UIGraphicsGetImageFromCurrentImageContext()`: what the innermost begun image context holds,
/// with `SpriteImage.scale` its scale; nil when the current context is not a begun image context.
public func UIGraphicsGetImageFromCurrentImageContext() -> SpriteImage? {
    guard let top = ImageContextStack.current.items.last, top.context === DrawingContext.current else { return nil }
    return top.surface.image()
}

/// `UIGraphicsEndImageContext()`: ends the innermost begun image context (nothing without one).
public func UIGraphicsEndImageContext() {
    let stack = ImageContextStack.current
    guard let top = stack.items.last, top.context === DrawingContext.current else { return }
    stack.items.removeLast()
    DrawingContext.pop()
}

/// `UIGraphicsPushContext(_:)`: makes `context` the current one (until the matching pop).
public func UIGraphicsPushContext(_ context: DrawingContext) { DrawingContext.push(context) }

/// `UIGraphicsPopContext()`: restores the context current before the matching push.
public func UIGraphicsPopContext() { DrawingContext.pop() }

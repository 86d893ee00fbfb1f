import Foundation
import Plume

/// A 4×4 matrix in column-major order, as GL takes it.
public struct Matrix4: Hashable, Sendable {
    /// 16 values, column by column.
    public private(set) var columns: [Float]

    /// A matrix from its 16 values, column by column (traps on another count).
    public init(columns: [Float]) {
        precondition(columns.count == 16, "a Matrix4 has 16 values")
        self.columns = columns
    }

    /// A layer transform as GL takes it: `Transform3D`'s row-vector values row by row are the
    /// column-vector matrix column by column.
    public init(_ t: Transform3D) {
        self.init(columns: t.values.map { Float($0) })
    }

    /// The identity: draws in clip space as given.
    public static let identity = Matrix4(columns: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// An orthographic projection of the box `[left, right] × [bottom, top] × [near, far]`
    /// (z towards the viewer positive, as on the layer) onto clip space.
    public static func orthographic(left: Float, right: Float, bottom: Float, top: Float,
                                    near: Float = -10_000, far: Float = 10_000) -> Matrix4 {
        let sx = 2 / (right - left), sy = 2 / (top - bottom), sz = 2 / (far - near)
        return Matrix4(columns: [sx, 0, 0, 0,
                                 0, sy, 0, 0,
                                 0, 0, sz, 0,
                                 -(right + left) / (right - left), -(top + bottom) / (top - bottom), -(far + near) / (far - near), 1])
    }

    /// The projection of a layer of `width × height` points onto the whole viewport: y down (the
    /// iOS convention, layer y = 0 at the top of the picture) unless `yUp`.
    public static func layer(width: Float, height: Float, yUp: Bool = false) -> Matrix4 {
        yUp ? orthographic(left: 0, right: width, bottom: 0, top: height)
            : orthographic(left: 0, right: width, bottom: height, top: 0)
    }

    /// The projection of a layer onto a framebuffer of `framebufferWidth × framebufferHeight`
    /// pixels at `scale` pixels per point (default `Screen.main.scale`, the screen's): a layer of
    /// `framebufferWidth ÷ scale × framebufferHeight ÷ scale` points, so one point of the layer
    /// covers `scale` pixels, as on an iOS screen of that scale.
    public static func layer(framebufferWidth: Int, framebufferHeight: Int, scale: CGFloat = Screen.main.scale,
                             yUp: Bool = false) -> Matrix4 {
        let s = scale.isFinite && scale > 0 ? Float(scale) : 1
        return layer(width: Float(max(framebufferWidth, 1)) / s, height: Float(max(framebufferHeight, 1)) / s, yUp: yUp)
    }

    /// `self × other`.
    /// Sets the value at `column`, `row`.
    public mutating func set(column: Int, row: Int, _ value: Float) { columns[column * 4 + row] = value }

    /// The product `a × b`: applies `b` first, then `a`.
    public static func * (a: Matrix4, b: Matrix4) -> Matrix4 {
        var out = [Float](repeating: 0, count: 16)
        for c in 0..<4 {
            for r in 0..<4 {
                var v: Float = 0
                for k in 0..<4 { v += a.columns[k * 4 + r] * b.columns[c * 4 + k] }
                out[c * 4 + r] = v
            }
        }
        return Matrix4(columns: out)
    }
}

/// A uniform of GLSL type `mat4` takes a `Matrix4` (column by column, as GLSL reads it).
extension Matrix4: UniformMatrix4 {}

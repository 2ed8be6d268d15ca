/// One operation of a layer transform, as written in an effect file. A transform is a list of
/// them applied in order.
public enum TransformOperation: Equatable, Sendable {
    /// Moves by x and y points.
    case translate(x: Double, y: Double)
    /// Moves along z by the given points (no visible effect without depth).
    case translateZ(Double)
    /// About the z axis, radians.
    case rotate(Double)
    /// About the x axis, radians; foreshortens y when flattened.
    case rotateX(Double)
    /// About the y axis, radians; foreshortens x when flattened.
    case rotateY(Double)
    /// Scales by factors x and y (`{"scale": s}` sets both).
    case scale(x: Double, y: Double)
    /// Sets m34 = −1/d.
    case perspective(Double)
}

extension Array where Element == TransformOperation {
    /// The operations as a 2D affine transform, projecting orthographically: rotations about x
    /// and y foreshorten, `translateZ` and `perspective` have no effect without depth.
    public var affineTransform: AffineTransform {
        var result = AffineTransform.identity
        for operation in self {
            let step: AffineTransform
            switch operation {
            case .translate(let x, let y): step = .translation(x, y)
            case .rotate(let angle): step = .rotation(angle)
            case .rotateX(let angle): step = .scale(1, cos(angle))
            case .rotateY(let angle): step = .scale(cos(angle), 1)
            case .scale(let x, let y): step = .scale(x, y)
            case .translateZ, .perspective: continue
            }
            // Core Animation's CATransform3DTranslate/Rotate/Scale pre-multiply: the newest
            // operation acts first on the layer's points.
            result = step.concatenating(result)
        }
        return result
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A layer transform decomposed into the parts Core Animation interpolates: translation,
/// rotation about each axis, scale, and perspective. Interpolating the parts (not the matrix
/// entries) keeps a rotation a rotation halfway through.
public struct TransformValue: Equatable, Sendable {
    /// Points along x, y (down) and z (towards the viewer); default 0.
    public var translationX = 0.0, translationY = 0.0, translationZ = 0.0
    /// Radians about x, y and z.
    public var rotationX = 0.0, rotationY = 0.0, rotationZ = 0.0
    /// Scale factors along x, y and z; default 1.
    public var scaleX = 1.0, scaleY = 1.0, scaleZ = 1.0
    /// The perspective distance d (m34 = −1/d); 0 means none.
    public var perspective = 0.0

    /// The identity: no translation, rotation or perspective, scale 1.
    public init() {}

    /// The transform that changes nothing (`CATransform3DIdentity`).
    public static let identity = TransformValue()

    /// Reads a list of operations. A list in the canonical order — translations, then
    /// rotations, then scales, each at most once — is read part by part, so a rotation of
    /// 720° stays 720°. Any other list is composed and decomposed, as Core Animation does.
    public init(_ operations: [TransformOperation]) {
        var rank = 0
        var canonical = true
        var seen = Set<Int>()
        for operation in operations {
            let (order, kind): (Int, Int)
            switch operation {
            case .perspective: (order, kind) = (0, 0)
            case .translate: (order, kind) = (1, 1)
            case .translateZ: (order, kind) = (1, 2)
            case .rotate: (order, kind) = (2, 3)
            case .rotateX: (order, kind) = (2, 4)
            case .rotateY: (order, kind) = (2, 5)
            case .scale: (order, kind) = (3, 6)
            }
            if order < rank || seen.contains(kind) { canonical = false }
            rank = max(rank, order)
            seen.insert(kind)
        }
        for operation in operations {
            switch operation {
            case .translateZ(let z): translationZ += z
            case .rotateX(let angle): rotationX += angle
            case .rotateY(let angle): rotationY += angle
            case .perspective(let d): perspective = d
            case .translate(let x, let y) where canonical: translationX = x; translationY = y
            case .rotate(let angle) where canonical: rotationZ = angle
            case .scale(let x, let y) where canonical: scaleX = x; scaleY = y
            default: break
            }
        }
        if !canonical {
            let planar = operations.filter {
                switch $0 { case .translate, .rotate, .scale: return true; default: return false }
            }.affineTransform
            translationX = planar.tx
            translationY = planar.ty
            scaleX = (planar.a * planar.a + planar.b * planar.b).squareRoot()
            rotationZ = atan2(planar.b, planar.a)
            scaleY = scaleX == 0 ? (planar.c * planar.c + planar.d * planar.d).squareRoot() : (planar.a * planar.d - planar.b * planar.c) / scaleX
        }
    }

    /// The operations that rebuild this transform: M = P · T · R · S.
    public var operations: [TransformOperation] {
        var result: [TransformOperation] = []
        if perspective != 0 { result.append(.perspective(perspective)) }
        if translationX != 0 || translationY != 0 { result.append(.translate(x: translationX, y: translationY)) }
        if translationZ != 0 { result.append(.translateZ(translationZ)) }
        if rotationZ != 0 { result.append(.rotate(rotationZ)) }
        if rotationY != 0 { result.append(.rotateY(rotationY)) }
        if rotationX != 0 { result.append(.rotateX(rotationX)) }
        if scaleX != 1 || scaleY != 1 { result.append(.scale(x: scaleX, y: scaleY)) }
        return result
    }

    /// The parts as a vector, for interpolation. Perspective enters as m34 = −1/d, which is
    /// what Core Animation interpolates (linear in m34, not in the distance).
    var components: [Double] {
        [translationX, translationY, translationZ, rotationX, rotationY, rotationZ, scaleX, scaleY, scaleZ,
         perspective == 0 ? 0 : -1 / perspective]
    }

    init(components c: [Double]) {
        translationX = c[0]; translationY = c[1]; translationZ = c[2]
        rotationX = c[3]; rotationY = c[4]; rotationZ = c[5]
        scaleX = c[6]; scaleY = c[7]; scaleZ = c[8]
        perspective = c[9] == 0 ? 0 : -1 / c[9]
    }
}

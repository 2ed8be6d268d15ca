extension Array where Element == TransformOperation {
    /// The operations as a 3D transform, composed as Core Animation's `CATransform3D…`
    /// functions compose them: the last operation written acts first on the layer's points.
    public var matrix: Matrix4 {
        var result = Matrix4.identity
        for operation in self {
            let step: Matrix4
            switch operation {
            case .translate(let x, let y): step = .translation(x, y)
            case .translateZ(let z): step = .translation(0, 0, z)
            case .rotate(let angle): step = .rotationZ(angle)
            case .rotateX(let angle): step = .rotationX(angle)
            case .rotateY(let angle): step = .rotationY(angle)
            case .scale(let x, let y): step = .scale(x, y)
            case .perspective(let distance): step = .perspective(distance)
            }
            result = step.concatenating(result)
        }
        return result
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an emitter layer's particles are born: its `emitterShape` and `emitterMode` around
/// `emitterPosition`, all shapes centred on that position.
///
/// - `point`: always at the position.
/// - `line`: a segment `emitterSize.width` long along x. Volume, surface and outline: anywhere
///   on it; points: its two ends.
/// - `rectangle`: `emitterSize`. Volume and surface: anywhere inside; outline: on the edges
///   (uniform by length); points: the four corners.
/// - `circle`: radius `emitterSize.width`, as Apple documents `circle` ("a circle centered at
///   (emitterPosition.x, emitterPosition.y, emitterZPosition) of radius emitterSize.width",
///   `CAEmitterLayerEmitterShape`). Volume and surface: uniform over the disc;
///   outline: on the circumference; points: the centre (*fx choice*: a circle has no vertices).
/// - `cuboid`: the rectangle extruded by `emitterDepth` along z. Volume and surface: inside;
///   outline: on its six faces; points: its eight corners.
/// - `sphere`: radius `emitterSize.width` (Apple: the same as the circle's). Volume and
///   surface: inside the ball; outline:
///   on its surface; points: the centre (*fx choice*).
///
/// Every shape sits at depth `emitterZPosition`; cuboids and spheres extend in z.
///
/// fx's `emitterInnerRadius` hollows a circle or sphere in volume and surface modes: births
/// fall between it and the outer radius, uniform by area (by volume for a sphere). Its
/// `emitsOutward` turns each particle's emission longitude to be measured from the direction
/// from the shape's centre to its birth point.
struct EmissionShape {
    /// The emitter layer's keys of this behaviour (fx extensions), as the registry lists them.
    static let properties = [EmitterLayerKeys.emitsOutward, EmitterLayerKeys.emitterInnerRadius]

    var shape: EmitterProperties.Shape
    var mode: EmitterProperties.Mode
    var position: Point
    var size: Size
    var depth: Double
    var zPosition: Double
    var emitsOutward: Bool
    var innerRadius: Double

    init(_ emitter: EmitterProperties) {
        emitsOutward = emitter.emitsOutward
        innerRadius = emitter.emitterInnerRadius
        zPosition = emitter.emitterZPosition
        shape = emitter.emitterShape
        mode = emitter.emitterMode
        position = emitter.emitterPosition
        size = emitter.emitterSize
        depth = emitter.emitterDepth
    }

    func birthPosition(random: RandomKey, particle: UInt64) -> Point3 {
        let u = random.unit(particle: particle, .positionU)
        let v = random.unit(particle: particle, .positionV)
        let w = random.unit(particle: particle, .positionW)
        let vertex = random.unit(particle: particle, .vertex)
        let offset = self.offset(u: u, v: v, w: w, vertex: vertex)
        return Point3(x: position.x + offset.x, y: position.y + offset.y, z: zPosition + depthOffset(u: u, v: v, w: w, vertex: vertex))
    }

    /// The angle emission longitudes are measured from for a particle born at `birth`: the
    /// direction from the shape's centre to it with `emitsOutward`, else 0 (also for a
    /// particle born at the centre).
    func baseAngle(of birth: Point3) -> Double {
        guard emitsOutward else { return 0 }
        let dx = birth.x - position.x, dy = birth.y - position.y
        return dx == 0 && dy == 0 ? 0 : atan2(dy, dx)
    }

    /// The radius in a hollow disc (`dimension` 2) or ball (3) for a uniform draw `t`: uniform
    /// by area (volume) between the inner radius and `outer`.
    private func hollowRadius(_ t: Double, outer: Double, dimension: Double) -> Double {
        let inner = min(innerRadius, outer)
        let low = pow(inner, dimension), high = pow(outer, dimension)
        return pow(low + t * (high - low), 1 / dimension)
    }

    /// The z offset from `emitterZPosition` for the same draws as ``offset(u:v:w:vertex:)``.
    func depthOffset(u: Double, v: Double, w: Double, vertex: Double) -> Double {
        switch shape {
        case .cuboid:
            switch mode {
            case .points: return Int(vertex * 8) >= 4 ? depth / 2 : -depth / 2
            case .outline:
                let width = size.width, height = size.height
                let frontArea = 2 * width * height, total = frontArea + 2 * (width + height) * depth
                guard total > 0 else { return 0 }
                if vertex * total < frontArea { return vertex * total < frontArea / 2 ? -depth / 2 : depth / 2 }
                return (w - 0.5) * depth
            case .volume, .surface: return (w - 0.5) * depth
            }
        case .sphere:
            let radius = size.width
            let z = 2 * v - 1
            switch mode {
            case .points: return 0
            case .outline: return radius * z
            case .volume, .surface:
                let r = innerRadius > 0 ? hollowRadius(w, outer: radius, dimension: 3) : radius * cbrt(w)
                return r * z
            }
        default:
            return 0
        }
    }

    /// The offset from `emitterPosition` for uniform draws u, v, w, vertex in [0, 1).
    func offset(u: Double, v: Double, w: Double, vertex: Double) -> Point {
        let halfWidth = size.width / 2, halfHeight = size.height / 2
        switch shape {
        case .point:
            return .zero
        case .line:
            if mode == .points { return Point(x: vertex < 0.5 ? -halfWidth : halfWidth, y: 0) }
            return Point(x: (u - 0.5) * size.width, y: 0)
        case .rectangle:
            switch mode {
            case .points: return corner(Int(vertex * 4), halfWidth, halfHeight)
            case .outline: return perimeterPoint(u, halfWidth, halfHeight)
            case .volume, .surface: return Point(x: (u - 0.5) * size.width, y: (v - 0.5) * size.height)
            }
        case .circle:
            let radius = size.width
            let angle = 2 * Double.pi * u
            switch mode {
            case .points: return .zero
            case .outline: return Point(x: radius * cos(angle), y: radius * sin(angle))
            case .volume, .surface:
                // sqrt makes the density uniform over the disc's area.
                let r = innerRadius > 0 ? hollowRadius(v, outer: radius, dimension: 2) : radius * v.squareRoot()
                return Point(x: r * cos(angle), y: r * sin(angle))
            }
        case .cuboid:
            switch mode {
            case .points: return corner(Int(vertex * 8) % 4, halfWidth, halfHeight)
            case .outline: return cuboidSurfacePoint(u: u, v: v, face: vertex, halfWidth: halfWidth, halfHeight: halfHeight)
            case .volume, .surface: return Point(x: (u - 0.5) * size.width, y: (v - 0.5) * size.height)
            }
        case .sphere:
            let radius = size.width
            // A uniform direction: z uniform in [-1, 1], azimuth uniform.
            let z = 2 * v - 1
            let ring = (1 - z * z).squareRoot()
            let azimuth = 2 * Double.pi * u
            switch mode {
            case .points: return .zero
            case .outline: return Point(x: radius * ring * cos(azimuth), y: radius * ring * sin(azimuth))
            case .volume, .surface:
                let r = innerRadius > 0 ? hollowRadius(w, outer: radius, dimension: 3) : radius * cbrt(w)
                return Point(x: r * ring * cos(azimuth), y: r * ring * sin(azimuth))
            }
        }
    }

    private func corner(_ index: Int, _ halfWidth: Double, _ halfHeight: Double) -> Point {
        switch index {
        case 0: return Point(x: -halfWidth, y: -halfHeight)
        case 1: return Point(x: halfWidth, y: -halfHeight)
        case 2: return Point(x: halfWidth, y: halfHeight)
        default: return Point(x: -halfWidth, y: halfHeight)
        }
    }

    /// A point on the rectangle's edges, `t` in [0, 1) measured along the perimeter.
    private func perimeterPoint(_ t: Double, _ halfWidth: Double, _ halfHeight: Double) -> Point {
        let width = 2 * halfWidth, height = 2 * halfHeight
        let perimeter = 2 * (width + height)
        guard perimeter > 0 else { return .zero }
        var distance = t * perimeter
        if distance < width { return Point(x: -halfWidth + distance, y: -halfHeight) }
        distance -= width
        if distance < height { return Point(x: halfWidth, y: -halfHeight + distance) }
        distance -= height
        if distance < width { return Point(x: halfWidth - distance, y: halfHeight) }
        distance -= width
        return Point(x: -halfWidth, y: halfHeight - distance)
    }

    /// A point on one of the cuboid's faces, chosen in proportion to its area, projected onto
    /// the x-y plane: the two x-y faces cover the rectangle, the four side faces its edges.
    private func cuboidSurfacePoint(u: Double, v: Double, face: Double, halfWidth: Double, halfHeight: Double) -> Point {
        let width = 2 * halfWidth, height = 2 * halfHeight
        let frontArea = 2 * width * height
        let sideArea = 2 * (width + height) * depth
        let total = frontArea + sideArea
        guard total > 0 else { return perimeterPoint(u, halfWidth, halfHeight) }
        if face * total < frontArea {
            return Point(x: (u - 0.5) * width, y: (v - 0.5) * height)
        }
        return perimeterPoint(u, halfWidth, halfHeight)
    }
}

extension EmitterLayerKeys {
    /// The `emitsOutward` key: each particle's `emissionLongitude` is measured from the direction from
    /// `emitterPosition` to its birth point, so a circle, sphere or rectangle emits outward; a particle born at the
    /// centre uses the plain longitude.
    public static let emitsOutward = PropertyDescriptor(
        "emitsOutward", .emitterLayer, .boolean, access: .value(.bool(\EmitterProperties.emitsOutward)),
        "each particle's `emissionLongitude` is measured from the direction from `emitterPosition` to its birth point, so a circle, sphere or rectangle emits outward; a particle born at the centre uses the plain longitude")
    /// The `emitterInnerRadius` key: for `circle` and `sphere` shapes in `volume` or `surface` mode: births fall in the
    /// ring (shell) between this radius and `emitterSize.width` (the shape's radius), uniform by area (volume); 0 fills the whole disc
    /// (ball).
    public static let emitterInnerRadius = PropertyDescriptor(
        "emitterInnerRadius", .emitterLayer, .number, range: .nonNegative, unit: "pt",
        access: .value(.number(\EmitterProperties.emitterInnerRadius)),
        "for `circle` and `sphere` shapes in `volume` or `surface` mode: births fall in the ring (shell) between this radius and `emitterSize.width` (the shape's radius), uniform by area (volume); 0 fills the whole disc (ball)")
}

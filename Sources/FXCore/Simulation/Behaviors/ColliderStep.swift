/// fx's `colliders`: an emitter layer's lines, circles and rectangles over one step of a cell's
/// particles (every cell of the layer, sub-cells included).
///
/// The test is swept: each particle's path over the step, from its position at the step's
/// start (the previous-position column) to where the step's forces took it, is a segment, and
/// the first collider it meets on it is hit — never a check of where the particle is at the
/// step's ends, so a particle cannot tunnel through at any step rate. At a hit the velocity's
/// part along the normal is reversed and scaled by `bounce`, the part along the surface by
/// 1 − `friction`, and the rest of the step's path is reflected the same way and swept again
/// (up to ``maxBounces`` hits a step; past them the particle waits at its last hit). A particle
/// is kept ``margin`` off the surface on the side it came from, so the side it is on is never
/// in doubt. A `kills` collider ends the particle's life at the moment of the hit, where it hit.
///
/// Sides: a line is two-sided — a particle stays on the side it starts on. A particle outside a
/// circle or rectangle (or exactly on its outline) stays outside; one inside stays inside.
final class ColliderStep: ParticleBehavior {
    /// The behaviour's key, as the property registry lists it.
    static let properties = [EmitterLayerKeys.colliders]

    /// Every cell of a layer with colliders (sub-cells too).
    static func make(for cell: EmitterCell, in context: BehaviorContext) -> ColliderStep? {
        context.layer.colliders.isEmpty ? nil : ColliderStep()
    }

    /// About 6 plain steps a collider (`fx bench`: 19 ns a particle-step with two colliders, 1.5 plain).
    static func stepCost(of cell: EmitterCell, in layer: EmitterProperties) -> Double { 6 * Double(layer.colliders.count) }

    var needsPreviousPosition: Bool { true }
    /// Last of the motion passes: the swept path is the one every other pass made.
    var passes: [(pass: StepPass, order: Int)] { [(.motion, 2)] }
    func advancesNewborns(in pass: StepPass) -> Bool { true }

    /// The layer's colliders as presented this step.
    func configure(presented cell: EmitterCell, layer: EmitterProperties) {
        shapes = Self.shapes(layer.colliders)
    }

    func step(_ pass: StepPass, _ span: ParticleSpan) {
        guard !shapes.isEmpty, let previousX = span.previousX, let previousY = span.previousY, span.duration > 0,
              !span.range.isEmpty else { return }
        apply(to: span.store, range: span.range, previousX: previousX, previousY: previousY, duration: Double(span.duration), end: span.end)
    }

    /// The most hits one particle takes in one step; after them it waits at the last one.
    static let maxBounces = 4
    /// How far off the surface a particle is left after a hit, points: more than the rounding
    /// of single-precision coordinates up to 10 000 points, so its side is never in doubt.
    static let margin = 0.01

    /// One collider in the form the sweep reads.
    struct Shape {
        enum Outline {
            /// From (ax, ay) to (ax + ex, ay + ey); `normal` is the unit (−ey, ex) / |e|.
            case line(ax: Double, ay: Double, ex: Double, ey: Double, normalX: Double, normalY: Double, lengthSquared: Double)
            case circle(cx: Double, cy: Double, radius: Double)
            case rect(minX: Double, minY: Double, maxX: Double, maxY: Double)
        }
        let outline: Outline
        let bounce: Double
        let keptAlong: Double
        let kills: Bool
    }

    /// The first hit on a path: the fraction of the path, the unit normal pointing to the side
    /// the particle came from, and the collider.
    struct Hit {
        var fraction: Double
        var normalX: Double, normalY: Double
        var collider: Int
    }

    /// The colliders this step, in the form the sweep reads (none: the pass costs nothing).
    private(set) var shapes: [Shape] = []

    /// A layer's `colliders` as presented now, in the form the sweep reads.
    static func shapes(_ colliders: [Collider]) -> [Shape] {
        colliders.compactMap { collider in
            let outline: Shape.Outline
            switch collider.shape {
            case .line(let from, let to):
                let ex = to.x - from.x, ey = to.y - from.y
                let lengthSquared = ex * ex + ey * ey
                guard lengthSquared > 0 else { return nil }
                let length = lengthSquared.squareRoot()
                outline = .line(ax: from.x, ay: from.y, ex: ex, ey: ey, normalX: -ey / length, normalY: ex / length, lengthSquared: lengthSquared)
            case .circle(let center, let radius):
                guard radius > 0 else { return nil }
                outline = .circle(cx: center.x, cy: center.y, radius: radius)
            case .rect(let rect):
                guard rect.size.width > 0, rect.size.height > 0 else { return nil }
                outline = .rect(minX: rect.origin.x, minY: rect.origin.y, maxX: rect.origin.x + rect.size.width, maxY: rect.origin.y + rect.size.height)
            }
            return Shape(outline: outline, bounce: min(max(collider.bounce, 0), 1), keptAlong: 1 - min(max(collider.friction, 0), 1),
                         kills: collider.kills)
        }
    }

    /// The first collider the path from (x0, y0) to (x1, y1) crosses from the side it starts
    /// on, or nil.
    static func firstHit(x0: Double, y0: Double, x1: Double, y1: Double, shapes: UnsafeBufferPointer<Shape>) -> Hit? {
        var best: Hit?
        let dx = x1 - x0, dy = y1 - y0
        for (index, shape) in shapes.enumerated() {
            let limit = best?.fraction ?? 1
            switch shape.outline {
            case .line(let ax, let ay, let ex, let ey, let nx, let ny, let lengthSquared):
                // Signed distances (times the length) from the line; 0 counts as the positive side.
                let s0 = nx * (x0 - ax) + ny * (y0 - ay), s1 = nx * (x1 - ax) + ny * (y1 - ay)
                let positive = s0 >= 0
                guard positive ? s1 < 0 : s1 >= 0 else { continue }
                let t = s0 == s1 ? 0 : s0 / (s0 - s1)
                guard t <= limit else { continue }
                let hx = x0 + t * dx - ax, hy = y0 + t * dy - ay
                let along = (hx * ex + hy * ey) / lengthSquared
                guard along >= 0, along <= 1 else { continue }
                best = Hit(fraction: t, normalX: positive ? nx : -nx, normalY: positive ? ny : -ny, collider: index)
            case .circle(let cx, let cy, let radius):
                let fx = x0 - cx, fy = y0 - cy
                let a = dx * dx + dy * dy
                guard a > 0 else { continue }
                let b = 2 * (fx * dx + fy * dy)
                let c = fx * fx + fy * fy - radius * radius
                let discriminant = b * b - 4 * a * c
                let t: Double, outward: Double
                if c >= 0 {
                    // Outside (or on the outline): the path enters where it first meets it.
                    guard b < 0, discriminant >= 0 else { continue }
                    t = max(0, (-b - discriminant.squareRoot()) / (2 * a))
                    outward = 1
                } else {
                    // Inside: it leaves where it last meets it.
                    t = (-b + max(discriminant, 0).squareRoot()) / (2 * a)
                    outward = -1
                }
                guard t <= limit else { continue }
                let hx = fx + t * dx, hy = fy + t * dy
                let length = (hx * hx + hy * hy).squareRoot()
                guard length > 0 else { continue }
                best = Hit(fraction: t, normalX: outward * hx / length, normalY: outward * hy / length, collider: index)
            case .rect(let minX, let minY, let maxX, let maxY):
                let inside = x0 > minX && x0 < maxX && y0 > minY && y0 < maxY
                if inside {
                    // Leaves through the first side it reaches (reaching the outline counts).
                    let tx = dx > 0 ? (maxX - x0) / dx : dx < 0 ? (minX - x0) / dx : .infinity
                    let ty = dy > 0 ? (maxY - y0) / dy : dy < 0 ? (minY - y0) / dy : .infinity
                    let t = min(tx, ty)
                    guard t <= limit else { continue }
                    best = tx <= ty ? Hit(fraction: t, normalX: dx > 0 ? -1 : 1, normalY: 0, collider: index)
                        : Hit(fraction: t, normalX: 0, normalY: dy > 0 ? -1 : 1, collider: index)
                } else {
                    // Enters where it is inside both slabs (Kay and Kajiya's slab test).
                    var enter = -Double.infinity, exit = Double.infinity
                    var enteringX = true
                    if dx != 0 {
                        let t1 = (minX - x0) / dx, t2 = (maxX - x0) / dx
                        enter = min(t1, t2)
                        exit = max(t1, t2)
                    } else if x0 <= minX || x0 >= maxX {
                        continue
                    }
                    if dy != 0 {
                        let t1 = (minY - y0) / dy, t2 = (maxY - y0) / dy
                        if min(t1, t2) > enter {
                            enter = min(t1, t2)
                            enteringX = false
                        }
                        exit = min(exit, max(t1, t2))
                    } else if y0 <= minY || y0 >= maxY {
                        continue
                    }
                    guard enter < exit, enter >= 0, enter <= limit else { continue }
                    best = enteringX ? Hit(fraction: enter, normalX: dx > 0 ? -1 : 1, normalY: 0, collider: index)
                        : Hit(fraction: enter, normalX: 0, normalY: dy > 0 ? -1 : 1, collider: index)
                }
            }
        }
        return best
    }

    /// Sweeps the particles in `range` of `store` over the step of `duration` seconds that
    /// ended at layer time `end`, from their start (`previousX`, `previousY`) to where they are.
    func apply(to store: ParticleStore, range: Range<Int>, previousX: UnsafeMutablePointer<Float>, previousY: UnsafeMutablePointer<Float>,
               duration: Double, end: Double) {
        let x = store.x, y = store.y, vx = store.vx, vy = store.vy, deathTime = store.deathTime
        let margin = ColliderStep.margin
        shapes.withUnsafeBufferPointer { shapes in
            for i in range {
                var startX = Double(previousX[i]), startY = Double(previousY[i])
                var endX = Double(x[i]), endY = Double(y[i])
                guard var hit = ColliderStep.firstHit(x0: startX, y0: startY, x1: endX, y1: endY, shapes: shapes) else { continue }
                var velocityX = Double(vx[i]), velocityY = Double(vy[i])
                // The fraction of the step gone when the present path starts.
                var elapsed = 0.0
                var bounces = 0
                while true {
                    let fraction = elapsed + hit.fraction * (1 - elapsed)
                    let time = end - (1 - fraction) * duration
                    // A particle whose life ends before the hit never reaches it.
                    if deathTime[i] <= time { break }
                    let hitX = startX + hit.fraction * (endX - startX), hitY = startY + hit.fraction * (endY - startY)
                    let shape = shapes[hit.collider]
                    if shape.kills {
                        // It ends at the hit, kept off the surface on its own side as a bounce
                        // is, so that what it makes at its death (emitOn "death": a splash) starts
                        // on the side it came from. Its place at the step's start is the same,
                        // so that whatever asks where it was at its death finds that point.
                        deathTime[i] = time
                        endX = hitX + hit.normalX * margin
                        endY = hitY + hit.normalY * margin
                        previousX[i] = Float(endX)
                        previousY[i] = Float(endY)
                        break
                    }
                    let nx = hit.normalX, ny = hit.normalY
                    // The rest of the path and the velocity, reflected off the surface.
                    func reflect(_ ux: inout Double, _ uy: inout Double) {
                        let normal = ux * nx + uy * ny
                        guard normal < 0 else { return }
                        let alongX = ux - normal * nx, alongY = uy - normal * ny
                        ux = alongX * shape.keptAlong - normal * shape.bounce * nx
                        uy = alongY * shape.keptAlong - normal * shape.bounce * ny
                    }
                    var restX = endX - hitX, restY = endY - hitY
                    reflect(&restX, &restY)
                    reflect(&velocityX, &velocityY)
                    startX = hitX + nx * margin
                    startY = hitY + ny * margin
                    endX = startX + restX
                    endY = startY + restY
                    elapsed = fraction
                    bounces += 1
                    guard let next = ColliderStep.firstHit(x0: startX, y0: startY, x1: endX, y1: endY, shapes: shapes) else { break }
                    guard bounces < ColliderStep.maxBounces else {
                        // Out of bounces: wait at the last hit, no longer moving into the surface.
                        endX = startX
                        endY = startY
                        let normal = velocityX * next.normalX + velocityY * next.normalY
                        if normal < 0 {
                            velocityX -= normal * next.normalX
                            velocityY -= normal * next.normalY
                        }
                        break
                    }
                    hit = next
                }
                x[i] = Float(endX)
                y[i] = Float(endY)
                vx[i] = Float(velocityX)
                vy[i] = Float(velocityY)
            }
        }
    }
}

extension EmitterLayerKeys {
    /// The `colliders` key: a list of colliders every particle of the layer bounces off or dies on, sub-cells'
    /// included: `{"name", "type": "line" | "circle" | "rect", "from"/"to" | "center"/"radius" | "rect", "bounce": 0…1,
    /// "friction": 0…1, "kills": false}`; swept, so no particle crosses one at any step rate; particles stay on the
    /// side they start on.
    public static let colliders = PropertyDescriptor(
        "colliders", .emitterLayer, .structure, default: .empty("[]"), members: ColliderKeys.all, isListOfObjects: true,
        "a list of colliders every particle of the layer bounces off or dies on, sub-cells' included: `{\"name\", \"type\": \"line\" | \"circle\" | \"rect\", \"from\"/\"to\" | \"center\"/\"radius\" | \"rect\", \"bounce\": 0…1, \"friction\": 0…1, \"kills\": false}`; swept, so no particle crosses one at any step rate; particles stay on the side they start on")
}

extension ColliderKeys {
    /// The `name` member: the collider's name, unique in the list; required.
    public static let name = PropertyDescriptor(
        PropertyDescriptor.elementName, .emitterLayer, .string, default: .required, access: .choice(.text(\Collider.name)), required: true,
        examples: ["\"floor\""], "the collider's name, unique in the list; required")
    /// The `type` member: `line` (from `from` to `to`, two-sided), `circle` (`center`, `radius`) or `rect` (`rect`); required.
    public static let type = PropertyDescriptor(
        PropertyDescriptor.elementType, .emitterLayer, .cases(of: Collider.ShapeType.self), default: .required, required: true,
        "`line` (from `from` to `to`, two-sided), `circle` (`center`, `radius`) or `rect` (`rect`); required")
    /// The `from` key: a line's first end, in the layer's coordinates.
    public static let from = PropertyDescriptor(
        "from", .emitterLayer, .point, unit: "pt", default: .required, "a line's first end, in the layer's coordinates")
    /// The `to` key: a line's other end.
    public static let to = PropertyDescriptor(
        "to", .emitterLayer, .point, unit: "pt", default: .required, "a line's other end")
    /// The `center` key: a circle's centre.
    public static let center = PropertyDescriptor(
        "center", .emitterLayer, .point, unit: "pt", default: .required, "a circle's centre")
    /// The `radius` key: a circle's radius.
    public static let radius = PropertyDescriptor(
        "radius", .emitterLayer, .number, range: .positive, unit: "pt", default: .required, "a circle's radius")
    /// The `rect` key: a rectangle `[x, y, width, height]`, axis-aligned.
    public static let rect = PropertyDescriptor(
        "rect", .emitterLayer, .rect, unit: "pt", default: .required, "a rectangle `[x, y, width, height]`, axis-aligned")
    /// The `bounce` key: the part of the velocity along the surface's normal kept (reversed) at a hit: 0 stops it, 1 is
    /// a perfect bounce.
    public static let bounce = PropertyDescriptor(
        "bounce", .emitterLayer, .number, range: .unit, access: .value(.number(\Collider.bounce)),
        "the part of the velocity along the surface's normal kept (reversed) at a hit: 0 stops it, 1 is a perfect bounce")
    /// The `friction` key: the part of the velocity along the surface lost at each hit.
    public static let friction = PropertyDescriptor(
        "friction", .emitterLayer, .number, range: .unit, access: .value(.number(\Collider.friction)),
        "the part of the velocity along the surface lost at each hit")
    /// The `kills` key: a particle that hits it dies there, at the moment of the hit.
    public static let kills = PropertyDescriptor(
        "kills", .emitterLayer, .boolean, access: .value(.bool(\Collider.kills)),
        "a particle that hits it dies there, at the moment of the hit")

    static let all = [name, type, from, to, center, radius, rect, bounce, friction, kills]

    /// The keys of each type of collider's shape.
    static func shapeKeys(of type: Collider.ShapeType) -> [PropertyDescriptor] {
        switch type {
        case .line: return [from, to]
        case .circle: return [center, radius]
        case .rect: return [rect]
        }
    }
}

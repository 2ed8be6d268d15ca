#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The meshes of each transition type at one moment, in the layer's plane: where each bit of
/// the old and the new drawing goes (after the transition's own turn in depth and perspective),
/// with the shading and alpha it is drawn with. Pure arithmetic on the layer's bounds, so the
/// same moment gives the same meshes everywhere.
struct TransitionGeometry {
    /// One mesh in the layer's plane.
    struct Mesh {
        var source: DrawList.TransitionGroup.Source
        var compositing: DrawList.TransitionGroup.Compositing = .over
        /// Where each vertex's texel is in the layer's plane before the transition (its place in
        /// the snapshot); unused for solid meshes.
        var sourcePoints: [Point] = []
        /// Where each vertex is drawn, in the layer's plane.
        var points: [Point] = []
        /// The colour multiplied into the snapshot (or drawn, for solid meshes), per vertex.
        var colors: [Color] = []
        /// Three vertex indices per triangle.
        var triangles: [Int32] = []
    }

    /// The layer's bounds: what the transition's geometry is measured on.
    let bounds: Rect
    /// The part of the layer's plane its drawing can cover (the bounds, and contents reaching
    /// beyond them): what the meshes cover.
    let content: Rect
    /// Grid cells along each side of a mesh that only moves (more under a perspective, so that
    /// the snapshot is mapped closely enough).
    let minimumCells: Int
    /// The longest a cell's side may be, in the layer's units (a few hundred output pixels):
    /// large layers get more cells, as SDL's software rasterizer draws large triangles wrongly.
    var cellLength: Double = .infinity
    /// The most cells along a side.
    static let maximumCells = 256

    var center: Point { Point(x: bounds.origin.x + bounds.size.width / 2, y: bounds.origin.y + bounds.size.height / 2) }
    var width: Double { bounds.size.width }
    var height: Double { bounds.size.height }

    /// The meshes of `type` from `subtype`'s side at `progress` (0…1), drawn in order.
    func meshes(_ type: TransitionType, subtype: TransitionSubtype, progress p: Double) -> [Mesh] {
        let motion = subtype.motion
        let shift = Point(x: motion.x * width, y: motion.y * height)
        func moved(_ source: DrawList.TransitionGroup.Source, by amount: Double, alpha: Double = 1,
                   compositing: DrawList.TransitionGroup.Compositing = .over) -> Mesh {
            var mesh = grid(source, cells: minimumCells) { point in
                (Point(x: point.x + shift.x * amount, y: point.y + shift.y * amount), Color(red: 1, green: 1, blue: 1, alpha: alpha))
            }
            mesh.compositing = compositing
            return mesh
        }
        switch type {
        case .fade:
            return [moved(.previous, by: 0, alpha: 1 - p, compositing: .add), moved(.current, by: 0, alpha: p, compositing: .add)]
        case .push:
            return [moved(.previous, by: p), moved(.current, by: p - 1)]
        case .moveIn:
            return [moved(.previous, by: 0), moved(.current, by: p - 1)]
        case .reveal:
            return [moved(.current, by: 0), moved(.previous, by: p)]
        case .cube:
            return cube(motion: motion, progress: p)
        case .oglFlip:
            return [flip(motion: motion, progress: p)]
        case .rippleEffect:
            return ripple(progress: p)
        case .suckEffect:
            return [moved(.current, by: 0), suck(progress: p)]
        case .pageCurl:
            return [moved(.current, by: 0)] + curl(.previous, motion: motion, progress: p)
        case .pageUnCurl:
            return [moved(.previous, by: 0)] + curl(.current, motion: motion, progress: 1 - p)
        case .cameraIrisHollowOpen:
            return iris(inside: .current, outside: .previous, radius: p)
        case .cameraIrisHollowClose:
            return iris(inside: .previous, outside: .current, radius: 1 - p)
        }
    }

    /// Whether `type` stays inside the layer's bounds (a page curling off is cut at their edge).
    static func clipsToBounds(_ type: TransitionType) -> Bool {
        type == .pageCurl || type == .pageUnCurl
    }

    // MARK: - Grids

    /// A grid of `cells` × `cells` over the content, each vertex placed by `place` (its point
    /// and colour; nil leaves the vertex out, and the triangles touching it).
    func grid(_ source: DrawList.TransitionGroup.Source, cells: Int, place: (Point) -> (Point, Color)?) -> Mesh {
        var mesh = Mesh(source: source)
        func count(_ length: Double) -> Int {
            let needed = length / cellLength
            return min(max(cells, 1, needed.isFinite ? Int(needed.rounded(.up)) : 1), Self.maximumCells)
        }
        let columns = count(content.size.width), rows = count(content.size.height)
        var index: [Int32] = []
        index.reserveCapacity((columns + 1) * (rows + 1))
        for row in 0...rows {
            for column in 0...columns {
                let point = Point(x: content.origin.x + content.size.width * Double(column) / Double(columns),
                                  y: content.origin.y + content.size.height * Double(row) / Double(rows))
                guard let (placed, color) = place(point), placed.x.isFinite, placed.y.isFinite else {
                    index.append(-1)
                    continue
                }
                index.append(Int32(mesh.points.count))
                mesh.sourcePoints.append(point)
                mesh.points.append(placed)
                mesh.colors.append(color)
            }
        }
        for row in 0..<rows {
            for column in 0..<columns {
                let a = index[row * (columns + 1) + column], b = index[row * (columns + 1) + column + 1]
                let c = index[(row + 1) * (columns + 1) + column + 1], d = index[(row + 1) * (columns + 1) + column]
                if a >= 0, b >= 0, c >= 0 { mesh.triangles += [a, b, c] }
                if a >= 0, c >= 0, d >= 0 { mesh.triangles += [a, c, d] }
            }
        }
        return mesh
    }

    /// A point turned in depth, seen in perspective from `distance` in front of the bounds'
    /// centre: (x, y) in the plane, z towards the viewer.
    func perspective(_ x: Double, _ y: Double, _ z: Double, distance: Double) -> Point? {
        let w = distance - z
        guard w > distance * 0.05 else { return nil }
        let c = center
        return Point(x: c.x + (x - c.x) * distance / w, y: c.y + (y - c.y) * distance / w)
    }

    /// A grey of `shade` (1: untouched) with `alpha`.
    static func shade(_ shade: Double, alpha: Double = 1) -> Color {
        Color(red: shade, green: shade, blue: shade, alpha: alpha)
    }

    // MARK: - Cube and flip

    /// The distance the 3-D transitions are seen from: 2.5 times the bounds' larger side (a
    /// 200-point layer gets m34 = −1/500, the value iOS code usually sets).
    var eyeDistance: Double { 2.5 * max(width, height, 1) }

    /// The cube: the old drawing on its front face turns away in the direction of motion while
    /// the new one, on the next face, turns in; the cube's axis is half a side behind the layer.
    func cube(motion: Point, progress p: Double) -> [Mesh] {
        let horizontal = motion.x != 0
        let sign = horizontal ? motion.x : motion.y
        let half = (horizontal ? width : height) / 2
        let c = center
        let angle = p * .pi / 2
        func face(_ source: DrawList.TransitionGroup.Source, turned: Double) -> Mesh {
            let shade = Self.shade(1 - 0.45 * abs(sin(turned)))
            return grid(source, cells: max(minimumCells, 16)) { point in
                let u = horizontal ? point.x - c.x : point.y - c.y
                let along = u * cos(turned) + sign * half * sin(turned)
                let depth = half * cos(turned) - sign * u * sin(turned) - half
                let placed = horizontal ? perspective(c.x + along, point.y, depth, distance: eyeDistance)
                    : perspective(point.x, c.y + along, depth, distance: eyeDistance)
                return placed.map { ($0, shade) }
            }
        }
        let old = face(.previous, turned: angle), new = face(.current, turned: angle - .pi / 2)
        // The face nearer the viewer (its centre higher in z) is drawn last.
        return cos(angle) >= sin(angle) ? [new, old] : [old, new]
    }

    /// The flip: the layer turns half a turn about its centre line (vertical for left and right,
    /// horizontal for top and bottom), the old drawing on its front, the new on its back.
    func flip(motion: Point, progress p: Double) -> Mesh {
        let horizontal = motion.x != 0
        let sign = horizontal ? motion.x : motion.y
        let c = center
        let angle = p * .pi
        let showsBack = angle > .pi / 2
        let turned = showsBack ? angle - .pi : angle
        let shade = Self.shade(1 - 0.4 * abs(sin(angle)))
        return grid(showsBack ? .current : .previous, cells: max(minimumCells, 16)) { point in
            let u = horizontal ? point.x - c.x : point.y - c.y
            let along = u * cos(turned)
            let depth = -sign * u * sin(turned)
            let placed = horizontal ? perspective(c.x + along, point.y, depth, distance: eyeDistance)
                : perspective(point.x, c.y + along, depth, distance: eyeDistance)
            return placed.map { ($0, shade) }
        }
    }

    // MARK: - Ripple and suck

    /// Rings of waves run out from the centre, strongest half-way, while the old drawing
    /// dissolves into the new; the troughs are shaded.
    func ripple(progress p: Double) -> [Mesh] {
        let c = center
        let reach = max((width * width + height * height).squareRoot() / 2, 1)
        let wavelength = reach / 3
        let amplitude = 0.05 * min(width, height)
        let strength = sin(.pi * p)
        func mesh(_ source: DrawList.TransitionGroup.Source, alpha: Double) -> Mesh {
            var mesh = grid(source, cells: max(minimumCells, 48)) { point in
                let dx = point.x - c.x, dy = point.y - c.y
                let r = (dx * dx + dy * dy).squareRoot()
                let phase = 2 * .pi * (r / wavelength - 2 * p)
                // Waves fade towards the edge of the reach and vanish at the centre point.
                let falloff = max(0, 1 - r / (reach * 1.25)) * min(1, r / (wavelength / 4))
                let push = amplitude * strength * falloff * sin(phase)
                let moved = r > 1e-9 ? Point(x: point.x + dx / r * push, y: point.y + dy / r * push) : point
                return (moved, Self.shade(1 - 0.3 * strength * falloff * (0.5 + 0.5 * cos(phase)), alpha: alpha))
            }
            mesh.compositing = .add
            return mesh
        }
        return [mesh(.previous, alpha: 1 - p), mesh(.current, alpha: p)]
    }

    /// The old drawing sucked into the bounds' bottom-left corner like a cloth into a vacuum
    /// (a genie): rows nearer the bottom go first; each row narrows towards the corner before it
    /// drops into it, so the drawing funnels in.
    func suck(progress p: Double) -> Mesh {
        let target = Point(x: bounds.origin.x, y: bounds.origin.y + height)
        return grid(.previous, cells: max(minimumCells, 32)) { point in
            // How far above the corner the point is, 0 at the bottom edge, 1 at the top.
            let above = min(max((target.y - point.y) / max(height, 1), 0), 1)
            let own = min(max(2 * p - above, 0), 1)
            let narrowed = 1 - (1 - own) * (1 - own) * (1 - own)
            let dropped = own * own
            return (Point(x: point.x + (target.x - point.x) * narrowed, y: point.y + (target.y - point.y) * dropped),
                    Self.shade(1 - 0.25 * own, alpha: 1 - own * own * own * own))
        }
    }

    // MARK: - Page curl

    /// A page curling off: the sheet (`sheet`) rolls up over a cylinder whose axis sweeps from the
    /// subtype's side across the page (tilted, so that the leading corner lifts first), its back
    /// pale and faintly showing the drawing through, with a shadow on what it uncovers.
    /// `progress` 0 is the flat page, 1 the page gone.
    func curl(_ sheet: DrawList.TransitionGroup.Source, motion: Point, progress p: Double) -> [Mesh] {
        // The sweep's direction: the motion, tilted a fifth of a right angle so that the lower
        // corner (the right one for vertical motion) leads.
        let tilt = 0.36
        var direction = motion.x != 0 ? Point(x: motion.x, y: -tilt) : Point(x: -tilt, y: motion.y)
        let length = (direction.x * direction.x + direction.y * direction.y).squareRoot()
        direction = Point(x: direction.x / length, y: direction.y / length)
        let across = Point(x: -direction.y, y: direction.x)
        let corners = [bounds.origin, Point(x: bounds.origin.x + width, y: bounds.origin.y),
                       Point(x: bounds.origin.x, y: bounds.origin.y + height), Point(x: bounds.origin.x + width, y: bounds.origin.y + height)]
        func along(_ point: Point) -> Double { point.x * direction.x + point.y * direction.y }
        func sideways(_ point: Point) -> Double { point.x * across.x + point.y * across.y }
        let start = corners.map(along).min()!, end = corners.map(along).max()!
        let span = end - start
        let radius = max(0.12 * min(width, height), 1)
        let line = start + p * (span + radius)
        let distance = 4 * max(width, height, 1)

        /// Where a point of the sheet goes, how far round the cylinder it is (radians), and its z.
        func rolled(_ point: Point) -> (Point?, Double) {
            let s = along(point)
            let d = line - s
            guard d > 0 else { return (perspective(point.x, point.y, 0, distance: distance), 0) }
            let angle = d / radius
            let moved: Double, z: Double
            if angle < .pi {
                moved = line - radius * sin(angle)
                z = radius * (1 - cos(angle))
            } else {
                moved = line + (d - .pi * radius)
                z = 2 * radius
            }
            let shifted = Point(x: point.x + direction.x * (moved - s), y: point.y + direction.y * (moved - s))
            return (perspective(shifted.x, shifted.y, z, distance: distance), angle)
        }

        // One grid of the sheet, its triangles sorted into the front (still facing the viewer)
        // and the back (rolled past the top of the cylinder), each drawn in order of height.
        let whole = grid(sheet, cells: max(minimumCells, 64)) { point in
            let (placed, angle) = rolled(point)
            let shade = angle <= 0 ? 1 : 1 - 0.35 * sin(min(angle, .pi / 2))
            return placed.map { ($0, Self.shade(shade)) }
        }
        var front = Mesh(source: sheet), back = Mesh(source: sheet)
        front.sourcePoints = whole.sourcePoints; front.points = whole.points; front.colors = whole.colors
        back.sourcePoints = whole.sourcePoints; back.points = whole.points
        back.colors = whole.colors.map { _ in Self.shade(1, alpha: 0.3) }
        var backing = Mesh(source: .solid)
        backing.points = whole.points
        backing.sourcePoints = whole.sourcePoints
        backing.colors = whole.colors.map { _ in Color(red: 0.93, green: 0.93, blue: 0.91, alpha: 1) }
        var frontTriangles: [(Double, [Int32])] = [], backTriangles: [(Double, [Int32])] = []
        for index in stride(from: 0, to: whole.triangles.count, by: 3) {
            let triangle = Array(whole.triangles[index..<index + 3])
            let centroid = triangle.reduce(0.0) { $0 + along(whole.sourcePoints[Int($1)]) } / 3
            let d = line - centroid
            if d > .pi / 2 * radius {
                backTriangles.append((d, triangle))
            } else {
                frontTriangles.append((d, triangle))
            }
        }
        // Higher up the roll is drawn later (the roll rises monotonically with d).
        front.triangles = frontTriangles.sorted { $0.0 < $1.0 }.flatMap(\.1)
        back.triangles = backTriangles.sorted { $0.0 < $1.0 }.flatMap(\.1)
        backing.triangles = back.triangles

        // The shadow the roll casts on the uncovered page, just before the roll's near edge.
        var shadow = Mesh(source: .solid)
        let lowSide = corners.map(sideways).min()!, highSide = corners.map(sideways).max()!
        let near = line - radius, far = line - 2 * radius
        if p > 0, p < 1 {
            // Cut along its length into pieces no longer than a cell.
            let length = highSide - lowSide
            let pieces = min(max(1, (length / cellLength).isFinite ? Int((length / cellLength).rounded(.up)) : 1), Self.maximumCells)
            for k in 0...pieces {
                let t = lowSide + length * Double(k) / Double(pieces)
                for (s, alpha) in [(far, 0.0), (near, 0.3)] {
                    shadow.points.append(Point(x: direction.x * s + across.x * t, y: direction.y * s + across.y * t))
                    shadow.colors.append(Color(red: 0, green: 0, blue: 0, alpha: alpha))
                }
            }
            shadow.sourcePoints = shadow.points
            for k in 0..<Int32(pieces) {
                let a = 2 * k, b = a + 1, c = a + 2, d = a + 3
                shadow.triangles += [a, c, d, a, d, b]
            }
        }
        return [shadow, front, backing, back]
    }

    // MARK: - Iris

    /// A round opening at the centre, `radius` 0…1 of the way to the bounds' corners: `inside`
    /// shows through it, `outside` around it (cut at the content's edge), with a dark rim.
    func iris(inside: DrawList.TransitionGroup.Source, outside: DrawList.TransitionGroup.Source, radius: Double) -> [Mesh] {
        let c = center
        let reach = (width * width + height * height).squareRoot() / 2
        let r = max(0, radius) * reach
        let rim = 0.04 * min(width, height)
        let segments = 96
        /// How far a ray from the centre at `angle` runs inside the content rectangle.
        func exit(_ angle: Double) -> Double {
            let dx = cos(angle), dy = sin(angle)
            var t = Double.infinity
            if dx > 1e-12 { t = min(t, (content.origin.x + content.size.width - c.x) / dx) }
            if dx < -1e-12 { t = min(t, (content.origin.x - c.x) / dx) }
            if dy > 1e-12 { t = min(t, (content.origin.y + content.size.height - c.y) / dy) }
            if dy < -1e-12 { t = min(t, (content.origin.y - c.y) / dy) }
            return max(0, t)
        }
        // Rings are cut across into steps no longer than a cell.
        let farthest = max(abs(content.origin.x - c.x), abs(content.origin.x + content.size.width - c.x),
                           abs(content.origin.y - c.y), abs(content.origin.y + content.size.height - c.y)) * 1.5
        let steps = min(max(1, (farthest / cellLength).isFinite ? Int((farthest / cellLength).rounded(.up)) : 1), Self.maximumCells)
        /// A band from `inner` to `outer` round the centre (cut at the content's edge), its colour
        /// from 0 (inner edge) to 1 (outer).
        func ring(_ source: DrawList.TransitionGroup.Source, from inner: (Double) -> Double, to outer: (Double) -> Double,
                  color: (Double) -> Color) -> Mesh {
            var mesh = Mesh(source: source)
            for k in 0...segments {
                let angle = 2 * .pi * Double(k) / Double(segments)
                let limit = exit(angle)
                let near = min(inner(angle), limit), far = min(outer(angle), limit)
                for step in 0...steps {
                    let fraction = Double(step) / Double(steps)
                    let distance = near + (far - near) * fraction
                    let point = Point(x: c.x + cos(angle) * distance, y: c.y + sin(angle) * distance)
                    mesh.points.append(point)
                    mesh.sourcePoints.append(point)
                    mesh.colors.append(color(fraction))
                }
            }
            let column = Int32(steps + 1)
            for k in 0..<Int32(segments) {
                for step in 0..<Int32(steps) {
                    let a = k * column + step, b = a + 1, d = a + column, e = d + 1
                    mesh.triangles += [a, d, e, a, e, b]
                }
            }
            return mesh
        }
        let white = Color.white
        var meshes = [ring(outside, from: { _ in r }, to: exit, color: { _ in white }),
                      ring(inside, from: { _ in 0 }, to: { _ in r }, color: { _ in white })]
        if radius > 0, radius < 1 {
            // The rim darkens the outside just beyond the opening, fading outwards.
            meshes.append(ring(.solid, from: { _ in r }, to: { _ in r + rim },
                               color: { Color(red: 0, green: 0, blue: 0, alpha: 0.6 * (1 - $0)) }))
        }
        return meshes
    }
}

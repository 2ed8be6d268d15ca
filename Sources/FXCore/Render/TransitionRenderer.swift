#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a layer through its transition: the layer's old drawing and its new one are appended
/// as two runs of batches (the backend draws each apart into a snapshot), and the transition's
/// meshes are placed on the canvas with texture coordinates into those snapshots
/// (``DrawList/TransitionGroup``).
enum TransitionRenderer {
    /// Appends `placed` drawn through `transition`.
    static func append(_ placed: PlacedLayer, transition: TransitionState, to list: DrawList, pixelsPerPoint: Double) {
        var previous = placed
        previous.layer = transition.previous
        previous.localTime = transition.previousTime
        let content = contentRect(of: transition.previous).union(contentRect(of: placed.layer.contents(at: placed.localTime)))
        let matrix = placed.matrix
        let canvasPixels = (width: Int((list.size.width * pixelsPerPoint).rounded()), height: Int((list.size.height * pixelsPerPoint).rounded()))
        let corners = [content.origin, Point(x: content.origin.x + content.size.width, y: content.origin.y),
                       Point(x: content.origin.x, y: content.origin.y + content.size.height),
                       Point(x: content.origin.x + content.size.width, y: content.origin.y + content.size.height)]
        // Seen edge-on or from behind, there is nothing to snapshot: the layer is drawn as it is.
        let projected = corners.compactMap { matrix.project($0) }
        guard projected.count == 4, content.size.width > 0, content.size.height > 0,
              let snapshot = pixelRect(around: projected, pixelsPerPoint: pixelsPerPoint, margin: 1, canvas: canvasPixels) else {
            VectorRenderer.appendLayerContent(of: placed, to: list, pixelsPerPoint: pixelsPerPoint)
            return
        }

        // The meshes, finer where the layer is seen in perspective (a snapshot's texture is
        // mapped linearly across each triangle).
        let affine = matrix.m[3] == 0 && matrix.m[7] == 0
        var geometry = TransitionGeometry(bounds: placed.layer.bounds, content: content, minimumCells: affine ? 1 : 16)
        // Cells of at most ~256 output pixels (the layer's largest stretch, and more where a
        // perspective enlarges it: the projected content's size against its own).
        let box = Rect.enclosing(projected) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        let projectedSize = max(box.size.width, box.size.height)
        let stretch = max(projectedSize / max(content.size.width, content.size.height), matrix.affine.largestStretch, 1e-6)
        geometry.cellLength = 256 / (stretch * pixelsPerPoint)
        let meshes = geometry.meshes(transition.type, subtype: transition.subtype, progress: transition.progress.clamped01)
        var pieces: [DrawList.TransitionGroup.Piece] = []
        var low = (x: Double.infinity, y: Double.infinity), high = (x: -Double.infinity, y: -Double.infinity)
        // Texture coordinates address the snapshot with a one-pixel transparent frame, kept a
        // half texel inside it: what lies outside the snapshot samples the frame.
        let framed = (width: Double(snapshot.width + 2), height: Double(snapshot.height + 2))
        func textureCoordinate(_ point: Point) -> (Float, Float) {
            guard let canvas = matrix.project(point) else { return (0, 0) }
            let u = (canvas.x * pixelsPerPoint - Double(snapshot.x) + 1) / framed.width
            let v = (canvas.y * pixelsPerPoint - Double(snapshot.y) + 1) / framed.height
            return (Float(min(max(u, 0.5 / framed.width), 1 - 0.5 / framed.width)),
                    Float(min(max(v, 0.5 / framed.height), 1 - 0.5 / framed.height)))
        }
        for mesh in meshes where !mesh.triangles.isEmpty {
            var vertices: [DrawVertex] = []
            vertices.reserveCapacity(mesh.points.count)
            var valid: [Bool] = []
            for (index, point) in mesh.points.enumerated() {
                guard let canvas = matrix.project(point), abs(canvas.x) < 1e6, abs(canvas.y) < 1e6 else {
                    vertices.append(.zero)
                    valid.append(false)
                    continue
                }
                let (u, v) = mesh.source == .solid ? (0, 0) : textureCoordinate(mesh.sourcePoints[index])
                // The snapshots carry the layer's opacity and tint already; solid pieces take them here.
                var color = mesh.colors[index]
                if mesh.source == .solid {
                    color = color.multiplied(by: placed.tint)
                    color.alpha *= placed.opacity
                }
                vertices.append(DrawVertex(x: Float(canvas.x), y: Float(canvas.y), red: byte(color.red), green: byte(color.green),
                                           blue: byte(color.blue), alpha: byte(color.alpha), u: u, v: v))
                valid.append(true)
            }
            var indices: [Int32] = []
            indices.reserveCapacity(mesh.triangles.count)
            for start in stride(from: 0, to: mesh.triangles.count, by: 3) {
                let triangle = mesh.triangles[start..<start + 3]
                guard triangle.allSatisfy({ valid[Int($0)] }) else { continue }
                // A triangle still larger than SDL's software rasterizer draws safely (a layer
                // far larger than any canvas) is left out.
                let (p, q, r) = (vertices[Int(triangle[start])], vertices[Int(triangle[start + 1])], vertices[Int(triangle[start + 2])])
                let spanX = Double(max(p.x, q.x, r.x) - min(p.x, q.x, r.x)), spanY = Double(max(p.y, q.y, r.y) - min(p.y, q.y, r.y))
                guard spanX * pixelsPerPoint < 2048, spanY * pixelsPerPoint < 2048 else { continue }
                indices += triangle
                for index in triangle {
                    let vertex = vertices[Int(index)]
                    low = (min(low.x, Double(vertex.x)), min(low.y, Double(vertex.y)))
                    high = (max(high.x, Double(vertex.x)), max(high.y, Double(vertex.y)))
                }
            }
            guard !indices.isEmpty else { continue }
            pieces.append(.init(source: mesh.source, compositing: mesh.compositing, vertices: vertices, indices: indices))
        }
        let drawn = [Point(x: low.x, y: low.y), Point(x: high.x, y: high.y)]
        guard low.x.isFinite, let rect = pixelRect(around: drawn, pixelsPerPoint: pixelsPerPoint, margin: 1, canvas: canvasPixels) else { return }

        var clip: [UInt8]?
        if TransitionGeometry.clipsToBounds(transition.type) {
            let bounds = placed.layer.bounds
            let outline = [bounds.origin, Point(x: bounds.origin.x + bounds.size.width, y: bounds.origin.y),
                           Point(x: bounds.origin.x + bounds.size.width, y: bounds.origin.y + bounds.size.height),
                           Point(x: bounds.origin.x, y: bounds.origin.y + bounds.size.height)]
                .compactMap { matrix.project($0) }.map { Point(x: $0.x * pixelsPerPoint, y: $0.y * pixelsPerPoint) }
            let mask = PathRasterizer.coverage(of: outline.count == 4 ? [outline] : [], rule: .nonZero, clip: rect)
            var bytes = [UInt8](repeating: 0, count: rect.width * rect.height)
            for row in 0..<mask.height {
                for column in 0..<mask.width {
                    let x = mask.x + column - rect.x, y = mask.y + row - rect.y
                    guard x >= 0, x < rect.width, y >= 0, y < rect.height else { continue }
                    bytes[y * rect.width + x] = UInt8((mask.coverage[row * mask.width + column] * 255).rounded())
                }
            }
            clip = bytes
        }

        list.batchIsSealed = true
        let start = list.batches.count
        VectorRenderer.appendLayerContent(of: previous, to: list, pixelsPerPoint: pixelsPerPoint)
        list.batchIsSealed = true
        let split = list.batches.count
        VectorRenderer.appendLayerContent(of: placed, to: list, pixelsPerPoint: pixelsPerPoint)
        list.batchIsSealed = true
        let end = list.batches.count
        guard end > start else { return }
        list.transitionGroups.append(DrawList.TransitionGroup(previousBatches: start..<split, currentBatches: split..<end,
                                                              snapshotRect: snapshot, rect: rect, pieces: pieces, clip: clip,
                                                              layer: placed.name))
    }

    /// The pixels covering `points` (canvas points), grown by `margin` pixels and cut to the
    /// canvas; nil when nothing is left.
    static func pixelRect(around points: [Point], pixelsPerPoint: Double, margin: Int,
                          canvas: (width: Int, height: Int)) -> (x: Int, y: Int, width: Int, height: Int)? {
        let xs = points.map { $0.x * pixelsPerPoint }, ys = points.map { $0.y * pixelsPerPoint }
        guard let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max(),
              minX.isFinite, maxX.isFinite, minY.isFinite, maxY.isFinite else { return nil }
        func clamped(_ value: Double, _ limit: Int) -> Int { Int(min(max(value, 0), Double(limit))) }
        let x0 = clamped(minX.rounded(.down) - Double(margin), canvas.width), x1 = clamped(maxX.rounded(.up) + Double(margin), canvas.width)
        let y0 = clamped(minY.rounded(.down) - Double(margin), canvas.height), y1 = clamped(maxY.rounded(.up) + Double(margin), canvas.height)
        guard x1 > x0, y1 > y0 else { return nil }
        return (x0, y0, x1 - x0, y1 - y0)
    }

    /// The part of the layer's plane its own drawing can cover: its bounds, an image's frame
    /// (which `resizeAspectFill` or a large image's gravity puts beyond them), a shape's path
    /// with its stroke, and a text's lines as wide as they can be (0.7 of the font size a
    /// character, 1.3 a line: more than DejaVu Sans and most fonts take).
    static func contentRect(of layer: Layer) -> Rect {
        var rect = layer.bounds
        if let image = layer.image, let contents = image.contents, let frame = image.frame(of: contents, in: layer.bounds) {
            rect = rect.union(frame)
        }
        if let shape = layer.shape, let box = Rect.enclosing(shape.path.points) {
            let reach = max(0, shape.style.lineWidth) / 2 * max(1, shape.style.miterLimit)
            rect = rect.union(box.insetBy(-reach))
        }
        if let text = layer.text, !text.string.isEmpty {
            let lines = TextProperties.lines(of: text.string)
            let longest = Double(lines.map(\.count).max() ?? 0)
            let width = longest * text.fontSize * 0.7, height = Double(lines.count) * text.fontSize * 1.3
            let bounds = layer.bounds
            let left: Double
            switch text.alignmentMode {
            case .left: left = bounds.origin.x
            case .center: left = bounds.origin.x + (bounds.size.width - width) / 2
            case .right: left = bounds.origin.x + bounds.size.width - width
            }
            rect = rect.union(Rect(x: left, y: bounds.origin.y, width: width, height: height))
        }
        // A layer of no size still draws nothing, but its contents may: keep a point's worth.
        if rect.size.width <= 0 || rect.size.height <= 0 {
            rect = Rect(x: rect.origin.x, y: rect.origin.y, width: max(rect.size.width, 1), height: max(rect.size.height, 1))
        }
        return rect
    }

    static func byte(_ value: Double) -> UInt8 { UInt8((value.clamped01 * 255).rounded()) }
}

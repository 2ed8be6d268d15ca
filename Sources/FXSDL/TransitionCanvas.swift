import CSDL2
import FXCore

/// A transparent surface the size of the canvas (in the draw list's pixels), with SDL's software
/// renderer: where a layer in a transition is drawn apart — its old and new drawing into
/// snapshots, then the transition's meshes over those snapshots, one piece at a time — before
/// the result is drawn over the canvas. Everything happens in software at the draw list's
/// resolution, so the window and headless renders get the same pixels.
final class TransitionCanvas {
    /// Holds the canvas of a drawer and of the drawers it makes for groups drawn apart, made
    /// when a transition is first drawn.
    final class Holder {
        var canvas: TransitionCanvas?
    }

    let width: Int
    let height: Int
    let pixelsPerPoint: Double
    let surface: UnsafeMutablePointer<SDL_Surface>
    let renderer: OpaquePointer
    /// Draws batches onto the surface (with its own textures, kept between frames).
    private var drawer: DrawListRenderer?

    init(width: Int, height: Int, pixelsPerPoint: Double, resources: any EffectResources) throws {
        guard width > 0, height > 0, width <= EffectLimits.maxImageSide * 4, height <= EffectLimits.maxImageSide * 4,
              let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, fx_pixelformat_rgba32()) else {
            throw SDLError("creating a \(width)×\(height) surface for a transition")
        }
        guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw SDLError("creating a renderer for a transition")
        }
        SDL_RenderSetScale(renderer, Float(pixelsPerPoint), Float(pixelsPerPoint))
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        self.width = width
        self.height = height
        self.pixelsPerPoint = pixelsPerPoint
        self.surface = surface
        self.renderer = renderer
        let drawer = DrawListRenderer(renderer: renderer, resources: resources)
        drawer.groupSurface = surface
        self.drawer = drawer
    }

    deinit {
        // The drawer's textures belong to the renderer: they go first.
        drawer = nil
        SDL_DestroyRenderer(renderer)
        SDL_FreeSurface(surface)
    }

    /// Makes every pixel of `rect` transparent.
    func clear(_ rect: (x: Int, y: Int, width: Int, height: Int)) {
        SDL_RenderFlush(renderer)
        let pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for row in rect.y..<(rect.y + rect.height) {
            (pixels + row * pitch + rect.x * 4).update(repeating: 0, count: rect.width * 4)
        }
    }

    /// The premultiplied pixels of `rect`, as drawn (blending onto transparency premultiplies).
    func read(_ rect: (x: Int, y: Int, width: Int, height: Int)) -> [UInt8] {
        SDL_RenderFlush(renderer)
        let pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        var result = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        result.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<rect.height {
                (buffer.baseAddress! + row * rect.width * 4).update(from: pixels + (rect.y + row) * pitch + rect.x * 4, count: rect.width * 4)
            }
        }
        return result
    }

    /// The snapshot of a run of batches: drawn onto transparency, as straight-alpha RGBA with a
    /// one-pixel transparent frame around `rect` (what the pieces' texture coordinates address).
    func snapshot(_ list: DrawList, _ batches: Range<Int>, rect: (x: Int, y: Int, width: Int, height: Int), group: Int) throws -> RGBAImage {
        clear(rect)
        try drawer?.drawBatches(list, batches, skippingGroup: nil, skippingTransition: group)
        let drawn = read(rect)
        let framedWidth = rect.width + 2, framedHeight = rect.height + 2
        var framed = [UInt8](repeating: 0, count: framedWidth * framedHeight * 4)
        for row in 0..<rect.height {
            for column in 0..<rect.width {
                let source = (row * rect.width + column) * 4, target = ((row + 1) * framedWidth + column + 1) * 4
                let alpha = Int(drawn[source + 3])
                guard alpha > 0 else { continue }
                for channel in 0..<3 { framed[target + channel] = UInt8(min(255, (Int(drawn[source + channel]) * 255 + alpha / 2) / alpha)) }
                framed[target + 3] = UInt8(alpha)
            }
        }
        return RGBAImage(width: framedWidth, height: framedHeight, pixels: framed)
    }

    /// A texture of this renderer holding `image`.
    func texture(_ image: RGBAImage) throws -> OpaquePointer {
        guard let texture = SDL_CreateTexture(renderer, fx_pixelformat_rgba32(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(image.width), Int32(image.height)) else {
            throw SDLError("creating a \(image.width)×\(image.height) texture for a transition")
        }
        _ = image.pixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(image.width * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        return texture
    }

    /// Draws a piece's triangles onto the surface (after `clear`), through `texture` or in its
    /// vertex colours alone.
    ///
    /// SDL's software renderer merges the equal corners of consecutive triangles and draws two
    /// that make an axis-aligned rectangle as a rectangle copy instead — rounded to whole
    /// pixels (seams between the cells of a grid), and filled with the vertex colour when the
    /// texture coordinates span no width. So each triangle is followed by an empty one (three
    /// equal corners far off the surface, which SDL skips): no two drawn triangles are
    /// consecutive, and each is drawn as a triangle.
    func draw(_ piece: DrawList.TransitionGroup.Piece, texture: OpaquePointer?) throws {
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        guard var empty = piece.vertices.first else { return }
        empty.x = -65_536
        empty.y = -65_536
        empty.alpha = 0
        var unshared: [DrawVertex] = []
        unshared.reserveCapacity(piece.indices.count * 2)
        for start in stride(from: 0, to: piece.indices.count - 2, by: 3) {
            for index in piece.indices[start..<start + 3] { unshared.append(piece.vertices[Int(index)]) }
            unshared += [empty, empty, empty]
        }
        guard !unshared.isEmpty else { return }
        let stride = Int32(MemoryLayout<DrawVertex>.stride)
        let colorOffset = MemoryLayout<DrawVertex>.offset(of: \DrawVertex.red)!
        let uvOffset = MemoryLayout<DrawVertex>.offset(of: \DrawVertex.u)!
        let status = unshared.withUnsafeBytes { vertexBytes in
            let base = vertexBytes.baseAddress!
            return SDL_RenderGeometryRaw(renderer, texture, base.assumingMemoryBound(to: Float.self), stride,
                                         (base + colorOffset).assumingMemoryBound(to: SDL_Color.self), stride,
                                         (base + uvOffset).assumingMemoryBound(to: Float.self), stride,
                                         Int32(unshared.count), nil, 0, 0)
        }
        if status != 0 { throw SDLError("drawing a transition") }
    }
}

extension DrawListRenderer {
    /// The transition canvas for `list`'s size and resolution, made (again) when they change.
    func transitionCanvas(for list: DrawList) throws -> TransitionCanvas {
        let width = Int((list.size.width * list.pixelsPerPoint).rounded()), height = Int((list.size.height * list.pixelsPerPoint).rounded())
        if let canvas = transitionCanvas.canvas, canvas.width == width, canvas.height == height, canvas.pixelsPerPoint == list.pixelsPerPoint {
            return canvas
        }
        transitionCanvas.canvas = nil
        let canvas = try TransitionCanvas(width: width, height: height, pixelsPerPoint: list.pixelsPerPoint, resources: resources)
        transitionCanvas.canvas = canvas
        return canvas
    }

    /// A layer in a transition: its old and new drawing snapshotted, the pieces drawn one by one
    /// over the snapshots and composited (over, or added for dissolves), cut to the layer's
    /// bounds when the transition says so, and the result drawn over what is below.
    func drawTransition(_ list: DrawList, group index: Int) throws {
        let group = list.transitionGroups[index]
        let canvas = try transitionCanvas(for: list)
        let rect = group.rect
        guard rect.width > 0, rect.height > 0, rect.x + rect.width <= canvas.width, rect.y + rect.height <= canvas.height,
              group.snapshotRect.x + group.snapshotRect.width <= canvas.width,
              group.snapshotRect.y + group.snapshotRect.height <= canvas.height else { return }
        let uses = Set(group.pieces.map(\.source))
        let previous = uses.contains(.previous) ? try canvas.texture(canvas.snapshot(list, group.previousBatches, rect: group.snapshotRect, group: index)) : nil
        defer { if let previous { SDL_DestroyTexture(previous) } }
        let current = uses.contains(.current) ? try canvas.texture(canvas.snapshot(list, group.currentBatches, rect: group.snapshotRect, group: index)) : nil
        defer { if let current { SDL_DestroyTexture(current) } }

        // Premultiplied colour and alpha, 0…1, composited piece by piece.
        var composite = [Float](repeating: 0, count: rect.width * rect.height * 4)
        for piece in group.pieces {
            canvas.clear(rect)
            let texture: OpaquePointer?
            switch piece.source {
            case .previous: texture = previous
            case .current: texture = current
            case .solid: texture = nil
            }
            try canvas.draw(piece, texture: texture)
            let drawn = canvas.read(rect)
            let over = piece.compositing == .over
            for offset in stride(from: 0, to: drawn.count, by: 4) {
                let alpha = Float(drawn[offset + 3]) / 255
                guard alpha > 0 || drawn[offset] > 0 || drawn[offset + 1] > 0 || drawn[offset + 2] > 0 else { continue }
                let keep: Float = over ? 1 - alpha : 1
                for channel in 0..<4 {
                    composite[offset + channel] = min(1, Float(drawn[offset + channel]) / 255 + composite[offset + channel] * keep)
                }
            }
        }
        // Back to straight alpha, cut by the clip.
        var pixels = [UInt8](repeating: 0, count: composite.count)
        let clip = group.clip
        for pixel in 0..<(rect.width * rect.height) {
            let offset = pixel * 4
            var alpha = composite[offset + 3]
            if let clip { alpha *= Float(clip[pixel]) / 255 }
            guard alpha > 0, composite[offset + 3] > 0 else { continue }
            for channel in 0..<3 {
                pixels[offset + channel] = UInt8(min(255, (composite[offset + channel] / composite[offset + 3] * 255).rounded()))
            }
            pixels[offset + 3] = UInt8(min(255, (alpha * 255).rounded()))
        }
        let ppp = list.pixelsPerPoint
        try drawImage(RGBAImage(width: rect.width, height: rect.height, pixels: pixels),
                      in: Rect(x: Double(rect.x) / ppp, y: Double(rect.y) / ppp, width: Double(rect.width) / ppp, height: Double(rect.height) / ppp))
    }
}

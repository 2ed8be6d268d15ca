import CSDL2
import FXCore

/// Where a layer in a transition is drawn apart — its old and new drawing into snapshots, then
/// the transition's meshes over those snapshots, one piece at a time — before the result is
/// drawn over the canvas: a surface of the offscreen pool (with SDL's software renderer)
/// covering only the pixels the transition reads and covers, its snapshot's and its own, so
/// it counts in the frame's `DrawList.maxOffscreenBytes` like a group drawn apart.
/// Everything happens in software at the draw list's resolution, so the window and headless
/// renders get the same pixels. Rectangles are in canvas pixels.
struct TransitionCanvas {
    /// The pool's surface, in use while the transition is drawn.
    let offscreen: OffscreenPool.Offscreen
    /// The canvas's pixels the surface covers.
    let region: PixelRegion

    var surface: UnsafeMutablePointer<SDL_Surface> { offscreen.surface }
    var renderer: OpaquePointer { offscreen.renderer }
    private var drawer: DrawListRenderer? { offscreen.drawer }

    /// Makes every pixel of `rect` transparent.
    func clear(_ rect: (x: Int, y: Int, width: Int, height: Int)) {
        SDL_RenderFlush(renderer)
        let pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let x = rect.x - region.x, y = rect.y - region.y
        for row in y..<(y + rect.height) {
            (pixels + row * pitch + x * 4).update(repeating: 0, count: rect.width * 4)
        }
    }

    /// Calls `body` with each row of `rect`'s premultiplied pixels as drawn (blending onto
    /// transparency premultiplies), in place on the surface: no copy of the rectangle is made.
    func forEachRow(of rect: (x: Int, y: Int, width: Int, height: Int), _ body: (_ row: Int, _ pixels: UnsafePointer<UInt8>) -> Void) {
        SDL_RenderFlush(renderer)
        let pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let x = rect.x - region.x, y = rect.y - region.y
        for row in 0..<rect.height { body(row, UnsafePointer(pixels + (y + row) * pitch + x * 4)) }
    }

    /// The premultiplied pixels of `rect`, as drawn (blending onto transparency premultiplies).
    func read(_ rect: (x: Int, y: Int, width: Int, height: Int)) -> [UInt8] {
        SDL_RenderFlush(renderer)
        let pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let x = rect.x - region.x, y = rect.y - region.y
        var result = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        result.withUnsafeMutableBufferPointer { buffer in
            for row in 0..<rect.height {
                (buffer.baseAddress! + row * rect.width * 4).update(from: pixels + (y + row) * pitch + x * 4, count: rect.width * 4)
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
    /// A surface of the pool for a transition, covering `region` of the canvas, placed and
    /// scaled like the canvas.
    private func transitionCanvas(for list: DrawList, group: DrawList.TransitionGroup, region: PixelRegion,
                                  transient: Int) throws -> TransitionCanvas {
        let offscreen = try offscreenPool.take(width: region.width, height: region.height, transient: transient,
                                               reserved: list.maskAlphaBytes, layer: group.layer,
                                               cause: "it is in a transition", resources: resources)
        let renderer = offscreen.renderer, drawer = offscreen.drawer!
        let ppp = Float(list.pixelsPerPoint)
        drawer.pixelOrigin = (region.x, region.y)
        drawer.pixelRegion = region
        SDL_RenderSetScale(renderer, 1, 1)
        Self.place(renderer, origin: drawer.pixelOrigin, canvas: region.canvas)
        SDL_RenderSetScale(renderer, ppp, ppp)
        if let scratch = drawer.scratchRenderer {
            Self.place(scratch, origin: drawer.pixelOrigin, canvas: region.canvas)
            SDL_RenderSetScale(scratch, ppp, ppp)
        }
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        drawer.shadowCache = shadowCache
        drawer.sharedPool = offscreenPool
        return TransitionCanvas(offscreen: offscreen, region: region)
    }

    /// A layer in a transition: its old and new drawing snapshotted, the pieces drawn one by one
    /// over the snapshots and composited (over, or added for dissolves), cut to the layer's
    /// bounds when the transition says so, and the result drawn over what is below.
    func drawTransition(_ list: DrawList, group index: Int) throws {
        let group = list.transitionGroups[index]
        let ppp = list.pixelsPerPoint
        let canvasSize = (width: Int((list.size.width * ppp).rounded()), height: Int((list.size.height * ppp).rounded()))
        let rect = group.rect, snapshotRect = group.snapshotRect
        guard rect.width > 0, rect.height > 0, rect.x >= 0, rect.y >= 0, snapshotRect.x >= 0, snapshotRect.y >= 0,
              snapshotRect.width >= 0, snapshotRect.height >= 0,
              rect.x + rect.width <= canvasSize.width, rect.y + rect.height <= canvasSize.height,
              snapshotRect.x + snapshotRect.width <= canvasSize.width,
              snapshotRect.y + snapshotRect.height <= canvasSize.height else { return }
        var region = PixelRegion(x: rect.x, y: rect.y, width: rect.width, height: rect.height, canvas: canvasSize)
            .union(PixelRegion(x: snapshotRect.x, y: snapshotRect.y, width: snapshotRect.width, height: snapshotRect.height,
                               canvas: canvasSize))
        // Sizes rounded up (within the canvas) so that a transition that moves a little from
        // frame to frame keeps its surface.
        region.width = min((region.width + 31) & ~31, canvasSize.width - region.x)
        region.height = min((region.height + 31) & ~31, canvasSize.height - region.y)
        // Besides the surface, at the most at once: while the snapshots are made, each as read
        // back, framed and a texture (4, 4 and 4 bytes a pixel) beside the other's texture (4);
        // while the pieces are composited, the composite (16 bytes a pixel of what is covered,
        // each piece read in place on the surface) beside the two snapshots' textures (4 and 4);
        // at the end, the composite beside its pixels and their texture (4 and 4).
        let snapshotPixels = (snapshotRect.width + 2) * (snapshotRect.height + 2)
        let coveredPixels = rect.width * rect.height
        let transient = max(snapshotPixels * 16, coveredPixels * 16 + snapshotPixels * 8, coveredPixels * 24)
        let canvas = try transitionCanvas(for: list, group: group, region: region, transient: transient)
        defer { offscreenPool.release(canvas.offscreen) }
        let uses = Set(group.pieces.map(\.source))
        var previous = uses.contains(.previous) ? try canvas.texture(canvas.snapshot(list, group.previousBatches, rect: snapshotRect, group: index)) : nil
        defer { if let previous { SDL_DestroyTexture(previous) } }
        var current = uses.contains(.current) ? try canvas.texture(canvas.snapshot(list, group.currentBatches, rect: snapshotRect, group: index)) : nil
        defer { if let current { SDL_DestroyTexture(current) } }

        // Premultiplied colour and alpha, 0…1, composited piece by piece.
        var composite = [Float](repeating: 0, count: coveredPixels * 4)
        for piece in group.pieces {
            canvas.clear(rect)
            let texture: OpaquePointer?
            switch piece.source {
            case .previous: texture = previous
            case .current: texture = current
            case .solid: texture = nil
            }
            try canvas.draw(piece, texture: texture)
            let over = piece.compositing == .over
            composite.withUnsafeMutableBufferPointer { composite in
                canvas.forEachRow(of: rect) { row, drawn in
                    let rowStart = row * rect.width * 4
                    for offset in stride(from: 0, to: rect.width * 4, by: 4) {
                        let alpha = Float(drawn[offset + 3]) / 255
                        guard alpha > 0 || drawn[offset] > 0 || drawn[offset + 1] > 0 || drawn[offset + 2] > 0 else { continue }
                        let keep: Float = over ? 1 - alpha : 1
                        for channel in 0..<4 {
                            let target = rowStart + offset + channel
                            composite[target] = min(1, Float(drawn[offset + channel]) / 255 + composite[target] * keep)
                        }
                    }
                }
            }
        }
        // The snapshots are no longer read: their textures go before the result is made.
        if let texture = previous { SDL_DestroyTexture(texture); previous = nil }
        if let texture = current { SDL_DestroyTexture(texture); current = nil }
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
        try drawImage(RGBAImage(width: rect.width, height: rect.height, pixels: pixels),
                      in: Rect(x: Double(rect.x) / ppp, y: Double(rect.y) / ppp, width: Double(rect.width) / ppp, height: Double(rect.height) / ppp))
    }
}

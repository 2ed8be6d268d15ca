import CSDL2
import FXCore
import Foundation

/// Draws a backend-free ``DrawList`` with an SDL renderer: one `SDL_RenderGeometryRaw` call per
/// batch, reading the list's vertex buffer in place.
package final class DrawListRenderer {
    let renderer: OpaquePointer
    private let textures: TextureCache
    private var fonts: [String: Font] = [:]
    /// Where the canvas goes in the renderer's coordinates: canvas point p is drawn at
    /// `origin + p × scale`. The window and headless renders draw at the identity (and then
    /// read the vertex buffer in place); a program embedding an effect places it.
    var origin = Point.zero, scale = 1.0
    /// Placed vertex positions, for a placement other than the identity.
    private var placedPositions: [Float] = []
    /// Set when this renderer draws a group apart (a masked, clipped or group-opacity layer)
    /// into this surface of its own: additive batches then add to its alpha too.
    var groupSurface: UnsafeMutablePointer<SDL_Surface>?
    /// The surface a software renderer draws into (a headless render's), where its pixels can
    /// be read and written: screen and multiply batches are composited there by hand.
    var targetSurface: UnsafeMutablePointer<SDL_Surface>?
    /// Draws particle batches into ``targetSurface`` in place of SDL (a headless render's).
    var rasterizer: SoftwareRasterizer?
    /// Every vertex's color made white with its own alpha, for the coverage pass of additive
    /// batches in a group.
    private var coverageColors: [SDL_Color] = []

    /// Where textures and fonts are read from.
    let resources: any EffectResources
    /// The layers' blurred shadows, kept between frames; a group drawn apart shares its
    /// drawer's.
    var shadowCache = ShadowCache()
    /// The surfaces groups are drawn apart on: this drawer's own, or, for a group's drawer, the
    /// pool of the drawer it belongs to (held weakly: the pool holds the group's drawer).
    weak var sharedPool: OffscreenPool?
    private lazy var ownPool = OffscreenPool()
    var offscreenPool: OffscreenPool { sharedPool ?? ownPool }
    /// Where this drawer's surface sits on the canvas, in pixels at the list's
    /// `pixelsPerPoint`: a group drawn apart covers only the pixels it shows on, and its
    /// renderer's viewport moves the canvas by this much.
    var pixelOrigin = (x: 0, y: 0)
    /// The canvas's pixels this drawer's surface covers (nil: all of them, the top drawer).
    var pixelRegion: PixelRegion?

    /// Whether SDL's software renderer draws (headless frames, groups drawn apart): only its
    /// fixed-point rasterizer needs large triangles cut (``ClippedGeometry``). A GPU renderer —
    /// the window's OpenGL, also Mesa's llvmpipe — clips in floating point, so its batches go
    /// to SDL as they are, without a pass over every triangle each frame.
    let rasterizesInSoftware: Bool

    package init(renderer: OpaquePointer, resources: any EffectResources) {
        self.renderer = renderer
        self.resources = resources
        textures = TextureCache(renderer: renderer, resources: resources)
        var info = SDL_RendererInfo()
        rasterizesInSoftware = SDL_GetRendererInfo(renderer, &info) != 0 || info.flags & SDL_RENDERER_SOFTWARE.rawValue != 0
            || info.name.map { String(cString: $0) } == "software"
    }

    package func draw(_ list: DrawList) throws {
        if let overflow = list.imageOverflow { throw ImageMemoryError(layer: overflow.layer, bytes: overflow.bytes) }
        if let overflow = list.offscreenOverflow {
            throw OffscreenMemoryError(layer: overflow.layer, bytes: overflow.bytes, width: 0, height: 0)
        }
        let background = list.background
        SDL_SetRenderDrawColor(renderer, Self.channel(background.red), Self.channel(background.green), Self.channel(background.blue),
                               Self.channel(background.alpha))
        SDL_RenderClear(renderer)
        SDL_SetRenderDrawBlendMode(renderer, SDL_BLENDMODE_BLEND)
        try drawBatches(list, 0..<list.batches.count, skippingGroup: nil)
    }

    /// Draws a run of batches; a masked group inside it is drawn apart and masked, a layer in a
    /// transition through its snapshots.
    /// - Parameter skippingTransition: the transition group whose snapshot this run draws (so it
    ///   is drawn as batches, not entered again).
    func drawBatches(_ list: DrawList, _ range: Range<Int>, skippingGroup: Int?, skippingTransition: Int? = nil) throws {
        var index = range.lowerBound
        while index < range.upperBound {
            // The outermost group starting here (other than the one being drawn) is drawn apart.
            // Inner groups close first, so inside group g only groups before g can nest; of
            // groups over the same batches (a layer with no content of its own around one
            // sublayer) the outer one is the later.
            let candidates = (list.maskGroupsByFirstBatch[index] ?? []).filter { candidate in
                list.maskGroups[candidate].batches.upperBound <= range.upperBound && (skippingGroup.map { candidate < $0 } ?? true)
            }
            if let groupIndex = candidates.max(by: { (list.maskGroups[$0].batches.count, $0) < (list.maskGroups[$1].batches.count, $1) }) {
                try drawMasked(list, group: groupIndex)
                index = max(list.maskGroups[groupIndex].batches.upperBound, index + 1)
                continue
            }
            if let transitionIndex = list.transitionGroups.indices.first(where: { candidate in
                candidate != skippingTransition && list.transitionGroups[candidate].batches.lowerBound == index
                    && list.transitionGroups[candidate].batches.upperBound <= range.upperBound
            }) {
                try drawTransition(list, group: transitionIndex)
                index = max(list.transitionGroups[transitionIndex].batches.upperBound, index + 1)
                continue
            }
            let batch = list.batches[index]
            index += 1
            if let textIndex = batch.text {
                try drawText(list.texts[textIndex], pixelsPerPoint: list.pixelsPerPoint, canvas: list.size)
                continue
            }
            if let imageIndex = batch.image {
                try drawImage(list.images[imageIndex].image, in: list.images[imageIndex].rect)
                continue
            }
            if let shadowIndex = batch.shadow {
                try drawShadow(list.shadows[shadowIndex], of: list)
                continue
            }
            guard batch.indexCount > 0 else { continue }
            if try rasterize(list, batch) { continue }
            if batch.blendMode == .additive, groupSurface != nil {
                try drawAdditiveIntoGroup(list, batch)
                continue
            }
            if batch.blendMode == .screen || batch.blendMode == .multiply {
                try drawCompositingFilter(list, batch)
                continue
            }
            try drawGeometry(list, batch, blend: batch.blendMode == .additive ? SDL_BLENDMODE_ADD : SDL_BLENDMODE_BLEND)
        }
    }

    /// Draws one batch's triangles with `blend`, reading the list's vertex buffer in place.
    /// - Parameter coverage: draw each particle white with its alpha, through the texture's
    ///   coverage (white with the texture's alpha), so the red channel sums the alpha.
    /// - Parameter premultiplied: draw with colors premultiplied by their alpha, through the
    ///   texture premultiplied (for the custom blend modes of screen and multiply).
    func drawGeometry(_ list: DrawList, _ batch: DrawBatch, blend: SDL_BlendMode, coverage: Bool = false,
                      premultiplied: Bool = false) throws {
        let stride = Int32(MemoryLayout<DrawVertex>.stride)
        let colorOffset = MemoryLayout<DrawVertex>.offset(of: \DrawVertex.red)!
        let uvOffset = MemoryLayout<DrawVertex>.offset(of: \DrawVertex.u)!
        var texture: OpaquePointer? = nil
        if let reference = batch.texture {
            texture = coverage ? try textures.coverageTexture(for: reference, level: batch.textureLevel, frame: batch.textureFrame)
                : premultiplied ? try textures.premultipliedTexture(for: reference, level: batch.textureLevel, frame: batch.textureFrame)
                : try textures.texture(for: reference, level: batch.textureLevel, frame: batch.textureFrame)
            SDL_SetTextureBlendMode(texture, blend)
        } else {
            SDL_SetRenderDrawBlendMode(renderer, blend)
        }
        // On SDL's software renderer large triangles are cut first: its rasterizer overflows on them.
        if rasterizesInSoftware {
            var scaleX: Float = 1, scaleY: Float = 1
            SDL_RenderGetScale(renderer, &scaleX, &scaleY)
            if var clipped = ClippedGeometry(list, batch, canvas: list.size, pixelsPerPoint: max(scaleX, scaleY) * Float(scale)) {
                if coverage { clipped.whiten() }
                if premultiplied { clipped.premultiply() }
                if !isIdentityPlacement { clipped.place(origin: origin, scale: scale) }
                guard clipped.vertexCount > 0 else { return }
                let status = clipped.positions.withUnsafeBufferPointer { positions in
                    clipped.colors.withUnsafeBufferPointer { colors in
                        clipped.textureCoordinates.withUnsafeBufferPointer { coordinates in
                            SDL_RenderGeometryRaw(renderer, texture, positions.baseAddress!, Int32(2 * MemoryLayout<Float>.stride),
                                                  colors.baseAddress!, Int32(MemoryLayout<SDL_Color>.stride),
                                                  coordinates.baseAddress!, Int32(2 * MemoryLayout<Float>.stride),
                                                  Int32(clipped.vertexCount), nil, 0, 0)
                        }
                    }
                }
                if status != 0 { throw SDLError("drawing \(batch.indexCount / 6) particles") }
                return
            }
        }
        if coverage {
            coverageColors.removeAll(keepingCapacity: true)
            for vertex in list.vertices[batch.vertexStart..<(batch.vertexStart + batch.vertexCount)] {
                coverageColors.append(SDL_Color(r: 255, g: 255, b: 255, a: vertex.alpha))
            }
        } else if premultiplied {
            coverageColors.removeAll(keepingCapacity: true)
            for vertex in list.vertices[batch.vertexStart..<(batch.vertexStart + batch.vertexCount)] {
                func times(_ channel: UInt8) -> UInt8 { UInt8((Int(channel) * Int(vertex.alpha) + 127) / 255) }
                coverageColors.append(SDL_Color(r: times(vertex.red), g: times(vertex.green), b: times(vertex.blue), a: vertex.alpha))
            }
        }
        let replacesColors = coverage || premultiplied
        let placed = !isIdentityPlacement
        if placed { placePositions(list, batch) }
        let status = list.vertices.withUnsafeBytes { vertexBytes in
            list.indices.withUnsafeBufferPointer { indexBuffer in
                placedPositions.withUnsafeBufferPointer { positions in
                    coverageColors.withUnsafeBufferPointer { white in
                        let base = vertexBytes.baseAddress! + batch.vertexStart * Int(stride)
                        return SDL_RenderGeometryRaw(
                            renderer, texture,
                            placed ? positions.baseAddress! : base.assumingMemoryBound(to: Float.self),
                            placed ? Int32(2 * MemoryLayout<Float>.stride) : stride,
                            replacesColors ? white.baseAddress! : (base + colorOffset).assumingMemoryBound(to: SDL_Color.self),
                            replacesColors ? Int32(MemoryLayout<SDL_Color>.stride) : stride,
                            (base + uvOffset).assumingMemoryBound(to: Float.self), stride,
                            Int32(batch.vertexCount),
                            UnsafeRawPointer(indexBuffer.baseAddress! + batch.indexStart), Int32(batch.indexCount), 4)
                    }
                }
            }
        }
        if status != 0 { throw SDLError("drawing \(batch.indexCount / 6) particles") }
    }

    /// An additive batch inside a group drawn apart. SDL's ADD blend adds light to the color but
    /// leaves the destination's alpha as it is — 0 on a group's transparent backing — so the
    /// light would vanish when the group is composited. Custom blend modes
    /// (`SDL_ComposeCustomBlendMode`) are not supported by the software renderer that draws
    /// groups, so the batch is drawn twice into a scratch surface and added by hand, which is
    /// the blend (color: src·srcA + dst, alpha: srcA + dst, saturating):
    /// once as it is (the light, premultiplied), once white through the texture's coverage
    /// (the alpha it adds, in the red channel).
    private func drawAdditiveIntoGroup(_ list: DrawList, _ batch: DrawBatch) throws {
        guard let target = groupSurface else { return }
        SDL_RenderFlush(renderer)
        let width = Int(target.pointee.w), height = Int(target.pointee.h)
        let scratch = try additiveScratch(width: width, height: height)
        // Only the pixels the batch can touch are added: its bounds on the surface.
        var scaleX: Float = 1, scaleY: Float = 1
        SDL_RenderGetScale(renderer, &scaleX, &scaleY)
        let vertices = list.vertices[batch.vertexStart..<(batch.vertexStart + batch.vertexCount)]
        // In the surface's pixels: the canvas's less this drawer's origin.
        func pixel(_ value: Float, _ scale: Float, _ origin: Int, _ limit: Int) -> Int {
            let scaled = (value * scale).rounded(.down) - Float(origin)
            return scaled.isFinite ? Int(min(max(scaled, 0), Float(limit))) : 0
        }
        let left = pixel(vertices.map(\.x).min() ?? 0, scaleX, pixelOrigin.x, width)
        let right = min(width, pixel(vertices.map(\.x).max() ?? 0, scaleX, pixelOrigin.x, width) + 2)
        let top = pixel(vertices.map(\.y).min() ?? 0, scaleY, pixelOrigin.y, height)
        let bottom = min(height, pixel(vertices.map(\.y).max() ?? 0, scaleY, pixelOrigin.y, height) + 2)
        guard left < right, top < bottom else { return }
        let targetPitch = Int(target.pointee.pitch), scratchPitch = Int(scratch.surface.pointee.pitch)
        let targetPixels = target.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        let scratchPixels = scratch.surface.pointee.pixels.assumingMemoryBound(to: UInt8.self)
        for pass in 0..<2 {
            SDL_SetRenderDrawColor(scratch.renderer, 0, 0, 0, 0)
            SDL_RenderClear(scratch.renderer)
            try scratch.drawer.drawGeometry(list, batch, blend: SDL_BLENDMODE_ADD, coverage: pass == 1)
            SDL_RenderFlush(scratch.renderer)
            for row in top..<bottom {
                let targetRow = targetPixels + row * targetPitch, scratchRow = scratchPixels + row * scratchPitch
                for column in left..<right {
                    let t = targetRow + column * 4, s = scratchRow + column * 4
                    if pass == 0 {
                        for channel in 0..<3 where s[channel] != 0 { t[channel] = UInt8(min(255, Int(t[channel]) + Int(s[channel]))) }
                    } else if s[0] != 0 {
                        t[3] = UInt8(min(255, Int(t[3]) + Int(s[0])))
                    }
                }
            }
        }
    }

    /// The scratch surface, renderer and drawer of additive batches in this group, made for the
    /// first and shared by the rest (with their textures).
    private var scratchSurface: UnsafeMutablePointer<SDL_Surface>?
    private(set) var scratchRenderer: OpaquePointer?
    private var scratchDrawer: DrawListRenderer?

    func additiveScratch(width: Int, height: Int) throws -> (surface: UnsafeMutablePointer<SDL_Surface>, renderer: OpaquePointer, drawer: DrawListRenderer) {
        if let scratchSurface, let scratchRenderer, let scratchDrawer { return (scratchSurface, scratchRenderer, scratchDrawer) }
        guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, fx_pixelformat_rgba32()) else {
            throw SDLError("creating a surface for additive particles in a group")
        }
        guard let scratchRenderer = SDL_CreateSoftwareRenderer(surface) else {
            SDL_FreeSurface(surface)
            throw SDLError("creating a renderer for additive particles")
        }
        var scaleX: Float = 1, scaleY: Float = 1
        SDL_RenderGetScale(renderer, &scaleX, &scaleY)
        if let pixelRegion { Self.place(scratchRenderer, origin: pixelOrigin, canvas: pixelRegion.canvas) }
        SDL_RenderSetScale(scratchRenderer, scaleX, scaleY)
        let drawer = DrawListRenderer(renderer: scratchRenderer, resources: resources)
        self.scratchSurface = surface
        self.scratchRenderer = scratchRenderer
        scratchDrawer = drawer
        return (surface, scratchRenderer, drawer)
    }

    /// Whether this drawer has made its scratch surface (as large as its own).
    var hasScratch: Bool { scratchSurface != nil }

    /// Moves `renderer`'s drawing by `origin` pixels (up and left), for a surface that covers
    /// the canvas from there: its viewport starts at minus the origin and is the canvas's size,
    /// so what the canvas would cull is culled as before. SDL adds a viewport's offset after
    /// it has rounded positions to its own grid, so the pixels are those a canvas-sized
    /// surface would get there. Call it at scale 1 (the viewport is given in pixels).
    static func place(_ renderer: OpaquePointer, origin: (x: Int, y: Int), canvas: (width: Int, height: Int)) {
        var scaleX: Float = 1, scaleY: Float = 1
        SDL_RenderGetScale(renderer, &scaleX, &scaleY)
        SDL_RenderSetScale(renderer, 1, 1)
        var viewport = SDL_Rect(x: Int32(-origin.x), y: Int32(-origin.y), w: Int32(canvas.width), h: Int32(canvas.height))
        SDL_RenderSetViewport(renderer, &viewport)
        SDL_RenderSetScale(renderer, scaleX, scaleY)
    }

    deinit {
        // The drawer's textures belong to the scratch renderer: they go first.
        scratchDrawer = nil
        if let scratchRenderer { SDL_DestroyRenderer(scratchRenderer) }
        if let scratchSurface { SDL_FreeSurface(scratchSurface) }
    }

    private var isIdentityPlacement: Bool { origin == .zero && scale == 1 }

    /// Fills ``placedPositions`` with a batch's vertex positions, placed.
    private func placePositions(_ list: DrawList, _ batch: DrawBatch) {
        let ox = Float(origin.x), oy = Float(origin.y), s = Float(scale)
        placedPositions.removeAll(keepingCapacity: true)
        placedPositions.reserveCapacity(batch.vertexCount * 2)
        for vertex in list.vertices[batch.vertexStart..<(batch.vertexStart + batch.vertexCount)] {
            placedPositions.append(ox + vertex.x * s)
            placedPositions.append(oy + vertex.y * s)
        }
    }

    /// A canvas rectangle, placed.
    private func placed(_ rect: Rect) -> Rect {
        Rect(x: origin.x + rect.origin.x * scale, y: origin.y + rect.origin.y * scale,
             width: rect.size.width * scale, height: rect.size.height * scale)
    }

    /// A masked group: its batches drawn into a transparent surface of their own with SDL's
    /// software renderer, their alpha multiplied by the mask's, then drawn over the canvas. The
    /// surface covers only the pixels the group shows on: its mask's, within this drawer's own
    /// surface and the bounds of what it draws. It comes from the pool, which keeps it for the
    /// next group of its size.
    private func drawMasked(_ list: DrawList, group index: Int) throws {
        let group = list.maskGroups[index]
        let ppp = list.pixelsPerPoint
        let canvas = (width: Int((list.size.width * ppp).rounded()), height: Int((list.size.height * ppp).rounded()))
        var region = PixelRegion(x: group.x, y: group.y, width: group.width, height: group.height, canvas: canvas)
            .intersection(pixelRegion ?? PixelRegion(x: 0, y: 0, width: canvas.width, height: canvas.height, canvas: canvas))
        if let content = Self.contentBounds(of: list, group.batches, canvas: canvas) { region = region.intersection(content) }
        guard region.width > 0, region.height > 0 else { return }
        // Sizes rounded up (within the canvas) so that a group whose drawing moves a little
        // from frame to frame keeps its surface.
        region.width = min((region.width + 31) & ~31, canvas.width - region.x)
        region.height = min((region.height + 31) & ~31, canvas.height - region.y)
        let width = region.width, height = region.height
        let offscreen = try offscreenPool.take(width: width, height: height, transient: width * height * 4,
                                               reserved: list.maskAlphaBytes, layer: group.layer, resources: resources)
        defer { offscreenPool.release(offscreen) }
        let surface = offscreen.surface, offscreenRenderer = offscreen.renderer
        let drawer = offscreen.drawer!
        drawer.pixelOrigin = (region.x, region.y)
        drawer.pixelRegion = region
        SDL_RenderSetScale(offscreenRenderer, 1, 1)
        Self.place(offscreenRenderer, origin: drawer.pixelOrigin, canvas: canvas)
        SDL_RenderSetScale(offscreenRenderer, Float(ppp), Float(ppp))
        if let scratch = drawer.scratchRenderer {
            Self.place(scratch, origin: drawer.pixelOrigin, canvas: canvas)
            SDL_RenderSetScale(scratch, Float(ppp), Float(ppp))
        }
        SDL_SetRenderDrawColor(offscreenRenderer, 0, 0, 0, 0)
        SDL_RenderClear(offscreenRenderer)
        SDL_SetRenderDrawBlendMode(offscreenRenderer, SDL_BLENDMODE_BLEND)
        drawer.shadowCache = shadowCache
        drawer.sharedPool = offscreenPool
        try drawer.drawBatches(list, group.batches, skippingGroup: index)
        SDL_RenderFlush(offscreenRenderer)
        // Blending onto transparency leaves colors multiplied by their alpha: undo that, then
        // mask, in place.
        let pitch = Int(surface.pointee.pitch)
        let pixels = surface.pointee.pixels!.assumingMemoryBound(to: UInt8.self)
        for row in 0..<height {
            let maskRow = region.y + row - group.y
            for column in 0..<width {
                let source = pixels + row * pitch + column * 4
                let alpha = Int(source[3])
                let maskColumn = region.x + column - group.x
                let inside = maskRow >= 0 && maskRow < group.height && maskColumn >= 0 && maskColumn < group.width
                guard alpha > 0, inside else {
                    source[0] = 0; source[1] = 0; source[2] = 0; source[3] = 0
                    continue
                }
                for channel in 0..<3 { source[channel] = UInt8(min(255, Int(source[channel]) * 255 / alpha)) }
                let mask = group.alpha.isEmpty ? group.opacity : group.alpha[maskRow * group.width + maskColumn]
                source[3] = UInt8(alpha * Int(mask) / 255)
            }
        }
        try drawPixels(of: surface, at: region, pixelsPerPoint: ppp)
    }

    /// Draws a surface of canvas pixels over `region` of the canvas: pixel for pixel where
    /// SDL's software renderer draws at the identity placement (a headless frame, a group drawn
    /// apart), else as an image over the region's rectangle in points.
    private func drawPixels(of surface: UnsafeMutablePointer<SDL_Surface>, at region: PixelRegion, pixelsPerPoint ppp: Double) throws {
        guard let texture = SDL_CreateTexture(renderer, fx_pixelformat_rgba32(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(region.width), Int32(region.height)) else {
            throw SDLError("creating a \(region.width)×\(region.height) texture")
        }
        defer { SDL_DestroyTexture(texture) }
        SDL_UpdateTexture(texture, nil, surface.pointee.pixels, surface.pointee.pitch)
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        if rasterizesInSoftware, isIdentityPlacement {
            var scaleX: Float = 1, scaleY: Float = 1
            SDL_RenderGetScale(renderer, &scaleX, &scaleY)
            SDL_RenderSetScale(renderer, 1, 1)
            defer { SDL_RenderSetScale(renderer, scaleX, scaleY) }
            var target = SDL_Rect(x: Int32(region.x), y: Int32(region.y), w: Int32(region.width), h: Int32(region.height))
            if SDL_RenderCopy(renderer, texture, nil, &target) != 0 { throw SDLError("drawing a layer") }
            return
        }
        let rect = placed(Rect(x: Double(region.x) / ppp, y: Double(region.y) / ppp,
                               width: Double(region.width) / ppp, height: Double(region.height) / ppp))
        var target = SDL_FRect(x: Float(rect.origin.x), y: Float(rect.origin.y), w: Float(rect.size.width), h: Float(rect.size.height))
        if SDL_RenderCopyF(renderer, texture, nil, &target) != 0 { throw SDLError("drawing a layer") }
    }

    /// The canvas pixels what `range` of the list's batches draws can reach, with a margin of
    /// two pixels for SDL's rounding; nil when it cannot be told (text, shadows).
    static func contentBounds(of list: DrawList, _ range: Range<Int>, canvas: (width: Int, height: Int)) -> PixelRegion? {
        var minX = Float.infinity, minY = Float.infinity, maxX = -Float.infinity, maxY = -Float.infinity
        func extend(_ x: Float, _ y: Float) {
            minX = min(minX, x); maxX = max(maxX, x)
            minY = min(minY, y); maxY = max(maxY, y)
        }
        for index in range {
            let batch = list.batches[index]
            if batch.text != nil || batch.shadow != nil { return nil }
            if let image = batch.image {
                let rect = list.images[image].rect
                extend(Float(rect.origin.x), Float(rect.origin.y))
                extend(Float(rect.origin.x + rect.size.width), Float(rect.origin.y + rect.size.height))
                continue
            }
            for vertex in list.vertices[batch.vertexStart..<(batch.vertexStart + batch.vertexCount)] { extend(vertex.x, vertex.y) }
        }
        let ppp = Float(list.pixelsPerPoint)
        var bounds: PixelRegion
        if minX <= maxX, minY <= maxY {
            let left = (minX * ppp).rounded(.down) - 2, top = (minY * ppp).rounded(.down) - 2
            let right = (maxX * ppp).rounded(.up) + 2, bottom = (maxY * ppp).rounded(.up) + 2
            guard left.isFinite, top.isFinite, right.isFinite, bottom.isFinite else { return nil }
            func clamp(_ value: Float) -> Int { Int(min(max(value, -1), Float(max(canvas.width, canvas.height) + 1))) }
            bounds = PixelRegion(x: clamp(left), y: clamp(top), width: clamp(right) - clamp(left), height: clamp(bottom) - clamp(top),
                                 canvas: canvas)
        } else {
            bounds = PixelRegion(x: 0, y: 0, width: 0, height: 0, canvas: canvas)
        }
        // A transition draws its snapshots over its own rectangle of canvas pixels.
        for transition in list.transitionGroups where transition.batches.overlaps(range) {
            let rect = transition.rect
            bounds = bounds.union(PixelRegion(x: rect.x, y: rect.y, width: rect.width, height: rect.height, canvas: canvas))
        }
        return bounds
    }

    /// Draws a text layer's lines with SDL_ttf, rendered at the output's resolution, placed
    /// and turned by the layer's transform. Only the lines that can be seen are shaped: those
    /// starting inside the layer's bounds (all when the bounds have no height) and reaching the
    /// canvas; the others are passed over by their place, found from the font's line height,
    /// so a string of any length costs the lines on screen. A line with no visible glyph (a
    /// zero-width space, a lone combining mark) draws nothing.
    /// - Parameter pixelsPerPoint: the output pixels per canvas point the list was built for
    ///   (with a placement's scale and the caller's renderer scale in it): the text is
    ///   rasterized at that size, so it is as sharp as the rest.
    /// - Parameter canvas: the canvas's size in points; no line is drawn wholly off it.
    private func drawText(_ item: TextItem, pixelsPerPoint: Double, canvas: Size) throws {
        let t = item.transform
        let scaleX = (t.a * t.a + t.b * t.b).squareRoot()
        guard scaleX > 1e-6 else { return }
        let scaleY = (t.a * t.d - t.b * t.c) / scaleX
        let angle = atan2(t.b, t.a)
        let pixelSize = Int(min(max((item.fontSize * max(scaleX, abs(scaleY)) * pixelsPerPoint).rounded(), 1), 2000))
        let key = "\(item.fontPath)@\(pixelSize)"
        let font: Font
        if let cached = fonts[key] {
            font = cached
        } else {
            // A caller animating the scale asks for many sizes: keep a bounded set open.
            if fonts.count >= 32 { fonts.removeAll() }
            font = try Font(size: pixelSize, path: item.fontPath, resources: resources)
            fonts[key] = font
        }
        let color = SDL_Color(r: Self.channel(item.color.red), g: Self.channel(item.color.green), b: Self.channel(item.color.blue), a: 255)
        let lineHeight = Double(TTF_FontLineSkip(font.font)) / pixelsPerPoint / max(scaleX, 1e-6)
        guard lineHeight > 0, lineHeight.isFinite else { return }
        let lines = Self.visibleLines(of: item, lineHeight: lineHeight,
                                      fontHeight: Double(TTF_FontHeight(font.font)) / pixelsPerPoint / max(abs(scaleY), 1e-6),
                                      canvas: canvas)
        guard !lines.isEmpty else { return }
        var string = item.string
        try string.withUTF8 { bytes in
            try Self.forEachLine(in: bytes, lines) { index, line in
                guard let surface = TTF_RenderUTF8_Blended(font.font, line, color) else {
                    // SDL_ttf has no picture for a line without a visible glyph ("Text has
                    // zero width"): such a line draws nothing.
                    var width: Int32 = 0
                    if TTF_SizeUTF8(font.font, line, &width, nil) == 0, width == 0 { return }
                    throw SDLError("drawing text")
                }
                defer { SDL_FreeSurface(surface) }
                guard let texture = SDL_CreateTextureFromSurface(renderer, surface) else { throw SDLError("drawing text") }
                defer { SDL_DestroyTexture(texture) }
                SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
                SDL_SetTextureAlphaMod(texture, Self.channel(item.color.alpha))
                SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
                // The line's size in the layer's points.
                let width = Double(surface.pointee.w) / pixelsPerPoint / scaleX
                let height = Double(surface.pointee.h) / pixelsPerPoint / max(abs(scaleY), 1e-6)
                let left: Double
                switch item.alignment {
                case .left: left = item.bounds.origin.x
                case .center: left = item.bounds.origin.x + (item.bounds.size.width - width) / 2
                case .right: left = item.bounds.origin.x + item.bounds.size.width - width
                }
                let top = item.bounds.origin.y + Double(index) * lineHeight
                // The line's centre on the canvas, and its size there; turned about its centre.
                let canvasCentre = t.apply(to: Point(x: left + width / 2, y: top + height / 2))
                let centre = Point(x: origin.x + canvasCentre.x * scale, y: origin.y + canvasCentre.y * scale)
                let canvasWidth = width * scaleX * scale, canvasHeight = height * abs(scaleY) * scale
                var target = SDL_FRect(x: Float(centre.x - canvasWidth / 2), y: Float(centre.y - canvasHeight / 2),
                                       w: Float(canvasWidth), h: Float(canvasHeight))
                let flip = scaleY < 0 ? SDL_FLIP_VERTICAL : SDL_FLIP_NONE
                if SDL_RenderCopyExF(renderer, texture, nil, &target, angle * 180 / .pi, nil, flip) != 0 { throw SDLError("drawing text") }
            }
        }
    }

    /// How many of a text's lines reach far beyond the font's height at most: a line is
    /// passed over as off the canvas only when its top is this many font heights above it.
    static let tallestLine = 4.0

    /// The indices of the lines of `item` that may show: line i has its top at
    /// `bounds.minY + i × lineHeight` in the layer's plane and is drawn from there down.
    /// Whatever the transform (turned, flipped or sheared), the drawn line covers the layer
    /// plane's band from its top to its top plus its height, so it reaches the canvas only if
    /// that band meets the canvas's extent in y mapped back to the layer.
    /// - Parameter fontHeight: a line's height in the layer's points, for a line of ordinary
    ///   glyphs; a line is taken to be at most ``tallestLine`` of these.
    static func visibleLines(of item: TextItem, lineHeight: Double, fontHeight: Double, canvas: Size) -> Range<Int> {
        let top = item.bounds.origin.y
        // Lines whose top is at or past `end` are not drawn, nor those whose top is before `start`.
        var start = -Double.infinity, end = Double.infinity
        if item.bounds.size.height > 0 {
            // Starting at or below the bottom of the bounds: outside them.
            end = top + item.bounds.size.height
        }
        if let inverse = item.transform.inverted {
            let ys = [Point(x: 0, y: 0), Point(x: canvas.width, y: 0), Point(x: 0, y: canvas.height),
                      Point(x: canvas.width, y: canvas.height)].map { inverse.apply(to: $0).y }
            if let above = ys.min(), let below = ys.max(), above.isFinite, below.isFinite {
                start = above - fontHeight * tallestLine
                end = min(end, below)
            }
        }
        // There are at most as many lines as bytes, plus one.
        let lineCount = Double(item.string.utf8.count + 1)
        func place(_ index: Double) -> Double { top + index * lineHeight }
        // The first line whose top is at `start` or after it (give or take one: a line's worth).
        let first = min(max(((start - top) / lineHeight).rounded(.down) - 1, 0), lineCount)
        // One past the last line whose top is before `end`, exactly as drawText places lines.
        var past = min(max(((end - top) / lineHeight).rounded(.up), 0), lineCount)
        while past > 0, past <= lineCount, place(past - 1) >= end { past -= 1 }
        while past < lineCount, place(past) < end { past += 1 }
        guard first < past else { return 0..<0 }
        return Int(first)..<Int(past)
    }

    /// Calls `body` with each line of `bytes` (UTF-8, lines split at `\n`, `\r\n` or a lone
    /// `\r`, as `TextProperties.lines(of:)` splits them) whose index is in `lines` and which is
    /// not empty, as a C string; the lines before are passed over by their line breaks alone.
    static func forEachLine(in bytes: UnsafeBufferPointer<UInt8>, _ lines: Range<Int>,
                            _ body: (Int, UnsafePointer<CChar>) throws -> Void) rethrows {
        var index = 0, start = 0
        var line: [UInt8] = []
        while start <= bytes.count, index < lines.upperBound {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            if index >= lines.lowerBound, end > start {
                line.removeAll(keepingCapacity: true)
                line.append(contentsOf: bytes[start..<end])
                line.append(0)
                try line.withUnsafeBufferPointer { try body(index, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
            }
            index += 1
            // A CR LF is one break.
            start = end + (end + 1 < bytes.count && bytes[end] == 0x0D && bytes[end + 1] == 0x0A ? 2 : 1)
        }
    }

    /// Draws an image made for this frame (rasterized vector content) over a canvas rectangle.
    func drawImage(_ image: RGBAImage, in rect: Rect) throws {
        guard let texture = SDL_CreateTexture(renderer, fx_pixelformat_rgba32(), Int32(SDL_TEXTUREACCESS_STATIC.rawValue),
                                              Int32(image.width), Int32(image.height)) else {
            throw SDLError("creating a \(image.width)×\(image.height) texture")
        }
        defer { SDL_DestroyTexture(texture) }
        _ = image.pixels.withUnsafeBytes { SDL_UpdateTexture(texture, nil, $0.baseAddress, Int32(image.width * 4)) }
        SDL_SetTextureBlendMode(texture, SDL_BLENDMODE_BLEND)
        SDL_SetTextureScaleMode(texture, SDL_ScaleModeLinear)
        let rect = placed(rect)
        var target = SDL_FRect(x: Float(rect.origin.x), y: Float(rect.origin.y), w: Float(rect.size.width), h: Float(rect.size.height))
        if SDL_RenderCopyF(renderer, texture, nil, &target) != 0 { throw SDLError("drawing a layer") }
    }

    /// A color component 0…1 as a byte.
    static func channel(_ value: Double) -> UInt8 {
        UInt8((min(max(value, 0), 1) * 255).rounded())
    }
}

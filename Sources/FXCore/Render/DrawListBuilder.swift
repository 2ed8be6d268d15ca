#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds the draw list of a simulation snapshot: the layer tree as presented then
/// (backgrounds, borders), one textured quad per live particle and, under them, a ribbon of
/// solid triangles per particle of a cell with a `trail`, in canvas coordinates, batched by
/// texture and blend mode.
public struct DrawListBuilder {
    /// The most threads a cell's particle quads are written on (1: the caller's thread only).
    /// Each thread writes its own contiguous range of particles into its own slice of the
    /// vertex and index buffers, so the list's bytes are the same with any number of threads.
    public var threads: Int
    /// The fewest particles worth a thread of their own: a cell with fewer than twice this
    /// many is written on one thread.
    public var minimumChunk: Int

    /// A builder; it keeps no state between frames, so one can serve any number of worlds.
    /// - Parameter threads: the most threads to write particle quads on (see ``threads``).
    public init(threads: Int = 1) {
        self.threads = threads
        minimumChunk = 4096
    }

    /// Fills `list` with the world's layers and particles at its current step: the draw list
    /// of its ``World/snapshot()``.
    public func build(_ world: World, into list: DrawList, interpolation: Double = 1, pixelsPerPoint: Double = 1) {
        build(world.snapshot(), into: list, interpolation: interpolation, pixelsPerPoint: pixelsPerPoint)
    }

    /// Fills `list` with a snapshot's layers and particles.
    /// - Parameter snapshot: the simulation at the step to draw.
    /// - Parameter list: the list to fill (emptied first; its buffers are reused).
    /// - Parameter interpolation: where between the previous step (0) and the current one (1)
    ///   to draw. The window passes its accumulator's remainder, so motion is smooth at any
    ///   display rate. The particles are drawn as they were then by the simulation's own rules
    ///   (`CellRewind`): under constant acceleration the earlier position follows exactly from
    ///   the current one; cells with forces keep each particle's position at the previous step
    ///   and are drawn on the line between the two.
    /// - Parameter pixelsPerPoint: how many output pixels a canvas point covers, to pick the
    ///   texture size that suits each particle.
    public func build(_ snapshot: SimulationSnapshot, into list: DrawList, interpolation: Double = 1, pixelsPerPoint: Double = 1) {
        list.reset(size: snapshot.effect.canvas.size, background: snapshot.effect.canvas.background)
        let rewindSeconds = (1 - min(max(interpolation, 0), 1)) * snapshot.stepDuration
        let layers = snapshot.effect.presentationLayers(at: max(0, snapshot.time - rewindSeconds))
        list.pixelsPerPoint = pixelsPerPoint
        // Masked subtrees open a run of batches that closes after their last layer.
        var openMasks: [(end: Int, firstBatch: Int, layer: String, alpha: MaskAlpha)] = []
        func closeMasks(upTo index: Int) {
            while let last = openMasks.last, last.end <= index {
                openMasks.removeLast()
                let alpha = last.alpha
                list.appendMaskGroup(DrawList.MaskGroup(batches: last.firstBatch..<list.batches.count, layer: last.layer,
                                                          x: alpha.rect.x, y: alpha.rect.y, width: max(0, alpha.rect.width),
                                                          height: max(0, alpha.rect.height), alpha: alpha.bytes, opacity: alpha.opacity))
                list.batchIsSealed = true
            }
        }
        for (placedIndex, placed) in layers.enumerated() {
            closeMasks(upTo: placedIndex)
            if !placed.maskLayers.isEmpty || placed.layer.masksToBounds || placed.groupOpacity != nil {
                openMasks.append((placed.subtreeEnd, list.batches.count, placed.name,
                                  maskAlpha(for: placed, within: openMasks.last?.alpha.rect, list: list, pixelsPerPoint: pixelsPerPoint)))
                list.batchIsSealed = true
            }
            // The shadow goes under the layer's content and sublayers, inside its mask and clip
            // as in Core Animation (masksToBounds clips a layer's shadow away).
            if let shadow = ShadowItem(of: placed) { list.appendShadow(shadow) }
            if let transition = placed.transition {
                TransitionRenderer.append(placed, transition: transition, to: list, pixelsPerPoint: pixelsPerPoint)
            } else {
                VectorRenderer.appendLayerContent(of: placed, to: list, pixelsPerPoint: pixelsPerPoint)
            }
            if let bytes = list.refusedImageBytes, list.imageOverflow == nil { list.imageOverflow = (placed.name, bytes) }
            guard placed.layer.type == .emitter, let emitter = snapshot.emitter(named: placed.name) else { continue }
            appendParticles(of: emitter, placed: placed, rewind: Float(rewindSeconds), to: list, pixelsPerPoint: pixelsPerPoint)
        }
        closeMasks(upTo: Int.max)
    }

    /// The alpha of a layer drawn apart, over the pixels where it shows: within the canvas and
    /// `enclosing` (the group it is drawn into, outside which nothing of it shows). Past the
    /// frame's ``DrawList/maxOffscreenBytes`` the list records the layer as its overflow and the
    /// group shows nothing.
    private func maskAlpha(for placed: PlacedLayer, within enclosing: PixelRect?, list: DrawList,
                           pixelsPerPoint: Double) -> MaskAlpha {
        let nothing = MaskAlpha(rect: PixelRect(x: 0, y: 0, width: 0, height: 0), bytes: [], opacity: 0)
        guard list.offscreenOverflow == nil else { return nothing }
        switch MaskAlpha.make(for: placed, canvas: list.size, pixelsPerPoint: pixelsPerPoint,
                              budget: DrawList.maxOffscreenBytes - list.maskAlphaBytes) {
        case .success(var alpha):
            if let enclosing, alpha.rect.intersection(enclosing) != alpha.rect {
                alpha = alpha.cropped(to: alpha.rect.intersection(enclosing))
            }
            list.maskAlphaBytes += alpha.bytes.count
            return alpha
        case .failure(let overflow):
            list.offscreenOverflow = (placed.name, list.maskAlphaBytes + overflow.bytes)
            return nothing
        }
    }

    /// An emitter layer's particles, one quad each, batched by cell in storage order, or
    /// sorted across its cells by age or depth as its `renderMode` asks.
    private func appendParticles(of emitter: EmitterSnapshot, placed: PlacedLayer, rewind: Float, to list: DrawList,
                                 pixelsPerPoint: Double) {
        let properties = placed.layer.emitter ?? emitter.properties
        // A compositing filter, where set, overrides additive's blending (not the order).
        let blend: BlendMode = properties.compositingFilter?.blendMode ?? (properties.renderMode == .additive ? .additive : .normal)
        let context = QuadContext(transform: placed.transformToCanvas, opacity: Float(placed.opacity), rewind: rewind,
                                  now: emitter.simulatedTime,
                                  perspective: properties.preservesDepth ? placed.perspective : nil, tint: placed.tint)
        switch properties.renderMode {
        case .unordered, .additive:
            for cell in emitter.cells {
                if cell.trailLayout != nil { appendTrails(of: [cell], context: context, blend: blend, to: list) }
                if let column = cell.contentsChoiceColumn, cell.particles.count > 0 {
                    appendChoices(of: cell, column: column, context: context, blend: blend, to: list, pixelsPerPoint: pixelsPerPoint)
                    continue
                }
                guard let texture = cell.presented.contents, cell.particles.count > 0 else { continue }
                let geometry = QuadGeometry(cell: cell, texture: texture, context: context)
                list.beginBatch(texture: texture, level: geometry.textureLevel(pixelsPerPoint: pixelsPerPoint), blendMode: blend)
                geometry.appendQuads(0..<cell.particles.count, to: list, threads: threads, minimumChunk: minimumChunk)
                list.endBatch()
            }
        case .oldestFirst, .oldestLast, .backToFront:
            // Ribbons under every particle of the layer: sorting them with the particles would
            // cut each cell's ribbons into a batch per particle.
            appendTrails(of: emitter.cells, context: context, blend: blend, to: list)
            appendSorted(emitter.cells, by: properties.renderMode, context: context, blend: blend, to: list, pixelsPerPoint: pixelsPerPoint)
        }
    }

    /// The particles of a cell with `contentsChoices`, a batch per texture chosen (in the
    /// order of the list; the cell is unordered, so grouping them changes no promise).
    private func appendChoices(of cell: CellSnapshot, column: Int, context: QuadContext, blend: BlendMode, to list: DrawList,
                               pixelsPerPoint: Double) {
        let choices = cell.presented.extensions.contentsChoices
        let picks = cell.particles.extra[column]
        var groups = Array(repeating: [Int](), count: choices.count)
        for i in 0..<cell.particles.count { groups[min(Int(picks[i]), choices.count - 1)].append(i) }
        for (choice, texture) in choices.enumerated() where !groups[choice].isEmpty {
            let geometry = QuadGeometry(cell: cell, texture: texture, context: context)
            list.beginBatch(texture: texture, level: geometry.textureLevel(pixelsPerPoint: pixelsPerPoint), blendMode: blend)
            geometry.appendQuads(groups[choice], to: list, threads: threads, minimumChunk: minimumChunk)
            list.endBatch()
        }
    }

    /// The textures a cell's particles are drawn with: its `contentsChoices`, or its
    /// `contents`, or none.
    private func textures(of cell: CellSnapshot) -> [TextureReference] {
        if cell.contentsChoiceColumn != nil { return cell.presented.extensions.contentsChoices }
        return cell.presented.contents.map { [$0] } ?? []
    }

    /// The trails of `cells` (those that have one), each cell's ribbons as one batch of solid
    /// triangles, blended as the layer's particles. Cells without a trail cost nothing here.
    private func appendTrails(of cells: [CellSnapshot], context: QuadContext, blend: BlendMode, to list: DrawList) {
        for cell in cells where cell.trailLayout != nil && cell.particles.count > 0 {
            guard let geometry = TrailGeometry(cell: cell, context: context) else { continue }
            list.beginBatch(texture: nil, blendMode: blend)
            geometry.appendRibbons(0..<cell.particles.count, to: list)
            list.endBatch()
        }
    }

    /// Every particle of a layer sorted across its cells: by age (oldestFirst draws the oldest
    /// on top, last; oldestLast draws it first), or by depth, far to near. Consecutive particles
    /// of one cell share a batch.
    private func appendSorted(_ cells: [CellSnapshot], by mode: EmitterProperties.RenderMode, context: QuadContext, blend: BlendMode,
                              to list: DrawList, pixelsPerPoint: Double) {
        var order: [(cell: Int, index: Int, key: Float)] = []
        let byDepth = mode == .backToFront
        for (cellIndex, cell) in cells.enumerated() where !textures(of: cell).isEmpty {
            let keys = byDepth ? cell.particles.z : cell.particles.age
            for index in 0..<cell.particles.count { order.append((cellIndex, index, keys[index])) }
        }
        if mode == .oldestLast {
            order.sort { ($0.key, $1.cell, $1.index) > ($1.key, $0.cell, $0.index) }
        } else {
            order.sort { ($0.key, $0.cell, $0.index) < ($1.key, $1.cell, $1.index) }
        }
        // One geometry per texture a cell draws with (one, or one per contents choice).
        let geometries = cells.map { cell in
            textures(of: cell).map { QuadGeometry(cell: cell, texture: $0, context: context) }
        }
        let levels = geometries.map { $0.map { $0.textureLevel(pixelsPerPoint: pixelsPerPoint) } }
        let choiceColumns = cells.map { cell in cell.contentsChoiceColumn.map { cell.particles.extra[$0] } }
        var run: [Int] = []
        var start = 0
        while start < order.count {
            let cell = order[start].cell
            let picks = choiceColumns[cell]
            func choice(_ index: Int) -> Int { picks.map { Int($0[index]) } ?? 0 }
            let texture = choice(order[start].index)
            run.removeAll(keepingCapacity: true)
            var end = start
            while end < order.count, order[end].cell == cell, choice(order[end].index) == texture {
                run.append(order[end].index)
                end += 1
            }
            start = end
            guard geometries[cell].indices.contains(texture) else { continue }
            let geometry = geometries[cell][texture]
            list.beginBatch(texture: geometry.texture, level: levels[cell][texture], blendMode: blend)
            geometry.appendQuads(run, to: list, threads: threads, minimumChunk: minimumChunk)
            list.endBatch()
        }
    }
}


extension DrawList {
    /// Continues the last batch if it has the same texture and blend mode, else starts one.
    func beginBatch(texture: TextureReference?, level: Int = 0, blendMode: BlendMode) {
        if let last = batches.last, !batchIsSealed, last.image == nil, last.text == nil, last.shadow == nil, last.texture == texture, last.textureLevel == level,
           last.textureFrame == 0, last.blendMode == blendMode { return }
        batchIsSealed = false
        batches.append(DrawBatch(texture: texture, image: nil, text: nil, textureLevel: level, blendMode: blendMode, vertexStart: vertices.count,
                                 vertexCount: 0, indexStart: indices.count, indexCount: 0))
    }

    func endBatch() {
        guard var last = batches.last else { return }
        last.vertexCount = vertices.count - last.vertexStart
        last.indexCount = indices.count - last.indexStart
        batches[batches.count - 1] = last
    }
}

/// What every quad of one emitter layer shares.
struct QuadContext {
    let transform: AffineTransform
    let opacity: Float
    /// Seconds before the step's end to draw at (the window's interpolation).
    let rewind: Float
    /// The layer time of the step's end.
    let now: Double
    /// Set when particles keep their depth under a perspective.
    let perspective: Perspective?
    /// Multiplied into every particle's color (a replicator copy's instance color).
    let tint: Color
}

/// What every quad of one cell shares: the texture's size and coordinates, the transform to the
/// canvas, the layer opacity, the particles as drawn between steps, the projection and the
/// sprite frames.
struct QuadGeometry {
    let store: ParticleStore
    /// The store's columns, read once: a class's properties are checked for exclusive access on
    /// every read, which per particle would cost more than the quad itself.
    let x: UnsafeMutablePointer<Float>, y: UnsafeMutablePointer<Float>, z: UnsafeMutablePointer<Float>
    let rotationColumn: UnsafeMutablePointer<Float>
    let scaleColumn: UnsafeMutablePointer<Float>, alphaColumn: UnsafeMutablePointer<Float>
    let red: UnsafeMutablePointer<Float>, green: UnsafeMutablePointer<Float>, blue: UnsafeMutablePointer<Float>
    let texture: TextureReference
    let halfWidth: Float, halfHeight: Float
    let u0: Float, v0: Float, u1: Float, v1: Float
    let a: Float, b: Float, c: Float, d: Float, tx: Float, ty: Float
    let opacity: Float
    /// The particles as they were when drawn (a moment before the step's end, between two
    /// steps): the simulation's rules, which drawing only reads.
    let rewind: CellRewind
    let frames: SpriteFrames?
    /// One sprite frame's size in texture coordinates.
    let frameWidth: Float, frameHeight: Float
    let tinted: Bool
    let tintRed: Float, tintGreen: Float, tintBlue: Float, tintAlpha: Float
    /// The perspective centre and distance, when particles are projected.
    let projects: Bool
    let centerX: Float, centerY: Float, distance: Float
    /// The largest stretch of the layer transform, to bound a quad's size on the canvas.
    let scaleLimit: Float
    /// The cell's flutter, and the serial column its phases are keyed by.
    let flutter: FlutterDrawing?
    let serial: UnsafeMutablePointer<UInt32>
    /// Quads reaching past this many points from the canvas origin are skipped.
    static let coordinateLimit: Float = 100_000

    init(cell: CellSnapshot, texture: TextureReference, context: QuadContext) {
        store = cell.particles
        x = store.x; y = store.y; z = store.z
        rotationColumn = store.rotation; scaleColumn = store.scale
        alphaColumn = store.alpha; red = store.red; green = store.green; blue = store.blue
        self.texture = texture
        let rect = cell.presented.contentsRect
        let pixels = texture.pixelSize
        frames = cell.presented.extensions.spriteFrames
        let columns = Double(frames?.columns ?? 1), rows = Double(frames?.rows ?? 1)
        // A particle at scale 1 is as many points as its part of the image has pixels, divided
        // by contentsScale — Core Animation's rule for layer contents.
        halfWidth = Float(pixels.width * rect.size.width / columns / cell.presented.contentsScale / 2)
        halfHeight = Float(pixels.height * rect.size.height / rows / cell.presented.contentsScale / 2)
        u0 = Float(rect.origin.x); v0 = Float(rect.origin.y)
        u1 = Float(rect.origin.x + rect.size.width); v1 = Float(rect.origin.y + rect.size.height)
        frameWidth = (u1 - u0) / Float(frames?.columns ?? 1); frameHeight = (v1 - v0) / Float(frames?.rows ?? 1)
        let transform = context.transform
        a = Float(transform.a); b = Float(transform.b); c = Float(transform.c); d = Float(transform.d)
        tx = Float(transform.tx); ty = Float(transform.ty)
        scaleLimit = max(abs(a) + abs(c), abs(b) + abs(d))
        opacity = context.opacity
        rewind = CellRewind(cell, seconds: context.rewind, now: context.now)
        projects = context.perspective != nil
        centerX = Float(context.perspective?.center.x ?? 0)
        centerY = Float(context.perspective?.center.y ?? 0)
        distance = Float(context.perspective?.distance ?? 1)
        flutter = FlutterDrawing(cell.presented.extensions.flutter, random: cell.random)
        serial = store.serial
        tinted = context.tint != .white
        tintRed = Float(context.tint.red); tintGreen = Float(context.tint.green)
        tintBlue = Float(context.tint.blue); tintAlpha = Float(context.tint.alpha)
    }

    /// The mip level for this cell's particles: from the texture's size, the typical particle
    /// scale (the first few particles'), the layer's stretch and the output's pixels per point.
    func textureLevel(pixelsPerPoint: Double) -> Int {
        guard case .builtin = texture else { return 0 }
        let sample = min(store.count, 16)
        guard sample > 0 else { return 0 }
        var scale: Float = 0
        for i in 0..<sample { scale += abs(store.scale[i]) }
        let drawn = Double(2 * halfWidth * scale / Float(sample) * scaleLimit) * pixelsPerPoint
        return BuiltinTexture.level(pixelWidth: texture.pixelSize.width, drawnWidth: drawn)
    }

    /// The texture coordinates of particle `i`'s sprite frame, drawn `back` seconds before
    /// the step's end.
    @inline(__always)
    func frameRect(_ i: Int, back: Float) -> (Float, Float, Float, Float) {
        guard let frames else { return (u0, v0, u1, v1) }
        let frame: Int
        let drawnAge = Double(rewind.drawnAge(i, back: back))
        if let fps = frames.framesPerSecond {
            let index = Int(drawnAge * fps)
            frame = frames.loops ? index % frames.count : min(index, frames.count - 1)
        } else {
            let lifetime = rewind.lifetime(i)
            let t = lifetime > 0 ? drawnAge / lifetime : 1
            frame = min(max(Int(t * Double(frames.count)), 0), frames.count - 1)
        }
        let column = Float(frame % frames.columns), row = Float(frame / frames.columns)
        return (u0 + column * frameWidth, v0 + row * frameHeight, u0 + (column + 1) * frameWidth, v0 + (row + 1) * frameHeight)
    }

    /// Writes particle `i`'s four vertices; false when it is not drawn. Cells that
    /// ``drawsByColumns`` get the same bytes from the column loop.
    @inline(__always)
    func writeQuad(_ i: Int, vertices: UnsafeMutablePointer<DrawVertex>) -> Bool {
        let back = rewind.back(i)
        var (px, py) = rewind.position(i, back: back)
        var widthFactor: Float = 1
        if let flutter {
            let (dx, dy, width) = flutter.offsetAndWidthFactor(serial: UInt64(serial[i]), age: Double(rewind.drawnAge(i, back: back)))
            px += dx; py += dy; widthFactor = width
        }
        let rotation = rewind.rotation(i, back: back)
        var scale = scaleColumn[i]
        var r = red[i], g = green[i], bl = blue[i], al = alphaColumn[i]
        rewind.values(i, back: back, red: &r, green: &g, blue: &bl, alpha: &al, scale: &scale)
        al *= opacity
        var cx = a * px + c * py + tx, cy = b * px + d * py + ty
        if projects {
            // Perspective: nearer particles (larger z) are drawn farther from the centre and larger.
            let w = 1 - z[i] / distance
            guard w > 0.01 else { return false }
            cx = centerX + (cx - centerX) / w
            cy = centerY + (cy - centerY) / w
            scale /= w
        }
        // Rotated half extents; sine and cosine only for particles that turn.
        var cosine: Float = 1, sine: Float = 0
        if rotation != 0 { (sine, cosine) = FastTrigonometry.sineCosine(rotation) }
        let hx = halfWidth * scale * widthFactor, hy = halfHeight * scale
        // A particle far off the canvas, or grown absurdly large (or NaN), is not drawn: the
        // rasteriser would spend unbounded time on it, or overflow.
        let extent = abs(hx) + abs(hy)
        guard abs(cx) < QuadGeometry.coordinateLimit, abs(cy) < QuadGeometry.coordinateLimit,
              extent * scaleLimit < QuadGeometry.coordinateLimit else { return false }
        // The quad's half axes in the layer, then through the layer's linear part.
        let exLocalX = cosine * hx, exLocalY = sine * hx     // rotated (hx, 0)
        let eyLocalX = -sine * hy, eyLocalY = cosine * hy    // rotated (0, hy)
        let exX = a * exLocalX + c * exLocalY, exY = b * exLocalX + d * exLocalY
        let eyX = a * eyLocalX + c * eyLocalY, eyY = b * eyLocalX + d * eyLocalY
        if tinted { r *= tintRed; g *= tintGreen; bl *= tintBlue; al *= tintAlpha }
        let redByte = UInt8(r * 255 + 0.5), greenByte = UInt8(g * 255 + 0.5)
        let blueByte = UInt8(bl * 255 + 0.5), alphaByte = UInt8(min(max(al, 0), 1) * 255 + 0.5)
        let (fu0, fv0, fu1, fv1) = frameRect(i, back: back)
        vertices[0] = DrawVertex(x: cx - exX - eyX, y: cy - exY - eyY, red: redByte, green: greenByte, blue: blueByte, alpha: alphaByte, u: fu0, v: fv0)
        vertices[1] = DrawVertex(x: cx + exX - eyX, y: cy + exY - eyY, red: redByte, green: greenByte, blue: blueByte, alpha: alphaByte, u: fu1, v: fv0)
        vertices[2] = DrawVertex(x: cx + exX + eyX, y: cy + exY + eyY, red: redByte, green: greenByte, blue: blueByte, alpha: alphaByte, u: fu1, v: fv1)
        vertices[3] = DrawVertex(x: cx - exX + eyX, y: cy - exY + eyY, red: redByte, green: greenByte, blue: blueByte, alpha: alphaByte, u: fu0, v: fv1)
        return true
    }
}

/// Sine and cosine for drawing: a polynomial after range reduction, within 2e-7 of the true
/// values, several times faster than the C library's and the same on every machine.
enum FastTrigonometry {
    @inline(__always)
    static func sineCosine(_ angle: Float) -> (Float, Float) {
        // Reduce to [−π, π], then use sin on [−π/2, π/2] by symmetry.
        let twoPi: Float = 6.283185307179586
        let x = angle - twoPi * (angle * (1 / twoPi)).rounded()
        return sineCosine(reduced: x)
    }

    /// Sine and cosine of an angle already in [−π, π] (no reduction, no library call).
    @inline(__always)
    static func sineCosine(reduced x: Float) -> (Float, Float) {
        let twoPi: Float = 6.283185307179586, halfPi: Float = 1.5707963267948966, pi: Float = 3.141592653589793
        @inline(__always) func sine(_ t: Float) -> Float {
            var u = t
            if u > halfPi { u = pi - u } else if u < -halfPi { u = -pi - u }
            let u2 = u * u
            return u * (1 + u2 * (-1.0 / 6 + u2 * (1.0 / 120 + u2 * (-1.0 / 5040 + u2 * (1.0 / 362880)))))
        }
        var shifted = x + halfPi
        if shifted > pi { shifted -= twoPi }
        return (sine(x), sine(shifted))
    }
}

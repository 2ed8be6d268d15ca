import CSDL2
import FXCore

/// Draws a draw list's particle batches — textured or plain triangles with fx's blend modes —
/// straight into a headless render's pixels, in place of SDL's software `SDL_RenderGeometry`
/// (which spends some 19 000 instructions a quad).
///
/// The pixels are exact and do not depend on the thread count: vertex positions are snapped to
/// 1/16 of a pixel and tested with integer edge functions (a pixel is covered when its centre is
/// inside, edges shared by two triangles owned by one through the top-left rule, as SDL and
/// GPUs do); texture coordinates and colors are interpolated in single precision from each
/// triangle's own corner, the same arithmetic for a pixel whichever thread draws it; blending
/// is integer arithmetic. Work is split in two passes: triangles are set up in ranges (each
/// writes only its own record), then the target is cut into horizontal bands and each band
/// draws every triangle that reaches it, in the batch's order, so every pixel is written by one
/// thread, in primitive order.
///
/// Textures are sampled at the nearest texel, as SDL's software renderer does; blending follows
/// SDL's integer formulas (the texel modulated by the vertex color, premultiplied by its alpha,
/// then source-over or added), and screen and multiply the formulas of
/// `DrawListRenderer+Compositing` (each triangle composited on its own, so overlapping particles
/// screen or multiply each other).
final class SoftwareRasterizer {
    /// How many threads draw (1 draws on the caller's thread). The bytes are the same for any.
    var threads: Int

    /// Fixed-point subpixel bits of vertex positions: 1/16 pixel.
    static let subpixelBits: Int64 = 4
    /// Vertex positions beyond this many pixels from the origin are left to SDL (with its
    /// clipping of large triangles): the edge functions stay well inside 64 bits.
    static let maxCoordinate: Float = 1_048_576

    /// The triangles of the batch being drawn, set up; reused from batch to batch.
    private var triangles: [RasterTriangle] = []
    /// The triangles of each band, in order: band b's are `binned[binStarts[b]..<binStarts[b + 1]]`.
    private var binStarts: [Int] = []
    private var binned: [Int32] = []
    /// Textures as 32-bit RGBA texels (bytes R, G, B, A in memory), decoded once.
    private var textures: [TextureKey: RasterTexture] = [:]

    struct TextureKey: Hashable {
        var reference: TextureReference
        var level: Int
        var frame: Int
    }

    /// - Parameter threads: how many threads draw (clamped to at least 1).
    init(threads: Int = 1) {
        self.threads = max(1, threads)
    }

    /// The texture for a batch, decoded by `load` the first time.
    func texture(_ key: TextureKey, load: () throws -> RGBAImage) rethrows -> RasterTexture {
        if let texture = textures[key] { return texture }
        let texture = RasterTexture(try load())
        textures[key] = texture
        return texture
    }

    /// Draws one batch's triangles into `target`.
    /// - Returns: false, having drawn nothing, when the batch has a triangle this rasterizer
    ///   does not take (an index out of range, a position that is not finite or is very far
    ///   off): the caller draws it with SDL.
    func draw(_ list: DrawList, _ batch: DrawBatch, texture: RasterTexture?, into target: RasterTarget,
              scaleX: Float, scaleY: Float) -> Bool {
        let count = batch.indexCount / 3
        guard count > 0 else { return true }
        guard batch.vertexStart >= 0, batch.vertexStart + batch.vertexCount <= list.vertices.count,
              batch.indexStart >= 0, batch.indexStart + count * 3 <= list.indices.count else { return false }
        if triangles.count < count {
            triangles = [RasterTriangle](repeating: RasterTriangle(), count: count)
        }
        let width = target.width, height = target.height
        let textureWidth = Float(texture?.width ?? 1), textureHeight = Float(texture?.height ?? 1)
        // Pass 1: set up every triangle (ranges of triangles, each written by one thread).
        var failed = false
        list.vertices.withUnsafeBufferPointer { vertices in
            list.indices.withUnsafeBufferPointer { indices in
                triangles.withUnsafeMutableBufferPointer { records in
                    let records = UnsafeSendable(records)
                    let flags = UnsafeFlags(count: count)
                    defer { flags.deallocate() }
                    // Triangles go in pairs: a particle's quad (0 1 2, 0 2 3) set up as one
                    // primitive in the first's record, the second's left empty.
                    let pairs = (count + 1) / 2
                    ParallelChunks.run(count: pairs, threads: threads, minimumChunk: 1024) { range in
                        func corner(_ triangle: Int, _ k: Int) -> Int { Int(indices[batch.indexStart + 3 * triangle + k]) }
                        func valid(_ index: Int) -> Bool { index >= 0 && index < batch.vertexCount }
                        for pair in range {
                            let first = 2 * pair
                            if first + 1 < count {
                                let k0 = corner(first, 0), k1 = corner(first, 1), k2 = corner(first, 2), k3 = corner(first + 1, 2)
                                if corner(first + 1, 0) == k0, corner(first + 1, 1) == k2, valid(k0), valid(k1), valid(k2), valid(k3),
                                   let quad = RasterTriangle.quad(vertices[batch.vertexStart + k0], vertices[batch.vertexStart + k1],
                                                                  vertices[batch.vertexStart + k2], vertices[batch.vertexStart + k3],
                                                                  scaleX: scaleX, scaleY: scaleY, textureWidth: textureWidth,
                                                                  textureHeight: textureHeight, width: width, height: height) {
                                    records.value[first] = quad
                                    records.value[first + 1] = RasterTriangle()
                                    continue
                                }
                            }
                            for triangle in first..<min(first + 2, count) {
                                let k0 = corner(triangle, 0), k1 = corner(triangle, 1), k2 = corner(triangle, 2)
                                guard valid(k0), valid(k1), valid(k2),
                                      let record = RasterTriangle(vertices[batch.vertexStart + k0], vertices[batch.vertexStart + k1],
                                                                  vertices[batch.vertexStart + k2], scaleX: scaleX, scaleY: scaleY,
                                                                  textureWidth: textureWidth, textureHeight: textureHeight,
                                                                  width: width, height: height) else {
                                    flags.set(triangle)
                                    continue
                                }
                                records.value[triangle] = record
                            }
                        }
                    }
                    failed = flags.any
                }
            }
        }
        guard !failed else { return false }
        // Pass 2: the target cut into bands of rows small enough to stay in the core's cache;
        // each triangle listed, in order, in the bands its rows reach; threads take runs of
        // bands, each drawing its bands' triangles in order.
        let bandRows = Self.bandRows(pitch: target.pitch)
        let bands = (height + bandRows - 1) / bandRows
        bin(count: count, bands: bands, bandRows: bandRows)
        triangles.withUnsafeBufferPointer { records in
            binStarts.withUnsafeBufferPointer { starts in
                binned.withUnsafeBufferPointer { members in
                    let shared = UnsafeSendable((records, starts, members))
                    ParallelChunks.run(count: bands, threads: threads, minimumChunk: 1) { run in
                        let (records, starts, members) = shared.value
                        for band in run {
                            let rows = Int32(band * bandRows)...Int32(min(height, (band + 1) * bandRows) - 1)
                            let end = starts[band + 1]
                            for slot in starts[band]..<end {
                                // The records of a band are far apart in memory: the one a few
                                // slots ahead is fetched while this one is drawn.
                                if slot + 6 < end {
                                    fx_prefetch(records.baseAddress! + Int(members[slot + 6]), Int32(MemoryLayout<RasterTriangle>.size))
                                }
                                RasterTriangle.draw(records.baseAddress! + Int(members[slot]), rows: rows, into: target, texture: texture,
                                                    blend: batch.blendMode)
                            }
                        }
                    }
                }
            }
        }
        return true
    }
}

extension SoftwareRasterizer {
    /// Rows per band: a power of two, at most about 192 KiB of pixels, which a core's
    /// second-level cache holds while the band's particles are blended onto it.
    static func bandRows(pitch: Int) -> Int {
        var rows = 4
        while rows < 256 && rows * 2 * pitch <= 196_608 { rows *= 2 }
        return rows
    }

    /// Lists the first `count` triangles in the bands their pixel boxes reach, in order.
    fileprivate func bin(count: Int, bands: Int, bandRows: Int) {
        binStarts = [Int](repeating: 0, count: bands + 1)
        let shift = bandRows.trailingZeroBitCount
        triangles.withUnsafeBufferPointer { records in
            binStarts.withUnsafeMutableBufferPointer { starts in
                for index in 0..<count where records[index].minY <= records[index].maxY {
                    let first = Int(records[index].minY) >> shift, last = Int(records[index].maxY) >> shift
                    for band in first...last { starts[band + 1] += 1 }
                }
                for band in 0..<bands { starts[band + 1] += starts[band] }
            }
        }
        if binned.count < binStarts[bands] { binned = [Int32](repeating: 0, count: binStarts[bands]) }
        var next = binStarts
        triangles.withUnsafeBufferPointer { records in
            binned.withUnsafeMutableBufferPointer { members in
                next.withUnsafeMutableBufferPointer { next in
                    for index in 0..<count where records[index].minY <= records[index].maxY {
                        let first = Int(records[index].minY) >> shift, last = Int(records[index].maxY) >> shift
                        for band in first...last {
                            members[next[band]] = Int32(index)
                            next[band] += 1
                        }
                    }
                }
            }
        }
    }
}

/// A value shared with the threads of one pass, each touching only its own part of it.
struct UnsafeSendable<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// One flag per triangle of a pass: set where a triangle cannot be drawn here.
final class UnsafeFlags: @unchecked Sendable {
    private let flags: UnsafeMutableBufferPointer<Bool>

    init(count: Int) {
        flags = .allocate(capacity: max(count, 1))
        flags.initialize(repeating: false)
    }

    func set(_ index: Int) { flags[index] = true }

    var any: Bool { flags.contains(true) }

    func deallocate() { flags.deallocate() }
}

/// A texture's texels, 32 bits each (bytes R, G, B, A in memory).
final class RasterTexture {
    let width: Int
    let height: Int
    let texels: UnsafeMutablePointer<UInt32>
    /// Whether every texel's color is white (the shape in its alpha alone, as fx's built-in
    /// textures are): particles of one color are then drawn by a shorter loop.
    let isWhite: Bool

    init(_ image: RGBAImage) {
        let width = max(image.width, 1), height = max(image.height, 1)
        let texels = UnsafeMutablePointer<UInt32>.allocate(capacity: width * height)
        texels.initialize(repeating: 0, count: width * height)
        image.pixels.withUnsafeBytes { bytes in
            let count = min(image.width * image.height, width * height)
            for index in 0..<count { texels[index] = bytes.loadUnaligned(fromByteOffset: index * 4, as: UInt32.self) }
        }
        (self.width, self.height, self.texels) = (width, height, texels)
        let count = width * height
        isWhite = (0..<count).allSatisfy { texels[$0] & 0x00FF_FFFF == 0x00FF_FFFF }
    }

    deinit { texels.deallocate() }
}

/// The pixels drawn into: 32-bit RGBA (bytes R, G, B, A), `pitch` bytes a row.
struct RasterTarget: @unchecked Sendable {
    let pixels: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let pitch: Int
}

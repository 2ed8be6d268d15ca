/// Turns layers' shadows (``ShadowItem``) into images over the canvas, keeping the blurred
/// shadows it has made so that a frame blurs only what changed.
///
/// A shadow is drawn in three steps, all on the CPU and the same on every machine:
/// 1. the caster (``ShadowCaster``: the `shadowPath`, or the alpha of what the layer draws) is
///    rasterized on a grid in the layer's plane;
/// 2. the grid is blurred by a Gaussian whose standard deviation is `shadowRadius` (in the
///    layer's points), one direction at a time;
/// 3. the blurred grid is moved by `shadowOffset` in the layer's plane, taken through the
///    layer's transform to the canvas, sampled bilinearly and tinted by the shadow's color and
///    opacity.
///
/// Steps 1 and 2 are kept per (caster, radius, grid scale): animating `shadowOpacity`,
/// `shadowColor`, `shadowOffset`, the layer's position, rotation or opacity re-blurs nothing;
/// animating `shadowRadius`, `shadowPath` or what the layer draws (its `cornerRadius`, a
/// shape's path) blurs again each frame, and a scale blurs again each quarter octave. Step 3
/// is kept too, for a shadow that does not move, within ``placedByteBudget`` bytes of images.
///
/// Make one per renderer and keep it between frames (FXSDL's renderers do). It is not safe to
/// share between threads.
public final class ShadowCache {
    /// The most grid pixels a shadow's blur spans per standard deviation: a blurred shadow holds
    /// no detail finer than that, so a wide blur is made on a coarser grid and costs no more.
    public static let maxSigmaPixels = 4.0
    /// The largest grid side, in pixels: a larger caster is rasterized on a coarser grid.
    public static let maxRasterSide = 2048

    private struct Placement {
        var offset: Size
        var matrix: Matrix4
        var color: Color
        var canvas: Size
        var pixelsPerPoint: Double
        var result: (image: RGBAImage, rect: Rect)?
    }

    private struct Entry {
        var caster: ShadowCaster
        var radius: Double
        var raster: ShadowRaster
        var placement: Placement?
    }

    /// Least recently used first.
    private var entries: [Entry] = []
    private let capacity: Int
    private let pixelBudget: Int

    /// How many shadows have been rasterized and blurred: once per new (caster, radius, scale).
    public private(set) var blurCount = 0
    /// The bytes of the shadow images on the canvas kept for shadows that do not move.
    public private(set) var placedBytes = 0
    /// The most bytes of shadow images on the canvas kept: past it the least recently used go
    /// (and are made again when drawn).
    public let placedByteBudget: Int

    /// - Parameters:
    ///   - capacity: how many blurred shadows are kept (the least recently used goes first).
    ///   - pixelBudget: the most grid pixels kept in all (4 bytes each).
    ///   - placedByteBudget: the most bytes of shadow images on the canvas kept.
    public init(capacity: Int = 64, pixelBudget: Int = 8_000_000, placedByteBudget: Int = 256 << 20) {
        self.capacity = max(1, capacity)
        self.pixelBudget = max(1, pixelBudget)
        self.placedByteBudget = max(0, placedByteBudget)
    }

    /// The pixels of the image ``image(for:canvas:pixelsPerPoint:contents:)`` would make for
    /// `item`, before it is made: nil when it would make none (none of the shadow is on the
    /// canvas) or would give an image it keeps.
    public func newImagePixels(for item: ShadowItem, canvas: Size, pixelsPerPoint: Double) -> (width: Int, height: Int)? {
        guard pixelsPerPoint > 0, pixelsPerPoint.isFinite,
              let grid = ShadowRaster.grid(for: item.caster, radius: item.radius, matrix: item.matrix, pixelsPerPoint: pixelsPerPoint)
        else { return nil }
        if let entry = entries.last(where: { $0.radius == item.radius && $0.raster.scale == grid.scale && $0.caster == item.caster }),
           let placement = entry.placement, placement.offset == item.offset, placement.matrix == item.matrix,
           placement.color == item.color, placement.canvas == canvas, placement.pixelsPerPoint == pixelsPerPoint {
            return nil
        }
        guard let pixels = ShadowRaster.placedPixels(origin: grid.origin, scale: grid.scale, width: grid.width, height: grid.height,
                                                     offset: item.offset, matrix: item.matrix, canvas: canvas,
                                                     pixelsPerPoint: pixelsPerPoint) else { return nil }
        return (pixels.width, pixels.height)
    }

    /// Lets kept shadow images go, least recently used first, until ``placedBytes`` is at most
    /// `bytes` (they are made again when drawn).
    public func dropPlacedImages(downTo bytes: Int) {
        var index = 0
        while placedBytes > max(0, bytes), index < entries.count {
            if let placement = entries[index].placement {
                placedBytes -= placement.result?.image.pixels.count ?? 0
                entries[index].placement = nil
            }
            index += 1
        }
    }

    /// The shadow as an image over part of the canvas, or nil when none of it shows.
    /// - Parameters:
    ///   - item: the shadow, from ``DrawList/shadows``.
    ///   - canvas: the canvas size in points (``DrawList/size``).
    ///   - pixelsPerPoint: the output's pixels per canvas point (``DrawList/pixelsPerPoint``):
    ///     the image has this resolution.
    ///   - contents: draws a caster's text and image contents, for a caster that
    ///     ``ShadowCaster/castsContents``: given a draw list of the layer's content on a grid
    ///     (its size in pixels, one pixel a point), it returns the drawn alpha, 0…1, one value
    ///     a pixel, rows top to bottom. FXSDL draws it with SDL. Without it, only the layer's
    ///     vector content (background, border, shape, gradient) casts.
    /// - Returns: straight-alpha pixels of the shadow's color, and the canvas rectangle (in
    ///   points) they cover.
    /// - Throws: what `contents` throws.
    public func image(for item: ShadowItem, canvas: Size, pixelsPerPoint: Double,
                      contents: ((DrawList) throws -> [Float])? = nil) throws -> (image: RGBAImage, rect: Rect)? {
        guard pixelsPerPoint > 0, pixelsPerPoint.isFinite,
              let grid = ShadowRaster.grid(for: item.caster, radius: item.radius, matrix: item.matrix, pixelsPerPoint: pixelsPerPoint)
        else { return nil }
        let index: Int
        if let found = entries.lastIndex(where: { $0.radius == item.radius && $0.raster.scale == grid.scale && $0.caster == item.caster }) {
            // Most recently used last.
            entries.append(entries.remove(at: found))
            index = entries.count - 1
        } else {
            var raster = try ShadowRaster(caster: item.caster, origin: grid.origin, scale: grid.scale, width: grid.width,
                                          height: grid.height, contents: contents)
            raster.blur(sigma: item.radius * grid.scale)
            blurCount += 1
            entries.append(Entry(caster: item.caster, radius: item.radius, raster: raster))
            evict()
            index = entries.count - 1
        }
        if let placement = entries[index].placement, placement.offset == item.offset, placement.matrix == item.matrix,
           placement.color == item.color, placement.canvas == canvas, placement.pixelsPerPoint == pixelsPerPoint {
            return placement.result
        }
        let result = entries[index].raster.placed(offset: item.offset, matrix: item.matrix, color: item.color, canvas: canvas,
                                                  pixelsPerPoint: pixelsPerPoint)
        placedBytes -= entries[index].placement?.result?.image.pixels.count ?? 0
        entries[index].placement = nil
        // The newest is kept when it fits, the others let go to make room.
        let bytes = result?.image.pixels.count ?? 0
        if bytes <= placedByteBudget {
            dropPlacedImages(downTo: placedByteBudget - bytes)
            entries[index].placement = Placement(offset: item.offset, matrix: item.matrix, color: item.color, canvas: canvas,
                                                 pixelsPerPoint: pixelsPerPoint, result: result)
            placedBytes += bytes
        }
        return result
    }

    /// Drops the least recently used shadows beyond the capacity and the pixel budget (never
    /// the newest).
    private func evict() {
        var pixels = entries.reduce(0) { $0 + $1.raster.alpha.count }
        while entries.count > 1, entries.count > capacity || pixels > pixelBudget {
            let entry = entries.removeFirst()
            pixels -= entry.raster.alpha.count
            placedBytes -= entry.placement?.result?.image.pixels.count ?? 0
        }
    }
}

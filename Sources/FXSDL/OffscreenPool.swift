import CSDL2
import FXCore

/// The surfaces layers are drawn apart on (group opacity, `masksToBounds`, masks), each the
/// size of the pixels its layer shows on, kept between layers and frames: a group takes a free
/// surface of its size or makes one, so the copies of a replicated masked layer, and the same
/// layer frame after frame, share one surface (with its renderer's textures and fonts).
///
/// It counts their bytes against the frame's ``DrawList/maxOffscreenBytes``, with the masks'
/// alpha the draw list holds: a group that would pass it fails with an
/// ``OffscreenMemoryError`` naming its layer, after the free surfaces have been let go.
final class OffscreenPool {
    /// A surface with the software renderer and the drawer that draw on it.
    final class Offscreen {
        let surface: UnsafeMutablePointer<SDL_Surface>
        let renderer: OpaquePointer
        /// The drawer; it goes before its renderer, whose textures it holds.
        private(set) var drawer: DrawListRenderer!
        let width: Int
        let height: Int
        fileprivate var inUse = false
        /// When it was last taken (a count of takes), to let the least recent go first.
        fileprivate var lastUse = 0

        init(width: Int, height: Int, resources: any EffectResources) throws {
            guard let surface = SDL_CreateRGBSurfaceWithFormat(0, Int32(width), Int32(height), 32, fx_pixelformat_rgba32()) else {
                throw SDLError("creating a \(width)×\(height) surface for a layer drawn apart")
            }
            guard let renderer = SDL_CreateSoftwareRenderer(surface) else {
                SDL_FreeSurface(surface)
                throw SDLError("creating a renderer for a layer drawn apart")
            }
            self.surface = surface
            self.renderer = renderer
            self.width = width
            self.height = height
            drawer = DrawListRenderer(renderer: renderer, resources: resources)
            drawer.groupSurface = surface
        }

        /// Its bytes: the surface, and the scratch surface of its additive and screen batches
        /// once it has one.
        var bytes: Int { width * height * 4 * (drawer.hasScratch ? 2 : 1) }

        deinit {
            drawer = nil
            SDL_DestroyRenderer(renderer)
            SDL_FreeSurface(surface)
        }
    }

    private var offscreens: [Offscreen] = []
    private var takes = 0
    /// The most free surfaces kept for later groups and frames.
    static let freeSurfacesKept = 8

    /// A free surface of `width` × `height` pixels, marked in use until ``release(_:)``.
    /// - Parameter transient: bytes the caller will take besides the surface while it is in use
    ///   (its copy to composite).
    /// - Parameter reserved: bytes of the frame already taken elsewhere (the masks' alpha).
    /// - Parameter layer: the layer drawn apart, for the error.
    /// - Parameter cause: why it is drawn apart, for the error.
    func take(width: Int, height: Int, transient: Int, reserved: Int, layer: String,
              cause: String = OffscreenMemoryError.groupCause, resources: any EffectResources) throws -> Offscreen {
        takes += 1
        let found = offscreens.first { !$0.inUse && $0.width == width && $0.height == height }
        let needed = reserved + transient + (found == nil ? width * height * 4 : 0)
        // Let free surfaces go, least recently used first, until the frame fits.
        while retainedBytes + needed > DrawList.maxOffscreenBytes,
              let index = offscreens.indices.filter({ !offscreens[$0].inUse && offscreens[$0] !== found })
                  .min(by: { offscreens[$0].lastUse < offscreens[$1].lastUse }) {
            offscreens.remove(at: index)
        }
        guard retainedBytes + needed <= DrawList.maxOffscreenBytes else {
            throw OffscreenMemoryError(layer: layer, bytes: retainedBytes + needed, width: width, height: height, cause: cause)
        }
        let offscreen = try found ?? Offscreen(width: width, height: height, resources: resources)
        if found == nil { offscreens.append(offscreen) }
        offscreen.inUse = true
        offscreen.lastUse = takes
        return offscreen
    }

    /// Gives a surface back for later groups; past ``freeSurfacesKept`` free ones the least
    /// recently used go.
    func release(_ offscreen: Offscreen) {
        offscreen.inUse = false
        while offscreens.filter({ !$0.inUse }).count > Self.freeSurfacesKept,
              let index = offscreens.indices.filter({ !offscreens[$0].inUse })
                  .min(by: { offscreens[$0].lastUse < offscreens[$1].lastUse }) {
            offscreens.remove(at: index)
        }
    }

    /// The bytes of every surface kept, in use or free.
    var retainedBytes: Int { offscreens.reduce(0) { $0 + $1.bytes } }
}

import CSDL2

/// What draws a window's frames: SDL's renderer by name and, when it draws through OpenGL, the
/// OpenGL implementation underneath — which tells a GPU from a software OpenGL.
///
/// Virtual machines, remote desktops and Xvfb have no GPU: SDL then draws either with its own
/// software renderer or through Mesa's software OpenGL (llvmpipe, softpipe, swrast), where every
/// triangle of every particle is rasterized on the CPU one draw call at a time. fx's own threaded
/// rasterizer draws the same frame several times faster, so a window on such a renderer draws
/// with it (``SoftwareFrameDrawer``).
public struct RendererDescription: Equatable, Sendable {
    /// SDL's name for its renderer: `opengl`, `opengles2`, `software`, …
    public var name: String
    /// OpenGL's `GL_RENDERER` string when the renderer draws through OpenGL (`llvmpipe (LLVM
    /// 15.0.6, 256 bits)`, `NVIDIA GeForce …`); nil otherwise or when it cannot be read.
    public var openGLRenderer: String?

    /// The words in a `GL_RENDERER` string that name a software OpenGL: Mesa's llvmpipe,
    /// softpipe and swrast (whose string is "Software Rasterizer"), Google's SwiftShader and
    /// Windows' own "GDI Generic". Compared without regard to case.
    public static let softwareOpenGLNames = ["llvmpipe", "softpipe", "swrast", "software rasterizer", "swiftshader", "gdi generic"]

    /// A description from its parts (tests; ``init(renderer:)`` reads a live renderer's).
    public init(name: String, openGLRenderer: String? = nil) {
        self.name = name
        self.openGLRenderer = openGLRenderer
    }

    /// Describes `renderer`, an SDL renderer of a window. Call it on the thread that made the
    /// renderer: an OpenGL renderer's context is current there, and `GL_RENDERER` is read from it.
    public init(renderer: OpaquePointer) {
        var info = SDL_RendererInfo()
        let name = SDL_GetRendererInfo(renderer, &info) == 0 ? info.name.map { String(cString: $0) } ?? "unknown" : "unknown"
        var openGLRenderer: String?
        if name.hasPrefix("opengl") {
            // Flushing makes SDL activate the renderer, and with it its OpenGL context.
            SDL_RenderFlush(renderer)
            openGLRenderer = fx_gl_renderer().map { String(cString: $0) }
        }
        self.init(name: name, openGLRenderer: openGLRenderer)
    }

    /// Whether the renderer draws on the CPU: SDL's software renderer, or an OpenGL whose
    /// `GL_RENDERER` names a software implementation (``softwareOpenGLNames``).
    public var isSoftware: Bool { softwareName != nil }

    /// What makes the renderer a software one, in words for the HUD: `software`
    /// for SDL's own, else the software OpenGL's name (`llvmpipe`); nil for a GPU.
    public var softwareName: String? {
        if name == "software" { return "software" }
        guard let openGLRenderer = openGLRenderer?.lowercased() else { return nil }
        return Self.softwareOpenGLNames.first { openGLRenderer.contains($0) }
    }
}

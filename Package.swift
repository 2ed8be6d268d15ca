// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "fx",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "fx", targets: ["fx"]),
        .library(name: "FXCore", targets: ["FXCore"]),
        // The embedding product: the engine and its SDL renderer (into your SDL_Renderer, or
        // headless into memory and PNG files). It builds neither Dear ImGui, nor the ffmpeg
        // encoder, nor swift-argument-parser: those are the `fx` command's (FXWindow, FXPanel,
        // FXEncode), and a test checks that this product never reaches them.
        .library(name: "FXSDL", targets: ["FXCore", "FXSDL"]),
        // The effects shipped with fx, how `fx NAME` finds effects, and the system's fonts: what
        // the command line knows and the engine does not (FXCore depends on none of it).
        .library(name: "FXEffects", targets: ["FXEffects"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // `swift package generate-documentation` (tools/docs) builds the DocC catalogs.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // SDL2, SDL_image and SDL_ttf (Debian's libsdl2-dev, libsdl2-image-dev, libsdl2-ttf-dev).
        // No `pkgConfig: "sdl2"`: its cflags carry -D_REENTRANT, which SwiftPM refuses with a
        // "prohibited flag(s)" warning on every build of fx and of every package that depends
        // on it, and which changes nothing on glibc. The shim includes <SDL2/…> from the
        // system's include path instead, and the module map names the libraries to link.
        .systemLibrary(name: "CSDL2"),
        // The engine: pure Swift, no SDL, and no knowledge of where effects, textures or fonts
        // live — an `EffectResources` passed in answers that (a test checks it depends on nothing).
        .target(name: "FXCore"),
        // The effects ship inside the binary's resource bundle, so `fx confetti` finds them
        // from any working directory. The target sits at the package root so that it can copy
        // the whole `effects/` folder (new effect files need no change here); everything else
        // at the root belongs to other targets or to no target. Its sources are the catalog that
        // finds effects by name and the resources that find the system's fonts.
        .target(
            name: "FXEffects",
            dependencies: ["FXCore"],
            path: ".",
            exclude: ["Sources/CSDL2", "Sources/CImGui", "Sources/CImGuiBridge", "Sources/FXCore", "Sources/FXSDL", "Sources/FXEncode", "Sources/FXWindow", "Sources/FXPanel", "Sources/FXImport", "Sources/CZlib", "Sources/fx", "Tests", "tools", "docs",
                      "README.md", "schema", "Fuzz", "Benchmarks", "Examples"],
            sources: ["Sources/FXEffects"],
            resources: [.copy("effects")]
        ),
        // Dear ImGui (Debian's libimgui-dev: the library, pkg-config `imgui`, and its backends'
        // sources) for the window's property panel. CImGui only carries pkg-config's flags;
        // CImGuiBridge is the C interface over the C++ library, compiled with its SDL_Renderer
        // backend; only FXPanel imports it.
        .systemLibrary(
            name: "CImGui",
            pkgConfig: "imgui",
            providers: [.apt(["libimgui-dev"])]
        ),
        .target(
            name: "CImGuiBridge",
            dependencies: ["CImGui", "CSDL2"],
            // `forward/` holds the header names the backend's source includes (see there).
            cxxSettings: [.headerSearchPath("forward")]
        ),
        // The SDL renderer: draws an EffectPlayer into a program's SDL_Renderer, or headless
        // into memory (fx's own rasterizer for particles), with PNG in and out.
        .target(name: "FXSDL", dependencies: ["FXCore", "CSDL2"]),
        // What fx writes besides frames: videos and GIFs through ffmpeg (`fx record`, the
        // window's g key) and `fx plot`'s charts.
        .target(name: "FXEncode", dependencies: ["FXCore", "FXSDL", "CSDL2"]),
        // `fx play`'s window: the fixed-step loop, hot reload, the overlays, scrubbing, recording
        // with the g key, and the place of a panel it knows only as a `WindowPanel`.
        .target(name: "FXWindow", dependencies: ["FXCore", "FXSDL", "FXEncode", "FXExport", "CSDL2"]),
        // The window's property panel, drawn with Dear ImGui (`fx play --panel`, Tab): the
        // window's `WindowPanel`, which `fx play` wires in. It depends on the window, never the
        // reverse.
        .target(name: "FXPanel", dependencies: ["FXCore", "FXSDL", "FXWindow", "CSDL2", "CImGuiBridge"]),
        // The system's zlib, for the gzip-compressed textures Particle Designer embeds
        // (Foundation on Linux has no public inflate).
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        // `fx import`: other particle tools' files read into fx effects (one importer per family).
        .target(name: "FXImport", dependencies: ["FXCore", "CZlib"]),
        // `fx export`: effects written back out as Core Animation code (Swift, Objective-C) and
        // Core Animation documents (`.ca`), checked by importing them back.
        .target(name: "FXExport", dependencies: ["FXCore"]),
        .executableTarget(
            name: "fx",
            dependencies: [
                "FXCore", "FXSDL", "FXEncode", "FXWindow", "FXPanel", "FXEffects", "FXImport", "FXExport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // Examples of fx as a library: built with the package, run by the tests. They use only
        // what the embedding product (FXSDL) and FXEffects give a program, never the `fx`
        // command's targets.
        .executableTarget(name: "click-confetti", dependencies: ["FXCore", "FXSDL", "FXEffects", "CSDL2"], path: "Examples/ClickConfetti"),
        .executableTarget(name: "render-frames", dependencies: ["FXCore", "FXSDL", "FXEffects"], path: "Examples/RenderFrames"),
        .executableTarget(name: "embedding-snippet", dependencies: ["FXCore", "FXSDL", "FXEffects", "CSDL2"], path: "Examples/EmbeddingSnippet"),
        .testTarget(name: "FXCoreTests", dependencies: ["FXCore"]),
        .testTarget(name: "FXEndToEndTests", dependencies: ["FXCore", "FXSDL", "FXEncode", "FXWindow", "FXEffects", "FXImport", "FXExport", "CSDL2"]),
    ],
    swiftLanguageModes: [.v5]
)

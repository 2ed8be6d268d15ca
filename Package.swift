// swift-tools-version:6.0
import Foundation
import PackageDescription

/// Every effect in `effects/` ships inside the binary's resource bundle, so `fx confetti`
/// finds it from any working directory after a build.
let shippedEffects: [Resource] = {
    let directory = Context.packageDirectory + "/effects"
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    var resources: [Resource] = names.filter { $0.hasSuffix(".json") }.sorted().map { .copy($0) }
    if names.contains("textures") { resources.append(.copy("textures")) }
    return resources
}()

let package = Package(
    name: "fx",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "fx", targets: ["fx"]),
        .library(name: "FXCore", targets: ["FXCore"]),
        .library(name: "FXSDL", targets: ["FXSDL"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CSDL2",
            pkgConfig: "sdl2",
            providers: [.apt(["libsdl2-dev", "libsdl2-image-dev", "libsdl2-ttf-dev"])]
        ),
        .target(name: "FXCore"),
        .target(
            name: "FXEffects",
            path: "effects",
            exclude: ["README.md"],
            sources: ["ShippedEffects.swift"],
            resources: shippedEffects
        ),
        .target(name: "FXSDL", dependencies: ["FXCore", "CSDL2"]),
        .executableTarget(
            name: "fx",
            dependencies: [
                "FXCore", "FXSDL", "FXEffects",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "FXCoreTests", dependencies: ["FXCore"]),
        .testTarget(name: "FXEndToEndTests", dependencies: ["FXCore", "FXSDL"]),
    ],
    swiftLanguageModes: [.v5]
)

// swift-tools-version:6.1
// fx's hot paths under the `benchmark` package (ordo-one), so regressions show:
//   cd Benchmarks && swift package benchmark
// Kept apart from the main package so that its build and CI do not carry the benchmark tools.
import PackageDescription

let package = Package(
    name: "FXBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "fx", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "FXBenchmarks",
            dependencies: [
                .product(name: "FXCore", package: "fx"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/FXBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
    ]
)

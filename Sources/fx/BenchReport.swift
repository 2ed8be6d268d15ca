import Foundation

/// What `fx bench --json` writes: one JSON document holding the machine, the run's settings
/// and every figure with its parameters and unit, for CI to keep as a history and for
/// tools/bench to print the README's table from.
///
///     {"format": "fx-bench-1", "date": "2026-11-24T19:20:00Z",
///      "machine": {"cpu": "AMD EPYC …", "cores": 2, "memoryGiB": 23.4, "os": "…", "architecture": "x86_64"},
///      "settings": {"particles": [10000, 100000], "steps": 200, "build": "release"},
///      "figures": [{"name": "simulation_ns_per_particle_step", "parameters": {"particles": 10000},
///                   "value": 3.05, "unit": "ns"}, …]}
struct BenchReport: Encodable {
    /// The machine the figures were taken on.
    struct Machine: Encodable {
        var cpu: String
        var cores: Int
        var memoryGiB: Double
        var os: String
        var architecture: String

        /// This machine, read from /proc/cpuinfo and ProcessInfo.
        static func current() -> Machine {
            let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
            let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
                .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" } ?? "unknown CPU"
            #if arch(x86_64)
            let architecture = "x86_64"
            #elseif arch(arm64)
            let architecture = "arm64"
            #else
            let architecture = "other"
            #endif
            let info = ProcessInfo.processInfo
            return Machine(cpu: model, cores: info.activeProcessorCount,
                           memoryGiB: (Double(info.physicalMemory) / 1_073_741_824 * 10).rounded() / 10,
                           os: info.operatingSystemVersionString, architecture: architecture)
        }
    }

    /// The options the run was given and how fx was built.
    struct Settings: Encodable {
        var particles: [Int]
        var steps: Int
        var build: String
    }

    /// The version of this document's layout; a reader checks it.
    var format = "fx-bench-1"
    /// When the run ended, UTC, ISO 8601.
    var date: String
    var machine: Machine
    var settings: Settings
    var figures: [BenchFigure]

    /// The document as JSON text, keys sorted (the same layout run after run), ending with a newline.
    func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }
}

import FXCore
import FXEffects
import Foundation
import XCTest

/// The draw list's bytes — every vertex, index and batch — of every shipped effect, against
/// hashes recorded before the particle loop was rewritten as a column loop split across threads:
/// the builder may get faster, but what it draws must not move by a bit (the renderers, the
/// goldens and `fx hash`'s image hash all read these bytes). And the bytes must not depend on
/// how many threads build them.
final class DrawListBytesTests: XCTestCase {
    /// (effect, seed 0, time, interpolation, pixels per point) → FNV-1a of the list's bytes.
    /// Interpolation 0.5 draws every particle a half step back (positions, colors, scales
    /// rewound); pixels per point 2 picks other texture levels.
    static let recorded: [String: String] = [
        "basic-animation t=1.0 i=1.0 ppp=1.0": "2a3d46587c60fa4b",
        "basic-animation t=1.0 i=0.5 ppp=2.0": "2a3d46587c60fa4b",
        "basic-animation t=2.5 i=1.0 ppp=1.0": "2a3d46587c60fa4b",
        "basic-animation t=2.5 i=0.5 ppp=2.0": "2a3d46587c60fa4b",
        "bubbles t=1.0 i=1.0 ppp=1.0": "36c94829e71dbb9d",
        "bubbles t=1.0 i=0.5 ppp=2.0": "2fde5c261006afce",
        "bubbles t=2.5 i=1.0 ppp=1.0": "bb6c97aa56b47086",
        "bubbles t=2.5 i=0.5 ppp=2.0": "6a312c9d1575340e",
        "card-flip t=1.0 i=1.0 ppp=1.0": "cc153bf1ba17d2d8",
        "card-flip t=1.0 i=0.5 ppp=2.0": "cc153bf1ba17d2d8",
        "card-flip t=2.5 i=1.0 ppp=1.0": "cc153bf1ba17d2d8",
        "card-flip t=2.5 i=0.5 ppp=2.0": "cc153bf1ba17d2d8",
        "cat-waiting-hud t=1.0 i=1.0 ppp=1.0": "d189b53994e72388",
        "cat-waiting-hud t=1.0 i=0.5 ppp=2.0": "d189b53994e72388",
        "cat-waiting-hud t=2.5 i=1.0 ppp=1.0": "d189b53994e72388",
        "cat-waiting-hud t=2.5 i=0.5 ppp=2.0": "d189b53994e72388",
        "catransition t=1.0 i=1.0 ppp=1.0": "30ad64ef161a08ce",
        "catransition t=1.0 i=0.5 ppp=2.0": "54f75c990e1c9543",
        "catransition t=2.5 i=1.0 ppp=1.0": "30ad64ef161a08ce",
        "catransition t=2.5 i=0.5 ppp=2.0": "30ad64ef161a08ce",
        "comet t=1.0 i=1.0 ppp=1.0": "889b92d16d7aa533",
        "comet t=1.0 i=0.5 ppp=2.0": "28520ce2bff1aaf8",
        "comet t=2.5 i=1.0 ppp=1.0": "73cdf9c9b3e02a45",
        "comet t=2.5 i=0.5 ppp=2.0": "5c6e9c6f0e1cea27",
        "confetti t=1.0 i=1.0 ppp=1.0": "17c45317c6987cff",
        "confetti t=1.0 i=0.5 ppp=2.0": "62f9d58938a3d94e",
        "confetti t=2.5 i=1.0 ppp=1.0": "e4bf8a568cdc4583",
        "confetti t=2.5 i=0.5 ppp=2.0": "8924e3037d342ce1",
        "emitter-rect-burst t=1.0 i=1.0 ppp=1.0": "31d7491dd04d6f0e",
        "emitter-rect-burst t=1.0 i=0.5 ppp=2.0": "195dffb98a395b2d",
        "emitter-rect-burst t=2.5 i=1.0 ppp=1.0": "21136c2990ae02a2",
        "emitter-rect-burst t=2.5 i=0.5 ppp=2.0": "2d50fe8490da1693",
        "explosion t=1.0 i=1.0 ppp=1.0": "e76090d033418f01",
        "explosion t=1.0 i=0.5 ppp=2.0": "7c3d10cc84adfee5",
        "explosion t=2.5 i=1.0 ppp=1.0": "7d8d2bb0b15be4b0",
        "explosion t=2.5 i=0.5 ppp=2.0": "f0ed96f4d2a09d44",
        "fire t=1.0 i=1.0 ppp=1.0": "7f357bafab50f60d",
        "fire t=1.0 i=0.5 ppp=2.0": "24145d6f77b343e7",
        "fire t=2.5 i=1.0 ppp=1.0": "6c716becff2da0ee",
        "fire t=2.5 i=0.5 ppp=2.0": "b93b136289aa4916",
        "fireworks t=1.0 i=1.0 ppp=1.0": "21f7ab9dd2fd56a3",
        "fireworks t=1.0 i=0.5 ppp=2.0": "a9716cc20045a59b",
        "fireworks t=2.5 i=1.0 ppp=1.0": "87a648d0c2775c09",
        "fireworks t=2.5 i=0.5 ppp=2.0": "f8512869c723328d",
        "fountain t=1.0 i=1.0 ppp=1.0": "3c6a5a014e616b39",
        "fountain t=1.0 i=0.5 ppp=2.0": "5220fdda6ee9108b",
        "fountain t=2.5 i=1.0 ppp=1.0": "57053ce2bb40c0e1",
        "fountain t=2.5 i=0.5 ppp=2.0": "74700ad61f375d33",
        "galaxy t=1.0 i=1.0 ppp=1.0": "895a43188d82bc52",
        "galaxy t=1.0 i=0.5 ppp=2.0": "c314d62b0e7e91d7",
        "galaxy t=2.5 i=1.0 ppp=1.0": "45649a1ba96a323d",
        "galaxy t=2.5 i=0.5 ppp=2.0": "d6ebe52f25783314",
        "gif-imageio t=1.0 i=1.0 ppp=1.0": "bfc16739988a7226",
        "gif-imageio t=1.0 i=0.5 ppp=2.0": "463b1abfd09c5d48",
        "gif-imageio t=2.5 i=1.0 ppp=1.0": "12cc0eda1041f787",
        "gif-imageio t=2.5 i=0.5 ppp=2.0": "12cc0eda1041f787",
        "gif-playback t=1.0 i=1.0 ppp=1.0": "e6d4b46723aaad76",
        "gif-playback t=1.0 i=0.5 ppp=2.0": "595e7de410fe6af9",
        "gif-playback t=2.5 i=1.0 ppp=1.0": "65cc414c411fd4cf",
        "gif-playback t=2.5 i=0.5 ppp=2.0": "058fbeca27148dff",
        "group-path-color t=1.0 i=1.0 ppp=1.0": "2a3d46587c60fa4b",
        "group-path-color t=1.0 i=0.5 ppp=2.0": "2a3d46587c60fa4b",
        "group-path-color t=2.5 i=1.0 ppp=1.0": "2a3d46587c60fa4b",
        "group-path-color t=2.5 i=0.5 ppp=2.0": "2a3d46587c60fa4b",
        "gusty-snow t=1.0 i=1.0 ppp=1.0": "794e4ad16d465e37",
        "gusty-snow t=1.0 i=0.5 ppp=2.0": "1a1886b209f5b675",
        "gusty-snow t=2.5 i=1.0 ppp=1.0": "d9b4a9534bbac78d",
        "gusty-snow t=2.5 i=0.5 ppp=2.0": "24695e0b943a8528",
        "hearts t=1.0 i=1.0 ppp=1.0": "f868954f9c0580b7",
        "hearts t=1.0 i=0.5 ppp=2.0": "1ca5f2e64d5dfad8",
        "hearts t=2.5 i=1.0 ppp=1.0": "55dcad157636352c",
        "hearts t=2.5 i=0.5 ppp=2.0": "25b93950739f66c6",
        "image-sequence t=1.0 i=1.0 ppp=1.0": "1ceaf673df2187c1",
        "image-sequence t=1.0 i=0.5 ppp=2.0": "1ceaf673df2187c1",
        "image-sequence t=2.5 i=1.0 ppp=1.0": "a5ea4828b1f5adc6",
        "image-sequence t=2.5 i=0.5 ppp=2.0": "a5ea4828b1f5adc6",
        "implicit-stroke-circle t=1.0 i=1.0 ppp=1.0": "b17623f2cbe2bdeb",
        "implicit-stroke-circle t=1.0 i=0.5 ppp=2.0": "b17623f2cbe2bdeb",
        "implicit-stroke-circle t=2.5 i=1.0 ppp=1.0": "b17623f2cbe2bdeb",
        "implicit-stroke-circle t=2.5 i=0.5 ppp=2.0": "b17623f2cbe2bdeb",
        "interactive-avatar t=1.0 i=1.0 ppp=1.0": "4c2935ec55b4d32b",
        "interactive-avatar t=1.0 i=0.5 ppp=2.0": "4c2935ec55b4d32b",
        "interactive-avatar t=2.5 i=1.0 ppp=1.0": "4c2935ec55b4d32b",
        "interactive-avatar t=2.5 i=0.5 ppp=2.0": "4c2935ec55b4d32b",
        "iqiyi-loader t=1.0 i=1.0 ppp=1.0": "e74279885ea231c0",
        "iqiyi-loader t=1.0 i=0.5 ppp=2.0": "cc153bf1ba17d2d8",
        "iqiyi-loader t=2.5 i=1.0 ppp=1.0": "e74279885ea231c0",
        "iqiyi-loader t=2.5 i=0.5 ppp=2.0": "e74279885ea231c0",
        "keyframe-path-button t=1.0 i=1.0 ppp=1.0": "2a3d46587c60fa4b",
        "keyframe-path-button t=1.0 i=0.5 ppp=2.0": "2a3d46587c60fa4b",
        "keyframe-path-button t=2.5 i=1.0 ppp=1.0": "2a3d46587c60fa4b",
        "keyframe-path-button t=2.5 i=0.5 ppp=2.0": "2a3d46587c60fa4b",
        "magic-trail t=1.0 i=1.0 ppp=1.0": "99609ae4d1a8d748",
        "magic-trail t=1.0 i=0.5 ppp=2.0": "8d25ae3cd715ce1e",
        "magic-trail t=2.5 i=1.0 ppp=1.0": "c7d4e7e7e5db6aad",
        "magic-trail t=2.5 i=0.5 ppp=2.0": "37378f307f883a7d",
        "orbit-path t=1.0 i=1.0 ppp=1.0": "d5b3e701ba4425fa",
        "orbit-path t=1.0 i=0.5 ppp=2.0": "898693f9a591f9f9",
        "orbit-path t=2.5 i=1.0 ppp=1.0": "35cb063e5c6e1424",
        "orbit-path t=2.5 i=0.5 ppp=2.0": "0d3d56e66c283855",
        "preloader t=1.0 i=1.0 ppp=1.0": "5f6c24a829f174ff",
        "preloader t=1.0 i=0.5 ppp=2.0": "5f6c24a829f174ff",
        "preloader t=2.5 i=1.0 ppp=1.0": "5f6c24a829f174ff",
        "preloader t=2.5 i=0.5 ppp=2.0": "5f6c24a829f174ff",
        "preloader-rebound t=1.0 i=1.0 ppp=1.0": "5f6c24a829f174ff",
        "preloader-rebound t=1.0 i=0.5 ppp=2.0": "5f6c24a829f174ff",
        "preloader-rebound t=2.5 i=1.0 ppp=1.0": "5f6c24a829f174ff",
        "preloader-rebound t=2.5 i=0.5 ppp=2.0": "5f6c24a829f174ff",
        "qq-mail-loader t=1.0 i=1.0 ppp=1.0": "2829e81e33679188",
        "qq-mail-loader t=1.0 i=0.5 ppp=2.0": "2829e81e33679188",
        "qq-mail-loader t=2.5 i=1.0 ppp=1.0": "2829e81e33679188",
        "qq-mail-loader t=2.5 i=0.5 ppp=2.0": "2829e81e33679188",
        "qq-pull-to-refresh t=1.0 i=1.0 ppp=1.0": "cc153bf1ba17d2d8",
        "qq-pull-to-refresh t=1.0 i=0.5 ppp=2.0": "cc153bf1ba17d2d8",
        "qq-pull-to-refresh t=2.5 i=1.0 ppp=1.0": "cc153bf1ba17d2d8",
        "qq-pull-to-refresh t=2.5 i=0.5 ppp=2.0": "cc153bf1ba17d2d8",
        "rain t=1.0 i=1.0 ppp=1.0": "9433cccbdcb5430f",
        "rain t=1.0 i=0.5 ppp=2.0": "3a9feb1c38ac68c6",
        "rain t=2.5 i=1.0 ppp=1.0": "be12a544f58ca9b9",
        "rain t=2.5 i=0.5 ppp=2.0": "efbee46aee63013c",
        "replicator-loading-balls t=1.0 i=1.0 ppp=1.0": "e74279885ea231c0",
        "replicator-loading-balls t=1.0 i=0.5 ppp=2.0": "e74279885ea231c0",
        "replicator-loading-balls t=2.5 i=1.0 ppp=1.0": "e74279885ea231c0",
        "replicator-loading-balls t=2.5 i=0.5 ppp=2.0": "e74279885ea231c0",
        "replicator-sound-wave t=1.0 i=1.0 ppp=1.0": "e74279885ea231c0",
        "replicator-sound-wave t=1.0 i=0.5 ppp=2.0": "e74279885ea231c0",
        "replicator-sound-wave t=2.5 i=1.0 ppp=1.0": "e74279885ea231c0",
        "replicator-sound-wave t=2.5 i=0.5 ppp=2.0": "e74279885ea231c0",
        "ripple-check-button t=1.0 i=1.0 ppp=1.0": "fbf1942fca9188a5",
        "ripple-check-button t=1.0 i=0.5 ppp=2.0": "fbf1942fca9188a5",
        "ripple-check-button t=2.5 i=1.0 ppp=1.0": "fbf1942fca9188a5",
        "ripple-check-button t=2.5 i=0.5 ppp=2.0": "fbf1942fca9188a5",
        "shimmer t=1.0 i=1.0 ppp=1.0": "edd82392fe912032",
        "shimmer t=1.0 i=0.5 ppp=2.0": "edd82392fe912032",
        "shimmer t=2.5 i=1.0 ppp=1.0": "edd82392fe912032",
        "shimmer t=2.5 i=0.5 ppp=2.0": "edd82392fe912032",
        "slide-to-unlock t=1.0 i=1.0 ppp=1.0": "614fdf5be37b8d1b",
        "slide-to-unlock t=1.0 i=0.5 ppp=2.0": "614fdf5be37b8d1b",
        "slide-to-unlock t=2.5 i=1.0 ppp=1.0": "614fdf5be37b8d1b",
        "slide-to-unlock t=2.5 i=0.5 ppp=2.0": "614fdf5be37b8d1b",
        "smoke t=1.0 i=1.0 ppp=1.0": "5c9b23a76348c559",
        "smoke t=1.0 i=0.5 ppp=2.0": "e12916d9a8493173",
        "smoke t=2.5 i=1.0 ppp=1.0": "2156a3509db3e356",
        "smoke t=2.5 i=0.5 ppp=2.0": "f99e0b8c79637cf0",
        "snow t=1.0 i=1.0 ppp=1.0": "98a50dff90ed247e",
        "snow t=1.0 i=0.5 ppp=2.0": "f433e482ae533c45",
        "snow t=2.5 i=1.0 ppp=1.0": "dc9a86b836219ac8",
        "snow t=2.5 i=0.5 ppp=2.0": "df8c4ad386a80846",
        "sound-wave t=1.0 i=1.0 ppp=1.0": "e74279885ea231c0",
        "sound-wave t=1.0 i=0.5 ppp=2.0": "e74279885ea231c0",
        "sound-wave t=2.5 i=1.0 ppp=1.0": "8954304fd2cee775",
        "sound-wave t=2.5 i=0.5 ppp=2.0": "8954304fd2cee775",
        "sparkle t=1.0 i=1.0 ppp=1.0": "1e6dc20dfba29505",
        "sparkle t=1.0 i=0.5 ppp=2.0": "7a56875a2ba3613d",
        "sparkle t=2.5 i=1.0 ppp=1.0": "f03806f0eaadffd1",
        "sparkle t=2.5 i=0.5 ppp=2.0": "25fa79956e0038cb",
        "sparks t=1.0 i=1.0 ppp=1.0": "32f444fd45845e1d",
        "sparks t=1.0 i=0.5 ppp=2.0": "084b6255e413eb10",
        "sparks t=2.5 i=1.0 ppp=1.0": "39e09c64bf826782",
        "sparks t=2.5 i=0.5 ppp=2.0": "04d37713c94942e9",
        "spinner-ring t=1.0 i=1.0 ppp=1.0": "7a4bc803c6276cbb",
        "spinner-ring t=1.0 i=0.5 ppp=2.0": "7a4bc803c6276cbb",
        "spinner-ring t=2.5 i=1.0 ppp=1.0": "7a4bc803c6276cbb",
        "spinner-ring t=2.5 i=0.5 ppp=2.0": "7a4bc803c6276cbb",
        "spring-pop t=1.0 i=1.0 ppp=1.0": "4214258b23e1f053",
        "spring-pop t=1.0 i=0.5 ppp=2.0": "6591d0e2b554a42d",
        "spring-pop t=2.5 i=1.0 ppp=1.0": "a81788fa825028ef",
        "spring-pop t=2.5 i=0.5 ppp=2.0": "113d7d9bd538ef40",
        "sticky-badge t=1.0 i=1.0 ppp=1.0": "edd82392fe912032",
        "sticky-badge t=1.0 i=0.5 ppp=2.0": "edd82392fe912032",
        "sticky-badge t=2.5 i=1.0 ppp=1.0": "d527d852b2642ba5",
        "sticky-badge t=2.5 i=0.5 ppp=2.0": "d527d852b2642ba5",
        "stroke-paths-slider t=1.0 i=1.0 ppp=1.0": "9a7619cc2d9602ec",
        "stroke-paths-slider t=1.0 i=0.5 ppp=2.0": "9a7619cc2d9602ec",
        "stroke-paths-slider t=2.5 i=1.0 ppp=1.0": "9a7619cc2d9602ec",
        "stroke-paths-slider t=2.5 i=0.5 ppp=2.0": "9a7619cc2d9602ec",
        "transitions t=1.0 i=1.0 ppp=1.0": "edf0615a87a2025f",
        "transitions t=1.0 i=0.5 ppp=2.0": "edf0615a87a2025f",
        "transitions t=2.5 i=1.0 ppp=1.0": "383ecff2c114abf1",
        "transitions t=2.5 i=0.5 ppp=2.0": "383ecff2c114abf1",
        "uiview-basic-color t=1.0 i=1.0 ppp=1.0": "2a3d46587c60fa4b",
        "uiview-basic-color t=1.0 i=0.5 ppp=2.0": "2a3d46587c60fa4b",
        "uiview-basic-color t=2.5 i=1.0 ppp=1.0": "2a3d46587c60fa4b",
        "uiview-basic-color t=2.5 i=0.5 ppp=2.0": "2a3d46587c60fa4b",
        "uiview-keyframe-cubic t=1.0 i=1.0 ppp=1.0": "b17623f2cbe2bdeb",
        "uiview-keyframe-cubic t=1.0 i=0.5 ppp=2.0": "b17623f2cbe2bdeb",
        "uiview-keyframe-cubic t=2.5 i=1.0 ppp=1.0": "b17623f2cbe2bdeb",
        "uiview-keyframe-cubic t=2.5 i=0.5 ppp=2.0": "b17623f2cbe2bdeb",
        "uiview-keyframe-cubic-paced t=1.0 i=1.0 ppp=1.0": "b17623f2cbe2bdeb",
        "uiview-keyframe-cubic-paced t=1.0 i=0.5 ppp=2.0": "b17623f2cbe2bdeb",
        "uiview-keyframe-cubic-paced t=2.5 i=1.0 ppp=1.0": "b17623f2cbe2bdeb",
        "uiview-keyframe-cubic-paced t=2.5 i=0.5 ppp=2.0": "b17623f2cbe2bdeb",
    ]

    /// The cases: each shipped effect at its preview time (or 1 s) and a second later, drawn at
    /// the step and half a step back, at 1 and 2 pixels a point.
    static func cases() throws -> [(effect: String, time: Double, interpolation: Double, pixelsPerPoint: Double)] {
        let effects = try FileManager.default.contentsOfDirectory(atPath: FXProcess.packageRoot.appendingPathComponent("effects").path)
            .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
        var cases: [(String, Double, Double, Double)] = []
        for effect in effects {
            for time in [1.0, 2.5] {
                cases.append((effect, time, 1, 1))
                cases.append((effect, time, 0.5, 2))
            }
        }
        return cases
    }

    func testEveryShippedEffectsDrawListBytesAreAsRecorded() throws {
        var computed: [String] = []
        var mismatches: [String] = []
        var lastEffect = ""
        var world: World?
        for item in try Self.cases() {
            if item.effect != lastEffect || world.map({ $0.time > item.time }) ?? true {
                let path = FXProcess.packageRoot.appendingPathComponent("effects/\(item.effect).json").path
                world = World(effect: try EffectDecoder.load(path: path, resources: SystemResources()), seed: 0)
                lastEffect = item.effect
            }
            guard let world else { continue }
            while world.time < item.time - 1e-9 { world.step() }
            let key = "\(item.effect) t=\(item.time) i=\(item.interpolation) ppp=\(item.pixelsPerPoint)"
            let hashes = [1, 2, 3].map { threads -> String in
                let list = DrawList()
                var builder = DrawListBuilder()
                builder.threads = threads
                // Small ranges, so that even the shipped effects' few thousand particles are split.
                builder.minimumChunk = 64
                builder.build(world.snapshot(), into: list, interpolation: item.interpolation, pixelsPerPoint: item.pixelsPerPoint)
                return Self.hash(list)
            }
            XCTAssertEqual(hashes[1], hashes[0], "\(key): 2 threads draw other bytes than 1")
            XCTAssertEqual(hashes[2], hashes[0], "\(key): 3 threads draw other bytes than 1")
            computed.append("\"\(key)\": \"\(hashes[0])\",")
            if Self.recorded[key] != hashes[0] { mismatches.append(key) }
        }
        XCTAssertTrue(mismatches.isEmpty, "draw list bytes changed for \(mismatches.count) cases, first \(mismatches.prefix(5)); all:\n"
                      + computed.joined(separator: "\n"))
    }

    /// FNV-1a over the vertices' and indices' raw bytes and each batch's fields (a file
    /// texture by its file name, so the hash is the same in every checkout).
    static func hash(_ list: DrawList) -> String {
        var hasher = StateHasher()
        hasher.combine(list.vertices)
        hasher.combine(list.indices)
        for batch in list.batches {
            let texture = batch.texture.map { String(describing: $0).split(separator: "/").last.map(String.init) ?? "" } ?? "-"
            let fields = "\(texture) \(batch.image ?? -1) \(batch.text ?? -1) \(batch.shadow ?? -1) \(batch.textureLevel) "
                + "\(batch.textureFrame) \(batch.blendMode) \(batch.vertexStart) \(batch.vertexCount) \(batch.indexStart) \(batch.indexCount)"
            hasher.combine(Array(fields.utf8))
        }
        return hasher.hex
    }
}

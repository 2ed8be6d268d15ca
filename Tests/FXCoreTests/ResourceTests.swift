import FXCore
import XCTest

/// An effect's files held in memory, as a program that ships its images inside itself would
/// give them: locations are `memory:PATH`, and nothing is read from disk.
struct MemoryResources: EffectResources {
    var files: [String: [UInt8]]
    /// Installed font files by name (`DejaVuSans.ttf`), as locations.
    var fonts: [String: String] = [:]
    /// Every location read, in order (a class, so that the resolver can stay a value).
    let reads = ReadLog()

    final class ReadLog: @unchecked Sendable {
        var locations: [String] = []
    }

    func location(ofFile path: String, relativeTo directory: String) -> String {
        "memory:" + path
    }

    func contents(at location: String, prefix: Int?, limit: Int) throws(FileReadError) -> [UInt8] {
        reads.locations.append(location)
        guard let bytes = files[location] else { throw FileReadError(path: location, reason: .missing) }
        guard bytes.count <= limit else { throw FileReadError(path: location, reason: .tooLarge(size: bytes.count, limit: limit)) }
        return prefix.map { Array(bytes.prefix($0)) } ?? bytes
    }

    func installedFont(family: String, fileName: String) -> Result<String, FontCatalog.Failure> {
        fonts[fileName].map { .success($0) } ?? .failure(FontCatalog.Failure(message: "no \(fileName) in memory"))
    }
}

/// The first 24 bytes of a PNG of this size: the signature and the IHDR chunk's start, all the
/// decoder reads.
func pngHeader(width: UInt32, height: UInt32) -> [UInt8] {
    func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + bigEndian(13) + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
}

/// A GIF's block structure with one frame per delay (in hundredths of a second); the image data
/// is not valid LZW, which the decoder never looks at.
func gifBytes(width: UInt8, height: UInt8, delays: [UInt8]) -> [UInt8] {
    var bytes = Array("GIF89a".utf8) + [width, 0, height, 0, 0, 0, 0]
    for delay in delays {
        bytes += [0x21, 0xF9, 4, 0, delay, 0, 0, 0]                  // graphic control: the delay
        bytes += [0x2C, 0, 0, 0, 0, width, 0, height, 0, 0, 2, 2, 1, 1, 0]  // image, one data block
    }
    return bytes + [0x3B]
}

/// Decoding through an `EffectResources`: textures, GIFs and fonts come from the resolver, and its
/// failures are reported like any other problem of the file.
final class ResourceTests: XCTestCase {
    private let json = """
        {"fx": 1, "textures": {"star": "art/star.png", "walk": "art/walk.gif"},
         "layers": [{"type": "emitter", "name": "e", "emitterPosition": [100, 100],
                     "emitterCells": [{"name": "c", "contents": "star", "birthRate": 30, "lifetime": 2, "velocity": 20}]},
                    {"type": "image", "name": "i", "bounds": [40, 20], "contents": "walk"},
                    {"type": "text", "name": "t", "string": "hi", "font": "DejaVu Sans Mono"}]}
        """

    private func resources() -> MemoryResources {
        MemoryResources(files: ["memory:art/star.png": pngHeader(width: 32, height: 16) + [0, 0, 0],
                                "memory:art/walk.gif": gifBytes(width: 4, height: 2, delays: [50, 25])],
                        fonts: ["DejaVuSansMono.ttf": "memory:fonts/mono.ttf"])
    }

    func testTexturesGIFsAndFontsComeFromTheResolver() throws {
        let resources = resources()
        let effect = try EffectDecoder.decode(bytes: Array(json.utf8), file: "memory.json", resources: resources)
        XCTAssertEqual(effect.textures, ["star": "memory:art/star.png", "walk": "memory:art/walk.gif"])
        let layers = effect.allLayers().map(\.layer)
        XCTAssertEqual(layers[0].emitter?.emitterCells.first?.contents, .file(path: "memory:art/star.png", width: 32, height: 16))
        XCTAssertEqual(layers[1].image?.contents, .animation(path: "memory:art/walk.gif", width: 4, height: 2))
        XCTAssertEqual(layers[1].image?.animation?.delays, [0.5, 0.25])
        XCTAssertEqual(layers[2].text?.fontPath, "memory:fonts/mono.ttf")
        XCTAssertEqual(Set(resources.reads.locations), ["memory:art/star.png", "memory:art/walk.gif"],
                       "the decoder read only through the resolver")
        // A texture is read once, however many cells use it.
        XCTAssertEqual(resources.reads.locations.count, 2)

        // The model runs and draws with the resolver's locations and sizes.
        let player = EffectPlayer(effect: effect)
        player.seek(to: 1)
        XCTAssertGreaterThan(player.stats.liveParticles, 20)
        let list = DrawList()
        player.buildDrawList(into: list)
        XCTAssertTrue(list.batches.contains { $0.texture == .file(path: "memory:art/star.png", width: 32, height: 16) })
        // And the same calls through EffectPlayer's loaders give the same model.
        let loaded = try EffectPlayer(json: json, resources: resources)
        loaded.seek(to: 1)
        XCTAssertEqual(loaded.stateHash(), player.stateHash())
    }

    func testTheResolversFailuresAreReportedAtTheKeyThatNamedTheFile() throws {
        var resources = resources()
        resources.files["memory:art/star.png"] = Array("not a png at all, no".utf8) + [0, 0, 0, 0]
        resources.files["memory:art/walk.gif"] = nil
        resources.fonts = [:]
        XCTAssertThrowsError(try EffectDecoder.decode(bytes: Array(json.utf8), file: "memory.json", resources: resources)) { error in
            let lines = (error as? EffectLoadError)?.diagnostics.map(\.description) ?? []
            XCTAssertEqual(lines, [
                "memory.json:3:57: error: $.layers[0].emitterCells[0].contents: texture \"star\" cannot be used: memory:art/star.png: not a PNG or JPEG file",
                "memory.json:4:76: error: $.layers[1].contents: texture \"walk\" cannot be used: memory:art/walk.gif: no such file; check the path (a relative path is resolved against the effect file's folder)",
                "memory.json:5:67: error: $.layers[2].font: no DejaVuSansMono.ttf in memory",
            ])
        }
        // Past the size limit: the resolver's limit error, with the limit.
        resources = self.resources()
        resources.files["memory:art/walk.gif"] = [UInt8](repeating: 0, count: FileReader.maxAssetBytes + 1)
        XCTAssertThrowsError(try EffectDecoder.decode(bytes: Array(json.utf8), file: "memory.json", resources: resources)) { error in
            XCTAssertEqual((error as? EffectLoadError)?.diagnostics.map(\.message),
                           ["texture \"walk\" cannot be used: memory:art/walk.gif: is \(FileReader.maxAssetBytes + 1) bytes; the limit is \(FileReader.maxAssetBytes) bytes"])
        }
    }

    /// With no resolver, FXCore reads files beside the effect and knows no installed fonts: an
    /// effect of built-in textures decodes, and a font family says what to pass.
    func testTheDefaultResolverNeedsNothingForBuiltInTexturesAndNamesTheFontResolver() throws {
        let builtin = try EffectDecoder.decode(bytes: Array(singleCellEffect(cell: #""birthRate": 10, "lifetime": 1"#).utf8))
        XCTAssertEqual(builtin.allLayers().first?.layer.emitter?.emitterCells.first?.contents, .builtin(.circle))
        let text = #"{"fx": 1, "layers": [{"type": "text", "string": "hi"}]}"#
        XCTAssertThrowsError(try EffectDecoder.decode(bytes: Array(text.utf8), file: "text.json")) { error in
            let diagnostic = (error as? EffectLoadError)?.diagnostics.first
            XCTAssertEqual(diagnostic?.path, "$.layers[0].string", "no font key: reported at the string")
            XCTAssertEqual(diagnostic?.message, "the font \"DejaVu Sans\" (DejaVuSans.ttf) is not among the fonts this effect was loaded with")
            XCTAssertTrue(diagnostic?.suggestion?.contains("SystemResources") == true, "\(String(describing: diagnostic))")
        }
        // A misspelled family is caught by FXCore itself, whatever the resolver.
        let misspelled = #"{"fx": 1, "layers": [{"type": "text", "string": "hi", "font": "DejaVu Sanz"}]}"#
        XCTAssertThrowsError(try EffectDecoder.decode(bytes: Array(misspelled.utf8), resources: resources())) { error in
            XCTAssertEqual((error as? EffectLoadError)?.diagnostics.first?.suggestion, "did you mean \"DejaVu Sans\"?")
        }
    }

    func testFileResourcesResolveAgainstTheEffectsFolder() {
        let files = FileResources()
        XCTAssertEqual(files.location(ofFile: "textures/star.png", relativeTo: "/effects"), "/effects/textures/star.png")
        XCTAssertEqual(files.location(ofFile: "../art/star.png", relativeTo: "/effects/mine"), "/effects/art/star.png")
        XCTAssertEqual(files.location(ofFile: "/abs/star.png", relativeTo: "/effects"), "/abs/star.png")
        XCTAssertEqual(files.location(ofFile: "star.png", relativeTo: "."), "./star.png")
    }
}

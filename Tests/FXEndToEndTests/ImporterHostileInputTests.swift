import Foundation
import XCTest

/// `fx import` of hostile sources, through the real binary: numbers beyond `Int`'s range, NaN
/// and infinity, code nested thousands deep, and a plist with a megabyte string. None may trap
/// (exit 132 or 139) or hang: a number out of range is clamped with a warning naming the file,
/// line and key; NaN is refused with an error naming them; too deep a nesting is an error naming
/// the line and column. The samples are in Tests/Corpus/imports (issue 32; each crashed fx).
final class ImporterHostileInputTests: XCTestCase {
    var corpus: URL { FXProcess.packageRoot.appendingPathComponent("Tests/Corpus/imports") }

    /// Imports `path` into a new folder; the run and the effect file it writes (or would write).
    func importing(_ path: String) throws -> (FXProcess.Result, URL) {
        let out = FXProcess.temporaryDirectory().appendingPathComponent("imported.json")
        let result = try FXProcess.run(["import", path, "--out", out.path], timeout: 120)
        // 0 or 1: anything else is a trap (132), a crash (139) or the watchdog.
        XCTAssertTrue([0, 1].contains(result.status), "\(path): exit \(result.status)\n\(result.stderr.suffix(2000))")
        return (result, out)
    }

    /// An out-of-range whole number: imported, clamped, with a warning at the key's line.
    func testNumbersBeyondIntAreClampedWithAWarning() throws {
        let cases: [(file: String, line: Int, key: String)] = [
            ("plist-maxparticles-1e300.plist", 9, "maxParticles"),
            ("plist-blend-1e300.plist", 93, "blendFuncSource"),
            ("pex-maxparticles-1e308.pex", 24, "maxParticles"),
            ("pex-blendsource-1e308.pex", 36, "blendFuncSource"),
            ("confetti-count-1e300.confetti.json", 1, "particleCount"),
            ("confetti-count-sum.confetti.json", 1, "particleCount"),
        ]
        for (file, line, key) in cases {
            let (result, out) = try importing(corpus.appendingPathComponent(file).path)
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(file):\(line): warning: \(key): ") && result.stderr.contains("is outside"),
                          "\(file): \(result.stderr)")
            let validation = try FXProcess.run(["validate", out.path])
            XCTAssertEqual(validation.status, 0, "\(file): \(validation.stdout)\(validation.stderr)")
        }
    }

    /// NaN (or infinity) where a number is read: refused, naming the file, line and key, and
    /// nothing written.
    /// A source fx can read but whose effect would not load (here a cell that lists itself as its
    /// own sub-cell, which nests without end): an error naming the file and the decoder's reason,
    /// and nothing written.
    func testAnImportThatWouldNotLoadWritesNothing() throws {
        let file = "code-cell-own-subcell.swift"
        let (result, out) = try importing(corpus.appendingPathComponent(file).path)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("\(file): error: the effect made of this file would not load"), result.stderr)
        XCTAssertTrue(result.stderr.contains("emitter cells nest deeper than"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "nothing may be written")
    }

    func testNaNIsRefusedNamingTheFileLineAndKey() throws {
        let cases: [(file: String, line: Int, key: String)] = [
            ("plist-maxparticles-nan.plist", 9, "maxParticles"),
            ("pex-maxparticles-nan.pex", 24, "maxParticles"),
            ("pex-blenddest-nan.pex", 37, "blendFuncDestination"),
            ("confetti-count-nan.confetti.json", 1, "particleCount"),
        ]
        for (file, line, key) in cases {
            let (result, out) = try importing(corpus.appendingPathComponent(file).path)
            XCTAssertEqual(result.status, 1, "\(file): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(file):\(line): error: \(key): nan is not a number fx can use"), "\(file): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "\(file): nothing is written on an error")
        }
    }

    /// A `.pex` whose attribute holds a byte that is not UTF-8 (found by `tools/fuzz --target
    /// pex`: Foundation's XMLParser trapped on it, exit 132): refused at the byte's line.
    func testAPexThatIsNotUTF8IsRefusedAtTheLine() throws {
        let (result, out) = try importing(corpus.appendingPathComponent("pex-attribute-not-utf8.pex").path)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("pex-attribute-not-utf8.pex:8: error: not UTF-8 text"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    /// A `.pex` with a processing instruction without data (`<?x?>`, found by `tools/fuzz
    /// --target pex`: Foundation's XMLParser read a null pointer, exit 139): refused at its line;
    /// the examples' `<?xml version="1.0"?>` declaration still imports.
    func testAPexWithAProcessingInstructionIsRefused() throws {
        let (result, out) = try importing(corpus.appendingPathComponent("pex-processing-instruction.pex").path)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("pex-processing-instruction.pex:1: error: a processing instruction"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out.path))
    }

    /// Every way a processing instruction without data reaches Foundation's XMLParser (which
    /// crashed on it, exit 139): written out (`<?xml?>` first in the file, found by `tools/fuzz
    /// --target pex`; `<?x?>` inside the root, in a comment, after a BOM and white space), made by
    /// an entity of a DOCTYPE, or spelt in UTF-7 after `encoding="UTF-7"`. Each is refused at its
    /// line, saying what is wrong, and nothing is written.
    func testAPexProcessingInstructionNeverReachesTheParser() throws {
        let folder = FXProcess.temporaryDirectory()
        let inline: [(String, String)] = [
            ("in-root.pex", "<particleEmitterConfig>\n  <?fx?>\n</particleEmitterConfig>\n"),
            ("in-comment.pex", "<particleEmitterConfig>\n  <!-- <?fx?> -->\n</particleEmitterConfig>\n"),
            ("after-root.pex", "<particleEmitterConfig/>\n\n<?fx:x?>\n"),
            ("bom-space-xml.pex", "\u{FEFF}  \n<?xml?><particleEmitterConfig/>\n"),
            ("with-space.pex", "<particleEmitterConfig>\n\n  <?fx ?>\n</particleEmitterConfig>\n"),
            ("at-end.pex", "<particleEmitterConfig/>\n<?"),
            ("nul.pex", "<particleEmitterConfig>\u{0}</particleEmitterConfig>\n"),
        ]
        for (name, text) in inline { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
        let cases: [(path: String, line: Int, message: String)] = [
            (corpus.appendingPathComponent("pex-declaration-without-data.pex").path, 1, "a processing instruction without data"),
            (corpus.appendingPathComponent("pex-entity-instruction.pex").path, 2, "a document type declaration (<!DOCTYPE …>): a .pex has none"),
            (corpus.appendingPathComponent("pex-utf7-instruction.pex").path, 1, "encoding \"UTF-7\" in the XML declaration: a .pex is UTF-8"),
            (folder.appendingPathComponent("in-root.pex").path, 2, "a processing instruction without data"),
            (folder.appendingPathComponent("in-comment.pex").path, 2, "a processing instruction without data"),
            (folder.appendingPathComponent("after-root.pex").path, 3, "a processing instruction without data"),
            (folder.appendingPathComponent("bom-space-xml.pex").path, 2, "a processing instruction without data"),
            (folder.appendingPathComponent("with-space.pex").path, 3, "a processing instruction (<?…?>): a .pex has none"),
            (folder.appendingPathComponent("at-end.pex").path, 2, "a processing instruction (<?…?>): a .pex has none"),
            (folder.appendingPathComponent("nul.pex").path, 1, "a control character (byte 0x00), which XML does not allow"),
        ]
        for (path, line, message) in cases {
            let name = URL(fileURLWithPath: path).lastPathComponent
            let (result, out) = try importing(path)
            XCTAssertEqual(result.status, 1, "\(name): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(name):\(line): error: \(message)"), "\(name): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), "\(name): nothing is written")
        }
        // The declaration the examples write, with its encoding, still imports.
        let bubbles = try String(contentsOf: FXProcess.packageRoot.appendingPathComponent("Examples/imports/bubbles.pex"), encoding: .utf8)
        let declared = folder.appendingPathComponent("declared.pex")
        try Data(("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n" + bubbles.drop { $0 != "\n" }.dropFirst()).utf8).write(to: declared)
        let (result, _) = try importing(declared.path)
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    /// Swift cut off after a call's label (`emitter.add(pulse, forK trailey:`, found by `tools/fuzz
    /// --target swift`: the reader stepped past the last token and trapped, exit 132), and other
    /// calls, messages, subscripts and literals cut off at the end of the file: read as far as
    /// they go, never a trap.
    func testCodeCutOffInACallNeverTraps() throws {
        let (fuzzed, _) = try importing(corpus.appendingPathComponent("ca-call-truncated-after-label.swift").path)
        XCTAssertFalse(fuzzed.stderr.contains("Fatal error"), fuzzed.stderr)
        let folder = FXProcess.temporaryDirectory()
        let head = "let emitter = CAEmitterLayer()\nlet cell = CAEmitterCell()\ncell.birthRate = 5\nemitter.emitterCells = [cell]\n"
        let tails = ["emitter.add(make(a:", "emitter.add(make(a: f(b:", "cell.color = UIColor(red:", "cell.scale = [1, 2][",
                     "emitter.add(x, forKey:", "cell.setValue(1, forKey: (", "cell.name = make(a:)(b:", "cell.contents = #imageLiteral(resourceName:"]
        for (number, tail) in tails.enumerated() {
            let file = folder.appendingPathComponent("cut-\(number).swift")
            try Data((head + tail).utf8).write(to: file)
            let (result, _) = try importing(file.path)
            XCTAssertFalse(result.stderr.contains("Fatal error"), "\(tail): \(result.stderr)")
        }
        let objectiveC = folder.appendingPathComponent("cut.m")
        try Data("CAEmitterLayer *emitter = [CAEmitterLayer layer];\nCAEmitterCell *cell = [CAEmitterCell emitterCell];\n[cell setValue:@1 forKey:".utf8)
            .write(to: objectiveC)
        let (result, _) = try importing(objectiveC.path)
        XCTAssertFalse(result.stderr.contains("Fatal error"), result.stderr)
    }

    /// A pixi config with `"nan"` and `"Infinity"` written as strings (pixi's editor writes
    /// numbers as strings): refused at the key.
    /// A binary plist holding a set crashed Foundation's reader (exit 139; found by
    /// `tools/fuzz --target plist-binary`, and made again by hand); one that contains itself or
    /// nests too deep is refused too. Each is refused before Foundation reads it, naming why.
    func testDamagedBinaryPlistsAreRefusedBeforeFoundationReadsThem() throws {
        let cases: [(file: String, reason: String)] = [
            ("plist-binary-set.plist", "is a set"),
            ("plist-binary-set-fuzz.plist", "is a set"),
            ("plist-binary-cycle.plist", "contains itself"),
            ("plist-binary-deep.plist", "nested deeper than 100 levels"),
        ]
        for (file, reason) in cases {
            let (result, out) = try importing(corpus.appendingPathComponent(file).path)
            XCTAssertEqual(result.status, 1, "\(file): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("\(file):1: error: not a Particle Designer binary plist: ") && result.stderr.contains(reason),
                          "\(file): \(result.stderr)")
            XCTAssertFalse(FileManager.default.fileExists(atPath: out.path), file)
        }
    }

    func testPixiNumbersWrittenAsNaNStringsAreRefused() throws {
        let folder = FXProcess.temporaryDirectory()
        let example = try String(contentsOf: FXProcess.packageRoot.appendingPathComponent("Examples/imports/flame.json"), encoding: .utf8)
        let hostile = try XCTUnwrap(example.range(of: #""frequency": [0-9.]+"#, options: .regularExpression))
        let file = folder.appendingPathComponent("flame-nan.json")
        try example.replacingCharacters(in: hostile, with: #""frequency": "Infinity""#).write(to: file, atomically: true, encoding: .utf8)
        let (result, _) = try importing(file.path)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertTrue(result.stderr.contains("flame-nan.json:") && result.stderr.contains("error: frequency: infinity is not a number fx can use"), result.stderr)
    }

    /// Core Animation code with a repeatCount, a subscript or a count of 1e300 (or −5), and
    /// repeatCount written as an expression: imported, the effect valid.
    func testCoreAnimationCodeNumbersNeverTrap() throws {
        for file in ["ca-repeat-1e300.swift", "ca-repeat-expr.swift", "ca-repeat-float.swift", "ca-subscript-1e300.swift",
                     "ca-count-1e300.swift", "ca-count-neg.swift"] {
            let (result, out) = try importing(corpus.appendingPathComponent(file).path)
            XCTAssertEqual(result.status, 0, "\(file): \(result.stderr)")
            let validation = try FXProcess.run(["validate", out.path])
            XCTAssertEqual(validation.status, 0, "\(file): \(validation.stdout)\(validation.stderr)")
        }
        // The subscript out of range is read as unknown and said so, at its line.
        let (result, _) = try importing(corpus.appendingPathComponent("ca-subscript-1e300.swift").path)
        XCTAssertTrue(result.stderr.contains("ca-subscript-1e300.swift:20: warning: scale: could not read"), result.stderr)
    }

    /// Swift and Objective-C nested a few thousand deep (200 KB files): an error naming where
    /// the nesting passes the limit, not a stack overflow.
    func testDeepNestingInCodeIsAnErrorNotAStackOverflow() throws {
        let folder = FXProcess.temporaryDirectory()
        let depth = 70_000
        let sources: [(String, String)] = [
            ("parentheses.swift", "let x = " + String(repeating: "(", count: depth) + "1" + String(repeating: ")", count: depth) + "\n"),
            ("braces.swift", "func f() " + String(repeating: "{", count: depth) + String(repeating: "}", count: depth) + "\n"),
            ("brackets.m", "void f(void) { id x = " + String(repeating: "[", count: depth) + "a b" + String(repeating: "]", count: depth) + "; }\n"),
            ("implementations.m", String(repeating: "@implementation A\n", count: 20_000)),
            ("else-if.swift", "func f() {\n if a {}" + String(repeating: " else if a {}", count: 20_000) + "\n}\n"),
        ]
        for (name, text) in sources {
            let file = folder.appendingPathComponent(name)
            try text.write(to: file, atomically: true, encoding: .utf8)
            let (result, _) = try importing(file.path)
            XCTAssertEqual(result.status, 1, "\(name): \(result.stderr.suffix(500))")
            XCTAssertNotNil(result.stderr.range(of: #"\#(name):\d+: error: nesting deeper than 100 levels at \d+:\d+"#, options: .regularExpression),
                            "\(name): \(result.stderr.suffix(500))")
        }
        // A long chain of prefix operators is read in a loop: no error, no crash.
        let unary = folder.appendingPathComponent("unary.swift")
        try ("let emitter = CAEmitterLayer()\nlet cell = CAEmitterCell()\ncell.birthRate = " + String(repeating: "- ", count: 100_000)
            + "5\nemitter.emitterCells = [cell]\n").write(to: unary, atomically: true, encoding: .utf8)
        let (result, _) = try importing(unary.path)
        XCTAssertEqual(result.status, 0, String(result.stderr.suffix(500)))
    }

    /// A Particle Designer plist with a 1 MB string imports in about the time it takes to read
    /// it: the line of each key is found in one pass (it was searched once per comparison of a
    /// sort, 16 s and more).
    func testAPlistWithAMegabyteStringImportsInLinearTime() throws {
        let campfire = try String(contentsOf: FXProcess.packageRoot.appendingPathComponent("Examples/imports/campfire.plist"), encoding: .utf8)
        let file = FXProcess.temporaryDirectory().appendingPathComponent("long-string.plist")
        let long = campfire.replacingOccurrences(of: "<string>campfire</string>", with: "<string>" + String(repeating: "x", count: 1_000_000) + "</string>")
        try long.write(to: file, atomically: true, encoding: .utf8)
        let start = Date()
        let (result, _) = try importing(file.path)
        let seconds = Date().timeIntervalSince(start)
        XCTAssertEqual(result.status, 0, String(result.stderr.suffix(500)))
        XCTAssertLessThan(seconds, 10, "a 1 MB string took \(seconds) s")
    }
}

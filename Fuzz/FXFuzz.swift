// The fuzz targets for fx's parsers, importers and `fx set`'s patcher, linked by tools/fuzz
// against FXCore and FXImport built with -sanitize=fuzzer,address, so libFuzzer provides main.
// The target is chosen by FX_FUZZ_TARGET (tools/fuzz --target NAME sets it); see
// docs/testing.md.
@testable import FXCore
import FXImport
import Foundation

/// What one fuzz run exercises. Any crash, hang, sanitizer report or broken invariant
/// (`preconditionFailure`) is a bug.
enum FuzzTarget: String, CaseIterable {
    /// The effect decoder (and, when it loads, a short simulation and draw list), the SVG path
    /// parser and the color parser.
    case effect
    /// `fx import` of a Particle Designer / cocos2d XML plist.
    case plistXML = "plist-xml"
    /// `fx import` of a binary plist (the input is kept a `bplist00`).
    case plistBinary = "plist-binary"
    /// `fx import` of a Starling `.pex`.
    case pex
    /// `fx import` of pixi-particle-emitter JSON, the v5 behaviors format.
    case pixi
    /// `fx import` of pixi-particle-emitter JSON, the legacy format.
    case pixiLegacy = "pixi-legacy"
    /// `fx import` of canvas-confetti options.
    case confetti
    /// `fx import` of Swift Core Animation code.
    case swift
    /// `fx import` of Objective-C Core Animation code.
    case objc
    /// `fx import` of a SpriteKit `.sks` (an NSKeyedArchiver binary plist of an SKEmitterNode).
    case sks
    /// `fx import` of a Godot text scene (`.tscn`).
    case godot
    /// `fx import` of a CAML document (`main.caml`).
    case caml
    /// `fx set`'s patcher (EffectDocument), with the structure edits of `fx add`, `fx remove`,
    /// `fx duplicate`, `fx rename` and `fx move`: the input is `OP\nKEYPATH\nVALUE\n` then an effect
    /// file; a refused edit must leave the bytes as they were, an accepted one must validate.
    case patcher

    /// The target FX_FUZZ_TARGET names (the effect decoder by default).
    static let chosen: FuzzTarget = {
        let name = ProcessInfo.processInfo.environment["FX_FUZZ_TARGET"] ?? "effect"
        guard let target = FuzzTarget(rawValue: name) else {
            fatalError("FX_FUZZ_TARGET=\(name) is no target; targets: \(allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()

    /// The name an importer target gives its input (the extension some importers read) and
    /// the format it is imported as.
    var source: (path: String, format: ImportFormat)? {
        switch self {
        case .plistXML, .plistBinary: return ("fuzz.plist", .plist)
        case .pex: return ("fuzz.pex", .plist)
        case .pixi, .pixiLegacy: return ("fuzz.json", .pixi)
        case .confetti: return ("fuzz.confetti.json", .confetti)
        case .swift: return ("fuzz.swift", .swift)
        case .objc: return ("fuzz.m", .swift)
        case .sks: return ("fuzz.sks", .spritekit)
        case .godot: return ("fuzz.tscn", .godot)
        case .caml: return ("fuzz.caml", .caml)
        case .effect, .patcher: return nil
        }
    }
}

/// libFuzzer's entry point.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    let target = FuzzTarget.chosen
    switch target {
    case .effect: fuzzEffect(bytes)
    case .patcher: fuzzPatcher(bytes)
    default: fuzzImport(bytes, target: target)
    }
    return 0
}

/// The effect decoder, a few steps of what loads, and the path and color parsers.
func fuzzEffect(_ bytes: [UInt8]) {
    if let effect = try? EffectDecoder.decode(bytes: bytes) {
        let world = World(effect: effect)
        for _ in 0..<3 { world.step() }
        DrawListBuilder().build(world, into: DrawList())
    }
    let text = String(decoding: bytes, as: UTF8.self)
    _ = PathParser.parse(text)
    _ = ColorParser.parse(text)
}

/// One import, as `fx import --from FORMAT` runs it: it may fail (an ``ImportError``), never
/// trap; an effect it returns has passed FXCore's decoder (``EffectImport/run(_:format:name:)``
/// checks it), and its text must be writable.
func fuzzImport(_ bytes: [UInt8], target: FuzzTarget) {
    guard let (path, format) = target.source else { return }
    var input = bytes
    let binaryMagic = Array("bplist00".utf8)
    if target == .plistBinary || target == .sks, !input.starts(with: binaryMagic) { input = binaryMagic + input }
    let source = ImportSource(path: path, data: Data(input))
    guard let result = try? EffectImport.run([source], format: format, name: "fuzz") else { return }
    let text = EffectImport.document(for: result, sources: [source], format: format, folder: URL(fileURLWithPath: "."))
    precondition(!text.isEmpty)
}

/// `fx set`'s edit: `s` (set), `r` (remove) or `a` (append to a list) on the first line, the
/// key path on the second, the value on the third, then the effect.
func fuzzPatcher(_ bytes: [UInt8]) {
    let lines = bytes.split(separator: UInt8(ascii: "\n"), maxSplits: 3, omittingEmptySubsequences: false)
    guard lines.count == 4 else { return }
    let operation = String(decoding: lines[0], as: UTF8.self)
    let keyPath = String(decoding: lines[1], as: UTF8.self), value = String(decoding: lines[2], as: UTF8.self)
    let effect = Array(lines[3])
    // The shipped effects' textures are found from the repository's root, where tools/fuzz runs.
    guard var document = try? EffectDocument(bytes: effect, file: "fuzz.json", baseDirectory: "effects") else { return }
    let before = document.bytes
    do {
        switch operation {
        case "r": try document.removeValue(forKeyPath: keyPath)
        case "a": try document.appendElement(json: value, toListAt: keyPath)
        // The structure edits: KEYPATH is the parent or the object, VALUE the JSON, name or index.
        case "+": try document.addObject(json: value, under: keyPath)
        case "-": try document.removeObject(at: keyPath)
        case "d": try document.duplicateObject(at: keyPath, as: value)
        case "n": try document.renameObject(at: keyPath, to: value)
        case "m": try document.moveObject(at: keyPath, to: Int(value) ?? 0)
        default: try document.setValue(json: value, forKeyPath: keyPath)
        }
    } catch {
        precondition(document.bytes == before, "a refused edit (\(error)) changed the bytes")
        return
    }
    do {
        _ = try EffectDecoder.decode(bytes: document.bytes, file: "fuzz.json", baseDirectory: "effects")
    } catch {
        preconditionFailure("an accepted edit (\(operation) \(keyPath) = \(value)) wrote a file that does not load: \(error)")
    }
}

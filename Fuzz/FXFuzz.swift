// The fuzz target for fx's parsers, compiled together with FXCore's sources by tools/fuzz
// (swiftc -sanitize=fuzzer,address), so libFuzzer provides main.

/// libFuzzer's entry point: every input goes through the effect decoder (and, when it loads,
/// a short simulation and draw list), the SVG path parser and the color parser. Any crash,
/// hang or sanitizer report is a bug.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: count))
    if let effect = try? EffectDecoder.decode(bytes: bytes) {
        let world = World(effect: effect)
        for _ in 0..<3 { world.step() }
        DrawListBuilder().build(world, into: DrawList())
    }
    let text = String(decoding: bytes, as: UTF8.self)
    _ = PathParser.parse(text)
    _ = ColorParser.parse(text)
    return 0
}

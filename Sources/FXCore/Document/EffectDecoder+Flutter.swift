/// Decoding of a cell's `flutter`. The members, their ranges and defaults are the registry's
/// (``FlutterDrawing``).
extension EffectDecoder {
    /// `{"wobble", "wobbleSpeed", "wobbleSpeedRange", "tiltSpeed", "tiltSpeedRange"}`; nil
    /// (reported) when it is not an object.
    static func decodeFlutter(_ node: JSONNode, path: String, context: DecodingContext) -> Flutter? {
        guard let reader = ObjectReader(node, path: path, context: context, what: "a flutter", allowed: FlutterKeys.all) else { return nil }
        var flutter = Flutter.unwritten
        reader.decode(FlutterKeys.all, into: &flutter)
        return flutter
    }
}

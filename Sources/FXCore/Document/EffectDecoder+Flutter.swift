/// Decoding of a cell's `flutter`. The members, their ranges and defaults are the registry's
/// (``FlutterDrawing``).
extension EffectDecoder {
    /// `{"wobble", "wobbleSpeed", "wobbleSpeedRange", "tiltSpeed", "tiltSpeedRange"}`; nil
    /// (reported) when it is not an object.
    static func decodeFlutter(_ node: JSONNode, path: String, context: DecodingContext) -> Flutter? {
        let descriptor = FlutterDrawing.property
        guard let reader = ObjectReader(node, path: path, context: context, what: "a flutter",
                                        allowed: descriptor.members.map(\.name)) else { return nil }
        func number(_ member: String) -> Double {
            reader.number(member, default: 0, descriptor.member(member)?.range ?? .any)
        }
        return Flutter(wobble: number("wobble"), wobbleSpeed: number("wobbleSpeed"), wobbleSpeedRange: number("wobbleSpeedRange"),
                       tiltSpeed: number("tiltSpeed"), tiltSpeedRange: number("tiltSpeedRange"))
    }
}

/// Decoding of fx's emitter-layer extensions held apart from the registry's accessors (an
/// optional budget, the inner radius's checks against the shape) and of a cell's `orbit`.
/// Members, ranges and defaults are the registry's (``EmitterSimulation/maxParticlesProperty``,
/// ``EmissionShape``, ``OrbitMotion``).
extension EffectDecoder {
    /// An emitter layer's `maxParticles`, and whether its `emitterInnerRadius` fits its shape.
    static func decodeEmitterExtensions(_ reader: ObjectReader, into emitter: inout EmitterProperties, context: DecodingContext) {
        if reader.has("maxParticles") {
            let property = EmitterSimulation.maxParticlesProperty
            emitter.maxParticles = reader.integer("maxParticles", default: Effect.maxParticlesCeiling, property.range)
        }
        if emitter.emitterInnerRadius > 0 && ![.circle, .sphere].contains(emitter.emitterShape) {
            context.warning(at: reader.keyLocation("emitterInnerRadius") ?? reader.node("emitterInnerRadius")!.location,
                            path: reader.childPath("emitterInnerRadius"),
                            "emitterInnerRadius hollows a circle or sphere, but the emitterShape is \(emitter.emitterShape.rawValue), so it does nothing",
                            suggestion: "use \"emitterShape\": \"circle\" (a ring) or \"sphere\" (a shell)")
        } else if emitter.emitterInnerRadius > emitter.emitterSize.width / 2 {
            // Not an error: emitterSize may be animated past it; births then lie on the outer circle.
            context.warning(at: reader.keyLocation("emitterInnerRadius") ?? reader.node("emitterInnerRadius")!.location,
                            path: reader.childPath("emitterInnerRadius"),
                            "emitterInnerRadius (\(format(emitter.emitterInnerRadius))) is larger than the outer radius, emitterSize.width / 2 (\(format(emitter.emitterSize.width / 2))), so particles are born on the outer circle",
                            suggestion: "make emitterSize.width at least twice the inner radius")
        }
    }

    /// `{"startRadius", "startRadiusRange", "endRadius", "endRadiusRange", "rotationSpeed",
    /// "rotationSpeedRange"}`; nil (reported) when it is not an object.
    static func decodeOrbit(_ node: JSONNode, path: String, context: DecodingContext) -> Orbit? {
        let descriptor = OrbitMotion.property
        guard let reader = ObjectReader(node, path: path, context: context, what: "an orbit",
                                        allowed: descriptor.members.map(\.name)) else { return nil }
        func range(_ member: String) -> PropertyRange { descriptor.member(member)?.range ?? .any }
        var orbit = Orbit(startRadius: reader.number("startRadius", default: 0, range("startRadius")),
                          startRadiusRange: reader.number("startRadiusRange", default: 0, range("startRadiusRange")),
                          endRadiusRange: reader.number("endRadiusRange", default: 0, range("endRadiusRange")),
                          rotationSpeed: reader.angle("rotationSpeed", default: 0),
                          rotationSpeedRange: reader.angle("rotationSpeedRange", default: 0, nonNegative: true))
        if reader.has("endRadius") { orbit.endRadius = reader.number("endRadius", default: 0, range("endRadius")) }
        if !reader.has("endRadius") && reader.has("endRadiusRange") {
            context.warning(at: reader.keyLocation("endRadiusRange") ?? node.location, path: reader.childPath("endRadiusRange"),
                            "endRadiusRange spreads endRadius, but there is none, so each particle keeps its start radius",
                            suggestion: "set \"endRadius\"")
        }
        return orbit
    }
}

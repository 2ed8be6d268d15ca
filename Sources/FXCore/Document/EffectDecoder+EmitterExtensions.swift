/// Decoding of fx's emitter-layer extensions held apart from the registry's accessors (an
/// optional budget, the inner radius's checks against the shape) and of a cell's `orbit`.
/// Members, ranges and defaults are the registry's (``EmitterSimulation/maxParticlesProperty``,
/// ``EmissionShape``, ``OrbitMotion``).
extension EffectDecoder {
    /// An emitter layer's `maxParticles`, and whether its `emitterInnerRadius` fits its shape.
    static func decodeEmitterExtensions(_ reader: ObjectReader, into emitter: inout EmitterProperties, context: DecodingContext) {
        if reader.has(EmitterLayerKeys.maxParticles) {
            emitter.maxParticles = reader.integer(EmitterLayerKeys.maxParticles, default: Effect.maxParticlesCeiling)
        }
        // Both checks read the shape and size as decoded: not when either was wrong (its default is no news).
        let sound = !reader.hasFailed(EmitterLayerKeys.emitterShape, EmitterLayerKeys.emitterSize)
        if sound && emitter.emitterInnerRadius > 0 && ![.circle, .sphere].contains(emitter.emitterShape) {
            context.warning(at: reader.keyLocation(EmitterLayerKeys.emitterInnerRadius) ?? reader.location,
                            path: reader.childPath(EmitterLayerKeys.emitterInnerRadius),
                            "emitterInnerRadius hollows a circle or sphere, but the emitterShape is \(emitter.emitterShape.rawValue), so it does nothing",
                            suggestion: "use \"\(EmitterLayerKeys.emitterShape.name)\": \"\(EmitterProperties.Shape.circle.rawValue)\" (a ring) or \"\(EmitterProperties.Shape.sphere.rawValue)\" (a shell)")
        } else if sound && emitter.emitterInnerRadius > emitter.emitterSize.width {
            // Not an error: emitterSize may be animated past it; births then lie on the outer circle.
            context.warning(at: reader.keyLocation(EmitterLayerKeys.emitterInnerRadius) ?? reader.location,
                            path: reader.childPath(EmitterLayerKeys.emitterInnerRadius),
                            "emitterInnerRadius (\(format(emitter.emitterInnerRadius))) is larger than the outer radius, emitterSize.width (\(format(emitter.emitterSize.width))), so particles are born on the outer circle",
                            suggestion: "make emitterSize.width (the radius) at least the inner radius")
        }
    }

    /// `{"startRadius", "startRadiusRange", "endRadius", "endRadiusRange", "rotationSpeed",
    /// "rotationSpeedRange"}`; nil (reported) when it is not an object.
    static func decodeOrbit(_ node: JSONNode, path: String, context: DecodingContext) -> Orbit? {
        guard let reader = ObjectReader(node, path: path, context: context, what: "an orbit", allowed: OrbitKeys.all) else { return nil }
        var orbit = Orbit.unwritten
        reader.decode(OrbitKeys.all, into: &orbit)
        if !reader.has(OrbitKeys.endRadius) && reader.has(OrbitKeys.endRadiusRange) {
            context.warning(at: reader.keyLocation(OrbitKeys.endRadiusRange) ?? node.location, path: reader.childPath(OrbitKeys.endRadiusRange),
                            "endRadiusRange spreads endRadius, but there is none, so each particle keeps its start radius",
                            suggestion: "set \"\(OrbitKeys.endRadius.name)\"")
        }
        return orbit
    }
}

extension EmitterSimulation {
    /// Runs `body` with the particles this layer may still make: the effect's remaining
    /// `budget`, and no more than its own `maxParticles` less those alive. What the layer
    /// makes is taken from the effect's budget too. A layer without its own budget runs on the
    /// effect's, untouched.
    func withLayerBudget(_ budget: inout Int, _ body: (inout Int) -> Void) {
        guard let limit = properties.maxParticles else { return body(&budget) }
        let allowed = min(budget, limit - liveParticles)
        var remaining = allowed
        body(&remaining)
        budget -= allowed - remaining
    }
}

extension EmitterLayerKeys {
    /// The `maxParticles` key: this layer's own live-particle budget (its cells and sub-cells together): births pause
    /// while it is full, as with the effect's `maxParticles`, which still caps the total.
    public static let maxParticles = PropertyDescriptor(
        "maxParticles", .emitterLayer, .integer, range: .closed(1, Double(Effect.maxParticlesCeiling)),
        default: .none("none: only the effect's budget"),
        "this layer's own live-particle budget (its cells and sub-cells together): births pause while it is full, as with the effect's `maxParticles`, which still caps the total")
}

import FXCore

extension EffectPlayer {
    /// Loads an effect by name (`confetti`) or path: `./effects/NAME.json`, then each folder
    /// of `FX_EFFECTS_PATH`, then the effects shipped with fx, as `fx NAME` finds them; its
    /// textures and fonts are read as `fx` reads them (``SystemResources``).
    /// - Parameters:
    ///   - name: an effect's name, or a path to its file.
    ///   - catalog: where names are looked up.
    ///   - seed: replaces the effect's `seed`.
    ///   - stepRate: replaces the effect's `stepRate`.
    ///   - resources: where the effect's textures and fonts are read.
    /// - Throws: ``EffectCatalog/LookupError`` for an unknown name (with the nearest one), or
    ///   `EffectLoadError`.
    public convenience init(named name: String, catalog: EffectCatalog = .standard(), seed: UInt64? = nil,
                            stepRate: Double? = nil, resources: any EffectResources = SystemResources()) throws {
        try self.init(contentsOfFile: catalog.locate(name), seed: seed, stepRate: stepRate, resources: resources)
    }
}

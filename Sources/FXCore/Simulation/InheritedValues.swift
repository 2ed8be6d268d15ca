/// What a sub-particle takes from its parent particle as it is born, as Core Animation's
/// sub-cells do ("the scale and color of fireworkCell are inherited by trailCell", Apple's
/// `CAEmitterCell.emitterCells`): the parent's color, alpha included, multiplies the
/// sub-particle's color, and the parent's scale multiplies its scale, scale range and scale
/// speed. A top-level cell's particles inherit ``none``.
struct InheritedValues {
    /// The parent's color channels, 0…1, multiplied into the sub-particle's.
    var red: Float, green: Float, blue: Float, alpha: Float
    /// The parent's scale, multiplied into the sub-particle's scale and scale speed.
    var scale: Float

    /// Nothing inherited: what a top-level cell's particles are born with.
    static let none = InheritedValues(red: 1, green: 1, blue: 1, alpha: 1, scale: 1)

    /// Particle `i` of `store`, as it is now.
    init(of i: Int, in store: ParticleStore) {
        self.init(red: store.red[i], green: store.green[i], blue: store.blue[i], alpha: store.alpha[i], scale: store.scale[i])
    }

    init(red: Float, green: Float, blue: Float, alpha: Float, scale: Float) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.scale = scale
    }
}

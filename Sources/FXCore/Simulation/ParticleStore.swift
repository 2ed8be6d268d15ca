/// The particles of one emitter cell, as a structure of arrays: one column per property, live
/// particles packed at the front (indices 0..<count), removal by swapping in the last one.
///
/// Columns are raw buffers owned by the store, so the hot loops see plain pointers: no bounds
/// checks, no copy-on-write checks, no retain/release per particle. 68 bytes a particle, plus 4
/// for each extra column a cell needs (a birth scale, a count per sub-cell, the previous
/// position under forces, a trail's history: 1 + 2 × (segments + 2) columns).
public final class ParticleStore {
    /// The number of live particles, stored at indices 0..<count of every column.
    public private(set) var count = 0
    /// The number of particles the columns have room for before they grow (at most
    /// ``capacityLimit``).
    public private(set) var capacity = 0

    /// Horizontal position in the emitter layer's coordinates, points.
    public private(set) var x: UnsafeMutablePointer<Float>
    /// Vertical position, points (y grows downward).
    public private(set) var y: UnsafeMutablePointer<Float>
    /// Horizontal velocity, points per second.
    public private(set) var vx: UnsafeMutablePointer<Float>
    /// Vertical velocity, points per second (positive is downward).
    public private(set) var vy: UnsafeMutablePointer<Float>
    /// Depth, points (toward the viewer is positive).
    public private(set) var z: UnsafeMutablePointer<Float>
    /// Depth velocity, points per second (positive is toward the viewer).
    public private(set) var vz: UnsafeMutablePointer<Float>
    /// Seconds since birth.
    public private(set) var age: UnsafeMutablePointer<Float>
    /// The layer time at which the particle dies, in double precision so that deaths do not
    /// depend on the step size.
    public private(set) var deathTime: UnsafeMutablePointer<Double>
    /// Rotation, radians (positive is clockwise on screen).
    public private(set) var rotation: UnsafeMutablePointer<Float>
    /// Rate of turning, radians per second (positive is clockwise on screen).
    public private(set) var spin: UnsafeMutablePointer<Float>
    /// Size multiplier of the cell's contents: 1 is their natural size in points.
    public private(set) var scale: UnsafeMutablePointer<Float>
    /// Red channel, 0…1.
    public private(set) var red: UnsafeMutablePointer<Float>
    /// Green channel, 0…1.
    public private(set) var green: UnsafeMutablePointer<Float>
    /// Blue channel, 0…1.
    public private(set) var blue: UnsafeMutablePointer<Float>
    /// Straight (not premultiplied) alpha, 0…1.
    public private(set) var alpha: UnsafeMutablePointer<Float>
    /// The particle's birth number within its cell: the key of its random values, and its
    /// birth order.
    public private(set) var serial: UnsafeMutablePointer<UInt32>
    /// Columns only some cells need (a birth scale for `scaleOverLife`, a count of emitted
    /// particles per sub-cell, the previous step's x and y for cells with forces, a trail's
    /// ring of past positions), chosen when the effect loads.
    public private(set) var extra: [UnsafeMutablePointer<Float>]
    /// The most particles the store will ever hold: growth stops there.
    public let capacityLimit: Int

    /// Bytes of storage per particle.
    public static let bytesPerParticle = 14 * MemoryLayout<Float>.stride + MemoryLayout<Double>.stride + MemoryLayout<UInt32>.stride

    /// An empty store.
    /// - Parameters:
    ///   - capacity: particles to allocate room for at first (clamped to 1…`capacityLimit`).
    ///   - extraColumns: how many ``extra`` columns to keep besides the standard ones.
    ///   - capacityLimit: the most particles the store may ever hold; at least 1.
    public init(capacity: Int = 64, extraColumns: Int = 0, capacityLimit: Int = Int.max) {
        let capacity = max(min(capacity, capacityLimit), 1)
        self.capacityLimit = max(capacityLimit, 1)
        x = .allocate(capacity: capacity); y = .allocate(capacity: capacity)
        vx = .allocate(capacity: capacity); vy = .allocate(capacity: capacity)
        z = .allocate(capacity: capacity); vz = .allocate(capacity: capacity)
        extra = (0..<extraColumns).map { _ in UnsafeMutablePointer<Float>.allocate(capacity: capacity) }
        age = .allocate(capacity: capacity); deathTime = .allocate(capacity: capacity)
        rotation = .allocate(capacity: capacity); spin = .allocate(capacity: capacity)
        scale = .allocate(capacity: capacity)
        red = .allocate(capacity: capacity); green = .allocate(capacity: capacity)
        blue = .allocate(capacity: capacity); alpha = .allocate(capacity: capacity)
        serial = .allocate(capacity: capacity)
        self.capacity = capacity
    }

    deinit {
        for column in floatColumns { column.deallocate() }
        for column in extra { column.deallocate() }
        deathTime.deallocate()
        serial.deallocate()
    }

    private var floatColumns: [UnsafeMutablePointer<Float>] {
        [x, y, z, vx, vy, vz, age, rotation, spin, scale, red, green, blue, alpha]
    }

    /// Makes room for at least `needed` particles (up to ``capacityLimit``), doubling so that
    /// growth is amortised.
    public func reserve(_ needed: Int) {
        guard needed > capacity, capacity < capacityLimit else { return }
        var newCapacity = capacity
        while newCapacity < needed { newCapacity *= 2 }
        newCapacity = min(newCapacity, capacityLimit)
        func grow<T>(_ column: UnsafeMutablePointer<T>) -> UnsafeMutablePointer<T> {
            let bigger = UnsafeMutablePointer<T>.allocate(capacity: newCapacity)
            bigger.moveInitialize(from: column, count: count)
            column.deallocate()
            return bigger
        }
        x = grow(x); y = grow(y); vx = grow(vx); vy = grow(vy); z = grow(z); vz = grow(vz)
        extra = extra.map { grow($0) }
        age = grow(age); deathTime = grow(deathTime); rotation = grow(rotation); spin = grow(spin)
        scale = grow(scale); red = grow(red); green = grow(green); blue = grow(blue); alpha = grow(alpha)
        serial = grow(serial)
        capacity = newCapacity
    }

    /// Appends a particle and returns its index, or nil when the store is at its limit. The
    /// caller fills every column.
    @inline(__always)
    func append() -> Int? {
        if count == capacity {
            reserve(count + 1)
            if count == capacity { return nil }
        }
        count += 1
        return count - 1
    }

    /// Removes particle `index` by moving the last live particle into its place.
    @inline(__always)
    func swapRemove(_ index: Int) {
        let last = count - 1
        if index != last {
            x[index] = x[last]; y[index] = y[last]; vx[index] = vx[last]; vy[index] = vy[last]
            z[index] = z[last]; vz[index] = vz[last]
            for column in extra { column[index] = column[last] }
            age[index] = age[last]; deathTime[index] = deathTime[last]
            rotation[index] = rotation[last]; spin[index] = spin[last]; scale[index] = scale[last]
            red[index] = red[last]; green[index] = green[last]; blue[index] = blue[last]; alpha[index] = alpha[last]
            serial[index] = serial[last]
        }
        count = last
    }

    /// Removes every particle, keeping the allocated columns for reuse.
    public func removeAll() {
        count = 0
    }

    /// Folds every live particle's columns into `hasher`, in storage order.
    public func hash(into hasher: inout StateHasher) {
        hasher.combine(UInt64(count))
        for column in floatColumns {
            hasher.combine(contentsOf: UnsafeBufferPointer(start: column, count: count))
        }
        for column in extra {
            hasher.combine(contentsOf: UnsafeBufferPointer(start: column, count: count))
        }
        hasher.combine(contentsOf: UnsafeBufferPointer(start: deathTime, count: count))
        hasher.combine(contentsOf: UnsafeBufferPointer(start: serial, count: count))
    }
}

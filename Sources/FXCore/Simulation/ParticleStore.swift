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
    public var x: UnsafeMutablePointer<Float> { columns.x }
    /// Vertical position, points (y grows downward).
    public var y: UnsafeMutablePointer<Float> { columns.y }
    /// Horizontal velocity, points per second.
    public var vx: UnsafeMutablePointer<Float> { columns.vx }
    /// Vertical velocity, points per second (positive is downward).
    public var vy: UnsafeMutablePointer<Float> { columns.vy }
    /// Depth, points (toward the viewer is positive).
    public var z: UnsafeMutablePointer<Float> { columns.z }
    /// Depth velocity, points per second (positive is toward the viewer).
    public var vz: UnsafeMutablePointer<Float> { columns.vz }
    /// Seconds since birth.
    public var age: UnsafeMutablePointer<Float> { columns.age }
    /// The layer time at which the particle dies, in double precision so that deaths do not
    /// depend on the step size.
    public var deathTime: UnsafeMutablePointer<Double> { columns.deathTime }
    /// Rotation, radians (positive is clockwise on screen).
    public var rotation: UnsafeMutablePointer<Float> { columns.rotation }
    /// Rate of turning, radians per second (positive is clockwise on screen).
    public var spin: UnsafeMutablePointer<Float> { columns.spin }
    /// Size multiplier of the cell's contents: 1 is their natural size in points.
    public var scale: UnsafeMutablePointer<Float> { columns.scale }
    /// Red channel, 0…1.
    public var red: UnsafeMutablePointer<Float> { columns.red }
    /// Green channel, 0…1.
    public var green: UnsafeMutablePointer<Float> { columns.green }
    /// Blue channel, 0…1.
    public var blue: UnsafeMutablePointer<Float> { columns.blue }
    /// Straight (not premultiplied) alpha, 0…1.
    public var alpha: UnsafeMutablePointer<Float> { columns.alpha }
    /// The particle's birth number within its cell: the key of its random values, and its
    /// birth order.
    public var serial: UnsafeMutablePointer<UInt32> { columns.serial }
    /// The standard columns, in one stored property: a loop or a birth reads them all with one
    /// access to the class (each read of a class's stored property is checked for exclusive
    /// access, a few dozen instructions).
    private(set) var columns: Columns

    /// The standard columns' buffers.
    struct Columns {
        var x: UnsafeMutablePointer<Float>
        var y: UnsafeMutablePointer<Float>
        var vx: UnsafeMutablePointer<Float>
        var vy: UnsafeMutablePointer<Float>
        var z: UnsafeMutablePointer<Float>
        var vz: UnsafeMutablePointer<Float>
        var age: UnsafeMutablePointer<Float>
        var deathTime: UnsafeMutablePointer<Double>
        var rotation: UnsafeMutablePointer<Float>
        var spin: UnsafeMutablePointer<Float>
        var scale: UnsafeMutablePointer<Float>
        var red: UnsafeMutablePointer<Float>
        var green: UnsafeMutablePointer<Float>
        var blue: UnsafeMutablePointer<Float>
        var alpha: UnsafeMutablePointer<Float>
        var serial: UnsafeMutablePointer<UInt32>

        /// How many there are: extra columns are numbered from here (``ColumnMemory``).
        static let count = 16

        /// Room for `capacity` particles in every column, uninitialised; each column numbered,
        /// for ``ColumnMemory``, by its place in this list.
        init(capacity: Int) {
            x = ColumnMemory.allocate(capacity, column: 0); y = ColumnMemory.allocate(capacity, column: 1)
            vx = ColumnMemory.allocate(capacity, column: 2); vy = ColumnMemory.allocate(capacity, column: 3)
            z = ColumnMemory.allocate(capacity, column: 4); vz = ColumnMemory.allocate(capacity, column: 5)
            age = ColumnMemory.allocate(capacity, column: 6); deathTime = ColumnMemory.allocate(capacity, column: 7)
            rotation = ColumnMemory.allocate(capacity, column: 8); spin = ColumnMemory.allocate(capacity, column: 9)
            scale = ColumnMemory.allocate(capacity, column: 10); red = ColumnMemory.allocate(capacity, column: 11)
            green = ColumnMemory.allocate(capacity, column: 12); blue = ColumnMemory.allocate(capacity, column: 13)
            alpha = ColumnMemory.allocate(capacity, column: 14); serial = ColumnMemory.allocate(capacity, column: 15)
        }

        /// Every buffer as raw memory, with the size of one value, in the order of
        /// ``init(capacity:)``.
        var buffers: [(memory: UnsafeMutableRawPointer, stride: Int)] {
            func raw<T>(_ column: UnsafeMutablePointer<T>) -> (UnsafeMutableRawPointer, Int) {
                (UnsafeMutableRawPointer(column), MemoryLayout<T>.stride)
            }
            return [raw(x), raw(y), raw(vx), raw(vy), raw(z), raw(vz), raw(age), raw(deathTime), raw(rotation), raw(spin),
                    raw(scale), raw(red), raw(green), raw(blue), raw(alpha), raw(serial)]
        }
    }

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
        columns = Columns(capacity: capacity)
        extra = (0..<extraColumns).map { ColumnMemory.allocate(capacity, column: Columns.count + $0) }
        self.capacity = capacity
    }

    deinit {
        for buffer in columns.buffers { ColumnMemory.deallocate(buffer.memory, bytes: capacity * buffer.stride) }
        for column in extra { ColumnMemory.deallocate(UnsafeMutableRawPointer(column), bytes: capacity * MemoryLayout<Float>.stride) }
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
        let bigger = Columns(capacity: newCapacity)
        for (old, new) in zip(columns.buffers, bigger.buffers) {
            new.memory.copyMemory(from: old.memory, byteCount: count * old.stride)
            ColumnMemory.deallocate(old.memory, bytes: capacity * old.stride)
        }
        columns = bigger
        extra = extra.enumerated().map { index, column in
            let new: UnsafeMutablePointer<Float> = ColumnMemory.allocate(newCapacity, column: Columns.count + index)
            new.initialize(from: column, count: count)
            ColumnMemory.deallocate(UnsafeMutableRawPointer(column), bytes: capacity * MemoryLayout<Float>.stride)
            return new
        }
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
        if index != last { ParticleStore.moveParticle(from: last, to: index, columns: columns, extra: extra) }
        count = last
    }

    /// The first slot from `i` whose group of eight may hold a particle dead by `now`: most
    /// particles live on, so the scan looks at eight death times at a time, without a branch per
    /// particle, and stops only in a group where one has died (or where fewer than eight are left).
    @inline(__always)
    static func skipSurvivors(_ deathTime: UnsafeMutablePointer<Double>, from i: Int, live: Int, now: Double) -> Int {
        let limit = SIMD8<Double>(repeating: now)
        var i = i
        while i + 8 <= live {
            let times = UnsafeRawPointer(deathTime + i).loadUnaligned(as: SIMD8<Double>.self)
            if any(times .<= limit) { break }
            i += 8
        }
        return i
    }

    /// Removes every particle whose death time is `now` or earlier, as calling
    /// ``swapRemove(_:)`` on each in index order would (the last live particle moved into the
    /// freed slot, which is looked at again), so the order of the survivors is the same.
    func removeParticles(diedBy now: Double) {
        let columns = self.columns, extra = self.extra
        count = walkRemovals(diedBy: now) { source, destination in
            ParticleStore.moveParticle(from: source, to: destination, columns: columns, extra: extra)
        }
    }

    /// The one scan both removals share: walks the live particles in index order, and for each
    /// one dead by `now` calls `move(source, destination)` with the last live particle as the
    /// source (nothing when the dead one is the last). `move` must copy at least the death time
    /// into `destination`, which is looked at again. Returns the new count.
    @inline(__always)
    private func walkRemovals(diedBy now: Double, _ move: (_ source: Int, _ destination: Int) -> Void) -> Int {
        let deathTime = columns.deathTime
        var live = count
        var i = 0
        while i < live {
            i = ParticleStore.skipSurvivors(deathTime, from: i, live: live, now: now)
            guard i < live else { break }
            if deathTime[i] <= now {
                live -= 1
                if i != live { move(live, i) }
            } else {
                i += 1
            }
        }
        return live
    }

    /// Removes the same particles as ``removeParticles(diedBy:)``, leaving the same order, with
    /// the work on up to `threads` threads when the store holds at least twice `minimumChunk`
    /// particles.
    ///
    /// Each range of the death times is scanned on a thread of its own for the particles dead by
    /// `now` (a step's deaths are a small share: the scan is the work). From that list, in index
    /// order, a serial walk makes the moves the one-thread removal makes (see
    /// ``walkRemovals(dead:live:_:)``), and the other columns then replay them, a set of columns
    /// per thread. A move's source is always past every slot filled so far (it is the last live
    /// particle, beyond the slot being looked at), so no move reads what another wrote, and each
    /// column replays them on its own.
    func removeParticles(diedBy now: Double, threads: Int, minimumChunk: Int) {
        guard threads > 1, count >= 2 * max(minimumChunk, 1) else {
            removeParticles(diedBy: now)
            return
        }
        let deathTime = columns.deathTime
        let live = count
        let chunks = ParallelChunks.chunkCount(count: live, threads: threads, minimumChunk: minimumChunk)
        var lists = deadByRange
        deadByRange = []
        while lists.count < chunks { lists.append([]) }
        lists.withUnsafeMutableBufferPointer { lists in
            // One range per call (ranges of at least one range): each fills its own list.
            ParallelChunks.run(count: chunks, threads: chunks, minimumChunk: 1) { chunkRange in
                for chunk in chunkRange {
                    let range = ParallelChunks.range(chunk, of: chunks, count: live)
                    lists[chunk].removeAll(keepingCapacity: true)
                    var i = range.lowerBound
                    while i < range.upperBound {
                        i = ParticleStore.skipSurvivors(deathTime, from: i, live: range.upperBound, now: now)
                        guard i < range.upperBound else { break }
                        if deathTime[i] <= now { lists[chunk].append(i) }
                        i += 1
                    }
                }
            }
        }
        var dead = deadSlots
        deadSlots = []
        dead.removeAll(keepingCapacity: true)
        for chunk in 0..<chunks { dead.append(contentsOf: lists[chunk]) }
        deadByRange = lists
        var moves = pendingMoves
        pendingMoves = []
        moves.removeAll(keepingCapacity: true)
        count = ParticleStore.walkRemovals(dead: dead, live: live) { source, destination in
            deathTime[destination] = deathTime[source]
            moves.append(source)
            moves.append(destination)
        }
        deadSlots = dead
        if !moves.isEmpty {
            let floats = floatColumns + extra
            let serial = columns.serial
            moves.withUnsafeBufferPointer { pairs in
                let pairCount = pairs.count / 2
                ParallelChunks.run(count: floats.count + 1, threads: threads, minimumChunk: 1) { columnRange in
                    for column in columnRange {
                        if column == floats.count {
                            for k in 0..<pairCount { serial[pairs[2 * k + 1]] = serial[pairs[2 * k]] }
                        } else {
                            let values = floats[column]
                            for k in 0..<pairCount { values[pairs[2 * k + 1]] = values[pairs[2 * k]] }
                        }
                    }
                }
            }
        }
        pendingMoves = moves
    }

    /// The moves of the last ``removeParticles(diedBy:threads:minimumChunk:)`` (source, then
    /// destination), kept so that a step allocates nothing once it has grown.
    private var pendingMoves: [Int] = []
    /// The dead slots each range's scan found, and all of them in index order, kept for the
    /// same reason.
    private var deadByRange: [[Int]] = [], deadSlots: [Int] = []

    /// The walk of ``walkRemovals(diedBy:_:)`` made from `dead`, the slots (in index order) of
    /// the particles dead among the first `live`, instead of a scan: the same moves in the same
    /// order, in time proportional to the dead. A slot past the one being looked at still holds
    /// its own particle (moves take the last live particle, and only into slots already passed),
    /// so the particle moved in is dead exactly when its slot is in the list. Returns the new
    /// count.
    @inline(__always)
    static func walkRemovals(dead: [Int], live: Int, _ move: (_ source: Int, _ destination: Int) -> Void) -> Int {
        var live = live
        // The largest listed slot not past the last live one: how a moved-in particle is known
        // to be dead, walking down from the end as `live` does.
        var high = dead.count - 1
        for slot in dead {
            guard slot < live else { break }
            while true {
                live -= 1
                while high >= 0 && dead[high] > live { high -= 1 }
                // The dead particle was the last live one: nothing to move, and nothing after it.
                if live == slot { break }
                move(live, slot)
                // The particle moved in is looked at again: if it too is dead, it is replaced.
                guard high >= 0 && dead[high] == live else { break }
            }
        }
        return live
    }

    /// Copies every column of particle `source` into slot `destination`.
    @inline(__always)
    private static func moveParticle(from source: Int, to destination: Int, columns c: Columns, extra: [UnsafeMutablePointer<Float>]) {
        c.x[destination] = c.x[source]; c.y[destination] = c.y[source]; c.vx[destination] = c.vx[source]; c.vy[destination] = c.vy[source]
        c.z[destination] = c.z[source]; c.vz[destination] = c.vz[source]
        for column in extra { column[destination] = column[source] }
        c.age[destination] = c.age[source]; c.deathTime[destination] = c.deathTime[source]
        c.rotation[destination] = c.rotation[source]; c.spin[destination] = c.spin[source]; c.scale[destination] = c.scale[source]
        c.red[destination] = c.red[source]; c.green[destination] = c.green[source]; c.blue[destination] = c.blue[source]
        c.alpha[destination] = c.alpha[source]
        c.serial[destination] = c.serial[source]
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

/// Where the store's column buffers start. A dozen columns read at the same index each step
/// compete for the same few cache sets when they start at the same offset within a 4 KiB page
/// (and the processor's load-store aliasing check sees false conflicts between them). So a
/// large column — 64 KiB or more — gets a page-aligned buffer and starts `(5k mod 64) × 64`
/// bytes into it, `k` its column number: the columns' current lines fall into different sets,
/// the layout the C reference loop uses. Small columns are allocated as usual (a page each
/// would cost more than it saves).
enum ColumnMemory {
    /// Columns of at least this many bytes are placed.
    static let placedBytes = 65_536

    /// Room for `capacity` values of column number `column`, uninitialised.
    static func allocate<T>(_ capacity: Int, column: Int) -> UnsafeMutablePointer<T> {
        let bytes = capacity * MemoryLayout<T>.stride
        guard bytes >= placedBytes else { return .allocate(capacity: capacity) }
        let shift = (5 * column % 64) * 64
        let page = UnsafeMutableRawPointer.allocate(byteCount: bytes + shift, alignment: 4096)
        return (page + shift).bindMemory(to: T.self, capacity: capacity)
    }

    /// Frees a column of `bytes` bytes that ``allocate(_:column:)`` made: a placed one's buffer
    /// starts at the beginning of the page it starts in.
    static func deallocate(_ column: UnsafeMutableRawPointer, bytes: Int) {
        guard bytes >= placedBytes else { return column.deallocate() }
        UnsafeMutableRawPointer(bitPattern: UInt(bitPattern: column) & ~4095)!.deallocate()
    }
}

import FXCore
import XCTest

/// The store's columns as memory (growing with live particles in it is tested by every
/// simulation test: stores start with room for 64).
final class ParticleStoreTests: XCTestCase {
    /// Every column of a large store (whose buffers come page-aligned from the system) starts at
    /// a different cache line within a 4 KiB page, before and after it grows: a loop reading a
    /// dozen columns at one index then touches a dozen different cache sets, not one.
    func testColumnsStartInDifferentCacheSetsBeforeAndAfterGrowing() {
        let store = ParticleStore(capacity: 300_000, extraColumns: 3)
        func lines() -> [Int] {
            let floats = [store.x, store.y, store.vx, store.vy, store.z, store.vz, store.age, store.rotation, store.spin, store.scale,
                          store.red, store.green, store.blue, store.alpha] + store.extra
            let addresses = floats.map { UInt(bitPattern: $0) } + [UInt(bitPattern: store.deathTime), UInt(bitPattern: store.serial)]
            return addresses.map { Int($0 % 4096) / 64 }
        }
        XCTAssertEqual(Set(lines()).count, 19, "cache lines within a page: \(lines())")
        store.reserve(700_000)
        XCTAssertGreaterThanOrEqual(store.capacity, 700_000)
        XCTAssertEqual(Set(lines()).count, 19, "after growing: \(lines())")
    }
}

import Foundation

/// A first-in, first-out queue between threads that holds at most `capacity` items: `push`
/// waits while it is full, `pop` while it is empty, until ``close()`` (after which `pop` empties
/// it and then returns nil). The stages of a recording hand draw lists and frames along these,
/// so memory stays bounded however far one stage runs ahead of the next.
final class BoundedQueue<Item>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private var closed = false
    let capacity: Int

    init(capacity: Int) {
        self.capacity = max(1, capacity)
        items.reserveCapacity(self.capacity)
    }

    /// Adds `item` at the end, waiting while the queue is full.
    func push(_ item: Item) {
        condition.lock()
        defer { condition.unlock() }
        while items.count - head >= capacity { condition.wait() }
        if head > 0 && head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        items.append(item)
        condition.broadcast()
    }

    /// The first item, waiting while the queue is empty and open; nil once it is closed and empty.
    func pop() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count && !closed { condition.wait() }
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head == items.count {
            items.removeAll(keepingCapacity: true)
            head = 0
        }
        condition.broadcast()
        return item
    }

    /// No more items will be pushed: `pop` returns the ones left, then nil.
    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}

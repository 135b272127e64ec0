import Foundation

/// A bounded queue between two threads: the producer waits while it is full, the consumer while
/// it is empty, and `close()` lets the consumer drain what is left and stop. It keeps the
/// classifier beside the decoder and meter instead of after them, with memory bounded by
/// `capacity` frames.
///
///     let q = Handoff<FrameMeasure>(capacity: 8); q.put(m) ... q.close()   // consumer: while let m = q.take()
final class Handoff<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    private var items: [Item] = []
    private var head = 0
    private var closed = false
    private let capacity: Int

    init(capacity: Int) { self.capacity = max(1, capacity) }

    func put(_ item: Item) {
        condition.lock()
        while items.count - head >= capacity && !closed { condition.wait() }
        if !closed { items.append(item) }
        condition.broadcast()
        condition.unlock()
    }

    /// The next item, or nil once the queue is closed and empty.
    func take() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while head == items.count && !closed { condition.wait() }
        guard head < items.count else { return nil }
        let item = items[head]
        head += 1
        if head > 64 && head * 2 > items.count {
            items.removeFirst(head)
            head = 0
        }
        condition.broadcast()
        return item
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}

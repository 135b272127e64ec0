import Foundation

/// A bounded queue between two threads: the producer waits while it is full, the consumer while
/// it is empty, and `close()` lets the consumer drain what is left and stop. It keeps the
/// classifier beside the decoder and meter instead of after them, with memory bounded by
/// `capacity` frames.
///
/// A waiting side is woken once `batch` items (or free slots) are there for it, not for every
/// item: one wake-up per frame per side was kernel time of its own (futex wake-ups and task
/// switches, 3.3% of the main job in perf on the second bench film).
///
///     let q = Handoff<FrameMeasure>(capacity: 8, batch: 4); q.put(m) ... q.close()   // consumer: while let m = q.take()
final class Handoff<Item: Sendable>: @unchecked Sendable {
    private let condition = NSCondition()
    /// A ring of `capacity` slots; a taken item's slot is emptied at once.
    /// NB: an array consumed from its front and compacted every 64 items kept up to 64 taken
    /// frames' tile lists alive, 9.6 MB at the peak of the 60 s bench film.
    private var slots: [Item?]
    private var head = 0, count = 0
    private var closed = false
    private let batch: Int
    /// Who sleeps: the consumer only on an empty queue, the producer only on a full one, so never both.
    private var consumerWaits = false, producerWaits = false

    init(capacity: Int, batch: Int = 1) {
        slots = [Item?](repeating: nil, count: max(1, capacity))
        self.batch = min(max(1, batch), slots.count)
    }

    func put(_ item: Item) {
        condition.lock()
        while count == slots.count && !closed {
            producerWaits = true
            condition.wait()
        }
        producerWaits = false
        if !closed {
            slots[(head + count) % slots.count] = item
            count += 1
        }
        if consumerWaits && count >= batch { condition.signal() }
        condition.unlock()
    }

    /// The next item, or nil once the queue is closed and empty.
    func take() -> Item? {
        condition.lock()
        defer { condition.unlock() }
        while count == 0 && !closed {
            consumerWaits = true
            condition.wait()
        }
        consumerWaits = false
        guard count > 0 else { return nil }
        let item = slots[head]
        slots[head] = nil
        head = (head + 1) % slots.count
        count -= 1
        if producerWaits && slots.count - count >= batch { condition.signal() }
        return item
    }

    func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }
}

import Foundation
import Testing
@testable import FrameDiff

/// The bounded queue between the meter and the classifier: order kept across the ring's wrap, a
/// full queue holds its producer back, and closing lets the consumer drain what is left.
@Suite("Handoff between the measuring and the classifying thread")
struct HandoffTests {
    @Test("items come out in order, many times round a ring of 3, from another thread")
    func orderAcrossWraps() {
        let q = Handoff<Int>(capacity: 3)
        let producer = Thread {
            for i in 0..<1000 { q.put(i) }
            q.close()
        }
        producer.start()
        var got: [Int] = []
        while let i = q.take() { got.append(i) }
        #expect(got == Array(0..<1000))
    }

    @Test("a full queue holds the producer back until an item is taken")
    func fullQueueBlocks() {
        let q = Handoff<Int>(capacity: 2)
        q.put(1)
        q.put(2)
        let third = DispatchSemaphore(value: 0)
        let producer = Thread {
            q.put(3)  // waits: the ring is full
            third.signal()
        }
        producer.start()
        #expect(third.wait(timeout: .now() + 0.3) == .timedOut)
        #expect(q.take() == 1)
        #expect(third.wait(timeout: .now() + 5) == .success)
        #expect(q.take() == 2)
        #expect(q.take() == 3)
        q.close()
        #expect(q.take() == nil)
    }

    @Test("close lets the consumer drain what is left, then take returns nil; a put after close is dropped")
    func drainAfterClose() {
        let q = Handoff<String>(capacity: 4)
        q.put("a")
        q.put("b")
        q.close()
        q.put("c")
        #expect(q.take() == "a")
        #expect(q.take() == "b")
        #expect(q.take() == nil)
    }

    @Test("closing releases a producer waiting on a full queue")
    func closeReleasesProducer() {
        let q = Handoff<Int>(capacity: 1)
        q.put(1)
        let released = DispatchSemaphore(value: 0)
        let producer = Thread {
            q.put(2)
            released.signal()
        }
        producer.start()
        #expect(released.wait(timeout: .now() + 0.2) == .timedOut)
        q.close()
        #expect(released.wait(timeout: .now() + 5) == .success)
        #expect(q.take() == 1)
        #expect(q.take() == nil)
    }

    @Test("woken in batches: every item arrives in order, from both sides' waits", arguments: [1, 3, 4, 8])
    func batchedWakeUps(batch: Int) {
        let q = Handoff<Int>(capacity: 8, batch: batch)
        let producer = Thread {
            for i in 0..<5000 {
                q.put(i)
                if i % 97 == 0 { usleep(200) }  // the consumer catches up and sleeps on an empty queue
            }
            q.close()
        }
        producer.start()
        var got: [Int] = []
        while let i = q.take() {
            got.append(i)
            if i % 89 == 0 { usleep(200) }  // the producer fills the ring and sleeps on a full queue
        }
        #expect(got == Array(0..<5000))
    }

    @Test("fewer items than a batch still reach a sleeping consumer when the queue closes")
    func partialBatchAtClose() {
        let q = Handoff<Int>(capacity: 8, batch: 4)
        let done = DispatchSemaphore(value: 0)
        final class Received: @unchecked Sendable { var items: [Int] = [] }  // written by the consumer, read after `done`
        let got = Received()
        let consumer = Thread {
            while let i = q.take() { got.items.append(i) }
            done.signal()
        }
        consumer.start()
        usleep(50_000)  // the consumer is asleep on the empty queue
        q.put(1)
        q.put(2)
        q.close()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(got.items == [1, 2])
    }
}

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
}

/// The N largest deltas of a stream, in bounded memory.
struct TopDeltas {
    let capacity: Int
    private(set) var items: [FrameDelta] = []

    init(capacity: Int) { self.capacity = capacity }

    mutating func add(_ d: FrameDelta) {
        guard capacity > 0 else { return }
        if items.count < capacity {
            items.append(d)
        } else if let i = items.indices.min(by: { items[$0].rmse < items[$1].rmse }), items[i].rmse < d.rmse {
            items[i] = d
        }
    }

    var sorted: [FrameDelta] { items.sorted { $0.rmse != $1.rmse ? $0.rmse > $1.rmse : $0.frame < $1.frame } }
}

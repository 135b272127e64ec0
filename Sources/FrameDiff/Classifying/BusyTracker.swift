/// Finds regions that never stop changing — a counter, a spinner, a progress bar, a playing
/// video — so that they are reported for what they do and do not hold the rest of the frame in
/// one endless transition.
///
/// Changes are followed as lineages: a tile that starts changing next to a tile that changed
/// within `stableMs` joins that tile's lineage (the front of a progress bar, the next digit of a
/// counter, a spinner's arm moving on), else it starts one of its own. A lineage that keeps going
/// for `busyMs` is busy over its whole life: its tiles take no part in the transitions around
/// them, and it is one motion finding. A tile that keeps changing joins nothing new, so a slide
/// beside a counter keeps all but the ring of tiles touching the counter.
///
///     var busy = BusyTracker(tiles: n, columns: c, options: o); busy.update(frame: 7, ptsMs: 116.7, active: tiles)
struct BusyTracker: Sendable {
    /// One tile's part in a lineage: frames `start...end`.
    struct Run: Sendable {
        var tile: Int
        var lineage: Int
        var start: Int
        var end: Int
        var startMs: Double
        var endMs: Double
        /// Frames in which the tile changed.
        var changes: Int
    }

    /// The most tiles that start changing together and still join the lineage beside them.
    static let joinTiles = 16
    private let columns: Int, rows: Int
    private let stableMs: Double, busyMs: Double
    private var lineage: [Int32]
    private var runStart: [Int32]
    private var runStartMs: [Double]
    private var lastFrame: [Int32]
    private var lastMs: [Double]
    private var changes: [Int32]
    /// Each lineage's first and last change (ms), by lineage number.
    private var lineageStartMs: [Double] = []
    private var lineageLastMs: [Double] = []
    /// Tiles in a run now (changed within `stableMs`).
    private var running: [Int] = []
    private var isRunning: [Bool]
    /// Runs that ended, oldest first (only those of lineages that may still turn out busy).
    private var ended: [Run] = []

    init(tiles: Int, columns: Int, options: ClassifierOptions) {
        self.columns = max(1, columns)
        rows = (tiles + self.columns - 1) / self.columns
        stableMs = options.stableMs
        busyMs = options.busyMs
        lineage = [Int32](repeating: -1, count: tiles)
        runStart = [Int32](repeating: -1, count: tiles)
        runStartMs = [Double](repeating: 0, count: tiles)
        lastFrame = [Int32](repeating: -1, count: tiles)
        lastMs = [Double](repeating: -.infinity, count: tiles)
        changes = [Int32](repeating: 0, count: tiles)
        isRunning = [Bool](repeating: false, count: tiles)
    }

    /// Takes the tiles that changed visibly in frame `frame`.
    mutating func update(frame: Int, ptsMs: Double, active: [Int]) {
        // runs that paused long enough have ended
        if running.contains(where: { ptsMs - lastMs[$0] >= stableMs }) {
            for t in running where ptsMs - lastMs[t] >= stableMs {
                close(t)
                isRunning[t] = false
            }
            running.removeAll { !isRunning[$0] }
        }
        let starting = active.filter { !isRunning[$0] }
        // a tile starting to change joins the oldest lineage among neighbours that were changing
        // before this frame; decided before any tile of this frame is marked. A large patch
        // starting at once (a placeholder, a cut) is a change of its own, one lineage, even where
        // it touches a busy region; the front of a bar or the next digit is a few tiles.
        var joins: [(tile: Int, lineage: Int32)] = []
        var loose = starting
        if starting.count > Self.joinTiles {
            loose = []
            for c in TileBox.components(of: starting, columns: columns) {
                if c.count > Self.joinTiles {
                    let id = newLineage(ptsMs)
                    joins += c.map { ($0, id) }
                } else {
                    loose += c
                }
            }
        }
        for t in loose {
            let x = t % columns, y = t / columns
            var best: Int32 = -1
            var bestMs = Double.infinity
            for dy in -1...1 where y + dy >= 0 && y + dy < rows {
                for dx in -1...1 where (dx != 0 || dy != 0) && x + dx >= 0 && x + dx < columns {
                    let n = (y + dy) * columns + x + dx
                    guard isRunning[n], lastFrame[n] < Int32(frame) else { continue }
                    let start = lineageStartMs[Int(lineage[n])]
                    if start < bestMs { bestMs = start; best = lineage[n] }
                }
            }
            joins.append((t, best >= 0 ? best : newLineage(ptsMs)))
        }
        for (t, id) in joins {
            lineage[t] = id
            runStart[t] = Int32(frame)
            runStartMs[t] = ptsMs
            changes[t] = 0
            isRunning[t] = true
            running.append(t)
        }
        for t in active {
            lastFrame[t] = Int32(frame)
            lastMs[t] = ptsMs
            changes[t] += 1
            lineageLastMs[Int(lineage[t])] = ptsMs
        }
    }

    private mutating func newLineage(_ ptsMs: Double) -> Int32 {
        lineageStartMs.append(ptsMs)
        lineageLastMs.append(ptsMs)
        return Int32(lineageStartMs.count - 1)
    }

    private func isBusy(lineage id: Int) -> Bool { lineageLastMs[id] - lineageStartMs[id] >= busyMs }

    private func run(of t: Int) -> Run {
        Run(tile: t, lineage: Int(lineage[t]), start: Int(runStart[t]), end: Int(lastFrame[t]), startMs: runStartMs[t], endMs: lastMs[t],
            changes: Int(changes[t]))
    }

    private mutating func close(_ t: Int) { ended.append(run(of: t)) }

    /// Whether tile `t` is changing now as part of a busy lineage.
    func isBusy(_ t: Int) -> Bool { isRunning[t] && isBusy(lineage: Int(lineage[t])) }

    /// The frames of `from...to` in which a busy region holds each tile.
    func held(from: Int, to: Int) -> BusyHold {
        var out = BusyHold()
        for r in ended + running.map(run(of:)) where r.end >= from && r.start <= to && isBusy(lineage: r.lineage) {
            out.ranges[r.tile, default: []].append(max(from, r.start)...min(to, r.end))
        }
        return out
    }

    /// Takes the busy lineages that ended at or before `frame` (all, when `closingAll`), grouped
    /// into regions: lineages of neighbouring tiles whose times overlap are one region. Runs of
    /// lineages that ended without turning busy are dropped.
    mutating func takeEnded(through frame: Int, closingAll: Bool = false) -> [[Run]] {
        if closingAll {
            for t in running {
                close(t)
                isRunning[t] = false
            }
            running.removeAll()
        }
        let liveLineages = Set(running.map { Int(lineage[$0]) })
        let finished = ended.filter { $0.end <= frame && !liveLineages.contains($0.lineage) }
        ended.removeAll { $0.end <= frame && !liveLineages.contains($0.lineage) }
        let done = finished.filter { isBusy(lineage: $0.lineage) }
        guard !done.isEmpty else { return [] }
        var byLineage: [Int: [Run]] = [:]
        for r in done { byLineage[r.lineage, default: []].append(r) }
        let ids = byLineage.keys.sorted()
        var parent = Dictionary(uniqueKeysWithValues: ids.map { ($0, $0) })
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i]! != i { i = parent[i]! }
            return i
        }
        let boxes = ids.map { TileBox(byLineage[$0]!.map(\.tile), columns: columns).grown(by: 1, columns: columns, rows: rows) }
        let spans = ids.map { id in (byLineage[id]!.map(\.start).min()!, byLineage[id]!.map(\.end).max()!) }
        for i in ids.indices {
            for j in ids.indices where j > i && boxes[i].intersects(boxes[j]) && spans[i].0 <= spans[j].1 && spans[j].0 <= spans[i].1 {
                parent[find(ids[i])] = find(ids[j])
            }
        }
        var groups: [Int: [Run]] = [:]
        for id in ids { groups[find(id), default: []] += byLineage[id]! }
        return groups.values.sorted { $0.map(\.start).min()! < $1.map(\.start).min()! }
    }
}

/// Which tiles busy regions hold in which frames of a window.
struct BusyHold: Sendable {
    fileprivate(set) var ranges: [Int: [ClosedRange<Int>]] = [:]

    var isEmpty: Bool { ranges.isEmpty }

    func holds(tile: Int, frame: Int) -> Bool {
        guard let r = ranges[tile] else { return false }
        return r.contains { $0.contains(frame) }
    }
}

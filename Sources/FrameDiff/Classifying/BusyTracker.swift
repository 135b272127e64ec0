/// Finds regions that never stop changing — a counter, a spinner, a progress bar, a playing
/// video — so that they are reported for what they do and do not hold the rest of the frame in
/// one endless transition.
///
/// A tile's run of changes goes on while no pause of `stableMs` breaks it; a run that lasts
/// `busyMs` is busy for its whole length. Busy tiles (and their neighbours, the other digits of
/// a counter) take no part in the transitions around them; connected busy runs are one motion.
///
///     var busy = BusyTracker(tiles: n, columns: c, options: o); busy.update(frame: 7, ptsMs: 116.7, active: tiles)
struct BusyTracker: Sendable {
    /// A busy run of one tile: frames `start...end` (window-independent frame indices).
    struct Run: Sendable {
        var tile: Int
        var start: Int
        var end: Int
        var startMs: Double
        var endMs: Double
    }

    private let columns: Int, rows: Int
    private let stableMs: Double, busyMs: Double
    private var runStart: [Int32]
    private var runStartMs: [Double]
    private var lastFrame: [Int32]
    private var lastMs: [Double]
    /// Busy runs that ended, oldest first.
    private(set) var ended: [Run] = []
    /// Tiles whose current run is busy.
    private var busyNow: Set<Int> = []

    init(tiles: Int, columns: Int, options: ClassifierOptions) {
        self.columns = max(1, columns)
        rows = (tiles + self.columns - 1) / self.columns
        stableMs = options.stableMs
        busyMs = options.busyMs
        runStart = [Int32](repeating: -1, count: tiles)
        runStartMs = [Double](repeating: 0, count: tiles)
        lastFrame = [Int32](repeating: -1, count: tiles)
        lastMs = [Double](repeating: -.infinity, count: tiles)
    }

    /// Takes the tiles that changed visibly in frame `frame`.
    mutating func update(frame: Int, ptsMs: Double, active: [Int]) {
        for t in active {
            if ptsMs - lastMs[t] >= stableMs {
                closeRun(t)
                runStart[t] = Int32(frame)
                runStartMs[t] = ptsMs
            }
            lastFrame[t] = Int32(frame)
            lastMs[t] = ptsMs
            if ptsMs - runStartMs[t] >= busyMs { busyNow.insert(t) }
        }
        // runs that paused long enough have ended
        if !busyNow.isEmpty {
            for t in busyNow where ptsMs - lastMs[t] >= stableMs { closeRun(t) }
        }
    }

    private mutating func closeRun(_ t: Int) {
        guard busyNow.remove(t) != nil else { return }
        ended.append(Run(tile: t, start: Int(runStart[t]), end: Int(lastFrame[t]), startMs: runStartMs[t], endMs: lastMs[t]))
    }

    /// Whether tile `t` is busy now (its current run has lasted `busyMs`).
    func isBusy(_ t: Int) -> Bool { busyNow.contains(t) }

    /// Busy runs that overlap frames `from...to`, the current ones included (ongoing to `to`).
    func runs(from: Int, to: Int) -> [Run] {
        var out = ended.filter { $0.end >= from && $0.start <= to }
        for t in busyNow {
            out.append(Run(tile: t, start: Int(runStart[t]), end: Int(lastFrame[t]), startMs: runStartMs[t], endMs: lastMs[t]))
        }
        return out
    }

    /// The frames of `from...to` in which a busy region holds each tile: busy tiles and their
    /// neighbours (a counter's slower digits change less often than a pause).
    func held(from: Int, to: Int) -> BusyHold {
        var out = BusyHold()
        for r in runs(from: from, to: to) {
            let x = r.tile % columns, y = r.tile / columns
            let range = max(from, r.start)...min(to, r.end)
            for dy in -1...1 where y + dy >= 0 && y + dy < rows {
                for dx in -1...1 where x + dx >= 0 && x + dx < columns {
                    out.ranges[(y + dy) * columns + x + dx, default: []].append(range)
                }
            }
        }
        return out
    }

    /// Takes the busy runs that ended at or before `frame`, grouped into regions: runs of
    /// neighbouring tiles whose times overlap are one region.
    mutating func takeEnded(through frame: Int, closingAll: Bool = false) -> [[Run]] {
        if closingAll { for t in busyNow { closeRun(t) } }
        let done = ended.filter { $0.end <= frame }
        ended.removeAll { $0.end <= frame }
        guard !done.isEmpty else { return [] }
        var parent = Array(done.indices)
        func find(_ i: Int) -> Int {
            var i = i
            while parent[i] != i { parent[i] = parent[parent[i]]; i = parent[i] }
            return i
        }
        for i in done.indices {
            for j in done.indices where j > i {
                let a = done[i], b = done[j]
                let dx = abs(a.tile % columns - b.tile % columns), dy = abs(a.tile / columns - b.tile / columns)
                if dx <= 2, dy <= 2, a.start <= b.end, b.start <= a.end { parent[find(i)] = find(j) }
            }
        }
        var groups: [Int: [Run]] = [:]
        for i in done.indices { groups[find(i), default: []].append(done[i]) }
        return groups.values.sorted { $0[0].start < $1[0].start }
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

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
///     var busy = BusyTracker(tiles: n, columns: c, tile: 16, options: o); busy.update(frame: 7, ptsMs: 116.7, active: tiles)
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

    private let columns: Int, rows: Int
    private let stableMs: Double, busyMs: Double, joinTiles: Int
    private var lineage: [Int32]
    private var runStart: [Int32]
    private var runStartMs: [Double]
    private var lastFrame: [Int32]
    private var lastMs: [Double]
    private var changes: [Int32]
    /// Each lineage's first and last change (ms), by lineage number.
    private var lineageStartMs: [Double] = []
    /// The frame a lineage began on, when it began as a large patch changing at once (a cut, a
    /// fade's first frame), else -1.
    private var patchFrame: [Int32] = []
    private var lineageLastMs: [Double] = []
    /// Tiles in a run now (changed within `stableMs`).
    private var running: [Int] = []
    private var isRunning: [Bool]
    /// Runs that ended and that a window may still ask about, oldest first.
    private var ended: [Run] = []
    /// What lineages still running left behind the window: their tiles' changes, times, peak.
    private var totals: [Int: Region] = [:]
    private var lineagePeak: [Double] = []

    init(tiles: Int, columns: Int, tile: Int, options: ClassifierOptions) {
        self.columns = max(1, columns)
        rows = (tiles + self.columns - 1) / self.columns
        stableMs = options.stableMs
        busyMs = options.busyMs
        joinTiles = ClassifierOptions.tiles(atMost: options.busyJoinAreaPx, tile: tile)
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
        if starting.count > joinTiles {
            loose = []
            for c in TileBox.components(of: starting, columns: columns) {
                if c.count > joinTiles {
                    let id = newLineage(ptsMs, patch: frame)
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

    private mutating func newLineage(_ ptsMs: Double, patch: Int = -1) -> Int32 {
        patchFrame.append(Int32(patch))
        lineageStartMs.append(ptsMs)
        lineageLastMs.append(ptsMs)
        lineagePeak.append(0)
        return Int32(lineageStartMs.count - 1)
    }

    private func isBusy(lineage id: Int) -> Bool { lineageLastMs[id] - lineageStartMs[id] >= busyMs }

    /// A run of a tile that changed on the frame its lineage began as a large patch, and then
    /// rested (a tile of the cut that painted a loading screen, around its spinner).
    private func isPatchRest(_ r: Run) -> Bool { Int32(r.start) == patchFrame[r.lineage] && r.changes == 1 }

    private func run(of t: Int) -> Run {
        Run(tile: t, lineage: Int(lineage[t]), start: Int(runStart[t]), end: Int(lastFrame[t]), startMs: runStartMs[t], endMs: lastMs[t],
            changes: Int(changes[t]))
    }

    private mutating func close(_ t: Int) { ended.append(run(of: t)) }

    /// Whether tile `t` is changing now as part of a busy lineage.
    func isBusy(_ t: Int) -> Bool { isRunning[t] && isBusy(lineage: Int(lineage[t])) }

    /// The frames of `from...to` in which a busy region holds each tile. A lineage that began as
    /// a large patch changing at once (a cut onto a loading screen) turns busy on what keeps
    /// changing inside it (the loader's spinner): the patch's tiles that changed on that frame only
    /// (`isPatchRest`), away from the box of what keeps changing (grown by a tile), are the cut's.
    /// Inside that box (a video's smooth areas, still between two of its frames) they stay held.
    func held(from: Int, to: Int) -> BusyHold {
        var out = BusyHold()
        let runs = (ended + running.map(run(of:))).filter { $0.end >= from && $0.start <= to && isBusy(lineage: $0.lineage) }
        // (boxes only for the lineages where a patch's tile rested: most windows have none)
        let patched = Set(runs.filter(isPatchRest).map(\.lineage))
        var keeps: [Int: [Int]] = [:]
        for r in runs where patched.contains(r.lineage) && !isPatchRest(r) { keeps[r.lineage, default: []].append(r.tile) }
        let boxes = keeps.mapValues { TileBox($0, columns: columns).grown(by: 1, columns: columns, rows: rows) }
        for r in runs where !isPatchRest(r) || (boxes[r.lineage]?.contains(tile: r.tile, columns: columns) ?? false) {
            out.ranges[r.tile, default: []].append(max(from, r.start)...min(to, r.end))
        }
        return out
    }

    /// A busy region as reported: its tiles with how often each changed, its first and last
    /// frame, and the largest whole-frame RMSE while it ran.
    struct Region: Sendable {
        var changes: [Int: Int] = [:]
        var start = Int.max, end = Int.min
        var startMs = Double.infinity, endMs = -Double.infinity
        var peakRMSE = 0.0

        mutating func add(_ r: Run) {
            changes[r.tile, default: 0] += r.changes
            if r.start < start { (start, startMs) = (r.start, r.startMs) }
            if r.end > end { (end, endMs) = (r.end, r.endMs) }
        }

        mutating func merge(_ o: Region) {
            for (t, n) in o.changes { changes[t, default: 0] += n }
            if o.start < start { (start, startMs) = (o.start, o.startMs) }
            if o.end > end { (end, endMs) = (o.end, o.endMs) }
            peakRMSE = max(peakRMSE, o.peakRMSE)
        }
    }

    /// Notes the frame's whole RMSE for the lineages changing in it (a busy region's peak).
    mutating func notePeak(_ rmse: Double, active: [Int]) {
        guard rmse > 0 else { return }
        // (a max: noting a lineage once a tile is the same as once a frame, and needs no set)
        for t in active {
            let id = Int(lineage[t])
            if rmse > lineagePeak[id] { lineagePeak[id] = rmse }
        }
    }

    /// Takes the busy lineages that have stopped (all, when `closingAll`) as regions — lineages of
    /// neighbouring tiles whose times overlap are one region — and forgets what no window will ask
    /// for again: runs ending before `keepFrom` are folded into their lineage's totals (busy or
    /// still running) or dropped (a lineage that stopped without turning busy). Memory stays
    /// bounded by what is running, however long the film.
    mutating func takeEnded(keepFrom: Int, closingAll: Bool = false) -> [Region] {
        if closingAll {
            for t in running {
                close(t)
                isRunning[t] = false
            }
            running.removeAll()
        }
        let live = Set(running.map { Int(lineage[$0]) })
        var kept: [Run] = []
        var finished: [Int: Region] = [:]
        for r in ended {
            if live.contains(r.lineage) {
                // still going: fold what is behind the window into the lineage's totals
                if r.end < keepFrom { totals[r.lineage, default: Region()].add(r) } else { kept.append(r) }
            } else if isBusy(lineage: r.lineage) {
                finished[r.lineage, default: totals[r.lineage] ?? Region()].add(r)
            }
        }
        ended = kept
        for id in finished.keys {
            totals[id] = nil
            finished[id]!.peakRMSE = lineagePeak[id]
        }
        // lineages that stopped without turning busy leave nothing behind
        totals = totals.filter { live.contains($0.key) }
        guard !finished.isEmpty else { return [] }
        let ids = finished.keys.sorted()
        var sets = DisjointSets(count: ids.count)
        let boxes = ids.map { TileBox(finished[$0]!.changes.keys, columns: columns).grown(by: 1, columns: columns, rows: rows) }
        for i in ids.indices {
            for j in ids.indices where j > i && boxes[i].intersects(boxes[j])
                && finished[ids[i]]!.start <= finished[ids[j]]!.end && finished[ids[j]]!.start <= finished[ids[i]]!.end {
                sets.union(i, j)
            }
        }
        var groups: [Int: Region] = [:]
        for (i, id) in ids.enumerated() { groups[sets.find(i), default: Region()].merge(finished[id]!) }
        // (by start, and regions of one start in the order of their first lineage: a Dictionary's
        // order is its process's hash seed, so two busy regions starting together came out in
        // either order from run to run)
        return groups.sorted { $0.key < $1.key }.map(\.value).sorted { $0.start < $1.start }
    }
}

/// Which tiles busy regions hold in which frames of a window.
struct BusyHold: Sendable {
    fileprivate(set) var ranges: [Int: [ClosedRange<Int>]] = [:]

    init(ranges: [Int: [ClosedRange<Int>]] = [:]) { self.ranges = ranges }

    func holds(tile: Int, frame: Int) -> Bool {
        guard let r = ranges[tile] else { return false }
        return r.contains { $0.contains(frame) }
    }
}

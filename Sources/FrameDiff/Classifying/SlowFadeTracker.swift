/// Finds fades too slow for the change threshold: a skeleton placeholder's pulse (grey ramping in
/// 2-level steps every 2-4 frames for 800 ms) or an eased crossfade whose every frame moves a tile
/// by under `minTileShift` levels leave each frame below the threshold, so the window never opens
/// for them. What such a fade leaves is drift: each tile keeps moving one way from where it rested
/// until it rests again.
///
/// Each tile that moves by at least `slowFadeStep` levels opens a run from its mean before that
/// step; the run ends when the tile has made no such step for `stableMs`. A run is a slow-fade
/// piece when it made at least `slowFadeSteps` steps, ended at least `minTileShift` levels from
/// where it began, wandered (the sum of its steps) at most `slowFadeWander` times that distance
/// (codec flicker and a GIF's palette re-dither move a tile back and forth, a fade one way) and no
/// step of it crossed the change threshold (that change is the window's to decide). Pieces whose
/// times overlap are one fade, from the first frame of their first step to the frame of their last,
/// when at least `flashMinAreaPx` of tiles took part; a fade that overlaps a finding of the
/// window's in time and place is that finding's (the sub-threshold edges of a fade it found),
/// unless every such finding is a fade and together they cover less area than it: pieces of it
/// whose steps happened to cross the threshold (codec noise on a few tiles), which the slow fade
/// takes in, one event one finding.
///
///     var s = SlowFadeTracker(options: o); s.observe(m, board, active: tiles); s.fades(grid: g, into: &found)
struct SlowFadeTracker: Sendable {
    let options: ClassifierOptions

    private struct Run: Sendable {
        var base: SIMD3<Float>
        var mean: SIMD3<Float>
        var wander: Float
        var steps: Int
        var firstMs: Double, lastMs: Double
        var firstFrame: Int, lastFrame: Int
        var owned: Bool
        /// The largest frame RMSE on its steps.
        var peak: Double
        /// How far it ended from where it began (levels, the largest channel's).
        var net: Float { maxAbs(mean - base) }
    }

    /// A tile's moves under `slowFadeStep` but over a fifth of it, since it last held still: the
    /// eased start a run that opens right after them begins with.
    private struct Lead: Sendable {
        var base: SIMD3<Float>
        var wander: Float
        var firstMs: Double, lastMs: Double
        var firstFrame: Int
    }
    private var leads: [Lead?] = []

    /// The open run of each tile, and the tiles that have one (so a frame's check reads only those).
    private var runs: [Run?] = []
    private var open: [Int] = []
    /// The runs that ended as slow-fade pieces, with their tiles.
    private var pieces: [(tile: Int, run: Run)] = []

    init(options: ClassifierOptions) { self.options = options }

    /// The board is already updated with `m`; `active` are the tiles of its deltas that crossed
    /// the change threshold, in the deltas' order (the classifier's own list, not tested again).
    mutating func observe(_ m: FrameMeasure, _ board: TileBoard, active: [Int]) {
        if runs.count != board.picture.count {
            runs = [Run?](repeating: nil, count: board.picture.count)
            leads = [Lead?](repeating: nil, count: board.picture.count)
        }
        let stable = options.stableMs
        if !open.isEmpty {
            // (in place: a noisy film keeps most of its text tiles open)
            var kept = 0
            for k in open.indices {
                let t = open[k]
                if let r = runs[t], m.ptsMs - r.lastMs >= stable {
                    close(t, r)
                } else {
                    open[kept] = t
                    kept += 1
                }
            }
            open.removeLast(open.count - kept)
        }
        let step = Float(options.slowFadeStep), rmse = m.rmse.normalized
        var next = 0
        for d in board.deltas {
            let active = next < active.count && active[next] == d.tile
            if active { next += 1 }
            if var r = runs[d.tile] {
                r.wander += d.shift
                r.mean = d.mean
                if d.shift >= step || active {
                    r.steps += 1
                    (r.lastMs, r.lastFrame) = (m.ptsMs, m.index)
                    r.peak = max(r.peak, rmse)
                }
                r.owned = r.owned || active
                runs[d.tile] = r
            } else if d.shift >= step || active {
                var r = Run(base: d.oldMean, mean: d.mean, wander: d.shift, steps: 1, firstMs: m.ptsMs, lastMs: m.ptsMs,
                            firstFrame: m.index, lastFrame: m.index, owned: active, peak: rmse)
                // an eased start: the moves just before it went the same way
                if let l = leads[d.tile], m.ptsMs - l.lastMs < stable,
                   ((d.mean - d.oldMean) * (d.oldMean - l.base)).sum() > 0 {
                    (r.base, r.wander, r.firstMs, r.firstFrame) = (l.base, r.wander + l.wander, l.firstMs, l.firstFrame)
                }
                leads[d.tile] = nil
                runs[d.tile] = r
                open.append(d.tile)
            } else if d.shift >= step / 5 {
                if var l = leads[d.tile], m.ptsMs - l.lastMs < stable {
                    (l.wander, l.lastMs) = (l.wander + d.shift, m.ptsMs)
                    leads[d.tile] = l
                } else {
                    leads[d.tile] = Lead(base: d.oldMean, wander: d.shift, firstMs: m.ptsMs, lastMs: m.ptsMs, firstFrame: m.index)
                }
            }
        }
    }

    private mutating func close(_ t: Int, _ r: Run) {
        runs[t] = nil
        let net = r.net
        guard !r.owned, r.steps >= options.slowFadeSteps, Double(net) >= options.minTileShift,
              r.wander <= Float(options.slowFadeWander) * net else { return }
        pieces.append((t, r))
    }

    /// Adds the slow fades seen on `grid` (the film ended, or its frame size changed) to the
    /// window's `findings`: runs still open have no end yet and are no fade. The window's findings
    /// own a fade they overlap, unless all of them are fades of less area together than the slow
    /// one: then they were pieces of it, and the slow fade takes them in.
    mutating func fades(grid: TileGrid, into findings: inout [Detection]) {
        defer { (runs, leads, open, pieces) = ([], [], [], []) }
        let minTiles = ClassifierOptions.tiles(atLeast: options.flashMinAreaPx, tile: grid.tile)
        // (added after the last group: a slow fade that took in a window's fade is no window's
        // finding to the groups after it)
        var found: [Detection] = []
        var group: [Run] = [], tiles: [Int] = [], groupEndMs = -Double.infinity
        func emit() {
            defer { (group, tiles, groupEndMs) = ([], [], -Double.infinity) }
            guard group.count >= minTiles else { return }
            let first = group.min { $0.firstMs < $1.firstMs }!, last = group.max { $0.lastMs < $1.lastMs }!
            let (box, area) = grid.extent(of: tiles)
            var d = Detection(kind: .fade, startMs: first.firstMs, endMs: last.lastMs, firstFrame: first.firstFrame,
                              lastFrame: last.lastFrame, peakRMSE: group.map(\.peak).max()!, region: box, area: area)
            d.evidence = [Evidence("change", group.reduce(0) { $0 + Double($1.net) } / Double(group.count)),
                          Evidence("slow_steps", Double(group.map(\.steps).max()!)),
                          Evidence("wander", group.map { Double($0.wander / $0.net) }.max()!)]
            let held = findings.indices.filter { findings[$0].startMs <= d.endMs && d.startMs <= findings[$0].endMs && findings[$0].region.intersects(d.region) }
            if held.isEmpty {
                found.append(d)
            } else if held.allSatisfy({ findings[$0].kind == .fade }), held.reduce(0, { $0 + findings[$1].area }) < d.area {
                // (the window found a piece of it: the tiles whose steps crossed the threshold)
                let pieces = held.map { findings[$0] }
                for p in pieces {
                    if p.startMs < d.startMs { (d.startMs, d.firstFrame) = (p.startMs, p.firstFrame) }
                    if p.endMs > d.endMs { (d.endMs, d.lastFrame) = (p.endMs, p.lastFrame) }
                    d.region = d.region.union(p.region)
                    d.peakRMSE = max(d.peakRMSE, p.peakRMSE)
                }
                // (a window fade's pixels beside the slow fade's tiles, counted by its box: it has no tiles)
                let shown = tiles.map { grid.toDisplay(grid.tileRect($0)) }
                let beside = pieces.reduce(0) { sum, p in sum + Double(p.region.area) - Double(shown.reduce(0) { $0 + p.region.intersection($1).area }) }
                d.area = min(1, d.area + max(0, beside) / Double(max(1, grid.storedWidth * grid.storedHeight)))
                if debugClassifier { debugLine("slow fade \(d.startMs)-\(d.endMs): takes in \(held.count) fade(s) of the window's") }
                for i in held.reversed() { findings.remove(at: i) }
                found.append(d)
            } else if debugClassifier {
                debugLine("slow fade \(d.startMs)-\(d.endMs): a finding of the window's holds it")
            }
        }
        for p in pieces.sorted(by: { ($0.run.firstMs, $0.tile) < ($1.run.firstMs, $1.tile) }) {
            if p.run.firstMs > groupEndMs { emit() }
            group.append(p.run)
            tiles.append(p.tile)
            groupEndMs = max(groupEndMs, p.run.lastMs)
        }
        emit()
        findings += found
    }
}

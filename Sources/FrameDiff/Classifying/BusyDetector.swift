/// Regions that never stop changing (a counter, a spinner, a progress bar, a playing video),
/// followed frame by frame as lineages (`BusyTracker`). First of the detectors: a busy region
/// claims its tiles in the frames it holds them, so it neither keeps the window open nor takes
/// part in the transitions around it, and each region that stopped is one motion over its whole
/// run, however many windows it spanned.
///
///     var busy = BusyDetector(options: o); busy.begin(first); let held = busy.observe(next)
struct BusyDetector: Detector {
    let options: ClassifierOptions
    private var tracker: BusyTracker

    init(options: ClassifierOptions) {
        self.options = options
        tracker = BusyTracker(tiles: 0, columns: 1, tile: 16, options: options)  // (no frame yet)
    }

    mutating func begin(_ frame: Observation) {
        let g = frame.grid
        tracker = BusyTracker(tiles: g.count, columns: g.columns, tile: g.tile, options: options)
    }

    mutating func observe(_ frame: Observation) -> Int {
        tracker.update(frame: frame.index, ptsMs: frame.ptsMs, active: frame.active)
        tracker.notePeak(frame.measure.rmse.normalized, active: frame.active)
        return frame.active.reduce(0) { $0 + (tracker.isBusy($1) ? 1 : 0) }
    }

    mutating func decide(_ window: DecisionWindow, claims: inout Claims) {
        claims.claimBusy(tracker.held(from: window.first, to: window.last))
    }

    /// Every window, decided or not: the regions that stopped are findings, and what no later
    /// window will ask about is folded into the regions still running.
    mutating func settle(_ window: DecisionWindow, claims: Claims, into findings: inout [Detection]) {
        for region in tracker.takeEnded(keepFrom: window.keepFrom, closingAll: window.closing) {
            findings.append(finding(region, grid: window.grid))
        }
    }

    /// A region that kept changing, as one motion over its whole run.
    private func finding(_ region: BusyTracker.Region, grid: TileGrid) -> Detection {
        // (a tile the region touched now and then, at cuts beside it, is not part of it: its own
        // tiles change in at least one frame of twelve, a counter's tens digit in one of ten)
        let span = Double(region.end - region.start + 1)
        let own = region.changes.filter { Double($0.value) >= options.busyOwnShare * span }.keys
        let tiles = own.isEmpty ? Set(region.changes.keys) : Set(own)
        let (box, area) = grid.extent(of: tiles)
        var f = Detection(kind: .motion, startMs: region.startMs, endMs: region.endMs, firstFrame: region.start, lastFrame: region.end,
                          peakRMSE: region.peakRMSE, region: box, area: area)
        f.busy = true
        f.busyTiles = tiles.sorted().map { grid.toDisplay(grid.tileRect($0)) }
        f.evidence = [Evidence("busy", 1)]
        return f
    }
}

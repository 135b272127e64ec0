import Foundation

/// FRAMEDIFF_DEBUG=1 prints every transition candidate and fill, and what became of it, to stderr
/// (to tune rules against films).
let debugClassifier = ProcessInfo.processInfo.environment["FRAMEDIFF_DEBUG"] != nil

func debugLine(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }

/// Turns the stream of frame measures into findings: cut, fade, flash, blank, motion.
///
/// Frames are kept in a window from the last stable picture until the film has been still for
/// `max(stableMs, longestBlankMs)`; then the window is decided, each decision by its own part:
/// 1. a tile changed in a frame when its delta exceeds the noise-relative threshold
///    (`ChangeThreshold`); tiles a busy region holds (`BusyTracker`) take no part;
/// 2. fills that came and went (`FillTracker`) become blanks or placeholder flashes
///    (`FlatEventFinder`), which explain the changes at their start and end;
/// 3. the remaining changes are cut into transitions in time and space (`TransitionFinder`), each
///    timed against its old and new state and named cut, fade or motion (`TransitionJudge`);
/// 4. busy regions that stopped are one motion each.
///
/// The classifier owns the analysis's one `TileBoard`; posture inference reads it after `add`.
///
///     let c = Classifier(options: ClassifierOptions())
///     try scanFilm(source) { c.add($0) }
///     let findings = c.finish()
public final class Classifier {
    public let options: ClassifierOptions
    /// The picture at tile resolution after the last `add`.
    public private(set) var board: TileBoard
    private var threshold: ChangeThreshold
    private var findings: [Detection] = []
    /// The frame period assumed before two frames have been seen (60 fps).
    static let assumedPeriodMs = 1000.0 / 60
    private var grid = TileGrid(storedWidth: 0, storedHeight: 0, tile: 16)
    private var fills: FillTracker
    private var busy: BusyTracker
    private var window = ClassifierWindow()
    private var lastActiveMs: Double?
    /// The last window position at which the picture had held still for `stableMs`.
    private var quietPosition: Int?
    /// The shortest gap between two frames so far: the film's frame period.
    private var periodMs = Double.infinity
    /// Called for every frame with what the classifier saw (the `--stats` CSV).
    public var onStats: ((FrameStats) -> Void)?
    /// Called for every frame with its step, what the hitch detector reads (cheaper than `onStats`).
    public var onStep: ((HitchFinder.Sample) -> Void)?

    public init(options: ClassifierOptions = ClassifierOptions()) {
        self.options = options
        board = TileBoard(options: options)
        threshold = ChangeThreshold(options: options)
        fills = FillTracker(tiles: 0, options: options)
        busy = BusyTracker(tiles: 0, columns: 1, tile: 16, options: options)  // (no frame yet)
    }

    /// Levels of mean-colour shift above which a tile counts as changed, from the noise floor so far.
    public var shiftThreshold: Double { threshold.shift }
    /// 0-1 tile RMSE above which a tile counts as changed, from the noise floor so far.
    public var tileThreshold: Double { threshold.rmse }
    /// The film's noise floor: typical tile RMSE (0-1) of frames where nothing happens.
    public var noiseFloor: Double { threshold.noiseFloor }

    public func add(_ m: FrameMeasure) {
        if let last = window.last?.ptsMs, m.ptsMs > last { periodMs = min(periodMs, m.ptsMs - last) }
        if window.isEmpty || m.complete {
            // (the window is decided on the board of its own frame size, before the new size's first frame)
            flush(closing: true)
            board.update(m)
            if m.resized {
                let full = Rect(x: 0, y: 0, w: m.grid.displayWidth, h: m.grid.displayHeight)
                findings.append(Detection(kind: .cut, startMs: m.ptsMs, endMs: m.ptsMs, firstFrame: m.index,
                                        lastFrame: m.index, peakRMSE: m.rmse.normalized, region: full, area: 1))
            }
            grid = m.grid
            fills = FillTracker(tiles: grid.count, options: options)
            busy = BusyTracker(tiles: grid.count, columns: grid.columns, tile: grid.tile, options: options)
            fills.update(frame: m.index, ptsMs: m.ptsMs, board: board, isActive: threshold.test())
            window.reset(frame(m, changes: []))
            lastActiveMs = nil
            report(m, active: 0)
            return
        }
        board.update(m)
        threshold.learn(board.deltas, tiles: board.tiles)
        let test = threshold.test()
        fills.update(frame: m.index, ptsMs: m.ptsMs, board: board, isActive: test)
        let active = board.deltas.filter { test($0.shift, $0.rmse) }.map(\.tile)
        busy.update(frame: m.index, ptsMs: m.ptsMs, active: active)
        busy.notePeak(m.rmse.normalized, active: active)
        // a busy region does not keep the window open
        let counting = active.reduce(0) { $0 + (busy.isBusy($1) ? 0 : 1) }
        let still = max(options.stableMs, options.longestBlankMs)
        if counting > 0, let last = lastActiveMs, m.ptsMs - last >= still { flush() }
        // the picture held still from the last frame until now (a VFR film writes no frames meanwhile)
        if let last = lastActiveMs, m.ptsMs - last >= options.stableMs { quietPosition = window.count - 1 }
        window.append(frame(m, changes: board.deltas.map { .init(tile: $0.tile, rmse: $0.rmse, shift: $0.shift) }))
        if counting > 0 {
            lastActiveMs = m.ptsMs
        } else if let last = lastActiveMs, m.ptsMs - last >= still {
            flush()
        } else if let last = lastActiveMs, m.ptsMs - last >= options.stableMs {
            quietPosition = window.count - 1
        } else if lastActiveMs == nil, window.count > 1 {
            // Nothing is happening: keep only the recent frames, where the eased start of a slow
            // crossfade (each step under the threshold) may already be under way.
            let keep = window.position(atLeast: options.idleKeepFactor * options.stableMs, before: window.count - 1)
            if keep > 0 { window.removeFirst(keep) }
        }
        // (the window's first frame is the picture before it all, however long it was held)
        if window.count > 1, m.ptsMs - window[1].ptsMs > options.maxTransitionMs || window.count > options.maxTransitionFrames {
            // decide up to the last moment the picture held still, so no transition is cut in two
            // (a quiet point at the window's first frame leaves nothing to decide before it)
            if let q = quietPosition, q > 0 { flush(through: q) } else { flush() }
        }
        report(m, active: active.count)
    }

    /// Classifies what is left and returns every finding in time order.
    public func finish() -> [Detection] {
        flush(closing: true)
        return Self.joined(findings).sorted { ($0.startMs, $0.kind.rawValue) < ($1.startMs, $1.kind.rawValue) }
    }

    /// Findings of one kind over the same first and last frame are one event for the user (DESIGN.md):
    /// one finding whose `regions` lists each part, timed as they are, described by its largest part.
    static func joined(_ findings: [Detection]) -> [Detection] {
        struct Key: Hashable { var kind: FindingKind, first: Int, last: Int }
        var groups: [Key: [Detection]] = [:]
        var order: [Key] = []
        for f in findings {
            let k = Key(kind: f.kind, first: f.firstFrame, last: f.lastFrame)
            if groups[k] == nil { order.append(k) }
            groups[k, default: []].append(f)
        }
        return order.map { k in
            let parts = groups[k]!
            guard parts.count > 1 else { return parts[0] }
            var one = parts.max { ($0.area, $1.region.y, $1.region.x) < ($1.area, $0.region.y, $0.region.x) }!
            one.regions = parts.map(\.region).sorted { ($0.y, $0.x, $0.w, $0.h) < ($1.y, $1.x, $1.w, $1.h) }
            one.region = parts.dropFirst().reduce(parts[0].region) { $0.union($1.region) }
            // (the parts are disjoint tile sets: separate spatial groups, separate flat patches)
            one.area = min(1, parts.reduce(0) { $0 + $1.area })
            one.peakRMSE = parts.map(\.peakRMSE).max()!
            return one
        }
    }

    private func frame(_ m: FrameMeasure, changes: [ClassifierWindow.Change]) -> ClassifierWindow.Frame {
        ClassifierWindow.Frame(index: m.index, ptsMs: m.ptsMs, rmse: m.rmse.normalized, changes: changes, thumb: board.picture)
    }

    private func report(_ m: FrameMeasure, active: Int) {
        let tiles = Double(max(1, board.tiles))
        onStep?(HitchFinder.Sample(frame: m.index, ptsMs: m.ptsMs, rmse: m.rmse.normalized, changedShare: Double(active) / tiles,
                                   noiseFloor: threshold.noiseFloor))
        // (the full row scans the frame's deltas twice: only when --stats asks for it)
        guard let onStats else { return }
        onStats(FrameStats(frame: m.index, ptsMs: m.ptsMs, rmse: m.rmse.normalized, changedShare: Double(active) / tiles,
                           flatShare: Double(board.flat) / tiles, maxTileRMSE: Double(board.deltas.map(\.rmse).max() ?? 0),
                           maxMeanShift: m.complete ? 0 : Double(board.deltas.map(\.shift).max() ?? 0),
                           noiseFloor: threshold.noiseFloor, threshold: threshold.rmse))
    }

    // MARK: - deciding a window

    /// Decides the window (or its frames up to position `q`, keeping the rest for later).
    private func flush(closing: Bool = false, through q: Int? = nil) {
        guard let firstFrame = window.first, let lastFrame = window.last else { return }
        if debugClassifier { debugLine("decide \(firstFrame.ptsMs)-\(lastFrame.ptsMs)\(q.map { " through position \($0)" } ?? "")") }
        let part = q.map { window.prefix($0 + 1) } ?? window
        let first = firstFrame.index, last = part.last?.index ?? lastFrame.index
        let hold = busy.held(from: first, to: last)
        if part.count > 1 { decide(part, first: first, last: last, hold: hold) }
        fills.drop(through: last)
        // (what the next window starts from: the frame kept, or the window's last)
        for region in busy.takeEnded(keepFrom: q.map { window[$0].index } ?? last, closingAll: closing) {
            findings.append(busyFinding(region))
        }
        quietPosition = nil
        if let q {
            window.removeFirst(q)
        } else {
            window.keepLast()
            lastActiveMs = nil
        }
    }

    /// A transition decided in a window: its kind, window positions, tiles and box.
    private struct Decided {
        var kind: FindingKind
        var start: Int, end: Int
        var tiles: [Int]
        var evidence: [Evidence]
        /// The change's size (levels), as `TransitionJudge.Result.change`.
        var change: Double
        var box: TileBox
    }

    /// The flat events of a window: the findings, and the blanks that separate the states around
    /// them (what they explain is in the window's `Claims`).
    private struct FlatDecisions {
        var blanks: [(from: Int, to: Int, change: Double)] = []
        var findings: [(finding: Detection, event: FlatEventFinder.Event)] = []
    }

    /// Decides the window from its first frame to `last`, each decision claiming the changes it
    /// explains (`Claims`): busy regions (held before), blanks and placeholders, then the
    /// transitions between states in what is left, then the findings.
    private func decide(_ window: ClassifierWindow, first: Int, last: Int, hold: BusyHold) {
        var claims = Claims(window, first: first, test: threshold.test(), busy: hold, columns: grid.columns)
        let period = periodMs.isFinite ? periodMs : Self.assumedPeriodMs
        let flat = flatEvents(window, last: last, period: period, claims: &claims)
        let decided = transitions(window, period: period, claims: &claims, flat: flat)
        for d in decided { findings.append(finding(d.kind, from: d.start, to: d.end, tiles: d.tiles, evidence: d.evidence, in: window)) }
        // A flat patch passing by inside a slide or a fade that runs on either side of it is the
        // motion's, not a placeholder.
        for (f, e) in flat.findings {
            let grown = e.box.grown(by: 1, columns: grid.columns, rows: grid.rows)
            if e.kind == .flash && claims.runsAcross(e.start...e.end, box: grown) { continue }
            findings.append(f)
        }
    }

    /// Placeholders and blanks of the window: a blank claims its frames, a placeholder its tiles
    /// (and the ring around them) while it shows.
    private func flatEvents(_ window: ClassifierWindow, last: Int, period: Double, claims: inout Claims) -> FlatDecisions {
        let finder = FlatEventFinder(options: options, grid: grid, tiles: board.tiles, pauseMs: options.pauseMs(periodMs: period))
        var out = FlatDecisions()
        for e in finder.events(fills.ended, through: last, window: window, claims: &claims) {
            if e.kind == .blank {
                out.blanks.append((e.start, e.end, e.contrastOut))
            } else {
                claims.claim(e.box.grown(by: 1, columns: grid.columns, rows: grid.rows), frames: e.start...e.end)
            }
            var f = finding(e.kind, from: e.start, to: e.end, tiles: e.tiles, evidence: e.evidence, in: window)
            let c = e.colour.rounded(.toNearestOrAwayFromZero)
            f.colour = SIMD3(UInt8(clamping: Int(c.x)), UInt8(clamping: Int(c.y)), UInt8(clamping: Int(c.z)))
            out.findings.append((f, e))
        }
        return out
    }

    /// The window's transitions, each judged between the states around it: bounded by the
    /// transitions decided before it in the same place, the next ones there, and the blanks.
    private func transitions(_ window: ClassifierWindow, period: Double, claims: inout Claims, flat: FlatDecisions) -> [Decided] {
        let active = claims.free
        let candidates = TransitionFinder(options: options, grid: grid, periodMs: period).transitions(active, window: window)
        let judge = TransitionJudge(options: options, grid: grid, shift: threshold.shift, rmse: threshold.rmse)
        let cols = grid.columns
        let boxes = candidates.map { TileBox($0.tiles, columns: cols).grown(by: 1, columns: cols, rows: grid.rows) }
        var decided: [Decided] = []
        for (i, c) in candidates.enumerated() {
            var lo = 0, hi = window.count - 1
            var previousChange = 0.0  // how big the change that ended at `lo` was (levels)
            for d in decided where d.box.grown(by: 1, columns: cols, rows: grid.rows).intersects(boxes[i]) && d.end <= c.a {
                if d.end >= lo { (lo, previousChange) = (d.end, d.change) }
            }
            for (j, o) in candidates.enumerated() where o.a > c.b && boxes[j].intersects(boxes[i]) { hi = min(hi, o.a - 1) }
            for b in flat.blanks {
                if b.to <= c.a, b.to >= lo { (lo, previousChange) = (b.to, b.change) }
                if b.from > c.b { hi = min(hi, b.from - 1) }
            }
            let judged = judge.judge(c, window: window, bounds: (lo, hi), excluded: { [claims] t, k in claims.explains(tile: t, at: k) })
            if debugClassifier {
                let shown = c.frames.prefix(3).map { k in active[k].prefix(8).map { "\($0 % cols),\($0 / cols)" }.joined(separator: " ") }
                debugLine("candidate \(window.ms(c.a))-\(window.ms(c.b)) frames \(c.frames.count) tiles \(c.tiles.count) [\(shown.joined(separator: " | "))] bounds \(lo)-\(hi) -> \(judged.map { "\($0.kind) \(window.ms($0.start))-\(window.ms($0.end))" } ?? "none")")
            }
            guard let r = judged else { continue }
            // The encoder settling after a big change (a low bitrate refines the new picture over
            // a few hundred ms) moves a little and soon: no finding of its own.
            if r.kind != .cut, window.ms(r.start) - window.ms(lo) < options.stableMs, r.change < options.encoderSettleShare * previousChange {
                continue
            }
            merge(r, into: &decided)
        }
        for d in decided where d.kind == .motion || d.kind == .fade { claims.claimMoving(d.box, frames: d.start...d.end) }
        return decided
    }

    /// Adds a judged transition, or merges it into a piece of the same change: the same times, or
    /// mostly the same times with one inside the other (a slow fade's faint corners) are one
    /// finding, timed by the larger.
    private func merge(_ r: TransitionJudge.Result, into decided: inout [Decided]) {
        let cols = grid.columns
        let box = TileBox(r.tiles, columns: cols)
        func together(_ d: Decided) -> Bool {
            guard d.kind == r.kind else { return false }
            if d.start == r.start && d.end == r.end { return true }
            let overlap = min(d.end, r.end) - max(d.start, r.start), shorter = min(d.end - d.start, r.end - r.start)
            let (a, b) = (d.box.grown(by: 1, columns: cols, rows: grid.rows), box.grown(by: 1, columns: cols, rows: grid.rows))
            return shorter > 0 && Double(overlap) >= options.pieceOverlap * Double(shorter) && (a.contains(b) || b.contains(a))
        }
        guard let same = decided.firstIndex(where: together) else {
            decided.append(Decided(kind: r.kind, start: r.start, end: r.end, tiles: r.tiles, evidence: r.evidence, change: r.change, box: box))
            return
        }
        if r.tiles.count > decided[same].tiles.count {
            (decided[same].start, decided[same].end, decided[same].evidence, decided[same].change) = (r.start, r.end, r.evidence, r.change)
        }
        decided[same].tiles = Array(Set(decided[same].tiles).union(r.tiles)).sorted()
        decided[same].box = TileBox(decided[same].tiles, columns: cols)
    }

    /// A finding from window positions `a` to `b`.
    private func finding(_ kind: FindingKind, from a: Int, to b: Int, tiles: [Int], evidence: [Evidence],
                         in window: ClassifierWindow) -> Detection {
        let (region, area) = extent(of: tiles)
        let peak = (a...b).map { window[$0].rmse }.max() ?? 0
        var f = Detection(kind: kind, startMs: window.ms(a), endMs: window.ms(b), firstFrame: window[a].index,
                        lastFrame: window[b].index, peakRMSE: peak, region: region, area: area)
        f.evidence = evidence
        return f
    }

    /// A region that kept changing, as one motion over its whole run.
    private func busyFinding(_ region: BusyTracker.Region) -> Detection {
        // (a tile the region touched now and then, at cuts beside it, is not part of it: its own
        // tiles change in at least one frame of twelve, a counter's tens digit in one of ten)
        let span = Double(region.end - region.start + 1)
        let own = region.changes.filter { Double($0.value) >= options.busyOwnShare * span }.keys
        let (box, area) = extent(of: own.isEmpty ? Set(region.changes.keys) : Set(own))
        var f = Detection(kind: .motion, startMs: region.startMs, endMs: region.endMs, firstFrame: region.start, lastFrame: region.end,
                        peakRMSE: region.peakRMSE, region: box, area: area)
        f.evidence = [Evidence("busy", 1)]
        return f
    }

    /// Bounding box (displayed pixels) and share of the frame of a set of tiles.
    private func extent<Tiles: Sequence>(of tiles: Tiles) -> (Rect, Double) where Tiles.Element == Int {
        var box = Rect(x: 0, y: 0, w: 0, h: 0)
        var pixels = 0
        for t in tiles {
            let r = grid.tileRect(t)
            box = box.union(r)
            pixels += r.area
        }
        return (grid.toDisplay(box), Double(pixels) / Double(max(1, grid.storedWidth * grid.storedHeight)))
    }
}

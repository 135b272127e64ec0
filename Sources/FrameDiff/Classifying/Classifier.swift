import Foundation

/// FRAMEDIFF_DEBUG=1 prints every transition candidate and fill, and what became of it, to stderr
/// (to tune rules against films).
let debugClassifier = ProcessInfo.processInfo.environment["FRAMEDIFF_DEBUG"] != nil

func debugLine(_ s: String) { FileHandle.standardError.write(Data((s + "\n").utf8)) }

/// Turns the stream of frame measures into findings: cut, fade, flash, blank, motion.
///
/// Each frame updates the one `TileBoard` (the picture at tile resolution and each tile's flat
/// fills), teaches the noise-relative change threshold (`ChangeThreshold`) and is observed by the
/// detectors. Frames are kept in a window from the last stable picture until the film has been
/// still for `max(stableMs, longestBlankMs)`; then the window is decided by the detectors, in the
/// order of `detectors`, each claiming the changed cells it explains (`Claims`):
/// 1. `BusyDetector`: regions that never stop changing (they do not keep the window open either);
/// 2. `BlankDetector`: blank pages, from the fills that came and went (`FillGroups`);
/// 3. `FlashDetector`: placeholders, on the changes left;
/// 4. `TransitionDetector`: what is left, cut into transitions and named cut, fade or motion.
/// Then each turns what it decided into findings, in the reverse order (a placeholder that a
/// motion runs across is the motion's).
///
/// Beside the window, `SlowFadeTracker` follows every frame for fades too slow for the change
/// threshold; its fades join the findings where no finding of the window's holds them (a smaller
/// fade of the window's over the same tiles is a piece of one, which it takes in).
///
/// Posture inference reads the classifier's board after `add`.
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
    private var detectors: [any Detector]
    private var slow: SlowFadeTracker
    private var window = ClassifierWindow()
    private var lastActiveMs: Double?
    /// The film's first frame's pts (a moving page begins after it, `BroadBusy`).
    private var firstMs: Double?
    /// The gaps between visibly changing frames: how fast the content is drawn.
    private var cadence: DrawnCadence
    /// The last window position at which the picture had held still for `stableMs`.
    private var quietPosition: Int?
    /// Since when a window grown to its longest has waited for a quiet point that no placeholder
    /// or blank shows across.
    private var waitingSinceMs: Double?
    /// The shortest gap between two frames so far: the film's frame period (infinite before two frames).
    public private(set) var periodMs = Double.infinity
    /// Called for every frame with what the classifier saw (the `--stats` CSV).
    public var onStats: ((FrameStats) -> Void)?
    /// Called for every frame with its step, what the hitch detector reads (cheaper than `onStats`).
    public var onStep: ((HitchFinder.Sample) -> Void)?

    public init(options: ClassifierOptions = ClassifierOptions()) {
        self.options = options
        board = TileBoard(options: options)
        threshold = ChangeThreshold(options: options)
        detectors = Self.detectors(options)
        slow = SlowFadeTracker(options: options)
        cadence = DrawnCadence(options: options)
    }

    /// A classifier running only `detectors`, in their order (a test of one detector, or of the
    /// claims they hand each other). Without `TransitionDetector` a new frame size is no cut.
    init(options: ClassifierOptions, detectors: [any Detector]) {
        self.options = options
        board = TileBoard(options: options)
        threshold = ChangeThreshold(options: options)
        self.detectors = detectors
        slow = SlowFadeTracker(options: options)
        cadence = DrawnCadence(options: options)
    }

    /// The detectors in the order they decide a window: each sees the cells the ones before it
    /// left unclaimed. Their findings settle in the reverse order.
    static func detectors(_ options: ClassifierOptions) -> [any Detector] {
        [BusyDetector(options: options), BlankDetector(), FlashDetector(), TransitionDetector()]
    }

    /// Levels of mean-colour shift above which a tile counts as changed, from the noise floor so far.
    public var shiftThreshold: Double { threshold.shift }
    /// 0-1 tile RMSE above which a tile counts as changed, from the noise floor so far.
    public var tileThreshold: Double { threshold.rmse }
    /// The film's noise floor: typical tile RMSE (0-1) of frames where nothing happens.
    public var noiseFloor: Double { threshold.noiseFloor }
    /// 0-1 tile RMSE a tile's change must pass to be more than the film's noise (`noiseFactor`
    /// times the floor; 0 before the floor is known or in a film without noise).
    public var noiseThreshold: Double { threshold.noise }

    public func add(_ m: FrameMeasure) {
        if let last = window.last?.ptsMs, m.ptsMs > last { periodMs = min(periodMs, m.ptsMs - last) }
        if window.isEmpty || m.complete {
            // (the window is decided on the board of its own frame size, before the new size's first frame)
            decideAll()
            firstMs = firstMs ?? m.ptsMs
            board.update(m)
            grid = m.grid
            let test = threshold.test()
            board.followFills(frame: m.index, ptsMs: m.ptsMs, visible: board.deltas.map { test($0.shift, $0.rmse) })
            let seen = Observation(measure: m, active: [])
            for i in detectors.indices { detectors[i].begin(seen) }
            window.reset(frame(m, changes: []))
            lastActiveMs = nil
            report(m, active: 0)
            return
        }
        board.update(m)
        threshold.learn(board.deltas, tiles: board.tiles)
        let test = threshold.test()
        // (each delta tested once: the fills and the window read the same flags)
        let visible = board.deltas.map { test($0.shift, $0.rmse) }
        board.followFills(frame: m.index, ptsMs: m.ptsMs, visible: visible)
        let active = zip(board.deltas, visible).compactMap { $1 ? $0.tile : nil }
        slow.observe(m, board, active: active)
        let seen = Observation(measure: m, active: active)
        var held = 0
        for i in detectors.indices { held += detectors[i].observe(seen) }
        // a busy region does not keep the window open
        let counting = active.count - held
        let still = max(options.stableMs, options.longestBlankMs)
        if counting > 0, let last = lastActiveMs, m.ptsMs - last >= still { flush() }
        // the picture held still from the last frame until now (a VFR film writes no frames meanwhile)
        if let last = lastActiveMs, m.ptsMs - last >= options.stableMs { quietPosition = window.count - 1 }
        // (each frame keeps the cadence as it stood when it came: a window is decided a second after
        // its last change, and gaps seen meanwhile would judge a change by what followed it)
        if counting > 0, let last = lastActiveMs { cadence.add(gapMs: m.ptsMs - last) }
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
            // (a quiet point at the window's first frame leaves nothing to decide before it)...
            if let q = quietPosition, q > 0 {
                // ...nor a placeholder or a blank showing on that still picture: wait for a quiet
                // point past it, as long as a blank may last (a mirrored page load's two
                // placeholders, 2753-3102 ms, were cut at 2900 and judged by neither window)
                let waited = m.ptsMs - (waitingSinceMs ?? m.ptsMs)
                if waited <= options.longestBlankMs, board.fills.spans(window[q].index, after: window[0].index, nowMs: m.ptsMs) {
                    waitingSinceMs = waitingSinceMs ?? m.ptsMs
                } else {
                    flush(through: q)
                }
            } else {
                flush()
            }
        }
        report(m, active: active.count)
    }

    /// Classifies what is left and returns every finding in time order.
    public func finish() -> [Detection] {
        decideAll()
        let scrolls = BroadBusy(options: options, firstMs: firstMs ?? 0)
        return Self.joined(scrolls.absorbing(LongBlanks(options: options).merged(findings))).sorted { ($0.startMs, $0.kind.rawValue) < ($1.startMs, $1.kind.rawValue) }
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
        var peakShift: Float = 0, peakRMSE: Float = 0
        for c in changes { (peakShift, peakRMSE) = (max(peakShift, c.shift), max(peakRMSE, c.rmse)) }
        return ClassifierWindow.Frame(index: m.index, ptsMs: m.ptsMs, rmse: m.rmse.normalized, changes: changes, thumb: board.picture,
                                      cadenceMs: cadence.cadenceMs, peakShift: peakShift, peakRMSE: peakRMSE)
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

    /// Decides everything seen on this frame size: the window, then the slow fades beside it
    /// (which yield to the window's findings, or take in its smaller fades).
    private func decideAll() {
        flush(closing: true)
        slow.fades(grid: grid, into: &findings)
    }

    /// Decides the window (or its frames up to position `q`, keeping the rest for later): each
    /// detector decides in order, claiming what it explains, then each settles in reverse.
    private func flush(closing: Bool = false, through q: Int? = nil) {
        guard let firstFrame = window.first, let lastFrame = window.last else { return }
        if debugClassifier { debugLine("decide \(firstFrame.ptsMs)-\(lastFrame.ptsMs)\(q.map { " through position \($0)" } ?? "")") }
        let part = q.map { window.prefix($0 + 1) } ?? window
        let last = part.last?.index ?? lastFrame.index
        // (what the next window starts from: the frame kept, or the window's last)
        // (the window is let go before its fills are dropped: the tracker's lists are then its own
        // and are trimmed in place, not copied)
        do {
            let decision = DecisionWindow(part, keepFrom: q.map { window[$0].index } ?? last, closing: closing, options: options, grid: grid,
                                          tiles: board.tiles, periodMs: periodMs.isFinite ? periodMs : Self.assumedPeriodMs,
                                          threshold: threshold, fills: board.fills.ended, held: board.fills.held)
            var claims = Claims(part, first: firstFrame.index, test: threshold.test(), columns: grid.columns)
            if decision.decidable {
                for i in detectors.indices { detectors[i].decide(decision, claims: &claims) }
            }
            for i in detectors.indices.reversed() { detectors[i].settle(decision, claims: claims, into: &findings) }
        }
        board.dropFills(through: last, ms: part.last?.ptsMs ?? lastFrame.ptsMs)
        quietPosition = nil
        waitingSinceMs = nil
        if let q {
            window.removeFirst(q)
        } else {
            window.keepLast()
            lastActiveMs = nil
        }
    }
}

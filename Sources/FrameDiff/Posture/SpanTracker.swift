/// Finds an app window spanned across, or unspanned from, both screens of a dual-screen device in
/// a capture of fixed size that shows the two screens side by side (a Surface Duo or its emulator).
///
/// Such a capture has a hinge: a dark vertical band in the middle of the frame, between two
/// brighter screens, in nearly every frame where the screens are lit; its tiles are black or split
/// between black and a screen (a tablet app's gutter between two panes is a flat grey). Spanning is the system's
/// animation: the window shrinks into a card that is dragged across the hinge, both screens dim,
/// then both go black for a moment (580-670 ms in the emulator), the wallpaper fades in, and the
/// app comes back laid out over both screens; one screen keeps what it showed (the app's own
/// pane), the other changes (the launcher becomes the app's second pane). A fade to black and
/// back, a video or an app restart change both screens or neither; a capture with no hinge has no
/// span. Stacked screens (a horizontal hinge) are not looked for: their app bar test is unknown.
///
/// A run of frames changing visibly (`broadShare` of the tiles past the classifier's threshold,
/// frames at most `spanGapMs` apart, `spanMaxMs` at most) in which both screens are black
/// (`spanDarkShare` of each screen's tiles under `spanDarkLevel`) for `spanBlackMs`, after
/// `spanDragMs` of change before they first went black (the window dragged), is a span when
/// one screen ends within `spanKeepLevels` of where it began and the other at least
/// `spanChangeLevels` away. The app's bar under the status bar then runs across both screens
/// (open) or no longer does (close): of the tile rows 1-5, more or fewer have the same colour on
/// both sides afterwards (within twice `barTolerance`). Undecided is no event. Masked tiles
/// (`--mask`) take no part.
///
///     var t = SpanTracker(options: o); t.add(m, board, shift: 6); let spans = t.spans()
struct SpanTracker: Sendable {
    let options: PostureInferenceOptions

    /// A span (`open`) or an unspan (`close`), with what showed it for the report's evidence.
    struct Span: Sendable {
        var kind: PostureEvent.Kind
        var startMs: Double
        var endMs: Double
        var evidence: [Evidence]
    }

    /// A run of visible change with a blackout in it, judged at the end of its capture, once the
    /// hinge is known: the pictures before and after it, and the last black one.
    private struct Candidate: Sendable {
        var startMs: Double, endMs: Double
        var before: Thumbnail, after: Thumbnail, black: Thumbnail
        var blackMs: Double
        /// How long the screens changed before they first went black (the window dragged).
        var draggedMs: Double
    }

    /// The run of visible change under way (a span animation, if a blackout comes in it).
    private struct Run: Sendable {
        var startMs: Double, lastMs: Double
        var before: Thumbnail, after: Thumbnail
        var blackSinceMs: Double?
        var blackMs: Double = 0
        var lastBlack: Thumbnail?
        var firstBlackMs: Double?
    }

    /// One capture (a frame size): its grid, which tiles are measured, and the hinge samples.
    private struct Capture: Sendable {
        var grid: TileGrid
        var unmasked: [Bool]
        var measured: Int
        var candidates: [Candidate] = []
        /// Hinge samples: how many, how many lit, how often the band was seen at each column.
        var sampled = 0, lit = 0
        var seen: [Int]
    }

    private var capture: Capture?
    private var found: [Span] = []
    private var previous: Thumbnail?
    private var run: Run?
    private var nextSampleMs = -Double.infinity
    /// NB: twice a second, every column's median and the whole frame's, cost 0.7% of the main job
    /// on the second bench film; once a second, over the middle columns only, a fifth of that.
    static let hingeSampleMs = 1_000.0

    init(options: PostureInferenceOptions = PostureInferenceOptions()) { self.options = options }

    /// `shift`: levels of mean shift that count as a visible change (the classifier's threshold).
    mutating func add(_ m: FrameMeasure, _ board: TileBoard, shift: Double) {
        defer { previous = board.picture }
        if m.complete {
            // a new frame size is another capture: what the last one showed is judged on its own hinge
            finishCapture()
            var unmasked = [Bool](repeating: false, count: board.grid.count)
            for c in m.changes where c.index < unmasked.count { unmasked[c.index] = true }
            capture = Capture(grid: board.grid, unmasked: unmasked, measured: unmasked.reduce(0) { $0 + ($1 ? 1 : 0) },
                              seen: [Int](repeating: 0, count: board.grid.columns))
            // (the first picture too: a capture written on change may have none other before the span)
            sampleHinge(board.picture)
            nextSampleMs = m.ptsMs + Self.hingeSampleMs
            return
        }
        guard capture != nil else { return }
        let s = Float(shift)
        let visible = board.deltas.reduce(0) { $0 + ($1.shift > s ? 1 : 0) }
        let broad = options.broad(visible, of: board.tiles)
        // (not while a run of change goes on: the span animation drags the window's card over the
        // hinge, and in a short capture that one sample of five kept the hinge under its share)
        if m.ptsMs >= nextSampleMs, run == nil, !broad {
            sampleHinge(board.picture)
            nextSampleMs = m.ptsMs + Self.hingeSampleMs
        }
        // (a blackout holds the run open: a GIF writes no frame while the screens stay black)
        if let r = run, (r.blackSinceMs == nil && m.ptsMs - r.lastMs > options.spanGapMs) || m.ptsMs - r.startMs > options.spanMaxMs {
            close(r)
            run = nil
        }
        guard broad || run != nil, !board.deltas.isEmpty else { return }
        var r = run ?? Run(startMs: m.ptsMs, lastMs: m.ptsMs, before: previous ?? board.picture, after: board.picture)
        if broad {
            r.lastMs = m.ptsMs
            r.after = board.picture
        }
        if black(board.picture) {
            r.blackSinceMs = r.blackSinceMs ?? m.ptsMs
            r.firstBlackMs = r.firstBlackMs ?? m.ptsMs
            r.lastBlack = board.picture
        } else if let since = r.blackSinceMs {
            r.blackMs = max(r.blackMs, m.ptsMs - since)
            r.blackSinceMs = nil
            r.lastMs = m.ptsMs
        }
        run = r
    }

    /// The spans seen, once the film is over (each capture's hinge is judged on all of it).
    func spans() -> [Span] {
        var t = self
        t.finishCapture()
        return t.found
    }

    // MARK: - the run

    private mutating func close(_ r: Run) {
        var black = r.blackMs
        if let since = r.blackSinceMs { black = max(black, r.lastMs - since) }
        guard black >= options.spanBlackMs, r.lastMs - r.startMs <= options.spanMaxMs, let last = r.lastBlack,
              let first = r.firstBlackMs else { return }
        capture?.candidates.append(Candidate(startMs: r.startMs, endMs: r.lastMs, before: r.before, after: r.after, black: last,
                                             blackMs: black, draggedMs: first - r.startMs))
    }

    private mutating func finishCapture() {
        if let r = run { close(r) }
        run = nil
        guard let c = capture else { return }
        if debugClassifier {
            debugLine("span candidates \(c.candidates.map { ($0.startMs, $0.endMs, $0.blackMs, $0.draggedMs) }), hinge samples \(c.sampled), lit \(c.lit), seen \(c.seen)")
        }
        if !c.candidates.isEmpty, let band = hinge(c) { found += c.candidates.compactMap { judge($0, band: band, capture: c) } }
        capture = nil
    }

    private func luma(_ c: SIMD3<Float>) -> Float { 0.299 * c.x + 0.587 * c.y + 0.114 * c.z }

    /// At least `spanDarkShare` of the measured tiles are darker than `spanDarkLevel`.
    /// NB: read to the first lit tiles past the share allowed: with the whole frame read on every
    /// frame of a run, posture inference took 0.111 s of CPU on the second bench film (0.034 s before).
    private func black(_ p: Thumbnail) -> Bool {
        guard let c = capture else { return false }
        let level = Float(options.spanDarkLevel)
        let allowed = Int((1 - options.spanDarkShare) * Double(c.measured))
        var lit = 0
        for i in c.unmasked.indices where c.unmasked[i] && luma(p.mean(i)) >= level {
            lit += 1
            if lit > allowed { return false }
        }
        return true
    }

    // MARK: - the hinge

    /// The measured tiles of column `x` from tile row 2 to the one before the last (status and
    /// navigation bars left out).
    private func column(_ x: Int, _ c: Capture) -> [Int] {
        let rows = c.grid.rows
        let ys = rows > 4 ? Array(2..<(rows - 1)) : Array(0..<rows)
        return ys.map { $0 * c.grid.columns + x }.filter { c.unmasked[$0] }
    }

    private mutating func sampleHinge(_ p: Thumbnail) {
        guard var c = capture else { return }
        defer { capture = c }
        c.sampled += 1
        let cols = c.grid.columns
        let lo = Int(0.3 * Double(cols)), hi = Int(0.7 * Double(cols))
        guard cols >= 12, lo >= 4, hi + 5 < cols else { return }
        // (medians of the columns a band in the middle and its neighbours read; the screens are lit
        // when the median of those is)
        var med = [Double](repeating: .infinity, count: cols)
        for x in (lo - 4)..<(hi + 6) {
            let tiles = column(x, c)
            if !tiles.isEmpty { med[x] = HitchFinder.median(tiles.map { Double(luma(p.mean($0))) }) }
        }
        let middle = med[(lo - 4)..<(hi + 6)].filter(\.isFinite)
        guard !middle.isEmpty, HitchFinder.median(middle) >= options.spanLitLevel else { return }
        c.lit += 1
        // (a hinge's tiles are black, or split between black and a screen; a dark app's gutter or
        // a bar between panes is a flat grey: most of its column's tiles flat and above black)
        func flatGrey(_ x: Int) -> Bool {
            let tiles = column(x, c)
            let grey = tiles.filter { p.isFlat($0) && Double(luma(p.mean($0))) >= options.spanDarkLevel }.count
            return 2 * grey > tiles.count
        }
        var best: (band: Int, contrast: Double)?
        for x in lo..<hi {
            let band = min(med[x], med[x + 1])
            let screens = min(HitchFinder.median(Array(med[(x - 4)...(x - 2)])), HitchFinder.median(Array(med[(x + 3)...(x + 5)])))
            let contrast = screens - band
            // (beside screens darker than twice the contrast, a band of tiles at least half hinge:
            // a Material dark theme's screens of 18 levels read 9 beside it)
            let needed = min(options.spanHingeContrast, options.spanHingeRatio * screens)
            if contrast.isFinite, contrast >= needed, band <= options.spanHingeLevel, contrast > (best?.contrast ?? 0),
               !flatGrey(med[x] <= med[x + 1] ? x : x + 1) {
                best = (x, contrast)
            }
        }
        if let best { c.seen[best.band] += 1 }
    }

    /// The hinge's first column, when the screens were lit in at least half the samples and a
    /// band was seen in the same place (a column either way) in `spanHingeShare` of those.
    private func hinge(_ c: Capture) -> Int? {
        guard c.sampled > 0, c.lit * 2 >= c.sampled else { return nil }
        var band: Int?, most = 0
        for x in c.seen.indices {
            let n = (max(0, x - 1)...min(c.seen.count - 1, x + 1)).reduce(0) { $0 + c.seen[$1] }
            if n > most { (most, band) = (n, x) }
        }
        guard let band, Double(most) >= options.spanHingeShare * Double(c.lit) else { return nil }
        return band
    }

    // MARK: - judging a candidate

    private func judge(_ s: Candidate, band: Int, capture c: Capture) -> Span? {
        // (the window dragged to the hinge before the screens go black: a cut or a fade to black
        // starts the run at the blackout, or 130-160 ms before it)
        guard s.draggedMs >= options.spanDragMs else { return nil }
        let cols = c.grid.columns
        let screenA = Array(0..<max(0, band - 1)), screenB = Array(min(cols, band + 3)..<cols)
        func tiles(_ screen: [Int]) -> [Int] {
            (0..<c.grid.rows).flatMap { y in screen.map { y * cols + $0 } }.filter { c.unmasked[$0] }
        }
        let a = tiles(screenA), b = tiles(screenB)
        guard !a.isEmpty, !b.isEmpty else { return nil }
        func dark(_ t: [Int]) -> Double {
            let level = Float(options.spanDarkLevel)
            return Double(t.filter { luma(s.black.mean($0)) < level }.count) / Double(t.count)
        }
        guard dark(a) >= options.spanDarkShare, dark(b) >= options.spanDarkShare else { return nil }
        // how far the tiles moved, each from what its pair's tile showed before (the same tile, or
        // the other screen's in the same place): the mean over the pairs of both tiles measured
        func moved(_ pairs: [(Int, Int)]) -> Double {
            guard !pairs.isEmpty else { return .infinity }
            var sum: Float = 0
            for (i, j) in pairs {
                let d = s.after.mean(i) - s.before.mean(j)
                sum += (abs(d.x) + abs(d.y) + abs(d.z)) / 3
            }
            return Double(sum) / Double(pairs.count)
        }
        let (ma, mb) = (moved(a.map { ($0, $0) }), moved(b.map { ($0, $0) }))
        var kept = min(ma, mb), changed = max(ma, mb)
        // (or the app's pane moved to the other screen: spanned from the right screen, a two-pane
        // app lays its first pane out on the left one and its second on the right, so both screens
        // change; one shows what the other showed, and the other something neither did)
        // (the two screens' columns side by side, from each screen's left edge: the band found may
        // sit a column or two off the hinge's first, so the best of five offsets, over the rows
        // where both tiles are measured)
        func acrossMoved(_ to: [Int], _ from: [Int]) -> Double {
            (-2...2).map { o -> Double in
                let columns = to.indices.compactMap { i in from.indices.contains(i + o) ? (to[i], from[i + o]) : nil }
                guard columns.count * 4 >= to.count * 3 else { return .infinity }
                let pairs = (0..<c.grid.rows).flatMap { y in
                    columns.map { (y * cols + $0.0, y * cols + $0.1) }.filter { c.unmasked[$0.0] && c.unmasked[$0.1] }
                }
                return moved(pairs)
            }.min() ?? .infinity
        }
        let (across, back) = (acrossMoved(screenA, screenB), acrossMoved(screenB, screenA))
        if kept > options.spanKeepLevels, min(across, back) <= options.spanKeepLevels {
            let other = across <= back ? min(mb, back) : min(ma, across)
            (kept, changed) = (min(across, back), other)
        }
        if debugClassifier { debugLine("span \(s.startMs)-\(s.endMs) at column \(band): screens moved \(ma), \(mb), across \(across), \(back)") }
        guard kept <= options.spanKeepLevels, changed >= options.spanChangeLevels else { return nil }
        // the app's bar under the status bar, across the hinge or on one side
        func sameBar(_ p: Thumbnail) -> Int {
            func row(_ screen: [Int], _ y: Int) -> SIMD3<Float>? {
                let t = screen.map { y * cols + $0 }.filter { c.unmasked[$0] }
                guard !t.isEmpty else { return nil }
                return t.reduce(SIMD3<Float>()) { $0 + p.mean($1) } / Float(t.count)
            }
            let tolerance = Float(2 * options.barTolerance)
            return (1..<min(6, c.grid.rows)).filter { y in
                guard let l = row(screenA, y), let r = row(screenB, y) else { return false }
                return maxAbs(l - r) < tolerance
            }.count
        }
        let (barBefore, barAfter) = (sameBar(s.before), sameBar(s.after))
        guard barBefore != barAfter else { return nil }
        return Span(kind: barAfter > barBefore ? .open : .close, startMs: s.startMs, endMs: s.endMs,
                    evidence: [Evidence("black_ms", s.blackMs), Evidence("screen_kept", kept), Evidence("screen_changed", changed),
                               Evidence("bar_lines_before", Double(barBefore)), Evidence("bar_lines_after", Double(barAfter))])
    }
}

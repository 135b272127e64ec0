/// Finds an app window spanned across, or unspanned from, both screens of a dual-screen device in
/// a capture of fixed size that shows both screens side by side (a Surface Duo or its emulator).
///
/// Such a capture has a hinge: a dark band in the middle of the frame, between two brighter
/// screens, in nearly every frame where the screens are lit. Spanning is the system's animation:
/// the window shrinks into a card that is dragged across the hinge, both screens dim, then both go
/// black for a moment (670 ms in the emulator), the wallpaper fades in, and the app comes back
/// laid out over both screens; one screen keeps what it showed (the app's own pane), the other
/// changes (the launcher becomes the app's second pane). A fade to black and back, a video or an
/// app restart change both screens or neither; a capture with no hinge has no span.
///
/// A run of frames changing visibly (`broadShare` of the tiles past the classifier's threshold,
/// frames at most `spanGapMs` apart) in which both screens are black (`spanDarkShare` of each
/// screen's tiles darker than `spanDarkLevel`) for `spanBlackMs` is a span when one screen ends
/// within `spanKeepLevels` of where it began and the other at least `spanChangeLevels` away. The
/// app's bar under the status bar then runs across both screens (open) or no longer does (close):
/// of the first tile lines along the hinge, more or fewer have the same colour on both sides
/// afterwards (within `barTolerance` twice). Undecided is no event.
///
///     var t = SpanTracker(options: o); t.add(m, board, shift: 6); let spans = t.spans()
struct SpanTracker: Sendable {
    let options: PostureInferenceOptions

    /// A span or unspan: its times and evidence.
    struct Span: Sendable {
        var kind: PostureEvent.Kind
        var startMs: Double
        var endMs: Double
        var evidence: [Evidence]
    }

    /// A run of visible change with a blackout in it, judged once the hinge is known.
    private struct Candidate: Sendable {
        var startMs: Double, endMs: Double
        var before: Thumbnail, after: Thumbnail, darkest: Thumbnail
        var blackMs: Double
    }

    private struct Run: Sendable {
        var startMs: Double, lastMs: Double
        var before: Thumbnail, after: Thumbnail
        var blackSinceMs: Double?
        var blackMs: Double = 0
        var darkest: Thumbnail?
    }

    private var previous: Thumbnail?
    private var run: Run?
    private var candidates: [Candidate] = []
    /// The hinge, sampled every `hingeSampleMs`: frames sampled, frames lit, and how often the
    /// band was seen at each place (vertical bands by column, horizontal by row).
    private var sampled = 0, lit = 0
    private var vertical: [Int] = [], horizontal: [Int] = []
    private var nextSampleMs = -Double.infinity
    private var grid: TileGrid?
    /// NB: twice a second, every line's median, cost 0.7% of the main job on the second bench film;
    /// once a second, over the middle lines only, a fifth of that.
    static let hingeSampleMs = 1_000.0

    init(options: PostureInferenceOptions = PostureInferenceOptions()) { self.options = options }

    /// `shift`: levels of mean shift that count as a visible change (the classifier's threshold).
    mutating func add(_ m: FrameMeasure, _ board: TileBoard, shift: Double) {
        defer { previous = board.picture }
        if m.complete {
            // a new frame size is another capture: start over
            (run, candidates, sampled, lit, vertical, horizontal, nextSampleMs) = (nil, [], 0, 0, [], [], -.infinity)
            grid = board.grid
            return
        }
        if m.ptsMs >= nextSampleMs {
            sampleHinge(board)
            nextSampleMs = m.ptsMs + Self.hingeSampleMs
        }
        let s = Float(shift)
        let visible = board.deltas.reduce(0) { $0 + ($1.shift > s ? 1 : 0) }
        // (a blackout holds the run open: a GIF writes no frame while the screens stay black)
        if let r = run, r.blackSinceMs == nil, m.ptsMs - r.lastMs > options.spanGapMs {
            close(r)
            run = nil
        }
        let broad = options.broad(visible, of: board.tiles)
        guard broad || run != nil, !board.deltas.isEmpty else { return }
        var r = run ?? Run(startMs: m.ptsMs, lastMs: m.ptsMs, before: previous ?? board.picture, after: board.picture)
        if broad {
            r.lastMs = m.ptsMs
            r.after = board.picture
        }
        if black(board.picture, tiles: board.tiles) {
            r.blackSinceMs = r.blackSinceMs ?? m.ptsMs
            r.darkest = board.picture
        } else if let since = r.blackSinceMs {
            r.blackMs = max(r.blackMs, m.ptsMs - since)
            r.blackSinceMs = nil
            r.lastMs = m.ptsMs
        }
        run = r
    }

    /// The spans seen, once the film is over (the hinge is judged on the whole film).
    func spans() -> [Span] {
        var all = candidates
        if let r = run, let c = candidate(r) { all.append(c) }
        if debugClassifier { debugLine("span: \(all.map { ($0.startMs, $0.endMs, $0.blackMs) }) sampled \(sampled) lit \(lit) v \(vertical) h \(horizontal)") }
        guard !all.isEmpty, let grid, let hinge = hinge(grid) else { return [] }
        return all.compactMap { judge($0, hinge: hinge, grid: grid) }
    }

    // MARK: - the run

    private mutating func close(_ r: Run) {
        if let c = candidate(r) { candidates.append(c) }
    }

    private func candidate(_ r: Run) -> Candidate? {
        var black = r.blackMs
        if let since = r.blackSinceMs { black = max(black, r.lastMs - since) }
        guard black >= options.spanBlackMs, let darkest = r.darkest else { return nil }
        return Candidate(startMs: r.startMs, endMs: r.lastMs, before: r.before, after: r.after, darkest: darkest, blackMs: black)
    }

    private func luma(_ c: SIMD3<Float>) -> Float { 0.299 * c.x + 0.587 * c.y + 0.114 * c.z }

    /// At least `spanDarkShare` of the frame's tiles are darker than `spanDarkLevel`.
    /// NB: read to the first lit tiles past the share allowed: with the whole frame read on every
    /// frame of a run, posture inference took 0.111 s of CPU on the second bench film (0.034 s before).
    private func black(_ p: Thumbnail, tiles: Int) -> Bool {
        let level = Float(options.spanDarkLevel), allowed = Int((1 - options.spanDarkShare) * Double(tiles))
        var lit = 0
        for i in 0..<tiles where luma(p.mean(i)) >= level {
            lit += 1
            if lit > allowed { return false }
        }
        return true
    }

    // MARK: - the hinge

    /// Where a hinge splits the frame: along columns (`vertical`) or rows, the band's two lines.
    private struct Hinge { var vertical: Bool; var band: Int }

    /// Lines of tiles across the frame: columns when `vertical`, else rows, each line's tiles in
    /// order (the top two and the last line across skipped: status and navigation bars).
    private func lines(_ grid: TileGrid, vertical: Bool) -> (count: Int, across: [Int], index: (Int, Int) -> Int) {
        let (count, other) = vertical ? (grid.columns, grid.rows) : (grid.rows, grid.columns)
        let across = other > 4 ? Array(2..<(other - 1)) : Array(0..<other)
        return (count, across, { line, k in vertical ? k * grid.columns + line : line * grid.columns + k })
    }

    private static func median(_ v: [Float]) -> Float {
        guard !v.isEmpty else { return 0 }
        let s = v.sorted()
        return s[s.count / 2]
    }

    private mutating func sampleHinge(_ board: TileBoard) {
        let p = board.picture
        let all = (0..<board.tiles).map { luma(p.mean($0)) }
        sampled += 1
        guard Self.median(all) >= Float(options.spanLitLevel) else { return }
        lit += 1
        if self.vertical.count != board.grid.columns { self.vertical = [Int](repeating: 0, count: board.grid.columns) }
        if horizontal.count != board.grid.rows { horizontal = [Int](repeating: 0, count: board.grid.rows) }
        for vertical in [true, false] {
            let l = lines(board.grid, vertical: vertical)
            guard l.count >= 12 else { continue }
            let lo = Int(0.3 * Double(l.count)), hi = Int(0.7 * Double(l.count))
            // (medians of the lines a band in the middle and its neighbours read)
            var med = [Float](repeating: 0, count: l.count)
            for line in max(0, lo - 4)..<min(l.count, hi + 6) { med[line] = Self.median(l.across.map { all[l.index(line, $0)] }) }
            var best: (band: Int, contrast: Float)?
            for c in lo..<hi where c >= 4 && c + 5 < l.count {
                let band = min(med[c], med[c + 1])
                let contrast = min(Self.median(Array(med[(c - 4)...(c - 2)])), Self.median(Array(med[(c + 3)...(c + 5)]))) - band
                if contrast >= Float(options.spanHingeContrast), band <= Float(options.spanHingeLevel), contrast > (best?.contrast ?? 0) {
                    best = (c, contrast)
                }
            }
            if let best {
                if vertical { self.vertical[best.band] += 1 } else { horizontal[best.band] += 1 }
            }
        }
    }

    /// The hinge, when the screens were lit in at least half the samples and a band was seen in
    /// the same place (a line either way) in `spanHingeShare` of those.
    private func hinge(_ grid: TileGrid) -> Hinge? {
        guard sampled > 0, lit * 2 >= sampled else { return nil }
        var found: Hinge?, most = 0
        for (vertical, seen) in [(true, self.vertical), (false, horizontal)] {
            for c in seen.indices {
                let n = (max(0, c - 1)...min(seen.count - 1, c + 1)).reduce(0) { $0 + seen[$1] }
                if n > most { (most, found) = (n, Hinge(vertical: vertical, band: c)) }
            }
        }
        guard let found, Double(most) >= options.spanHingeShare * Double(lit) else { return nil }
        return found
    }

    // MARK: - judging a candidate

    private func judge(_ c: Candidate, hinge: Hinge, grid: TileGrid) -> Span? {
        if debugClassifier { debugLine("span judge \(c.startMs)-\(c.endMs) hinge \(hinge.vertical) \(hinge.band)") }
        let l = lines(grid, vertical: hinge.vertical)
        let screenA = Array(0..<max(0, hinge.band - 1)), screenB = Array(min(l.count, hinge.band + 3)..<l.count)
        guard !screenA.isEmpty, !screenB.isEmpty else { return nil }
        let across = hinge.vertical ? grid.rows : grid.columns
        func tiles(_ screen: [Int]) -> [Int] { screen.flatMap { line in (0..<across).map { l.index(line, $0) } } }
        let a = tiles(screenA), b = tiles(screenB)
        func dark(_ t: [Int]) -> Double {
            let level = Float(options.spanDarkLevel)
            return Double(t.filter { luma(c.darkest.mean($0)) < level }.count) / Double(t.count)
        }
        if debugClassifier { debugLine("span dark \(dark(a)) \(dark(b))") }
        guard dark(a) >= options.spanDarkShare, dark(b) >= options.spanDarkShare else { return nil }
        func moved(_ t: [Int]) -> Double {
            var sum: Float = 0
            for i in t {
                let d = c.after.mean(i) - c.before.mean(i)
                sum += (abs(d.x) + abs(d.y) + abs(d.z)) / 3
            }
            return Double(sum) / Double(t.count)
        }
        let (ma, mb) = (moved(a), moved(b))
        let kept = min(ma, mb), changed = max(ma, mb)
        if debugClassifier { debugLine("span moved \(ma) \(mb)") }
        guard kept <= options.spanKeepLevels, changed >= options.spanChangeLevels else { return nil }
        // the app's bar under the status bar, on both sides of the hinge or on one
        func sameBar(_ p: Thumbnail) -> Int {
            func line(_ screen: [Int], _ k: Int) -> SIMD3<Float> {
                var sum = SIMD3<Float>()
                for s in screen { sum += p.mean(l.index(s, k)) }
                return sum / Float(screen.count)
            }
            let tolerance = Float(2 * options.barTolerance)
            return (1..<min(6, across)).filter { maxAbs(line(screenA, $0) - line(screenB, $0)) < tolerance }.count
        }
        let (barBefore, barAfter) = (sameBar(c.before), sameBar(c.after))
        if debugClassifier { debugLine("span bar \(barBefore) \(barAfter)") }
        guard barBefore != barAfter else { return nil }
        return Span(kind: barAfter > barBefore ? .open : .close, startMs: c.startMs, endMs: c.endMs,
                    evidence: [Evidence("black_ms", c.blackMs), Evidence("screen_kept", kept), Evidence("screen_changed", changed),
                               Evidence("bar_lines_before", Double(barBefore)), Evidence("bar_lines_after", Double(barAfter))])
    }
}

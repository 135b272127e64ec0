/// Cuts, fades and motions: the changes no earlier detector claimed, cut into transitions in time
/// and space (`TransitionFinder`), each timed against the states around it and named
/// (`TransitionJudge`), pieces of one change merged. Last of the detectors: a transition is bounded
/// by the blanks and by the transitions decided before it in the same place, leaves out the tiles
/// busy regions and placeholders explain, and claims the motions and fades it decides (a
/// placeholder inside one is the motion's). A change of frame size is a cut of the whole frame.
///
///     var transitions = TransitionDetector(); transitions.decide(window, claims: &claims)
///     transitions.settle(window, claims: claims, into: &findings)
struct TransitionDetector: Detector {
    /// A transition decided in a window: its kind, window positions, tiles and box.
    struct Decided {
        var kind: FindingKind
        var start: Int, end: Int
        var tiles: [Int]
        var evidence: TransitionJudge.TransitionEvidence
        var box: TileBox

        init(_ r: TransitionJudge.Result, columns: Int) {
            (kind, start, end, tiles, evidence) = (r.kind, r.start, r.end, r.tiles, r.evidence)
            box = TileBox(r.tiles, columns: columns)
        }
    }

    private var decided: [Decided] = []
    /// The cut a new frame size makes, until the next window settles.
    private var resize: Detection?

    mutating func begin(_ frame: Observation) {
        let m = frame.measure
        guard m.resized else { return }
        let full = Rect(x: 0, y: 0, w: m.grid.displayWidth, h: m.grid.displayHeight)
        resize = Detection(kind: .cut, startMs: m.ptsMs, endMs: m.ptsMs, firstFrame: m.index, lastFrame: m.index,
                           peakRMSE: m.rmse.normalized, region: full, area: 1)
    }

    /// The window's transitions, each judged between the states around it: bounded by the
    /// transitions decided before it in the same place, the next ones there, and the blanks.
    mutating func decide(_ w: DecisionWindow, claims: inout Claims) {
        let window = w.frames, grid = w.grid, options = w.options
        let active = claims.free
        let candidates = TransitionFinder(options: options, grid: grid, periodMs: w.periodMs).transitions(active, window: window)
        let judge = TransitionJudge(options: options, grid: grid, shift: w.shift, rmse: w.rmse, noise: w.noise)
        let cols = grid.columns
        let boxes = candidates.map { TileBox($0.tiles, columns: cols).grown(by: 1, columns: cols, rows: grid.rows) }
        decided = []
        var slotted: [Decided] = []
        // (a transition's states may not reach past what was decided before in its place, the next
        // candidate there, or a blank: those pictures are theirs)
        func bounds(_ a: Int, _ b: Int, box: TileBox) -> (lo: Int, hi: Int, previousChange: Double) {
            var lo = 0, hi = window.count - 1
            var previousChange = 0.0  // how big the change that ended at `lo` was (levels)
            for d in [decided, slotted].joined() where d.box.grown(by: 1, columns: cols, rows: grid.rows).intersects(box) && d.end <= a {
                if d.end >= lo { (lo, previousChange) = (d.end, d.evidence.change) }
            }
            for (j, o) in candidates.enumerated() where o.a > b && boxes[j].intersects(box) { hi = min(hi, o.a - 1) }
            for blank in claims.blanks {
                if blank.to <= a, blank.to >= lo { (lo, previousChange) = (blank.to, blank.change) }
                if blank.from > b { hi = min(hi, blank.from - 1) }
            }
            return (lo, hi, previousChange)
        }
        let excluded: (Int, Int) -> Bool = { [claims] t, k in claims.explains(tile: t, at: k) }
        // A run split at a jump on its first frame whose frames are all blends of the states around
        // it is one fade: at 12 fps an eased crossfade's first frame carries 80% of it. The pieces
        // are judged alone otherwise (a fade cut short by a page, a cut beside a progress bar).
        var tried = Set<Int>(), wholeFades = Set<Int>(), resumed = Set<Int>()
        for (i, c) in candidates.enumerated() where !c.held && !resumed.contains(i) {
            if let part = c.part, wholeFades.contains(part) { continue }
            var (lo, hi, previousChange) = bounds(c.a, c.b, box: boxes[i])
            var judged: TransitionJudge.Result?
            // (candidates come in time order: a run's first piece, its jump, comes first)
            if let part = c.part, tried.insert(part).inserted {
                let whole = candidates.filter { $0.part == part }.flatMap(\.frames)
                let b = bounds(whole[0], whole[whole.count - 1], box: boxes[i])
                if let r = judge.judge(TransitionFinder.Candidate(frames: whole, tiles: c.tiles), window: window, bounds: (b.lo, b.hi),
                                       excluded: excluded), r.kind == .fade {
                    (judged, lo, hi, previousChange) = (r, b.lo, b.hi, b.previousChange)
                    wholeFades.insert(part)
                }
            }
            judged = judged ?? judge.judge(c, window: window, bounds: (lo, hi), excluded: excluded)
            // A fade whose last steps, each under the threshold, run on up to the next change in its
            // place, and whose frames with that change are all blends, resumes there: a slide fading
            // to black darkens 5 levels a frame for 100 ms, stalls a frame and steps 12 levels more
            // (167 ms after its last visible step: a run of its own, then dropped as the encoder
            // settling). One fade, with the stall a hitch inside it, when what it resumes with adds
            // at most `fadeResumeShare` to the change the fade had made.
            // (stalled meanwhile for less than a hold: a picture held `stableMs` is a state of its own)
            // (whole runs only: a piece split at a jump is judged with its run)
            if let r = judged, r.kind == .fade, c.part == nil, hi + 1 < window.count,
               window.ms(hi + 1) - window.ms(r.end) < options.stableMs,
               (r.end + 1..<hi + 1).allSatisfy({ window.repeats($0, over: r.tiles, tolerance: options.stateTolerance) }),
               let j = candidates.indices.first(where: { $0 > i && !candidates[$0].held && candidates[$0].part == nil
                   && candidates[$0].a == hi + 1 && boxes[$0].intersects(boxes[i]) }) {
                let next = candidates[j]
                let whole = TransitionFinder.Candidate(frames: c.frames + next.frames, tiles: Array(Set(c.tiles).union(next.tiles)).sorted())
                let b = bounds(c.a, next.b, box: boxes[i].union(boxes[j]))
                // (the rest of a fade: a change the size of the fade's own after it, a page cutting
                // in as a fold's crossfade ends, is the next event)
                if let m = judge.judge(whole, window: window, bounds: (b.lo, b.hi), excluded: excluded), m.kind == .fade,
                   m.evidence.change <= (1 + options.fadeResumeShare) * r.evidence.change {
                    (judged, lo, hi, previousChange) = (m, b.lo, b.hi, b.previousChange)
                    resumed.insert(j)
                }
            }
            if debugClassifier {
                let shown = c.frames.prefix(3).map { k in active[k].prefix(8).map { "\($0 % cols),\($0 / cols)" }.joined(separator: " ") }
                debugLine("candidate \(window.ms(c.a))-\(window.ms(c.b)) frames \(c.frames.count) tiles \(c.tiles.count) [\(shown.joined(separator: " | "))] bounds \(lo)-\(hi) -> \(judged.map { "\($0.kind) \(window.ms($0.start))-\(window.ms($0.end))" } ?? "none")")
            }
            guard let r = judged, !scrollIndicator(r.tiles, grid: grid, share: options.scrollIndicatorShare) else { continue }
            // The encoder settling after a big change (a low bitrate refines the new picture over
            // a few hundred ms) moves a little and soon: no finding of its own. A little on the
            // way as well as from state to state: a field shaking and coming back to rest just
            // after its caret blinked on is a motion.
            if r.kind != .cut, window.ms(r.start) - window.ms(lo) < options.stableMs,
               max(r.evidence.change, r.excursion) < options.encoderSettleShare * previousChange {
                continue
            }
            // A slot anywhere in the frame that stayed flat while a placeholder showed and gets its
            // content on the frame the placeholder resolves is the same event (the page's logo and
            // its search button's icon landing together): a part of that placeholder, not a cut of
            // its own. It still bounds later changes in its place, as the cut would have.
            // So is a change on that frame along the placeholders' edges (`along`).
            let resolving = r.kind == .cut ? claims.placeholders(resolvingAt: r.start) : []
            if let flash = resolving.first(where: { waited(r.tiles, over: $0.frames, window: window, tolerance: Float(options.uniformTolerance)) })?.frames
                ?? along(r.tiles, of: resolving, grid: grid) {
                claims.claimSlot(w.finding(.cut, from: r.start, to: r.end, tiles: r.tiles, evidence: r.evidence.listed), tiles: r.tiles, of: flash)
                slotted.append(Decided(r, columns: cols))
                continue
            }
            merge(r, grid: grid, pieceOverlap: options.pieceOverlap)
        }
        // (each piece claims its own box: the space between two chained pieces is not the motion's)
        for d in decided where d.kind == .motion || d.kind == .fade { claims.claimMoving(d.box, frames: d.start...d.end) }
        chainTouching(window, pauseMs: w.pauseMs, reach: ClassifierOptions.reachTiles(options.chainReachPx, tile: grid.tile), grid: grid,
                      options: options, visible: (Float(w.shift), Float(w.rmse)))
    }

    /// The placeholder (of those resolving on a change's frame) whose edge, a tile past what it
    /// claimed, holds most of `tiles`, when their edges hold all of them: their content arriving
    /// past their flat tiles (photos under a page's bottom shadow, whose gradient kept those
    /// tiles from being flat).
    private func along(_ tiles: [Int], of resolving: [(frames: ClosedRange<Int>, box: TileBox)], grid: TileGrid) -> ClosedRange<Int>? {
        let edges = resolving.map { $0.box.grown(by: 1, columns: grid.columns, rows: grid.rows) }
        let held = edges.map { e in tiles.filter { e.contains(tile: $0, columns: grid.columns) }.count }
        guard tiles.allSatisfy({ t in edges.contains { $0.contains(tile: t, columns: grid.columns) } }),
              let best = held.indices.max(by: { held[$0] < held[$1] }) else { return nil }
        return resolving[best].frames
    }

    /// Whether `tiles` are an empty slot that waited with a placeholder: each one flat colour
    /// (within `uniformTolerance`) from the frame before the placeholder showed to the frame before
    /// its content (an element that went flat with the placeholder is a cut into it and one out),
    /// and at least half of them with detail once the content came (a flat area that only changes
    /// colour is no content arriving).
    private func waited(_ tiles: [Int], over flash: ClosedRange<Int>, window: ClassifierWindow, tolerance: Float) -> Bool {
        guard flash.lowerBound < flash.upperBound else { return false }
        guard window[flash.upperBound].thumb.hasDetail(inHalfOf: tiles) else { return false }
        return tiles.allSatisfy { t in
            let colour = window[flash.lowerBound].thumb.mean(t)
            return (max(0, flash.lowerBound - 1)..<flash.upperBound).allSatisfy { k in
                window[k].thumb.isFill(t, like: colour, tolerance: tolerance)
            }
        }
    }

    /// A strip along the frame's left or right side, at most `share` of its width
    /// (or one tile) wide and four times as tall: an overlay scroll indicator, which the browser or
    /// the system shows while a page scrolls and fades out after (Chrome's: 8-24 px of 1080). It is
    /// theirs, not the app's animation: no finding.
    private func scrollIndicator(_ tiles: [Int], grid: TileGrid, share: Double) -> Bool {
        let box = grid.extent(of: tiles).box
        let width = grid.displayWidth
        let thin = Double(box.w) <= max(share * Double(width), Double(grid.tile))
        return thin && box.h >= 4 * box.w && (box.x == 0 || box.x + box.w >= width)
    }

    mutating func settle(_ w: DecisionWindow, claims: Claims, into findings: inout [Detection]) {
        if let resize { findings.append(resize) }
        resize = nil
        // (the pages are the frames': cuts on one frame in several places share them)
        var pagesAt: [Int: (before: FlatPage?, after: FlatPage?)] = [:]
        let slots = SlotFlashes(options: w.options)
        for d in decided {
            var f = w.finding(d.kind, from: d.start, to: d.end, tiles: d.tiles, evidence: d.evidence.listed)
            if d.kind == .cut, d.start >= 1 {
                let pages = pagesAt[d.start] ?? {
                    let (old, new) = (w.frames[d.start - 1].thumb, w.frames[d.start].thumb)
                    return (FlatPage(old, other: new, grid: w.grid, tiles: w.tiles, options: w.options),
                            FlatPage(new, other: old, grid: w.grid, tiles: w.tiles, options: w.options))
                }()
                pagesAt[d.start] = pages
                // (a cut that fills a slot held flat since an earlier step ends a placeholder's
                // wait; a page held flat is a blank's, LongBlanks')
                if !(pages.before.map(slots.isPage) ?? false),
                   let (flash, rest) = slots.flash(replacing: d.tiles, at: d.start, window: w, peakRMSE: f.peakRMSE) {
                    findings.append(flash)
                    if !rest.isEmpty { findings.append(w.finding(.cut, from: d.start, to: d.end, tiles: rest, evidence: d.evidence.listed)) }
                    continue
                }
                f.pages = CutPages(before: pages.before, after: pages.after, change: d.evidence.change)
            }
            // (a fade that brings a slot's content into it ends the placeholder's wait on its first
            // frame, and stays the fade it is)
            if d.kind == .fade, let flash = slots.flash(fadingIn: d.tiles, from: d.start, to: d.end, window: w, peakRMSE: f.peakRMSE) {
                findings.append(flash)
            }
            findings.append(f)
        }
        decided = []
    }

    /// A motion that begins when another comes to rest, on that frame or before the picture held
    /// for a pause (`pauseMs`), within `reach` tiles of it, is the same movement going on (a drag
    /// crossing from one screen to the other, a sheet whose slow end moves another region): one
    /// motion from the first's start to the last's end, over both pieces' tiles, with the larger
    /// piece's evidence. Of several that follow, the earliest is taken first.
    private mutating func chainTouching(_ window: ClassifierWindow, pauseMs: Double, reach: Int, grid: TileGrid, options: ClassifierOptions,
                                        visible: (shift: Float, rmse: Float)) {
        let cols = grid.columns
        func touches(_ d: Decided, after e: Decided) -> Bool {
            d.kind == .motion && e.kind == .motion && d.start >= e.end && window.ms(d.start) - window.ms(e.end) < pauseMs
                && e.box.grown(by: reach, columns: cols, rows: grid.rows).intersects(d.box)
        }
        // (a touch indicator moving after the app's motion came to rest is the recorder's: no
        // finding, and not the movement going on)
        let pieces = decided
        let recorders = pieces.map { d in
            pieces.contains { touches(d, after: $0) && lingers(d, after: $0, window: window, grid: grid, options: options, shift: visible.shift) }
        }
        decided = zip(pieces, recorders).filter { !$0.1 }.map(\.0)
        func follows(_ j: Int, _ i: Int) -> Bool { touches(decided[j], after: decided[i]) }
        var i = 0
        while i < decided.count {
            guard decided[i].kind == .motion,
                  let j = decided.indices.filter({ $0 != i && follows($0, i) }).min(by: { decided[$0].start < decided[$1].start }) else {
                i += 1
                continue
            }
            let next = decided.remove(at: j)
            if j < i { i -= 1 }
            if next.tiles.count > decided[i].tiles.count { decided[i].evidence = next.evidence }
            // A pointer-sized motion (a touch dot landing, a pointer) that the app's larger motion
            // follows is the touch the app reacts to: the one motion starts with the reaction, as
            // it does when the dot and the reaction are one candidate (TransitionJudge).
            if isPointer(decided[i], before: next, window: window, grid: grid, options: options, visible: visible) { decided[i].start = next.start }
            decided[i].end = next.end
            decided[i].tiles = Array(Set(decided[i].tiles).union(next.tiles)).sorted()
            decided[i].box = TileBox(decided[i].tiles, columns: cols)
        }
    }

    /// Whether motion `d` is only the touch indicator after the app's motion `before` came to
    /// rest (the dot moving a little where the finger lifts, and fading out): a box at most
    /// `pointerShare` of the frame's shorter side across, `before`'s region `pointerFactor` times
    /// it or more, and no colour brought on any of its frames (a touch indicator is grey or
    /// white). The app's movement is over; the dot is the recorder's, and no finding.
    private func lingers(_ d: Decided, after before: Decided, window: ClassifierWindow, grid: TileGrid, options: ClassifierOptions,
                         shift: Float) -> Bool {
        guard options.fitsPointer(d.box, in: grid), Double(before.tiles.count) >= options.pointerFactor * Double(d.box.width * d.box.height),
              d.start >= 1 else { return false }
        let old = window[d.start - 1].thumb
        return !(d.start...d.end).contains { options.bringsColour(d.tiles, in: window[$0].thumb, over: old, shift: shift) }
    }

    /// Whether motion `d` is only a pointer or a touch dot before the app's motion `next`: a box
    /// at most `pointerShare` of the frame's shorter side across, which `next`'s region is
    /// `pointerFactor` times or more, `pointerLeadMs` or more before it, and visible on its first
    /// frame only (the dot landing; the finger's tremor after it stays under the threshold). A
    /// small control's own motion (a switch's thumb sliding before a section opens under it)
    /// changes visibly on several frames, and stays the start of the motion it chains to.
    private func isPointer(_ d: Decided, before next: Decided, window: ClassifierWindow, grid: TileGrid, options: ClassifierOptions,
                           visible: (shift: Float, rmse: Float)) -> Bool {
        guard options.fitsPointer(d.box, in: grid),
              options.reactsToPointer(d.box, region: next.tiles.count, leadMs: window.ms(next.start) - window.ms(d.start)) else { return false }
        var mine = [Bool](repeating: false, count: grid.count)
        for t in d.tiles { mine[t] = true }
        return !(d.start + 1 ..< d.end + 1).contains { k in
            window[k].changes.contains { mine[$0.tile] && $0.isVisible(shift: visible.shift, rmse: visible.rmse) }
        }
    }

    /// Adds a judged transition, or merges it into a piece of the same change: the same times, or
    /// mostly the same times with one inside the other (a slow fade's faint corners) are one
    /// finding, timed by the larger.
    private mutating func merge(_ r: TransitionJudge.Result, grid: TileGrid, pieceOverlap: Double) {
        let cols = grid.columns
        let new = Decided(r, columns: cols), box = new.box
        func together(_ d: Decided) -> Bool {
            guard d.kind == r.kind else { return false }
            if d.start == r.start && d.end == r.end { return true }
            let overlap = min(d.end, r.end) - max(d.start, r.start), shorter = min(d.end - d.start, r.end - r.start)
            let (a, b) = (d.box.grown(by: 1, columns: cols, rows: grid.rows), box.grown(by: 1, columns: cols, rows: grid.rows))
            return shorter > 0 && Double(overlap) >= pieceOverlap * Double(shorter) && (a.contains(b) || b.contains(a))
        }
        guard let same = decided.firstIndex(where: together) else {
            decided.append(new)
            return
        }
        if r.tiles.count > decided[same].tiles.count {
            (decided[same].start, decided[same].end, decided[same].evidence) = (r.start, r.end, r.evidence)
        }
        decided[same].tiles = Array(Set(decided[same].tiles).union(r.tiles)).sorted()
        decided[same].box = TileBox(decided[same].tiles, columns: cols)
    }
}

/// Placeholder flashes: a compact UI element of one colour that came and went in visible steps on
/// a picture that held still, with still surroundings, content that stays after it, and no piece
/// of a blank. Third of the detectors: judged on the changes busy regions and blanks left, a
/// placeholder claims its box and the ring around it while it shows; one that a motion or fade
/// decided later runs across on both sides is part of that motion, not a placeholder.
///
///     var flashes = FlashDetector(); flashes.decide(window, claims: &claims)
///     flashes.settle(window, claims: claims, into: &findings)
struct FlashDetector: Detector {
    /// A placeholder decided in a window (`end`: the first frame of its content).
    typealias Flash = FlatEvent<FlashEvidence>

    /// What a placeholder was decided on, as its finding's evidence lists it.
    struct FlashEvidence {
        var measures: FillGroups.Measures
        /// Share of the way from the old look to the new that its colour goes out of the way.
        var detour: Double
        /// Share of its box its tiles fill.
        var fill: Double
        /// How far its surroundings moved while it showed, and its content after it came (levels).
        var surroundDrift: Double, contentSettle: Double

        var listed: [Evidence] {
            measures.listed + [Evidence("detour", detour), Evidence("fill", fill), Evidence("surround_drift", surroundDrift),
                               Evidence("content_settle", contentSettle)]
        }
    }

    /// The placeholders of the window being decided, in time order.
    private var decided: [Flash] = []

    mutating func decide(_ window: DecisionWindow, claims: inout Claims) {
        guard let fills = window.fills else { return }
        let grid = window.grid
        decided = fills.flashes(claims: claims)
            .sorted { ($0.start, $0.box.y0, $0.box.x0) < ($1.start, $1.box.y0, $1.box.x0) }
        for e in decided { claims.claim(e.box.grown(by: 1, columns: grid.columns, rows: grid.rows), frames: e.start...e.end) }
    }

    mutating func settle(_ window: DecisionWindow, claims: Claims, into findings: inout [Detection]) {
        let grid = window.grid
        var kept: [ClosedRange<Int>: Detection] = [:]
        for e in decided {
            // a flat patch passing by inside a slide or a fade that runs on either side of it is the motion's
            guard !claims.runsAcross(e.start...e.end, box: e.box.grown(by: 1, columns: grid.columns, rows: grid.rows)) else { continue }
            let flash = e.finding(.flash, in: window, evidence: e.evidence.listed)
            findings.append(flash)
            if kept[e.start...e.end] == nil { kept[e.start...e.end] = flash }
        }
        // A slot that waited with a placeholder is a part of it: the same first and last frame, its
        // evidence and colour (`Classifier.joined` makes them one finding with both regions; the
        // slot may be the larger part, which describes the joined finding). A slot whose
        // placeholder went (inside a motion) is the cut it was.
        for slot in claims.slots {
            guard let flash = kept[slot.frames] else { findings.append(slot.cut); continue }
            var part = window.finding(.flash, from: slot.frames.lowerBound, to: slot.frames.upperBound, tiles: slot.tiles, evidence: flash.evidence)
            part.colour = flash.colour
            findings.append(part)
        }
        decided = []
    }
}

extension FillGroups {
    /// The window's placeholders, from the groups of its fills (largest first), judged on the
    /// changes no blank claimed.
    fileprivate func flashes(claims: Claims) -> [FlashDetector.Flash] {
        let active = claims.free, blanks = claims.blanks
        // NB: a placeholder looks back for frames that moved its tiles; most frames' changes lie
        // elsewhere, and a box per frame and a bitmap of the frame answer that without a division
        // a tile (that test was 2% of the main job).
        var look = Lookback(active: active, tiles: grid.count, columns: grid.columns)
        // (fills that came and went on the same frames and got content, detail in half their tiles
        // or more: a page's slots shown and filled together, each in the others' surroundings. The
        // tiles of their boxes, grown by one for the tiles a slot's edge splits, are theirs)
        var together: [SIMD2<Int>: [Int]] = [:]
        for (i, group) in all.enumerated() {
            let (start, end) = positions(group)
            guard end > 0, end < window.count else { continue }
            let tiles = group.map(\.tile)
            guard window[end].thumb.hasDetail(inHalfOf: tiles) else { continue }
            together[SIMD2(start, end), default: []].append(i)
        }
        var alongside: [Int: [Bool]] = [:]
        for members in together.values where members.count >= 2 {
            var marks = [Bool](repeating: false, count: grid.count)
            for i in members {
                let box = TileBox(all[i].map(\.tile), columns: grid.columns).grown(by: 1, columns: grid.columns, rows: grid.rows)
                for t in box.tiles(columns: grid.columns) { marks[t] = true }
            }
            for i in members { alongside[i] = marks }
        }
        var found: [FlashDetector.Flash] = []
        for (i, group) in all.enumerated() {
            if let e = judgeFlash(group, active: active, blanks: blanks, alongside: alongside[i], look: &look) {
                found.append(e)
            }
        }
        return found
    }

    /// The changed tiles of each frame of a window as a box, and a bitmap of the frame that one
    /// candidate's cells are marked in while it is judged.
    struct Lookback {
        let boxes: [TileBox]
        var marked: [Bool]

        init(active: [[Int]], tiles: Int, columns: Int) {
            boxes = active.map { TileBox($0, columns: columns) }
            marked = [Bool](repeating: false, count: tiles)
        }
    }

    /// A placeholder: a compact UI element, one colour, that came and went in visible steps on a
    /// picture that held still, stands out from what replaces it, and whose surroundings and
    /// content stay put; no piece of a blank.
    func judgeFlash(_ group: IntervalGroup, active: [[Int]],
                    blanks: [Claims.Blank], alongside: [Bool]? = nil, look: inout Lookback) -> FlashDetector.Flash? {
        // cheap tests first: most groups are a few tiles of smooth content
        guard group.count >= flashMinTiles else { return nil }
        guard let t = timing(group), t.duration <= options.longestFlashMs else { return nil }
        let (start, end) = (t.start, t.end)
        // pieces of a blank are the blank's (the page is blank: no placeholder shows on it), and so
        // is a patch that went flat while the page was blank, from its first frame on (its edge was
        // never seen: two icon slots white since a blank's first frame were flashes from there); one
        // that went flat on the frame the blank ended shows on the first paint, not on the blank,
        // however soon it goes (a search button drawn as a flat box for that one frame)
        guard !blanks.contains(where: { start < $0.to && (start >= $0.from || (start >= $0.from - 1 && end <= $0.to + 1)) }) else {
            return nil
        }
        guard let m = measures(group, start: start, end: end) else { return nil }
        func rejected(_ why: String) -> FlashDetector.Flash? { self.rejected(group, start, end, why) }
        let (colour, contrastIn, contrastOut) = (m.colour, m.contrastIn, m.contrastOut)
        guard m.visibleIn >= options.stepShare && m.visibleOut >= options.stepShare else { return rejected("visible steps") }
        guard contrastOut >= options.fillContrast else { return rejected("contrast \(contrastIn) \(contrastOut)") }

        // A fill on the way from the old picture to the new (a crossfade's middle frame) is no
        // placeholder: a placeholder's colour is a detour between what was before and after.
        var detour = 0.0, path = 0.0
        for v in group {
            let a = Double(length(v.colour - v.before.mean)), b = Double(length(v.after.mean - v.colour))
            detour += a + b - Double(length(v.after.mean - v.before.mean))
            path += a + b
        }
        let detourShare = path > 0 ? detour / path : 0
        // A placeholder: a compact UI element that sits still while it shows.
        let cells = group.map(\.tile)
        let box = TileBox(cells, columns: grid.columns)
        // the cells marked in the frame bitmap while this candidate is judged (counted once each)
        var cellCount = 0
        for t in cells where !look.marked[t] {
            look.marked[t] = true
            cellCount += 1
        }
        defer { for t in cells { look.marked[t] = false } }
        let fill = Double(cellCount) / Double(box.width * box.height)
        let pixels = box.pixels(in: grid)
        guard cellCount >= flashMinTiles, pixels.w >= options.flashMinSidePx, pixels.h >= options.flashMinSidePx,
              fill >= options.flashFill, Double(cellCount) < options.blankFraction * Double(tiles) else { return rejected("flash size/shape") }
        let inner = box.grown(by: 1, columns: grid.columns, rows: grid.rows)
        let ring = box.grown(by: ClassifierOptions.ringTiles(options.surroundPx(in: grid), tile: grid.tile), columns: grid.columns, rows: grid.rows)
        // ...on a picture that held still before it (a slide passing flat colours does not), with
        // still surroundings until its content came (a crossfade or a scroll changes everything).
        let boxes = look.boxes, needed = options.stepShare * Double(cellCount)
        let moved = look.marked.withUnsafeBufferPointer { marked in
            (1..<start).last { k in
                guard boxes[k].intersects(box) else { return 0 >= needed }
                return Double(active[k].lazy.filter { marked[$0] }.count) >= needed
            }
        }
        if let moved, window.ms(start) - window.ms(moved) < pauseMs {
            return rejected("moved before")
        }
        // (or that a blank showed: a page coming out of a blank onto a placeholder)
        if !blanks.contains(where: { $0.to == start }) {
            // the picture shown `pauseMs` before the placeholder (in a VFR film, often the frame just before it)
            let held = window.position(atLeast: pauseMs, before: start)
            let unrest = window[start - 1].thumb.distance(to: window[held].thumb, over: cells)
            guard unrest <= max(options.heldTolerance, options.contentStayShare * contrastIn) else {
                return rejected("not held before \(unrest)")
            }
        }
        // ...and whose content then stays (the middle frame of a crossfade through a flat colour
        // is followed by more of the fade; the encoder refining the content moves it a little)
        // the picture shown `pauseMs` after the content came
        let later = window.position(shownAt: window.ms(end) + pauseMs, from: end)
        let settle = window[later].thumb.distance(to: window[end].thumb, over: cells)
        guard settle <= max(options.heldTolerance, options.contentStayShare * contrastOut) else { return rejected("content kept moving \(settle)") }
        var around = ring.tiles(columns: grid.columns).filter { !inner.contains(tile: $0, columns: grid.columns) }
        // A placeholder held for a while on a page still painting: surroundings that change in one
        // step and hold (a font swap, another slot filling) are the page's progress, not a
        // crossfade or a scroll moving past it; only ring tiles that change visibly in two frames
        // or more count (counting the ones that never changed visibly as well brought back a false
        // motion on a real page load).
        if t.duration >= options.stableMs {
            var steps = [UInt8](repeating: 0, count: grid.count)
            for k in (start + 1)...end { for c in active[k] where steps[c] < 2 { steps[c] += 1 } }
            around = around.filter { steps[$0] >= 2 }
        }
        // Other slots of the page filled on the same frame are its own event, not its surroundings
        // moving; what is left of them then holds as a held picture does (its tolerance: a page's
        // first paint 0-0.08 levels, a dialog drawn in two steps over a dimming backdrop 2.7-8).
        var bound = options.surroundDrift
        if let alongside {
            let rest = around.filter { !alongside[$0] }
            if rest.count < around.count { (around, bound) = (rest, options.heldTolerance) }
        }
        // Its surroundings hold still while it shows (a crossfade, a scroll or a blur cover settling
        // moves them; text elsewhere changing its font does not move them as a whole).
        let drift = ((start + 1)...end).map { window[$0].thumb.distance(to: window[start].thumb, over: around) }.max() ?? 0
        guard drift <= bound else { return rejected("surroundings drifted \(drift)") }
        return FlashDetector.Flash(start: start, end: end, tiles: Array(Set(cells)).sorted(), box: box, colour: colour,
                                   evidence: .init(measures: m, detour: detourShare, fill: fill, surroundDrift: drift, contentSettle: settle))
    }
}

private func length(_ v: SIMD3<Float>) -> Float { (v * v).sum().squareRoot() }

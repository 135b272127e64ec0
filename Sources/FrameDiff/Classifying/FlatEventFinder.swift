/// Placeholders (flash) and blank pages (blank) from the fills that ended in a window.
///
/// A placeholder is judged over its region as a whole, not tile by tile: neighbouring tiles that
/// turned into a fill together, left it together and share one colour form a candidate; it is a
/// placeholder when that colour is uniform across it, it arrived and left in visible steps (so the
/// encoder refining smooth content after a cut, which only adds texture, is none), it is big and
/// compact enough to be a UI element, and nothing around it moved meanwhile. A fill that covers
/// most of the frame, clearly more than before and after it, is a blank.
///
///     let events = FlatEventFinder(options: o, grid: g, tiles: n, pauseMs: 50)
///         .events(fills.ended, through: last, window: window, claims: &claims)
struct FlatEventFinder {
    /// A flash or a blank: window positions `start...end`, its tiles and colour, and why.
    struct Event {
        var kind: FindingKind
        var start: Int
        var end: Int
        var tiles: [Int]
        var box: TileBox
        var colour: SIMD3<Float>
        var evidence: [Evidence]
        /// How far what replaces it stands out from the fill (levels): the size of the change a
        /// blank ends with, which the transitions after it are measured against.
        var contrastOut: Double
        /// How many flat pages one after another this blank is (1: one).
        var parts = 1
    }

    let options: ClassifierOptions
    let grid: TileGrid
    /// Unmasked tiles of the frame.
    let tiles: Int
    /// How long a picture must hold still before a placeholder shows on it (ms): a few frames.
    let pauseMs: Double
    /// The smallest placeholder in this grid's tiles (`flashMinAreaPx`).
    var flashMinTiles: Int { ClassifierOptions.tiles(options.flashMinAreaPx, tile: grid.tile) }

    /// Blanks first: a blank explains every change into and out of it, so a placeholder shown
    /// when the page comes back is judged against a still picture: a blank claims its frames.
    /// Intervals that end after `last` belong to a later window.
    func events(_ intervals: EndedFills, through last: Int, window: ClassifierWindow, claims: inout Claims) -> [Event] {
        guard let first = window.first?.index else { return [] }
        // (indices, not copies: a window can hold 100,000+ intervals of 64 bytes)
        var candidates: [Int32] = []
        for i in 0..<intervals.count {
            let v = intervals[i]
            if v.end <= last && v.start > first && window.ms(v.end - first) - window.ms(v.start - first) <= options.longestBlankMs {
                candidates.append(Int32(i))
            }
        }
        // (groups too small for a placeholder or a blank are judged by nothing)
        let smallest = min(flashMinTiles, Int((options.blankGroupShare * Double(tiles)).rounded(.up)))
        let all = groups(candidates, of: intervals, atLeast: smallest).sorted { $0.count > $1.count }
        var events: [Event] = []
        for group in all {
            guard let e = judgeBlank(group, first: first, window: window, active: claims.free) else { continue }
            // a blank takes every fill of its colour that came and went with it
            // (pieces of its colour that stay longer are the new page's own background)
            if events.contains(where: { abs($0.start - e.start) <= 1
                && (abs($0.end - e.end) <= 1 || maxAbs($0.colour - e.colour) <= Float(options.uniformTolerance)) }) { continue }
            events.append(e)
            claims.claimFrames(e.start...e.end)
        }
        // A page that goes from one flat colour straight to another (white, then the site's
        // background colour) is one blank: the frame stays flat between the two states.
        events.sort { $0.start < $1.start }
        var merged: [Event] = []
        for e in events {
            if var last = merged.last, e.start <= last.end {
                last.end = max(last.end, e.end)
                last.tiles = Array(Set(last.tiles).union(e.tiles)).sorted()
                last.box = TileBox(last.tiles, columns: grid.columns)
                last.parts += 1
                // (the count is shown once, last)
                last.evidence = last.evidence.filter { $0.name != "parts" } + [Evidence("parts", Double(last.parts))]
                merged[merged.count - 1] = last
            } else {
                merged.append(e)
            }
        }
        events = merged.map { extended($0, window: window, active: claims.free) }
        for e in events { claims.claimFrames(e.start...e.end) }
        let active = claims.free
        let blanks = events
        // NB: a placeholder looks back for frames that moved its tiles; most frames' changes lie
        // elsewhere, and a box per frame and a bitmap of the frame answer that without a division
        // a tile (that test was 2% of the main job).
        var look = Lookback(active: active, tiles: grid.count, columns: grid.columns)
        for group in all {
            if let e = judgeFlash(group, first: first, window: window, active: active, blanks: blanks, look: &look) {
                events.append(e)
            }
        }
        return events.sorted { ($0.start, $0.box.y0, $0.box.x0) < ($1.start, $1.box.y0, $1.box.x0) }
    }

    /// A blank that gives way to a page of another flat colour (the site's background before its
    /// first paint) lasts until that page is no longer mostly flat.
    private func extended(_ blank: Event, window: ClassifierWindow, active: [[Int]]) -> Event {
        var e = blank
        let tolerance = Float(options.uniformTolerance)
        if debugClassifier, let c = window[e.end].thumb.dominantFill() {
            debugLine("blank \(window.ms(e.start))-\(window.ms(e.end)) then \(c) covering \(window[e.end].thumb.tilesFilled(with: c, tolerance: tolerance).count) of \(tiles), window to \(window.ms(window.count - 1))")
        }
        while let colour = window[e.end].thumb.dominantFill(),
              case let during = window[e.end].thumb.tilesFilled(with: colour, tolerance: tolerance).count,
              Double(during) >= options.blankFraction * Double(tiles),
              solidity(window[e.end].thumb.tilesFilled(with: colour, tolerance: tolerance),
                       box: TileBox(window[e.end].thumb.tilesFilled(with: colour, tolerance: tolerance), columns: grid.columns))
                >= options.blankSolid {
            // (it ends with the first paint: a change over a tenth of the frame, most of it on that page)
            guard let next = ((e.end + 1)..<window.count).first(where: { k in
                Double(during - window[k].thumb.tilesFilled(with: colour, tolerance: tolerance).count) >= options.blankRise * Double(tiles)
                    || Double(active[k].count) >= options.blankStepShare * Double(tiles)
            }), window.ms(next) - window.ms(blank.start) <= options.blankPaintFactor * options.longestBlankMs else { break }
            e.end = next
            e.evidence.append(Evidence("then_flat_ms", window.ms(next) - window.ms(blank.end)))
        }
        return e
    }

    /// Neighbouring intervals that began and ended within a frame of each other in one colour:
    /// the groups of at least `atLeast` of the `chosen` intervals, in the order of their first.
    /// NB: the chosen are indices into `all` and the work arrays are Int32: a window can hold
    /// 100,000+ intervals, and copies of them were the largest block the classifier allocated.
    private func groups(_ chosen: [Int32], of all: EndedFills, atLeast: Int) -> [IntervalGroup] {
        let n = chosen.count
        func interval(_ i: Int32) -> FillTracker.Interval { all[Int(chosen[Int(i)])] }
        // intervals by tile, as linked lists in two arrays
        var head = [Int32](repeating: -1, count: grid.count), next = [Int32](repeating: -1, count: n)
        for i in 0..<Int32(n) {
            let t = interval(i).tile
            next[Int(i)] = head[t]
            head[t] = i
        }
        var sets = DisjointSets(count: n)
        func find(_ i: Int32) -> Int32 { Int32(sets.find(Int(i))) }
        let cols = grid.columns, tolerance = Float(options.colourTolerance)
        // (the right and the lower neighbour, in that order, without an array an interval)
        func join(_ i: Int32, _ v: FillTracker.Interval, withTile nb: Int) {
            var j = head[nb]
            while j >= 0 {
                let w = interval(j)
                if abs(w.start - v.start) <= 1, abs(w.end - v.end) <= 1, maxAbs(w.colour - v.colour) <= tolerance {
                    sets.union(Int(i), Int(j))
                }
                j = next[Int(j)]
            }
        }
        for i in 0..<Int32(n) {
            let v = interval(i)
            if v.tile % cols + 1 < cols { join(i, v, withTile: v.tile + 1) }
            if v.tile + cols < grid.count { join(i, v, withTile: v.tile + cols) }
        }
        // NB: most groups are a tile or two of smooth content; counting first builds only the big ones
        var size = [Int32](repeating: 0, count: n)
        for i in 0..<Int32(n) { size[Int(find(i))] += 1 }
        var slot = [Int32](repeating: -1, count: n)
        var members: [[Int32]] = []
        for i in 0..<Int32(n) {
            let r = Int(find(i))
            guard size[r] >= atLeast else { continue }
            if slot[r] < 0 {
                slot[r] = Int32(members.count)
                members.append([])
                members[members.count - 1].reserveCapacity(Int(size[r]))
            }
            members[Int(slot[r])].append(chosen[Int(i)])
        }
        return members.map { IntervalGroup(all: all, members: $0) }
    }

    /// One group of a window's ended fills, in the order they were found: indices into the
    /// window's fills rather than copies (a window's groups held 65,000 copies of 64 bytes, 4 MB,
    /// at the peak of the 60 s bench film).
    struct IntervalGroup: RandomAccessCollection {
        let all: EndedFills
        let members: [Int32]
        var startIndex: Int { 0 }
        var endIndex: Int { members.count }
        subscript(i: Int) -> FillTracker.Interval { all[Int(members[i])] }
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

    /// The timing both kinds are judged on: window positions of the fill's first frame and of the
    /// first frame after it (the most common among its tiles), and how long it showed (ms).
    private func timing(_ group: IntervalGroup, first: Int, window: ClassifierWindow) -> (start: Int, end: Int, duration: Double)? {
        let start = mode(group.map(\.start)) - first, end = mode(group.map(\.end)) - first
        guard start >= 1, end > start else { return rejected(group, start, end, window, "timing") }
        return (start, end, window.ms(end) - window.ms(start))
    }

    /// What a fill is judged on as a blank or as a placeholder: its colour and how uniform it is,
    /// how visibly it came and went, and how far the pictures around it stand out from it.
    private struct Measures {
        var colour: SIMD3<Float>
        var visibleIn: Double, visibleOut: Double
        var contrastIn: Double, contrastOut: Double
        /// The evidence both kinds report.
        var common: [Evidence]
    }

    /// The measures of a fill shown from `start` to `end`; nil when it is not one colour.
    private func measures(_ group: IntervalGroup, start: Int, end: Int, window: ClassifierWindow) -> Measures? {
        let n = Float(group.count)
        let colour = group.map(\.colour).reduce(.zero, +) / n
        let uniformity = group.map { maxAbs($0.colour - colour) }.max() ?? 0
        guard Double(uniformity) <= options.uniformTolerance else { return rejected(group, start, end, window, "uniformity") }
        let visibleIn = Double(group.filter(\.visibleIn).count) / Double(n)
        let visibleOut = Double(group.filter(\.visibleOut).count) / Double(n)
        // How far a look stands out from the fill: in colour, or in detail (grey over a grey photo)
        func contrast(_ l: FillTracker.Look) -> Double { Double(max(maxAbs(l.mean - colour), l.variance.squareRoot())) }
        let contrastIn = group.map { contrast($0.before) }.reduce(0, +) / Double(n)
        let contrastOut = group.map { contrast($0.after) }.reduce(0, +) / Double(n)
        return Measures(colour: colour, visibleIn: visibleIn, visibleOut: visibleOut, contrastIn: contrastIn, contrastOut: contrastOut,
                        common: [Evidence("uniformity", Double(uniformity)), Evidence("contrast_in", contrastIn),
                                 Evidence("contrast_out", contrastOut), Evidence("visible_in", visibleIn),
                                 Evidence("visible_out", visibleOut)])
    }

    /// Says (with FRAMEDIFF_DEBUG) why a fill big enough to matter is no finding; always nil.
    private func rejected<T>(_ group: IntervalGroup, _ start: Int, _ end: Int, _ window: ClassifierWindow, _ why: String) -> T? {
        if debugClassifier, group.count >= flashMinTiles {
            let c = group[0].colour
            debugLine("fill \(group.count) tiles at \(window.ms(max(0, start)))-\(window.ms(max(0, end))) colour \(Int(c.x)),\(Int(c.y)),\(Int(c.z)) rejected: \(why)")
        }
        return nil
    }

    /// A blank: one fill covers most of the frame, clearly more than before and after, solid, and
    /// entered and left in a visible step.
    private func judgeBlank(_ group: IntervalGroup, first: Int, window: ClassifierWindow, active: [[Int]]) -> Event? {
        // (the tiles that turn into a blank page are a good part of the frame)
        guard Double(group.count) >= options.blankGroupShare * Double(tiles) else { return nil }
        guard let t = timing(group, first: first, window: window),
              let m = measures(group, start: t.start, end: t.end, window: window) else { return nil }
        let (start, end) = (t.start, t.end)
        func rejected(_ why: String) -> Event? { self.rejected(group, start, end, window, why) }
        let (colour, contrastIn, contrastOut, common) = (m.colour, m.contrastIn, m.contrastOut, m.common)
        // (a blank is judged by how much of the frame it covers, not by visible steps tile by tile:
        // a page's own background colour turning into the blank barely changes; and a blank page
        // may give way to another flat page: it needs to stand out on one side)
        guard max(contrastIn, contrastOut) >= options.fillContrast else { return rejected("contrast \(contrastIn) \(contrastOut)") }
        let tolerance = Float(options.uniformTolerance)
        func coverage(_ k: Int) -> Double {
            Double(window[k].thumb.tilesFilled(with: colour, tolerance: tolerance).count) / Double(tiles)
        }
        let during = coverage(start)
        guard during >= options.blankFraction else { return nil }
        let before = coverage(start - 1), after = coverage(end)
        guard during - before >= options.blankRise, during - after >= options.blankRise else { return rejected("blank rise") }
        // ...in a visible step each way (a fade to black that holds is a fade to a state)
        let stepIn = Double(active[start].count) / Double(tiles), stepOut = Double(active[end].count) / Double(tiles)
        guard min(stepIn, stepOut) >= options.blankStepShare,
              max(contrastIn, contrastOut) >= options.blankContrastFactor * options.fillContrast else {
            return rejected("blank entered or left gradually")
        }
        let all = window[start].thumb.tilesFilled(with: colour, tolerance: tolerance)
        // a blank page is flat throughout; a sparse page on a white background is not
        let box = TileBox(all, columns: grid.columns)
        let solid = solidity(all, box: box)
        guard solid >= options.blankSolid else { return rejected("blank not solid \(solid)") }
        return Event(kind: .blank, start: start, end: end, tiles: all, box: box,
                     colour: colour, evidence: common + [Evidence("coverage", during), Evidence("coverage_before", before),
                                                         Evidence("coverage_after", after), Evidence("solid", solid)],
                     contrastOut: contrastOut)
    }

    /// A placeholder: a compact UI element, one colour, that came and went in visible steps on a
    /// picture that held still, stands out from what replaces it, and whose surroundings and
    /// content stay put; no piece of a blank.
    private func judgeFlash(_ group: IntervalGroup, first: Int, window: ClassifierWindow, active: [[Int]],
                            blanks: [Event], look: inout Lookback) -> Event? {
        // cheap tests first: most groups are a few tiles of smooth content
        guard group.count >= flashMinTiles else { return nil }
        guard let t = timing(group, first: first, window: window), t.duration <= options.longestFlashMs else { return nil }
        let (start, end) = (t.start, t.end)
        // pieces of a blank are the blank's (the page is blank: no placeholder shows on it)
        guard !blanks.contains(where: { start >= $0.start - 1 && end <= $0.end + 1 }) else { return nil }
        guard let m = measures(group, start: start, end: end, window: window) else { return nil }
        func rejected(_ why: String) -> Event? { self.rejected(group, start, end, window, why) }
        let (colour, contrastIn, contrastOut) = (m.colour, m.contrastIn, m.contrastOut)
        var common = m.common
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
        common.append(Evidence("detour", detourShare))
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
        let ring = box.grown(by: ClassifierOptions.tiles(options.surroundPx, tile: grid.tile, side: true), columns: grid.columns, rows: grid.rows)
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
        if !blanks.contains(where: { $0.end == start }) {
            // the picture shown `pauseMs` before the placeholder (in a VFR film, often the frame just before it)
            let held = window.position(atLeast: pauseMs, before: start)
            let unrest = window[start - 1].thumb.distance(to: window[held].thumb, over: cells)
            guard unrest <= max(options.stateTolerance * options.holdFactor, options.contentStayShare * contrastIn) else {
                return rejected("not held before \(unrest)")
            }
        }
        // ...and whose content then stays (the middle frame of a crossfade through a flat colour
        // is followed by more of the fade; the encoder refining the content moves it a little)
        // the picture shown `pauseMs` after the content came
        let later = window.position(shownAt: window.ms(end) + pauseMs, from: end)
        let settle = window[later].thumb.distance(to: window[end].thumb, over: cells)
        guard settle <= max(options.stateTolerance * options.holdFactor, options.contentStayShare * contrastOut) else { return rejected("content kept moving \(settle)") }
        let around = ring.tiles(columns: grid.columns).filter { !inner.contains(tile: $0, columns: grid.columns) }
        // Its surroundings hold still while it shows (a crossfade, a scroll or a blur cover settling
        // moves them; text elsewhere changing its font does not move them as a whole).
        let drift = ((start + 1)...end).map { window[$0].thumb.distance(to: window[start].thumb, over: around) }.max() ?? 0
        guard drift <= options.surroundDrift else { return rejected("surroundings drifted \(drift)") }
        return Event(kind: .flash, start: start, end: end, tiles: Array(Set(cells)).sorted(), box: box, colour: colour,
                     evidence: common + [Evidence("fill", fill), Evidence("surround_drift", drift),
                                         Evidence("content_settle", settle)], contrastOut: contrastOut)
    }

    /// Share of a box that `tiles` fill, after trimming rows and columns along its edges that they
    /// fill less than half of (a toolbar of the same colour around its icons).
    private func solidity(_ tiles: [Int], box: TileBox) -> Double {
        guard !box.isEmpty else { return 0 }
        let cols = grid.columns
        var inBox = [Bool](repeating: false, count: box.width * box.height)
        for t in tiles where box.contains(tile: t, columns: cols) { inBox[(t / cols - box.y0) * box.width + t % cols - box.x0] = true }
        var x0 = 0, x1 = box.width - 1, y0 = 0, y1 = box.height - 1
        func rowFill(_ y: Int) -> Double { Double((x0...x1).filter { inBox[y * box.width + $0] }.count) / Double(x1 - x0 + 1) }
        func colFill(_ x: Int) -> Double { Double((y0...y1).filter { inBox[$0 * box.width + x] }.count) / Double(y1 - y0 + 1) }
        let least = options.edgeTrimFill
        var trimmed = true
        while trimmed && x0 < x1 && y0 < y1 {
            trimmed = false
            if rowFill(y0) < least { y0 += 1; trimmed = true }
            if y1 > y0, rowFill(y1) < least { y1 -= 1; trimmed = true }
            if colFill(x0) < least { x0 += 1; trimmed = true }
            if x1 > x0, colFill(x1) < least { x1 -= 1; trimmed = true }
        }
        let filled = (y0...y1).reduce(0) { n, y in n + (x0...x1).filter { inBox[y * box.width + $0] }.count }
        return Double(filled) / Double((x1 - x0 + 1) * (y1 - y0 + 1))
    }

    /// The most common value (the smallest of equals); the values of one group lie within a frame
    /// or two of each other.
    private func mode(_ values: [Int]) -> Int {
        let lo = values.min()!, hi = values.max()!
        var counts = [Int](repeating: 0, count: hi - lo + 1)
        for v in values { counts[v - lo] += 1 }
        return lo + counts.indices.max { counts[$0] != counts[$1] ? counts[$0] < counts[$1] : $0 > $1 }!
    }
}

private func length(_ v: SIMD3<Float>) -> Float { (v * v).sum().squareRoot() }

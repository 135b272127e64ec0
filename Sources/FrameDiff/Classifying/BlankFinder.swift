/// Blank pages among a window's fills (FlatEventFinder): one fill over most of the frame, clearly
/// more than before and after it, solid, entered and left in a visible step; a blank that gives way
/// to a page of another flat colour lasts until that page's first paint. A blank claims its frames.
///
///     let blanks = finder.blanks(all, first: first, window: window, claims: &claims)
extension FlatEventFinder {
    /// The window's blanks, from the groups of its fills (largest first); each claims its frames.
    /// Two flat pages one after another (white, then the site's background colour) are one blank.
    func blanks(_ all: [IntervalGroup], first: Int, window: ClassifierWindow, claims: inout Claims) -> [Event] {
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
        return events
    }

    /// A blank: one fill covers most of the frame, clearly more than before and after, solid, and
    /// entered and left in a visible step.
    func judgeBlank(_ group: IntervalGroup, first: Int, window: ClassifierWindow, active: [[Int]]) -> Event? {
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

    /// A blank that gives way to a page of another flat colour (the site's background before its
    /// first paint) lasts until that page is no longer mostly flat.
    func extended(_ blank: Event, window: ClassifierWindow, active: [[Int]]) -> Event {
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

    /// Share of a box that `tiles` fill, after trimming rows and columns along its edges that they
    /// fill less than half of (a toolbar of the same colour around its icons).
    func solidity(_ tiles: [Int], box: TileBox) -> Double {
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
}

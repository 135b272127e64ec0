/// Blank pages: one fill over most of the frame, clearly more than before and after it, solid,
/// entered and left in a visible step; a blank that gives way to a page of another flat colour
/// lasts until that page's first paint. Second of the detectors: a blank claims every change of
/// its frames (into it, while it shows, out of it) and bounds the transitions on either side.
///
///     var blanks = BlankDetector(); blanks.decide(window, claims: &claims)
///     blanks.settle(window, claims: claims, into: &findings)
struct BlankDetector: Detector {
    /// A blank page decided in a window.
    typealias Blank = FlatEvent<BlankEvidence>

    /// What a blank was decided on, as its finding's evidence lists it.
    struct BlankEvidence {
        var measures: FillGroups.Measures
        /// Shares of the frame filled with its colour while it shows, before and after it.
        var coverage: Double, coverageBefore: Double, coverageAfter: Double
        /// Share of its box it fills, edges trimmed.
        var solid: Double
        /// How many flat pages one after another it is (1: one).
        var parts = 1
        /// For each flat page of another colour it gave way to: how long that showed (ms). Listed
        /// as the first one's time and, when there were more, their count.
        var thenFlatMs: [Double] = []

        var listed: [Evidence] {
            measures.listed
                + [Evidence("coverage", coverage), Evidence("coverage_before", coverageBefore),
                   Evidence("coverage_after", coverageAfter), Evidence("solid", solid)]
                + (parts > 1 ? [Evidence("parts", Double(parts))] : [])
                // (one key each: a page flickering between two flat colours gives way many times)
                + (thenFlatMs.first.map { [Evidence("then_flat_ms", $0)] } ?? [])
                + (thenFlatMs.count > 1 ? [Evidence("then_flat_count", Double(thenFlatMs.count))] : [])
        }
    }

    /// The blanks of the window being decided.
    private var decided: [Blank] = []

    mutating func decide(_ window: DecisionWindow, claims: inout Claims) {
        guard let fills = window.fills else { return }
        decided = fills.blanks(claims: &claims)
    }

    mutating func settle(_ window: DecisionWindow, claims: Claims, into findings: inout [Detection]) {
        for b in decided { findings.append(b.finding(.blank, in: window, evidence: b.evidence.listed)) }
        decided = []
    }
}

extension FillGroups {
    /// The window's blanks, from the groups of its fills (largest first); each claims its frames.
    /// Two flat pages one after another (white, then the site's background colour) are one blank.
    fileprivate func blanks(claims: inout Claims) -> [BlankDetector.Blank] {
        var events: [BlankDetector.Blank] = []
        for group in all {
            guard let e = judgeBlank(group, active: claims.free) else { continue }
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
        var merged: [BlankDetector.Blank] = []
        for e in events {
            if var last = merged.last, e.start <= last.end {
                last.end = max(last.end, e.end)
                last.tiles = Array(Set(last.tiles).union(e.tiles)).sorted()
                last.box = TileBox(last.tiles, columns: grid.columns)
                last.evidence.parts += 1
                merged[merged.count - 1] = last
            } else {
                merged.append(e)
            }
        }
        events = merged.map { extended($0, active: claims.free) }
        for e in events { claims.claimBlank(e.start...e.end, change: e.evidence.measures.contrastOut) }
        return events
    }

    /// A blank: one fill covers most of the frame, clearly more than before and after, solid, and
    /// entered and left in a visible step.
    func judgeBlank(_ group: IntervalGroup, active: [[Int]]) -> BlankDetector.Blank? {
        // (the tiles that turn into a blank page are a good part of the frame)
        guard Double(group.count) >= options.blankGroupShare * Double(tiles) else { return nil }
        guard let t = timing(group),
              let m = measures(group, start: t.start, end: t.end) else { return nil }
        let start = t.start
        var end = t.end
        func rejected(_ why: String) -> BlankDetector.Blank? { self.rejected(group, start, end, why) }
        let (colour, contrastIn, contrastOut) = (m.colour, m.contrastIn, m.contrastOut)
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
        // The first paint ends it, though tiles of its colour stay: a skeleton page's grey boxes
        // land on the white (its colour's cover falling by `blankRise`), and the white around them
        // is the new page's (web_youtube_chrome.mp4: one blank 866-1633 ms over the white page, the
        // skeleton and a white gap, labelled blank 866-1100 and blank 1533-1600). The paint is a
        // visible step (`blankStepShare` of the tiles changing) whose drop holds on the next frame:
        // grain that makes a fifth of the white tiles unflat for a frame is none.
        func painted(_ k: Int) -> Bool {
            during - coverage(k) >= options.blankRise && Double(active[k].count) >= options.blankStepShare * Double(tiles)
                && (k + 1 >= end || during - coverage(k + 1) >= options.blankRise)
        }
        if let paint = ((start + 1)..<end).first(where: painted) { end = paint }
        // A flat page within `uniformTolerance` of the blank's colour (white giving way to
        // Material's #FAFAFA) ends the fills but covers the frame as the blank did (within
        // `blankSamePageShare`, more or less): it is the same blank, which runs to the first frame
        // that is not so covered, its first paint. Judged apart, each page had the other beside it
        // and stood out from neither. (Forward only: a page before a blank is a page of its own.)
        let longest = options.blankPaintFactor * options.longestBlankMs
        var (last, covered) = (end, coverage(end))
        while abs(covered - during) <= options.blankSamePageShare, last + 1 < window.count,
              window.ms(last + 1) - window.ms(start) <= longest {
            last += 1
            covered = coverage(last)
        }
        if abs(covered - during) > options.blankSamePageShare { end = last }
        let before = coverage(start - 1), after = last == end ? covered : coverage(end)
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
        return BlankDetector.Blank(start: start, end: end, tiles: all, box: box, colour: colour,
                                   evidence: .init(measures: m, coverage: during, coverageBefore: before, coverageAfter: after, solid: solid))
    }

    /// A blank that gives way to a page of another flat colour (the site's background before its
    /// first paint), covering what the blank covered, lasts until that page is no longer mostly flat.
    func extended(_ blank: BlankDetector.Blank, active: [[Int]]) -> BlankDetector.Blank {
        var e = blank
        let tolerance = Float(options.uniformTolerance)
        if debugClassifier, let c = window[e.end].thumb.dominantFill() {
            debugLine("blank \(window.ms(e.start))-\(window.ms(e.end)) then \(c) covering \(window[e.end].thumb.tilesFilled(with: c, tolerance: tolerance).count) of \(tiles), window to \(window.ms(window.count - 1))")
        }
        while let colour = window[e.end].thumb.dominantFill() {
            let filled = window[e.end].thumb.tilesFilled(with: colour, tolerance: tolerance), during = filled.count
            guard Double(during) >= options.blankFraction * Double(tiles),
                  // (a page painted as it turned flat is past its first paint: a header over 7-8% of
                  // the frame on the lemons page at three quarters of its size read as blank for 742 ms more)
                  Double(during) >= (blank.evidence.coverage - options.blankPageDrop) * Double(tiles),
                  solidity(filled, box: TileBox(filled, columns: grid.columns)) >= options.blankSolid else { break }
            // (it ends with the first paint: a change over a tenth of the frame, most of it on that page)
            guard let next = ((e.end + 1)..<window.count).first(where: { k in
                Double(during - window[k].thumb.tilesFilled(with: colour, tolerance: tolerance).count) >= options.blankRise * Double(tiles)
                    || Double(active[k].count) >= options.blankStepShare * Double(tiles)
            }), window.ms(next) - window.ms(blank.start) <= options.blankPaintFactor * options.longestBlankMs else { break }
            e.end = next
            e.evidence.thenFlatMs.append(window.ms(next) - window.ms(blank.end))
        }
        return e
    }

    /// Share of a box that `tiles` fill, edges trimmed (`TileBox.trimmed`: a toolbar of the same
    /// colour around its icons).
    func solidity(_ tiles: [Int], box: TileBox) -> Double { box.trimmed(to: tiles, columns: grid.columns, edgeTrim: options.edgeTrimFill).solid }
}

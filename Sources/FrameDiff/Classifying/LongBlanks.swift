/// Blanks longer than fills are followed (`longestBlankMs`): a flat page that a cut brought and a
/// later cut took away, up to `longestCutBlankMs`, is one blank from the first cut to the last
/// (DESIGN.md: a blank is one finding; the changes into and out of it are no cuts). A slow page
/// load's white holds 1-3 s, and two cuts hid the worst blanks from a gate's blank rules.
///
/// The page is judged as a blank is (`BlankDetector`): one colour covering `blankFraction` of the
/// frame, `blankRise` more than the picture before it and the one after, entered and left in
/// steps over `blankStepShare` of the frame, one of them standing out by `blankContrastFactor` x
/// `fillContrast`; and, held this long, with nothing inside it (`longBlankSolid` of its box: a
/// splash screen's logo, one line of text, an empty state's icon and label, a browser's address
/// bar icons inside the box leave it 97-99.4% filled, at 360-1440 px wide). The same page shows
/// until the cut that takes it (its cover within `blankSamePageShare`), and nothing else changes
/// on it between: a finding there (a spinner, a paint) leaves the cuts as
/// they are, one beside it (a browser's address bar) stays a finding of its own, and a busy region
/// is its own (a counter). A page giving way by a cut to another such page (white, then black)
/// goes on as one blank while the whole stays within the limit.
///
///     let findings = LongBlanks(options: o).merged(found)
struct LongBlanks {
    let options: ClassifierOptions

    /// The cuts of one frame (the parts of one step, in separate places), in their findings' order.
    private struct Step {
        let frame: Int
        let cuts: [Int]
        let startMs: Double
        let pages: CutPages
        /// Share of the frame the step changed.
        let area: Double
        let regions: [Rect]
    }

    func merged(_ findings: [Detection]) -> [Detection] {
        guard options.longestCutBlankMs >= options.longestBlankMs else { return findings }
        var byFrame: [Int: [Int]] = [:]
        for i in findings.indices where findings[i].kind == .cut && findings[i].pages != nil { byFrame[findings[i].firstFrame, default: []].append(i) }
        guard byFrame.count >= 2 else { return findings }
        let steps = byFrame.keys.sorted().map { frame -> Step in
            let cuts = byFrame[frame]!, first = findings[cuts[0]]
            return Step(frame: frame, cuts: cuts, startMs: first.startMs, pages: first.pages!,
                        area: min(1, cuts.reduce(0) { $0 + findings[$1].area }), regions: cuts.map { findings[$0].region })
        }
        var gone = Set<Int>(), blanks: [Detection] = []
        var n = 0
        while n < steps.count {
            guard let chain = blank(from: n, steps: steps, findings: findings) else {
                n += 1
                continue
            }
            let (entry, exit) = (steps[n], steps[chain.steps.last!])
            let page = chain.pages[0], shown = chain.pages.dropFirst().reduce(page.region) { $0.union($1.region) }
            // (a cut on the same frame away from the pages, a status bar's clock, stays a cut)
            let parts = chain.steps.flatMap { steps[$0].cuts }.filter { findings[$0].region.intersects(shown) }
            gone.formUnion(parts)
            var blank = Detection(kind: .blank, startMs: entry.startMs, endMs: exit.startMs, firstFrame: entry.frame, lastFrame: exit.frame,
                                  peakRMSE: parts.map { findings[$0].peakRMSE }.max() ?? 0,
                                  region: shown,
                                  area: chain.pages.map(\.area).max() ?? page.area, colour: FillGroups.shown(page.colour))
            blank.evidence = [Evidence("contrast_in", entry.pages.change), Evidence("contrast_out", exit.pages.change),
                              Evidence("coverage", page.coverage), Evidence("coverage_before", page.otherCoverage),
                              Evidence("coverage_after", exit.pages.before?.otherCoverage ?? 0), Evidence("solid", chain.pages.map(\.solid).min()!)]
            blanks.append(blank)
            // (the step that ended it may bring the next blank: a page held past the limit after it)
            n = chain.steps.last!
        }
        guard !blanks.isEmpty else { return findings }
        return findings.indices.filter { !gone.contains($0) }.map { findings[$0] } + blanks
    }

    /// The blank that step `n` enters: its steps (`n`, the step from each page to the next, the one
    /// that leaves the last) and each page shown.
    private func blank(from n: Int, steps: [Step], findings: [Detection]) -> (steps: [Int], pages: [FlatPage])? {
        guard var page = steps[n].pages.after, blankLike(page, coverageBefore: page.otherCoverage), stepped(steps[n]) else { return nil }
        var pages: [FlatPage] = [], chain = [n], at = n
        var contrast = steps[n].pages.change
        var found: (steps: [Int], pages: [FlatPage])?
        while true {
            // the next step on the page, and whether it takes the page away as it was brought
            guard let k = steps.indices.first(where: { $0 > at && steps[$0].regions.contains { $0.intersects(page.core) } }),
                  let before = steps[k].pages.before, stepped(steps[k]),
                  maxAbs(before.colour - page.colour) <= Float(options.uniformTolerance),
                  abs(before.coverage - page.coverage) <= options.blankSamePageShare,
                  steps[k].startMs - steps[n].startMs <= options.longestCutBlankMs,
                  !changed(on: page.core, between: steps[at], and: steps[k], findings: findings) else { break }
            pages.append(page)
            chain.append(k)
            contrast = max(contrast, steps[k].pages.change)
            // (the page held long enough, and stood out on one side: a blank so far)
            if steps[k].startMs - steps[n].startMs >= options.longestBlankMs, before.coverage - before.otherCoverage >= options.blankRise,
               contrast >= options.blankContrastFactor * options.fillContrast {
                found = (chain, pages)
            }
            // another flat page after it (white, then black) goes on with it
            guard let next = steps[k].pages.after, blankLike(next, coverageBefore: next.otherCoverage),
                  maxAbs(next.colour - page.colour) > Float(options.uniformTolerance) else { break }
            (page, at) = (next, k)
        }
        return found
    }

    /// A page that could be a blank held long: most of the frame, more of it than the picture on the
    /// other side of the step, and nothing inside it.
    private func blankLike(_ p: FlatPage, coverageBefore: Double) -> Bool {
        p.isEmptyPage(options) && p.coverage - coverageBefore >= options.blankRise
    }

    /// A visible step: over `blankStepShare` of the frame.
    private func stepped(_ s: Step) -> Bool { s.area >= options.blankStepShare }

    /// Whether a finding other than the steps' cuts (busy regions and hitches aside) changed the
    /// page between the two steps.
    private func changed(on core: Rect, between a: Step, and b: Step, findings: [Detection]) -> Bool {
        let own = Set(a.cuts + b.cuts)
        return findings.indices.contains { k in
            let f = findings[k]
            return !own.contains(k) && f.kind != .hitch && !f.busy && f.endMs > a.startMs && f.startMs < b.startMs && f.region.intersects(core)
        }
    }
}

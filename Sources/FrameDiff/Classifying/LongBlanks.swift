/// Blanks longer than fills are followed (`longestBlankMs`): a flat page that a cut brought and
/// the next cut took away, up to `longestCutBlankMs`, is one blank from the first cut to the
/// second (DESIGN.md: a blank is one finding; the changes into and out of it are no cuts). A slow
/// page load's white holds 1-3 s, and two cuts hid the worst blanks from a gate's blank rules.
///
/// The page is judged as a blank is (`BlankDetector`): one colour covering `blankFraction` of the
/// frame, `blankSolid` of its box and `blankRise` more than the pictures before and after; each
/// cut a step over `blankStepShare` of the frame that stands out by `blankContrastFactor` x
/// `fillContrast`. The same page shows on both sides (the second cut's picture before it covers
/// the first's share within `blankSamePageShare`), and nothing else changes on it between: a
/// finding there (a spinner's, a paint) leaves the cuts as they are; one beside the page (a
/// browser's address bar) stays a finding of its own.
///
///     let findings = LongBlanks(options: o).merged(found)
struct LongBlanks {
    let options: ClassifierOptions

    func merged(_ findings: [Detection]) -> [Detection] {
        guard options.longestCutBlankMs > options.longestBlankMs else { return findings }
        let order = findings.indices.sorted { findings[$0].startMs < findings[$1].startMs }
        var gone = Set<Int>(), blanks: [Detection] = []
        for (n, i) in order.enumerated() where !gone.contains(i) {
            guard let page = entered(findings[i]) else { continue }
            // the next cut on the page, past the frame it came on
            guard let j = order[(n + 1)...].first(where: {
                findings[$0].kind == .cut && findings[$0].firstFrame > findings[i].firstFrame
                    && !findings[$0].region.intersection(page.region).isEmpty
            }), !gone.contains(j), let out = left(findings[j], page: page) else { continue }
            let (x, y) = (findings[i], findings[j])
            let held = y.startMs - x.startMs
            guard held > options.longestBlankMs, held <= options.longestCutBlankMs else { continue }
            // the cuts' other parts on the same frames are the steps into and out of the blank
            let parts = findings.indices.filter {
                findings[$0].kind == .cut && (findings[$0].firstFrame == x.firstFrame || findings[$0].firstFrame == y.firstFrame)
            }
            // nothing else changed on the page while it showed
            let onPage = findings.indices.contains { k in
                let f = findings[k]
                guard !parts.contains(k), f.kind != .hitch, !f.busy, f.endMs > x.startMs, f.startMs < y.startMs else { return false }
                return !f.region.intersection(page.region).isEmpty
            }
            guard !onPage else { continue }
            gone.formUnion(parts)
            var blank = Detection(kind: .blank, startMs: x.startMs, endMs: y.startMs, firstFrame: x.firstFrame, lastFrame: y.firstFrame,
                                  peakRMSE: parts.map { findings[$0].peakRMSE }.max() ?? 0, region: page.region, area: page.area,
                                  colour: FillGroups.shown(page.colour))
            blank.evidence = [Evidence("coverage", page.coverage), Evidence("coverage_before", page.otherCoverage),
                              Evidence("coverage_after", out.otherCoverage), Evidence("solid", page.solid),
                              Evidence("change_in", change(x)), Evidence("change_out", change(y)), Evidence("held_ms", held)]
            blanks.append(blank)
        }
        guard !blanks.isEmpty else { return findings }
        return findings.indices.filter { !gone.contains($0) }.map { findings[$0] } + blanks
    }

    /// The flat page a cut brings, when it could be a blank.
    private func entered(_ f: Detection) -> FlatPage? {
        guard f.kind == .cut, let page = f.pages?.after, blankLike(page), stepped(f) else { return nil }
        return page
    }

    /// The page a cut takes away, when it is `page` as it was brought.
    private func left(_ f: Detection, page: FlatPage) -> FlatPage? {
        guard let before = f.pages?.before, blankLike(before), stepped(f),
              maxAbs(before.colour - page.colour) <= Float(options.uniformTolerance),
              abs(before.coverage - page.coverage) <= options.blankSamePageShare else { return nil }
        return before
    }

    private func blankLike(_ p: FlatPage) -> Bool {
        p.coverage >= options.blankFraction && p.solid >= options.blankSolid && p.coverage - p.otherCoverage >= options.blankRise
    }

    /// A visible step over `blankStepShare` of the frame that stands out from the page.
    private func stepped(_ f: Detection) -> Bool {
        f.area >= options.blankStepShare && change(f) >= options.blankContrastFactor * options.fillContrast
    }

    /// How far the cut's states stand apart (its `change` evidence, levels).
    private func change(_ f: Detection) -> Double { f.evidence.first { $0.name == "change" }?.value ?? 0 }
}

/// A scroll or a fling that goes on past `busyMs` is followed as a busy region, but its lineage
/// of tiles breaks where a patch of content arrives in one step or a row pauses for a state: those
/// tiles start lineages of their own, and came out as motions, fades and cuts inside the scroll,
/// timed as it is or starting part way (a 1.8-s fling of a 540x960 list: one busy motion and a
/// second motion one frame later over the same box; a 2.8-s iOS deceleration: the busy motion, four
/// motions, a fade and five cuts). A person sees one movement. So a busy region whose own tiles
/// cover `busyBroadShare` of the frame or more (a moving page, not a counter, a spinner or a
/// progress bar), begun `stableMs` or more after the film's first frame (a video or an animated
/// background already playing when the recording began changes from its first frames), takes
/// every cut, fade and motion during its frames that lies on its own tiles (`busyPieceShare` of
/// the finding's box): they are the same event. A card that holds still in an animated
/// background is not the background's tiles, and keeps its findings; flashes and blanks stay too
/// (a placeholder is judged on surroundings that hold still). Such a page is an animation, with
/// frame steps of its own: it is no longer `busy`, so its hitches are looked for.
///
///     let kept = BroadBusy(options: o, firstMs: 0).absorbing(findings)
struct BroadBusy: Sendable {
    let options: ClassifierOptions
    /// The film's first frame's pts.
    let firstMs: Double

    func absorbing(_ findings: [Detection]) -> [Detection] {
        let pages = findings.filter(isPage)
        guard !pages.isEmpty else { return findings }
        return findings.compactMap { f in
            guard !isPage(f) else {
                var page = f
                page.busy = false
                page.evidence.append(Evidence("busy_share", f.area))
                return page
            }
            return pages.contains { takes($0, f) } ? nil : f
        }
    }

    private func isPage(_ f: Detection) -> Bool {
        f.busy && f.area >= options.busyBroadShare && f.startMs >= firstMs + options.stableMs
    }

    /// Whether `f`, a cut, fade or motion during the page's frames, lies on its own tiles.
    private func takes(_ page: Detection, _ f: Detection) -> Bool {
        guard !f.busy, f.kind == .cut || f.kind == .fade || f.kind == .motion, f.region.area > 0,
              f.firstFrame >= page.firstFrame, f.lastFrame <= page.lastFrame, page.region.intersects(f.region) else { return false }
        // (the page's own tiles do not overlap: their overlaps with the box add up)
        let covered = page.busyTiles.reduce(0) { $0 + $1.intersection(f.region).area }
        return Double(covered) >= options.busyPieceShare * Double(f.region.area)
    }
}

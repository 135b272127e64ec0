/// A scroll or a fling that goes on past `busyMs` is followed as a busy region, but its lineage
/// of tiles breaks where a patch of content arrives in one step or a row pauses for a state: those
/// tiles start lineages of their own, and came out as motions, fades and cuts inside the scroll,
/// timed as it is or starting part way (a 1.8-s fling of a 540x960 list: one busy motion and a
/// second motion one frame later over the same box; a 2.8-s iOS deceleration: the busy motion, four
/// motions, a fade and five cuts). A person sees one movement. So a busy region whose own tiles
/// cover `busyBroadShare` of the frame or more (a moving page, not a counter, a spinner or a
/// progress bar), begun after the film's first still moment (not a video already playing),
/// takes every cut, fade and motion during its frames that lies on its own tiles
/// (`busyPieceShare` of the finding's box): they are the same event. A card that holds still in an
/// animated background is not the background's tiles, and keeps its findings; flashes and blanks
/// stay too (a placeholder is judged on surroundings that hold still). Such a page is an
/// animation, with frame steps of its own: it is no longer `busy`, so its hitches are looked for.
///
///     let kept = BroadBusy(share: 0.25, onTiles: 0.5, startMs: 0, stillMs: 150).absorbing(findings)
struct BroadBusy: Sendable {
    /// The busy region's own tiles' share of the frame from which it is a moving page.
    let share: Double
    /// The share of a finding's box on the region's own tiles that makes it the region's.
    let onTiles: Double
    /// The film's first frame (ms), and how long after it a moving page begins at the earliest.
    let startMs: Double, stillMs: Double

    func absorbing(_ findings: [Detection]) -> [Detection] {
        let broad = findings.filter { isPage($0) }
        guard !broad.isEmpty else { return findings }
        return findings.compactMap { f in
            if isPage(f) {
                var page = f
                page.busy = false
                page.evidence.append(Evidence("busy_share", f.area))
                return page
            }
            return kept(f, broad) ? f : nil
        }
    }

    /// A broad busy region that began after the film's first `stillMs`: a scroll or a fling starts
    /// from a page at rest, where a video or an animated background already playing when the
    /// recording began changes from its first frames (and a dialog over it is no piece of it).
    private func isPage(_ f: Detection) -> Bool { f.busy && f.area >= share && f.startMs >= startMs + stillMs }

    private func kept(_ f: Detection, _ broad: [Detection]) -> Bool {
        guard !f.busy, f.kind == .cut || f.kind == .fade || f.kind == .motion, f.region.area > 0 else { return true }
        return !broad.contains { b in
            guard f.firstFrame >= b.firstFrame && f.lastFrame <= b.lastFrame, b.region.intersects(f.region) else { return false }
            // (the region's own tiles do not overlap: their overlaps with the box add up)
            let covered = b.busyTiles.reduce(0) { $0 + $1.intersection(f.region).area }
            return Double(covered) >= onTiles * Double(f.region.area)
        }
    }
}

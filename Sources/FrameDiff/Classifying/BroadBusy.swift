/// A scroll or a fling that goes on past `busyMs` is followed as a busy region, but its lineage
/// of tiles breaks where a patch of content arrives in one step or a row pauses for a state: those
/// tiles start lineages of their own, and came out as motions, fades and cuts inside the scroll,
/// timed as it is or starting part way (a 1.8-s fling of a 540x960 list: one busy motion and a
/// second motion one frame later over the same box; a 2.8-s iOS deceleration: the busy motion, four
/// motions, a fade and five cuts). A person sees one movement. So a busy region whose own tiles
/// cover `busyBroadShare` of the frame or more (a moving page, not a counter, a spinner or a
/// progress bar) takes every cut, fade and motion inside its box (one tile's slack) and its time:
/// they are the same event. Flashes and blanks stay: a placeholder is judged on surroundings that
/// hold still.
///
///     let kept = BroadBusy(share: 0.25, slack: 16).absorbing(findings)
struct BroadBusy: Sendable {
    /// The busy region's own tiles' share of the frame from which it is a moving page.
    let share: Double
    /// Pixels a finding may reach outside the busy region's box (a tile).
    let slack: Int

    func absorbing(_ findings: [Detection]) -> [Detection] {
        let broad = findings.filter { $0.busy && $0.area >= share }
        guard !broad.isEmpty else { return findings }
        return findings.compactMap { f in
            // (a moving page is an animation, with its own frame steps: its hitches are looked for)
            if f.busy && f.area >= share {
                var page = f
                page.busy = false
                return page
            }
            return kept(f, broad) ? f : nil
        }
    }

    private func kept(_ f: Detection, _ broad: [Detection]) -> Bool {
        guard !f.busy, f.kind == .cut || f.kind == .fade || f.kind == .motion else { return true }
        return !broad.contains { b in
            let reach = Rect(x: b.region.x - slack, y: b.region.y - slack, w: b.region.w + 2 * slack, h: b.region.h + 2 * slack)
            return f.firstFrame >= b.firstFrame && f.lastFrame <= b.lastFrame && reach.union(f.region) == reach
        }
    }
}

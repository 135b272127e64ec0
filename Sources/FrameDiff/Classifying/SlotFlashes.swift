/// Placeholders held longer than a flash is followed (`longestFlashMs`): a slot that a visible step
/// made flat and that a cut later filled with content, up to `longestSlotMs` after, is one flash
/// from that step to the cut (DESIGN.md: a flash runs from the frame the placeholder shows to the
/// frame its content does). A page's image slots on a slow load stay white for 1.3 s after the
/// page painted; two cuts hid that wait from a gate's flash rules.
///
/// The slots are the tiles of the cut whose fill began on one frame, in one colour (within
/// `uniformTolerance`), and held unchanged until the cut (a fill ends at any change of colour or
/// detail), half of the cut's tiles or more; each connected part is a slot of its own (a
/// skeleton page's cards: one event, one finding per card that `Classifier.joined` makes one):
/// `slotMinShare` to `slotMaxShare` of the frame (a part of a page, not the page's
/// background), a solid rectangle (`slotFill` of its box: the
/// white around a few lines of text has holes) `flashMinSidePx` wide and high and at most
/// `slotMaxAspect` times as long as wide (a text field is a strip), a box of its own: the flat
/// area of its colour it lies in, before the content came, at most `slotGround` times the slot
/// (a chat's empty background, the white below a grid or a page, where a bubble, a banner, a
/// dialog or the next row lands, is the page's ground), with detail in `slotDetail` of its
/// tiles once the content came (a photo fills its slot; a word typed into an empty field is too
/// small, and a flat panel turning another colour brings no content; counted over the slots
/// together, some of a page's pictures being smooth). A part short of the least share, the
/// fill or the shape (a card cut off by the frame's edge, a banner) is one of the flash's regions
/// when another part is a slot in full. The step that showed it
/// painted a page around it: `slotPageDetail` of the frame's tiles had detail then (a slot white
/// since a blank page is that blank's, and a flash from its end); and it does not run over the
/// frame's whole height (the black beside a folded display, scaled back up later, is none). Only
/// fills that arrived and left in visible steps are kept for it (`FillTracker.held`). A flat page with nothing in
/// it before the cut (`blankFraction` of the frame, `longBlankSolid` of its box) is a blank's.
///
///     if let (flashes, rest) = SlotFlashes(options: o).flash(replacing: cut.tiles, at: cut.start, window: w, peakRMSE: 0.2) { ... }
struct SlotFlashes {
    let options: ClassifierOptions

    /// Whether the picture before a cut is a flat page with nothing inside it, as a long blank's
    /// (`LongBlanks`): what fills such a page is its first paint, not a slot's content.
    func isPage(_ p: FlatPage) -> Bool { p.isEmptyPage(options) }

    /// The flash that the cut over `tiles` on window position `b` ends, as one finding per slot
    /// (a skeleton page's cards, shown on one frame and filled on one frame, are one event:
    /// `Classifier.joined` makes them one finding with several `regions`), or nil; with the cut's
    /// tiles apart from the slots (a caption changing on the same frame elsewhere), still a cut.
    func flash(replacing tiles: [Int], at b: Int, window w: DecisionWindow, peakRMSE: Double) -> (flashes: [Detection], rest: [Int])? {
        let frame = w.frames[b].index
        // (the slots are half the cut or more, and each between the least and the most share of the frame)
        let frameTiles = Double(max(w.tiles, 1))
        guard !w.held.isEmpty, Double(tiles.count) >= options.slotMinShare * frameTiles,
              Double(tiles.count) <= 2 * options.slotMaxShare * frameTiles else { return nil }
        let inCut = Set(tiles)
        let ended = w.held.filter { Int($0.end) == frame && inCut.contains(Int($0.tile)) }
        guard 2 * ended.count >= tiles.count else { return nil }
        // (the fills that began on the most common frame: the step that showed the slots)
        var starts: [Int32: Int] = [:]
        for h in ended { starts[h.start, default: 0] += 1 }
        guard let start = starts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else { return nil }
        let begun = ended.filter { $0.start == start }
        guard 2 * begun.count >= tiles.count else { return nil }
        // (one colour: the slots', the commonest in steps of the tolerance)
        let tolerance = Float(options.uniformTolerance)
        guard let colour = Thumbnail.commonestColour(begun.map(\.colour), step: max(tolerance, 1)) else { return nil }
        let held = begun.filter { maxAbs($0.colour - colour) <= tolerance }
        guard 2 * held.count >= tiles.count, Double(held[0].pageDetail) >= options.slotPageDetail else { return nil }
        let byTile = Dictionary(held.map { (Int($0.tile), $0) }, uniquingKeysWith: { first, _ in first })
        let before = w.frames[max(0, b - 1)].thumb
        let ground = TileBox.components(of: Array(Set(byTile.keys).union(before.tilesFilled(with: colour, tolerance: tolerance))),
                                        columns: w.grid.columns)
        let slots = TileBox.components(of: byTile.keys.sorted(), columns: w.grid.columns).compactMap { part -> Slot? in
            slot(part, ground: ground, window: w)
        }
        let shown = slots.reduce(0) { $0 + $1.tiles.count }
        guard slots.contains(where: \.shaped), 2 * shown >= tiles.count else { return nil }
        // (with detail once filled, over the slots together: one event, some of its pictures smooth)
        let detailVariance = Float(options.detailStd * options.detailStd)
        let detailed = Double(slots.reduce(0) { n, s in n + s.tiles.filter { (byTile[$0]?.afterVariance ?? 0) > detailVariance }.count }) / Double(shown)
        guard detailed >= options.slotDetail else { return nil }
        let startMs = held[0].startMs, endMs = w.frames.ms(b)
        let flashes = slots.map { s -> Detection in
            var f = Detection(kind: .flash, startMs: startMs, endMs: endMs, firstFrame: Int(start), lastFrame: frame,
                              peakRMSE: peakRMSE, region: s.region, area: s.area, colour: FillGroups.shown(colour))
            f.evidence = [Evidence("held_ms", endMs - startMs), Evidence("fill", s.fill), Evidence("detail_after", detailed),
                          Evidence("share_of_cut", Double(shown) / Double(tiles.count)), Evidence("ground", s.ground)]
            return f
        }
        // (what changed apart from the slots, not touching them, is a cut of its own; a slot's
        // content spilling past its flat tiles, under a label over its corner, is the slot's)
        let inSlots = Set(slots.flatMap(\.tiles))
        let apart = TileBox.components(of: tiles, columns: w.grid.columns).filter { !$0.contains(where: inSlots.contains) }
        return (flashes, apart.flatMap { $0 }.sorted())
    }

    /// One slot of a cut: its tiles, where it shows, the measures it passed, and whether it has a
    /// slot's own size and shape (`shaped`) or only comes with slots that do.
    private struct Slot {
        var tiles: [Int], region: Rect, area: Double, fill: Double, ground: Double, shaped: Bool
    }

    /// The connected flat tiles `part` as a slot, or nil: a box of its own (its colour's flat area
    /// around it at most `slotGround` times it, `ground` being the components of that colour in
    /// the picture before the content), at most the most share of the frame, a flash's least
    /// size, not over the frame's whole height; `shaped` when it is also the least share of the
    /// frame and a solid box, not too long (a card cut off by the frame's edge, an avatar or a
    /// title bar of a skeleton whose cards are slots is not, and is one of its regions).
    private func slot(_ part: [Int], ground: [[Int]], window w: DecisionWindow) -> Slot? {
        let share = Double(part.count) / Double(max(w.tiles, 1))
        guard share <= options.slotMaxShare else { return nil }
        let inPart = Set(part)
        let around = Double(ground.filter { $0.contains(where: inPart.contains) }.reduce(0) { $0 + $1.count }) / Double(part.count)
        guard around <= options.slotGround else { return nil }
        let (region, area) = w.grid.extent(of: part)
        // (the height as the film is shown: a rotated film's stored rows run across the screen)
        guard region.w >= options.flashMinSidePx, region.h >= options.flashMinSidePx,
              region.w * region.h >= options.flashMinAreaPx,
              region.y > 0 || region.y + region.h < w.grid.displayHeight else { return nil }
        let box = TileBox(part, columns: w.grid.columns)
        let fill = Double(part.count) / Double(box.width * box.height)
        let aspect = Double(max(box.width, box.height)) / Double(max(1, min(box.width, box.height)))
        let shaped = share >= options.slotMinShare && fill >= options.slotFill && aspect <= options.slotMaxAspect
        return Slot(tiles: part, region: region, area: area, fill: fill, ground: around, shaped: shaped)
    }
}

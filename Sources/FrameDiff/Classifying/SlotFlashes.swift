/// Placeholders held longer than a flash is followed (`longestFlashMs`): a slot that a visible step
/// made flat and that a cut later filled with content, up to `longestSlotMs` after, is one flash
/// from that step to the cut (DESIGN.md: a flash runs from the frame the placeholder shows to the
/// frame its content does). A page's image slots on a slow load stay white for 1.3 s after the
/// page painted; two cuts hid that wait from a gate's flash rules.
///
/// The slot is the tiles of the cut whose fill began on one frame, in one colour (within
/// `uniformTolerance`), and held unchanged until the cut (a fill ends at any change of colour or
/// detail): `slotMinShare` to `slotMaxShare` of the frame (a part of a page, not the page's
/// background), half of the cut's tiles or more, a solid rectangle (`slotFill` of its box: the
/// white around a few lines of text has holes) `flashMinSidePx` wide and high and at most
/// `slotMaxAspect` times as long as wide (a text field is a strip), a box of its own: the flat
/// area of its colour it lies in, before the content came, at most `slotGround` times the slot
/// (a chat's empty background, the white below a grid or a page, where a bubble, a banner, a
/// dialog or the next row lands, is the page's ground), with detail in `slotDetail` of its
/// tiles once the content came (a photo fills its slot; a word typed into an empty field is too
/// small, and a flat panel turning another colour brings no content). The step that showed it
/// painted a page around it: `slotPageDetail` of the frame's tiles had detail then (a slot white
/// since a blank page is that blank's, and a flash from its end); and it does not run over the
/// frame's whole height (the black beside a folded display, scaled back up later, is none). Only
/// fills that arrived in one visible step are kept for it (`FillTracker.held`), and a cut's must
/// leave in a visible step. A flat page with nothing in it before the cut (`blankFraction` of the
/// frame, `longBlankSolid` of its box) is a blank's. A fade that brings a slot its content (a
/// lazy image's opacity transition) ends the wait on the fade's first frame the same way.
///
///     if let (flash, rest) = SlotFlashes(options: o).flash(replacing: cut.tiles, at: cut.start, window: w, peakRMSE: 0.2) { ... }
struct SlotFlashes {
    let options: ClassifierOptions

    /// Whether the picture before a cut is a flat page with nothing inside it, as a long blank's
    /// (`LongBlanks`): what fills such a page is its first paint, not a slot's content.
    func isPage(_ p: FlatPage) -> Bool { p.isEmptyPage(options) }

    /// The flash that the cut over `tiles` on window position `b` ends, or nil; with the cut's
    /// tiles apart from the slot (a caption changing on the same frame elsewhere), still a cut.
    func flash(replacing tiles: [Int], at b: Int, window w: DecisionWindow, peakRMSE: Double) -> (flash: Detection, rest: [Int])? {
        let frame = w.frames[b].index
        let inCut = Set(tiles)
        guard !w.held.isEmpty else { return nil }
        let ended = w.held.filter { $0.visibleOut && Int($0.end) == frame && inCut.contains(Int($0.tile)) }
        return slot(tiles, ended: ended, resolvedAt: b, window: w, peakRMSE: peakRMSE) { slot in
            let share = Double(slot.filter { $0.afterVariance > options.detailVariance }.count) / Double(slot.count)
            return share >= options.slotDetail ? Evidence("detail_after", share) : nil
        }
    }

    /// The flash that a fade over `tiles` from window position `b` to `e` ends: a slot held flat
    /// whose content fades in (a page's photo fading into its grey slot) waited from the step that
    /// showed it to the fade's first frame. A fade's eased first steps, under the tile threshold,
    /// end the slot's fills on its first frames or up to `stableMs` before the frame it is judged
    /// to start on (the window before it was decided through them); the content is judged on the
    /// fade's last frame, as a picture.
    func flash(fadingIn tiles: [Int], from b: Int, to e: Int, window w: DecisionWindow, peakRMSE: Double) -> Detection? {
        guard !w.held.isEmpty else { return nil }
        let (first, last) = (Int32(w.frames[b].index), Int32(w.frames[e].index))
        let earliestMs = w.frames.ms(b) - options.stableMs
        let inFade = Set(tiles)
        let ended = w.held.filter { $0.endMs >= earliestMs && $0.end <= last && $0.start < first && inFade.contains(Int($0.tile)) }
        let content = w.frames[e].thumb, tolerance = Float(options.uniformTolerance)
        return slot(tiles, ended: ended, resolvedAt: b, window: w, peakRMSE: peakRMSE) { slot in
            // A picture: tiles that are not flat, in `slotPictureDetail` of the slot at least (a
            // gradient's tiles are flat, each off the next one's colour; a panel fading to another
            // flat colour has none), and at most `slotPictureGround` of it flat in one colour (a
            // card or text fading in over a flat panel has that ground); the rest, flat tiles off
            // that colour, shade across it as a photo's sky does. (`slotDetail` cannot then
            // refuse it: 60% or more of the slot is content.)
            let n = Double(slot.count)
            let flat = slot.map { Int($0.tile) }.filter { content.isFlat($0) }
            guard Double(slot.count - flat.count) >= options.slotPictureDetail * n else { return nil }
            let ground = Thumbnail.commonestColour(flat.map { content.mean($0) }, step: max(tolerance, 1))
            let grounded = ground.map { g in flat.filter { maxAbs(content.mean($0) - g) <= tolerance }.count } ?? 0
            guard Double(grounded) <= options.slotPictureGround * n else { return nil }
            return Evidence("picture", Double(slot.count - grounded) / n)
        }?.flash
    }

    /// The slot among the fills `ended` that a change over `tiles` on window position `b` resolved,
    /// with the change's tiles apart from it; `content`: what showed content in the slot's fills
    /// once it came, as the flash's evidence, or nil when none did.
    private func slot(_ tiles: [Int], ended: [FillTracker.Held], resolvedAt b: Int, window w: DecisionWindow, peakRMSE: Double,
                      content: ([FillTracker.Held]) -> Evidence?) -> (flash: Detection, rest: [Int])? {
        let frame = w.frames[b].index
        // (the slot is half the change or more, and between the least and the most share of the frame)
        let frameTiles = Double(max(w.tiles, 1))
        guard Double(tiles.count) >= options.slotMinShare * frameTiles,
              Double(tiles.count) <= 2 * options.slotMaxShare * frameTiles else { return nil }
        guard 2 * ended.count >= tiles.count else { return nil }
        // (the fills that began on the most common frame: the step that showed the slot)
        var starts: [Int32: Int] = [:]
        for h in ended { starts[h.start, default: 0] += 1 }
        guard let start = starts.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) })?.key else { return nil }
        let begun = ended.filter { $0.start == start }
        guard 2 * begun.count >= tiles.count else { return nil }
        // (one colour: the slot's, the commonest in steps of the tolerance)
        let tolerance = Float(options.uniformTolerance)
        guard let colour = Thumbnail.commonestColour(begun.map(\.colour), step: max(tolerance, 1)) else { return nil }
        let slot = begun.filter { maxAbs($0.colour - colour) <= tolerance }
        let share = Double(slot.count) / frameTiles
        guard 2 * slot.count >= tiles.count, share >= options.slotMinShare, share <= options.slotMaxShare else { return nil }
        guard Double(slot[0].pageDetail) >= options.slotPageDetail else { return nil }
        let slotTiles = slot.map { Int($0.tile) }
        let box = TileBox(slotTiles, columns: w.grid.columns)
        guard Double(slotTiles.count) >= options.slotFill * Double(box.width * box.height) else { return nil }
        let aspect = Double(max(box.width, box.height)) / Double(max(1, min(box.width, box.height)))
        guard aspect <= options.slotMaxAspect else { return nil }
        let ground = Double(flatGround(of: slotTiles, colour: colour, in: w.frames[max(0, b - 1)].thumb, grid: w.grid)) / Double(slotTiles.count)
        guard ground <= options.slotGround else { return nil }
        let (region, area) = w.grid.extent(of: slotTiles)
        // (the height as the film is shown: a rotated film's stored rows run across the screen)
        guard region.w >= options.flashMinSidePx, region.h >= options.flashMinSidePx,
              region.w * region.h >= options.flashMinAreaPx,
              region.y > 0 || region.y + region.h < w.grid.displayHeight else { return nil }
        guard let withContent = content(slot) else { return nil }
        let startMs = slot[0].startMs, endMs = w.frames.ms(b)
        var f = Detection(kind: .flash, startMs: startMs, endMs: endMs, firstFrame: Int(start), lastFrame: frame,
                          peakRMSE: peakRMSE, region: region, area: area, colour: FillGroups.shown(colour))
        f.evidence = [Evidence("held_ms", endMs - startMs), Evidence("fill", Double(slotTiles.count) / Double(box.width * box.height)),
                      withContent,
                      Evidence("share_of_cut", Double(slot.count) / Double(tiles.count)), Evidence("ground", ground)]
        // (what changed apart from the slot, not touching it, is a cut of its own; the slot's
        // content spilling past its flat tiles, under a label over its corner, is the slot's)
        let inSlot = Set(slotTiles)
        let apart = TileBox.components(of: tiles, columns: w.grid.columns).filter { !$0.contains(where: inSlot.contains) }
        return (f, apart.flatMap { $0 }.sorted())
    }

    /// How many tiles the flat area of the slot's colour holds that the slot lies in, in the
    /// picture before its content came (the slot and the ground of that colour it joins).
    private func flatGround(of slot: [Int], colour: SIMD3<Float>, in thumb: Thumbnail, grid: TileGrid) -> Int {
        let inSlot = Set(slot)
        let filled = Array(inSlot.union(thumb.tilesFilled(with: colour, tolerance: Float(options.uniformTolerance))))
        return TileBox.components(of: filled, columns: grid.columns).filter { $0.contains(where: inSlot.contains) }.reduce(0) { $0 + $1.count }
    }
}

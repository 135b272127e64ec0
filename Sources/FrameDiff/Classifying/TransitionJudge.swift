/// Times a transition against the states around it and names it: a cut (one step from the old
/// state to the new), a fade (every frame between a blend of the two) or motion (anything else).
///
/// The old state is the picture `stableMs` before the first change (or the end of what changed
/// there before); the new state is the picture held after the last change, up to `stableMs` later
/// or whatever changes there next. The transition starts at the first frame that left the old
/// state (walking back over an eased start that was under the threshold but led towards the new
/// state) and ends at the first frame that shows the new state.
///
///     let judge = TransitionJudge(options: o, grid: g, shift: 6, rmse: 0.1)
///     let t = judge.judge(candidate, window: w, bounds: (lo: 0, hi: w.count - 1), excluded: { tile, k in false })
struct TransitionJudge {
    struct Result {
        var kind: FindingKind
        var start: Int
        var end: Int
        var tiles: [Int]
        var evidence: TransitionEvidence
        /// How far the region went from its old state at most (levels): a shake that comes back
        /// to where it was changes nothing from state to state, but moved.
        var excursion: Double
    }

    /// What a transition was timed and named on, as its finding's evidence lists it.
    struct TransitionEvidence {
        /// How far the region moved from its old state to its new one (levels): also decides
        /// whether a change soon after is the encoder settling (`encoderSettleShare`).
        var change: Double
        /// Share of the change still to go after the first step (0: it landed in one).
        var firstStepLeft: Double
        /// How far the frames between stray from blends of the two states (nil for a cut): the
        /// plain blend's residual, or the blend through a ground's when only that one makes it a fade.
        var blendResidual: Double?

        var listed: [Evidence] {
            [Evidence("change", change), Evidence("first_step_left", firstStepLeft)] + (blendResidual.map { [Evidence("blend_residual", $0)] } ?? [])
        }
    }

    let options: ClassifierOptions
    let grid: TileGrid
    /// Levels of mean-colour shift, and 0-1 tile RMSE, that count as a change.
    let shift: Double
    let rmse: Double
    /// 0-1 tile RMSE of the film's own noise (0 when unknown).
    var noise: Double = 0

    /// `bounds` limit the states: nothing before `lo` (a previous transition's end, a blank's end)
    /// or after `hi` belongs to this transition. `excluded(tile, position)` tells tiles another
    /// finding explains (a placeholder shown by a cut, a busy region).
    func judge(_ c: TransitionFinder.Candidate, window: ClassifierWindow, bounds: (lo: Int, hi: Int),
               excluded: (Int, Int) -> Bool) -> Result? {
        let lo = max(bounds.lo, min(c.a - 1, window.position(atLeast: options.stableMs, before: c.a)))
        // (the picture on screen stableMs after the last change: at 10 fps the frame after next
        // may already be the next, smaller change)
        let hi = max(c.b, min(bounds.hi, window.position(shownAt: window.ms(c.b) + options.stableMs, from: c.b)))
        let old = window[lo].thumb, new = window[hi].thumb
        // What differs between the two states belongs to the transition too (a fade moves each tile
        // a little a frame, often under the threshold), near where it changed.
        let near = TileBox(c.tiles, columns: grid.columns).grown(by: 1, columns: grid.columns, rows: grid.rows)
        var member = [Bool](repeating: false, count: grid.count)
        for t in c.tiles { member[t] = true }
        let s = Float(shift)
        for t in near.tiles(columns: grid.columns) where !member[t] && maxAbs(old.mean(t) - new.mean(t)) > s { member[t] = true }
        let region = member.indices.filter { member[$0] && !excluded($0, c.a) && !excluded($0, hi) }
        guard !region.isEmpty else { return nil }
        // Codec flicker moves a few tiles by a few levels and back; a UI change moves its region
        // away from the old state by more than a tile threshold on average.
        // A tile whose pixels changed far beyond the threshold (a clock's digit: the mean barely
        // moves) is a change too.
        let excursion = (c.a...c.b).map { window[$0].thumb.distance(to: old, over: region) }.max() ?? 0
        var inTiles = [Bool](repeating: false, count: grid.count)
        for t in c.tiles { inTiles[t] = true }
        let sharpest = c.frames.flatMap { window[$0].changes.filter { inTiles[$0.tile] }.map(\.rmse) }.max() ?? 0
        let sharp = Double(sharpest) >= options.sharpFactor * rmse
        guard sharp || excursion >= shift, sharp || region.count >= 2 || excursion >= options.singleTileExcursion * shift else {
            return nil
        }
        let span = old.distance(to: new, over: region)
        // Same state: within the absolute tolerance, or within a small share of the whole change
        // (codec quality keeps settling for a few frames after a large change).
        let tolerance = max(options.stateTolerance, options.stateShare * span)
        func fromOld(_ k: Int) -> Double { window[k].thumb.distance(to: old, over: region) }
        func toNew(_ k: Int) -> Double { window[k].thumb.distance(to: new, over: region) }
        var start = c.a
        // codec flicker can make the first changed frames active while they still show the old state
        while start < c.b, fromOld(start) <= tolerance { start += 1 }
        // A region that already moves towards the new state outside the patch (a ripple spreading
        // faintly from under the pointer, a fade's first sub-threshold frames) reacted then.
        func leadsOutside(_ patch: TileBox, reach: Int) -> (Int) -> Bool {
            let near = patch.grown(by: 1, columns: grid.columns, rows: grid.rows)
            let rest = region.filter { !near.contains(tile: $0, columns: grid.columns) }
            // (or towards the picture the rest goes furthest to from the reach on: a ripple that
            // spreads and fades out again leads towards its full highlight, not towards the state
            // it returns to)
            let far = c.frames.filter { $0 >= reach }.map { ($0, window[$0].thumb.distance(to: old, over: rest)) }.max { $0.1 < $1.1 }
            let targets = [new] + (far.map { [window[$0.0].thumb] } ?? [])
            let spans = targets.map { old.distance(to: $0, over: rest) }
            return { k in
                let moved = window[k].thumb.distance(to: old, over: rest)
                guard moved > tolerance else { return false }
                return zip(targets, spans).contains { $1 - window[k].thumb.distance(to: $0, over: rest) >= options.leadShare * moved }
            }
        }
        let pointer = pointerFrames(c, from: start, window: window, old: old, inTiles: inTiles, region: region.count, leadsOutside: leadsOutside)
        start = pointer ?? start
        while pointer == nil, start - 1 > lo {
            let moved = fromOld(start - 1)
            guard moved > tolerance, span - toNew(start - 1) >= options.leadShare * moved else { break }
            start -= 1
        }
        let landed = max(tolerance, options.cutShare * span)
        var end = (start...hi).first { toNew($0) <= tolerance } ?? (start...hi).first { toNew($0) <= landed } ?? c.b
        // One step that lands within a few percent of the new state is a cut, whatever the encoder
        // refines over the next frames.
        let firstStep = span > 0 ? toNew(start) / span : 0
        if toNew(start) <= landed { end = start }
        // A cut's one step carries `cutStepShare` of the change: a change under about twice the
        // tolerance that crept from one state to the other (a progress bar judged over a page's
        // region) lands within the tolerance of both on one frame, without a step.
        if start == end, start > lo, window[start].thumb.distance(to: window[start - 1].thumb, over: region) < options.cutStepShare * span {
            return nil
        }
        var evidence = TransitionEvidence(change: span, firstStepLeft: firstStep)
        let kind: FindingKind
        if start == end {
            kind = .cut
        } else {
            let test = FadeTest(slack: options.fadeSlack, groundMargin: options.groundMargin), between = (start..<end).map { window[$0].thumb }
            let plain = test.residual(between, old: old, new: new, over: region)
            if let plain, plain <= options.fadeResidual {
                (kind, evidence.blendResidual) = (.fade, plain)
            } else if let ground = test.residualThroughGround(between, old: old, new: new, over: region),
                      ground <= options.groundFadeResidual {
                // (a blend through a ground fits a ground colour and β per frame too: its own, closer bound)
                (kind, evidence.blendResidual) = (.fade, ground)
            } else {
                (kind, evidence.blendResidual) = (.motion, plain ?? 1)
            }
        }
        if kind == .motion { end = rest(from: start, after: end, window: window, region: region, limit: bounds.hi, excluded: excluded) }
        if kind == .fade { end = fadeRest(after: end, window: window, old: old, new: new, region: region, limit: bounds.hi) }
        return Result(kind: kind, start: start, end: end, tiles: region, evidence: evidence, excursion: excursion)
    }

    /// The frame a motion rests on: the region's mean lands within `stateShare` of the new state
    /// while an ease-out still moves an edge by a pixel a frame (a banner's top edge creeping
    /// 678 -> 675 over 133 ms, a flipped card's outline over 100 ms: 0.5% of the pixels by 20-200
    /// levels, tile RMSE 0.04-0.08 against <= 0.02 at rest). After an ease-out (the last step at
    /// most `restEase` of the largest), each next frame, less than `stableMs` later and within
    /// `restTailShare` of the motion's duration, on which tiles of the region step by more than
    /// `restRMSE` (or the film's noise) in groups of `restTiles` touching ones whose box spans
    /// `restSpan` of the region's width or height.
    private func rest(from start: Int, after end: Int, window: ClassifierWindow, region: [Int], limit: Int, excluded: (Int, Int) -> Bool) -> Int {
        // (only an ease-out: a motion that lands on a step as large as its largest, a fold
        // swapping the picture, is followed by the codec refining that picture, not by its edges)
        guard end > start, start > 0 else { return end }
        let steps = (start...end).map { window[$0].thumb.distance(to: window[$0 - 1].thumb, over: region) }
        guard let peak = steps.max(), steps[steps.count - 1] <= options.restEase * peak else { return end }
        var member = [Bool](repeating: false, count: grid.count)
        for t in region { member[t] = true }
        let step = Float(max(options.restRMSE, noise))
        let whole = TileBox(region, columns: grid.columns)
        // (the edges an ease-out moves run across the moving thing: a small icon turning on in a
        // screen-sized region, a splash screen's hourglass, is no part of its motion)
        func moves(_ k: Int) -> Bool {
            let tiles = window[k].changes.filter { member[$0.tile] && $0.rmse > step && !excluded($0.tile, k) }.map(\.tile)
            // (an edge is a line of tiles; a GIF's dither re-dithers tiles here and there, and a
            // stray one beside a small icon does not make the icon span the region)
            let edges = TileBox.components(of: tiles, columns: grid.columns).filter { $0.count >= options.restTiles }.flatMap { $0 }
            guard !edges.isEmpty else { return false }
            let box = TileBox(edges, columns: grid.columns)
            return Double(box.width) >= options.restSpan * Double(whole.width) || Double(box.height) >= options.restSpan * Double(whole.height)
        }
        var e = end
        // (a change-driven film writes no frame while the picture holds: a gap of `stableMs` is a
        // rest; and a tail is short beside its motion: text creeping 0.2 px a frame in a marquee
        // that starts as a banner lands is the banner's content moving on, not its landing)
        let reach = window.ms(end) + options.restTailShare * (window.ms(end) - window.ms(start))
        while e < limit, window.ms(e + 1) - window.ms(e) < options.stableMs, window.ms(e + 1) <= reach, moves(e + 1) { e += 1 }
        return e
    }

    /// The frame a fade rests on: its last steps, each under the change threshold (a fade to black
    /// easing out 21.6 -> 9.9 -> 6.6 -> 4.1 -> 0 levels, with a renderer's repeated frames between),
    /// come after the picture `stableMs` past its last visible step. Each next frame on which
    /// `fadeRestShare` of the region's changing tiles, net of those going back, move on the way the
    /// fade goes by `fadeRestLevels` or more, over repeated frames between them, less than
    /// `stableMs` apart.
    private func fadeRest(after end: Int, window: ClassifierWindow, old: Thumbnail, new: Thumbnail, region: [Int], limit: Int) -> Int {
        let s = Float(shift)
        let moving = region.filter { maxAbs(new.mean($0) - old.mean($0)) > s }
        guard !moving.isEmpty else { return end }
        let way = moving.map { t -> SIMD3<Float> in
            let d = new.mean(t) - old.mean(t)
            // (more than the shift threshold on a channel: never zero)
            return d / (d * d).sum().squareRoot()
        }
        let step = Float(options.fadeRestLevels)
        func along(_ k: Int) -> Bool {
            var on = 0, against = 0
            for (t, u) in zip(moving, way) {
                let p = ((window[k].thumb.mean(t) - window[k - 1].thumb.mean(t)) * u).sum()
                if p >= step { on += 1 } else if p <= -step { against += 1 }
            }
            // (net of the tiles going back: an encoder refining the faded picture moves as many each way)
            return Double(on - against) >= options.fadeRestShare * Double(moving.count)
        }
        func still(_ k: Int) -> Bool { window.repeats(k, over: region, tolerance: options.stateTolerance) }
        var e = end, k = end + 1
        while k <= limit, window.ms(k) - window.ms(e) < options.stableMs {
            if along(k) { e = k } else if !still(k) { break }
            k += 1
        }
        return e
    }

    /// The frame the app starts to react on, when the transition's first frames change only a
    /// patch much smaller than its region: a touch indicator (Android's show-taps dot) or a pointer
    /// lands 60-130 ms before the app's ripple or scroll begins, and a person times the change from
    /// the app. The patch brings no colour (`bringsColour`: a touch indicator is grey or white; a
    /// badge or a chip is the app's). A dot that moves on with the finger before the app follows
    /// stays one while what differs from the old picture still fits the patch, where it was is
    /// back to that picture, and every place it has been fits `pointerDriftShare`. nil when the
    /// first frame already reaches beyond such a patch, or nothing does, or the reach beyond comes
    /// too soon after the patch to be a reaction to it, or the rest of the region already leads
    /// towards the new state while the patch changes.
    private func pointerFrames(_ c: TransitionFinder.Candidate, from start: Int, window: ClassifierWindow, old: Thumbnail,
                               inTiles: [Bool], region: Int, leadsOutside: (TileBox, Int) -> (Int) -> Bool) -> Int? {
        var patch = TileBox([], columns: grid.columns)
        // every place the patch has been (a dot that moves with the finger before the app follows)
        var travel = patch
        var landed: Int?
        // Only what changed past the threshold: a GIF re-dithers tiles all over the region by a
        // level or two on the same frames as the dot.
        let s = Float(shift), r = Float(rmse)
        for k in c.frames where k >= start {
            let tiles = window[k].changes.filter { inTiles[$0.tile] && $0.isVisible(shift: s, rmse: r) }.map(\.tile)
            guard !tiles.isEmpty else { continue }
            let grown = patch.union(TileBox(tiles, columns: grid.columns))
            if options.fitsPointer(grown, in: grid) {
                guard !options.bringsColour(tiles, in: window[k].thumb, over: old, shift: s) else { return nil }
                (patch, travel) = (grown, travel.union(grown))
                landed = landed ?? k
                continue
            }
            // The dot moved on: where it was is back to the old picture, and what differs from the
            // old picture is still one dot, near where it landed.
            if landed != nil {
                let placed = c.tiles.filter { maxAbs(window[k].thumb.mean($0) - old.mean($0)) > s }
                let away = TileBox(placed, columns: grid.columns)
                let moved = travel.union(away), near = moved.grown(by: 1, columns: grid.columns, rows: grid.rows)
                // (a touch indicator is grey or white: where it lies is no more colourful than it
                // was; a chip or a badge that slides in before its row grows brings colour)
                if !away.isEmpty, options.fitsPointer(away, in: grid), options.fitsPointerDrift(moved, in: grid),
                   tiles.allSatisfy({ near.contains(tile: $0, columns: grid.columns) }),
                   !options.bringsColour(placed, in: window[k].thumb, over: old, shift: s) {
                    (patch, travel) = (away, moved)
                    continue
                }
            }
            guard let landed, options.reactsToPointer(patch, region: region, leadMs: window.ms(k) - window.ms(landed)) else { return nil }
            let leads = leadsOutside(travel, k)
            return c.frames.contains { $0 >= start && $0 < k && leads($0) } ? nil : k
        }
        return nil
    }
}

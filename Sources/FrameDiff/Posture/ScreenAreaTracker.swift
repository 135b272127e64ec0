/// Finds the other display taking over inside a fixed frame: a recording of a foldable's emulator
/// or of a mirrored device keeps its frame size when the phone folds, and shows the smaller outer
/// display beside a black band instead (the frame's size changing is the same event, seen by
/// `PostureInference` directly).
///
/// The screen's share of the frame is what a flat dark band along its left or right side (as the
/// film is shown) leaves: every tile of the band's columns flat, of one colour darker than
/// `screenBandLevel`, over the frame's whole height. A system's band covers the status and navigation bars too, where an
/// app's empty dark pane leaves the status bar's icons across it; and it is on one side only (the
/// bars of letterboxed content after a rotation are on two). The screen must keep detail, so a
/// fade to black is no smaller screen. When the share moves by `screenMinChange` and holds for
/// `screenHoldMs`, the display changed: smaller is a fold (`close`), larger an unfold (`open`);
/// unless the smaller screen shows what it did before in `foldKeptMatch` of its detailed tiles
/// and draws no system bars of its own (a pane gone dark beside another: a fold squeezes the
/// app or lays it out anew), and then its share growing back is no unfold either. An
/// emulator that then scales the small display up to fill its window again (within `screenRefitMs`) is
/// still the same fold: the event ends when that settles; unless what filled the frame again is
/// the picture before the fold, in `unfoldReturnShare` of the tiles the fold changed, and is no
/// stretch of what the small display showed (under `refitStretchMatch` of its detailed tiles):
/// the small display grew back, an unfold (`open`). A refit stretches whatever the small display
/// shows, the picture before the fold too when it comes before the app's new layout. Such an
/// emulator shows no band when the phone unfolds again: it crossfades the whole frame, status and
/// navigation bars included, to the inner display's layout, so after a refit fold the next run of changes with a frame changing
/// `unfoldMinChanged` of the tiles, ending on a picture with detail, is the unfold (`open`); or,
/// since an app's black ground stays black through that crossfade, one changing as much of the
/// tiles that show something and redrawing both system bars (`statusBarShare`: an app's own page
/// change leaves them, a notification shade stops above the navigation bar). An unfold brings
/// back the inner display's layout: such a run must also bring back `unfoldRedrawnReturn` of the
/// detailed tiles where the refit picture differed from the picture before the fold, where they
/// are `unfoldReturnMinTiles` of the frame (a dialog or a rotation in the folded app redraws
/// everything too); and a run that brings back `unfoldReturnShare` of them is the unfold,
/// whatever share of the frame it changed.
///
///     var t = ScreenAreaTracker(options: o); t.add(m, board, changed: 812, shift: 6)   // board already updated with m
struct ScreenAreaTracker: Sendable {
    let options: PostureInferenceOptions

    /// A display change: its times, and the screen's share of the frame before and after.
    struct Change: Sendable {
        var kind: PostureEvent.Kind
        var startMs: Double
        var endMs: Double
        var fromShare: Double
        var toShare: Double
        /// For an unfold after a refit fold taken on what it redrew: the largest share of the tiles
        /// one frame changed (of those that show something, when the unfold was taken on those).
        var changedShare: Double?
        /// For an unfold after a refit fold: the share of the detailed tiles where the refit
        /// picture differed from the one before the fold that it brought back, where countable.
        var returnedShare: Double?
    }

    private(set) var changes: [Change] = []
    /// The screen's share in the last picture that held.
    private var stable: Double?
    /// A new share seen: since when, and the start of the broad change that led into it and the
    /// picture before that.
    private var pending: (share: Double, firstMs: Double, fromMs: Double, before: Thumbnail)?
    /// A fold whose display may yet be scaled back to fill the frame: the fold, since when the
    /// screen fills the frame again, the picture the fold settled on, and once it did, when the
    /// run of changes that filled the frame again began, where the fold had ended before it, and
    /// the small display as it last showed.
    private struct Refitting {
        var change: Change
        var backSinceMs: Double?
        var folded: Thumbnail
        /// When the share was last the fold's (from the frame the fold was confirmed on), and the
        /// picture before the first frame since that moved it towards the whole frame (with that
        /// frame's time).
        var atFoldMs: Double
        var small: (picture: Thumbnail, ms: Double)?
        var grew: (fromMs: Double, foldEndMs: Double)?
    }
    private var refitting: Refitting?
    /// A pane went dark beside the rest (no fold) and the share has not changed since.
    private var paneDark = false
    private var runStartMs: Double?
    /// The picture before the run of broad changes now going on (nil when none is).
    private var runBefore: Thumbnail?
    /// The picture before the last fold.
    private var beforeFold: Thumbnail?
    /// A fold was refit to the whole frame and nothing has unfolded it since: the refit picture.
    private var refitFolded: Thumbnail?
    /// The run of changes that may be that unfold: its first and last changed frame, the largest
    /// share of all the tiles and of the tiles that show something one of its frames changed, the
    /// picture before it, and whether the system bars differ from that picture now.
    private struct Unfolding {
        var startMs: Double, lastMs: Double
        var changed = 0.0, changedShown = 0.0
        var before: Thumbnail
        var barsRedrawn = false

        /// The whole frame redrawn, or on a black ground that stays black all that shows redrawn
        /// with both system bars, onto a picture with `unfoldRedrawnReturn` of the one before the
        /// fold where that can be told (`returned`: a dialog or a rotation in the folded app
        /// redraws everything too); or the picture before the fold back.
        func unfolds(_ o: PostureInferenceOptions, returned: Double?) -> Bool {
            let redrawn = changed >= o.unfoldMinChanged || (changedShown >= o.unfoldMinChanged && barsRedrawn)
            return (redrawn && (returned ?? 1) >= o.unfoldRedrawnReturn) || (returned ?? 0) >= o.unfoldReturnShare
        }
    }
    private var unfolding: Unfolding?
    private var lastMs: Double?
    /// The classifier's change threshold (levels), and the picture, as of the last frame.
    private var shift: Float = 6
    /// The tile grid of the last frame.
    private var grid: TileGrid?
    private var lastPicture: Thumbnail?
    /// The screen's share as the board shows it now, once asked (a frame that changed nothing
    /// leaves the board, and so the share, as the last one: 983 of the second bench film's 1200).
    private var shareNow: Double??

    init(options: PostureInferenceOptions = PostureInferenceOptions()) { self.options = options }

    /// `changed`: how many tiles the frame changed beyond the film's `noise` (0-1 tile RMSE);
    /// `shift`: levels of mean shift that count as a visible change (the classifier's threshold).
    mutating func add(_ m: FrameMeasure, _ board: TileBoard, changed: Int, shift: Double, noise: Double) {
        self.shift = Float(shift)
        grid = board.grid
        // (the last picture, for a run still going when the film ends; kept only then: a second
        // reference to the board's picture makes the next frame copy every chunk it changes)
        defer { lastPicture = unfolding != nil || refitting?.backSinceMs != nil ? board.picture : nil }
        let broad = !m.complete && options.broad(changed, of: board.tiles)
        defer { lastMs = m.ptsMs }
        if m.complete || !m.changes.isEmpty { shareNow = nil }
        if m.complete {
            // (a new frame size is a display change of its own: no unfold is pending after it)
            (stable, pending, refitting, runStartMs, runBefore, refitFolded, unfolding, beforeFold, paneDark) = (share(board), nil, nil, nil, nil, nil, nil, nil, false)
            return
        }
        // a change-driven VFR film writes no frame while the picture holds
        let held = lastMs.map { m.ptsMs - $0 >= options.heldMs } ?? false
        if held { (runStartMs, runBefore) = (nil, nil) }
        if broad, runStartMs == nil {
            runStartMs = m.ptsMs
            runBefore = Self.pictureBefore(board)
        }
        defer { if !broad { (runStartMs, runBefore) = (nil, nil) } }

        if var r = refitting, let since = r.backSinceMs {
            // scaled back up: the fold ends with the last step of that, once the picture holds
            if held || (!broad && m.ptsMs - r.change.endMs >= options.screenSettledMs) {
                // (the picture that held: in a film written on change this frame is already the next change)
                finishRefit(share: share(board), picture: Self.pictureBefore(board))
            } else {
                if broad { r.change.endMs = max(m.ptsMs, since) }
                refitting = r
                return
            }
        }
        if refitFolded != nil, refitting == nil { watchUnfold(m, board, changed: changed, held: held, shift: shift, noise: noise) }
        guard let share = share(board) else { return }
        if var r = refitting {
            // (the small display as it last showed before it began to grow, what a refit
            // stretches: the picture before the first frame whose share moved towards the whole
            // frame since the share was last the fold's. A frame of the growth may show it at 55%
            // already, and a noisy capture's run of broad changes may have begun before the app
            // laid the small display out)
            if r.grew == nil {
                if (share - r.change.toShare) * (r.change.fromShare - r.change.toShare) > 0 {
                    if r.small == nil { r.small = (Self.pictureBefore(board), m.ptsMs) }
                } else {
                    (r.small, r.atFoldMs) = (nil, m.ptsMs)
                }
                refitting = r
            }
            if abs(share - r.change.fromShare) < options.screenMinChange / 2 {
                // (it grew from the run of changes that led here, unless that run began while the
                // share was still the fold's: then from the frame it first moved, this one at the
                // latest, where `small` was kept)
                if r.grew == nil, let left = r.small?.ms {
                    r.grew = (max(r.change.endMs, runStartMs.map { $0 >= r.atFoldMs ? $0 : left } ?? left), r.change.endMs)
                }
                r.backSinceMs = m.ptsMs
                r.change.endMs = m.ptsMs
                refitting = r
                return
            }
            if m.ptsMs - r.change.startMs > options.screenRefitMs { finishRefit(share: nil, picture: nil) }
        }
        guard let base = stable else { stable = share; return }
        if abs(share - base) < options.screenMinChange / 2 {
            pending = nil
            if !broad { stable = share }
            return
        }
        guard abs(share - base) >= options.screenMinChange else { return }
        if let p = pending, abs(p.share - share) < options.screenMinChange / 2 {
            if m.ptsMs - p.firstMs >= options.screenHoldMs {
                let change = Change(kind: share < base ? .close : .open, startMs: p.fromMs, endMs: p.firstMs,
                                    fromShare: base, toShare: share)
                pending = nil
                stable = share
                // (what the smaller screen shows, against the same place in the larger one: a fold
                // squeezes or relays the app out, a pane going dark or lit leaves the other as it was)
                // (and the share growing back after a pane went dark is that pane again, whatever
                // the other did meanwhile: with no fold there is no unfold)
                // (paneDark holds only until the next confirmed change: this open is from its share)
                if change.kind == .open, paneDark {
                    paneDark = false
                    return
                }
                if change.kind == .close {
                    let kept = stretchMatch(board.picture, p.before, share: share, stretched: false)
                    let redrawn = smallBarsRedrawn(board.picture, p.before, share: share)
                    if debugClassifier { debugLine("share change \(change.startMs)-\(change.endMs) kept \(kept ?? -1) bars redrawn \(redrawn)") }
                    if let kept, kept >= options.foldKeptMatch, !redrawn {
                        paneDark = true
                        return
                    }
                }
                paneDark = false
                if change.kind == .close {
                    (refitting, refitFolded, unfolding, beforeFold) = (Refitting(change: change, folded: board.picture, atFoldMs: m.ptsMs), nil, nil, p.before)
                } else if changes.last?.kind == .close, beforeFold != nil, refitFolded == nil,
                          let stretch = stretchMatch(p.before, board.picture, share: base), stretch >= options.refitStretchMatch,
                          (stretchMatch(p.before, board.picture, share: base, stretched: false) ?? 1) < options.refitStretchMatch {
                    // a refit later than `screenRefitMs`: the small display stretched over the
                    // frame, and not what it showed left in place (a smooth page matches itself
                    // stretched too), is still the fold, and what unfolds it comes later
                    if debugClassifier { debugLine("late refit \(change.startMs)-\(change.endMs) stretched \(stretch)") }
                    changes[changes.count - 1].endMs = change.endMs
                    (refitFolded, unfolding) = (board.picture, nil)
                } else {
                    changes.append(change)
                }
            }
        } else if let p = pending, (share - base) * (p.share - base) > 0, abs(share - base) > abs(p.share - base) {
            // (a display change in two steps, a frame between them outside the run: it began with the first)
            pending = (share, m.ptsMs, p.fromMs, p.before)
        } else {
            pending = (share, m.ptsMs, runStartMs ?? m.ptsMs, runBefore ?? Self.pictureBefore(board))
        }
    }

    /// The film ended: a fold still waiting for its refit is a fold, an unfold whose picture has
    /// not held yet an unfold.
    mutating func finish() {
        if refitting != nil { finishRefit(share: nil, picture: lastPicture) }
        if let u = unfolding, let picture = lastPicture {
            let back = returned(from: refitFolded, to: picture)
            if u.unfolds(options, returned: back) { endUnfold(u, returned: back) }
        }
    }

    /// The fold is over: it was scaled back up to fill the frame (the board's picture now, the
    /// screen's share `share`), or not (nil).
    private mutating func finishRefit(share: Double?, picture: Thumbnail?) {
        guard let r = refitting else { return }
        refitting = nil
        if let picture, let grew = r.grew, let small = r.small?.picture, r.backSinceMs != nil, let back = returned(from: r.folded, to: picture) {
            let stretched = stretchMatch(small, picture, share: r.change.toShare)
            if debugClassifier { debugLine("refit return \(back) stretched \(stretched ?? -1) grew \(grew.fromMs) fold end \(grew.foldEndMs)") }
            if back >= options.unfoldReturnShare, (stretched ?? 0) < options.refitStretchMatch {
                var close = r.change
                close.endMs = grew.foldEndMs
                changes.append(close)
                // (the share is back at the one before the fold, though this frame may show none)
                changes.append(Change(kind: .open, startMs: grew.fromMs, endMs: r.change.endMs, fromShare: r.change.toShare,
                                      toShare: share ?? r.change.fromShare, returnedShare: back))
                (stable, refitFolded, unfolding, beforeFold) = (share ?? r.change.fromShare, nil, nil, nil)
                return
            }
        }
        changes.append(r.change)
        if let share {
            stable = share
            refitFolded = r.backSinceMs != nil ? picture : nil
            unfolding = nil
        }
    }

    /// The share of the tiles where `folded` differed from the picture before the fold (by the
    /// classifier's change threshold) that `picture` shows as they were before it; nil when no
    /// fold is known or the folded picture differed from it in under `unfoldReturnMinTiles` of
    /// the tiles (a layout that only scaled: nothing to tell a return by).
    private func returned(from folded: Thumbnail?, to picture: Thumbnail) -> Double? {
        guard let folded, let before = beforeFold, before.count == picture.count, folded.count == picture.count else { return nil }
        var differed = 0, back = 0
        // (the tiles with detail before the fold: a light page's flat ground also comes back
        // where the emulator stretches the small display's layout over the band)
        for t in 0..<picture.count where !before.isFlat(t) && maxAbs(folded.mean(t) - before.mean(t)) > shift {
            differed += 1
            if maxAbs(picture.mean(t) - before.mean(t)) <= shift { back += 1 }
        }
        if debugClassifier { debugLine("unfold return \(back) of \(differed) tiles") }
        guard differed > 0, Double(differed) >= options.unfoldReturnMinTiles * Double(picture.count) else { return nil }
        return Double(back) / Double(differed)
    }

    private mutating func watchUnfold(_ m: FrameMeasure, _ board: TileBoard, changed visibly: Int, held: Bool, shift: Double, noise: Double) {
        // the picture held: the run is over, an unfold when it redrew the frame and left detail
        if let u = unfolding, held || m.ptsMs - u.lastMs >= options.screenSettledMs {
            unfolding = nil
            if debugClassifier { debugLine("unfold run \(u.startMs)-\(u.lastMs) changed \(u.changed) shown \(u.changedShown) bars \(u.barsRedrawn)") }
            // (judged on the picture the run ended on: this frame may already be the next change)
            let ended = Self.pictureBefore(board), back = returned(from: refitFolded, to: ended)
            if u.unfolds(options, returned: back), share(board) != nil {
                endUnfold(u, returned: back)
                return
            }
        }
        let visible = board.changes(above: .infinity, orShift: Float(shift))
        guard visible > 0 else { return }
        // (the run starts with its first visible change, from the picture before that frame; it
        // counts by its broad frames, of all the tiles and of those that show something: an app on
        // a black ground keeps its ground black through the crossfade, where only its content and
        // the bars can change)
        var u = unfolding ?? Unfolding(startMs: m.ptsMs, lastMs: m.ptsMs, before: Self.pictureBefore(board))
        let all = max(board.tiles, 1), (shown, shownChanged) = shownTiles(board, shift: Float(shift), noise: Float(noise))
        u.lastMs = m.ptsMs
        u.changed = max(u.changed, options.broad(visible, of: all) ? Double(visibly) / Double(all) : 0)
        u.changedShown = max(u.changedShown, options.broad(visible, of: shown) ? Double(shownChanged) / Double(shown) : 0)
        u.barsRedrawn = barsRedrawn(since: u.before, board, shift: Float(shift))
        unfolding = u
    }

    /// The board's picture before its last frame: its changed tiles put back as they were.
    private static func pictureBefore(_ board: TileBoard) -> Thumbnail {
        var p = board.picture
        for d in board.deltas { p.set(d.tile, mean: d.oldMean, flat: d.oldVariance <= board.flatVariance) }
        return p
    }

    /// The tiles that show something, and how many of them the frame changed beyond `noise` or
    /// by `shift`: all but the flat tiles darker than `darkLevel` that did not move by `shift`
    /// (a black ground's codec noise is no change of what shows).
    private func shownTiles(_ board: TileBoard, shift: Float, noise: Float) -> (shown: Int, changed: Int) {
        let picture = board.picture
        func darkFlat(_ i: Int) -> Bool { picture.isFlat(i) && options.isDark(picture.mean(i)) }
        // (the dark flat tiles that moved by `shift` are counted off the still ones, each tile
        // once: the deltas list a tile at most once)
        var still = 0, changed = 0
        for i in 0..<picture.count where darkFlat(i) { still += 1 }
        for d in board.deltas where d.shift >= shift || d.rmse > noise {
            let flatDark = darkFlat(d.tile)
            if d.shift >= shift, flatDark { still -= 1 }
            if d.shift >= shift || !flatDark { changed += 1 }
        }
        return (max(1, board.tiles - still), changed)
    }

    /// Whether both system bars moved from `before` by `shift`: the status bar, the top
    /// `statusBarShare` of the frame as the film is shown, in its first third and in its last (the
    /// clock at one end, the icons at the other), and the navigation bar, as deep at the bottom,
    /// anywhere (a handle or buttons). The emulator's unfold redraws both at the inner display's
    /// scale, while an app's own page change under them leaves them (a navigation in the folded
    /// app on a black ground changes every tile that shows anything, as the unfold does; a clock's
    /// minute moves one end; a notification shade comes down from the top).
    private func barsRedrawn(since before: Thumbnail, _ board: TileBoard, shift: Float) -> Bool {
        let picture = board.picture
        let (top, bottom) = Self.shownEdges(board.grid), depth = Self.barDepth(board.grid, share: options.statusBarShare)
        func moved(_ t: Int) -> Bool { maxAbs(picture.mean(t) - before.mean(t)) >= shift }
        var (first, last, below) = (false, false, false)
        for k in 0..<depth {
            let line = board.line(k, from: top), n = line.count
            for (j, t) in line.enumerated() where moved(t) {
                if 3 * j < n { first = true } else if 3 * j >= 2 * n { last = true }
            }
            below = below || board.line(k, from: bottom).contains(where: moved)
        }
        return first && last && below
    }

    /// The share of the small display's detailed tiles (`small`, the screen taking about `share`
    /// of the frame beside the band, at the end of the axis the band lies along where it shows
    /// its detail: from the band's end a few of its tiles would match by chance) whose mean
    /// `filled` shows stretched over the whole axis: the mean of the span a tile is stretched to,
    /// read off `filled`'s tiles weighted by how many of their pixels the span covers, within the
    /// change threshold of the tile's own. A refit stretches the small display, whatever it shows;
    /// an unfold lays the inner display out anew. The screen's edge lies somewhere in the tile
    /// past the band (and a frame's last tile may be part of one), so its width is tried to a
    /// quarter tile across that; the best fit counts. nil when the small display shows no detail.
    /// `stretched` false: the same tiles compared where they lie, unstretched (a smooth picture
    /// matches itself both ways, and then the stretch tells nothing).
    private func stretchMatch(_ small: Thumbnail, _ filled: Thumbnail, share: Double, stretched: Bool = true) -> Double? {
        guard let grid, small.count == grid.count, filled.count == grid.count else { return nil }
        let axis = BandAxis(grid), t = grid.tile, pixels = axis.pixels, length = axis.length, tile = axis.tile
        let measured = share * Double(pixels)
        let atStart = axis.screenAtStart(small)
        var best: Double?
        for step in -4...4 {
            let width = measured + Double(step * t) / 4
            guard width >= Double(2 * t), width < Double(pixels) else { continue }
            let x0 = atStart ? 0 : Double(pixels) - width
            let scale = stretched ? Double(pixels) / width : 1, origin = stretched ? x0 : 0
            var shown = 0, matched = 0
            // (the screen's whole tiles, each stretched over [a, b) px of the frame)
            for j in Int((x0 / Double(t)).rounded(.up))..<Int((x0 + width) / Double(t)) {
                let a = (Double(j * t) - origin) * scale, b = min(Double(pixels), (Double((j + 1) * t) - origin) * scale)
                for line in 0..<axis.across where !small.isFlat(tile(j, line)) {
                    var sum = SIMD3<Float>(repeating: 0), weight: Float = 0
                    for c in max(0, Int(a) / t)..<min(length, Int(b.rounded(.up)) / t + 1) {
                        let w = Float(min(b, Double(min((c + 1) * t, pixels))) - max(a, Double(c * t)))
                        guard w > 0 else { continue }
                        sum += filled.mean(tile(c, line)) * w
                        weight += w
                    }
                    guard weight > 0 else { continue }
                    shown += 1
                    if maxAbs(sum / weight - small.mean(tile(j, line))) <= shift { matched += 1 }
                }
            }
            if shown > 0 { best = max(best ?? 0, Double(matched) / Double(shown)) }
        }
        return best
    }

    /// Whether the small display (`small`, about `share` of the frame beside the band) shows its
    /// own system bars where `before` did not: a tile of its status bar's third nearest the band
    /// (the small display's icons or clock drawn at its end) or of its navigation bar's row (the
    /// handle centred on it) moved by the change threshold. A pane going dark leaves what is
    /// beside it as it was; a fold that lays the app out anew at once, its left-aligned rows in
    /// their places, still draws the small display's bars.
    private func smallBarsRedrawn(_ small: Thumbnail, _ before: Thumbnail, share: Double) -> Bool {
        guard let grid, small.count == grid.count, before.count == grid.count else { return false }
        let axis = BandAxis(grid), length = axis.length, across = axis.across, tile = axis.tile
        // (the screen's whole tiles along the axis, nearest the band last)
        let width = Int(share * Double(axis.pixels)) / grid.tile
        guard width >= 3 else { return false }
        let screen = axis.screenAtStart(small) ? Array(0..<width) : Array((length - width..<length).reversed())
        // (the status bar's lines as the film is shown, and the navigation bar's at the other end:
        // across the band's axis, the shown top is the stored top or left edge, or the other end)
        let depth = Self.barDepth(grid, share: options.statusBarShare)
        let topFirst = [.top, .left].contains(Self.shownEdges(grid).top)
        let status = topFirst ? Array(0..<depth) : Array(across - depth..<across)
        let navigation = topFirst ? Array(across - depth..<across) : Array(0..<depth)
        func moved(_ a: Int, _ line: Int) -> Bool { maxAbs(small.mean(tile(a, line)) - before.mean(tile(a, line))) > shift }
        let inner = screen.suffix(width / 3)
        return inner.contains { a in status.contains { moved(a, $0) } } || screen.contains { a in navigation.contains { moved(a, $0) } }
    }

    /// The stored edges a player shows at the top and at the bottom.
    private static func shownEdges(_ grid: TileGrid) -> (top: TileBoard.Edge, bottom: TileBoard.Edge) {
        switch grid.rotation {
        case 90: (.left, .right)
        case 180: (.bottom, .top)
        case 270: (.right, .left)
        default: (.top, .bottom)
        }
    }

    /// How many lines of tiles `share` of the frame's height as shown is (at least one).
    private static func barDepth(_ grid: TileGrid, share: Double) -> Int {
        max(1, Int((Double(grid.rotation % 180 == 0 ? grid.rows : grid.columns) * share).rounded()))
    }

    /// The axis a fold's band lies along (the frame's width as shown): its length in pixels and
    /// tiles, the tile lines across it, and which end the small display lies at.
    private struct BandAxis {
        let grid: TileGrid
        init(_ grid: TileGrid) { self.grid = grid }
        var alongX: Bool { grid.rotation % 180 == 0 }
        var pixels: Int { alongX ? grid.storedWidth : grid.storedHeight }
        var length: Int { alongX ? grid.columns : grid.rows }
        var across: Int { alongX ? grid.rows : grid.columns }
        /// The tile `along` the axis on line `line` across it.
        func tile(_ along: Int, _ line: Int) -> Int { alongX ? line * grid.columns + along : along * grid.columns + line }
        /// The small display lies at the axis's start: the half where `small` shows more detail
        /// (the band beside it shows none; read from the band's end a few tiles match by chance).
        func screenAtStart(_ small: Thumbnail) -> Bool {
            let half = length / 2
            func detailed(_ r: Range<Int>) -> Int { r.reduce(0) { n, a in n + (0..<across).lazy.filter { !small.isFlat(tile(a, $0)) }.count } }
            return detailed(0..<half) >= detailed(length - half..<length)
        }
    }

    /// `returned`: the share of the picture before the fold the run brought back, where it can be counted.
    private mutating func endUnfold(_ u: Unfolding, returned: Double?) {
        // (the share of the frame it redrew, when that is what it was taken on: of all the tiles,
        // or of those that show something; and what it brought back)
        let redrawn = u.unfolds(options, returned: nil)
        let share = u.changed >= options.unfoldMinChanged ? u.changed : u.changedShown
        changes.append(Change(kind: .open, startMs: u.startMs, endMs: u.lastMs, fromShare: 1, toShare: 1,
                              changedShare: redrawn ? share : nil, returnedShare: returned))
        (refitFolded, unfolding, beforeFold) = (nil, nil, nil)
    }

    private mutating func share(_ board: TileBoard) -> Double? {
        if let known = shareNow { return known }
        let share = screenShare(board)
        shareNow = .some(share)
        return share
    }

    /// The share of the frame the screen shows beside a one-sided flat dark band along a whole
    /// side (1 without one), or nil when what is left has no detail (a dark or blank frame).
    func screenShare(_ board: TileBoard) -> Double? {
        let cols = board.grid.columns, rows = board.grid.rows
        guard cols >= 8, rows >= 8 else { return 1 }
        let picture = board.picture, same = Float(options.barTolerance)
        // a band is flat tiles of one dark colour: the colour of its first tile (a line's first)
        let edges: [TileBoard.Edge] = [.left, .right, .top, .bottom], lengths = [cols, cols, rows, rows]
        let colours = edges.map { picture.mean(board.line(0, from: $0)[0]) }
        let level = Float(options.screenBandLevel)
        // (dark in the colour `c`, flat or not; a band's tiles are flat too)
        func dim(_ i: Int, _ c: SIMD3<Float>) -> Bool { picture.mean(i).max() < level && maxAbs(picture.mean(i) - c) <= same }
        func alike(_ i: Int, _ c: SIMD3<Float>) -> Bool { dim(i, c) && picture.isFlat(i) }
        let bands = edges.indices.map { e in board.barLength(from: edges[e], limit: lengths[e]) { alike($0, colours[e]) } }
        // the widest band at the left or right as the film is shown (as a share of its axis), with
        // the band opposite it: a book-style foldable's outer display lies beside where the inner
        // one was. A dark band along the bottom or the top is an app's empty space under or over
        // its content on a black background (iOS's dark mode is pure black): a dark page with its
        // content in the upper half became a fold, and the page filling the frame an unfold
        let opposites = [bands[1], bands[0], bands[3], bands[2]]
        func reach(_ i: Int) -> Double { Double(bands[i]) / Double(lengths[i]) }
        let sides = board.grid.rotation % 180 == 0 ? [0, 1] : [2, 3]
        let widest = reach(sides[1]) > reach(sides[0]) ? sides[1] : sides[0]
        let band = bands[widest], opposite = opposites[widest], length = lengths[widest]
        if band == length { return nil }  // all dark: no screen to see
        var screen = (x0: 0, x1: cols, y0: 0, y1: rows)
        var share = 1.0
        // (a screen begins where the band ends: the line past it is mostly not the band's colour.
        // A pointer resting on a dark page that is still blank stops a band too, with the page's
        // dark all around it: a negated desktop page load's blank read as a fold)
        func screenBeyond() -> Bool {
            let beyond = board.line(band, from: edges[widest])
            if Double(beyond.filter { alike($0, colours[widest]) }.count) <= options.screenEdgeDark * Double(beyond.count) { return true }
            // (a screen whose own background is the band's black: its status bar still runs up to
            // the band, the last icons in the tile at its end)
            return [beyond.first!, beyond.last!].contains { board.variance[$0] > board.detailVariance }
        }
        // (the side opposite is dark too, about as far, when content sits centred on a page's
        // backdrop: a lightbox's photo, a phone mock-up turned back upright. Its lines need not be
        // flat there (a backdrop dims the page under it, a codec's noise on near-black), nor whole:
        // a page's scrollbar at the frame's edge, a viewer's toolbar over a corner. A dark app's
        // page in the band's grey leaves a margin of its own, narrower)
        func darkOpposite() -> Int {
            let far = [1, 0, 3, 2][widest], colour = colours[widest]
            func darkLine(_ k: Int) -> Bool {
                let line = board.line(k, from: edges[far])
                return Double(line.filter { dim($0, colour) }.count) >= options.screenOppositeShare * Double(line.count)
            }
            // (a strip narrower than a tile at the edge may lie across two lines)
            guard let first = (0..<min(3, length)).first(where: darkLine) else { return 0 }
            return first + (first..<length).prefix(while: darkLine).count
        }
        if Double(band) >= options.screenMinBand * Double(length), Double(opposite) <= options.screenMaxOppositeBand * Double(length),
           screenBeyond(),
           Double(darkOpposite()) < max(options.screenMaxOppositeBand * Double(length), options.screenCentredShare * Double(band)) {
            share = Double(length - band) / Double(length)
            switch widest {
            case 0: screen.x0 = band
            case 1: screen.x1 = cols - band
            case 2: screen.y0 = band
            default: screen.y1 = rows - band
            }
        }
        var detailed = 0, n = 0
        for y in screen.y0..<screen.y1 {
            for x in screen.x0..<screen.x1 {
                n += 1
                if board.variance[y * cols + x] > board.detailVariance { detailed += 1 }
            }
        }
        return Double(detailed) >= options.screenMinDetail * Double(max(n, 1)) ? share : nil
    }
}

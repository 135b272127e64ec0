import Testing
@testable import FrameDiff

/// The other display taking over inside a fixed frame (ScreenAreaTracker) on synthetic tile
/// changes: a fold beside a black band, its refit to the window, an unfold; and the look-alikes
/// that must give no event (a fade to black, an app's dark pane, letterbox bars, a passing panel).
@Suite("Screen area inside a fixed frame")
struct ScreenAreaTrackerTests {
    /// 16x16 tiles: the bands are whole columns of it.
    static let cols = 16
    static func film() -> PostureFilm { PostureFilm(grid: TileGrid(storedWidth: 256, storedHeight: 256, tile: 16)) }

    /// Text everywhere: detailed tiles, each its own colour.
    static func page(_ t: Int) -> (mean: SIMD3<Float>, variance: Float) { (SIMD3(Float(60 + t % 50), 120, 140), 400) }
    static let black: (mean: SIMD3<Float>, variance: Float) = (SIMD3(repeating: 4), 0)

    @Test func aFoldBesideABlackBandThatIsScaledBackUpIsOneClose() {
        var f = Self.film()
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        // the picture squeezed into the left half, the right half black over the whole height
        let foldFrame = f.k
        f.frame(f.all) { t in t % Self.cols < 8 ? Self.page(t + 3) : Self.black }
        f.still(20)
        // the small display scaled back to fill the window in two steps with a held frame between
        f.frame(f.all) { t in t % Self.cols < 12 ? Self.page(t + 5) : Self.black }
        f.still(1)
        let refitEnd = f.k
        f.frame(f.all) { t in Self.page(t + 7) }
        f.still(10)
        let changes = f.screenChanges()
        #expect(changes.count == 1)
        #expect(changes.first?.kind == .close)
        #expect(changes.first?.startMs == Double(foldFrame) * 1000 / 30)
        #expect(changes.first?.endMs == Double(refitEnd) * 1000 / 30)
        #expect(abs((changes.first?.toShare ?? 0) - 0.5) < 1e-9)
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.close])
    }

    /// A page, then folded beside a black band (the left half showing it 3 levels off), held 20
    /// frames.
    static func foldHeld() -> PostureFilm {
        var f = film()
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        f.frame(f.all) { t in t % Self.cols < 8 ? Self.page(t + 3) : Self.black }
        f.still(20)
        return f
    }

    /// A fold beside a black band, refit to the whole frame (no band left to grow back) showing
    /// `refit` (the page 7 levels off unless told), held 1 s.
    static func refitFold(_ options: PostureInferenceOptions = PostureInferenceOptions(),
                          refit: (Int) -> (mean: SIMD3<Float>, variance: Float) = { page($0 + 7) }) -> PostureFilm {
        var f = film()
        f.screens = ScreenAreaTracker(options: options)
        f.frame(f.all, complete: true, look: page)
        f.still(5)
        f.frame(f.all) { t in t % cols < 8 ? page(t + 3) : black }
        f.still(20)
        f.frame(f.all, look: refit)
        f.still(30)
        return f
    }

    @Test func afterARefitFoldTheWholeFrameRedrawnIsTheUnfold() {
        // (through two frames of the crossfade onto the inner layout, the picture before the fold)
        var f = Self.refitFold()
        let unfold = f.k
        for shade in [15, 23, 0] { f.frame(f.all) { t in Self.page(t + shade) } }
        let last = f.k - 1
        f.still(15)
        let changes = f.screenChanges()
        #expect(changes.map(\.kind) == [.close, .open])
        #expect(changes.last?.startMs == Double(unfold) * 1000 / 30 && changes.last?.endMs == Double(last) * 1000 / 30)
        #expect(changes.last?.changedShare == 1)
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.close, .open])

        // after it, an app's panel redrawing a quarter of the frame, and a GIF re-dithering every
        // tile by 2 levels, unfold nothing
        var panel = Self.refitFold()
        panel.frame(panel.columns(0..<4)) { t in Self.page(t + 30) }
        panel.still(15)
        var dither = Self.refitFold()
        dither.frame(dither.all) { t in Self.page(t + 9) }
        dither.still(15)
        #expect(panel.screenChanges().map(\.kind) == [.close] && dither.screenChanges().map(\.kind) == [.close])
        // and with no fold before it the whole frame redrawn is no event
        var plain = Self.film()
        plain.frame(plain.all, complete: true, look: Self.page)
        plain.still(5)
        for step in 1...3 { plain.frame(plain.all) { t in Self.page(t + 8 * step) } }
        plain.still(15)
        #expect(plain.screenChanges().isEmpty)
    }

    /// `before`, then folded beside a black band (the left half showing `small`) held 20 frames,
    /// then the small display growing back over the band in one frame and filling the frame with
    /// `after` (the growth's first frame at `grow`).
    static func foldGrownBack(from before: @escaping Look = page, small: @escaping Look = { page($0 + 20) },
                              to after: @escaping Look) -> (film: PostureFilm, fold: Int, grow: Int, last: Int) {
        var f = film()
        f.frame(f.all, complete: true, look: before)
        f.still(5)
        let fold = f.k
        f.frame(f.all) { t in t % cols < 8 ? small(t) : black }
        f.still(20)
        let grow = f.k
        f.frame(f.all) { t in t % cols < 12 ? page(t + 5) : black }
        let last = f.k
        f.frame(f.all, look: after)
        f.still(30)
        return (f, fold, grow, last)
    }

    @Test func aSmallDisplayGrowingBackOntoThePictureBeforeTheFoldIsTheUnfold() {
        // (within `screenRefitMs`, where an emulator's refit would scale it up too: but a refit
        // stretches what the small display shows, and this is the inner display's picture again)
        let (f, fold, grow, last) = Self.foldGrownBack(to: Self.page)
        let changes = f.screenChanges()
        #expect(changes.map(\.kind) == [.close, .open])
        #expect(changes.first?.startMs == Double(fold) * 1000 / 30 && changes.first?.endMs == Double(fold) * 1000 / 30)
        #expect(changes.last?.startMs == Double(grow) * 1000 / 30 && changes.last?.endMs == Double(last) * 1000 / 30)
        #expect(changes.last?.returnedShare == 1)
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.close, .open])

        // a refit stretching a small display that still shows the picture before the fold squeezed
        // (before the app laid it out anew) brings that picture back too, but as a stretch of what
        // the small display showed: the fold's own refit, one close. (A page whose columns come in
        // alike pairs: squeezed, each pair is one column.)
        let pairs: Look = { t in Self.page(t / Self.cols * Self.cols + t % Self.cols / 2) }
        let squeezed: Look = { t in Self.page(t / Self.cols * Self.cols + t % Self.cols) }
        let (refit, _, _, _) = Self.foldGrownBack(from: pairs, small: squeezed, to: pairs)
        #expect(refit.screenChanges().map(\.kind) == [.close])
        // and so is one bringing back 75% of the tiles (another layout)
        let (relaid, _, _, _) = Self.foldGrownBack { t in t % Self.cols >= 12 ? Self.page(t + 20) : Self.page(t) }
        #expect(relaid.screenChanges().map(\.kind) == [.close])
        // the stretch is read from the end the small display lies at: its last column beside the
        // band, stretched from the band's end, would be the frame's first two (all of the small
        // display that end holds)
        let (sided, _, _, _) = Self.foldGrownBack(small: { t in t % Self.cols == 7 ? Self.page(t / Self.cols * Self.cols) : Self.page(t + 20) },
                                                  to: Self.page)
        #expect(sided.screenChanges().map(\.kind) == [.close, .open])
    }

    @Test func aDisplayGrowingBackRightAfterAnAnimatedFoldStartsItsOpenThere() {
        // the small display animating from the fold on (one run of broad changes), then growing
        // back on the frame after the fold was confirmed: the open begins with the growth, not
        // with the run that began at the fold
        var f = Self.film()
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        for i in 0..<10 { f.frame(f.all) { t in t % Self.cols < 8 ? Self.page(t + 20 + (i % 2) * 10) : Self.black } }
        let grow = f.k
        f.frame(f.all, look: Self.page)
        f.still(30)
        let changes = f.screenChanges()
        #expect(changes.map(\.kind) == [.close, .open])
        #expect(changes.last?.startMs == Double(grow) * 1000 / 30)
    }

    @Test func aBlankFrameEndingTheGrowthsHoldLeavesNoSecondOpen() {
        // in a film written on change the frame that shows the grown picture held is the next
        // change, here a black frame with no screen to measure: the screen is whole again anyway
        var f = Self.film()
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        f.frame(f.all) { t in t % Self.cols < 8 ? Self.page(t + 20) : Self.black }
        f.still(20)
        f.frame(f.all, look: Self.page)
        f.k += 10
        f.frame(f.all) { _ in Self.black }
        f.still(3)
        f.frame(f.all) { t in Self.page(t + 3) }
        f.still(30)
        #expect(f.screenChanges().map(\.kind) == [.close, .open])
    }

    /// A fold into half the frame (the band on `bandLeft`'s side as stored, along the axis the
    /// film turns across at `rotation`), held 20 frames, then a growth in one frame onto the
    /// picture before the fold: an unfold onto a layout the small display did not show, or
    /// (`refit`) a stretch of the small display, which the picture before the fold was too (its
    /// tiles along the axis alike in pairs).
    static func foldAlong(w: Int, h: Int, tile: Int, rotation: Int, bandLeft: Bool, refit: Bool) -> [ScreenAreaTracker.Change] {
        var f = PostureFilm(grid: TileGrid(storedWidth: w, storedHeight: h, tile: tile, rotation: rotation))
        let cols = f.grid.columns, alongX = rotation % 180 == 0
        let n = alongX ? cols : f.grid.rows, half = n / 2
        func at(_ t: Int) -> (along: Int, line: Int) { alongX ? (t % cols, t / cols) : (t / cols, t % cols) }
        // (a column's colour steps 12 levels a tile, so the squeeze moves each tile past the
        // change threshold: a fold never leaves the small display as that part of the frame was)
        func ramp(_ l: Int, _ c: Int) -> (mean: SIMD3<Float>, variance: Float) { (SIMD3(Float(30 + 12 * (c % 16)), Float(100 + l % 40), 140), 400) }
        let before: Look = { t in let (a, l) = at(t); return refit ? ramp(l, a / 2) : page(t) }
        let small: Look = { t in
            let (a, l) = at(t)
            guard bandLeft ? a >= n - half : a < half else { return black }
            return refit ? ramp(l, bandLeft ? a - (n - half) : a) : page(t + 20)
        }
        let grow: Look = { t in let a = at(t).along; return (bandLeft ? a >= n / 4 : a < n - n / 4) ? page(t + 5) : black }
        f.frame(f.all, complete: true, look: before)
        f.still(5)
        f.frame(f.all, look: small)
        f.still(20)
        f.frame(f.all, look: grow)
        f.frame(f.all, look: before)
        f.still(30)
        return f.screenChanges()
    }

    @Test(arguments: [0, 90, 180, 270], [false, true])
    func aGrowthBackIsToldFromARefitOnEitherSideAtAnyRotation(rotation: Int, bandLeft: Bool) {
        let unfold = Self.foldAlong(w: 256, h: 256, tile: 16, rotation: rotation, bandLeft: bandLeft, refit: false)
        let refit = Self.foldAlong(w: 256, h: 256, tile: 16, rotation: rotation, bandLeft: bandLeft, refit: true)
        #expect(unfold.map(\.kind) == [.close, .open])
        #expect(refit.map(\.kind) == [.close])
    }

    @Test(arguments: [(64, 64, 8), (70, 66, 8), (250, 250, 16), (256, 200, 16), (100, 300, 16)])
    func oddGridsGiveAtMostACloseAndAnOpen(w: Int, h: Int, tile: Int) {
        // (frames whose last tile is part of one, and one too narrow to hold a band: no trap in
        // the stretch's ranges, and no third event)
        for rotation in [0, 90] {
            for bandLeft in [false, true] {
                for refit in [false, true] {
                    let kinds = Self.foldAlong(w: w, h: h, tile: tile, rotation: rotation, bandLeft: bandLeft, refit: refit).map(\.kind)
                    #expect([[], [.close], [.close, .open]].contains(kinds))
                }
            }
        }
    }

    @Test func aRefitLaterThanTheRefitTimeIsStillTheFold() {
        // the small display (another layout) stretched over the frame 4 s after the fold, by an
        // emulator slower than `screenRefitMs`: the fold's refit, not an unfold; the crossfade back
        // to the inner layout later is the unfold. (Its tiles vary a lot from one to the next, as
        // a layout's do: a smooth picture matches itself stretched, and is not taken for one)
        let small: Look = { t in (SIMD3(Float(40 + (t * 37) % 170), 120, 140), 400) }
        var f = Self.film()
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        let fold = f.k
        f.frame(f.all) { t in t % Self.cols < 8 ? small(t) : Self.black }
        f.still(120)
        let refit = f.k
        f.frame(f.all) { t in small(t / Self.cols * Self.cols + t % Self.cols / 2) }
        f.still(30)
        let unfold = f.k
        for shade in [15, 8, 0] { f.frame(f.all) { t in Self.page(t + shade) } }
        f.still(15)
        let changes = f.screenChanges()
        #expect(changes.map(\.kind) == [.close, .open])
        #expect(changes.first?.startMs == Double(fold) * 1000 / 30 && changes.first?.endMs == Double(refit) * 1000 / 30)
        #expect(changes.last?.startMs == Double(unfold) * 1000 / 30)

        // a smooth small display matches itself left in place as well as stretched: no telling a
        // late refit from an unfold, so the frame filled again stays the open it was
        var smooth = Self.film()
        smooth.frame(smooth.all, complete: true, look: Self.page)
        smooth.still(5)
        smooth.frame(smooth.all) { t in t % Self.cols < 8 ? Self.page(t + 20) : Self.black }
        smooth.still(120)
        let filled = smooth.k
        smooth.frame(smooth.all) { t in Self.page(t / Self.cols * Self.cols + t % Self.cols / 2 + 20) }
        smooth.still(30)
        #expect(smooth.screenChanges().map(\.kind) == [.close, .open])
        #expect(smooth.screenChanges().last?.startMs == Double(filled) * 1000 / 30)
    }

    @Test func aFoldThatStaysSmallAndALaterUnfoldAreACloseAndAnOpen() {
        var f = Self.film()
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        f.frame(f.all) { t in t % Self.cols < 8 ? Self.page(t + 3) : Self.black }
        f.still(150)  // 5 s small: longer than any refit
        let unfold = f.k
        f.frame(f.all) { t in Self.page(t + 9) }
        f.still(15)
        let changes = f.screenChanges()
        #expect(changes.map(\.kind) == [.close, .open])
        #expect(changes.last?.startMs == Double(unfold) * 1000 / 30)
    }

    @Test func aDarkSparseAppFoldedRefitAndUnfoldedIsACloseAndAnOpen() {
        // a dark theme with no dither (an MP4, or a GIF scaled down): a flat dark page, detail only
        // in 8 of its 256 tiles (status and navigation bars' icons in the top and bottom rows, 3%);
        // the fold film at three quarters of its size showed 4.3%, and its fold was lost under a
        // 5% floor of detail
        func dark(_ shade: Float) -> (Int) -> (mean: SIMD3<Float>, variance: Float) {
            { t in [0, 5, 10, 15].contains(t % Self.cols) && [0, Self.cols - 1].contains(t / Self.cols)
                ? (SIMD3(Float(150 + t % 50), 150, 160), 400) : (SIMD3(shade, shade + 2, shade + 8), 0) }
        }
        var f = Self.film()
        f.frame(f.all, complete: true, look: dark(26))
        f.still(5)
        // (squeezed into the left half: the bars' icons of columns 0, 5, 10 and 15 at 0, 2, 5 and 7)
        let squeezed = [0: 0, 2: 5, 5: 10, 7: 15]
        f.frame(f.all) { t in
            let (x, y) = (t % Self.cols, t / Self.cols)
            guard x < 8 else { return Self.black }
            return dark(26)(y * Self.cols + (squeezed[x] ?? 1))
        }
        f.still(20)
        f.frame(f.all, look: dark(28))
        f.still(30)
        for step in 1...3 { f.frame(f.all, look: dark(28 + 8 * Float(step))) }
        f.still(15)
        #expect(f.screenChanges().map(\.kind) == [.close, .open])
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.close, .open])
    }

    @Test func aPureBlackAppFoldedBesideTheBandIsAClose() {
        // the app's own background is the band's black, so the column past the band is mostly
        // black too; but the squeezed screen's status bar runs up to the band (its last icon in
        // the tile at the band's edge). The fold film darkened to a black background lost its fold
        var f = Self.film()
        func app(_ icons: Set<Int>, width: Int) -> (Int) -> (mean: SIMD3<Float>, variance: Float) {
            { t in
                let (x, y) = (t % Self.cols, t / Self.cols)
                let icon = (y == 0 && icons.contains(x)) || (y == Self.cols - 1 && [2, width - 3].contains(x))
                let row = [3, 5, 7].contains(y) && (1..<width - 2).contains(x)
                return icon || row ? (SIMD3(Float(150 + t % 50), 150, 160), 400) : Self.black
            }
        }
        f.frame(f.all, complete: true, look: app([0, 12, 15], width: 16))
        f.still(5)
        f.frame(f.all, look: app([0, 6, 7], width: 8))
        f.still(20)
        #expect(f.screenChanges().map(\.kind) == [.close], "\(f.screenChanges())")
        #expect(abs((f.screenChanges().first?.toShare ?? 0) - 0.5) < 1e-9)
    }

    typealias Look = (Int) -> (mean: SIMD3<Float>, variance: Float)

    /// An app on pure black: status icons in the top row, navigation icons in the bottom row,
    /// content rows of detail `width` tiles wide.
    static func blackApp(_ icons: [Int], rows: [Int], width: Int, tone: Float) -> Look {
        { t in
            let (x, y) = (t % cols, t / cols)
            let icon = (y == 0 && icons.contains(x)) || (y == cols - 1 && [2, width - 3].contains(x))
            let row = rows.contains(y) && (1..<width - 2).contains(x)
            return icon || row ? (SIMD3(tone + Float(t % 40), 150, 160), 400) : black
        }
    }

    /// The black app folded beside the band, refit stretched to the frame, held, then changed to
    /// `after` in three frames where only what shows changes (the black ground not at all), as
    /// stored in a grid turned by `rotation` (a 180-degree film stores the bottom row first).
    static func blackAppFolded(then after: @escaping Look, rotation: Int = 0) -> PostureFilm {
        var f = PostureFilm(grid: TileGrid(storedWidth: 256, storedHeight: 256, tile: 16, rotation: rotation))
        func stored(_ look: @escaping Look) -> Look { rotation == 180 ? { look(255 - $0) } : look }
        func shows(_ look: Look) -> [Int] { (0..<256).filter { look($0).variance > 0 } }
        let stretched = stored(blackApp([0, 13, 15], rows: [4, 6, 8], width: 16, tone: 170))
        f.frame(f.all, complete: true, look: stored(blackApp([0, 12, 15], rows: [3, 5, 7], width: 16, tone: 150)))
        f.still(5)
        f.frame(f.all, look: stored(blackApp([0, 6, 7], rows: [3, 5, 7], width: 8, tone: 150)))
        f.still(20)
        f.frame(f.all, look: stretched)
        f.still(30)
        let redrawn = Array(Set(shows(stretched) + shows(stored(after)))).sorted()
        for _ in 1...3 { f.frame(redrawn, look: stored(after)) }
        f.still(15)
        return f
    }

    @Test func anUnfoldOnABlackGroundIsWhatShowsRedrawnWithBothBars() {
        // the emulator crossfades the content and both system bars to the inner display's layout;
        // the black ground stays black (the fold film darkened to black lost its unfold: 21% of the
        // frame's tiles changed, all it showed). Also in a film stored upside down
        let native = Self.blackApp([0, 12, 15], rows: [3, 5, 7], width: 16, tone: 150)
        for rotation in [0, 180] {
            let f = Self.blackAppFolded(then: native, rotation: rotation)
            #expect(f.screenChanges().map(\.kind) == [.close, .open], "\(rotation): \(f.screenChanges())")
        }
    }

    @Test func aPageChangeOrAShadeInTheFoldedBlackAppIsNoUnfold() {
        // the folded app going to another page: its content redrawn, the status bar only at its
        // clock (the minute), the navigation bar not at all
        let stretched = Self.blackApp([0, 13, 15], rows: [4, 6, 8], width: 16, tone: 170)
        let page = Self.blackApp([0, 13, 15], rows: [3, 5, 7, 9], width: 16, tone: 120)
        let navigated = Self.blackAppFolded(then: { t in t / Self.cols == 0 && t % Self.cols != 0 ? stretched(t) : page(t) })
        #expect(navigated.screenChanges().map(\.kind) == [.close], "\(navigated.screenChanges())")
        // a notification shade coming down: its header redraws the whole status bar and its scrim
        // dims the content, but it stops above the navigation bar
        let shade = Self.blackAppFolded(then: { t in
            t / Self.cols == 0 ? (SIMD3(Float(90 + t % 40), 90, 90), 400)
                : t / Self.cols == Self.cols - 1 ? stretched(t) : (stretched(t).variance > 0 ? (SIMD3(60, 60, 60), 400) : Self.black) })
        #expect(shade.screenChanges().map(\.kind) == [.close], "\(shade.screenChanges())")
    }

    @Test func theWholeFrameRedrawnIsTheUnfoldWhateverTheBarsDo() {
        // a status bar drawn alike at both scales (or none): the whole frame redrawn but for it
        // (15 of 16 rows) is the unfold, as before the bars were looked at
        var f = Self.refitFold()
        let inner = (Self.cols..<(Self.cols * Self.cols)).map { $0 }
        for shade in [15, 23, 0] { f.frame(inner) { t in Self.page(t + shade) } }
        f.still(15)
        #expect(f.screenChanges().map(\.kind) == [.close, .open], "\(f.screenChanges())")
    }

    @Test func inAFilmWrittenOnChangeTheFrameAfterTheRefitCanBeTheUnfold() {
        // a change-driven film writes no frame while the picture holds: the refit's picture holds
        // 2 s, and the next frame written is the unfold's first, one step to the inner layout
        var f = Self.foldHeld()
        f.frame(f.all) { t in Self.page(t + 7) }
        f.k += 60
        f.frame(f.all) { t in Self.page(t) }
        f.k += 30
        f.frame([]) { _ in (.zero, 0) }
        #expect(f.screenChanges().map(\.kind) == [.close, .open], "\(f.screenChanges())")
    }

    @Test func inAFilmWrittenOnChangeTheRefitPictureIsTheOneThatHeld() {
        // the refit holds 2 s with no frame written; the next frame is the unfold's one step back to
        // the picture before the fold, over the tiles the refit changed only (75% of the frame,
        // under unfold_min_changed): the refit is the picture that held, not that frame's
        var f = Self.foldHeld()
        f.frame(f.all) { t in t % Self.cols < 4 ? Self.page(t + 20) : t % Self.cols < 8 ? Self.page(t) : Self.page(t + 7) }
        f.k += 60
        f.frame(f.columns(0..<4) + f.columns(8..<16)) { t in Self.page(t) }
        f.k += 30
        f.frame([]) { _ in (.zero, 0) }
        let changes = f.screenChanges()
        #expect(changes.map(\.kind) == [.close, .open], "\(changes)")
        #expect(changes.last?.returnedShare == 1)
    }

    @Test func aFoldInTwoStepsBeginsWithTheFirst() {
        // the screen shrinks to three quarters, one frame changes a single tile (outside any run of
        // broad change), then it shrinks to half: one fold, from the first step
        var f = Self.film()
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        let first = f.k
        f.frame(f.all) { t in t % Self.cols < 12 ? Self.page(t + 3) : Self.black }
        f.frame([0]) { t in Self.page(t + 40) }
        f.frame(f.all) { t in t % Self.cols < 8 ? Self.page(t + 3) : Self.black }
        f.still(20)
        let changes = f.screenChanges()
        #expect(changes.map(\.kind) == [.close], "\(changes)")
        #expect(changes.first?.startMs == Double(first) * 1000 / 30)
    }

    @Test func aDialogOrAPhotoRedrawingTheFoldedAppIsNoUnfold() {
        // after the refit, the whole frame redrawn onto a picture that is not the one before the
        // fold (a dialog, a photo opened full screen, a rotation while folded: a review's 0-57% of
        // the tiles back) is no unfold; with no share asked of it, it is
        func redrawn(_ options: PostureInferenceOptions) -> [PostureEvent.Kind] {
            var g = Self.refitFold(options)
            for shade in [15, 23, 31] { g.frame(g.all) { t in Self.page(t + shade) } }
            g.still(15)
            return g.screenChanges().map(\.kind)
        }
        #expect(redrawn(PostureInferenceOptions()) == [.close])
        var any = PostureInferenceOptions()
        any.unfoldRedrawnReturn = 0
        #expect(redrawn(any) == [.close, .open])
    }

    /// A fold refit to a picture that differs from the one before the fold in its left quarter
    /// and its right half (the small display's layout stretched; a sparse layout: the rest is the
    /// same page), held 1 s.
    static func sparseRefitFold(_ options: PostureInferenceOptions = PostureInferenceOptions()) -> PostureFilm {
        refitFold(options) { t in t % cols < 4 ? page(t + 20) : t % cols < 8 ? page(t) : page(t + 7) }
    }

    @Test func afterARefitFoldTheInnerLayoutBackIsTheUnfoldHoweverLittleItChanged() {
        // the unfold's crossfade changes only where the folded layout differed (75% of the tiles,
        // under unfold_min_changed) and brings back the picture before the fold
        var f = Self.sparseRefitFold()
        let unfold = f.k
        let redrawn = f.columns(0..<4) + f.columns(8..<16)
        f.frame(redrawn) { t in Self.page(t + 10) }
        f.frame(redrawn) { t in Self.page(t) }
        f.still(15)
        let changes = f.screenChanges()
        #expect(changes.map(\.kind) == [.close, .open], "\(changes)")
        #expect(changes.last?.startMs == Double(unfold) * 1000 / 30)
        #expect(changes.last?.returnedShare == 1 && changes.last?.changedShare == nil)
        #expect(f.seen.events(coverMs: 500).last?.evidence.contains { $0.name == "returned_share" } == true)

        // without the rule it is not seen
        var off = PostureInferenceOptions()
        off.unfoldReturnShare = 1.01
        var without = Self.sparseRefitFold(off)
        without.frame(redrawn) { t in Self.page(t + 10) }
        without.frame(redrawn) { t in Self.page(t) }
        without.still(15)
        #expect(without.screenChanges().map(\.kind) == [.close])

        // the folded app going to another page and back to its own (the refit picture) brings
        // back nothing of the picture before the fold
        var back = Self.sparseRefitFold()
        back.frame(redrawn) { t in Self.page(t + 40) }
        back.still(15)
        back.frame(redrawn) { t in t % Self.cols < 4 ? Self.page(t + 20) : Self.page(t + 7) }
        back.still(15)
        #expect(back.screenChanges().map(\.kind) == [.close])
    }

    @Test func lookAlikesGiveNoEvent() {
        // a fade to black: no screen left to measure
        var fade = Self.film()
        fade.frame(fade.all, complete: true, look: Self.page)
        fade.still(5)
        for _ in 0..<3 { fade.frame(fade.all) { _ in Self.black } }
        fade.still(30)
        #expect(fade.screenChanges().isEmpty)

        // an app's empty dark pane: the status bar's icons run across it (top row keeps detail)
        var pane = Self.film()
        pane.frame(pane.all, complete: true, look: Self.page)
        pane.still(5)
        pane.frame(pane.columns(8..<16).filter { $0 / Self.cols > 0 }) { _ in Self.black }
        pane.still(30)
        #expect(pane.screenChanges().isEmpty)

        // letterbox bars on both sides (content turned to landscape): no one-sided band
        var bars = Self.film()
        bars.frame(bars.all, complete: true, look: Self.page)
        bars.still(5)
        bars.frame(bars.columns(0..<4) + bars.columns(12..<16)) { _ in Self.black }
        bars.still(30)
        #expect(bars.screenChanges().isEmpty)

        // a dark panel that sweeps across and is gone within the hold
        var sweep = Self.film()
        sweep.frame(sweep.all, complete: true, look: Self.page)
        sweep.still(5)
        sweep.frame(sweep.columns(8..<16)) { _ in Self.black }
        sweep.still(3)
        sweep.frame(sweep.columns(8..<16)) { t in Self.page(t) }
        sweep.still(30)
        #expect(sweep.screenChanges().isEmpty)
    }

    @Test func aFoldBesideTheIDEsGreyIsAFold() {
        // Android Studio's running-devices window draws its own grey (43, 45, 48) where the
        // emulator's small display leaves the window; the fold squeezes the page into the left half
        func fold(_ options: PostureInferenceOptions) -> [PostureEvent.Kind] {
            var f = Self.film()
            f.screens = ScreenAreaTracker(options: options)
            f.frame(f.all, complete: true, look: Self.page)
            f.still(5)
            f.frame(f.all) { t in t % Self.cols < 8 ? Self.page(2 * t + 20) : (SIMD3(43, 45, 48), 0) }
            f.still(120)
            return f.screenChanges().map(\.kind)
        }
        #expect(fold(PostureInferenceOptions()) == [.close])
        // (a band only under the rotation's dark level, 48: none)
        var black = PostureInferenceOptions()
        black.screenBandLevel = 48
        #expect(fold(black).isEmpty)
    }

    /// A two-pane app whose right pane goes black over the whole height (a video stopping) and
    /// plays again `hold` frames later, the left pane as it was: a band beside a screen, as a fold
    /// leaves; `keptMatch` the rule's share.
    static func paneGoneDark(keptMatch: Double = PostureInferenceOptions().foldKeptMatch, hold: Int = 45,
                             after: @escaping Look = Self.page, leftAfter: Look? = nil) -> [ScreenAreaTracker.Change] {
        var o = PostureInferenceOptions()
        o.foldKeptMatch = keptMatch
        var f = film()
        f.screens = ScreenAreaTracker(options: o)
        f.frame(f.all, complete: true, look: page)
        f.still(5)
        f.frame(f.columns(8..<16)) { _ in black }
        f.still(hold)
        if let leftAfter {
            f.frame(f.all) { t in t % cols < 8 ? leftAfter(t) : after(t) }
        } else {
            f.frame(f.columns(8..<16), look: after)
        }
        f.still(30)
        return f.screenChanges()
    }

    @Test func aFoldLaidOutAnewAtOnceWithItsRowsInPlaceDrawsItsOwnBars() {
        // The app relays itself out in the small display within the hold, its left-aligned rows
        // where they were (all but the status bar's row as the page showed it there); the small
        // display's status bar has its icons at its own end, beside the band: a fold (a review's
        // settings lists keep 95-96% of their detailed tiles so)
        func fold(_ statusIcons: Bool) -> [PostureEvent.Kind] {
            var f = Self.film()
            f.frame(f.all, complete: true, look: Self.page)
            f.still(5)
            f.frame(f.all) { t in
                guard t % Self.cols < 8 else { return Self.black }
                return statusIcons && t / Self.cols == 0 && t % Self.cols >= 6 ? Self.page(t + 40) : Self.page(t)
            }
            f.still(120)
            return f.screenChanges().map(\.kind)
        }
        #expect(fold(true) == [.close])
        // (the same with no bar drawn anew is a pane gone dark)
        #expect(fold(false).isEmpty)
    }

    @Test func aPaneGoingDarkBesideTheOtherLeftAsItWasIsNoFold() {
        #expect(Self.paneGoneDark().isEmpty)
        // (whatever the pane shows when it comes back)
        #expect(Self.paneGoneDark(after: { Self.page($0 + 20) }).isEmpty)
        #expect(Self.paneGoneDark(hold: 120).isEmpty)
        // (the other pane changed while this one was dark: still no unfold, with no fold)
        #expect(Self.paneGoneDark(hold: 120, after: { t in Self.page(t + 20) }, leftAfter: { t in Self.page(t + 30) }).isEmpty)
        // without the rule: a fold (its refit, within `screenRefitMs`), or a fold and an unfold
        #expect(Self.paneGoneDark(keptMatch: 2).map(\.kind) == [.close])
        #expect(Self.paneGoneDark(keptMatch: 2, hold: 120).map(\.kind) == [.close, .open])
    }

    /// A dark theme's page load: the browser's side panel (left two columns) keeps its detail, the
    /// page beside it goes blank and dark for 800 ms with the pointer resting on it (one tile, 5
    /// columns in from the right), then the page paints. The columns right of the pointer are a
    /// dark band the whole height, but the line past it is the blank page's dark, not a screen.
    static func darkPageLoad(_ options: PostureInferenceOptions = PostureInferenceOptions()) -> PostureFilm {
        var f = film()
        f.screens = ScreenAreaTracker(options: options)
        f.frame(f.all, complete: true, look: page)
        f.still(5)
        let pointer = 7 * cols + cols - 5
        f.frame(f.all.filter { $0 % cols >= 2 }) { t in t == pointer ? page(t) : black }
        f.still(24)
        f.frame(f.all.filter { $0 % cols >= 2 && $0 != pointer }) { t in page(t + 3) }
        f.still(30)
        return f
    }

    @Test func aDarkAppsEmptySpaceBelowItsContentIsNoBand() {
        // a page on a pure black ground (iOS's dark mode) with its content in the upper half, then
        // a photo filling the frame, then the page again: the black under the content runs the
        // whole width, as a band would under a fold's outer display, but a foldable's outer
        // display lies beside the inner one (a reviewer's dark lightbox, app switcher and
        // crossfade films each gave an `open` and a `close`)
        var f = Self.film()
        let sparse = { (t: Int) in t / Self.cols < 9 ? Self.page(t) : Self.black }
        f.frame(f.all, complete: true, look: sparse)
        f.still(10)
        f.frame(f.all) { t in Self.page(t + 7) }
        f.still(30)
        f.frame(f.all, look: sparse)
        f.still(30)
        #expect(f.screenChanges().isEmpty, "\(f.screenChanges().map(\.kind))")
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    /// A page, then a photo centred on a dark backdrop: flat black on the left, the same black
    /// with a codec's noise on the right (not flat), and the page's scrollbar, a light strip, at
    /// the right edge. `noise` is the right margin's variance.
    static func lightbox(_ options: PostureInferenceOptions = PostureInferenceOptions(), noise: Float = 9) -> PostureFilm {
        var f = film()
        f.screens = ScreenAreaTracker(options: options)
        f.frame(f.all, complete: true, look: page)
        f.still(10)
        f.frame(f.all) { t in
            switch t % cols {
            case 0..<5: black
            case 5..<10: page(t + 7)
            case 10..<15: (SIMD3(repeating: 5), noise)
            default: (SIMD3(repeating: 200), 0)
            }
        }
        f.still(30)
        return f
    }

    @Test func aPhotoCentredOnABackdropBesideAScrollbarIsNoFold() {
        // a desktop browser's lightbox: its two margins alike, only the left one flat to the edge
        // (8 of 51 real Chromium recordings read as a fold)
        #expect(Self.lightbox().screenChanges().isEmpty, "\(Self.lightbox().screenChanges().map(\.kind))")
        // (its right margin not read as dark: the band on the left alone is a fold's)
        var o = PostureInferenceOptions()
        o.screenOppositeShare = 1.01
        #expect(Self.lightbox(o).screenChanges().map(\.kind) == [.close])
    }

    @Test func aDarkAppsPageInTheBandsGreyIsStillAFold() {
        // the folded display's page 4 levels from an IDE-grey band (8 columns): text on every
        // other row of its first five columns, the last three empty but for the status bar. Its
        // margin in the band's colour (3 columns) is narrower than the band: a fold
        func fold(_ options: PostureInferenceOptions) -> PostureFilm {
            var f = Self.film()
            f.screens = ScreenAreaTracker(options: options)
            f.frame(f.all, complete: true, look: Self.page)
            f.still(10)
            f.frame(f.all) { t in
                let x = t % Self.cols, y = t / Self.cols
                if x < 8 { return (SIMD3(32, 33, 36), 0) }
                let text = x < 13 ? y % 2 == 0 : y == 0
                return text ? (SIMD3(200, 200, 205), 600) : (SIMD3(28, 29, 36), 0)
            }
            f.still(30)
            return f
        }
        #expect(fold(PostureInferenceOptions()).screenChanges().map(\.kind) == [.close])
        // (a margin of 3 columns on the other side is past a tenth of the frame: without the
        // band's width to match, the fold is taken for content centred on a backdrop)
        var o = PostureInferenceOptions()
        o.screenCentredShare = 0
        #expect(fold(o).screenChanges().isEmpty)
    }

    @Test func aPointerOverADarkBlankPageIsNoBand() {
        let f = Self.darkPageLoad()
        #expect(f.screenChanges().isEmpty)
    }

    @Test func withoutTheEdgeTestTheDarkBlankPageIsAFold() {
        var o = PostureInferenceOptions()
        o.screenEdgeDark = 1
        // (the side panel beside the page stays as it was: taken alone, a pane gone dark; and
        // the page's black on the other side is no margin: taken alone, content centred)
        o.foldKeptMatch = 2
        o.screenOppositeShare = 1.01
        let f = Self.darkPageLoad(o)
        #expect(f.screenChanges().map(\.kind) == [.close])
    }
}

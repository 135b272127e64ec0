import Testing
@testable import FrameDiff

/// A window spanned across both screens of a dual-screen capture (SpanTracker) on synthetic tile
/// changes: the system's span animation between a hinge's two screens, and the look-alikes that
/// must give no event (a fade to black and back, a blackout too short, a capture with no hinge).
@Suite("Spanning both screens of a dual-screen capture")
struct SpanTrackerTests {
    /// 32x16 tiles: screens of 15 columns on either side of a hinge two columns wide.
    static let cols = 32
    static func film() -> PostureFilm { PostureFilm(grid: TileGrid(storedWidth: 512, storedHeight: 256, tile: 16)) }
    static func column(_ t: Int) -> Int { t % cols }
    static func row(_ t: Int) -> Int { t / cols }
    static func isHinge(_ t: Int) -> Bool { (15...16).contains(column(t)) }

    typealias Look = (mean: SIMD3<Float>, variance: Float)
    static let hinge: Look = (SIMD3(repeating: 10), 0)
    // (the hinge as dark as the black screens, as the emulator draws it: a rotation tracker reading the
    // content's shape would otherwise see a strip of content between black bars)
    static let black: Look = (SIMD3(repeating: 8), 0)
    static let wallpaper: Look = (SIMD3(90, 110, 160), 0)
    /// An app's pane: its bar (tile rows 1-4) one colour, text below.
    static func app(_ t: Int, seed: Float = 0) -> Look {
        (1...4).contains(row(t)) ? (SIMD3(30, 90, 200), 0) : (SIMD3(200 - Float(t % 40) - seed, 200, 190), 500)
    }
    static func launcher(_ t: Int) -> Look { (SIMD3(60 + Float(t % 50), 150, 90), 300) }

    /// The app on the left screen, the launcher on the right, held a second; `hinge: false` draws
    /// the screens side by side with nothing between them; `masked` tiles are never measured.
    static func start(hinge withHinge: Bool = true, band: Look = hinge, masked: Set<Int> = []) -> PostureFilm {
        var f = film()
        f.frame(f.all.filter { !masked.contains($0) }, complete: true) { t in
            withHinge && isHinge(t) ? band : column(t) < 16 ? app(t) : launcher(t)
        }
        f.still(30)
        return f
    }

    /// The window dragged as a card across `screens` showing `look` for half a second (16
    /// frames), the screens dimming under it: what comes before the span's blackout.
    static func drag(_ f: inout PostureFilm, over screens: [Int], look: (Int) -> Look) {
        for step in 1...16 {
            // (the card: tile rows 2-13, eight columns wide, two columns further each frame: a
            // tenth of the tiles or more change on every frame, whatever the screens show)
            let left = 2 * step - 2
            f.frame(screens) { t in
                if (2...13).contains(row(t)), (left..<(left + 8)).contains(column(t)) { return (SIMD3(220, 220, 225), 400) }
                let l = look(t)
                return (l.mean * (1 - 0.035 * Float(step)), l.variance)
            }
        }
    }

    /// The span animation: the window dragged as a card (both screens dim), both screens black
    /// for `blackFrames`, the wallpaper, then `after` on the screens; then held a second.
    /// `dragged: false` fades both screens to black in 4 frames instead (a fade through black).
    static func animate(_ f: inout PostureFilm, blackFrames: Int, hinge withHinge: Bool = true, masked: Set<Int> = [],
                        dragged: Bool = true, after: (Int) -> Look) {
        let screens = f.all.filter { (!withHinge || !isHinge($0)) && !masked.contains($0) }
        let before = { (t: Int) in column(t) < 16 ? app(t) : launcher(t) }
        if dragged {
            drag(&f, over: screens, look: before)
        } else {
            for step in 1...4 { f.frame(screens) { t in (before(t).mean * (1 - 0.2 * Float(step)), before(t).variance) } }
        }
        f.frame(screens) { _ in black }
        f.still(blackFrames - 1)
        f.frame(screens) { _ in wallpaper }
        f.frame(screens, look: after)
        f.still(30)
    }

    /// After a span: the app's pane where it was, its second pane (the same bar) on the right.
    static func spanned(_ t: Int) -> Look { column(t) < 16 ? app(t) : app(t, seed: 90) }

    @Test func theWindowSpannedAcrossTheHingeIsAnOpen() {
        var f = Self.start()
        let first = f.k
        Self.animate(&f, blackFrames: 20, after: Self.spanned)
        let events = f.seen.events(coverMs: 500)
        #expect(events.map(\.kind) == [.open], "\(events)")
        #expect(events.first?.startMs == Double(first) * 1000 / 30)
        #expect(events.first?.evidence.contains { $0.name == "black_ms" } == true)

        // and back: the app leaves the right screen to the launcher, its bar on one side only
        var back = Self.start()
        Self.animate(&back, blackFrames: 20, after: Self.spanned)
        Self.animate(&back, blackFrames: 20) { t in
            Self.column(t) < 16 ? Self.app(t) : Self.launcher(t)
        }
        #expect(back.seen.events(coverMs: 500).map(\.kind) == [.open, .close])
    }

    @Test func aDarkThemesWindowSpannedAcrossTheHingeIsAnOpen() {
        // a dark theme: the app's grey bar and body, a dark wallpaper. The screens' middle columns
        // are 29-37 levels (a light theme's 100 and more) and 19 above the hinge's 10 (the Surface
        // Duo emulator's dark theme: screens of 21-30 beside a black hinge whose two tile columns
        // are each half screen); the review's dark spans were missed both ways
        let bar: Look = (SIMD3(40, 40, 46), 0)
        func app(_ t: Int, seed: Float = 0) -> Look {
            (1...4).contains(Self.row(t)) ? bar : (SIMD3(30 + Float(t % 7) + seed, 30, 34), 60)
        }
        func launcher(_ t: Int) -> Look { (SIMD3(22, 28, 48 + Float(t % 5)), 40) }
        func second(_ t: Int) -> Look { (1...4).contains(Self.row(t)) ? bar : (SIMD3(70 + Float(t % 30), 72, 80), 300) }
        func film(_ options: PostureInferenceOptions) -> PostureFilm {
            Self.spanFilm(before: { t in Self.column(t) < 16 ? app(t) : launcher(t) }, after: { t in Self.column(t) < 16 ? app(t) : second(t) },
                          ground: (SIMD3(16, 20, 34), 0), options: options)
        }
        #expect(film(PostureInferenceOptions()).seen.events(coverMs: 500).map(\.kind) == [.open])
        // (the screens lit at a light theme's level, or the hinge standing out as far, find no hinge)
        var lit = PostureInferenceOptions(), contrast = PostureInferenceOptions()
        lit.spanLitLevel = 40
        (contrast.spanHingeContrast, contrast.spanHingeRatio) = (20, 1)
        #expect(film(lit).seen.events(coverMs: 500).isEmpty)
        #expect(film(contrast).seen.events(coverMs: 500).isEmpty)
    }

    @Test func aWindowSpannedOnMaterialsDarkSurfaceIsAnOpen() {
        // Material's dark surface (#121212): the app's body 18 levels under a bar of 31, a launcher
        // as dark, the hinge's tile columns 8 (more than half hinge, as a 20-px hinge reads on
        // 16-px tiles). The screens' middle columns read 17-18: lit only where "lit" means not
        // black, and the band 9 below them, half their level
        let bar: Look = (SIMD3(31, 31, 31), 0)
        // (a line of text every third tile row: the median tile is the surface)
        func app(_ t: Int) -> Look {
            (1...4).contains(Self.row(t)) ? bar : Self.row(t) % 3 == 0 ? (SIMD3(70 + Float(t % 9), 70, 70), 900) : (SIMD3(repeating: 18), 0)
        }
        func launcher(_ t: Int) -> Look { Self.row(t) % 3 == 1 ? (SIMD3(90, 80 + Float(t % 7), 60), 600) : (SIMD3(14, 17, 24), 0) }
        func second(_ t: Int) -> Look { (1...4).contains(Self.row(t)) ? bar : (SIMD3(60 + Float(t % 30), 60, 64), 300) }
        func film(_ options: PostureInferenceOptions) -> PostureFilm {
            Self.spanFilm(before: { t in Self.column(t) < 16 ? app(t) : launcher(t) }, after: { t in Self.column(t) < 16 ? app(t) : second(t) },
                          ground: (SIMD3(10, 12, 20), 0), hinge: (SIMD3(repeating: 8), 0), options: options)
        }
        #expect(film(PostureInferenceOptions()).seen.events(coverMs: 500).map(\.kind) == [.open])
        // (lit only above 20 levels, or the band 15 levels below the screens whatever their level:
        // no hinge)
        var lit = PostureInferenceOptions(), ratio = PostureInferenceOptions()
        lit.spanLitLevel = 20
        ratio.spanHingeRatio = 1
        #expect(film(lit).seen.events(coverMs: 500).isEmpty)
        #expect(film(ratio).seen.events(coverMs: 500).isEmpty)
    }

    /// A pane drawn from tile column `origin`: the same picture wherever the system places it.
    static func pane(_ t: Int, origin: Int, seed: Float = 0) -> Look {
        let local = row(t) * cols + column(t) - origin
        return (1...4).contains(row(t)) ? (SIMD3(30, 90, 200), 0) : (SIMD3(200 - Float(local % 40) - seed, 200, 190), 500)
    }

    /// The app's second pane: its bar, and a dark detail page below.
    static func detail(_ t: Int) -> Look { (1...4).contains(row(t)) ? (SIMD3(30, 90, 200), 0) : (SIMD3(40 + Float(t % 30), 60, 70), 400) }

    /// The launcher on the left screen, the app on the right, held a second; then spanned from
    /// the right, the system lays the app's first pane out on the left screen and its second on
    /// the right (`after`).
    static func spanFromTheRight(after: @escaping (Int) -> Look) -> PostureFilm {
        spanFilm(before: { t in column(t) < 16 ? launcher(t) : pane(t, origin: 17) }, after: after)
    }

    /// `before` on the screens beside the hinge, held a second; the span animation (both screens
    /// dimming, black for 20 frames, `ground` for one); `after`, held a second.
    static func spanFilm(before screensBefore: @escaping (Int) -> Look, after: (Int) -> Look, ground: Look = wallpaper,
                         hinge band: Look = hinge, options: PostureInferenceOptions = PostureInferenceOptions()) -> PostureFilm {
        var f = film()
        f.seen = PostureInference(options: options)
        let before = { (t: Int) in isHinge(t) ? band : screensBefore(t) }
        f.frame(f.all, complete: true, look: before)
        f.still(30)
        let screens = f.all.filter { !isHinge($0) }
        drag(&f, over: screens, look: before)
        f.frame(screens) { _ in black }
        f.still(19)
        f.frame(screens) { _ in ground }
        f.frame(screens, look: after)
        f.still(30)
        return f
    }

    @Test func spannedFromTheRightScreenTheAppsPaneMovesLeftAndItIsAnOpen() {
        // both screens change: the left from the launcher to the app's first pane (what the right
        // screen showed), the right to its second pane
        let f = Self.spanFromTheRight { t in Self.column(t) < 16 ? Self.pane(t, origin: 0) : Self.detail(t) }
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.open], "\(f.seen.events(coverMs: 500))")
        // the two screens swapped, or both showing something new, are no span
        let swapped = Self.spanFromTheRight { t in Self.column(t) < 16 ? Self.pane(t, origin: 0) : Self.launcher(t - 17) }
        #expect(swapped.seen.events(coverMs: 500).isEmpty)
        let new = Self.spanFromTheRight { t in Self.column(t) < 16 ? Self.pane(t, origin: 0, seed: 60) : Self.detail(t) }
        #expect(new.seen.events(coverMs: 500).isEmpty)
    }

    @Test func aCaptureWrittenOnChangeHasItsHingeFromItsFirstPicture() {
        // no frame between the first and the span, none after it once it settles: the hinge is
        // read off the first picture (the span's own frames hide it under the dragged card)
        var f = Self.film()
        f.frame(f.all, complete: true) { t in Self.isHinge(t) ? Self.hinge : Self.column(t) < 16 ? Self.app(t) : Self.launcher(t) }
        f.k += 60
        let screens = f.all.filter { !Self.isHinge($0) }
        Self.drag(&f, over: screens) { t in Self.column(t) < 16 ? Self.app(t) : Self.launcher(t) }
        f.frame(screens) { _ in Self.black }
        f.k += 20
        f.frame(screens) { _ in Self.wallpaper }
        f.frame(screens, look: Self.spanned)
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.open], "\(f.seen.events(coverMs: 500))")
    }

    @Test func maskedTilesTakeNoPart() {
        // a --mask over the status bars of both screens (tile rows 0-2): never measured, never black
        let masked = Set((0..<(3 * Self.cols)))
        var f = Self.start(masked: masked)
        Self.animate(&f, blackFrames: 20, masked: masked, after: Self.spanned)
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.open])
    }

    @Test func aCoverOverASpanIsTheSpans() {
        // with the status bar masked, the cover tracker reads the span's blackout as a blur cover
        // (duo_sdk_twopane_nav_span.gif, --mask 0,0,800,40: close 8330-9920): one event, the span
        let span = SpanTracker.Span(kind: .open, startMs: 7500, endMs: 9580, evidence: [])
        let cover = CoverTracker.Cover(startMs: 8330, endMs: 9920, detailLeft: 0.15, shift: 43)
        let events = inferredEvents(sizeChanges: [], covers: [cover], spans: [span], coverMs: 500)
        #expect(events.map(\.kind) == [.open])
        #expect(inferredEvents(sizeChanges: [], covers: [cover], coverMs: 500).map(\.kind) == [.close])
    }

    @Test func aFrameTooNarrowForAHingeIsNoSpan() {
        // 8 tile columns: no room for two screens beside a band
        var f = PostureFilm(grid: TileGrid(storedWidth: 128, storedHeight: 256, tile: 16))
        f.frame(f.all, complete: true) { t in t % 8 == 4 ? Self.hinge : Self.app(t) }
        f.still(30)
        f.frame(f.all) { _ in Self.black }
        f.still(20)
        f.frame(f.all) { t in Self.app(t, seed: 90) }
        f.still(30)
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func aFlatGreyGutterBetweenTwoPanesIsNoHinge() {
        // a tablet app's two panes beside a gutter of one grey (a hinge's tiles are black, or split
        // between black and a screen): the same blackout and one pane changed is no span (a
        // helper's review of dark two-pane apps had 2 invented closes once dark screens counted)
        var gutter = Self.start(band: (SIMD3(repeating: 40), 0))
        Self.animate(&gutter, blackFrames: 20, after: Self.spanned)
        #expect(gutter.seen.events(coverMs: 500).isEmpty)
        // (the same band split between black and a screen: a hinge)
        var split = Self.start(band: (SIMD3(repeating: 40), 900))
        Self.animate(&split, blackFrames: 20, after: Self.spanned)
        #expect(split.seen.events(coverMs: 500).map(\.kind) == [.open])
    }

    @Test("look-alikes of a span are no event",
          arguments: ["fade to black and back", "blackout too short", "no hinge", "faded to black, one pane changed"])
    func spanLookAlikes(_ which: String) {
        var f = Self.start(hinge: which != "no hinge")
        switch which {
        case "faded to black, one pane changed":
            // a two-pane app with a black gutter fading through black (133 ms) into one pane
            // changed: no window was dragged to the hinge before the blackout
            Self.animate(&f, blackFrames: 20, dragged: false, after: Self.spanned)
        case "fade to black and back":
            // both screens come back as they were
            Self.animate(&f, blackFrames: 20) { t in Self.column(t) < 16 ? Self.app(t) : Self.launcher(t) }
        case "blackout too short":
            Self.animate(&f, blackFrames: 5, after: Self.spanned)
        default:
            Self.animate(&f, blackFrames: 20, hinge: false, after: Self.spanned)
        }
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }
}

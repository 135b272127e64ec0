import Testing
import Foundation
@testable import FrameDiff

/// Posture inference's detectors on synthetic tile changes (no codec): the blur cover, the
/// rotation animation on a dark ground, a frame that turns; and the look-alikes they must pass by.
@Suite("Posture trackers on synthetic frames")
struct PostureTrackerTests {
    typealias Film = PostureFilm

    /// Text everywhere: detailed tiles, each its own colour.
    static func page(_ t: Int) -> (mean: SIMD3<Float>, variance: Float) { (SIMD3(Float(100 + t), 120, 140), 400) }

    /// A dark theme's page: detailed tiles about 45 levels bright.
    static func dim(_ t: Int) -> (mean: SIMD3<Float>, variance: Float) { (SIMD3(Float(40 + t % 20), 45, 50), 400) }

    /// The app's layout after a fold: the same kind of page, its tiles' colours elsewhere.
    static func relaid(_ t: Int) -> (mean: SIMD3<Float>, variance: Float) { (SIMD3(Float(180 - t), 90, 160), 400) }

    /// A page, a blur cover from frame 6 (18 frames at 30 fps, 600 ms), the app's new layout,
    /// held.
    static func blurredFilm(_ f: inout Film) {
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        // the blur comes in over three frames: detail goes, colours stay within a few levels
        for step in 1...3 {
            f.frame(f.all) { t in (Self.page(t).mean + SIMD3(repeating: Float(step)), Float(400 / (step * step * 30))) }
        }
        f.still(12)
        // detail comes back with the new picture, then the picture holds
        for _ in 0..<3 { f.frame(f.all, look: Self.relaid) }
        f.still(6)
    }

    @Test func aBlurCoverIsFoundFromItsStartToWhereTheDetailCameBack() {
        var f = Film()
        Self.blurredFilm(&f)
        let coverFrom = 6
        #expect(f.covers.covers.count == 1)
        let c = f.covers.covers[0]
        #expect(c.startMs == Double(coverFrom) * 1000 / 30)
        #expect(c.endMs == Double(24) * 1000 / 30)  // the first frame that held after the detail came back
        #expect(c.detailLeft <= 0.25 && c.shift < 12)
        // with no size change a fold and an unfold look alike: a close, not sure
        let events = f.seen.events(coverMs: 500)
        #expect(events.map(\.kind) == [.close] && events[0].confidence == 0.6 && events[0].source == .inferred)
    }

    /// A page of soft blocks on a 24x40-tile frame at continuous tile coordinates (x, y).
    static func blocks(_ x: Double, _ y: Double) -> SIMD3<Float> {
        SIMD3(Float(128 + 70 * sin(x * 0.6) * cos(y * 0.45)), Float(90 + 3 * y), Float(170 - 4 * x))
    }

    @Test(arguments: [1.0, 0.85, 1.2, 1.4])
    func aBlurCoverThatZoomsIsStillACover(scale: Double) {
        // the system's snapshot shrinks or grows about the centre as it blurs (black around a
        // shrunken one): still the page before it, blurred, and still a fold's cover
        var f = Film(grid: TileGrid(storedWidth: 384, storedHeight: 640, tile: 16))
        let (columns, rows) = (24, 40)
        let (cx, cy) = (Double(columns - 1) / 2, Double(rows - 1) / 2)
        f.frame(f.all, complete: true) { t in (Self.blocks(Double(t % columns), Double(t / columns)), 400) }
        f.still(5)
        for step in 1...3 {
            f.frame(f.all) { t in
                let (x, y) = ((Double(t % columns) - cx) / scale + cx, (Double(t / columns) - cy) / scale + cy)
                guard x >= 0, y >= 0, x <= Double(columns - 1), y <= Double(rows - 1) else { return (.zero, 0) }
                // (a blur: the blocks' mean over a tile each way, their detail gone)
                var sum = SIMD3<Float>()
                for dy in -1...1 { for dx in -1...1 { sum += Self.blocks(x + Double(dx), y + Double(dy)) } }
                return (sum / 9, Float(400 / (step * step * 30)))
            }
        }
        f.still(12)
        for _ in 0..<3 { f.frame(f.all) { t in (Self.blocks(Double(t % columns) + 5, Double(t / columns) * 0.5), 400) } }
        f.still(6)
        #expect(f.covers.covers.count == 1, "scale \(scale)")
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.close])
    }

    /// The cover's thresholds are PostureInferenceOptions', and they reach the trackers: the same
    /// 600 ms cover is none when covers may last at most 300 ms or must last 700.
    @Test func coverDurationsComeFromThePostureInferenceOptions() {
        for (minMs, maxMs, found) in [(100.0, 5_000.0, 1), (100, 300, 0), (700, 5_000, 0)] {
            var o = PostureInferenceOptions()
            (o.coverMinMs, o.coverMaxMs) = (minMs, maxMs)
            var f = Film(seen: PostureInference(options: o), covers: CoverTracker(options: o))
            Self.blurredFilm(&f)
            #expect(f.covers.covers.count == found, "covers of \(minMs)-\(maxMs) ms")
            #expect(f.seen.events(coverMs: 500).count == found)
        }
    }

    /// A fold and the unfold back in a change-driven VFR film (no frame while a picture holds):
    /// the frame after the first cover's held gap already blurs for the second, which is measured
    /// against the layout the first lifted to, not the page before the first (against which it
    /// came back to where it began: no change, no cover).
    @Test func aFoldAndTheUnfoldBackWithNoFramesBetweenAreTwoCovers() {
        var f = Film()
        func blur(_ look: (Int) -> (mean: SIMD3<Float>, variance: Float)) {
            for step in 1...3 {
                f.frame(f.all) { t in (look(t).mean + SIMD3(repeating: Float(step)), Float(400 / (step * step * 30))) }
            }
        }
        f.frame(f.all, complete: true, look: Self.page)
        f.k += 10  // (held: no frames)
        blur(Self.page)
        f.k += 12
        for _ in 0..<3 { f.frame(f.all, look: Self.relaid) }
        f.k += 20
        blur(Self.relaid)
        f.k += 12
        for _ in 0..<3 { f.frame(f.all, look: Self.page) }
        f.k += 20
        f.still(1)
        #expect(f.covers.covers.count == 2, "\(f.covers.covers.map { "\($0.startMs)-\($0.endMs)" })")
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.close, .close])
    }

    @Test("look-alikes of a cover are not covers",
          arguments: ["fade to black", "dim page fading to black", "dialog over half the page", "blur lifting on the page it hid",
                      "dip through one flat colour", "skeleton page"])
    func coverLookAlikes(_ which: String) {
        var f = Film()
        f.frame(f.all, complete: true, look: which == "dim page fading to black" ? Self.dim : Self.page)
        f.still(5)
        for step in 1...3 {
            switch which {
            case "fade to black":
                // the colours leave with the detail: a fade, a blank, a new page
                f.frame(f.all) { _ in (SIMD3(repeating: Float(100 - 33 * step)), 0) }
            case "dim page fading to black":
                // a dark theme's page (level 45) going black, its detail with its brightness: the
                // detail is gone at 30% of it, where the tiles have moved by 32 levels (under
                // `coverMaxShift`), but the picture has lost 70% of its brightness
                guard step == 1 else { continue }
                for k in stride(from: 9, through: 0, by: -1) {
                    let kept = Float(k) / 10
                    f.frame(f.all) { t in (Self.dim(t).mean * kept, Self.dim(t).variance * kept * kept) }
                }
            case "dip through one flat colour":
                // a photo dipping through a flat grey near its own mean colour to a new one: the
                // detail goes, the tiles move by 33 levels at most and the brightness stays, as
                // under a blur, but one colour fills the frame (a blank; a blur keeps the colours
                // apart: holdout/film-24fps.mp4's blank was a `close`)
                f.frame(f.all) { _ in (SIMD3(130, 120, 140), 0) }
            case "skeleton page":
                // a page load's skeleton: flat blocks of two colours near the page's own in a layout
                // of their own (2x2-tile cards), the detail gone, the brightness kept, lifting on the
                // loaded page: every test of a cover but the blur (a box blur of the page before
                // or after explains none of the blocks)
                guard step == 1 else { continue }
                for k in 1...3 {
                    let t = Float(k) / 3
                    f.frame(f.all) { i in
                        let card = (i % 8 / 2 + i / 16) % 2 == 0
                        let block: SIMD3<Float> = card ? SIMD3(118, 112, 132) : SIMD3(146, 128, 148)
                        return (Self.page(i).mean * (1 - t) + block * t, 400 * (1 - t) * (1 - t))
                    }
                }
            case "dialog over half the page":
                // a dialog's own content keeps half the tiles detailed
                f.frame(Array(0..<32)) { t in (Self.page(t).mean, 2) }
            default:
                // a blur or a skeleton that keeps the colours and the brightness, as a cover does...
                f.frame(f.all) { t in (Self.page(t).mean + SIMD3(repeating: Float(step)), Float(400 / (step * step * 30))) }
            }
        }
        f.still(12)
        // ...but lifts on the picture it hid: a dismissed dialog's backdrop, a loaded skeleton
        for _ in 0..<3 { f.frame(f.all, look: which == "blur lifting on the page it hid" ? Self.page : Self.relaid) }
        f.still(6)
        #expect(f.covers.covers.isEmpty)
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func aSlowFadesStepsUnderTheNoiseCountAsChangesWhereGrainDoesNot() {
        // Each step of a slow fade moves every tile's mean by 8 levels with an RMSE under the
        // film's noise (a film whose only broad changes are such fades learns their steps as its
        // floor); grain moves the means by a level. Counted by RMSE alone, no frame of the fade
        // changed anything: the picture before a cover followed the fade down, and a HUD card on
        // a black scrim, lifting on the page, was a `close` (Tests/Fixtures/hud-scrim-60fps.gif)
        var f = Film()
        f.frame(f.all, complete: true, look: Self.page)
        let shift = Float(ClassifierOptions().minTileShift), noise: Float = 0.01
        f.frame(f.all, rmse: { _ in 0.005 }) { t in (Self.page(t).mean - SIMD3(repeating: 8), 300) }
        #expect(f.board.changes(above: noise, orShift: shift) == f.all.count)
        f.frame(f.all, rmse: { _ in 0.005 }) { t in (Self.page(t).mean - SIMD3(repeating: 7), 300) }
        #expect(f.board.changes(above: noise, orShift: shift) == 0)
    }

    /// Corners (2x2 tiles each) of an 8x8 picture.
    static let corners: Set<Int> = [0, 1, 8, 9, 6, 7, 14, 15, 48, 49, 56, 57, 54, 55, 62, 63]

    /// `frames` frames (12: 400 ms) that move everything; half-way (`dark`) the corners are the
    /// dark ground while the centre keeps its brightness.
    static func turnOnDarkGround(_ f: inout Film, frames: Int = 12, dark: ClosedRange<Int> = 4...8) {
        for step in 0..<frames {
            f.frame(f.all) { t in
                dark.contains(step) && Self.corners.contains(t) ? (SIMD3(repeating: 10), 0) : (SIMD3(repeating: Float(170 + step % 2 * 10)), 400)
            }
        }
    }

    /// A film at `fps` whose first picture, detailed grey, holds for `frames` more frames.
    static func greyHeld(fps: Double = 30, frames: Int = 5) -> Film {
        var f = Film()
        f.fps = fps
        f.frame(f.all, complete: true) { _ in (SIMD3(repeating: 180), 400) }
        f.still(frames)
        return f
    }

    @Test func aTurnOnADarkGroundIsARotation() {
        var f = Self.greyHeld()
        let from = f.ms
        Self.turnOnDarkGround(&f)
        let last = f.ms - 1000 / 30
        f.still(10)
        #expect(f.turns.rotations.count == 1)
        let r = f.turns.rotations[0]
        #expect(r.startMs == from && r.endMs == last && r.confidence == 0.75)
        #expect(r.evidence.contains { $0.name == "dark_corners" })
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.rotation])
    }

    @Test func aTurnInAFilmWithGrainOnEveryFrameIsARotation() {
        // grain (or a GIF's dither drawn anew) changes every tile by a level on every frame, far
        // under the change threshold: counted as changed tiles, every frame was a turn and the
        // run never ended (a helper's iOS rotation GIFs with noise of 1-6 levels: 4 of 40 turns
        // found)
        var f = Film()
        let grain = { (f: Film, t: Int) in (SIMD3(repeating: Float(180 + (f.k + t) % 2)), Float(400)) }
        f.frame(f.all, complete: true) { _ in (SIMD3(repeating: 180), 400) }
        for _ in 0..<5 { f.frame(f.all, rmse: { _ in 0.004 }) { [f] t in grain(f, t) } }
        let from = f.ms
        Self.turnOnDarkGround(&f)
        let last = f.ms - 1000 / 30
        for _ in 0..<10 { f.frame(f.all, rmse: { _ in 0.004 }) { [f] t in grain(f, t) } }
        #expect(f.turns.rotations.map { [$0.startMs, $0.endMs] } == [[from, last]], "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.rotation])
    }

    @Test func aTurnWithOneFrameTheAppDidNotDrawIsOneRotation() {
        // a 60-fps capture repeats one frame half-way through the turn (the app missed it): the
        // run goes on after it; two runs of half a turn each were no rotation
        var f = Self.greyHeld(fps: 60, frames: 10)
        let from = f.ms
        var last = f.ms
        for step in 0..<24 {
            if step == 12 { f.still(1); continue }
            last = f.ms
            f.frame(f.all) { t in
                (8...16).contains(step) && Self.corners.contains(t) ? (SIMD3(repeating: 10), 0) : (SIMD3(repeating: Float(170 + step % 2 * 10)), 400)
            }
        }
        f.still(20)
        #expect(f.turns.rotations.map { [$0.startMs, $0.endMs] } == [[from, last]], "\(f.turns.rotations)")
    }

    @Test func aTurnInTheFilmsLastFramesIsARotation() {
        var f = Self.greyHeld()
        Self.turnOnDarkGround(&f)
        f.frame(f.all) { _ in (SIMD3(repeating: 200), 400) }
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.rotation])
    }

    @Test func aLandscapePhotoOpeningOnBlackInADarkThemeIsNoRotation() {
        // a dark page (portrait, 8x16 tiles) zooms into a landscape photo letterboxed on black:
        // on the way the corners are black while the centre stays bright, and the content's shape
        // turns from portrait to landscape, but the corners stay dark after it and the photo's box
        // is never seen turning (a helper's dark-theme photo viewer and full-screen video were
        // rotations; the light-theme ones were not)
        var f = Film()
        f.grid = TileGrid(storedWidth: 128, storedHeight: 256, tile: 16)
        let photo = { (t: Int) in (6...9).contains(t / 8) }
        let black = (mean: SIMD3<Float>(repeating: 2), variance: Float(0))
        f.frame(f.all, complete: true, look: Self.dim)
        f.still(5)
        for step in 0..<9 {
            f.frame(f.all) { t in
                let row = t / 8, inner = (4 - step / 3)...(11 + step / 3)
                return (t % 8 == 0 || t % 8 == 7 || !inner.contains(row)) && step >= 2 ? black : Self.turning(step + 5)
            }
        }
        f.frame(f.all) { t in photo(t) ? Self.relaid(t) : black }
        f.still(10)
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func anAppSwitcherOnADarkGroundIsNoRotation() {
        // the page shrinks to a centred card on a dark ground, the card slides to the right and
        // the next app's card comes back from there and grows to fill the frame (20x40 tiles):
        // the corners are dark and the centre bright on the way, and filled again after it, as on
        // a turn, but the content's box leaves the centre (a helper's app-switcher film gave two
        // rotations)
        var f = Film()
        f.grid = TileGrid(storedWidth: 320, storedHeight: 640, tile: 16)
        let ground = (mean: SIMD3<Float>(repeating: 28), variance: Float(0))
        func card(_ cols: ClosedRange<Int>, _ rows: ClosedRange<Int>) -> (Int) -> Bool { { cols.contains($0 % 20) && rows.contains($0 / 20) } }
        let cards = [card(2...17, 4...35), card(4...15, 8...31), card(8...19, 8...31), card(12...19, 8...31), card(8...19, 8...31),
                     card(4...15, 6...33), card(2...17, 3...36), card(1...18, 1...38), card(0...19, 0...39)]
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        for (step, inCard) in cards.enumerated() {
            f.frame(f.all) { t in inCard(t) ? (Self.turning(step).mean + SIMD3(Float(t % 20), 0, 0), 400) : ground }
        }
        f.frame(f.all, look: Self.relaid)
        f.still(10)
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func aTurnInTwoFramesOfAFiveFPSGIFIsARotation() {
        // 5 fps: each frame lasts 200 ms, longer than a held picture of a change-driven film, so
        // the two frames of a 400-ms turn are one run only because every frame of the film is that long
        var f = Self.greyHeld(fps: 5)
        let from = f.ms
        for step in 0..<2 {
            f.frame(f.all) { t in Self.corners.contains(t) ? (SIMD3(repeating: 10), 0) : (SIMD3(repeating: Float(150 + 20 * step)), 400) }
        }
        f.frame(f.all) { _ in (SIMD3(repeating: 200), 400) }
        f.still(5)
        #expect(f.turns.rotations.map(\.startMs) == [from], "\(f.turns.rotations)")
    }

    /// A film on a flat `ground`: `before`'s tiles a page, held; 9 frames (300 ms) in which every
    /// tile is what `during(step, tile)` draws; then `after`'s tiles the relaid page, held.
    static func turnFilm(_ grid: TileGrid, ground: (mean: SIMD3<Float>, variance: Float), before: (Int) -> Bool,
                         during: (Int, Int) -> (mean: SIMD3<Float>, variance: Float), after: (Int) -> Bool,
                         options: PostureInferenceOptions = PostureInferenceOptions()) -> Film {
        var f = Film(grid: grid)
        f.turns = RotationTracker(options: options)
        f.frame(f.all, complete: true) { t in before(t) ? Self.page(t) : ground }
        f.still(5)
        for step in 0..<9 { f.frame(f.all) { t in during(step, t) } }
        f.frame(f.all) { t in after(t) ? Self.relaid(t) : ground }
        f.still(10)
        return f
    }

    /// A grey a turn's frame `step` draws where it shows something.
    static func turning(_ step: Int) -> (mean: SIMD3<Float>, variance: Float) { (SIMD3(repeating: Float(100 + 10 * step)), 400) }

    /// A film whose picture is `before` (tile -> detailed or not; the rest a flat light bar
    /// colour), then 9 frames (300 ms) in which every tile changes, the picture turning on black
    /// (the frame's corners dark; `onBlack: false`, every tile grey instead), then `after`, held.
    static func turned(from before: (Int) -> Bool, to after: (Int) -> Bool, onBlack: Bool = true) -> Film {
        let corner = { (t: Int) in [0, 1, 6, 7].contains(t % 8) && [0, 1, 6, 7].contains(t / 8) }
        return turnFilm(Film().grid, ground: (SIMD3(repeating: 230), 0), before: before, during: { step, t in
            onBlack && corner(t) && (2...6).contains(step) ? (SIMD3(repeating: 4), 0) : turning(step)
        }, after: after)
    }

    /// A dark app on 12x12 tiles (grey bars of 27 at the corners before and after) whose picture,
    /// at 5 of the 9 frames of its turn, shows `ground` at the corners (2x2 tiles) and along every
    /// edge `ring` tiles deep.
    static func darkAppTurn(ground: Float, ring: Int) -> Film {
        let bars: (mean: SIMD3<Float>, variance: Float) = (SIMD3(repeating: 27), 0)
        let corner = { (t: Int) in [0, 1, 10, 11].contains(t % 12) && [0, 1, 10, 11].contains(t / 12) }
        let edge = { (t: Int) in min(t % 12, 11 - t % 12, t / 12, 11 - t / 12) < ring }
        return turnFilm(TileGrid(storedWidth: 192, storedHeight: 192, tile: 16), ground: bars, before: { !corner($0) }, during: { step, t in
            (corner(t) || edge(t)) && (2...6).contains(step) ? (SIMD3(repeating: ground), 0) : turning(step)
        }, after: { !corner($0) })
    }

    @Test("a dark app's turn shows on a near-black ground that the picture reaches 3 or 4 edges on; a fade's dimmed bars or a shrinking page's black ring do not",
          arguments: [(Float(1), 0, 1), (12, 0, 0), (1, 1, 0)])
    func aDarkAppTurnsOnNearBlack(ground: Float, ring: Int, rotations: Int) {
        // (ground 1, no ring: a framebuffer turning on black, its corners lighter before and after
        // (the app's grey bars) and the picture at every edge's middle; ground 12: a fade dims the
        // bars with the centre; a black ring a tile deep: a page shrinking about its centre reaches
        // no edge)
        let f = Self.darkAppTurn(ground: ground, ring: ring)
        #expect(f.turns.rotations.count == rotations, "\(f.turns.rotations)")
        if rotations == 1 { #expect(f.turns.rotations.first?.evidence.contains { $0.name == "dark_corners" } == true) }
    }

    @Test func aDarkPageShrinkingWithRoundedCornersIsNoTurn() {
        // 32x32 tiles: predictive back shrinks a dark app's page to 0.99 with the display's rounded
        // corners, so black shows in the corners' 2x2 tiles only (1.6% of the frame) while the
        // picture reaches every edge's middle; the app's grey bars are at the corners before and after
        func shrink(_ options: PostureInferenceOptions) -> Film {
            var f = Film(grid: TileGrid(storedWidth: 512, storedHeight: 512, tile: 16))
            f.turns = RotationTracker(options: options)
            let bars: (mean: SIMD3<Float>, variance: Float) = (SIMD3(repeating: 27), 0)
            let corner = { (t: Int) in [0, 1, 30, 31].contains(t % 32) && [0, 1, 30, 31].contains(t / 32) }
            f.frame(f.all, complete: true) { t in corner(t) ? bars : Self.page(t % 64) }
            f.still(5)
            for step in 0..<9 { f.frame(f.all) { t in corner(t) && (2...6).contains(step) ? (SIMD3(repeating: 1), 0) : Self.turning(step) } }
            f.frame(f.all) { t in corner(t) ? bars : Self.relaid(t % 64) }
            f.still(10)
            return f
        }
        #expect(shrink(PostureInferenceOptions()).turns.rotations.isEmpty)
        // (what the ground's share keeps out: with any share it is a turn)
        var any = PostureInferenceOptions()
        any.groundMinShare = 0
        #expect(shrink(any).turns.rotations.count == 1)
    }

    /// On 24x24 tiles, (x, y) from the centre: a page over columns 1-22 with the display's rounded
    /// corners (predictive back, an unlock), reaching the top and bottom edges only.
    static func roundedPage(_ x: Double, _ y: Double) -> Bool { abs(x) <= 11 && !(abs(x) > 9 && abs(y) > 10) }

    @Test("a dark app's picture shrinking a little as it turns reaches 2 edges of black and shows the ground along its box's sides; an upright page with rounded corners does not",
          arguments: [("turned", 1), ("upright", 0), ("landing", 0)])
    func aDarkAppsShrinkingTurnShowsTheGroundAlongItsBox(shape: String, rotations: Int) {
        // (24x24 tiles, a dark app's grey bars at the corners before and after; at 5 of the 9
        // frames the picture on black reaches the top and bottom edges' middles only: turned, a
        // diamond narrowed as iOS shrinks the picture mid-turn (its box's rim 40-60% black);
        // upright, a page over columns 1-22 with the display's rounded corners (a review's
        // predictive back and unlock films: 2 edges, the rim 4-10% black). Both reach 2 edges
        // where a dark app's turn needed 3; a review's shrinking dark turns were missed, 8 of 8.
        // Landing: the turned picture, then a photo filling the frame, its corners no flat
        // colour: a picture dropping in tilted after a dark title card, no turn of the app's)
        let n = 24
        func shows(_ t: Int) -> Bool {
            let (x, y) = (Double(t % n) + 0.5 - 12, Double(t / n) + 0.5 - 12)
            if shape != "upright" { return 1.3 * abs(x) + abs(y) <= 12.5 }
            return Self.roundedPage(x, y)
        }
        let corner = { (t: Int) in min(t % n, n - 1 - t % n) < 2 && min(t / n, n - 1 - t / n) < 2 }
        func film(_ options: PostureInferenceOptions) -> Film {
            Self.turnFilm(TileGrid(storedWidth: 16 * n, storedHeight: 16 * n, tile: 16), ground: (SIMD3(repeating: 27), 0),
                          before: { !corner($0) }, during: { step, t in
                !shows(t) && (2...6).contains(step) ? (SIMD3(repeating: 1), 0) : Self.turning(step)
            }, after: { shape == "landing" || !corner($0) }, options: options)
        }
        #expect(film(PostureInferenceOptions()).turns.rotations.count == rotations)
        // (the rim keeps the upright page out; without the 2-edge path none is a turn)
        var anyRim = PostureInferenceOptions(), noRim = PostureInferenceOptions()
        anyRim.turnTiltRim = 0
        noRim.turnTiltRim = 1.01
        #expect(film(anyRim).turns.rotations.count == (shape == "landing" ? 0 : 1))
        #expect(film(noRim).turns.rotations.isEmpty)
    }

    @Test("a light app's turn shows its picture at the middle of 2 or more edges of a dark ground; a light page shrinking inside a black ring or showing black at its rounded corners only does not",
          arguments: [(5, 0, 1), (5, 1, 0), (2, 0, 0)])
    func aLightAppTurnsOnABroadDarkGround(corner side: Int, ring: Int, rotations: Int) {
        // (24x24 tiles, the page's corners light before and after; at 5 of the turn's 9 frames
        // black shows in a triangle at each corner, its legs `side` tiles long, and along every
        // edge `ring` tiles deep. Triangles of 5 with no ring: the turning picture's dark
        // triangles, 10% of the frame, the picture at every edge's middle. A ring: a page shrunk
        // about its centre (predictive back, an unlock), reaching no edge. Triangles of 2: 2.1%, a
        // page shrunk to 0.99 with the display's rounded corners; a review's light predictive back
        // and unlock films were rotations before)
        let n = 24
        let corner = { (t: Int) in min(t % n, n - 1 - t % n) + min(t / n, n - 1 - t / n) < side }
        let edge = { (t: Int) in min(t % n, n - 1 - t % n, t / n, n - 1 - t / n) < ring }
        let f = Self.turnFilm(TileGrid(storedWidth: 16 * n, storedHeight: 16 * n, tile: 16), ground: (SIMD3(repeating: 230), 0),
                              before: { _ in true }, during: { step, t in
            (corner(t) || edge(t)) && (2...6).contains(step) ? (SIMD3(repeating: 2), 0) : Self.turning(step)
        }, after: { _ in true })
        #expect(f.turns.rotations.count == rotations, "\(f.turns.rotations)")
        if rotations == 1 { #expect(f.turns.rotations.first?.evidence.contains { $0.name == "dark_corners" } == true) }
    }

    @Test("a light app's picture on a dark ground is turned where its box's corners and much of its sides are the ground; an upright card or a flipping one fills them, a page with rounded corners fills its sides",
          arguments: [("turned", 1), ("upright", 0), ("flipped", 0), ("rounded", 0)])
    func aLightAppsPictureMustBeTurned(shape: String, rotations: Int) {
        // (24x24 tiles, the page light before and after; at 5 of the 9 frames the picture on
        // black reaches the top and bottom edges' middles: turned, a diamond whose box is the
        // frame; upright, a card over columns 4-19 (an app switcher's, a slide's); flipped, that
        // card's right edge shorter, as a card turning about its vertical axis draws it; rounded,
        // a page over columns 1-22 with rounded corners (predictive back). A review's light
        // look-alikes of these were 14 rotations)
        let n = 24
        func shows(_ t: Int) -> Bool {
            let (x, y) = (Double(t % n) + 0.5 - 12, Double(t / n) + 0.5 - 12)
            switch shape {
            case "turned": return abs(x) + abs(y) <= 14
            case "upright": return abs(x) <= 8
            case "rounded": return Self.roundedPage(x, y)
            default: return abs(x) <= 8 && abs(y) <= 12 - max(0, x) * 0.6
            }
        }
        func film(_ options: PostureInferenceOptions) -> Film {
            Self.turnFilm(TileGrid(storedWidth: 16 * n, storedHeight: 16 * n, tile: 16), ground: (SIMD3(repeating: 230), 0),
                          before: { _ in true }, during: { step, t in
                !shows(t) && (2...6).contains(step) ? (SIMD3(repeating: 2), 0) : Self.turning(step)
            }, after: { _ in true }, options: options)
        }
        #expect(film(PostureInferenceOptions()).turns.rotations.count == rotations)
        // (what the corners and the rim keep out: without them every one is a turn; the rounded
        // page's box has ground at its corners, 4 of 4, and along 9% of its sides)
        var any = PostureInferenceOptions(), anyRim = PostureInferenceOptions()
        any.turnTiltCorners = 0
        any.turnTiltRim = 0
        anyRim.turnTiltRim = 0
        #expect(film(any).turns.rotations.count == 1)
        #expect(film(anyRim).turns.rotations.count == (shape == "rounded" ? 1 : rotations))
    }

    @Test func aScreenLetterboxedInASquareCanvasTurnsItsBand() {
        // 10 fps, a square canvas of 16x16 tiles: a landscape screen letterboxed across it (rows
        // 6-9, black above and below) turns about the centre into a portrait screen pillarboxed in
        // it (columns 6-9). No frame changes half of the canvas (39% at most), every one more than
        // half of the band: the band's turn, as a device turning in a square or 16:9 canvas shows it
        var f = Film(grid: TileGrid(storedWidth: 256, storedHeight: 256, tile: 16))
        f.fps = 10
        let black: (mean: SIMD3<Float>, variance: Float) = (SIMD3(repeating: 4), 0)
        /// Tile `t` lies inside the 16x4-tile band turned by `degrees` about the centre.
        func band(_ degrees: Double) -> (Int) -> Bool {
            let a = degrees * .pi / 180
            return { t in
                let x = Double(t % 16) + 0.5 - 8, y = Double(t / 16) + 0.5 - 8
                let u = x * cos(a) + y * sin(a), v = -x * sin(a) + y * cos(a)
                return abs(u) <= 8 && abs(v) <= 2
            }
        }
        let before = band(0)
        f.frame(f.all, complete: true) { t in before(t) ? Self.page(t) : black }
        f.still(5)
        let from = f.ms
        var was = before
        for (step, degrees) in [30.0, 60, 90].enumerated() {
            let inside = band(degrees), last = was
            let changed = f.all.filter { inside($0) || last($0) }
            #expect(changed.count < 128 && changed.count > 32)
            f.frame(changed) { t in inside(t) ? Self.turning(step) : black }
            was = inside
        }
        f.still(5)
        #expect(f.turns.rotations.map(\.startMs) == [from], "\(f.turns.rotations)")
    }

    @Test func aLetterboxTurningBackToPortraitInAFewFramesIsARotation() {
        // 10 fps, 8x16 tiles: a letterboxed landscape band (rows 6-9, black above and below)
        // turns about the centre and grows into the portrait page in four frames. The first two
        // (the band at 25 and 50 degrees, 1.1 and 1.25 times as large) change under half of the
        // frame, so the run begins on the third, which already fills the frame; only the first two
        // show the band touching its box's sides at its corners (a device recording letterboxed
        // into a fixed canvas, at 10-15 fps: 5 of scripts/rotation-films' turns were missed)
        var f = Film(grid: TileGrid(storedWidth: 128, storedHeight: 256, tile: 16))
        f.fps = 10
        let black: (mean: SIMD3<Float>, variance: Float) = (SIMD3(repeating: 4), 0)
        /// Tile `t` lies inside the 8x4-tile band turned by `degrees` and scaled by `scale` about the centre.
        func band(_ degrees: Double, _ scale: Double) -> (Int) -> Bool {
            let a = degrees * .pi / 180
            return { t in
                let x = Double(t % 8) + 0.5 - 4, y = Double(t / 8) + 0.5 - 8
                let u = x * cos(a) + y * sin(a), v = -x * sin(a) + y * cos(a)
                return abs(u) <= 4 * scale && abs(v) <= 2 * scale
            }
        }
        let before = band(0, 1)
        f.frame(f.all, complete: true) { t in before(t) ? Self.page(t) : black }
        f.still(5)
        let from = f.ms
        var was = before
        for (step, (degrees, scale)) in [(25.0, 1.1), (50, 1.25), (80, 2.2), (90, 2)].enumerated() {
            let inside = band(degrees, scale), last = was
            f.frame(f.all.filter { inside($0) || last($0) }) { t in inside(t) ? Self.turning(step) : black }
            was = inside
        }
        f.frame(f.all, look: Self.relaid)
        f.still(5)
        #expect(f.turns.rotations.map(\.startMs) == [from + 200], "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.rotation])
    }

    @Test func portraitContentBetweenSideBarsTurnedIntoLandscapeBetweenTopAndBottomBarsIsARotation() {
        // 8x8 tiles: a pillarbox (columns 2-5 of content, 4 x 8) becomes a letterbox (rows 2-5, 8 x 4)
        let f = Self.turned(from: { (2...5).contains($0 % 8) }, to: { (2...5).contains($0 / 8) })
        #expect(f.turns.rotations.count == 1, "\(f.turns.rotations)")
        let r = f.turns.rotations.first
        #expect(r?.evidence.first { $0.name == "aspect_before" }?.value == 0.5)
        #expect(r?.evidence.first { $0.name == "aspect_after" }?.value == 2)
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.rotation])
    }

    @Test func aPillarboxWhoseStatusBarIsTheBarsColourTurnedIntoALetterboxIsARotation() {
        // the top row is bar-coloured too (a dark app's status bar between black side bars): bars
        // across both axes before the turn, a letterbox after it (a reviewer's film, lost to a
        // rule that took any box closed on both axes for no shape)
        let f = Self.turned(from: { $0 / 8 >= 1 && (2...5).contains($0 % 8) }, to: { (2...5).contains($0 / 8) })
        #expect(f.turns.rotations.count == 1, "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.rotation])
    }

    /// A simulator's window on a flat desktop, in a 12x12-tile capture region: a portrait box
    /// (columns 4-7, rows 1-10) turns for 9 frames into `after`, held. Part way through, the
    /// window is turned by 30 degrees about the centre (each side of its bounding box touched at
    /// one point, off its middle); `turning: false` crossfades the box in place instead.
    /// `sparse`: only every other row of the box before and after has content (lines of text on
    /// a dialog of the page's own colour, not a window).
    static func windowTurned(to after: @escaping (Int) -> Bool, turning: Bool = true, sparse: Bool = false) -> PostureFilm {
        let desktop: (mean: SIMD3<Float>, variance: Float) = (SIMD3(repeating: 220), 0)
        let box = { (t: Int) in (4...7).contains(t % 12) && (1...10).contains(t / 12) }
        let portrait = { (t: Int) in box(t) && (!sparse || (t / 12) % 2 == 1 || t / 12 == 10) }
        // the 4 x 10 window turned by 30 degrees about the centre
        let turned = { (t: Int) -> Bool in
            let dx = Double(t % 12) - 5.5, dy = Double(t / 12) - 5.5, c = 0.866, s = 0.5
            return abs(dx * c + dy * s) <= 2.2 && abs(-dx * s + dy * c) <= 5
        }
        return turnFilm(TileGrid(storedWidth: 192, storedHeight: 192, tile: 16), ground: desktop, before: portrait, during: { step, t in
            (turning && (2...6).contains(step) ? turned(t) : portrait(t) || after(t)) ? Self.turning(step) : desktop
        }, after: { t in after(t) && (!sparse || (t % 12) % 2 == 1 || t % 12 == 10) })
    }

    @Test func aWindowOnAFlatDesktopThatTurnsAboutItsCentreIsARotation() {
        // portrait 4 x 10 tiles becomes landscape 10 x 4 about the same centre (rows 4-7, columns
        // 1-10): boxed both ways, so only the window's own turn says it (a reviewer's film of a
        // simulator window on a desktop was no event)
        let f = Self.windowTurned(to: { (1...10).contains($0 % 12) && (4...7).contains($0 / 12) })
        #expect(f.turns.rotations.count == 1, "\(f.turns.rotations)")
        #expect(f.turns.rotations.first?.evidence.contains { $0.name == "window_turned" } == true)
        #expect(f.seen.events(coverMs: 500).map(\.kind) == [.rotation])
    }

    @Test func aPageDimmingToBlackAroundACardIsNoRotation() {
        // a modal's scrim: every tile but a centred card (columns 2-5, rows 2-5) goes dark over
        // 6 frames and stays dark; the corners are dark and the centre keeps its brightness, as
        // on a turn's dark ground, but they stay dark after it (a reviewer's film was a rotation)
        var f = PostureFilm()
        let card = { (t: Int) in (2...5).contains(t % 8) && (2...5).contains(t / 8) }
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        for step in 1...6 {
            f.frame(f.all.filter { !card($0) }) { t in
                step < 6 ? (Self.page(t).mean * Float(6 - step) / 6, 400) : (SIMD3(repeating: 6), 0)
            }
        }
        f.still(15)
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func aCardGrowingToFillALandscapeFrameIsNoRotation() {
        // a portrait card with margins all round (columns 4-7, rows 1-6 of 12x8) grows over 9
        // frames to fill the landscape frame: boxed before, no bars after (a container
        // transform, not a letterbox turning into a pillarbox; a reviewer's 800x600 film was one)
        let f = Self.turnFilm(TileGrid(storedWidth: 192, storedHeight: 128, tile: 16), ground: (SIMD3(repeating: 230), 0),
                              before: { (4...7).contains($0 % 12) && (1...6).contains($0 / 12) },
                              during: { step, _ in Self.turning(step) }, after: { _ in true })
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func aLetterboxedPhotoSwipedToAPillarboxedOneIsNoRotation() {
        // a gallery on light bars: a landscape photo (rows 2-5) gives way to a portrait one
        // (columns 2-5), every tile changing, but nothing turns (no dark ground, no frame where the
        // content touches its box's sides at corners only): a reviewer's 6 of 6 gallery films
        // were rotations before the turn had to be seen
        let f = Self.turned(from: { (2...5).contains($0 / 8) }, to: { (2...5).contains($0 % 8) }, onBlack: false)
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func aThinWindowCrossfadingIntoItsSwapIsNoRotation() {
        // on a 30x30-tile desktop a 7 x 28 window (a quarter as wide as tall, 22% of the frame)
        // crossfades into 28 x 7 about the same centre: the cross between touches each side of its
        // box along a quarter of it, 75% desktop, but at the middle, as a turn never does (a
        // reviewer's 144x576 window crossfading into 576x144 was a rotation)
        let desktop: (mean: SIMD3<Float>, variance: Float) = (SIMD3(repeating: 220), 0)
        let portrait = { (t: Int) in (11...17).contains(t % 30) && (1...28).contains(t / 30) }
        let landscape = { (t: Int) in (1...28).contains(t % 30) && (11...17).contains(t / 30) }
        let f = Self.turnFilm(TileGrid(storedWidth: 480, storedHeight: 480, tile: 16), ground: desktop, before: portrait,
                              during: { step, t in portrait(t) || landscape(t) ? Self.turning(step) : desktop }, after: landscape)
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
    }

    @Test func aFlatFrameBetweenALetterboxAndAPillarboxIsNoTurn() {
        // a letterboxed photo fades to one flat frame of the bars' colour and a pillarboxed one
        // fades in: the flat frame's content box is a tile at the middle, which touched no side
        // (it was read as a turn on any ground)
        var f = PostureFilm()
        f.grid = TileGrid(storedWidth: 192, storedHeight: 192, tile: 16)
        let ground: (mean: SIMD3<Float>, variance: Float) = (SIMD3(repeating: 0), 0)
        let letterbox = { (t: Int) in (3...8).contains(t / 12) }, pillarbox = { (t: Int) in (3...8).contains(t % 12) }
        f.frame(f.all, complete: true) { t in letterbox(t) ? Self.page(t) : ground }
        f.still(5)
        for step in 1...3 { f.frame(f.all) { t in letterbox(t) ? (Self.page(t).mean * Float(4 - step) / 4, 400) : ground } }
        f.frame(f.all) { _ in ground }
        for step in 1...3 { f.frame(f.all) { t in pillarbox(t) ? (Self.relaid(t).mean * Float(step) / 4, 400) : ground } }
        f.frame(f.all) { t in pillarbox(t) ? Self.relaid(t) : ground }
        f.still(10)
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
    }

    @Test func aPortraitBoxCrossfadingIntoItsLandscapeSwapIsNoRotation() {
        // a lightbox's 3:4 photo crossfading into a 4:3 one about the same centre: the box swaps,
        // but no frame shows a turned rectangle (its box's sides stay filled)
        let f = Self.windowTurned(to: { (1...10).contains($0 % 12) && (4...7).contains($0 / 12) }, turning: false)
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func aSparseDialogOnAPageOfItsColourTurningIsNoRotation() {
        // the same turn, but before and after only every other line of the box has content: a
        // dialog's text on a page of the dialog's own colour, not a window (a reviewer's dialog
        // swapped for a wider one on such a page passed the turn's other tests, 79% desktop)
        let f = Self.windowTurned(to: { (1...10).contains($0 % 12) && (4...7).contains($0 / 12) }, sparse: true)
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
    }

    @Test func aWindowReplacedByAWideBoxElsewhereIsNoRotation() {
        // the landscape box lies along the bottom (rows 7-10), its centre 3 tiles below the
        // window's: a sheet or a dialog that replaced it, not the window turned
        let f = Self.windowTurned(to: { (1...10).contains($0 % 12) && (7...10).contains($0 / 12) })
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func cardsInsideMarginsAllRoundThatChangeShapeAreNoRotation() {
        // a row of cards (rows 3-4, columns 1-6) with the page's margin on every side becomes a
        // column (columns 3-4, rows 1-6), every tile changing meanwhile (GIF dither, a re-encode):
        // a layout, not a turn (ios_hero_basic.gif at half size was two rotations); its box
        // swaps about its centre, but at 12 of 64 tiles it is smaller than a window
        let f = Self.turned(from: { (3...4).contains($0 / 8) && (1...6).contains($0 % 8) },
                            to: { (3...4).contains($0 % 8) && (1...6).contains($0 / 8) }, onBlack: false)
        #expect(f.turns.rotations.isEmpty, "\(f.turns.rotations)")
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func aFadeThroughBlackIsNoRotation() {
        var f = Self.greyHeld()
        // the corners go dark, but so does the centre
        for step in 0..<12 {
            let level = Float(step < 6 ? 180 - 30 * step : 30 * (step - 5))
            f.frame(f.all) { _ in (SIMD3(repeating: level), 0) }
        }
        f.still(10)
        #expect(f.turns.rotations.isEmpty)
        #expect(f.seen.events(coverMs: 500).isEmpty)
    }

    @Test func aFrameThatTurnsIsARotationTimedFromTheAnimationBeforeIt() {
        var f = Film()
        f.grid = TileGrid(storedWidth: 128, storedHeight: 256, tile: 16)
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        let animated = f.ms
        for _ in 0..<6 { f.frame(f.all, look: Self.page) }  // the system's animation before the turn
        f.grid = TileGrid(storedWidth: 256, storedHeight: 128, tile: 16)
        let turned = f.ms
        f.frame(f.all, complete: true, resized: true, look: Self.page)
        f.still(5)
        let events = f.seen.events(coverMs: 500)
        #expect(events.count == 1 && events[0].kind == .rotation)
        #expect(events[0].startMs == animated && events[0].endMs == turned && events[0].coverEndMs == turned + 500)
    }
}

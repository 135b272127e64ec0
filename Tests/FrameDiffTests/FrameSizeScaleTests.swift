import Testing
@testable import FrameDiff

/// Thresholds stated in tiles or pixels for the GIF sizes they were read off (at most
/// `scaleRefPx` across) grow with a larger frame's shorter side, never shrink.
@Suite("Thresholds at a frame's size")
struct FrameSizeScaleTests {
    static func grid(_ w: Int, _ h: Int) -> TileGrid { TileGrid(storedWidth: w, storedHeight: h, tile: 16) }

    @Test func aCursorsBoxAndAPlaceholdersSurroundingsGrowWithTheFrame() {
        let o = ClassifierOptions()
        // a GIF and a 720-px capture: as stated
        for g in [Self.grid(360, 800), Self.grid(720, 1600), Self.grid(180, 400)] {
            #expect(o.holdTiles(in: g) == o.holdTiles && o.surroundPx(in: g) == o.surroundPx)
        }
        // a 1440x3200 capture shows the same UI at twice the pixels
        #expect(o.holdTiles(in: Self.grid(1440, 3200)) == 2 * o.holdTiles)
        #expect(o.surroundPx(in: Self.grid(3200, 1440)) == 2 * o.surroundPx)
        // 1080 px across: one and a half times (a cursor box rounds to whole tiles)
        #expect(o.surroundPx(in: Self.grid(1080, 2400)) == 72)
    }

    @Test func noScalingWhenTurnedOffOrWhenNothingIsHeld() {
        var o = ClassifierOptions()
        o.scaleRefPx = 0
        #expect(o.holdTiles(in: Self.grid(1440, 3200)) == o.holdTiles && o.surroundPx(in: Self.grid(1440, 3200)) == o.surroundPx)
        o = ClassifierOptions()
        o.holdTiles = 0
        #expect(o.holdTiles(in: Self.grid(1440, 3200)) == 0)
    }

    /// At 30 fps in a 1440x3200 frame: a ripple over a 20x10-tile block (3 frames), 100 ms later
    /// one frame changing a 3x3-tile patch inside it (a click ring or cursor drawn at that size),
    /// 100 ms later a crossfade over the block (4 frames). The candidates that are transitions.
    static func rippleRingCrossfade(_ o: ClassifierOptions) -> [TransitionFinder.Candidate] {
        let g = grid(1440, 3200)
        let block = (50..<60).flatMap { y in (10..<30).map { y * g.columns + $0 } }
        let ring = (54..<57).flatMap { y in (18..<21).map { y * g.columns + $0 } }
        var active = [[Int]](repeating: [], count: 22)
        for k in [6, 7, 8, 14, 15, 16, 17] { active[k] = block }
        active[11] = ring
        var w = ClassifierWindow()
        let thumb = Thumbnail(tiles: g.count)
        for (k, tiles) in active.enumerated() {
            w.append(.init(index: k, ptsMs: Double(k) * 100 / 3, rmse: 0, changes: tiles.map { .init(tile: $0, rmse: 0.05, shift: 10) }, thumb: thumb))
        }
        return TransitionFinder(options: o, grid: g, periodMs: 100.0 / 3).transitions(active, window: w).filter { !$0.held }
    }

    @Test func aClickRingDrawnLargerStillHoldsTheRippleApartFromTheCrossfade() {
        // the ring's 3x3 tiles are a cursor's at 1440 px (a 2x2-tile box at 720): two transitions
        #expect(Self.rippleRingCrossfade(ClassifierOptions()).map(\.a) == [6, 14])
        // stated for 720 px only, the ring is a change of its own and joins them into one
        var fixed = ClassifierOptions()
        fixed.scaleRefPx = 0
        #expect(Self.rippleRingCrossfade(fixed).count == 1)
    }
}

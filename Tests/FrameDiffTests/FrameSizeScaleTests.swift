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
}

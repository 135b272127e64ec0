import Testing
@testable import FrameDiff

/// The other display taking over inside a fixed frame (ScreenAreaTracker) on synthetic tile
/// changes: a fold beside a black band, its refit to the window, an unfold; and the look-alikes
/// that must give no event (a fade to black, an app's dark pane, letterbox bars, a passing panel).
@Suite("Screen area inside a fixed frame")
struct ScreenAreaTrackerTests {
    /// A 16x16-tile picture at 30 fps, fed to a board, the tracker and posture inference.
    struct Film {
        var grid = TileGrid(storedWidth: 256, storedHeight: 256, tile: 16)
        var board = TileBoard()
        var screens = ScreenAreaTracker()
        var seen = PostureInference()
        var k = 0
        var ms: Double { Double(k) * 1000 / 30 }
        static let cols = 16

        mutating func frame(_ tiles: [Int], complete: Bool = false, look: (Int) -> (mean: SIMD3<Float>, variance: Float)) {
            let changes = tiles.map { t in
                let l = look(t)
                return TileChange(index: t, rmse: 0.2, mean: l.mean, variance: l.variance)
            }
            let m = FrameMeasure(index: k, ptsMs: ms, rmse: RMSE(sse: 1, samples: 1), resized: false, grid: grid,
                                 changes: changes, complete: complete)
            board.update(m)
            screens.add(m, board)
            seen.add(m, board)
            k += 1
        }

        mutating func still(_ n: Int) { for _ in 0..<n { frame([]) { _ in (.zero, 0) } } }
        var all: [Int] { Array(0..<grid.count) }
        func columns(_ r: Range<Int>) -> [Int] { all.filter { r.contains($0 % Self.cols) } }
        func rows(_ r: Range<Int>) -> [Int] { all.filter { r.contains($0 / Self.cols) } }
        var events: [PostureEvent] { seen.events(coverMs: 500) }
        mutating func finished() -> [ScreenAreaTracker.Change] {
            var s = screens
            s.finish()
            return s.changes
        }
    }

    /// Text everywhere: detailed tiles, each its own colour.
    static func page(_ t: Int) -> (mean: SIMD3<Float>, variance: Float) { (SIMD3(Float(60 + t % 50), 120, 140), 400) }
    static let black: (mean: SIMD3<Float>, variance: Float) = (SIMD3(repeating: 4), 0)

    @Test func aFoldBesideABlackBandThatIsScaledBackUpIsOneClose() {
        var f = Film()
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        // the picture squeezed into the left half, the right half black over the whole height
        let foldFrame = f.k
        f.frame(f.all) { t in t % Film.cols < 8 ? Self.page(t + 3) : Self.black }
        f.still(20)
        // the small display scaled back to fill the window in two steps with a held frame between
        f.frame(f.all) { t in t % Film.cols < 12 ? Self.page(t + 5) : Self.black }
        f.still(1)
        let refitEnd = f.k
        f.frame(f.all) { t in Self.page(t + 7) }
        f.still(10)
        let changes = f.finished()
        #expect(changes.count == 1)
        #expect(changes.first?.kind == .close)
        #expect(changes.first?.startMs == Double(foldFrame) * 1000 / 30)
        #expect(changes.first?.endMs == Double(refitEnd) * 1000 / 30)
        #expect(abs((changes.first?.toShare ?? 0) - 0.5) < 1e-9)
        #expect(f.events.map(\.kind) == [.close])
    }

    @Test func aFoldThatStaysSmallAndALaterUnfoldAreACloseAndAnOpen() {
        var f = Film()
        f.frame(f.all, complete: true, look: Self.page)
        f.still(5)
        f.frame(f.all) { t in t % Film.cols < 8 ? Self.page(t + 3) : Self.black }
        f.still(150)  // 5 s small: longer than any refit
        let unfold = f.k
        f.frame(f.all) { t in Self.page(t + 9) }
        f.still(15)
        let changes = f.finished()
        #expect(changes.map(\.kind) == [.close, .open])
        #expect(changes.last?.startMs == Double(unfold) * 1000 / 30)
    }

    @Test func lookAlikesGiveNoEvent() {
        // a fade to black: no screen left to measure
        var fade = Film()
        fade.frame(fade.all, complete: true, look: Self.page)
        fade.still(5)
        for _ in 0..<3 { fade.frame(fade.all) { _ in Self.black } }
        fade.still(30)
        #expect(fade.finished().isEmpty)

        // an app's empty dark pane: the status bar's icons run across it (top row keeps detail)
        var pane = Film()
        pane.frame(pane.all, complete: true, look: Self.page)
        pane.still(5)
        pane.frame(pane.columns(8..<16).filter { $0 / Film.cols > 0 }) { _ in Self.black }
        pane.still(30)
        #expect(pane.finished().isEmpty)

        // letterbox bars on both sides (content turned to landscape): no one-sided band
        var bars = Film()
        bars.frame(bars.all, complete: true, look: Self.page)
        bars.still(5)
        bars.frame(bars.columns(0..<4) + bars.columns(12..<16)) { _ in Self.black }
        bars.still(30)
        #expect(bars.finished().isEmpty)

        // a dark panel that sweeps across and is gone within the hold
        var sweep = Film()
        sweep.frame(sweep.all, complete: true, look: Self.page)
        sweep.still(5)
        sweep.frame(sweep.columns(8..<16)) { _ in Self.black }
        sweep.still(3)
        sweep.frame(sweep.columns(8..<16)) { t in Self.page(t) }
        sweep.still(30)
        #expect(sweep.finished().isEmpty)
    }
}

@testable import FrameDiff

/// A synthetic film for posture inference's trackers: a tile picture at 30 fps (8x8 tiles unless
/// `grid` says otherwise) whose frames change the tiles a test names, fed to one board, to
/// posture inference and to each tracker alone (no codec).
///
///     var f = PostureFilm(); f.frame(f.all, complete: true) { _ in (SIMD3(100, 120, 140), 400) }; f.still(5)
struct PostureFilm {
    var grid = TileGrid(storedWidth: 128, storedHeight: 128, tile: 16)
    var board = TileBoard()
    var seen = PostureInference()
    var covers = CoverTracker()
    var turns = RotationTracker()
    var screens = ScreenAreaTracker()
    var k = 0
    /// Frames a second (30 unless a test films slower: a GIF at 5 fps).
    var fps = 30.0
    var ms: Double { Double(k) * 1000 / fps }

    /// One frame: `tiles` changed to what `look` says (mean, variance), each by the 0-1 RMSE
    /// `rmse` says (0.2, a visible change, unless told: grain changes a tile by a few thousandths);
    /// `complete` for the first.
    mutating func frame(_ tiles: [Int], complete: Bool = false, resized: Bool = false, rmse: (Int) -> Float = { _ in 0.2 },
                        look: (Int) -> (mean: SIMD3<Float>, variance: Float)) {
        let changes = tiles.map { t in
            let l = look(t)
            return TileChange(index: t, rmse: rmse(t), mean: l.mean, variance: l.variance)
        }
        let m = FrameMeasure(index: k, ptsMs: ms, rmse: RMSE(sse: 1, samples: 1), resized: resized, grid: grid,
                             changes: changes, complete: complete)
        board.update(m)
        // (no classifier here: its threshold on a film without noise)
        // (grain in these films changes a tile by 0.004 of RMSE: a floor of 0.003, times 3)
        let shift = ClassifierOptions().minTileShift, noise = 0.01
        seen.add(m, board, shift: shift, noise: noise, periodMs: 1000 / fps)
        let changed = PostureInference.changed(m, board, shift: shift, noise: noise)
        covers.add(m, board, changed: changed)
        turns.add(m, board, changed: changed, periodMs: 1000 / fps)
        screens.add(m, board, changed: changed, shift: shift, noise: noise)
        k += 1
    }

    mutating func still(_ n: Int) { for _ in 0..<n { frame([]) { _ in (.zero, 0) } } }
    var all: [Int] { Array(0..<grid.count) }
    func columns(_ r: Range<Int>) -> [Int] { all.filter { r.contains($0 % grid.columns) } }

    /// The screen-area tracker's changes once the film has ended.
    func screenChanges() -> [ScreenAreaTracker.Change] {
        var s = screens
        s.finish()
        return s.changes
    }
}

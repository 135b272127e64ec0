/// Finds the system's blur cover in a film: most of the picture loses its detail at once while
/// keeping its colours (a blurred snapshot, not a blank page), then detail returns.
///
/// Detail is the share of tiles whose pixels' standard deviation exceeds 8 levels (text, images);
/// a cover starts when that share falls below half of what the last still picture had, with the
/// tiles' mean colours moving by under 12 levels a frame on average (a blur keeps them; a blank or
/// a new page does not), and ends when the share is back above 70%. Covers of 100 ms to 5 s count.
/// NB: a Gaussian blur of sigma 16 px (system covers blur harder) took the share from 81% of the
/// tiles to 5% in the fold sample, so "below half" is a loose bound, not a fit to that film.
///
///     var t = CoverTracker(); board.update(m); t.add(m, board)
struct CoverTracker: Sendable {
    private(set) var covers: [(startMs: Double, endMs: Double)] = []
    private var baseline = 0.0
    private var coverStart: (ms: Double, baseline: Double)?
    private var runStartMs: Double?       // first frame of the current run of broad changes
    private var endingFromMs: Double?     // detail is back; the cover ends when the picture holds still

    static let minShare = 0.15, dropTo = 0.5, backTo = 0.7, maxMeanShift: Float = 12

    /// Reads a frame from `board`, which has already been updated with it.
    mutating func add(_ m: FrameMeasure, _ board: TileBoard) {
        let meanShift = board.lastShift
        let tiles = board.tiles
        let share = Double(board.detailed) / Double(tiles)
        let broad = m.changes.count * 20 >= tiles
        if broad { runStartMs = runStartMs ?? m.ptsMs }
        defer { if !broad { runStartMs = nil } }
        if let start = coverStart {
            if let from = endingFromMs {
                // the cover lifts with the last frame of the change that brought the detail back
                if !broad || m.ptsMs - from > 1000 {
                    covers.append((start.ms, m.ptsMs))
                    coverStart = nil
                    endingFromMs = nil
                    baseline = share
                }
            } else if share >= Self.backTo * start.baseline {
                if m.ptsMs - start.ms >= 100 { endingFromMs = m.ptsMs } else { coverStart = nil }
            } else if m.ptsMs - start.ms > 5000 {
                coverStart = nil
                baseline = share
            }
        } else if !m.complete, baseline >= Self.minShare, share < Self.dropTo * baseline, meanShift < Self.maxMeanShift {
            // the cover began with the change that led into it (it fades in over a few frames)
            coverStart = (runStartMs ?? m.ptsMs, baseline)
        } else if !broad {
            // the detail of the last still picture
            baseline = share
        }
    }
}

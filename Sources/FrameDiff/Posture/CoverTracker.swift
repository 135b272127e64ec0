/// Finds the system's blur cover in a film: most of the picture loses its detail at once while
/// keeping its colours (a blurred snapshot, not a blank page), then detail returns.
///
/// Detail is the share of tiles whose pixels' standard deviation exceeds 8 levels (text, images);
/// a cover starts when that share falls below half of what the last still picture had, with the
/// tiles' mean colours moving by under 12 levels a frame on average (a blur keeps them; a blank or
/// a new page does not), and ends when the share is back above 70%. Covers of 100 ms to 5 s count.
///
///     var t = CoverTracker(); t.add(m); ... t.covers   // [(startMs, endMs)]
public struct CoverTracker: Sendable {
    public private(set) var covers: [(startMs: Double, endMs: Double)] = []
    private var board = TileBoard()
    private var textured = 0
    private var baseline = 0.0
    private var coverStart: (ms: Double, baseline: Double)?
    private var runStartMs: Double?       // first frame of the current run of broad changes
    private var endingFromMs: Double?     // detail is back; the cover ends when the picture holds still

    static let texturedVariance: Float = 64
    static let minShare = 0.15, dropTo = 0.5, backTo = 0.7, maxMeanShift: Float = 12

    public init() {}

    public mutating func add(_ m: FrameMeasure) {
        if m.complete { textured = 0 }
        for c in m.changes {
            let was = !m.complete && board.variance.indices.contains(c.index) && board.variance[c.index] > Self.texturedVariance
            textured += (c.variance > Self.texturedVariance ? 1 : 0) - (was ? 1 : 0)
        }
        let meanShift = board.update(m)
        let tiles = board.tiles
        let share = Double(textured) / Double(tiles)
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

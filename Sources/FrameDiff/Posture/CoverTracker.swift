/// Finds the system's blur cover in a film: most of the picture loses its detail at once while
/// keeping its colours (a blurred snapshot, not a blank page), then detail returns.
///
/// Detail is the share of tiles with detail (the board's `detailStd`: text, images); a cover
/// starts when that share falls below `coverDropTo` of what the last still picture had, with the
/// tiles' mean colours moving by under `coverMaxMeanShift` a frame on average (a blur keeps them;
/// a blank or a new page does not), and ends when the share is back above `coverBackTo`. Covers
/// of `coverMinMs` to `coverMaxMs` count. NB: a Gaussian blur of sigma 16 px (system covers blur
/// harder) took the share from 81% of the tiles to 5% in the fold sample, so `coverDropTo`'s half
/// is a loose bound, not a fit to that film.
///
/// Look-alikes are told apart at the cover's deepest frame: a system cover blurs everything, so
/// the detail left is at most `coverMaxDetailLeft` of what the picture had (folds and unfolds in the samples,
/// the hard films and the labelled films: 0-21%), where a dialog over a blurred backdrop keeps its
/// own (33-46%); a blur keeps each tile's colour near what it was (mean shift 19-55 levels),
/// where a fade to black or a new page does not (170+); and it keeps the picture's brightness
/// (`coverMaxLevelChange`: within 0.1-21% on the folds, where a fade to black or to white of a
/// dim picture moved it 48-100%, its tiles only 82-106 levels). When it lifts, the app shows a
/// new layout (the window changed: 21-68 levels from the picture before, in dimmed and darkened
/// versions too), where a dismissed dialog's blurred backdrop and a skeleton page that faded its
/// content to grey blocks and back return the picture they began from (0.04-5.2 levels):
/// `coverMinChange`. And a blur keeps the picture's colours apart: at its deepest frame one flat
/// colour fills 6-40% of the frame on the folds, where a blank page, a dip through grey or white
/// between two photos, or a span's blackout fills 87-100% (`coverMaxOneColour`).
/// Detail is counted against a fixed `detailStd`, so a low-contrast (dark)
/// theme's skeleton blocks fall under it and look blurred; the picture coming back does not
/// depend on contrast.
///
/// The thresholds named here are `PostureInferenceOptions` (`coverDropTo`, ...).
///
///     var t = CoverTracker(options: o); board.update(m); t.add(m, board)
struct CoverTracker: Sendable {
    let options: PostureInferenceOptions

    /// A cover found: its times, and the detail left (share of the baseline's) and the mean shift
    /// of the tiles from the picture before it (levels) at its deepest frame.
    struct Cover: Sendable {
        var startMs: Double
        var endMs: Double
        var detailLeft: Double
        var shift: Double
    }

    private(set) var covers: [Cover] = []
    private var baseline = 0.0
    private var coverStart: (ms: Double, baseline: Double)?
    private var runStartMs: Double?       // first frame of the current run of broad changes
    private var endingFromMs: Double?     // detail is back; the cover ends when the picture holds still
    private var baselinePicture = Thumbnail(tiles: 0)
    private var deepest: (share: Double, shift: Double) = (1, 0)
    /// How far the picture's brightness moved from the one before the cover at its deepest frame
    /// (a share of the brighter of the two).
    private var dimmed = 0.0
    /// Share of the tiles that one flat colour fills at the deepest frame.
    private var oneColour = 0.0

    private var last: (ms: Double, share: Double, picture: Thumbnail)?

    init(options: PostureInferenceOptions = PostureInferenceOptions()) { self.options = options }

    /// Ends the cover that began at `start` on `picture`, the one it lifted to (with detail in
    /// `share` of its tiles), which is then the picture the next cover is measured against: in a
    /// change-driven VFR film the frame after a held gap may already start the next one.
    private mutating func close(_ start: (ms: Double, baseline: Double), at endMs: Double, on picture: Thumbnail, share: Double) {
        let left = deepest.share / max(start.baseline, 0.001)
        let changed = picture.distance(to: baselinePicture)
        if debugClassifier {
            debugLine("cover \(start.ms)-\(endMs) detail left \(left) shift \(deepest.shift) brightness moved \(dimmed) lifted on \(changed) one colour \(oneColour)")
        }
        if left <= options.coverMaxDetailLeft, deepest.shift <= options.coverMaxShift,
           dimmed <= options.coverMaxLevelChange, changed >= options.coverMinChange, oneColour <= options.coverMaxOneColour {
            covers.append(Cover(startMs: start.ms, endMs: endMs, detailLeft: left, shift: deepest.shift))
        }
        coverStart = nil
        endingFromMs = nil
        (baseline, baselinePicture) = (share, picture)
    }

    /// Reads a frame from `board`, which has already been updated with it.
    mutating func add(_ m: FrameMeasure, _ board: TileBoard) {
        let meanShift = board.lastShift
        let tiles = board.tiles
        let share = Double(board.detailed) / Double(tiles)
        let broad = options.broad(m.changes.count, of: tiles)
        defer { last = (m.ptsMs, share, board.picture) }
        if m.complete {
            // a new picture: its detail is the baseline
            (baseline, baselinePicture, coverStart, endingFromMs, runStartMs) = (share, board.picture, nil, nil, nil)
            return
        }
        // A change-driven VFR film writes no frame while the picture holds: a gap of `heldMs` means
        // the last frame was a still picture.
        if let last, m.ptsMs - last.ms >= options.heldMs {
            if let start = coverStart, endingFromMs != nil {
                close(start, at: last.ms, on: last.picture, share: last.share)
            } else if coverStart == nil {
                (baseline, baselinePicture) = (last.share, last.picture)
            }
            runStartMs = nil
        }
        if broad { runStartMs = runStartMs ?? m.ptsMs }
        defer { if !broad { runStartMs = nil } }
        if let start = coverStart {
            if let from = endingFromMs {
                // the cover lifts with the last frame of the change that brought the detail back
                if !broad || m.ptsMs - from > options.coverEndWithinMs {
                    close(start, at: m.ptsMs, on: board.picture, share: share)
                }
            } else if share >= options.coverBackTo * start.baseline {
                if m.ptsMs - start.ms >= options.coverMinMs { endingFromMs = m.ptsMs } else { coverStart = nil }
            } else if m.ptsMs - start.ms > options.coverMaxMs {
                coverStart = nil
                (baseline, baselinePicture) = (share, board.picture)
            }
        } else if baseline >= options.coverMinDetail, share < options.coverDropTo * baseline, meanShift < Float(options.coverMaxMeanShift) {
            // the cover began with the change that led into it (it fades in over a few frames)
            coverStart = (runStartMs ?? m.ptsMs, baseline)
            deepen(share, board.picture)
        } else if !broad {
            // the detail of the last still picture
            baseline = share
            baselinePicture = board.picture
        }
        if coverStart != nil, endingFromMs == nil, share < deepest.share { deepen(share, board.picture) }
    }

    /// The cover's deepest frame so far: the least detail.
    private mutating func deepen(_ share: Double, _ picture: Thumbnail) {
        deepest = (share, picture.distance(to: baselinePicture))
        // (the picture before stays the cover's baseline until it closes)
        let (before, now) = (baselinePicture.level, picture.level)
        dimmed = abs(now - before) / max(before, now, 1)
        oneColour = picture.dominantFill().map { Double(picture.tilesFilled(with: $0, tolerance: Float(options.barTolerance)).count) / Double(max(picture.count, 1)) } ?? 0
    }
}

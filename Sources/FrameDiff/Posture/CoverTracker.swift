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
/// between two photos, or a span's blackout fills 87-100% (`coverMaxOneColour`). And the
/// deepest frame is a blur of the picture before the cover or of the one it lifts on (its tile
/// means regressed on a box blur of theirs, `coverMaxUnblurred`): a page load cut to a skeleton
/// (grey boxes on white, held 1.2-2.5 s, then the images) loses the detail, keeps the brightness
/// and lifts on a new picture as a fold does, but its boxes are a layout of their own.
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
    /// The deepest frame, and the tile columns of the frame (to blur the pictures it is compared with).
    private var deepestPicture = Thumbnail(tiles: 0)
    private var columns = 1

    private var last: (ms: Double, share: Double, picture: Thumbnail)?

    init(options: PostureInferenceOptions = PostureInferenceOptions()) { self.options = options }

    /// Ends the cover that began at `start` on `picture`, the one it lifted to (with detail in
    /// `share` of its tiles), which is then the picture the next cover is measured against: in a
    /// change-driven VFR film the frame after a held gap may already start the next one.
    private mutating func close(_ start: (ms: Double, baseline: Double), at endMs: Double, on picture: Thumbnail, share: Double) {
        let left = deepest.share / max(start.baseline, 0.001)
        let changed = picture.distance(to: baselinePicture)
        let others = left <= options.coverMaxDetailLeft && deepest.shift <= options.coverMaxShift &&
            dimmed <= options.coverMaxLevelChange && changed >= options.coverMinChange && oneColour <= options.coverMaxOneColour
        // (the fits cost 30-90 ms on a 1206x2622 frame: only for a cover the cheaper tests passed,
        // or to show them)
        let unblurred = others || debugClassifier
            ? min(Self.unblurred(deepestPicture, by: baselinePicture, columns: columns),
                  Self.unblurred(deepestPicture, by: picture, columns: columns)) : 1
        if debugClassifier {
            debugLine("cover \(start.ms)-\(endMs) detail left \(left) shift \(deepest.shift) brightness moved \(dimmed) lifted on \(changed) one colour \(oneColour) unblurred \(unblurred)")
        }
        if others, unblurred <= options.coverMaxUnblurred {
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
            columns = max(1, board.grid.columns)
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
        deepestPicture = picture
        deepest = (share, picture.distance(to: baselinePicture))
        // (the picture before stays the cover's baseline until it closes)
        let (before, now) = (baselinePicture.level, picture.level)
        dimmed = abs(now - before) / max(before, now, 1)
        oneColour = picture.dominantFill().map { Double(picture.tilesFilled(with: $0, tolerance: Float(options.barTolerance)).count) / Double(max(picture.count, 1)) } ?? 0
    }

    /// How little of `picture` a blur of `source` explains: its tile means regressed on a box blur
    /// of `source`'s over 3x3 and over 5x5 tiles (a system cover blurs by a tile or more), with
    /// `source` scaled about the frame's centre by 0.8-1.5 in steps of 0.025 first (a snapshot
    /// that zooms while it blurs), the best of these, sqrt(1 − R²) of the worst channel; a channel flat in
    /// `picture` says nothing, and a picture flat in all three is explained by nothing (1).
    static func unblurred(_ picture: Thumbnail, by source: Thumbnail, columns: Int) -> Double {
        guard picture.count == source.count, picture.count > 0, columns > 0 else { return 1 }
        let rows = picture.count / columns
        var best = 1.0
        // (steps of 0.025: a zoom of 0.95 between steps of 0.1 left 0.57 unexplained, on the step 0.21)
        for scale in stride(from: 0.8, through: 1.5001, by: 0.025) {
            let scaled = Self.scaled(source, by: scale, columns: columns, rows: rows)
            for radius in [1, 2] {
                best = min(best, Self.unexplained(picture, byBlurOf: scaled, radius: radius, columns: columns, rows: rows))
            }
        }
        return best
    }

    /// The tile means of `source` scaled by `scale` about the frame's centre (bilinear between
    /// tile centres), nil where any of a tile's source lies outside the frame (what shows around
    /// a shrunken snapshot is the system's, not the picture's: a tile half on it, kept, took a
    /// heavily blurred cover zoomed by 0.9 on a black ground from 0.14 to 0.74).
    private static func scaled(_ source: Thumbnail, by scale: Double, columns: Int, rows: Int) -> [SIMD3<Float>?] {
        let (cx, cy) = (Double(columns - 1) / 2, Double(rows - 1) / 2)
        var out = [SIMD3<Float>?](repeating: nil, count: columns * rows)
        for ty in 0..<rows {
            let sy = (Double(ty) - cy) / scale + cy
            guard (Double(ty) - 0.5 - cy) / scale + cy >= -0.5, (Double(ty) + 0.5 - cy) / scale + cy <= Double(rows) - 0.5 else { continue }
            let cy = min(max(sy, 0), Double(rows - 1))
            let y0 = Int(cy), y1 = min(y0 + 1, rows - 1), fy = Float(cy - Double(y0))
            for tx in 0..<columns {
                let sx = (Double(tx) - cx) / scale + cx
                guard (Double(tx) - 0.5 - cx) / scale + cx >= -0.5, (Double(tx) + 0.5 - cx) / scale + cx <= Double(columns) - 0.5 else { continue }
                let cx = min(max(sx, 0), Double(columns - 1))
                let x0 = Int(cx), x1 = min(x0 + 1, columns - 1), fx = Float(cx - Double(x0))
                let top = source.mean(y0 * columns + x0) * (1 - fx) + source.mean(y0 * columns + x1) * fx
                let bottom = source.mean(y1 * columns + x0) * (1 - fx) + source.mean(y1 * columns + x1) * fx
                out[ty * columns + tx] = top * (1 - fy) + bottom * fy
            }
        }
        return out
    }

    /// sqrt(1 − R²) of `picture`'s tile means regressed on a box blur of `means` over
    /// (2·radius+1)² tiles (where `means` has a value: over half of the frame's tiles), the worst
    /// channel with a level of spread or more in `picture`; 1 when none has.
    private static func unexplained(_ picture: Thumbnail, byBlurOf means: [SIMD3<Float>?], radius: Int, columns: Int, rows: Int) -> Double {
        var sums = [(x: Double, y: Double, xx: Double, yy: Double, xy: Double)](repeating: (0, 0, 0, 0, 0), count: 3)
        var n = 0.0
        for ty in 0..<rows {
            for tx in 0..<columns where means[ty * columns + tx] != nil {
                var sum = SIMD3<Float>(), k: Float = 0
                for ny in max(0, ty - radius)...min(rows - 1, ty + radius) {
                    for nx in max(0, tx - radius)...min(columns - 1, tx + radius) {
                        guard let m = means[ny * columns + nx] else { continue }
                        sum += m
                        k += 1
                    }
                }
                let blurred = sum / k, value = picture.mean(ty * columns + tx)
                for c in 0..<3 {
                    let (x, y) = (Double(blurred[c]), Double(value[c]))
                    sums[c] = (sums[c].x + x, sums[c].y + y, sums[c].xx + x * x, sums[c].yy + y * y, sums[c].xy + x * y)
                }
                n += 1
            }
        }
        guard 2 * n > Double(rows * columns) else { return 1 }
        var worst: Double?
        for s in sums {
            let vx = s.xx / n - (s.x / n) * (s.x / n), vy = s.yy / n - (s.y / n) * (s.y / n), cxy = s.xy / n - (s.x / n) * (s.y / n)
            // (a channel with under a level of spread in the picture says nothing)
            guard vy > 1 else { continue }
            let r2 = vx > 0 ? min(1, cxy * cxy / (vx * vy)) : 0
            worst = max(worst ?? 0, (1 - r2).squareRoot())
        }
        return worst ?? 1
    }
}

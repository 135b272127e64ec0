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
///     var t = CoverTracker(options: o); board.update(m); t.add(m, board, changed: 812)
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
    /// The deepest frame (to compare with blurs of the pictures around the cover).
    private var deepestPicture = Thumbnail(tiles: 0)

    private var last: (ms: Double, share: Double, picture: Thumbnail)?

    init(options: PostureInferenceOptions = PostureInferenceOptions()) { self.options = options }

    /// Ends the cover that began at `start` on `picture`, the one it lifted to (with detail in
    /// `share` of its tiles), which is then the picture the next cover is measured against: in a
    /// change-driven VFR film the frame after a held gap may already start the next one.
    private mutating func close(_ start: (ms: Double, baseline: Double), at endMs: Double, on picture: Thumbnail, share: Double, columns: Int) {
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

    /// Reads a frame from `board`, which has already been updated with it; `changed`: how many
    /// tiles the frame changed beyond the film's noise.
    mutating func add(_ m: FrameMeasure, _ board: TileBoard, changed: Int) {
        let meanShift = board.lastShift
        let tiles = board.tiles
        let share = Double(board.detailed) / Double(tiles)
        let broad = options.broad(changed, of: tiles)
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
                close(start, at: last.ms, on: last.picture, share: last.share, columns: board.grid.columns)
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
                    close(start, at: m.ptsMs, on: board.picture, share: share, columns: board.grid.columns)
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
            let sums = BoxSums(Self.scaled(source, by: scale, columns: columns, rows: rows), columns: columns, rows: rows)
            for radius in [1, 2] {
                best = min(best, Self.unexplained(picture, byBlurOf: sums, radius: radius))
            }
        }
        return best
    }

    /// Where the centre of tile `t` of `n` comes from in a picture scaled by `scale` about the
    /// middle (clamped to the outer tile centres), or nil when any of the tile's source lies
    /// outside the frame (what shows around a shrunken snapshot is the system's, not the
    /// picture's: a tile half on it, kept, took a heavily blurred cover zoomed by 0.9 on a black
    /// ground from 0.14 to 0.74).
    private static func source(of t: Int, in n: Int, scale: Double) -> Double? {
        let c = Double(n - 1) / 2
        func back(_ x: Double) -> Double { (x - c) / scale + c }
        guard back(Double(t) - 0.5) >= -0.5, back(Double(t) + 0.5) <= Double(n) - 0.5 else { return nil }
        return min(max(back(Double(t)), 0), Double(n - 1))
    }

    /// The tile means of `source` scaled by `scale` about the frame's centre (bilinear between
    /// tile centres), nil where a tile's source leaves the frame (`source(of:in:scale:)`).
    private static func scaled(_ source: Thumbnail, by scale: Double, columns: Int, rows: Int) -> [SIMD3<Float>?] {
        var out = [SIMD3<Float>?](repeating: nil, count: columns * rows)
        for ty in 0..<rows {
            guard let sy = Self.source(of: ty, in: rows, scale: scale) else { continue }
            let y0 = Int(sy), y1 = min(y0 + 1, rows - 1), fy = Float(sy - Double(y0))
            for tx in 0..<columns {
                guard let sx = Self.source(of: tx, in: columns, scale: scale) else { continue }
                let x0 = Int(sx), x1 = min(x0 + 1, columns - 1), fx = Float(sx - Double(x0))
                let top = source.mean(y0 * columns + x0) * (1 - fx) + source.mean(y0 * columns + x1) * fx
                let bottom = source.mean(y1 * columns + x0) * (1 - fx) + source.mean(y1 * columns + x1) * fx
                out[ty * columns + tx] = top * (1 - fy) + bottom * fy
            }
        }
        return out
    }

    /// Summed-area tables of a tile picture's known means and of how many are known, so a box
    /// blur of any radius costs four reads a tile.
    private struct BoxSums {
        let columns: Int, rows: Int
        let known: [Bool]
        private var sum: [SIMD3<Double>], count: [Int]

        init(_ means: [SIMD3<Float>?], columns: Int, rows: Int) {
            (self.columns, self.rows) = (columns, rows)
            known = means.map { $0 != nil }
            let w = columns + 1
            sum = [SIMD3<Double>](repeating: .zero, count: w * (rows + 1))
            count = [Int](repeating: 0, count: w * (rows + 1))
            for y in 0..<rows {
                for x in 0..<columns {
                    let m = means[y * columns + x].map { SIMD3<Double>(Double($0.x), Double($0.y), Double($0.z)) }
                    let (i, up, left, diag) = ((y + 1) * w + x + 1, y * w + x + 1, (y + 1) * w + x, y * w + x)
                    sum[i] = (m ?? .zero) + sum[up] + sum[left] - sum[diag]
                    count[i] = (m == nil ? 0 : 1) + count[up] + count[left] - count[diag]
                }
            }
        }

        /// The mean of the known tiles within `radius` of tile (x, y).
        func blurred(_ x: Int, _ y: Int, radius: Int) -> SIMD3<Double> {
            let w = columns + 1
            let (x0, x1, y0, y1) = (max(0, x - radius), min(columns, x + radius + 1), max(0, y - radius), min(rows, y + radius + 1))
            let s = sum[y1 * w + x1] - sum[y0 * w + x1] - sum[y1 * w + x0] + sum[y0 * w + x0]
            let n = count[y1 * w + x1] - count[y0 * w + x1] - count[y1 * w + x0] + count[y0 * w + x0]
            return s / Double(max(n, 1))
        }
    }

    /// sqrt(1 − R²) of `picture`'s tile means regressed on the blur of `sums` over
    /// (2·radius+1)² tiles, where the blurred picture is known (over half of the frame's tiles),
    /// the worst channel with a level of spread or more in `picture`; 1 when none has.
    private static func unexplained(_ picture: Thumbnail, byBlurOf sums: BoxSums, radius: Int) -> Double {
        var x = SIMD3<Double>(), y = x, xx = x, yy = x, xy = x
        var n = 0.0
        for ty in 0..<sums.rows {
            for tx in 0..<sums.columns where sums.known[ty * sums.columns + tx] {
                let b = sums.blurred(tx, ty, radius: radius), m = picture.mean(ty * sums.columns + tx)
                let v = SIMD3<Double>(Double(m.x), Double(m.y), Double(m.z))
                (x, y, xx, yy, xy) = (x + b, y + v, xx + b * b, yy + v * v, xy + b * v)
                n += 1
            }
        }
        guard 2 * n > Double(sums.rows * sums.columns) else { return 1 }
        let (mx, my) = (x / n, y / n)
        let (vx, vy, cxy) = (xx / n - mx * mx, yy / n - my * my, xy / n - mx * my)
        var worst: Double?
        // (a channel with under a level of spread in the picture says nothing)
        for c in 0..<3 where vy[c] > 1 {
            let r2 = vx[c] > 0 ? min(1, cxy[c] * cxy[c] / (vx[c] * vy[c])) : 0
            worst = max(worst ?? 0, (1 - r2).squareRoot())
        }
        return worst ?? 1
    }
}

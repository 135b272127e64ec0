/// Follows each tile through flat fills: when a tile turns into a fill of one colour and later
/// leaves it (detail again, or another colour), that interval is a candidate piece of a
/// placeholder or a blank, with what the tile showed before and after and whether it arrived and
/// left in a visible step.
///
/// Only tiles that changed are looked at, so a frame costs what changed in it. A tile flat since
/// the first frame of its size has no "before" and gives no candidate.
///
///     var fills = FillTracker(tiles: n, options: o)
///     fills.update(frame: 7, ptsMs: 116.7, deltas: board.deltas, visible: flags, fresh: board.fresh, detail: 0.3)
struct FillTracker: Sendable {
    /// What a tile showed: its mean colour and variance.
    struct Look: Sendable {
        var mean: SIMD3<Float>
        var variance: Float
    }

    /// A tile that was a fill of `colour` from frame `start` until frame `end` (the first frame
    /// after it).
    /// NB: stored in 64 bytes (Int32 frame numbers, looks as SIMD4): a window can hold tens of
    /// thousands of intervals.
    struct Interval: Sendable {
        private var tile32: Int32, start32: Int32, end32: Int32
        /// The change into the fill, and out of it, was above the tile threshold.
        var visibleIn: Bool
        var visibleOut: Bool
        var colour: SIMD3<Float>
        private var before4: SIMD4<Float>, after4: SIMD4<Float>

        init(tile: Int, start: Int, end: Int, colour: SIMD3<Float>, before: Look, after: Look, visibleIn: Bool, visibleOut: Bool) {
            (tile32, start32, end32) = (Int32(tile), Int32(start), Int32(end))
            self.colour = colour
            before4 = SIMD4(before.mean, before.variance)
            after4 = SIMD4(after.mean, after.variance)
            (self.visibleIn, self.visibleOut) = (visibleIn, visibleOut)
        }

        var tile: Int { Int(tile32) }
        var start: Int { Int(start32) }
        var end: Int { Int(end32) }
        var before: Look { Look(mean: SIMD3(before4.x, before4.y, before4.z), variance: before4.w) }
        var after: Look { Look(mean: SIMD3(after4.x, after4.y, after4.z), variance: after4.w) }
    }

    private static let none: Int32 = -1, sinceFirst: Int32 = -2
    private var start: [Int32]
    private var startMs: [Double]
    private var colour: [SIMD3<Float>]
    private var before: [Look]
    private var visibleIn: [Bool]
    private var startDetail: [Float]
    /// The last frame that changed each tile visibly, and whether its fill came at the end of a
    /// run of such changes (`Held` keeps only fills shown in one step).
    private var lastVisible: [Int32]
    private var gradual: [Bool]
    private static let never: Int32 = -2
    /// The frame before the one being read, and when it was shown.
    private var previousFrame: Int32 = -2, previousMs = -Double.infinity
    /// A tile that changed visibly on the frame before, shown less than this before (`stableMs`),
    /// came into its fill at the end of a run; in a film written on change, a frame that held longer
    /// was a picture of its own.
    private let runGapMs: Double
    private let enterVariance: Float, stayVariance: Float, colourTolerance: Float
    /// Longer fills are no blank and no placeholder (`longestBlankMs`): they are not kept.
    private let longestMs: Double
    /// Intervals that ended, oldest first (in the order of their end); the classifier takes them.
    private(set) var ended = EndedFills()
    /// Fills held longer than a flash and up to `longestSlotMs` that arrived in one visible step
    /// (not at the end of a run of them), in the order of their end (`SlotFlashes` asks them about
    /// the cut or the fade that ended them).
    private(set) var held: [Held] = []
    private let shortestHeldMs: Double, longestHeldMs: Double

    /// A tile's fill held from frame `start` (shown at `startMs`) until frame `end`, and how much
    /// detail it showed after.
    struct Held: Sendable {
        var tile: Int32, start: Int32, end: Int32
        var startMs: Double, endMs: Double
        var colour: SIMD3<Float>
        var afterVariance: Float
        /// Share of the frame's tiles with detail when the fill began (a page painted around the
        /// slot, or a blank page).
        var pageDetail: Float
        /// The change that ended it was above the tile threshold (a cut's is; a fade's first step
        /// may not be).
        var visibleOut: Bool
    }

    init(tiles: Int, options: ClassifierOptions) {
        start = [Int32](repeating: Self.none, count: tiles)
        startMs = [Double](repeating: 0, count: tiles)
        colour = [SIMD3<Float>](repeating: .zero, count: tiles)
        before = [Look](repeating: Look(mean: .zero, variance: 0), count: tiles)
        visibleIn = [Bool](repeating: false, count: tiles)
        startDetail = [Float](repeating: 0, count: tiles)
        lastVisible = [Int32](repeating: Self.never, count: tiles)
        gradual = [Bool](repeating: false, count: tiles)
        enterVariance = options.flatVariance
        stayVariance = enterVariance * Float(options.flatStayFactor * options.flatStayFactor)
        colourTolerance = Float(options.colourTolerance)
        longestMs = options.longestBlankMs
        (shortestHeldMs, longestHeldMs) = (options.longestFlashMs, options.longestSlotMs)
        runGapMs = options.stableMs
    }

    /// Reads the board's last frame (its `deltas`, and whether each crossed the change threshold,
    /// `visible`; `fresh` on a picture's first frame), shown at `ptsMs`; `detail`: the share of the
    /// frame's tiles with detail in it.
    /// NB: a window of text scrolling over a flat page holds tens of thousands of fills, most of
    /// them too long to matter; keeping only the short ones keeps a window's intervals small.
    mutating func update(frame: Int, ptsMs: Double, deltas: [TileBoard.Delta], visible: [Bool], fresh first: Bool, detail: Float) {
        // (the frame before was shown a moment ago: in a film written on change it may have held)
        let runOn = previousFrame == Int32(frame) - 1 && ptsMs - previousMs < runGapMs
        defer { (previousFrame, previousMs) = (Int32(frame), ptsMs) }
        for (d, active) in zip(deltas, visible) {
            let t = d.tile
            let changedBefore = runOn && lastVisible[t] == Int32(frame) - 1
            // (a picture's first frame differs from nothing: no change of its own)
            if active && !first { lastVisible[t] = Int32(frame) }
            if start[t] != Self.none {
                let stays = d.variance <= stayVariance && maxAbs(d.mean - colour[t]) <= colourTolerance
                if stays { continue }
                if start[t] >= 0, ptsMs - startMs[t] <= longestMs {
                    ended.append(Interval(tile: t, start: Int(start[t]), end: frame, colour: colour[t], before: before[t],
                                          after: Look(mean: d.mean, variance: d.variance),
                                          visibleIn: visibleIn[t], visibleOut: active))
                }
                let heldMs = ptsMs - startMs[t]
                if start[t] >= 0, visibleIn[t], !gradual[t], heldMs > shortestHeldMs, heldMs <= longestHeldMs {
                    held.append(Held(tile: Int32(t), start: start[t], end: Int32(frame), startMs: startMs[t], endMs: ptsMs, colour: colour[t],
                                     afterVariance: d.variance, pageDetail: startDetail[t], visibleOut: active))
                }
                start[t] = Self.none
            }
            if d.variance <= enterVariance {
                start[t] = first ? Self.sinceFirst : Int32(frame)
                startMs[t] = ptsMs
                colour[t] = d.mean
                before[t] = Look(mean: d.oldMean, variance: d.oldVariance)
                visibleIn[t] = !first && active
                startDetail[t] = detail
                gradual[t] = changedBefore
            }
        }
    }

    /// Forgets intervals that ended at or before `frame`, shown at `ms`; held fills that ended
    /// less than `stableMs` before it are kept for the next window: a fade's eased first steps end
    /// a slot's fills under the threshold before the window that judges the fade begins.
    mutating func drop(through frame: Int, ms: Double) {
        ended.drop(through: frame)
        // (its buffer is kept: a film with a page change a second fills it anew each second)
        held.removeSubrange(0..<(held.firstIndex { Int($0.end) > frame || $0.endMs > ms - runGapMs } ?? held.count))
    }

    /// Whether a fill that may yet be a placeholder or a blank shows across `frame`: it arrived in
    /// a visible step (as both must) after frame `first` and at or before `frame`, and ended after
    /// `frame` or is still showing (no older at `nowMs` than `longestBlankMs`). A window decided
    /// through `frame` would see its start and not its end, and the next window, which starts at
    /// `frame`, its end and not its start: neither would judge it.
    /// NB: O(tiles + the intervals that ended after `frame`); asked on each frame of a window that
    /// has grown to its longest until it is decided.
    func spans(_ frame: Int, after first: Int, nowMs: Double) -> Bool {
        for t in start.indices where start[t] >= 0 && visibleIn[t] {
            let s = Int(start[t])
            if s > first, s <= frame, nowMs - startMs[t] <= longestMs { return true }
        }
        // (ended in the order of their end: the newest first, down to the ones that ended by `frame`)
        for i in stride(from: ended.count - 1, through: 0, by: -1) {
            let v = ended[i]
            if v.end <= frame { break }
            if v.visibleIn, v.start > first, v.start <= frame { return true }
        }
        return false
    }
}

/// The intervals that ended, in chunks of `chunkSize`, ordered by their end frame (they are
/// appended as they end).
/// NB: a window of text scrolling over a flat page holds 100,000+ of them (6+ MiB). One array,
/// grown by doubling, held the old and the new buffer at its peak (21 MiB of the main job's 40 MiB
/// of Swift heap on the benchmark film) and kept its largest capacity for the rest of the film;
/// chunks of 256 KiB grow by one and go back to the system when the window no longer needs them.
struct EndedFills: Sendable {
    static let chunkShift = 12, chunkSize = 1 << chunkShift
    /// Every chunk but the last is full; the first `skip` intervals of the first are dropped ones.
    private var chunks: [[FillTracker.Interval]] = []
    private var skip = 0
    private(set) var count = 0

    var isEmpty: Bool { count == 0 }

    subscript(i: Int) -> FillTracker.Interval {
        let p = i + skip
        return chunks[p >> Self.chunkShift][p & (Self.chunkSize - 1)]
    }

    mutating func append(_ v: FillTracker.Interval) {
        if chunks.last.map({ $0.count == Self.chunkSize }) ?? true {
            chunks.append([])
            chunks[chunks.count - 1].reserveCapacity(Self.chunkSize)
        }
        chunks[chunks.count - 1].append(v)
        count += 1
    }

    /// Forgets the intervals that ended at or before `frame`: a prefix, since they are in order.
    mutating func drop(through frame: Int) {
        var n = 0
        while n < count, self[n].end <= frame { n += 1 }
        count -= n
        guard count > 0 else {
            (chunks, skip) = ([], 0)
            return
        }
        skip += n
        let whole = skip >> Self.chunkShift
        chunks.removeFirst(whole)
        skip -= whole << Self.chunkShift
    }
}

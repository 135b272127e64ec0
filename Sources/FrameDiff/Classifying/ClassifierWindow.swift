/// The frames the classifier keeps from the last stable picture until the film has been still
/// long enough to decide what happened: each frame's changed tiles and its picture at tile
/// resolution. Frames are contiguous: position `k` holds frame `first + k`.
///
///     var w = ClassifierWindow(); w.append(frame); let k = w.position(atLeast: 150, before: w.count - 1)
struct ClassifierWindow: Sendable {
    /// One frame of the window.
    struct Frame: Sendable {
        var index: Int
        var ptsMs: Double
        /// 0-1 RMSE of the whole frame against the previous one.
        var rmse: Double
        /// Tiles whose pixels changed: 0-1 RMSE and shift of the mean colour (levels).
        var changes: [Change]
        var thumb: Thumbnail
        /// The film's drawn cadence (`DrawnCadence`) as it stood when the frame came, nil while unknown.
        var cadenceMs: Double? = nil
        /// The largest shift and RMSE of its changed tiles: whether any of them is past a threshold
        /// without reading them all again (each decision of a window that never rests asked that
        /// of every frame: 6% of the busy film's classifier).
        var peakShift: Float = 0, peakRMSE: Float = 0
    }

    /// One changed tile of a frame of the window.
    /// NB: 12 bytes (an Int32 tile) instead of a 16-byte tuple: a window holds up to 240 frames'
    /// lists (and `longestBlankMs` more while it waits), 4 MB at the 60 s bench film's peak.
    struct Change: Sendable {
        private var tile32: Int32
        /// 0-1 RMSE of the tile against the previous frame.
        var rmse: Float
        /// Largest change of a channel's mean (levels).
        var shift: Float

        init(tile: Int, rmse: Float, shift: Float) {
            tile32 = Int32(tile)
            self.rmse = rmse
            self.shift = shift
        }

        var tile: Int { Int(tile32) }

        /// Whether the tile changed past a threshold of `s` levels or `r` RMSE (`ChangeThreshold`'s
        /// test, with the threshold a window was decided at).
        func isVisible(shift s: Float, rmse r: Float) -> Bool { shift > s || rmse > r }
    }

    private(set) var frames: [Frame] = []

    var count: Int { frames.count }
    var isEmpty: Bool { frames.isEmpty }
    var first: Frame? { frames.first }
    var last: Frame? { frames.last }
    subscript(k: Int) -> Frame { frames[k] }

    mutating func append(_ f: Frame) { frames.append(f) }
    /// The window's first `n` frames.
    func prefix(_ n: Int) -> ClassifierWindow {
        var w = ClassifierWindow()
        w.frames = Array(frames.prefix(n))
        return w
    }
    mutating func removeFirst(_ n: Int) { frames.removeFirst(n) }
    mutating func keepLast() { if let l = frames.last { frames = [l] } }
    mutating func reset(_ f: Frame) { frames = [f] }

    func ms(_ k: Int) -> Double { frames[k].ptsMs }

    /// Whether position `k` (after the first) repeats the picture before it over `tiles`, to within
    /// `tolerance` levels of mean: a renderer's stall, a frame it never drew.
    func repeats(_ k: Int, over tiles: [Int], tolerance: Double) -> Bool {
        frames[k].thumb.distance(to: frames[k - 1].thumb, over: tiles) < tolerance
    }

    /// The first position at or after `k` at least `ms` later than position `k`, or the last one.
    func position(atLeast ms: Double, after k: Int) -> Int {
        var j = k
        while j + 1 < frames.count && frames[j].ptsMs - frames[k].ptsMs < ms { j += 1 }
        return j
    }

    /// The position whose picture is on screen at `ms` (the last frame at or before it), from `k` on.
    func position(shownAt ms: Double, from k: Int) -> Int {
        var j = k
        while j + 1 < frames.count && frames[j + 1].ptsMs <= ms { j += 1 }
        return j
    }

    /// The last position at or before `k` at least `ms` earlier than position `k`, or 0.
    func position(atLeast ms: Double, before k: Int) -> Int {
        var j = k
        while j > 0 && frames[k].ptsMs - frames[j].ptsMs < ms { j -= 1 }
        return j
    }

    /// 0-1 RMSE of position `k` over the tiles marked in `member` (tiles that did not change count
    /// as zero; tiles are taken as equal in size).
    func rmse(_ k: Int, over member: [Bool], count: Int) -> Double {
        guard count > 0 else { return 0 }
        var sum = 0.0
        for c in frames[k].changes where member[c.tile] { sum += Double(c.rmse * c.rmse) }
        return (sum / Double(count)).squareRoot()
    }
}

/// Follows each tile through flat fills: when a tile turns into a fill of one colour and later
/// leaves it (detail again, or another colour), that interval is a candidate piece of a
/// placeholder or a blank, with what the tile showed before and after and whether it arrived and
/// left in a visible step.
///
/// Only tiles that changed are looked at, so a frame costs what changed in it. A tile flat since
/// the first frame of its size has no "before" and gives no candidate.
///
///     var fills = FillTracker(tiles: n, options: o); fills.update(frame: 7, board: board, isActive: test)
struct FillTracker: Sendable {
    /// What a tile showed: its mean colour and variance.
    struct Look: Sendable {
        var mean: SIMD3<Float>
        var variance: Float
    }

    /// A tile that was a fill of `colour` from frame `start` until frame `end` (the first frame
    /// after it).
    struct Interval: Sendable {
        var tile: Int
        var start: Int
        var end: Int
        var colour: SIMD3<Float>
        var before: Look
        var after: Look
        /// The change into the fill, and out of it, was above the tile threshold.
        var visibleIn: Bool
        var visibleOut: Bool
    }

    private static let none: Int32 = -1, sinceFirst: Int32 = -2
    private var start: [Int32]
    private var colour: [SIMD3<Float>]
    private var before: [Look]
    private var visibleIn: [Bool]
    private let enterVariance: Float, stayVariance: Float, colourTolerance: Float
    /// Intervals that ended, oldest first; the classifier takes them.
    var ended: [Interval] = []

    init(tiles: Int, options: ClassifierOptions) {
        start = [Int32](repeating: Self.none, count: tiles)
        colour = [SIMD3<Float>](repeating: .zero, count: tiles)
        before = [Look](repeating: Look(mean: .zero, variance: 0), count: tiles)
        visibleIn = [Bool](repeating: false, count: tiles)
        enterVariance = Float(options.flatStd * options.flatStd)
        stayVariance = enterVariance * Float(options.flatStayFactor * options.flatStayFactor)
        colourTolerance = Float(options.colourTolerance)
    }

    /// Reads the board's last frame. `first` is the first frame of its size.
    mutating func update(frame: Int, board: TileBoard, isActive: (Float, Float) -> Bool) {
        let first = board.fresh
        for d in board.deltas {
            let t = d.tile
            if start[t] != Self.none {
                let stays = d.variance <= stayVariance && maxAbs(d.mean - colour[t]) <= colourTolerance
                if stays { continue }
                if start[t] >= 0 {
                    ended.append(Interval(tile: t, start: Int(start[t]), end: frame, colour: colour[t], before: before[t],
                                          after: Look(mean: d.mean, variance: d.variance),
                                          visibleIn: visibleIn[t], visibleOut: isActive(d.shift, d.rmse)))
                }
                start[t] = Self.none
            }
            if d.variance <= enterVariance {
                start[t] = first ? Self.sinceFirst : Int32(frame)
                colour[t] = d.mean
                before[t] = Look(mean: d.oldMean, variance: d.oldVariance)
                visibleIn[t] = !first && isActive(d.shift, d.rmse)
            }
        }
    }

    /// Forgets intervals that ended at or before `frame`.
    mutating func drop(through frame: Int) { ended.removeAll { $0.end <= frame } }
}

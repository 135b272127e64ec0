/// Follows each tile through flat intervals: when a tile turns into a flat fill and later shows
/// detail again, that interval is a candidate for a flash or a blank.
///
/// Only tiles that changed are looked at, so a frame costs what changed in it. A tile flat since
/// the film's first frame has no "before" and gives no candidate; a fill that changes colour
/// starts a new interval.
///
///     var tracker = FlatTracker(tiles: n, options: o); tracker.update(frame: 7, changes: c)
struct FlatTracker: Sendable {
    /// A tile that was flat from frame `start` until frame `end` (the first frame with detail again).
    struct Interval: Sendable {
        var tile: Int
        var start: Int
        var end: Int
        var colour: SIMD3<Float>
    }

    private var start: [Int32]          // frame the current flat interval began; -1 none; -2 flat since frame 0
    private var colour: [SIMD3<Float>]
    private let flatVariance: Float
    private let colourTolerance: Float
    /// Intervals that ended, oldest first; the classifier takes them.
    var ended: [Interval] = []
    /// Tiles flat now.
    private(set) var flatCount = 0

    init(tiles: Int, options: ClassifierOptions) {
        start = [Int32](repeating: -1, count: tiles)
        colour = [SIMD3<Float>](repeating: .zero, count: tiles)
        flatVariance = Float(options.flatStd * options.flatStd)
        colourTolerance = Float(options.colourTolerance)
    }

    static func differ(_ a: SIMD3<Float>, _ b: SIMD3<Float>, by tolerance: Float) -> Bool {
        let d = a - b
        return max(abs(d.x), abs(d.y), abs(d.z)) > tolerance
    }

    mutating func update(frame: Int, changes: [TileChange], first: Bool) {
        for c in changes {
            let t = c.index
            let flat = c.variance <= flatVariance
            let was = start[t] != -1
            if flat {
                if !was {
                    start[t] = first ? -2 : Int32(frame)
                    colour[t] = c.mean
                    flatCount += 1
                } else if Self.differ(c.mean, colour[t], by: colourTolerance) {
                    // a different fill: the old interval did not end in detail; a new one begins
                    start[t] = Int32(frame)
                    colour[t] = c.mean
                }
            } else if was {
                if start[t] >= 0 { ended.append(Interval(tile: t, start: Int(start[t]), end: frame, colour: colour[t])) }
                start[t] = -1
                flatCount -= 1
            }
        }
    }
}

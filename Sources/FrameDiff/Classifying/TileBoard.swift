/// The current picture at tile resolution (each tile's mean colour, variance and flatness) and
/// each tile's flat fills as they come and go (`fills`), kept up to date from each frame's changed
/// tiles, fed once a frame: the per-tile state every detector and posture inference reads. (Each
/// window frame keeps the picture as it was, a `Thumbnail`; the busy detector keeps only its own
/// lineages, which are its decision.)
///
/// Each update also lists the frame's changed tiles with what they looked like before
/// (`deltas`), so a reader can tell a tile that went flat from one that changed colour.
///
///     var board = TileBoard(options: ClassifierOptions()); board.update(m)   // m: FrameMeasure
public struct TileBoard: Sendable {
    /// One changed tile of the last frame: what it is now, what it was, how far it moved.
    public struct Delta: Sendable {
        public var tile: Int
        /// 0-1 RMSE of the tile against the previous frame.
        public var rmse: Float
        /// Largest change of a channel's mean (levels).
        public var shift: Float
        public var mean: SIMD3<Float>
        public var variance: Float
        public var oldMean: SIMD3<Float>
        public var oldVariance: Float
    }

    /// A tile has detail (text, an image) above this variance: `detailStd` squared.
    public let detailVariance: Float

    /// A tile is a flat fill at or below this variance (levels squared): `flatStd` squared.
    public let flatVariance: Float
    private(set) var picture = Thumbnail(tiles: 0)
    /// Each tile's flat fills: the ones that came and went, for the blank and placeholder detectors.
    private(set) var fills: FillTracker
    private let options: ClassifierOptions
    private(set) var variance: [Float] = []
    private(set) var grid = TileGrid(storedWidth: 0, storedHeight: 0, tile: 16)
    /// The last frame's changed tiles (every unmasked tile on the first frame of a size).
    public private(set) var deltas: [Delta] = []
    /// The last frame began a new picture (the first frame, or a new frame size).
    public private(set) var fresh = true

    /// How many of the last frame's tiles changed by more than `noise` (0-1 tile RMSE: the film's
    /// noise floor times the classifier's noise factor; 0 in a film without noise, where every
    /// tile in `deltas` counts), or moved their mean colour by `shift` levels or more. Grain, or a
    /// GIF's dither drawn anew each frame, changes every tile by a level or two on every frame;
    /// those tiles are in `deltas` too, but their means barely move. A slow fade's frames are the
    /// opposite: small steps on every tile, which a film whose only broad changes are such fades
    /// learns as its noise floor, while each tile's mean moves visibly.
    func changes(above noise: Float, orShift shift: Float) -> Int {
        deltas.reduce(0) { $0 + ($1.rmse > noise || $1.shift >= shift ? 1 : 0) }
    }
    /// Unmasked tiles of the frame.
    public private(set) var tiles = 1
    /// Tiles with detail now, and flat fills now.
    private(set) var detailed = 0
    public private(set) var flat = 0
    /// Mean absolute shift of the last frame's changed tiles' colour (levels a channel).
    private(set) var lastShift: Float = 0

    public init(options: ClassifierOptions = ClassifierOptions()) {
        flatVariance = options.flatVariance
        detailVariance = options.detailVariance
        self.options = options
        fills = FillTracker(tiles: 0, options: options)
    }

    public mutating func update(_ m: FrameMeasure) {
        fresh = m.complete
        if m.complete {
            grid = m.grid
            picture = Thumbnail(tiles: m.grid.count)
            variance = [Float](repeating: 0, count: m.grid.count)
            fills = FillTracker(tiles: m.grid.count, options: options)
            tiles = max(1, m.changes.count)
            detailed = 0
            flat = 0
        }
        deltas.removeAll(keepingCapacity: true)
        var shiftSum: Float = 0
        for c in m.changes {
            let i = c.index
            let oldMean = picture.mean(i), oldVariance = variance[i]
            let d = c.mean - oldMean
            shiftSum += abs(d.x) + abs(d.y) + abs(d.z)
            deltas.append(Delta(tile: i, rmse: c.rmse, shift: maxAbs(d), mean: c.mean, variance: c.variance,
                                oldMean: oldMean, oldVariance: oldVariance))
            detailed += (c.variance > detailVariance ? 1 : 0) - (oldVariance > detailVariance ? 1 : 0)
            flat += (c.variance <= flatVariance ? 1 : 0) - (picture.isFlat(i) ? 1 : 0)
            variance[i] = c.variance
            picture.set(i, mean: c.mean, flat: c.variance <= flatVariance)
        }
        lastShift = m.changes.isEmpty ? 0 : shiftSum / Float(3 * m.changes.count)
    }

    /// Follows the last frame's tiles into and out of flat fills; `visible`, one flag a delta, tells
    /// a visible step (the change threshold, learned from this frame).
    mutating func followFills(frame: Int, ptsMs: Double, visible: [Bool]) {
        fills.update(frame: frame, ptsMs: ptsMs, deltas: deltas, visible: visible, fresh: fresh, detail: Float(detailed) / Float(max(tiles, 1)))
    }

    /// Forgets the fills that ended at or before `frame` (a window decided them).
    mutating func dropFills(through frame: Int, ms: Double) { fills.drop(through: frame, ms: ms) }

    /// An edge of the stored picture's tile grid.
    enum Edge { case left, right, top, bottom }

    /// How many whole columns (from the left or right edge) or rows (from the top or bottom) have
    /// every tile `alike`, at most `limit`: the bar along that edge. Tiles are asked line by line
    /// from the edge inwards, each line from its first row or column.
    func barLength(from edge: Edge, limit: Int, where alike: (Int) -> Bool) -> Int {
        var n = 0
        while n < limit && line(n, from: edge).allSatisfy(alike) { n += 1 }
        return n
    }

    /// The tiles of the `k`th line of tiles in from `edge` (a column from the left or right, a row
    /// from the top or bottom).
    func line(_ k: Int, from edge: Edge) -> [Int] {
        let cols = grid.columns, rows = grid.rows
        switch edge {
        case .left: return (0..<rows).map { $0 * cols + k }
        case .right: return (0..<rows).map { $0 * cols + cols - 1 - k }
        case .top: return (0..<cols).map { k * cols + $0 }
        case .bottom: return (0..<cols).map { (rows - 1 - k) * cols + $0 }
        }
    }
}
